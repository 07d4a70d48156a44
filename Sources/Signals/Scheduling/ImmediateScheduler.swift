/// A scheduler that runs every action at once, on the calling thread, inside the call that
/// schedules it.
///
/// Delays are ignored (time collapses to now) and repeating work runs once, as Combine's
/// `ImmediateScheduler` does: it suits code that takes a scheduler but should run
/// synchronously, such as `subscribe(on: ImmediateScheduler())` or a default argument. The
/// disposable it returns is already disposed, since the work has already run.
///
/// ```swift
/// Signal<Int, Never>.timer(after: .seconds(5), on: ImmediateScheduler())
///     .subscribe(next: { print($0) })
/// // Prints: 0 (at once)
/// ```
///
/// - SeeAlso: RxSwift `CurrentThreadScheduler` (which trampolines instead), ReactiveSwift
///   `ImmediateScheduler`, Combine `ImmediateScheduler`.
public struct ImmediateScheduler: Scheduler {
    /// Creates the scheduler; it has no state.
    ///
    /// ```swift
    /// let scheduler = ImmediateScheduler()
    /// ```
    public init() {}

    /// The time on the suspending clock (uptime: it stops while the machine sleeps).
    ///
    /// ```swift
    /// let start = ImmediateScheduler().now
    /// ```
    public var now: SuspendingClock.Instant { .now }

    /// Runs `action` at once.
    ///
    /// ```swift
    /// ImmediateScheduler().schedule { print("now") } // Prints: now
    /// ```
    @discardableResult
    public func schedule(_ action: @escaping @Sendable () -> Void) -> any Disposable {
        action()
        return _DisposedDisposable.shared
    }

    /// Runs `action` at once: the delay is ignored.
    ///
    /// ```swift
    /// ImmediateScheduler().schedule(after: .seconds(9)) { print("now") } // Prints: now
    /// ```
    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        schedule(action)
    }

    /// Runs `action` once, at once: delay and interval are ignored, and it does not repeat.
    ///
    /// ```swift
    /// ImmediateScheduler().schedule(after: .zero, repeating: .seconds(1)) { print("once") }
    /// // Prints: once
    /// ```
    @discardableResult
    public func schedule(
        after delay: Duration,
        repeating interval: Duration,
        _ action: @escaping @Sendable () -> Void
    ) -> any Disposable {
        _precondition(interval > .zero, "Signals: ImmediateScheduler.schedule(after:repeating:_:) needs a positive interval, got \(interval); pass a Duration greater than .zero")
        return schedule(action)
    }
}

extension Scheduler where Self == ImmediateScheduler {
    /// The scheduler that runs every action at once, on the calling thread.
    ///
    /// ```swift
    /// signal.subscribe(on: .immediate)
    /// ```
    public static var immediate: ImmediateScheduler { ImmediateScheduler() }
}
