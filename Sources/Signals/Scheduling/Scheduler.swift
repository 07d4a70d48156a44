// The one abstraction of time and place in the library. Schedulers are *sources*: operators
// never call them directly, they compose over `Signal.timer` and `Signal.interval`, which are
// the only signals that schedule work.

/// Where and when work runs: a clock (`now`) and a way to run an action now, after a delay,
/// or repeatedly. Every way of scheduling returns a ``Disposable`` that cancels the work.
///
/// The library's time sources, `Signal.timer(after:on:)` and `Signal.interval(_:on:)`,
/// are the only signals that talk to a scheduler; the time operators and
/// `observe(on:)` / `subscribe(on:)` are compositions over them, so a
/// test can run all of them on a virtual clock (`SignalsTesting.TestScheduler`).
///
/// The contract every scheduler keeps:
/// - **Cancellation.** After the returned disposable's `dispose()` returns, the action does
///   not *start* again (a run already under way on another thread may finish), and the
///   scheduler lets go of the action.
/// - **Order.** Work due at the same time runs in the order it was scheduled (first in,
///   first out), and no two actions of one serial scheduler run at once.
/// - **Delays.** A negative delay counts as zero. A repeating interval must be positive.
///
/// ```swift
/// let scheduler = QueueScheduler(name: "work")
/// let work = scheduler.schedule(after: .milliseconds(10)) { print("later") }
/// work.dispose() // cancelled: nothing is printed
/// ```
///
/// Implementations: ``ImmediateScheduler`` (runs everything at once, on the calling thread),
/// ``QueueScheduler`` (a serial Dispatch queue; ``QueueScheduler/main``),
/// ``MainActorScheduler`` (the main queue, for `@MainActor` subscribers) and
/// `SignalsTesting.TestScheduler` (virtual time).
///
/// - SeeAlso: RxSwift `SchedulerType`, ReactiveSwift `DateScheduler`, Combine `Scheduler`.
public protocol Scheduler: Sendable {
    /// The type of the scheduler's clock readings: `SuspendingClock.Instant` for the Dispatch
    /// schedulers, `TestScheduler.Instant` for virtual time.
    ///
    /// ```swift
    /// let elapsed = start.duration(to: scheduler.now)
    /// ```
    associatedtype Instant: InstantProtocol where Instant.Duration == Duration

    /// The scheduler's current time.
    ///
    /// ```swift
    /// let start = QueueScheduler.main.now
    /// ```
    var now: Instant { get }

    /// Runs `action` as soon as possible, after the work already scheduled for now.
    ///
    /// ```swift
    /// QueueScheduler.main.schedule { print("on the main queue") }
    /// ```
    @discardableResult
    func schedule(_ action: @escaping @Sendable () -> Void) -> any Disposable

    /// Runs `action` once `delay` has passed (at once for a delay of zero or less).
    ///
    /// ```swift
    /// scheduler.schedule(after: .seconds(1)) { print("a second later") }
    /// ```
    @discardableResult
    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable

    /// Runs `action` once `delay` has passed, then every `interval`, until the returned
    /// disposable is disposed. `interval` must be positive.
    ///
    /// ```swift
    /// let ticking = scheduler.schedule(after: .zero, repeating: .seconds(1)) { print("tick") }
    /// ticking.dispose()
    /// ```
    @discardableResult
    func schedule(
        after delay: Duration,
        repeating interval: Duration,
        _ action: @escaping @Sendable () -> Void
    ) -> any Disposable
}
