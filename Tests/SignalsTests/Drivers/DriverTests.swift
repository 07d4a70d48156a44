// driver(replacingErrorsWith:) and driver(): cannot fail, one shared subscription replaying
// the latest value, delivery on the main actor — inline when sent on the main actor (RxSwift's
// MainScheduler.instance rule), a turn later from another thread. The deliveries that wait
// run on the test's virtual time (`scheduler.mainActor`); a few tests use the real main queue
// to show that "on the main actor" is told right in a test run, where the main queue may be
// drained by a thread that is not the process's first.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

private struct Boom: Error, Equatable {}

/// A view model as an app writes it: main-actor state, fed by a driver in `init`.
@MainActor private final class GreetingModel {
    private(set) var text = ""
    private let bag = DisposeBag()

    init(names: Signal<String, Never>, scheduler: MainActorScheduler = .mainActor) {
        names.map { "Hello, \($0)" }
            .driver(on: scheduler)
            .subscribe(next: { [weak self] in self?.text = $0 })
            .disposed(by: bag)
    }
}

/// Resumes once everything queued on the main queue before the call has run.
@MainActor
private func mainQueueTurn() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        QueueScheduler.main.schedule { continuation.resume() }
    }
}

@Suite struct DriverTests {
    @MainActor @Test func aValueSentOnTheMainActorArrivesSynchronously() {
        let scheduler = TestScheduler()
        let names = Subject<String, Never>()
        let seen = Locked<[String]>([])
        let subscription = names.signal.driver(on: scheduler.mainActor)
            .subscribe(next: { @MainActor in seen.append($0) })
        names.send(value: "Ada")
        #expect(seen.value == ["Ada"]) // no advance: delivered inline
        subscription.dispose()
    }

    @MainActor @Test func aModelThatDrivesAPropertyInItsInitHasTheValueWhenInitReturns() {
        // The real main queue: the test runs on the main actor, so the value is there at once.
        let model = GreetingModel(names: BehaviorSubject(value: "Ada").signal)
        #expect(model.text == "Hello, Ada")
    }

    @MainActor @Test func aValueSentFromAnotherThreadArrivesOnALaterTurn() {
        let scheduler = TestScheduler()
        let names = Subject<String, Never>()
        let model = GreetingModel(names: names.signal, scheduler: scheduler.mainActor)
        TestThread { names.send(value: "Grace") }.join()
        #expect(model.text == "")
        scheduler.advance()
        #expect(model.text == "Hello, Grace")
    }

    @MainActor @Test func aValueSentFromAnotherThreadArrivesOnTheRealMainQueue() async {
        let names = Subject<String, Never>()
        let model = GreetingModel(names: names.signal)
        TestThread { names.send(value: "Hedy") }.join()
        #expect(model.text == "")
        await mainQueueTurn()
        #expect(model.text == "Hello, Hedy")
    }

    @MainActor @Test func aMainActorValueNeverOvertakesOneStillQueued() {
        let scheduler = TestScheduler()
        let numbers = Subject<Int, Never>()
        let seen = Locked<[Int]>([])
        let subscription = numbers.signal.driver(on: scheduler.mainActor)
            .subscribe(next: { @MainActor in seen.append($0) })
        TestThread { numbers.send(value: 1) }.join()
        numbers.send(value: 2) // on the main actor, but 1 is still waiting: 2 waits behind it
        #expect(seen.value == [])
        scheduler.advance()
        #expect(seen.value == [1, 2])
        numbers.send(value: 3) // nothing waits any more: inline again
        #expect(seen.value == [1, 2, 3])
        subscription.dispose()
    }

    @MainActor @Test func anErrorIsReplacedByTheValueThenTheDriverCompletes() {
        let scheduler = TestScheduler()
        let events = Locked<[Event<[String], Never>]>([])
        let failing = Signal<[String], Boom>.just(["a"]).concat(.error(Boom()))
        let driver: MainActorSignal<[String], Never> = failing.driver(replacingErrorsWith: [], on: scheduler.mainActor)
        driver.subscribe(
            next: { @MainActor in events.append(.next($0)) },
            completed: { @MainActor in events.append(.completed) }
        )
        #expect(events.value == [.next(["a"]), .next([]), .completed])
    }

