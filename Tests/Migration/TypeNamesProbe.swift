// A probe for .ci/check-spellings.sh: RxSwift's type names typed from habit in a file that
// imports SignalsMigration; each must fail to compile with the message of its declaration in
// Sources/SignalsMigration/RxSwiftTypeNames.swift. Not part of any target.

import Signals
import SignalsMigration

func rxSwiftTypeNames() {
    let _: Observable<Int>? = nil
    let _: BehaviorRelay<Int>? = nil
    let _: PublishRelay<Int>? = nil
    let _: PublishSubject<Int>? = nil
    let _: Driver<Int>? = nil
    let _: MainScheduler? = nil
    let _: Binder<Int>? = nil
    let _: Single<Int>? = nil
    let _: Completable? = nil
}

// The first lines of a port, which begin with a type name: each line ends with the message it
// must show (`.ci/check-spellings.sh` checks it at that line), beside the type name's own.
final class SignUpScreen { var isBusy = false }

func rxSwiftFirstLines(screen: SignUpScreen, numbers: Signal<Int, Never>) -> any Disposable {
    _ = numbers.observe(on: MainScheduler.instance)                     // shows: Signals spells MainScheduler.instance .mainActor
    _ = MainScheduler.asyncInstance                                     // shows: Signals spells MainScheduler.asyncInstance .mainActor
    _ = BehaviorRelay(value: 0)                                         // shows: Signals spells BehaviorRelay(value: v) MutableProperty(v)
    _ = Driver.just(1)                                                  // shows: Signals spells Driver.just(v) MainActorSignal.just(v)
    let _: MainActorSignal<Int, Never> = Driver.never()                 // shows: Signals spells Driver.never() MainActorSignal.never
    _ = Driver<Int>.empty()                                             // shows: Signals spells Driver.empty() MainActorSignal.empty
    let _: Binder<Bool> = Binder(screen) { screen, busy in screen.isBusy = busy } // shows: Signals spells Binder(target) { target, value in … }
    _ = Observable.of(numbers, numbers).merge()                         // shows: Signals spells merge() of a signal of signals flatten()
    _ = Disposables.create()                                            // shows: Signals spells Disposables.create() AnyDisposable()
    _ = Disposables.create(AnyDisposable(), AnyDisposable())            // shows: Signals spells Disposables.create(a, b) CompoundDisposable([a, b])
    return Disposables.create { print("cancelled") }                    // shows: Signals spells Disposables.create { … } AnyDisposable { … }
}
