// RxSwift's type names, each unavailable with a message naming the Signals type: add the
// SignalsMigration product and `import SignalsMigration` in a file that you port from RxSwift
// (and that no longer imports RxSwift), and the compiler answers `Observable<Int>` or
// `BehaviorRelay` with the Signals spelling instead of a bare "cannot find in scope".
// Nothing here can be used: every declaration is `@available(*, unavailable)`.
//
// The Signals module itself declares none of these names, so that a file importing RxSwift
// and Signals side by side stays unambiguous. `DisposeBag` is not here: Signals has its own
// (`DisposeBag()` and `.disposed(by: bag)` are spelled as in RxSwift), so declaring it would
// make every use ambiguous. `.ci/check-spellings.sh` checks every message.

import Signals

/// RxSwift's `Observable`; unavailable: the message names the Signals type.
///
/// ```swift
/// let numbers: Signal<Int, Never> = .from([1, 2, 3])   // was Observable<Int>.from([1, 2, 3])
/// ```
@available(*, unavailable, message: "Signals spells Observable<Element> Signal<Element, any Error> (Signal<Element, Never> when it cannot fail; .from, .just, .deferred create one)")
public typealias Observable<Element> = Signal<Element, any Error>

/// RxSwift's `BehaviorRelay`; unavailable: the message names the Signals type.
///
/// ```swift
/// let name = MutableProperty("")   // was BehaviorRelay(value: "")
/// name.value = "Ada"               // was name.accept("Ada")
/// ```
@available(*, unavailable, message: "Signals spells BehaviorRelay<Element> MutableProperty<Element> (init(_:), value = …, .signal, .driver())")
public typealias BehaviorRelay<Element> = MutableProperty<Element>

/// RxSwift's `PublishRelay`; unavailable: the message names the Signals type.
///
/// ```swift
/// let taps = Subject<Void, Never>()   // was PublishRelay<Void>()
/// taps.send(value: ())                // was taps.accept(())
/// ```
@available(*, unavailable, message: "Signals spells PublishRelay<Element> Subject<Element, Never> (send(value:), .signal)")
public typealias PublishRelay<Element> = Subject<Element, Never>

/// RxSwift's `PublishSubject`; unavailable: the message names the Signals type.
///
/// ```swift
/// let events = Subject<Int, any Error>()   // was PublishSubject<Int>()
/// ```
@available(*, unavailable, message: "Signals spells PublishSubject<Element> Subject<Element, any Error> (send(value:), send(error:), sendCompleted())")
public typealias PublishSubject<Element> = Subject<Element, any Error>

/// RxCocoa's `Driver`; unavailable: the message names the Signals type.
///
/// ```swift
/// let title: MainActorSignal<String, Never> = names.driver()   // was Driver<String>
/// ```
///
/// A type of its own rather than a name for `MainActorSignal`, so that RxCocoa's statics
/// (`Driver.just(1)`, `Driver.never()`, `Driver.empty()`) answer with their Signals spelling.
@available(*, unavailable, message: "Signals spells Driver<Element> MainActorSignal<Element, Never> (made by signal.driver() or driver(replacingErrorsWith:))")
public enum Driver<Element> {
    /// RxCocoa's `Driver.just(_:)`; unavailable: the message names the Signals spelling.
    @available(*, unavailable, message: "Signals spells Driver.just(v) MainActorSignal.just(v), or Signal.just(v).driver()")
    public static func just(_ element: Element) -> MainActorSignal<Element, Never> { fatalError("unavailable") }

    /// RxCocoa's `Driver.never()`; unavailable: the message names the Signals spelling.
    @available(*, unavailable, message: "Signals spells Driver.never() MainActorSignal.never (a property), or Signal.never.driver()")
    public static func never() -> MainActorSignal<Element, Never> { fatalError("unavailable") }

    /// RxCocoa's `Driver.empty()`; unavailable: the message names the Signals spelling.
    @available(*, unavailable, message: "Signals spells Driver.empty() MainActorSignal.empty (a property), or Signal.empty.driver()")
    public static func empty() -> MainActorSignal<Element, Never> { fatalError("unavailable") }
}