    @MainActor @Test func subscribersShareOneSubscription() {
        let scheduler = TestScheduler()
        let subscriptions = Counter()
        let numbers = Subject<Int, Never>()
        let driver = numbers.signal.on(subscribed: { _ = subscriptions.increment() }).driver(on: scheduler.mainActor)
        let first = Locked<[Int]>([]), second = Locked<[Int]>([])
        let a = driver.subscribe(next: { @MainActor in first.append($0) })
        let b = driver.subscribe(next: { @MainActor in second.append($0) })
        numbers.send(value: 1)
        #expect(subscriptions.count == 1)
        #expect(first.value == [1])
        #expect(second.value == [1])
        a.dispose()
        b.dispose()
    }

    @MainActor @Test func aLateSubscriberGetsTheLatestValueAtOnce() {
        let scheduler = TestScheduler()
        let numbers = Subject<Int, Never>()
        let driver = numbers.signal.driver(on: scheduler.mainActor)
        let early = driver.subscribe(next: { @MainActor _ in })
        numbers.send(value: 1)
        numbers.send(value: 2)
        let late = Locked<[Int]>([])
        let subscription = driver.subscribe(next: { @MainActor in late.append($0) })
        #expect(late.value == [2])
        numbers.send(value: 3)
        #expect(late.value == [2, 3])
        early.dispose()
        subscription.dispose()
    }

    @MainActor @Test func aLateSubscriberFromAnotherThreadGetsTheLatestValueOnTheMainActor() {
        let scheduler = TestScheduler()
        let numbers = BehaviorSubject<Int, Never>(value: 7)
        let driver = numbers.signal.driver(on: scheduler.mainActor)
        let seen = Locked<[Int]>([])
        let subscription = Locked<(any Disposable)?>(nil)
        // `subscribe` is callable from a nonisolated context; the replay waits for the main actor.
        TestThread {
            let disposable = driver.subscribe(next: { @MainActor value in
                MainActor.preconditionIsolated()
                seen.append(value)
            })
            subscription.withLock { $0 = disposable }
        }.join()
        #expect(seen.value == [])
        scheduler.advance()
        #expect(seen.value == [7])
        subscription.value?.dispose()
    }

    @MainActor @Test func disposingDropsTheDeliveriesStillQueued() {
        let scheduler = TestScheduler()
        let numbers = Subject<Int, Never>()
        let seen = Locked<[Int]>([])
        let subscription = numbers.signal.driver(on: scheduler.mainActor)
            .subscribe(next: { @MainActor in seen.append($0) })
        TestThread { numbers.send(value: 1) }.join()
        subscription.dispose()
        scheduler.advance()
        #expect(seen.value == [])
    }

    @MainActor @Test func assignWritesInlineOnTheMainActor() {
        let scheduler = TestScheduler()
        let names = Subject<String, Never>()
        let label = Label()
        let subscription = names.signal.driver(on: scheduler.mainActor).assign(to: \.text, on: label)
        names.send(value: "Ada")
        #expect(label.text == "Ada")
        subscription.dispose()
    }

    @MainActor @Test func observeOnTheMainActorStaysAsynchronous() {
        // The difference from a driver: observe(on: .mainActor) always waits for a turn.
        let scheduler = TestScheduler()
        let names = Subject<String, Never>()
        let seen = Locked<[String]>([])
        let subscription = names.signal.observe(on: scheduler.mainActor)
            .subscribe(next: { @MainActor in seen.append($0) })
        names.send(value: "Ada")
        #expect(seen.value == [])
        scheduler.advance()
        #expect(seen.value == ["Ada"])
        subscription.dispose()
    }
}

@MainActor private final class Label {
    var text = ""
}
