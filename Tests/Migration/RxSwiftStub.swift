// A stand-in for RxSwift, for .ci/check-spellings.sh: a module named RxSwift that declares the
// seven public names Signals shares with it (Signal, DisposeBag, Disposable, Event,
// BehaviorSubject, ReplaySubject, SerialDisposable), in RxSwift's shapes, plus the
// `Observable` a file under migration still uses. It proves that RxSwiftClient.swift, which
// imports both libraries, compiles. Not part of any target.

public enum Event<Element> {
    case next(Element), error(any Error), completed
}

public protocol Disposable { func dispose() }

public final class DisposeBag {
    public init() {}
    public func insert(_ disposable: any Disposable) {}
}

extension Disposable {
    public func disposed(by bag: DisposeBag) { bag.insert(self) }
}

public final class SerialDisposable: Disposable {
    public init() {}
    public var disposable: any Disposable = NopDisposable()
    public func dispose() {}
}

public struct NopDisposable: Disposable {
    public init() {}
    public func dispose() {}
}

public class Observable<Element> {
    public init() {}
    public static func just(_ element: Element) -> Observable<Element> { Observable() }
    public func map<Result>(_ transform: @escaping (Element) -> Result) -> Observable<Result> { Observable<Result>() }
    public func subscribe(onNext: ((Element) -> Void)? = nil) -> any Disposable { NopDisposable() }
}

public final class BehaviorSubject<Element>: Observable<Element> {
    public init(value: Element) {}
    public func onNext(_ element: Element) {}
}

public final class ReplaySubject<Element>: Observable<Element> {
    public static func create(bufferSize: Int) -> ReplaySubject<Element> { ReplaySubject() }
}

/// RxCocoa's `Signal`, which RxSwift 6 apps meet through `import RxCocoa`.
public struct Signal<Element> {
    public init() {}
}
