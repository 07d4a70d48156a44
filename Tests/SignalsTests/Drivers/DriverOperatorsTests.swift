// Drivers compose: each MainActorSignal operator is its Signal counterpart over `.signal`,
// delivering on the main actor with no second hop (a value sent on the main actor goes
// through a chain of them inline); the operators that can send outside an upstream event
// (startWith, an inner Signal of flatMapLatest) hop onto the main actor, and the timers of
// debounce/throttle run on the driver's own scheduler — the test's virtual time here.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport
import Dispatch

private struct Boom: Error, Equatable {}

/// Whether the caller runs on the main queue (the main actor's executor), whichever thread
/// drains it: a queue-specific key, as the library tells it. Asked instead of entering a
/// `@MainActor` closure, so that a delivery off the main actor fails the test, not the run.
private let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()
private func isOnMainQueue() -> Bool { DispatchQueue.getSpecific(key: mainQueueKey) == true }

/// Records a driver's values in a `@MainActor` subscriber.
@MainActor private func recordOnMainActor<Value>(_ driver: MainActorSignal<Value, Never>) -> (Locked<[Value]>, any Disposable) {
    let seen = Locked<[Value]>([])
    let subscription = driver.subscribe(next: { @MainActor in seen.append($0) })
    return (seen, subscription)
}

@Suite struct DriverOperatorsTests {
    @MainActor @Test func aChainOfOperatorsDeliversInlineOnTheMainActor() {
        let scheduler = TestScheduler()
        let numbers = Subject<Int, Never>()
        let driver = numbers.signal.driver(on: scheduler.mainActor)
            .map { $0 * 10 }
            .filter { $0 != 20 }
            .compactMap { $0 == 40 ? nil : $0 }
            .scan(0, +)
            .distinctUntilChanged()
        let (seen, subscription) = recordOnMainActor(driver)
        for value in [1, 2, 3, 4, 0] { numbers.send(value: value) }
        #expect(seen.value == [10, 40]) // 10, (20 filtered), 10+30, (40 dropped), 40+0 repeated
        subscription.dispose()
    }

    @MainActor @Test func keyPathMapCombinePreviousSkipAndTake() {
        let words = Signal.from(["a", "bb", "ccc", "dddd"]).driver()
        let (counts, first) = recordOnMainActor(words.map(\.count).skip(1).take(2))
        let (pairs, second) = recordOnMainActor(words.map(\.count).combinePrevious(0).map { "\($0.0)>\($0.1)" })
        #expect(counts.value == [2, 3])
        #expect(pairs.value == ["0>1", "1>2", "2>3", "3>4"])
        first.dispose(); second.dispose()
    }

    @MainActor @Test func startWithSendsItsValuesFirst() {
        let (seen, subscription) = recordOnMainActor(Signal.just(3).driver().startWith(1, 2))
        #expect(seen.value == [1, 2, 3])
        subscription.dispose()
    }

    @MainActor @Test func startWithSubscribedFromAnotherThreadArrivesOnTheMainActor() {
        let scheduler = TestScheduler()
        let driver = Subject<Int, Never>().signal.driver(on: scheduler.mainActor).startWith(1)
        let seen = Locked<[Int]>([])
        let subscription = Locked<(any Disposable)?>(nil)
        TestThread {
            // `subscribe` is callable from any context; the closure is entered on the main actor.
            let made = driver.subscribe(next: { @MainActor in seen.append($0) })
            subscription.withLock { $0 = made }
        }.join()
        #expect(seen.value == []) // not sent on the other thread
        scheduler.advance()
        #expect(seen.value == [1])
        subscription.value?.dispose()
    }

    @MainActor @Test func combineLatestZipAndMergeOfDrivers() {
        let scheduler = TestScheduler()
        let user = Subject<String, Never>(), password = Subject<String, Never>()
        let userDriver = user.signal.driver(on: scheduler.mainActor)
        let passwordDriver = password.signal.driver(on: scheduler.mainActor)
        let (valid, first) = recordOnMainActor(
            MainActorSignal.combineLatest(userDriver, passwordDriver) { $0.count >= 2 && $1.count >= 3 }
        )
        let (tuples, second) = recordOnMainActor(MainActorSignal.combineLatest(userDriver, passwordDriver).map { "\($0)/\($1)" })
        let (zipped, third) = recordOnMainActor(MainActorSignal.zip(userDriver, passwordDriver).map { "\($0)+\($1)" })
        let (merged, fourth) = recordOnMainActor(userDriver.merge(with: passwordDriver))
        user.send(value: "a")
        password.send(value: "abc")
        user.send(value: "ab")
        #expect(valid.value == [false, true])
        #expect(tuples.value == ["a/abc", "ab/abc"])
        #expect(zipped.value == ["a+abc"])
        #expect(merged.value == ["a", "abc", "ab"])
        for subscription in [first, second, third, fourth] { subscription.dispose() }
    }

    @MainActor @Test func withLatestFromADriverOrASignal() {
        let taps = Subject<Void, Never>(), name = Subject<String, Never>()
        let tapsDriver = taps.signal.driver()
        let (fromDriver, first) = recordOnMainActor(tapsDriver.withLatestFrom(name.signal.driver()) { _, name in name })
        let (fromSignal, second) = recordOnMainActor(tapsDriver.withLatestFrom(name.signal) { _, name in name.uppercased() })
        taps.send(value: ()) // no name yet: dropped
        name.send(value: "ada")
        taps.send(value: ())
        name.send(value: "grace")
        #expect(fromDriver.value == ["ada"])
        #expect(fromSignal.value == ["ADA"])
        first.dispose(); second.dispose()
    }

