// Spellings that guide: RxSwift's and Combine's most common spellings, declared unavailable so
// that code typed from habit gets a compiler message naming the Signals spelling instead of a
// bare "cannot find" (or, for `bind(to:)`, a generic-inference error from the kernel's
// `bind`). Nothing here can be called: every declaration is `@available(*, unavailable)` and
// its body is never reached. The messages are the migration guides in one line each
// (ComingFromRxSwift.md, ComingFromCombine.md); `.ci/check-spellings.sh` compiles a probe of
// every spelling and checks that each message appears.
//
// Only members of Signals' own types are declared here, never a top-level type such as
// `Observable` or `Disposables`: a file that imports RxSwift and Signals side by side would
// find two of those and call every use ambiguous (ComingFromRxSwift.md, "Migrating file by
// file"). RxSwift's type names (`Observable`, `BehaviorRelay`, `Driver`, …) live in the opt-in
// module SignalsMigration, for a file that no longer imports RxSwift.

// MARK: - RxSwift

extension Signal {
    /// RxSwift's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells it subscribe(next:error:completed:); for onDisposed, add on(disposed:) before subscribing")
    @discardableResult
    public func subscribe(
        onNext: ((Value) -> Void)? = nil,
        onError: ((Failure) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> any Disposable { fatalError("unavailable") }

    /// RxSwift's spelling (`Single`); unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells it subscribe(next:error:), or `try await signal.firstValue()`")
    @discardableResult
    public func subscribe(
        onSuccess: ((Value) -> Void)?,
        onFailure: ((Failure) -> Void)? = nil
    ) -> any Disposable { fatalError("unavailable") }

    /// RxCocoa's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells bind(to:) assign(to:) (a MutableProperty), observe(on: .mainActor).assign(to:on:) (a key path), or subscribe(next:) that sends into a Subject")
    @discardableResult
    public func bind<Target>(to target: Target) -> any Disposable { fatalError("unavailable") }

    /// RxCocoa's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells drive: driver() (or driver(replacingErrorsWith:)), then subscribe(next:) or assign(to:on:)")
    @discardableResult
    public func drive(
        onNext: ((Value) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> any Disposable { fatalError("unavailable") }

    /// RxCocoa's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells asDriver(onErrorJustReturn:) driver(replacingErrorsWith:)")
    public func asDriver(onErrorJustReturn value: Value) -> MainActorSignal<Value, Never> { fatalError("unavailable") }

    /// RxCocoa's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells asSignal(onErrorJustReturn:) replaceError(with:).share().observe(on: .mainActor)")
    public func asSignal(onErrorJustReturn value: Value) -> MainActorSignal<Value, Never> { fatalError("unavailable") }

    /// RxSwift's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells do(onNext:…) on(next:error:completed:subscribed:disposed:); do(onSubscribed:) is on(started:)")
    public func `do`(
        onNext: ((Value) -> Void)? = nil,
        onError: ((Failure) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Signal { fatalError("unavailable") }

    /// RxSwift's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "a Signal is already the observable: drop asObservable() (on a subject, write .signal)")
    public func asObservable() -> Signal { fatalError("unavailable") }

    /// RxSwift's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells catchAndReturn(_:) replaceError(with:)")
    public func catchAndReturn(_ value: Value) -> Signal<Value, Never> { fatalError("unavailable") }

    /// RxSwift 5's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells catchErrorJustReturn(_:) replaceError(with:)")
    public func catchErrorJustReturn(_ value: Value) -> Signal<Value, Never> { fatalError("unavailable") }

    /// RxSwift 5's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells catchError(_:) catch(_:)")
    public func catchError<F: Error>(_ handler: @escaping (Failure) -> Signal<Value, F>) -> Signal<Value, F> { fatalError("unavailable") }

    /// RxSwift's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells ignoreElements() ignoreValues()")
    public func ignoreElements() -> Signal { fatalError("unavailable") }

    /// RxSwift's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells debug(_:) log(_:)")
    public func debug(_ identifier: String? = nil, trimOutput: Bool = false) -> Signal { fatalError("unavailable") }

    /// RxSwift's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells Observable.create Signal { observer in … return AnyDisposable { … } }")
    public static func create(_ subscribe: @escaping (Observer<Value, Failure>) -> any Disposable) -> Signal { fatalError("unavailable") }

    /// RxSwift's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells .empty() as a property: .empty")
    public static func empty(_ rxSwiftCall: Void = ()) -> Signal { fatalError("unavailable") }

    /// RxSwift's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells .never() as a property: .never")
    public static func never(_ rxSwiftCall: Void = ()) -> Signal { fatalError("unavailable") }

    /// RxSwift's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells Observable.of(…) Signal.from([…])")
    public static func of(_ values: Value...) -> Signal { fatalError("unavailable") }

    /// RxSwift 5's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells observeOn(_:) observe(on:)")
    public func observeOn<S>(_ scheduler: S) -> Signal { fatalError("unavailable") }

    /// RxSwift 5's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells subscribeOn(_:) subscribe(on:)")
    public func subscribeOn<S>(_ scheduler: S) -> Signal { fatalError("unavailable") }

    /// RxSwift 5's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells takeUntil(_:) take(until:)")
    public func takeUntil<T, F: Error>(_ trigger: Signal<T, F>) -> Signal { fatalError("unavailable") }

    /// RxSwift 5's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells takeWhile(_:) take(while:)")
    public func takeWhile(_ predicate: @escaping (Value) -> Bool) -> Signal { fatalError("unavailable") }

    /// RxSwift 5's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells skipWhile(_:) skip(while:)")
    public func skipWhile(_ predicate: @escaping (Value) -> Bool) -> Signal { fatalError("unavailable") }

    /// RxSwift's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells toArray() collect()")
    public func toArray() -> Signal<[Value], Failure> { fatalError("unavailable") }

    /// RxSwift 5's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells elementAt(_:) element(at:)")
    public func elementAt(_ index: Int) -> Signal { fatalError("unavailable") }

    /// RxSwift 5's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells retryWhen(_:) retry(when:)")
    public func retryWhen<T>(_ handler: @escaping (Signal<Failure, Never>) -> Signal<T, Failure>) -> Signal { fatalError("unavailable") }

    /// RxSwift's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells share(replay:scope:) share(replay:) (scope .whileConnected) or replayLazily(upTo:) (kept after everyone has left)")
    public func share<Scope>(replay count: Int = 0, scope: Scope) -> Signal { fatalError("unavailable") }

    /// RxSwift's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells debounce(_:scheduler:) debounce(_:on:)")
    public func debounce<S>(_ dueTime: Duration, scheduler: S) -> Signal { fatalError("unavailable") }

    /// RxSwift's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells throttle(_:latest:scheduler:) throttle(_:on:latest:)")
    public func throttle<S>(_ interval: Duration, latest: Bool = true, scheduler: S) -> Signal { fatalError("unavailable") }

    /// RxSwift's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells delay(_:scheduler:) delay(_:on:)")
    public func delay<S>(_ dueTime: Duration, scheduler: S) -> Signal { fatalError("unavailable") }

    /// RxSwift's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells Observable.interval(_:scheduler:) Signal.interval(_:on:)")
    public static func interval<S>(_ period: Duration, scheduler: S) -> Signal { fatalError("unavailable") }

    /// RxSwift's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells Observable.timer(_:scheduler:) Signal.timer(after:on:)")
    public static func timer<S>(_ dueTime: Duration, scheduler: S) -> Signal { fatalError("unavailable") }
}

extension Signal where Failure == Never {
    /// RxCocoa's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells asDriver() driver()")
    public func asDriver() -> MainActorSignal<Value, Never> { fatalError("unavailable") }
}

extension MainActorSignal {
    /// RxCocoa's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "a driver's drive(onNext:) is subscribe(next:); drive(_ target) is assign(to:on:)")
    @discardableResult
    public func drive(
        onNext: ((Value) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> any Disposable { fatalError("unavailable") }

    /// RxCocoa's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "a driver's drive(_:) is assign(to:on:) (a key path), or subscribe(next:)")
    @discardableResult
    public func drive<Target>(_ target: Target) -> any Disposable { fatalError("unavailable") }
}

extension Subject {
    /// RxSwift's spelling (`PublishRelay`); unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells accept(_:) send(value:)")
    public func accept(_ value: Value) { fatalError("unavailable") }

    /// RxSwift's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells onNext(_:) send(value:)")
    public func onNext(_ value: Value) { fatalError("unavailable") }

    /// RxSwift's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells onCompleted() sendCompleted()")
    public func onCompleted() { fatalError("unavailable") }

    /// RxSwift's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells onError(_:) send(error:)")
    public func onError(_ error: Failure) { fatalError("unavailable") }

    /// RxSwift's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "a subject's asObservable() is .signal")
    public func asObservable() -> Signal<Value, Failure> { fatalError("unavailable") }

    /// Combine's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells send(completion:) sendCompleted() or send(error:)")
    public func send(completion: _CombineCompletion<Failure>) { fatalError("unavailable") }

    /// Combine's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "a subject's eraseToAnyPublisher() is .signal")
    public func eraseToAnyPublisher() -> Signal<Value, Failure> { fatalError("unavailable") }
}

extension BehaviorSubject {
    /// RxSwift's spelling (`BehaviorRelay`); unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells accept(_:) send(value:) (or use a MutableProperty and set value)")
    public func accept(_ value: Value) { fatalError("unavailable") }

    /// RxSwift's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells onNext(_:) send(value:)")
    public func onNext(_ value: Value) { fatalError("unavailable") }

    /// RxSwift's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "a subject's asObservable() is .signal")
    public func asObservable() -> Signal<Value, Failure> { fatalError("unavailable") }
}

extension ReplaySubject {
    /// RxSwift's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "a subject's asObservable() is .signal")
    public func asObservable() -> Signal<Value, Failure> { fatalError("unavailable") }
}

// MARK: - RxSwift: state, observers, actions, drivers

extension MutableProperty {
    /// RxSwift's spelling (`BehaviorRelay`); unavailable: the message names the Signals one.
    @available(*, unavailable, message: "a MutableProperty's accept(_:) is `property.value = newValue` (or modify { … })")
    public func accept(_ value: Value) { fatalError("unavailable") }
}

extension PropertyProtocol {
    /// RxCocoa's spelling (`relay.asDriver()`); unavailable: the message names the Signals one.
    @available(*, unavailable, message: "a property's asDriver() is driver()")
    public func asDriver() -> MainActorSignal<Value, Never> { fatalError("unavailable") }
}

extension Observer {
    /// RxSwift's spelling (`observer.onNext` inside `Observable.create`); unavailable: the
    /// message names the Signals one.
    @available(*, unavailable, message: "an Observer's onNext(_:) is send(value:)")
    public func onNext(_ value: Value) { fatalError("unavailable") }

    /// RxSwift's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "an Observer's onCompleted() is sendCompleted()")
    public func onCompleted() { fatalError("unavailable") }

    /// RxSwift's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "an Observer's onError(_:) is send(error:)")
    public func onError(_ error: Failure) { fatalError("unavailable") }
}

extension Action {
    /// RxSwift community Action's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "an Action's execute(_:) is apply(_:) (cold: subscribe to run it); to feed taps, taps.subscribe(action.inputs)")
    public func execute(_ input: Input) -> Signal<Output, ActionError<Failure>> { fatalError("unavailable") }

    /// RxSwift community Action's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "an Action's elements is values (errors: errors; every execution: executions)")
    public var elements: Signal<Output, Never> { fatalError("unavailable") }

    /// RxSwift community Action's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "an Action's executing is isExecuting (a Property<Bool>: .value, .signal, .driver())")
    public var executing: Signal<Bool, Never> { fatalError("unavailable") }

    /// RxSwift community Action's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "an Action's enabled is isEnabled (a Property<Bool>: .value, .signal, .driver())")
    public var enabled: Signal<Bool, Never> { fatalError("unavailable") }
}

extension Signal {
    /// RxSwift's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells combineLatest(…, resultSelector:) combineLatest(…, combine:)")
    public static func combineLatest<each S>(
        _ signals: repeat Signal<each S, Failure>,
        resultSelector: @escaping (repeat each S) -> Value
    ) -> Signal { fatalError("unavailable") }

    /// RxSwift's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells zip(…, resultSelector:) zip(…).map { … }")
    public static func zip<each S>(
        _ signals: repeat Signal<each S, Failure>,
        resultSelector: @escaping (repeat each S) -> Value
    ) -> Signal { fatalError("unavailable") }
}

extension MainActorSignal {
    /// RxCocoa's spelling (`Driver.combineLatest`); unavailable: the message names the Signals one.
    @available(*, unavailable, message: "a driver's combineLatest(…, resultSelector:) is MainActorSignal.combineLatest(…, combine:)")
    public static func combineLatest<each S>(
        _ drivers: repeat MainActorSignal<each S, Failure>,
        resultSelector: @escaping (repeat each S) -> Value
    ) -> MainActorSignal { fatalError("unavailable") }

    /// RxCocoa's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "a driver's asObservable() is .signal")
    public func asObservable() -> Signal<Value, Failure> { fatalError("unavailable") }
}

// MARK: - Combine

extension Signal {
    /// Combine's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells sink(receiveCompletion:receiveValue:) subscribe(next:error:completed:), and keeps the subscription alive until it ends (dispose it, or put it in a DisposeBag)")
    @discardableResult
    public func sink(
        receiveCompletion: @escaping (_CombineCompletion<Failure>) -> Void,
        receiveValue: @escaping (Value) -> Void
    ) -> any Disposable { fatalError("unavailable") }

    /// Combine's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells sink(receiveValue:) subscribe(next:)")
    @discardableResult
    public func sink(receiveValue: @escaping (Value) -> Void) -> any Disposable { fatalError("unavailable") }

    /// Combine's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "a Signal is already type-erased: drop eraseToAnyPublisher()")
    public func eraseToAnyPublisher() -> Signal { fatalError("unavailable") }

    /// Combine's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells handleEvents(…) on(subscribed:next:error:completed:disposed:)")
    public func handleEvents(
        receiveSubscription: ((Any) -> Void)? = nil,
        receiveOutput: ((Value) -> Void)? = nil,
        receiveCompletion: ((_CombineCompletion<Failure>) -> Void)? = nil,
        receiveCancel: (() -> Void)? = nil,
        receiveRequest: ((Any) -> Void)? = nil
    ) -> Signal { fatalError("unavailable") }

    /// Combine's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells receive(on:) observe(on:) (observe(on: .mainActor) for @MainActor closures)")
    public func receive<S>(on scheduler: S) -> Signal { fatalError("unavailable") }

    /// Combine's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells assign(to:on:) on the main-actor signal: observe(on: .mainActor).assign(to:on:), or driver().assign(to:on:)")
    public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Value>, on root: Root) -> any Disposable { fatalError("unavailable") }

    /// Combine's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells prepend(_:) startWith(_:)")
    public func prepend(_ values: Value...) -> Signal { fatalError("unavailable") }

    /// Combine's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells append(_:) concat(_:), e.g. concat(.from([…]))")
    public func append(_ values: Value...) -> Signal { fatalError("unavailable") }

    /// Combine's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells dropFirst(_:) skip(_:)")
    public func dropFirst(_ count: Int = 1) -> Signal { fatalError("unavailable") }

    /// Combine's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells prefix(_:) take(_:)")
    public func prefix(_ count: Int) -> Signal { fatalError("unavailable") }

    /// Combine's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells merge(with:) merge(_:)")
    public func merge(with other: Signal) -> Signal { fatalError("unavailable") }

    /// Combine's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells debounce(for:scheduler:) debounce(_:on:)")
    public func debounce<S>(for dueTime: Duration, scheduler: S) -> Signal { fatalError("unavailable") }

    /// Combine's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells delay(for:scheduler:) delay(_:on:)")
    public func delay<S>(for interval: Duration, scheduler: S) -> Signal { fatalError("unavailable") }
}

extension Signal where Value: Equatable {
    /// Combine's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells removeDuplicates() distinctUntilChanged()")
    public func removeDuplicates() -> Signal { fatalError("unavailable") }
}

extension Signal {
    /// Combine's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells replaceNil(with:) map { $0 ?? value }")
    public func replaceNil<Wrapped>(with value: Wrapped) -> Signal<Wrapped, Failure> where Value == Wrapped? { fatalError("unavailable") }
}

extension Disposable {
    /// Combine's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells store(in:) disposed(by:) with a DisposeBag")
    public func store<Collection>(in collection: inout Collection) { fatalError("unavailable") }
}

/// The shape of Combine's `Subscribers.Completion`, so that a `sink(receiveCompletion:)` or
/// `send(completion:)` typed from habit reaches the message of its unavailable declaration;
/// unavailable itself.
@available(*, unavailable, message: "Signals has no completion value: subscribe(next:error:completed:) takes one closure per ending")
public enum _CombineCompletion<Failure: Error> {
    case finished
    case failure(Failure)
}

// MARK: - RxSwift: the first lines of a port
//
// The spellings a port from RxSwift writes first (RxExample's view models use each of them),
// declared here so that the line type-checks far enough to show the message: a member of one
// of Signals' own types. The type names that these lines begin with (`MainScheduler`,
// `Driver`, `Binder`, `Disposables`) are in SignalsMigration.

extension MutableProperty {
    /// RxSwift's spelling (`BehaviorRelay(value:)`); unavailable: the message names the
    /// Signals one.
    @available(*, unavailable, message: "Signals spells BehaviorRelay(value: v) MutableProperty(v)")
    public convenience init(value: Value) { fatalError("unavailable") }
}

extension Subject {
    /// RxSwift's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells on(.next(x)) send(.next(x)), or send(value:), send(error:), sendCompleted()")
    public func on(_ event: Event<Value, Failure>) { fatalError("unavailable") }

    /// RxSwift's spelling (a subject is an observable there); unavailable: the message names
    /// the Signals one.
    @available(*, unavailable, message: "a subject is not a signal here: write subject.signal.map { … } (subject.signal for every operator)")
    public func map<U>(_ transform: @escaping @Sendable (Value) -> U) -> Signal<U, Failure> { fatalError("unavailable") }
}

extension BehaviorSubject {
    /// RxSwift's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells on(.next(x)) send(.next(x)), or send(value:), send(error:), sendCompleted()")
    public func on(_ event: Event<Value, Failure>) { fatalError("unavailable") }

    /// RxSwift's spelling (a subject is an observable there); unavailable: the message names
    /// the Signals one.
    @available(*, unavailable, message: "a subject is not a signal here: write subject.signal.map { … } (subject.signal for every operator)")
    public func map<U>(_ transform: @escaping @Sendable (Value) -> U) -> Signal<U, Failure> { fatalError("unavailable") }
}

extension ReplaySubject {
    /// RxSwift's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "Signals spells on(.next(x)) send(.next(x)), or send(value:), send(error:), sendCompleted()")
    public func on(_ event: Event<Value, Failure>) { fatalError("unavailable") }

    /// RxSwift's spelling (a subject is an observable there); unavailable: the message names
    /// the Signals one.
    @available(*, unavailable, message: "a subject is not a signal here: write subject.signal.map { … } (subject.signal for every operator)")
    public func map<U>(_ transform: @escaping @Sendable (Value) -> U) -> Signal<U, Failure> { fatalError("unavailable") }
}

extension Observer {
    /// RxSwift's spelling; unavailable: the message names the Signals one.
    @available(*, unavailable, message: "an Observer's on(.next(x)) is send(.next(x)), or send(value:), send(error:), sendCompleted()")
    public func on(_ event: Event<Value, Failure>) { fatalError("unavailable") }
}

extension Signal {
    /// RxSwift's endless `retry()`; unavailable: the message names the Signals spelling.
    @available(*, unavailable, message: "Signals has no endless retry(): write retry(.max), or retry(_:delay:on:) / retry(when:) to wait between attempts")
    public func retry() -> Signal { fatalError("unavailable") }

    /// RxSwift's `merge()` on an observable of observables; unavailable: the message names
    /// the Signals spelling.
    @available(*, unavailable, message: "Signals spells merge() of a signal of signals flatten() (or Signal.merge(a, b) for a few signals)")
    public func merge<V, F: Error>() -> Signal<V, F> where Value == Signal<V, F> { fatalError("unavailable") }

    /// A transform that throws, given to `map` from habit; unavailable: the message names
    /// `tryMap`. Disfavoured, so that a transform that does not throw finds the real `map`.
    @available(*, unavailable, message: "a transform that throws is tryMap(_:) (its failure type is any Error)")
    @_disfavoredOverload
    public func map<U>(_ transform: @escaping @Sendable (Value) throws -> U) -> Signal<U, any Error> { fatalError("unavailable") }

    /// RxSwift's `Observable.using(_:observableFactory:)`; unavailable: the message names the
    /// Signals spelling.
    @available(*, unavailable, message: "Signals spells using(_:observableFactory:) using(_:release:_:): make the resource, release it, make the signal")
    public static func using<Resource>(
        _ resourceFactory: @escaping @Sendable () -> Resource,
        observableFactory: @escaping @Sendable (Resource) -> Signal
    ) -> Signal { fatalError("unavailable") }
}

extension MainActorSignal {
    /// RxSwift's `bind(to:)` on a driver; unavailable: the message names the Signals spelling.
    @available(*, unavailable, message: "a driver's bind(to:) is subscribe(_:) with an Observer (e.g. action.inputs), assign(to:on:) (a key path), or subscribe(with:next:)")
    public func bind<Target>(to target: Target) -> any Disposable { fatalError("unavailable") }

    /// `share(replay:)` on a driver, from habit; unavailable: a driver is shared already.
    @available(*, unavailable, message: "a driver is already shared, with a replay of its latest value: drop share(replay:)")
    public func share(replay count: Int = 0) -> MainActorSignal { fatalError("unavailable") }
}

