#if canImport(Dispatch)
// Main-actor delivery that Swift 6 checks: `signal.observe(on: .mainActor)` returns a
// `MainActorSignal`, whose `subscribe` takes `@MainActor` closures. The events travel on the
// main queue (`observe(on: QueueScheduler.main)`); the hop onto the main actor's isolation is
// made here, once, so that user code needs no `MainActor.assumeIsolated`.
//
// The scheduler (`MainActorScheduler`) lives in Scheduling/; a test injects
// `MainActorScheduler(assumingMainActor: testScheduler)` (SignalsTesting's
// `testScheduler.mainActor`) instead of `.mainActor`: the same type, the same `@MainActor`
// closures, but the events travel on the test's virtual time and arrive when a test running
// on the main actor advances it.

extension Signal {
    /// Delivers every event on the main queue, to closures that are `@MainActor`: the
    /// returned ``MainActorSignal``'s `subscribe` takes `@MainActor` closures, so view-model
    /// code mutates main-actor state with no `MainActor.assumeIsolated` and no casts.
    ///
    /// Completes, fails and disposes as this signal does; events arrive in order, each on a
    /// later turn of the main queue (never inline, even when sent on the main thread). With a
    /// scheduler made for a test (``MainActorScheduler/init(assumingMainActor:)``), each
    /// event arrives in that scheduler's work instead, on virtual time.
    ///
    /// Composed of: `observe(on: QueueScheduler.main)` (or on the test's scheduler); the
    /// subscriber's closures are entered on the main actor's isolation.
    ///
    /// ```swift
    /// @MainActor final class Counter {
    ///     var count = 0
    ///     let bag = DisposeBag()
    ///     init(taps: Signal<Void, Never>) {
    ///         taps.observe(on: .mainActor)
    ///             .subscribe(next: { [weak self] in self?.count += 1 })
    ///             .disposed(by: bag)
    ///     }
    /// }
    /// ```
    ///
    /// The result composes on the main actor with no second hop (`map`, `combineLatest`,
    /// `withLatestFrom`, `flatMapLatest`, …, each a ``MainActorSignal``); its
    /// ``MainActorSignal/signal`` is the same events as a plain ``Signal``.
    ///
    /// - SeeAlso: RxSwift `observe(on: MainScheduler.instance)` / RxCocoa `Driver`,
    ///   ReactiveSwift `observe(on: UIScheduler())`, Combine `receive(on: DispatchQueue.main)`.
    public func observe(on scheduler: MainActorScheduler) -> MainActorSignal<Value, Failure> {
        guard let driver = scheduler._driver else {
            return MainActorSignal(signal: observe(on: QueueScheduler.main), scheduler: scheduler)
        }
        return MainActorSignal(signal: observe(on: driver.scheduler), scheduler: scheduler)
    }
}

/// A signal whose events are delivered on the main queue, to `@MainActor` closures.
///
/// Made by ``Signal/observe(on:)-(MainActorScheduler)`` or, shared as RxCocoa's `Driver`, by
/// ``Signal/driver(on:)``. `subscribe` takes `@MainActor` closures, which Swift 6 lets touch
/// main-actor state. It composes as RxCocoa's `Driver` does — `map`, `filter`,
/// `combineLatest`, `withLatestFrom`, `flatMapLatest`, `debounce`, … each return a
/// `MainActorSignal` that stays on the main actor and is shared: its chain runs once however
/// many subscribe, and a subscriber that joins while it runs receives the latest value at once
/// (`MainActorSignal+Operators.swift`) — and binds with `assign(to:on:)` or
/// `subscribe(with:next:)`. ``signal`` is the same events as a plain ``Signal``.
///
/// ```swift
/// Signal.from([1, 2]).observe(on: .mainActor).subscribe(next: { @MainActor value in
///     print(value)
/// })
/// // Prints: 1, 2 (on the main thread)
/// ```
public struct MainActorSignal<Value, Failure: Error>: Sendable {
    /// The events, delivered on the main queue, as a plain signal.
    ///
    /// ```swift
    /// let onMain: Signal<Int, Never> = Signal.just(1).observe(on: .mainActor).signal
    /// ```
    public let signal: Signal<Value, Failure>

    /// The scheduler that delivers the events (the main queue, or a test's virtual time);
    /// the operators of `MainActorSignal+Operators.swift` run their timers and hops on it.
    @usableFromInline let _scheduler: MainActorScheduler

    /// Whether `signal` is already shared with a replay of the latest value (a driver, or an
    /// operator's result); `false` for `observe(on: .mainActor)`, whose `driver()` shares.
    @usableFromInline let _isShared: Bool

    @usableFromInline
    init(signal: Signal<Value, Failure>, scheduler: MainActorScheduler, isShared: Bool = false) {
        self.signal = signal
        _scheduler = scheduler
        _isShared = isShared
    }

