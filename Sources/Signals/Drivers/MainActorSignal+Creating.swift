#if canImport(Dispatch)
// Creating drivers, and creating a signal whose work is main-actor work.
//
//   MainActorSignal.just(v)   = Signal.just(v).driver(on: scheduler)
//   MainActorSignal.empty     = Signal.empty.driver()
//   MainActorSignal.never     = Signal.never.driver()
//
//   MainActorSignal(on: s) { observer in …; return { teardown } }
//                             = a signal whose body runs on the main actor — inline when
//                               subscribed there, else on the scheduler's next turn (never,
//                               if the subscription is disposed first) — and whose teardown
//                               runs on the main actor too, however the subscription ends and
//                               from whichever thread it is disposed; its events pass through
//                               the driver's hop (`_deliverOnMainActor`).
//
// The second is plumbing (it builds a raw signal and its disposable), which is why it lives
// here with the driver's hop and not among the operators.

extension MainActorSignal where Failure == Never {
    /// A driver that sends `value`, then completes — on the main actor: inline when
    /// subscribed there, on the scheduler's next turn otherwise (RxCocoa's `Driver.just`).
    ///
    /// Composed of: `Signal.just(value).driver(on: scheduler)`.
    ///
    /// ```swift
    /// MainActorSignal.just("ready").subscribe(next: { @MainActor in print($0) })
    /// // Prints: ready
    /// ```
    /// - SeeAlso: RxCocoa `Driver.just(_:)`, ``Signal/just(_:)-36jq9``.
    public static func just(_ value: Value, on scheduler: MainActorScheduler = .mainActor) -> MainActorSignal {
        Signal.just(value).driver(on: scheduler)
    }

    /// A driver that completes at once, without a value, on the main actor (RxCocoa's
    /// `Driver.empty()`).
    ///
    /// Composed of: `Signal.empty.driver()`.
    ///
    /// ```swift
    /// let noRows: MainActorSignal<[String], Never> = .empty
    /// noRows.subscribe(completed: { @MainActor in print("done") })
    /// // Prints: done
    /// ```
    /// - SeeAlso: RxCocoa `Driver.empty()`.
    public static var empty: MainActorSignal {
        Signal.empty.driver()
    }

    /// A driver that never sends anything (RxCocoa's `Driver.never()`): a placeholder for an
    /// input that a screen does not have.
    ///
    /// Composed of: `Signal.never.driver()`.
    ///
    /// ```swift
    /// let noRefresh: MainActorSignal<Void, Never> = .never
    /// let refreshes = noRefresh.merge(with: .just(()))   // just the one value
    /// ```
    /// - SeeAlso: RxCocoa `Driver.never()`.
    public static var never: MainActorSignal {
        Signal.never.driver()
    }
}

