// The driver operators RxCocoa has and drivers lacked: flatMap, flatMapFirst, concatMap (each
// to a driver or to a plain signal that cannot fail, whose events come back to the main actor
// through the driver's hop), static merge, and the constants just / empty / never. Each stays
// on the main actor — checked through `.signal` with the main queue's key, so that a delivery
// elsewhere fails the test rather than trapping — and is shared, as every driver operator is.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport
import Dispatch

/// Whether the caller runs on the main queue (the main actor's executor), as the library tells it.
private let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()
private func isOnMainQueue() -> Bool { DispatchQueue.getSpecific(key: mainQueueKey) == true }

/// Records every event of a driver's `.signal`, each with whether it arrived on the main queue.
private func recordWithThread<Value>(_ driver: MainActorSignal<Value, Never>) -> (Locked<[String]>, any Disposable) {
    let log = Locked<[String]>([])
    let subscription = driver.signal.subscribe(
        next: { value in log.append("\(value)\(isOnMainQueue() ? "" : " OFF MAIN")") },
        completed: { log.append("|\(isOnMainQueue() ? "" : " OFF MAIN")") }
    )
    return (log, subscription)
}

@Suite struct DriverFlatteningTests {
    @MainActor @Test func flatMapForwardsEveryInnerDriver() {
        let rooms = Subject<String, Never>()
        let inners = ["a": Subject<Int, Never>(), "b": Subject<Int, Never>()]
        let (log, subscription) = recordWithThread(
            rooms.signal.driver().flatMap { room in inners[room]!.signal.map { "\(room)\($0)" }.driver() }
        )
        rooms.send(value: "a"); inners["a"]!.send(value: 1)
        rooms.send(value: "b"); inners["b"]!.send(value: 1); inners["a"]!.send(value: 2)
        rooms.sendCompleted(); inners["a"]!.sendCompleted()
        #expect(log.value == ["a1", "b1", "a2"])
        inners["b"]!.sendCompleted()
        #expect(log.value == ["a1", "b1", "a2", "|"])
        subscription.dispose()
    }

    @MainActor @Test func flatMapToASignalBringsItsEventsOntoTheMainActor() {
        let scheduler = TestScheduler()
        let ids = Subject<Int, Never>()
        let answers = Subject<String, Never>()
        let (log, subscription) = recordWithThread(
            ids.signal.driver(on: scheduler.mainActor).flatMap { _ in answers.signal }
        )
        ids.send(value: 1)
        ids.sendCompleted()
        answers.send(value: "inline")
        TestThread { answers.send(value: "from a thread"); answers.sendCompleted() }.join()
        #expect(log.value == ["inline"])
        scheduler.advance()
        #expect(log.value == ["inline", "from a thread", "|"]) // the completion too
        subscription.dispose()
    }

    @MainActor @Test func flatMapFirstDropsValuesWhileAnInnerRuns() {
        let scheduler = TestScheduler()
        let taps = Subject<Int, Never>()
        let saves = Subject<String, Never>()
        let (log, subscription) = recordWithThread(
            taps.signal.driver(on: scheduler.mainActor).flatMapFirst { tap in saves.signal.map { "\(tap):\($0)" }.driver(on: scheduler.mainActor) }
        )
        taps.send(value: 1); taps.send(value: 2) // 2 comes while 1's save runs: dropped
        saves.send(value: "saved")
        saves.sendCompleted()
        let (second, again) = recordWithThread(
            taps.signal.driver(on: scheduler.mainActor).flatMapFirst { _ in Signal<String, Never>.just("quick") }
        )
        taps.send(value: 3)
        TestThread { taps.send(value: 4) }.join()
        scheduler.advance()
        #expect(log.value == ["1:saved"]) // the first chain's inner ended with its subject
        #expect(second.value == ["quick", "quick"])
        subscription.dispose(); again.dispose()
    }

