// take(for:on:), skip(for:on:) and delaySubscription(_:on:) on virtual time: the cases of
// RxSwift's take/skip-with-a-duration and DelaySubscription tests (one tick for ten of
// RxTest's units, `^` for its subscription at 200).

import Testing
import Signals
import SignalsTesting

@Suite struct TakeForTests {
    @Test func forwardsValuesUntilTheDurationHasPassedThenCompletes() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-a-b-c-d|")
        let result = scheduler.expect(source.signal.take(for: .seconds(4), on: scheduler), "-a-b|")
        #expect(result.isMet, "\(result)")
        #expect(source.subscriptionMarbles == ["^---!"])
    }

    @Test func aZeroDurationCompletesAtTheSchedulersNextRun() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.hot("a^b-c|")
        let result = scheduler.expect(source.signal.take(for: .zero, on: scheduler), "|")
        #expect(result.isMet, "\(result)")
    }

    @Test func completesWithASourceThatEndsFirst() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.hot("a^b-c|")
        let result = scheduler.expect(source.signal.take(for: .seconds(10), on: scheduler), "-^b-c|")
        #expect(result.isMet, "\(result)")
        scheduler.run()
        #expect(scheduler.now == .zero + .seconds(4)) // the timer went with the completion
    }

    @Test func forwardsAnErrorThatComesFirst() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, TestError> = scheduler.hot("a^b#", error: TestError(1))
        let result = scheduler.expect(
            source.signal.take(for: .seconds(5), on: scheduler), "-^b#", error: TestError(1))
        #expect(result.isMet, "\(result)")
    }

    @Test func completesASilentSourceWhenTheDurationHasPassed() {
        let scheduler = TestScheduler()
        let result = scheduler.expect(Signal<String, Never>.never.take(for: .seconds(3), on: scheduler), "---|")
        #expect(result.isMet, "\(result)")
    }

    @Test func twoWindowsEndAtTheShorter() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.hot("a^b-c-d|")
        let longThenShort = source.signal.take(for: .seconds(5), on: scheduler).take(for: .seconds(2), on: scheduler)
        let result = scheduler.expect(longThenShort, "-^b|")
        #expect(result.isMet, "\(result)")
        let other: TestSignal<String, Never> = scheduler.hot("a^b-c-d|")
        let shortThenLong = other.signal.take(for: .seconds(2), on: scheduler).take(for: .seconds(5), on: scheduler)
        let again = scheduler.expect(shortThenLong, "-^b|")
        #expect(again.isMet, "\(again)")
    }

    @Test func disposingCancelsTheTimerAndTheSource() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-a-b-c|")
        let result = scheduler.expect(source.signal.take(for: .seconds(5), on: scheduler), "-a!")
        #expect(result.isMet, "\(result)")
        #expect(source.subscriptionMarbles == ["^-!"])
        scheduler.run()
        #expect(scheduler.now == .zero + .seconds(2)) // nothing was left to run
    }
}

@Suite struct SkipForTests {
    @Test func dropsTheValuesSentDuringTheDuration() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-a-b-c-d|")
        let result = scheduler.expect(source.signal.skip(for: .seconds(4), on: scheduler), "-----c-d|")
        #expect(result.isMet, "\(result)")
    }

    @Test func aZeroDurationDropsNothing() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.hot("a^b-c|")
        let result = scheduler.expect(source.signal.skip(for: .zero, on: scheduler), "-^b-c|")
        #expect(result.isMet, "\(result)")
        #expect(Signal.from([1, 2]).skip(for: .zero, on: scheduler).record().values == [1, 2])
    }

    @Test func aDurationLongerThanTheSourceLeavesOnlyTheCompletion() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.hot("a^b-c|")
        let result = scheduler.expect(source.signal.skip(for: .seconds(10), on: scheduler), "-^---|")
        #expect(result.isMet, "\(result)")
    }

    @Test func forwardsAnErrorDuringTheWindow() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, TestError> = scheduler.hot("a^b#", error: TestError(1))
        let result = scheduler.expect(
            source.signal.skip(for: .seconds(5), on: scheduler), "-^-#", error: TestError(1))
        #expect(result.isMet, "\(result)")
    }

    @Test func aSilentSourceStaysSilent() {
        let scheduler = TestScheduler()
        let result = scheduler.expect(Signal<String, Never>.never.skip(for: .seconds(1), on: scheduler), "------!")
        #expect(result.isMet, "\(result)")
    }

    @Test func disposingDisposesTheSourceAndTheTimer() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-a-b-c|")
        let result = scheduler.expect(source.signal.skip(for: .seconds(5), on: scheduler), "--!")
        #expect(result.isMet, "\(result)")
        #expect(source.subscriptionMarbles == ["^-!"])
        scheduler.run()
        #expect(scheduler.now == .zero + .seconds(2))
    }
}

@Suite struct DelaySubscriptionTests {
    @Test func subscribesOnceTheDelayHasPassed() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-a-b|")
        let result = scheduler.expect(source.signal.delaySubscription(.seconds(3), on: scheduler), "----a-b|")
        #expect(result.isMet, "\(result)")
        #expect(source.subscriptions == [TestSubscription(.seconds(3), .seconds(7))])
    }

    @Test func forwardsTheErrorOfTheDelayedSubscription() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, TestError> = scheduler.cold("-a-b#", error: TestError(1))
        let result = scheduler.expect(
            source.signal.delaySubscription(.seconds(3), on: scheduler), "----a-b#", error: TestError(1))
        #expect(result.isMet, "\(result)")
        #expect(source.subscriptions == [TestSubscription(.seconds(3), .seconds(7))])
    }

    @Test func disposingAfterTheDelayDisposesTheSource() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, TestError> = scheduler.cold("-a-b#", error: TestError(1))
        let result = scheduler.expect(source.signal.delaySubscription(.seconds(3), on: scheduler), "----a-b!")
        #expect(result.isMet, "\(result)")
        #expect(source.subscriptions == [TestSubscription(.seconds(3), .seconds(7))])
    }

    @Test func disposingDuringTheDelayNeverSubscribes() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-a|")
        let result = scheduler.expect(source.signal.delaySubscription(.seconds(3), on: scheduler), "--!")
        #expect(result.isMet, "\(result)")
        scheduler.run()
        #expect(source.subscriptions == [])
    }
}
