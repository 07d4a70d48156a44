// A file in the middle of a migration, for .ci/check-spellings.sh: it imports RxSwift (the stub
// beside it) and Signals, and uses both libraries' colliding names — module-qualified, or
// through the typealiases of SignalsNames below, which an app keeps in one file of the
// module (ComingFromRxSwift.md, "Migrating file by file"). Must compile with zero errors.

import RxSwift
import Signals

// The typealias file: Signals' names, under names of their own, for the files that import both.
typealias SignalsSignal<Value, Failure: Error> = Signals.Signal<Value, Failure>
typealias SignalsEvent<Value, Failure: Error> = Signals.Event<Value, Failure>
typealias SignalsDisposeBag = Signals.DisposeBag
typealias SignalsDisposable = Signals.Disposable
typealias SignalsBehaviorSubject<Value, Failure: Error> = Signals.BehaviorSubject<Value, Failure>
typealias SignalsReplaySubject<Value, Failure: Error> = Signals.ReplaySubject<Value, Failure>
typealias SignalsSerialDisposable = Signals.SerialDisposable

/// Still on RxSwift: its names, module-qualified where they collide.
final class LegacyProfileLoader {
    let bag = RxSwift.DisposeBag()
    let name = RxSwift.BehaviorSubject(value: "Ada")
    let history = RxSwift.ReplaySubject<String>.create(bufferSize: 3)
    let serial = RxSwift.SerialDisposable()

    func start() {
        name.map { $0.uppercased() }.subscribe(onNext: { print($0) }).disposed(by: bag)
        let event: RxSwift.Event<String> = .next("Ada")
        _ = event
        let rxCocoaSignal = RxSwift.Signal<String>()
        _ = rxCocoaSignal
    }
}

/// Already moved to Signals: the typealiases, or module-qualified names.
final class ProfileModel: Sendable {
    let bag = SignalsDisposeBag()
    let name = SignalsBehaviorSubject<String, Never>(value: "Ada")
    let history = SignalsReplaySubject<String, Never>(capacity: 3)
    let serial = SignalsSerialDisposable()

    func start(loader: LegacyProfileLoader) {
        let greeting: SignalsSignal<String, Never> = name.signal.map { "Hello, \($0)" }
        greeting.subscribe(next: { print($0) }).disposed(by: bag)
        let event: SignalsEvent<String, Never> = .next("Ada")
        _ = event
        let subscription: any SignalsDisposable = Signals.Signal<Int, Never>.just(1).subscribe(next: { print($0) })
        serial.inner = subscription
        history.send(value: "Ada")
    }

    /// The bridge while both libraries live side by side: an RxSwift source into a Signal.
    /// RxSwift's observables and disposables are thread-safe but predate `Sendable`, hence
    /// `nonisolated(unsafe)`.
    func bridge(_ legacy: RxSwift.Observable<String>) -> Signals.Signal<String, Never> {
        nonisolated(unsafe) let legacy = legacy
        return Signals.Signal { observer in
            nonisolated(unsafe) let subscription = legacy.subscribe(onNext: { observer.send(value: $0) })
            return AnyDisposable { subscription.dispose() }
        }
    }
}