/// RxSwift's `MainScheduler`; unavailable: the message names the Signals type.
///
/// ```swift
/// let onMain = Signal.just(1).observe(on: .mainActor)   // was observe(on: MainScheduler.instance)
/// ```
///
/// A type of its own rather than a name for `MainActorScheduler`, so that
/// `MainScheduler.instance` answers with its Signals spelling.
@available(*, unavailable, message: "Signals spells MainScheduler MainActorScheduler (.mainActor; in a test, testScheduler.mainActor)")
public enum MainScheduler {
    /// RxSwift's `MainScheduler.instance`; unavailable: the message names the Signals spelling.
    @available(*, unavailable, message: "Signals spells MainScheduler.instance .mainActor (MainActorScheduler.mainActor), e.g. observe(on: .mainActor)")
    public static var instance: MainActorScheduler { fatalError("unavailable") }

    /// RxSwift's `MainScheduler.asyncInstance`; unavailable: the message names the Signals
    /// spelling.
    @available(*, unavailable, message: "Signals spells MainScheduler.asyncInstance .mainActor: it always delivers on a later turn of the main queue unless already on it")
    public static var asyncInstance: MainActorScheduler { fatalError("unavailable") }
}

/// RxCocoa's `Binder`; unavailable: the message names the Signals spelling.
///
/// ```swift
/// driver.assign(to: \.text, on: label)                          // was driver.drive(label.rx.text)
/// driver.subscribe(with: self, next: { owner, value in … })    // was a Binder(self) { … }
/// ```
@available(*, unavailable, message: "Signals has no Binder: bind a driver with assign(to:on:) (a key path) or subscribe(with:next:) (the owner held weakly)")
public struct Binder<Value> {
    /// RxCocoa's `Binder(target) { target, value in … }`; unavailable: the message names the
    /// Signals spelling.
    @available(*, unavailable, message: "Signals spells Binder(target) { target, value in … } driver.subscribe(with: target, next: { target, value in … }) where the binder is used")
    public init<Target: AnyObject>(
        _ target: Target,
        scheduler: MainActorScheduler = .mainActor,
        binding: @escaping (Target, Value) -> Void
    ) { fatalError("unavailable") }
}

/// RxSwift's `Disposables`; unavailable: the message names the Signals type.
///
/// ```swift
/// return AnyDisposable { task.cancel() }   // was Disposables.create { task.cancel() }
/// ```
@available(*, unavailable, message: "Signals spells Disposables AnyDisposable (AnyDisposable { … }, AnyDisposable()) and CompoundDisposable([a, b])")
public enum Disposables {
    /// RxSwift's `Disposables.create()`; unavailable: the message names the Signals spelling.
    @available(*, unavailable, message: "Signals spells Disposables.create() AnyDisposable()")
    public static func create() -> any Disposable { fatalError("unavailable") }

    /// RxSwift's `Disposables.create { … }`; unavailable: the message names the Signals
    /// spelling.
    @available(*, unavailable, message: "Signals spells Disposables.create { … } AnyDisposable { … }")
    public static func create(with dispose: @escaping @Sendable () -> Void) -> any Disposable { fatalError("unavailable") }

    /// RxSwift's `Disposables.create(a, b)`; unavailable: the message names the Signals
    /// spelling.
    @available(*, unavailable, message: "Signals spells Disposables.create(a, b) CompoundDisposable([a, b])")
    public static func create(_ first: any Disposable, _ rest: any Disposable...) -> any Disposable { fatalError("unavailable") }
}

/// RxSwift's `Single`; unavailable: the message names the Signals type.
///
/// ```swift
/// let user: Signal<String, any Error> = api.user()   // was Single<String>
/// let name = try await user.firstValue()
/// ```
@available(*, unavailable, message: "Signals spells Single<Element> Signal<Element, any Error> that sends one value (subscribe(next:error:), or try await firstValue())")
public typealias Single<Element> = Signal<Element, any Error>

/// RxSwift's `Completable`; unavailable: the message names the Signals type.
///
/// ```swift
/// let saved: Signal<Never, any Error> = store.save()   // was Completable
/// ```
@available(*, unavailable, message: "Signals spells Completable Signal<Never, any Error> (subscribe(error:completed:))")
public typealias Completable = Signal<Never, any Error>
