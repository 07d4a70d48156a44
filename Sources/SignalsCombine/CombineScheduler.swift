// CombineScheduler: a Combine scheduler as a Signals scheduler, so that code tested with a
// Combine test scheduler (or run on a `DispatchQueue`, a `RunLoop`) can drive the Signals time
// operators on it.
//
//   schedule(action)                         = base.schedule { action }, unless disposed first
//   schedule(after: d, action)               = base.schedule(after: base.now + d) { action }, unless disposed first
//   schedule(after: d, repeating: i, action) = base.schedule(after:interval:), cancelled on dispose
//   now                                      = the time since the adapter was made, read from base.now
//
// A Combine scheduler's one-shot `schedule` returns nothing to cancel, so each action goes
// through a slot (`_ScheduledAction`) that `dispose()` empties: the scheduler then runs an
// empty slot, and lets go of the action at once.

#if (canImport(Combine) && !SIGNALS_OPENCOMBINE) || canImport(OpenCombine)
// A scoped import: unqualified `Scheduler` below is Combine's, and Signals' is spelled
// `Signals.Scheduler` (both modules have a `Scheduler`).
#if canImport(Combine) && !SIGNALS_OPENCOMBINE
import Combine
import protocol Combine.Scheduler
#else
import OpenCombine
import protocol OpenCombine.Scheduler
#endif
import Signals

/// A Combine scheduler (a `DispatchQueue`, a `RunLoop`, `ImmediateScheduler`, a test
/// scheduler) as a Signals ``Signals/Scheduler``: the Signals time operators (`delay`,
/// `debounce`, `throttle`, `timeout`, `observe(on:)`, `Signal.timer`, …) run on it.
///
/// Code whose Combine half is tested with a Combine test scheduler can run its Signals half
/// on the same clock: advancing the test scheduler runs both.
///
/// The rules of a Signals scheduler hold: after `dispose()` returns, an action does not start
/// (a Combine one-shot schedule cannot be cancelled, so the adapter runs an emptied slot and
/// lets go of the action at once); work due at the same time runs in the order the base
/// scheduler runs it (first in, first out for the serial ones); a negative delay counts as
/// zero. ``now`` is the time since the adapter was made, read from the base scheduler's
/// clock (nanosecond resolution).
///
/// ```swift
/// let scheduler = CombineScheduler(DispatchQueue.main)
/// let search = Signal.just("swift").delay(.milliseconds(300), on: scheduler)
/// ```
///
/// - Important: The base scheduler is called from whatever thread a Signals operator runs
///   on, as Combine's own `receive(on:)` calls it: use a scheduler that allows that
///   (`DispatchQueue`, `OperationQueue`, a test scheduler), or call it from one thread only.
/// - SeeAlso: combine-schedulers' `AnyScheduler`, RxSwift's `SchedulerType`.
public struct CombineScheduler<Base: Scheduler>: Signals.Scheduler {
    /// A reading of the adapter's clock: the time since the adapter was made.
    ///
    /// ```swift
    /// let start = scheduler.now
    /// let elapsed = start.duration(to: scheduler.now)
    /// ```
    public struct Instant: InstantProtocol {
        /// The time since the adapter was made.
        ///
        /// ```swift
        /// print(scheduler.now.sinceStart) // Prints: 0.0 seconds
        /// ```
        public var sinceStart: Duration

        /// An instant `sinceStart` after the adapter was made.
        ///
        /// ```swift
        /// let later = CombineScheduler<DispatchQueue>.Instant(sinceStart: .seconds(2))
        /// ```
        public init(sinceStart: Duration) {
            self.sinceStart = sinceStart
        }

        /// This instant moved by `duration`.
        ///
        /// ```swift
        /// let deadline = scheduler.now.advanced(by: .seconds(1))
        /// ```
        public func advanced(by duration: Duration) -> Instant {
            Instant(sinceStart: sinceStart + duration)
        }

        /// The time from this instant to `other`.
        ///
        /// ```swift
        /// let elapsed = start.duration(to: scheduler.now)
        /// ```
        public func duration(to other: Instant) -> Duration {
            other.sinceStart - sinceStart
        }

