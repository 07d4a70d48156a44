#if canImport(Dispatch)
// The main queue as a scheduler the compiler can tell apart: `signal.observe(on: .mainActor)`
// returns a `MainActorSignal` (Drivers/), whose `subscribe` takes `@MainActor` closures.
//
// A test injects `MainActorScheduler(assumingMainActor: testScheduler)` (SignalsTesting's
// `testScheduler.mainActor`) instead of `.mainActor`: the same type, the same `@MainActor`
// closures, but the events travel on the test's virtual time and arrive when a test running
// on the main actor advances it.

/// The main queue, as the scheduler to name when the subscriber is `@MainActor` code — or,
/// in a test, a virtual-time scheduler that the test advances from the main actor.
///
/// Its work runs on ``QueueScheduler/main``'s queue, in the same first-in-first-out order.
/// What it adds is a type the compiler can see: `signal.observe(on: .mainActor)` returns a
/// ``MainActorSignal``, whose `subscribe` takes `@MainActor` closures.
///
/// ```swift
/// Signal.just("hello").observe(on: .mainActor).subscribe(next: { @MainActor text in
///     print(text) // main-actor isolated
/// })
/// ```
///
/// **Testing main-actor code on virtual time.** Give the code under test a
/// `MainActorScheduler` instead of naming `.mainActor` inside it; the app passes
/// `.mainActor`, a test passes `MainActorScheduler(assumingMainActor: scheduler)` (in
/// SignalsTesting: `scheduler.mainActor`) and advances `scheduler` from a `@MainActor`
/// test, which runs the `@MainActor` closures synchronously, inside `advance`:
///
/// ```swift
/// @MainActor final class SearchModel {
///     private(set) var results: [String] = []
///     private let bag = DisposeBag()
///     init(query: Signal<String, Never>, scheduler: MainActorScheduler = .mainActor) {
///         query.debounce(.milliseconds(300), on: scheduler)
///             .observe(on: scheduler)
///             .subscribe(next: { [weak self] text in self?.results = [text] })
///             .disposed(by: bag)
///     }
/// }
///
/// @MainActor @Test func searchesOnceTheTypingPauses() {
///     let scheduler = TestScheduler()
///     let query = Subject<String, Never>()
///     let model = SearchModel(query: query.signal, scheduler: scheduler.mainActor)
///     query.send(value: "sig")
///     scheduler.advance(by: .milliseconds(300))
///     #expect(model.results == ["sig"])
/// }
/// ```
///
/// - SeeAlso: RxSwift `MainScheduler.instance`, ReactiveSwift `UIScheduler`, Combine
///   `DispatchQueue.main` / `RunLoop.main`.
public struct MainActorScheduler: Scheduler {
    /// The scheduler that runs the work, when it is not the main queue (tests).
    let _driver: _MainActorDriver?

    /// Creates the scheduler of the main queue; it has no state.
    ///
    /// ```swift
    /// let scheduler = MainActorScheduler()
    /// ```
    public init() {
        _driver = nil
    }

    /// A main-actor scheduler whose work `scheduler` runs, for tests: the `@MainActor`
    /// closures given to ``MainActorSignal/subscribe(next:error:completed:)`` run inside
    /// `scheduler`'s own work, so a test that drives `scheduler` (e.g. advances a
    /// `TestScheduler`) from the main actor sees them run synchronously.
    ///
    /// `scheduler` must run every action on the main actor: a `TestScheduler` advanced from
    /// a `@MainActor` test does; a delivery made elsewhere stops the process in
    /// `MainActor.assumeIsolated` ("Incorrect actor executor assumption"), so mark the test
    /// `@MainActor`. ``now`` follows `scheduler`'s clock, counted from this call.
    /// SignalsTesting spells it `testScheduler.mainActor`.
    ///
    /// ```swift
    /// let scheduler = TestScheduler()
    /// let model = SearchModel(query: query.signal, scheduler: MainActorScheduler(assumingMainActor: scheduler))
    /// scheduler.advance(by: .seconds(1)) // runs the model's @MainActor closures, here
    /// ```
    public init(assumingMainActor scheduler: some Scheduler) {
        _driver = _MainActorDriver(scheduler)
    }

    /// The time on the suspending clock, as ``QueueScheduler/now``; for a scheduler made
    /// with ``init(assumingMainActor:)``, the instant of its creation advanced by the time
    /// that has passed on the driving scheduler since.
    ///
    /// ```swift
    /// let start = MainActorScheduler().now
    /// ```
    public var now: SuspendingClock.Instant {
        guard let driver = _driver else { return .now }
        return driver.origin.advanced(by: driver.elapsed())
    }

    /// Queues `action` on the main queue (or on the driving scheduler).
    ///
    /// ```swift
    /// MainActorScheduler().schedule { print("on the main thread") }
    /// ```
    @discardableResult
    public func schedule(_ action: @escaping @Sendable () -> Void) -> any Disposable {
        guard let driver = _driver else { return QueueScheduler.main.schedule(action) }
        return driver.scheduler.schedule(action)
    }

    /// Runs `action` on the main queue (or on the driving scheduler) once `delay` has passed.
    ///
    /// ```swift
    /// MainActorScheduler().schedule(after: .seconds(1)) { print("a second later") }
    /// ```
    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        guard let driver = _driver else { return QueueScheduler.main.schedule(after: delay, action) }
        return driver.scheduler.schedule(after: delay, action)
    }

    /// Runs `action` on the main queue (or on the driving scheduler) once `delay` has passed,
    /// then every `interval`.
    ///
    /// ```swift
    /// let ticking = MainActorScheduler().schedule(after: .zero, repeating: .seconds(1)) { print("tick") }
    /// ```
    @discardableResult
    public func schedule(
        after delay: Duration,
        repeating interval: Duration,
        _ action: @escaping @Sendable () -> Void
    ) -> any Disposable {
        guard let driver = _driver else {
            return QueueScheduler.main.schedule(after: delay, repeating: interval, action)
        }
        return driver.scheduler.schedule(after: delay, repeating: interval, action)
    }
}

/// The scheduler behind a ``MainActorScheduler`` made for a test, and the clock reading that
/// maps its time onto the suspending clock's.
final class _MainActorDriver: Sendable {
    let scheduler: any Scheduler
    let origin: SuspendingClock.Instant
    /// The time passed on `scheduler` since the driver was made.
    let elapsed: @Sendable () -> Duration

    init<S: Scheduler>(_ scheduler: S) {
        self.scheduler = scheduler
        origin = .now
        let start = scheduler.now
        elapsed = { start.duration(to: scheduler.now) }
    }
}

extension MainActorScheduler {
    /// The main queue, for `@MainActor` subscribers: `observe(on: .mainActor)` returns a
    /// ``MainActorSignal``.
    ///
    /// It is deliberately not offered where any scheduler is accepted, so that
    /// `observe(on: .mainActor)` always means the main-actor form; elsewhere write
    /// `MainActorScheduler()` or ``QueueScheduler/main``.
    ///
    /// ```swift
    /// let updates = Signal.just(1).observe(on: .mainActor)
    /// ```
    public static var mainActor: MainActorScheduler { MainActorScheduler() }
}

extension Scheduler where Self == QueueScheduler {
    /// The scheduler of the main queue, ``QueueScheduler/main``.
    ///
    /// ```swift
    /// let onMain = Signal.just(1).observe(on: .main)
    /// ```
    public static var main: QueueScheduler { QueueScheduler.main }
}

#endif