    @MainActor @Test func concatMapRunsTheInnersOneAfterTheOther() {
        let scheduler = TestScheduler()
        let pages = Subject<Int, Never>()
        let first = Subject<String, Never>(), second = Subject<String, Never>()
        let (log, subscription) = recordWithThread(
            pages.signal.driver(on: scheduler.mainActor).concatMap { page in page == 1 ? first.signal : second.signal }
        )
        pages.send(value: 1); pages.send(value: 2)
        second.send(value: "too early") // page 2's inner is not subscribed yet
        TestThread { first.send(value: "p1"); first.sendCompleted() }.join()
        scheduler.advance()
        second.send(value: "p2")
        #expect(log.value == ["p1", "p2"])
        subscription.dispose()
    }

    @MainActor @Test func concatMapToDriversKeepsTheirOrder() {
        let (log, subscription) = recordWithThread(
            Signal.from([1, 2]).driver().concatMap { page in Signal.from(["p\(page)a", "p\(page)b"]).driver() }
        )
        #expect(log.value == ["p1a", "p1b", "p2a", "p2b", "|"])
        subscription.dispose()
    }

    @MainActor @Test func staticMergeOfDriversCompletesWhenAllHave() {
        let a = Subject<String, Never>(), b = Subject<String, Never>(), c = Subject<String, Never>()
        let (log, subscription) = recordWithThread(
            MainActorSignal.merge(a.signal.driver(), b.signal.driver(), c.signal.driver())
        )
        let (fromArray, second) = recordWithThread(MainActorSignal.merge([a.signal.driver(), b.signal.driver()]))
        a.send(value: "a1"); b.send(value: "b1"); c.send(value: "c1")
        a.sendCompleted(); b.sendCompleted()
        #expect(log.value == ["a1", "b1", "c1"])
        #expect(fromArray.value == ["a1", "b1", "|"])
        c.sendCompleted()
        #expect(log.value == ["a1", "b1", "c1", "|"])
        let (none, third) = recordWithThread(MainActorSignal<Int, Never>.merge([]))
        #expect(none.value == ["|"])
        subscription.dispose(); second.dispose(); third.dispose()
    }

    @MainActor @Test func justEmptyAndNeverOnTheMainActor() {
        let (just, first) = recordWithThread(MainActorSignal.just(1))
        let (empty, second) = recordWithThread(MainActorSignal<Int, Never>.empty)
        let (never, third) = recordWithThread(MainActorSignal<Int, Never>.never)
        #expect(just.value == ["1", "|"]) // inline: subscribed on the main actor
        #expect(empty.value == ["|"])
        #expect(never.value == [])
        first.dispose(); second.dispose(); third.dispose()
    }

    @MainActor @Test func justSubscribedFromAnotherThreadArrivesOnTheMainActor() {
        let scheduler = TestScheduler()
        let driver = MainActorSignal.just("ready", on: scheduler.mainActor)
        let seen = Locked<[String]>([])
        let subscription = Locked<(any Disposable)?>(nil)
        TestThread {
            let made = driver.subscribe(next: { @MainActor in seen.append($0) }, completed: { @MainActor in seen.append("|") })
            subscription.withLock { $0 = made }
        }.join()
        #expect(seen.value == [])
        scheduler.advance()
        #expect(seen.value == ["ready", "|"])
        subscription.value?.dispose()
    }

    @MainActor @Test func theNewOperatorsShareTheirChain() {
        let scheduler = TestScheduler()
        let requests = Counter()
        let ids = Subject<Int, Never>()
        let users = ids.signal.driver(on: scheduler.mainActor).flatMap { id in
            Signal<String, Never>.deferred {
                _ = requests.increment()
                return .just("user \(id)")
            }
        }
        let (a, first) = recordWithThread(users)
        let (b, second) = recordWithThread(users.map { $0.uppercased() })
        ids.send(value: 7)
        #expect(requests.count == 1)
        #expect(a.value == ["user 7"])
        #expect(b.value == ["USER 7"])
        let (late, third) = recordWithThread(users)
        #expect(late.value == ["user 7"]) // the latest, without a second request
        #expect(requests.count == 1)
        first.dispose(); second.dispose(); third.dispose()
    }
}
