// A probe for .ci/check-spellings.sh: RxSwift and Combine spellings typed from habit, each of
// which must fail to compile with the message of its declaration in
// Sources/Signals/Migration/UnavailableSpellings.swift. Not part of any target.

import Signals

struct SomeError: Error {}
final class Relay {}
final class Model { var name = "" }

func rxSwiftHabits(
    numbers: Signal<Int, SomeError>, names: Signal<String, Never>,
    subject: Subject<Int, Never>, behavior: BehaviorSubject<Int, Never>, replay: ReplaySubject<Int, Never>
) {
    numbers.subscribe(onNext: { print($0) }, onError: { print($0) })
    numbers.subscribe(onSuccess: { print($0) }, onFailure: { print($0) })
    names.bind(to: Relay())
    numbers.drive(onNext: { print($0) })
    _ = numbers.asDriver(onErrorJustReturn: 0)
    _ = names.asDriver()
    _ = numbers.asSignal(onErrorJustReturn: 0)
    _ = numbers.do(onNext: { print($0) }, onSubscribed: { print("started") })
    _ = numbers.asObservable()
    _ = numbers.catchAndReturn(0)
    _ = numbers.catchErrorJustReturn(0)
    _ = numbers.catchError { _ in Signal<Int, Never>.just(0) }
    _ = numbers.ignoreElements()
    _ = numbers.debug("numbers")
    _ = Signal<Int, Never>.create { _ in AnyDisposable() }
    _ = Signal<Int, Never>.empty()
    _ = Signal<Int, Never>.never()
    _ = Signal<Int, Never>.of(1, 2, 3)
    _ = numbers.observeOn(QueueScheduler.main)
    _ = numbers.subscribeOn(QueueScheduler.main)
    _ = numbers.takeUntil(names)
    _ = numbers.takeWhile { $0 < 3 }
    _ = numbers.skipWhile { $0 < 3 }
    _ = numbers.toArray()
    _ = numbers.elementAt(1)
    _ = numbers.retryWhen { errors in errors.promoteError().map { _ in 1 } }
    _ = numbers.share(replay: 1, scope: "whileConnected")
    _ = numbers.debounce(.milliseconds(300), scheduler: QueueScheduler.main)
    _ = numbers.throttle(.milliseconds(300), latest: false, scheduler: QueueScheduler.main)
    _ = numbers.delay(.milliseconds(300), scheduler: QueueScheduler.main)
    _ = Signal<Int, Never>.interval(.seconds(1), scheduler: QueueScheduler.main)
    _ = Signal<Int, Never>.timer(.seconds(1), scheduler: QueueScheduler.main)
    names.driver().drive(onNext: { print($0) })
    names.driver().drive(Relay())
    subject.accept(1)
    subject.onNext(1)
    subject.onCompleted()
    subject.onError(fatalError())
    _ = subject.asObservable()
    behavior.accept(1)
    behavior.onNext(1)
    _ = behavior.asObservable()
    _ = replay.asObservable()
}

func rxSwiftStateHabits(
    relay: MutableProperty<Int>, readOnly: Property<Int>, observer: Observer<Int, Never>,
    action: Action<Int, Int, Never>, numbers: Signal<Int, Never>, letters: Signal<String, Never>
) {
    relay.accept(1)
    _ = relay.asDriver()
    _ = readOnly.asDriver()
    observer.onNext(1)
    observer.onCompleted()
    observer.onError(fatalError())
    _ = action.execute(1)
    _ = action.elements
    _ = action.executing
    _ = action.enabled
    _ = Signal.combineLatest(numbers, letters, resultSelector: { "\($0)\($1)" })
    _ = Signal.zip(numbers, letters, resultSelector: { "\($0)\($1)" })
    _ = MainActorSignal.combineLatest(numbers.driver(), letters.driver(), resultSelector: { "\($0)\($1)" })
    _ = numbers.driver().asObservable()
}

func combineHabits(numbers: Signal<Int, SomeError>, optionals: Signal<Int?, Never>, subject: Subject<Int, Never>, model: Model, names: Signal<String, Never>) {
    numbers.sink(receiveCompletion: { completion in
        if case .failure(let error) = completion { print(error) }
    }, receiveValue: { print($0) })
    numbers.sink(receiveValue: { print($0) })
    _ = numbers.eraseToAnyPublisher()
    _ = subject.eraseToAnyPublisher()
    subject.send(completion: .finished)
    _ = numbers.handleEvents(receiveOutput: { print($0) }) as Signal<Int, SomeError>
    _ = numbers.receive(on: QueueScheduler.main)
    _ = names.assign(to: \.name, on: model)
    _ = numbers.removeDuplicates()
    _ = numbers.prepend(0)
    _ = numbers.append(4)
    _ = optionals.replaceNil(with: 0)
    _ = numbers.dropFirst()
    _ = numbers.prefix(2)
    _ = numbers.merge(with: numbers)
    _ = numbers.debounce(for: .milliseconds(300), scheduler: QueueScheduler.main)
    _ = numbers.delay(for: .milliseconds(300), scheduler: QueueScheduler.main)
    var cancellables: Set<Int> = []
    numbers.subscribe(next: { print($0) }).store(in: &cancellables)
}

// The first lines of a port from RxSwift, in the shapes RxExample writes them. Each line ends
// with the message it must show (`.ci/check-spellings.sh` checks it at that line).
final class LoginScreen {}

func rxSwiftFirstLines(
    subject: Subject<Int, Never>, behavior: BehaviorSubject<Int, Never>, replay: ReplaySubject<Int, Never>,
    observer: Observer<Int, Never>, numbers: Signal<Int, SomeError>, letters: Signal<Int, SomeError>,
    taps: MainActorSignal<Void, Never>, action: Action<Void, Int, Never>
) {
    _ = MutableProperty(value: 0)                                      // shows: Signals spells BehaviorRelay(value: v) MutableProperty(v)
    subject.on(.next(1))                                               // shows: Signals spells on(.next(x)) send(.next(x))
    behavior.on(.next(1))                                              // shows: Signals spells on(.next(x)) send(.next(x))
    replay.on(.completed)                                              // shows: Signals spells on(.next(x)) send(.next(x))
    observer.on(.next(1))                                              // shows: an Observer's on(.next(x)) is send(.next(x))
    _ = numbers.retry()                                                // shows: Signals has no endless retry()
    _ = Signal.from([numbers, letters]).merge()                        // shows: Signals spells merge() of a signal of signals flatten()
    _ = subject.map { $0 + 1 }                                         // shows: a subject is not a signal here
    _ = behavior.map { $0 + 1 }                                        // shows: a subject is not a signal here
    _ = replay.map { $0 + 1 }                                          // shows: a subject is not a signal here
    _ = numbers.map { value throws -> Int in throw SomeError() }       // shows: a transform that throws is tryMap(_:)
    _ = Signal<Int, Never>.using({ LoginScreen() }) { _ in .just(1) }  // shows: Signals spells using(_:observableFactory:) using(_:release:_:)
    _ = taps.bind(to: action.inputs)                                   // shows: a driver's bind(to:) is subscribe(_:)
    _ = taps.share(replay: 1)                                          // shows: a driver is already shared
}
