// subscribe(on:): disposing stops the source at once — its observer reports `isStopped`,
// through any operators in between — and only the cleanup waits for the scheduler.
// (ReactiveCocoa 2.5's "should stop repeating when disposed", and its kin.)

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport
import Synchronization

@Suite struct SubscribeOnTests {
    @Test func subscribesWhenTheSchedulerRuns() {
        let scheduler = TestScheduler()
        let subscribed = Counter()
        let source = Signal<Int, Never>.deferred {
            subscribed.increment()
            return .from([1, 2])
        }
        let recorder = source.subscribe(on: scheduler).record()
        #expect(subscribed.count == 0)
        scheduler.advance()
        #expect(subscribed.count == 1)
        #expect(recorder.events == [.next(1), .next(2), .completed])
    }

    @Test func keepsTheTimesOfAColdSource() {
        let scheduler = TestScheduler()
        let source = scheduler.cold("-a-b-|", values: ["a": 1, "b": 2])
        let result = scheduler.expect(source.signal.subscribe(on: scheduler), "-a-b-|", values: ["a": 1, "b": 2])
        #expect(result.isMet, "\(result)")
    }

    @Test func disposingBeforeItRunsCancelsTheSubscription() {
        let scheduler = TestScheduler()
        let source = scheduler.cold("-a|", values: ["a": 1])
        let recorder = source.signal.subscribe(on: scheduler).record()
        recorder.dispose()
        scheduler.run()
        #expect(source.subscriptions == [])
        #expect(recorder.events == [])
    }

    @Test func disposesTheSourceOnTheScheduler() {
        let scheduler = TestScheduler()
        let source = scheduler.cold("-a-b-c|", values: ["a": 1, "b": 2, "c": 3])
        let recorder = source.signal.subscribe(on: scheduler).record()
        scheduler.advance(by: .seconds(2))
        recorder.dispose()
        #expect(recorder.values == [1])         // stopped at once
        #expect(source.subscriptions == [TestSubscription(.zero)]) // the source is still live…
        scheduler.advance()
        #expect(source.subscriptions == [TestSubscription(.zero, .seconds(2))]) // …until the scheduler runs
    }

    @Test func failsAsTheSourceFails() {
        let scheduler = TestScheduler()
        let source = scheduler.cold("--#", values: [:] as [Character: Int], error: TestError(5))
        let result = scheduler.expect(source.signal.subscribe(on: scheduler), "--#", error: TestError(5))
        #expect(result.isMet, "\(result)")
    }

    @Test func disposingStopsASynchronousSourceThroughOperatorsAtOnce() {
        let scheduler = TestScheduler()
        let sent = Counter()
        let recorder = Signal<Int, Never>.from(0..<1000)
            .on(next: { _ in sent.increment() })
            .subscribe(on: scheduler)
            .take(1)
            .record()
        scheduler.advance()
        #expect(recorder.events == [.next(0), .completed])
        #expect(sent.count == 1)
    }

    @Test func disposingStopsRepeatingASynchronousSource() {
        let scheduler = TestScheduler()
        let subscriptions = Counter()
        let once = Signal<Int, Never> { observer in
            subscriptions.increment()
            observer.send(value: 1)
            observer.sendCompleted()
            return nil
        }
        let recorder = once.repeatForever().subscribe(on: scheduler).take(1).record()
        scheduler.advance()   // returns: the repetition stops when take(1) disposes it
        #expect(recorder.events == [.next(1), .completed])
        #expect(subscriptions.count == 1)
    }

    @Test func disposingFromOutsideStopsAnEndlessSourceOnItsNextCheck() {
        let scheduler = TestScheduler()
        let sent = Counter()
        let disposable = Locked<(any Disposable)?>(nil)
        let subscription = Signal<Int, Never>.from(0...)
            .map { $0 * 2 }
            .subscribe(on: scheduler)
            .subscribe(next: { _ in
                if sent.increment() == 5 { disposable.value?.dispose() }
            })
        disposable.withLock { $0 = subscription }
        scheduler.advance()
        #expect(sent.count == 5)
        #expect(subscription.isDisposed)
    }

    @Test func theCleanupRunsOnTheSchedulerAfterTheStop() {
        let scheduler = TestScheduler()
        let cleanedUp = Flag()
        let stoppedWhenDisposed = Flag()
        let observerBox = Locked<Observer<Int, Never>?>(nil)
        let source = Signal<Int, Never> { observer in
            observerBox.withLock { $0 = observer }
            return AnyDisposable { cleanedUp.set() }
        }
        let subscription = source.map { $0 }.subscribe(on: scheduler).subscribe()
        scheduler.advance()
        subscription.dispose()
        if observerBox.value?.isStopped == true { stoppedWhenDisposed.set() }
        #expect(stoppedWhenDisposed.isSet)   // at once
        #expect(!cleanedUp.isSet)            // the cleanup waits for the scheduler
        scheduler.advance()
        #expect(cleanedUp.isSet)
    }

    @Test func disposingBeforeTheStartCancelsIt() {
        let scheduler = TestScheduler()
        let subscriptions = Counter()
        let source = Signal<Int, Never> { _ in
            subscriptions.increment()
            return nil
        }
        source.subscribe(on: scheduler).subscribe().dispose()
        scheduler.advance()
        #expect(subscriptions.count == 0)
    }

    @Test func disposingStopsRepeatingOnAQueue() {
        let scheduler = QueueScheduler(name: "subscribe-on-repeat")
        let subscriptions = Counter()
        let once = Signal<Int, Never> { observer in
            subscriptions.increment()
            observer.send(value: 1)
            observer.sendCompleted()
            return nil
        }
        let recorder = once.repeatForever().subscribe(on: scheduler).take(1).record()
        #expect(waitUntil(seconds: 60) { recorder.isCompleted })
        // The queue is free again only if the repetition has stopped.
        let queueIsFree = Flag()
        scheduler.schedule { queueIsFree.set() }
        #expect(waitUntil(seconds: 60) { queueIsFree.isSet })
        #expect(recorder.events == [.next(1), .completed])
        #expect(subscriptions.count == 1)
    }

    @Test func disposingStopsASynchronousSourceOnAQueueThroughOperators() {
        let scheduler = QueueScheduler(name: "subscribe-on-from")
        let sent = Counter()
        let recorder = Signal<Int, Never>.from(0..<100_000)
            .on(next: { _ in sent.increment() })
            .subscribe(on: scheduler)
            .take(1)
            .record()
        #expect(waitUntil(seconds: 60) { recorder.isCompleted })
        let queueIsFree = Flag()
        scheduler.schedule { queueIsFree.set() }
        #expect(waitUntil(seconds: 60) { queueIsFree.isSet })
        #expect(recorder.values == [0])
        #expect(sent.count == 1)
    }
}
