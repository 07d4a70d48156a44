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
