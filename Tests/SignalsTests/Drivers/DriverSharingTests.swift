// Drivers share, as RxCocoa's do (`share(replay: 1, scope: .whileConnected)` after every
// operator): a composed driver's chain runs once however many subscribe; a subscriber that
// joins while it runs receives the latest value at once, with no second run; the sharing ends
// with the last subscriber, and the next one runs the chain again. On virtual time: the search
// API answers 100 ms after each request, and every request is counted.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

/// A search API on virtual time that counts its requests.
private struct CountingSearchAPI: Sendable {
    let scheduler: TestScheduler
    let requests = Locked<[String]>([])

    func search(_ query: String) -> Signal<[String], Never> {
        Signal.deferred { [requests, scheduler] in
            _ = requests.append(query)
            let found = query == "zzz" ? [] : ["\(query)/1", "\(query)/2"]
            return Signal<Int, Never>.timer(after: .milliseconds(100), on: scheduler).map { _ in found }
        }
    }
}

/// A search screen: the results feed a table and an "empty" label (RxExample's shape: two
/// bindings to one composed driver).
@MainActor private final class SearchScreen {
    var rows: [String] = []
    var isEmptyLabelVisible = false
    let bag = DisposeBag()

    init(results: MainActorSignal<[String], Never>) {
        results.assign(to: \.rows, on: self).disposed(by: bag)
        results.map(\.isEmpty).assign(to: \.isEmptyLabelVisible, on: self).disposed(by: bag)
    }
}

@Suite struct DriverSharingTests {
    @MainActor @Test func twoBindingsToOneComposedDriverMakeOneRequest() {
        let scheduler = TestScheduler()
        let api = CountingSearchAPI(scheduler: scheduler)
        let query = Subject<String, Never>()
        let results = query.signal.driver(on: scheduler.mainActor)
            .debounce(.milliseconds(300))
            .flatMapLatest { api.search($0) }
        let screen = SearchScreen(results: results)
        query.send(value: "sig")
        scheduler.advance(by: .milliseconds(400))
        query.send(value: "zzz")
        scheduler.advance(by: .milliseconds(400))
        #expect(api.requests.value == ["sig", "zzz"]) // one request per query, for both views
        #expect(screen.rows == [])
        #expect(screen.isEmptyLabelVisible == true)
        query.send(value: "signals")
        scheduler.advance(by: .milliseconds(400))
        #expect(api.requests.value == ["sig", "zzz", "signals"])
        #expect(screen.rows == ["signals/1", "signals/2"])
        #expect(screen.isEmptyLabelVisible == false)
    }

    @MainActor @Test func aLateSubscriberGetsTheLatestResultWithoutASecondRequest() {
        let scheduler = TestScheduler()
        let api = CountingSearchAPI(scheduler: scheduler)
        let query = Subject<String, Never>()
        let results = query.signal.driver(on: scheduler.mainActor).flatMapLatest { api.search($0) }
        let early = results.subscribe(next: { @MainActor _ in })
        query.send(value: "sig")
        scheduler.advance(by: .milliseconds(100))
        let late = Locked<[[String]]>([])
        let subscription = results.subscribe(next: { @MainActor in late.append($0) })
        #expect(late.value == [["sig/1", "sig/2"]]) // at once: subscribed on the main actor
        #expect(api.requests.value == ["sig"])
        query.send(value: "zzz")
        scheduler.advance(by: .milliseconds(100))
        #expect(late.value == [["sig/1", "sig/2"], []])
        #expect(api.requests.value == ["sig", "zzz"])
        early.dispose(); subscription.dispose()
    }

    @MainActor @Test func aLateSubscriberFromAnotherThreadGetsTheLatestValueOnTheMainActor() {
        let scheduler = TestScheduler()
        let numbers = Subject<Int, Never>()
        let runs = Counter()
        let doubled = numbers.signal.driver(on: scheduler.mainActor).map { value in
            _ = runs.increment()
            return value * 2
        }
        let early = doubled.subscribe(next: { @MainActor _ in })
        numbers.send(value: 21)
        let seen = Locked<[Int]>([])
        let late = Locked<(any Disposable)?>(nil)
        TestThread {
            let made = doubled.subscribe(next: { @MainActor value in
                MainActor.preconditionIsolated()
                seen.append(value)
            })
            late.withLock { $0 = made }
        }.join()
        #expect(seen.value == []) // the replay waits for a turn of the main actor
        scheduler.advance()
        #expect(seen.value == [42])
        #expect(runs.count == 1)
        early.dispose(); late.value?.dispose()
    }