    /// Subscribes with `@MainActor` closures, one per kind of event; missing closures ignore
    /// their events.
    ///
    /// ```swift
    /// results.observe(on: .mainActor).subscribe(
    ///     next: { @MainActor rows in print(rows) },
    ///     error: { @MainActor error in print(error) }
    /// )
    /// ```
    @discardableResult
    public func subscribe(
        next: (@MainActor (Value) -> Void)? = nil,
        error: (@MainActor (Failure) -> Void)? = nil,
        completed: (@MainActor () -> Void)? = nil
    ) -> any Disposable {
        signal.subscribe(Observer { event in
            // `observe(on: QueueScheduler.main)` delivers on the main queue, which is the
            // main actor's executor (a test's scheduler delivers inside its work, which the
            // test runs on the main actor): the isolation is checked here, once, for the user.
            let event = _MainQueueDelivery(event)
            MainActor.assumeIsolated {
                switch event.event {
                case .next(let value): next?(value)
                case .error(let failure): error?(failure)
                case .completed: completed?()
                }
            }
        })
    }
}

extension MainActorSignal where Failure == Never {
    /// Subscribes to a signal that cannot fail, with `@MainActor` closures.
    ///
    /// ```swift
    /// Signal.just(1).observe(on: .mainActor).subscribe(next: { @MainActor in print($0) })
    /// ```
    @discardableResult
    public func subscribe(
        next: (@MainActor (Value) -> Void)? = nil,
        completed: (@MainActor () -> Void)? = nil
    ) -> any Disposable {
        subscribe(next: next, error: nil, completed: completed)
    }
}

extension MainActorSignal where Failure == Never {
    /// Writes every value to `root[keyPath: keyPath]` on the main actor, and returns the
    /// subscription's disposable.
    ///
    /// `root` is held **weakly**: a view model that keeps the returned disposable in its own
    /// bag (`.disposed(by: bag)`) makes no retain cycle, and once `root` is gone the values
    /// that still arrive are dropped. The subscription ends when the disposable is disposed
    /// (the bag's deinit does it) or when the signal completes. Only for signals that cannot
    /// fail, as Combine's `assign(to:on:)`: handle errors first (`replaceError(with:)`,
    /// `catch`). `Root` is main-actor state: the writes happen on the main actor, one per
    /// value, in order, each on a later turn of the main queue (inline for a driver's value
    /// sent on the main actor, ``Signal/driver(on:)``). This is a `@MainActor` method: a key
    /// path to a `@MainActor` class's property can only be formed on the main actor, so bind
    /// a view from a main-actor context (a view controller's `bind()`, a `@MainActor`
    /// model's `init`); from a nonisolated context, use `subscribe(with:next:)` (callable
    /// anywhere) or, for a `Sendable` root and key path, the next overload.
    ///
    /// Composed of: ``subscribe(next:completed:)`` with `{ [weak root] in root?[keyPath: keyPath] = $0 }`.
    ///
    /// ```swift
    /// @MainActor final class Profile {
    ///     var name = ""
    ///     let bag = DisposeBag()
    ///     init(names: Signal<String, Never>) {
    ///         names.observe(on: .mainActor).assign(to: \.name, on: self).disposed(by: bag)
    ///     }
    /// }
    /// ```
    ///
    /// - SeeAlso: RxCocoa `bind(to:)` / `drive(_:)` with a `Binder` (weak too), ReactiveSwift
    ///   `<~` on a `BindingTarget` (weak: `reactive[keyPath]`), Combine `assign(to:on:)`
    ///   (which holds its object strongly).
    @MainActor
    public func assign<Root: AnyObject>(
        to keyPath: ReferenceWritableKeyPath<Root, Value>,
        on root: Root
    ) -> any Disposable {
        subscribe(next: { [weak root] value in root?[keyPath: keyPath] = value })
    }

    /// Writes every value to `root[keyPath: keyPath]` on the main actor, from any context:
    /// the form for a `Sendable` root, callable where ``subscribe(next:completed:)`` is —
    /// a feedback loop that subscribes from nonisolated code binds with it too.
    ///
    /// The rules are the main-actor form's: `root` is held weakly, the writes happen on the
    /// main actor in order, the subscription ends when the disposable is disposed or the
    /// signal completes. The key path must be `Sendable`, as a key path literal to a
    /// nonisolated property is; a key path to a `@MainActor` class's property can only be
    /// formed on the main actor, where the other overload applies.
    ///
    /// Composed of: ``subscribe(next:completed:)`` with `{ [weak root] in root?[keyPath: keyPath] = $0 }`.
    ///
    /// ```swift
    /// final class Store: @unchecked Sendable { var state = 0 }   // written on the main actor only
    ///
    /// func bindFeedback(_ states: Signal<Int, Never>, to store: Store) -> any Disposable {
    ///     states.observe(on: .mainActor).assign(to: \.state, on: store)   // nonisolated caller
    /// }
    /// ```
    public func assign<Root: AnyObject & Sendable>(
        to keyPath: ReferenceWritableKeyPath<Root, Value> & Sendable,
        on root: Root
    ) -> any Disposable {
        subscribe(next: { [weak root] value in root?[keyPath: keyPath] = value })
    }
}

/// An event handed from the delivering closure to the main actor's isolation.
///
/// `@unchecked Sendable`: it crosses no thread — it is created and read on the main queue,
/// within one delivery.
struct _MainQueueDelivery<Value, Failure: Error>: @unchecked Sendable {
    let event: Event<Value, Failure>
    init(_ event: Event<Value, Failure>) { self.event = event }
}
#endif