    @MainActor @Test func withLatestFromASignalDeliversItsErrorOnTheMainActor() {
        // The other side is a plain signal that fails on another thread: the driver's error
        // must still reach its subscriber on the main actor (issue 45: it trapped in
        // `MainActor.assumeIsolated`). Recorded through `.signal`, so a wrong thread is a
        // failed expectation rather than a trap.
        let scheduler = TestScheduler()
        let taps = Subject<Void, Boom>(), other = Subject<String, Boom>()
        let driver = taps.signal.observe(on: scheduler.mainActor).withLatestFrom(other.signal) { _, text in text }
        let errors = Locked<[Bool]>([])
        let subscription = driver.signal.subscribe(error: { _ in errors.append(isOnMainQueue()) })
        TestThread { other.send(error: Boom()) }.join()
        scheduler.advance()
        #expect(errors.value == [true])
        subscription.dispose()
    }

    @MainActor @Test func withLatestFromASignalSendsOnTheMainActorWhateverThreadTheOtherSideUses() {
        // Values and completion: the other side's value comes from another thread, the taps
        // and their completion from the main actor; the output arrives on the main actor.
        let scheduler = TestScheduler()
        let taps = Subject<Void, Never>(), other = Subject<String, Never>()
        let driver = taps.signal.driver(on: scheduler.mainActor).withLatestFrom(other.signal) { _, text in text }
        let events = Locked<[String]>([])
        let subscription = driver.signal.subscribe(
            next: { events.append("\($0) main: \(isOnMainQueue())") },
            completed: { events.append("completed main: \(isOnMainQueue())") }
        )
        TestThread { other.send(value: "ada"); other.sendCompleted() }.join()
        taps.send(value: ())
        taps.sendCompleted()
        scheduler.advance()
        #expect(events.value == ["ada main: true", "completed main: true"])
        subscription.dispose()
    }

    @MainActor @Test func flatMapLatestToADriverCutsThePreviousInner() {
        let query = Subject<String, Never>()
        let answers = ["a": Subject<String, Never>(), "b": Subject<String, Never>()]
        let (seen, subscription) = recordOnMainActor(
            query.signal.driver().flatMapLatest { answers[$0]!.signal.driver() }
        )
        query.send(value: "a"); answers["a"]!.send(value: "a1")
        query.send(value: "b"); answers["a"]!.send(value: "stale"); answers["b"]!.send(value: "b1")
        #expect(seen.value == ["a1", "b1"])
        subscription.dispose()
    }

    @MainActor @Test func flatMapLatestToASignalHopsItsValuesOntoTheMainActor() {
        let scheduler = TestScheduler()
        let query = Subject<String, Never>()
        let answer = Subject<String, Never>()
        let (seen, subscription) = recordOnMainActor(
            query.signal.driver(on: scheduler.mainActor).flatMapLatest { _ in answer.signal }
        )
        query.send(value: "q")
        answer.send(value: "inline") // sent on the main actor: no hop
        #expect(seen.value == ["inline"])
        TestThread { answer.send(value: "from a thread") }.join()
        #expect(seen.value == ["inline"]) // waits for a turn of the driver's scheduler
        scheduler.advance()
        #expect(seen.value == ["inline", "from a thread"])
        subscription.dispose()
    }

    @MainActor @Test func debounceRunsOnTheDriversScheduler() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-a--bc---d|")
        let driver = source.signal.driver(on: scheduler.mainActor).debounce(.seconds(2))
        let result = scheduler.expect(driver.signal, "---a---c--(d|)")
        #expect(result.isMet, "\(result)")
    }

    @MainActor @Test func throttleRunsOnTheDriversScheduler() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-abc-----d-e----|")
        let driver = source.signal.driver(on: scheduler.mainActor).throttle(.seconds(3), latest: true)
        let result = scheduler.expect(driver.signal, "-a--c----d--e---|")
        #expect(result.isMet, "\(result)")
    }

    @MainActor @Test func debounceDeliversToAMainActorSubscriberOnVirtualTime() {
        let scheduler = TestScheduler()
        let query = Subject<String, Never>()
        let (seen, subscription) = recordOnMainActor(
            query.signal.driver(on: scheduler.mainActor).debounce(.milliseconds(300))
        )
        query.send(value: "s"); query.send(value: "si")
        scheduler.advance(by: .milliseconds(299))
        #expect(seen.value == [])
        scheduler.advance(by: .milliseconds(1))
        #expect(seen.value == ["si"])
        subscription.dispose()
    }

    @MainActor @Test func propertyDriverSendsTheCurrentValueInlineThenChanges() {
        let name = MutableProperty("Ada")
        let (seen, subscription) = recordOnMainActor(name.driver().map { "Hello, \($0)" })
        #expect(seen.value == ["Hello, Ada"])
        name.value = "Grace"
        #expect(seen.value == ["Hello, Ada", "Hello, Grace"])
        let readOnly = Property(name)
        let (current, second) = recordOnMainActor(readOnly.driver())
        #expect(current.value == ["Grace"])
        subscription.dispose(); second.dispose()
    }
}