    @MainActor @Test func aSubscriberJoiningWhileAValueIsQueuedReceivesItAtOnce() {
        // The share comes before the hop: a value sent from another thread is the latest at
        // once, while the subscribers already there wait for a turn of the main actor to
        // receive it. (RxCocoa hops first: the late subscriber would get 1, then 2 a turn later.)
        let scheduler = TestScheduler()
        let numbers = BehaviorSubject<Int, Never>(value: 1)
        let driver = numbers.signal.driver(on: scheduler.mainActor)
        let early = Locked<[Int]>([]), late = Locked<[Int]>([])
        let a = driver.subscribe(next: { @MainActor in early.append($0) })
        TestThread { numbers.send(value: 2) }.join()
        let b = driver.subscribe(next: { @MainActor in late.append($0) })
        #expect(early.value == [1])
        #expect(late.value == [2])
        scheduler.advance()
        #expect(early.value == [1, 2])
        #expect(late.value == [2])
        a.dispose(); b.dispose()
    }

    @MainActor @Test func theSharingEndsWithTheLastSubscriber() {
        let scheduler = TestScheduler()
        let api = CountingSearchAPI(scheduler: scheduler)
        let query = BehaviorSubject<String, Never>(value: "sig")
        let results = query.signal.driver(on: scheduler.mainActor).flatMapLatest { api.search($0) }
        let first = results.subscribe(next: { @MainActor _ in })
        let second = results.subscribe(next: { @MainActor _ in })
        scheduler.advance(by: .milliseconds(100))
        #expect(api.requests.value == ["sig"])
        first.dispose()
        second.dispose() // the last one leaves: the request chain is disposed
        query.send(value: "zzz")
        scheduler.advance(by: .milliseconds(100))
        #expect(api.requests.value == ["sig"]) // nobody listens: nothing runs
        let again = Locked<[[String]]>([])
        let third = results.subscribe(next: { @MainActor in again.append($0) })
        #expect(again.value == []) // no stale value from the ended sharing
        scheduler.advance(by: .milliseconds(100))
        #expect(api.requests.value == ["sig", "zzz"]) // a fresh run
        #expect(again.value == [[]])
        third.dispose()
    }

    @MainActor @Test func everyOperatorSharesWhereAChainForks() {
        // A stage with state or a side effect runs once per value, however many stages after
        // it subscribe; a late subscriber to a `scan` gets the running total, not a restart.
        let numbers = Subject<Int, Never>()
        let mapped = Counter()
        let totals = numbers.signal.driver()
            .map { value in _ = mapped.increment(); return value }
            .scan(0, +)
        let (sums, first) = recordOnMainActor(totals)
        let (labels, second) = recordOnMainActor(totals.map { "total \($0)" })
        numbers.send(value: 1)
        numbers.send(value: 2)
        let (late, third) = recordOnMainActor(totals.filter { $0 > 0 })
        numbers.send(value: 3)
        #expect(mapped.count == 3)
        #expect(sums.value == [1, 3, 6])
        #expect(labels.value == ["total 1", "total 3", "total 6"])
        #expect(late.value == [3, 6])
        first.dispose(); second.dispose(); third.dispose()
    }

    @MainActor @Test func theStaticCombinersShareToo() {
        let scheduler = TestScheduler()
        let api = CountingSearchAPI(scheduler: scheduler)
        let user = Subject<String, Never>(), password = Subject<String, Never>()
        let checked = MainActorSignal.combineLatest(
            user.signal.driver(on: scheduler.mainActor),
            password.signal.driver(on: scheduler.mainActor)
        ) { "\($0):\($1)" }
        .flatMapLatest { api.search($0) }
        let (a, first) = recordOnMainActor(checked)
        let (b, second) = recordOnMainActor(checked.map(\.count))
        user.send(value: "ada"); password.send(value: "pw")
        scheduler.advance(by: .milliseconds(100))
        #expect(api.requests.value == ["ada:pw"])
        #expect(a.value == [["ada:pw/1", "ada:pw/2"]])
        #expect(b.value == [2])
        first.dispose(); second.dispose()
    }

    @MainActor @Test func driverOfADriverAddsNoStage() {
        // `driver()` on a shared driver returns it; on `observe(on: .mainActor)`'s result,
        // which runs its upstream per subscriber, it shares.
        let scheduler = TestScheduler()
        let subscriptions = Counter()
        let source = Subject<Int, Never>()
        let observed = source.signal.on(subscribed: { _ = subscriptions.increment() })
            .observe(on: scheduler.mainActor)
        let one = observed.subscribe(next: { @MainActor _ in })
        let two = observed.subscribe(next: { @MainActor _ in })
        #expect(subscriptions.count == 2) // observe(on:) is not shared
        one.dispose(); two.dispose()
        let shared = observed.driver()
        let three = shared.subscribe(next: { @MainActor _ in })
        let four = shared.driver().subscribe(next: { @MainActor _ in })
        #expect(subscriptions.count == 3) // one more, for both
        three.dispose(); four.dispose()
    }
}

/// Records a driver's values in a `@MainActor` subscriber.
@MainActor private func recordOnMainActor<Value>(_ driver: MainActorSignal<Value, Never>) -> (Locked<[Value]>, any Disposable) {
    let seen = Locked<[Value]>([])
    let subscription = driver.subscribe(next: { @MainActor in seen.append($0) })
    return (seen, subscription)
}