extension MainActorSignal {
    /// Creates a signal whose work is main-actor work — presenting an alert, starting an
    /// animation — with no `MainActor.assumeIsolated`: `subscribe` runs on the main actor for
    /// each subscription, and so does the teardown it returns.
    ///
    /// `subscribe` receives the subscription's observer and returns the teardown (or `nil`).
    /// It runs inline when the signal is subscribed on the main actor, else on the scheduler's
    /// next turn — not at all if the subscription has been disposed by then. The teardown runs
    /// once, on the main actor, however the subscription ends (a terminal event the body
    /// sends, or the disposable disposed on any thread: inline when disposed on the main
    /// actor, on the scheduler's next turn otherwise). Events sent to the observer reach the
    /// subscriber on the main actor (inline when sent there, a turn later from another
    /// thread). The initialiser itself is nonisolated: call it from any context, and compose
    /// the result as any driver (`flatMapLatest { … }`, `merge(with:)`, `.signal`). Each
    /// subscription runs `subscribe` again (as `Signal`'s initialiser does); `driver()`
    /// shares it.
    ///
    /// RxSwift writes this as `Observable.create { observer in …; return Disposables.create { … } }`
    /// around UIKit code, which Swift 6 only accepts with `MainActor.assumeIsolated`.
    ///
    /// ```swift
    /// func promptFor(_ message: String, actions: [String]) -> MainActorSignal<String, Never> {
    ///     MainActorSignal { observer in
    ///         let alert = Alert(message: message)      // a @MainActor class
    ///         for action in actions {
    ///             alert.addAction(action) { observer.send(value: action) }
    ///         }
    ///         alert.present()
    ///         return { alert.dismiss() }               // on the main actor too
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - scheduler: where the body and the teardown wait for the main actor when the
    ///     subscription starts or ends elsewhere (the main queue; `testScheduler.mainActor` in
    ///     a test).
    ///   - subscribe: the body, run on the main actor for each subscription; returns the
    ///     teardown, also run on the main actor.
    /// - SeeAlso: RxSwift `Observable.create` (whose body runs on the subscribing thread),
    ///   ReactiveSwift `SignalProducer { observer, lifetime in … }.start(on: UIScheduler())`.
    public init(
        on scheduler: MainActorScheduler = .mainActor,
        _ subscribe: @escaping @MainActor (Observer<Value, Failure>) -> (@MainActor () -> Void)?
    ) {
        let body = Signal<Value, Failure> { observer in
            let subscription = _MainActorSubscription(scheduler)
            let run: @Sendable () -> Void = {
                // On the main queue (the main actor's executor), or inside the test's
                // scheduler, which the test drives from the main actor.
                MainActor.assumeIsolated {
                    guard !subscription.isDisposed else { return }
                    subscription.start(subscribe(observer))
                }
            }
            if _MainQueueKey.isOnMainQueue {
                run()
            } else {
                subscription.pending(scheduler.schedule(run))
            }
            return subscription
        }
        self.init(signal: body._deliverOnMainActor(scheduler), scheduler: scheduler)
    }
}

/// The disposable of one subscription to a ``MainActorSignal`` made by
/// ``MainActorSignal/init(on:_:)``: it holds the body's teardown and runs it on the main actor,
/// once, whichever thread disposes it.
///
/// The state is under one lock; the teardown and the pending start are disposed or run
/// outside it.
final class _MainActorSubscription: Disposable {
    private struct State {
        var isDisposed = false
        /// The body's scheduled start, while it waits for the main actor.
        var pending: (any Disposable)?
        /// The body's teardown, once the body has run.
        var teardown: _MainActorTeardown?
    }

    private let state = _Locked(State())
    private let scheduler: MainActorScheduler

    init(_ scheduler: MainActorScheduler) {
        self.scheduler = scheduler
    }

    var isDisposed: Bool { state.withLock { $0.isDisposed } }

    /// Keeps the scheduled start, so that disposing cancels it.
    func pending(_ start: any Disposable) {
        let disposed = state.withLock { state -> Bool in
            if state.isDisposed { return true }
            state.pending = start
            return false
        }
        if disposed { start.dispose() }
    }

    /// Keeps the body's teardown; runs it at once (on the main actor, where this is called) if
    /// the subscription has been disposed meanwhile.
    @MainActor
    func start(_ teardown: (@MainActor () -> Void)?) {
        guard let teardown else { return }
        let tornDown = state.withLock { state -> Bool in
            if state.isDisposed { return true }
            state.teardown = _MainActorTeardown(teardown)
            state.pending = nil
            return false
        }
        if tornDown { teardown() }
    }

    func dispose() {
        let pending = state.withLock { state -> (any Disposable)?? in
            if state.isDisposed { return .none }
            state.isDisposed = true
            defer { state.pending = nil }
            return .some(state.pending)
        }
        guard let pending else { return } // disposed before
        pending?.dispose()
        let tearDown: @Sendable () -> Void = { [self] in
            let teardown = state.withLock { state -> _MainActorTeardown? in
                defer { state.teardown = nil }
                return state.teardown
            }
            guard let teardown else { return }
            MainActor.assumeIsolated { teardown.run() }
        }
        if _MainQueueKey.isOnMainQueue {
            tearDown()
        } else {
            scheduler.schedule(tearDown)
        }
    }
}

/// A main-actor teardown closure, held by a lock-guarded state that any thread may read; it
/// is only ever called on the main actor.
struct _MainActorTeardown: Sendable {
    let run: @MainActor () -> Void
    init(_ run: @escaping @MainActor () -> Void) { self.run = run }
}
#endif
