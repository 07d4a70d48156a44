#if canImport(Dispatch)
import Dispatch

/// A scheduler that runs its work on a serial Dispatch queue, first in, first out.
///
/// Actions scheduled for now run in the order they were scheduled; delayed and repeating
/// actions run on the same queue, so no two actions of one scheduler ever run at once — a
/// timer's action never races with the values it delivers. ``QueueScheduler/main`` runs
/// on the main queue.
///
/// ```swift
/// let background = QueueScheduler(name: "com.example.search", qos: .userInitiated)
/// background.schedule { print("1") }
/// background.schedule { print("2") }
/// // Prints: 1, 2 (on the queue, in that order)
/// ```
///
/// Scheduling on `main` from the main thread does not run the action inline: it queues it,
/// behind the work already queued, so that order is always kept (ReactiveSwift's
/// `UIScheduler` runs inline instead).
///
/// - SeeAlso: RxSwift `SerialDispatchQueueScheduler` / `MainScheduler`, ReactiveSwift
///   `QueueScheduler`, Combine `DispatchQueue` as a scheduler.
public final class QueueScheduler: Scheduler {
    /// The scheduler of the main queue.
    ///
    /// For closures that must be `@MainActor` (view-model state), use
    /// ``Signal/observe(on:)-(MainActorScheduler)`` with ``MainActorScheduler/mainActor``,
    /// which delivers on this same queue.
    ///
    /// ```swift
    /// QueueScheduler.main.schedule { print("on the main thread") }
    /// ```
    public static let main = QueueScheduler(queue: .main)

    /// The serial queue that runs the work.
    ///
    /// ```swift
    /// dispatchPrecondition(condition: .onQueue(scheduler.queue))
    /// ```
    public let queue: DispatchQueue

    /// Creates a scheduler on a new serial queue named `name`. With `target`, the new queue
    /// runs its work on `target` — still serially, even if `target` is concurrent. A
    /// ``SignalTrace`` names what it records on this queue by `name`.
    ///
    /// ```swift
    /// let scheduler = QueueScheduler(name: "com.example.parser", qos: .utility)
    /// ```
    public init(
        name: String = "Signals.QueueScheduler",
        qos: DispatchQoS = .default,
        targeting target: DispatchQueue? = nil
    ) {
        queue = DispatchQueue(label: name, qos: qos, target: target)
        // So that trace(_:in:) names this queue on its timelines.
        queue.setSpecific(key: _traceQueueName, value: name)
    }

    private init(queue: DispatchQueue) {
        self.queue = queue
    }

    /// The time on the suspending clock, the clock of Dispatch's deadlines (uptime: it stops
    /// while the machine sleeps).
    ///
    /// ```swift
    /// let start = scheduler.now
    /// ```
    public var now: SuspendingClock.Instant { .now }

    /// Queues `action` behind the work already queued.
    ///
    /// ```swift
    /// scheduler.schedule { print("soon, on the queue") }
    /// ```
    @discardableResult
    public func schedule(_ action: @escaping @Sendable () -> Void) -> any Disposable {
        let work = _ScheduledAction(action)
        queue.async { work.runOnce() }
        return work
    }

    /// Runs `action` on the queue once `delay` has passed; a delay of zero or less queues it
    /// as ``schedule(_:)`` does, keeping first-in-first-out order.
    ///
    /// Disposing cancels the work at once: the action and everything it captures are
    /// released by `dispose()`, and the timer soon after (a Dispatch timer source per
    /// action, cancelled on dispose). `DispatchQueue.asyncAfter`, which cannot be cancelled,
    /// would keep them until the due time: a disposed one-hour `timeout` held its action for
    /// an hour.
    ///
    /// ```swift
    /// let later = scheduler.schedule(after: .milliseconds(300)) { print("later") }
    /// later.dispose() // nothing is printed; the closure is released now
    /// ```
    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        guard delay > .zero else { return schedule(action) }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let work = _ScheduledAction(action, timer: timer)
        timer.schedule(deadline: .now() + _dispatchInterval(delay))
        timer.setEventHandler { work.runOnceAndCancelTimer() }
        timer.resume()
        return work
    }

    /// Runs `action` on the queue once `delay` has passed, then every `interval`, until the
    /// returned disposable is disposed (a Dispatch timer source, cancelled on dispose).
    ///
    /// ```swift
    /// let ticking = scheduler.schedule(after: .seconds(1), repeating: .seconds(1)) { print("tick") }
    /// ```
    @discardableResult
    public func schedule(
        after delay: Duration,
        repeating interval: Duration,
        _ action: @escaping @Sendable () -> Void
    ) -> any Disposable {
        _precondition(interval > .zero, "Signals: QueueScheduler.schedule(after:repeating:_:) needs a positive interval, got \(interval); pass a Duration greater than .zero")
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let work = _ScheduledAction(action, timer: timer)
        timer.schedule(deadline: .now() + _dispatchInterval(max(delay, .zero)), repeating: _dispatchInterval(interval))
        timer.setEventHandler { work.runRepeating() }
        timer.resume()
        return work
    }
}

/// One piece of scheduled work: the action until it has run (once) or is disposed, and the
/// timer source of delayed and repeating work (the source's handler holds this object; the
/// source lets go of its handler once cancelled, on run or dispose, so no cycle outlives
/// them).
///
/// `@unchecked Sendable` is not needed: all state is in `_Locked`. The action is taken out
/// under the lock and run outside it, so disposing never waits for user code, and once
/// `dispose()` has returned no run starts.
final class _ScheduledAction: Disposable {
    private struct State {
        var action: (@Sendable () -> Void)?
        var timer: (any DispatchSourceTimer)?
    }
    private let _state: _Locked<State>

    init(_ action: @escaping @Sendable () -> Void, timer: (any DispatchSourceTimer)? = nil) {
        _state = _Locked(State(action: action, timer: timer))
    }

    func runOnce() {
        let action = _state.withLock { $0.action.take() }
        action?()
    }

    /// A one-shot timer's run: the action, once; the timer is cancelled, which releases its
    /// handler (and so this object).
    func runOnceAndCancelTimer() {
        let (action, timer) = _state.withLock { state in
            defer { state = State() }
            return (state.action, state.timer)
        }
        timer?.cancel()
        action?()
    }

    func runRepeating() {
        let action = _state.withLock { $0.action }
        action?()
    }

    func dispose() {
        let (action, timer) = _state.withLock { state in
            defer { state = State() }
            return (state.action, state.timer)
        }
        timer?.cancel()
        _ = action // released here, outside the lock
    }

    var isDisposed: Bool { _state.withLock { $0.action == nil } }
}

/// `duration` as a Dispatch interval, in nanoseconds (saturating).
func _dispatchInterval(_ duration: Duration) -> DispatchTimeInterval {
    let (seconds, attoseconds) = duration.components
    let limit = Int64(Int.max / 1_000_000_000) - 1
    if seconds >= limit { return .seconds(Int(min(seconds, Int64(Int.max)))) }
    return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
}
#endif