        /// Whether `lhs` comes before `rhs`.
        ///
        /// ```swift
        /// let isLater = start < scheduler.now
        /// ```
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.sinceStart < rhs.sinceStart
        }
    }

    @usableFromInline let _base: _CombineValue<Base>
    @usableFromInline let _origin: _CombineValue<Base.SchedulerTimeType>

    /// The Combine scheduler as a Signals scheduler; its clock starts now.
    ///
    /// ```swift
    /// let scheduler = CombineScheduler(DispatchQueue.main)
    /// ```
    public init(_ base: Base) {
        _base = _CombineValue(base)
        _origin = _CombineValue(base.now)
    }

    /// The Combine scheduler this adapter schedules on.
    ///
    /// ```swift
    /// let queue = CombineScheduler(DispatchQueue.main).base
    /// ```
    public var base: Base { _base.wrapped }

    /// The base scheduler's time, as the time since the adapter was made.
    ///
    /// ```swift
    /// let start = scheduler.now
    /// ```
    public var now: Instant {
        Instant(sinceStart: Self.duration(of: _origin.wrapped.distance(to: base.now)))
    }

    /// Runs `action` on the base scheduler as soon as it can (`schedule(options: nil)`),
    /// unless the returned disposable is disposed first.
    ///
    /// ```swift
    /// scheduler.schedule { print("on the base scheduler") }
    /// ```
    @discardableResult
    public func schedule(_ action: @escaping @Sendable () -> Void) -> any Disposable {
        let slot = _ScheduledAction(action)
        base.schedule(options: nil) { slot.run(once: true) }
        return slot
    }

    /// Runs `action` on the base scheduler once `delay` has passed on its clock, unless the
    /// returned disposable is disposed first.
    ///
    /// ```swift
    /// scheduler.schedule(after: .seconds(1)) { print("a second later") }
    /// ```
    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        let slot = _ScheduledAction(action)
        let base = base
        base.schedule(after: base.now.advanced(by: Self.stride(of: delay)), tolerance: base.minimumTolerance, options: nil) {
            slot.run(once: true)
        }
        return slot
    }

    /// Runs `action` on the base scheduler once `delay` has passed, then every `interval`,
    /// until the returned disposable is disposed (which cancels the base's repeating work).
    ///
    /// ```swift
    /// let ticking = scheduler.schedule(after: .zero, repeating: .seconds(1)) { print("tick") }
    /// ticking.dispose()
    /// ```
    ///
    /// - Precondition: `interval > .zero`.
    @discardableResult
    public func schedule(
        after delay: Duration,
        repeating interval: Duration,
        _ action: @escaping @Sendable () -> Void
    ) -> any Disposable {
        _precondition(interval > .zero, "Signals: a repeating interval must be positive, got \(interval)")
        let slot = _ScheduledAction(action)
        let base = base
        let cancellable = base.schedule(
            after: base.now.advanced(by: Self.stride(of: delay)),
            interval: Self.stride(of: interval),
            tolerance: base.minimumTolerance,
            options: nil
        ) { slot.run(once: false) }
        slot.cancelsWithIt(cancellable)
        return slot
    }

    // MARK: Time conversion

    /// `duration` as the base scheduler's stride (negative: zero; nanoseconds, up to
    /// `Int.max` of them, about 292 years).
    @usableFromInline
    static func stride(of duration: Duration) -> Base.SchedulerTimeType.Stride {
        if duration <= .zero { return .nanoseconds(0) }
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return .nanoseconds(.max) }
        let (nanoseconds, overflow2) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        return .nanoseconds(overflow2 ? .max : Int(nanoseconds))
    }

    /// The base scheduler's stride as a duration, to the nanosecond. A stride can be built
    /// from nanoseconds but not read back as a number, so this searches: the largest `n`
    /// with `.nanoseconds(n) <= stride` (about 2 × log2(n) comparisons).
    @usableFromInline
    static func duration(of stride: Base.SchedulerTimeType.Stride) -> Duration {
        typealias Stride = Base.SchedulerTimeType.Stride
        let zero = Stride.nanoseconds(0)
        if stride == zero { return .zero }
        let isNegative = stride < zero
        let magnitude = isNegative ? zero - stride : stride
        // Grow an upper bound, then halve the interval [low, high) that holds the answer.
        var low = 0
        var high = 1
        while Stride.nanoseconds(high) <= magnitude {
            low = high
            if high > Int.max / 2 { high = .max; break }
            high *= 2
        }
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if Stride.nanoseconds(middle) <= magnitude { low = middle } else { high = middle }
        }
        let duration = Duration.nanoseconds(low)
        return isNegative ? .zero - duration : duration
    }
}

/// One scheduled action, which `dispose()` empties: the base scheduler runs the slot, and an
/// empty slot does nothing. A repeating schedule's cancellable is cancelled with it.
///
/// `@unchecked Sendable`: the action and the cancellable are under the lock; the action is
/// called outside it.
@usableFromInline
final class _ScheduledAction: Disposable, @unchecked Sendable {
    @usableFromInline
    struct State {
        @usableFromInline var action: (@Sendable () -> Void)?
        @usableFromInline var cancellable: (any Cancellable)?
        @usableFromInline var isDisposed = false
    }

    @usableFromInline let state: _BridgeLocked<State>

    @usableFromInline
    init(_ action: @escaping @Sendable () -> Void) {
        state = .make(State(action: action))
    }

    /// Runs the action unless disposed; a one-shot slot lets go of it as it runs.
    @usableFromInline
    func run(once: Bool) {
        let action = state.withLock { state in once ? state.action.take() : state.action }
        action?()
    }

    /// Keeps the base's cancellable of a repeating schedule, cancelled on `dispose()` (at
    /// once if already disposed).
    @usableFromInline
    func cancelsWithIt(_ cancellable: any Cancellable) {
        let cancelsNow = state.withLock { state in
            if state.isDisposed { return true }
            state.cancellable = cancellable
            return false
        }
        if cancelsNow { cancellable.cancel() }
    }

    @usableFromInline
    func dispose() {
        let (action, cancellable) = state.withLock { state in
            state.isDisposed = true
            return (state.action.take(), state.cancellable.take())
        }
        cancellable?.cancel()
        withExtendedLifetime(action) {}
    }

    @usableFromInline
    var isDisposed: Bool {
        state.withLock { $0.isDisposed }
    }
}
#endif
