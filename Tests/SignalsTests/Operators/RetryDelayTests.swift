// retry(_:delay:on:) on virtual time: `count` retries after the first attempt, each after its
// wait; the RetryDelay cases and their arithmetic.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct RetryDelayTests {
    @Test func retriesAfterAConstantDelayThenFailsWithTheLastError() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, TestError> = scheduler.cold("-a#", error: TestError(1))
        let result = scheduler.expect(
            source.signal.retry(2, delay: .constant(.seconds(2)), on: scheduler), "-a---a---a#", error: TestError(1))
        #expect(result.isMet, "\(result)")
        #expect(source.subscriptionMarbles == ["^-!", "----^-!", "--------^-!"])
    }

    @Test func exponentialWaitsGrowByTheMultiplier() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, TestError> = scheduler.cold("-a#", error: TestError(1))
        // Waits of 1, 2 and 4 ticks after the failures at 2, 5 and 9.
        let result = scheduler.expect(
            source.signal.retry(3, delay: .exponential(initial: .seconds(1)), on: scheduler),
            "-a--a---a-----a#", error: TestError(1))
        #expect(result.isMet, "\(result)")
    }

    @Test func exponentialWaitsStopAtTheMaximum() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, TestError> = scheduler.cold("-a#", error: TestError(1))
        // Waits of 1, 2, then 3 (not 4).
        let result = scheduler.expect(
            source.signal.retry(3, delay: .exponential(initial: .seconds(1), maxDelay: .seconds(3)), on: scheduler),
            "-a--a---a----a#", error: TestError(1))
        #expect(result.isMet, "\(result)")
    }

    @Test func aFractionalMultiplierGrowsTheWaitsToo() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, TestError> = scheduler.cold("#", error: TestError(1))
        let recorder = source.signal
            .retry(3, delay: .exponential(initial: .seconds(2), multiplier: 1.5), on: scheduler)
            .record(scheduler: scheduler)
        scheduler.run()
        // Waits of 2, 3 and 4.5 seconds.
        #expect(source.subscriptions.map(\.subscribed) == [.zero, .seconds(2), .seconds(5), .milliseconds(9_500)])
        #expect(recorder.events == [.error(TestError(1))])
    }

    @Test func completesWhenAnAttemptSucceeds() {
        let scheduler = TestScheduler()
        let attempts = Counter()
        let flaky = Signal<String, TestError>.deferred {
            attempts.increment() < 3 ? .error(TestError(1)) : .just("ok")
        }
        let result = scheduler.expect(flaky.retry(5, delay: .constant(.seconds(1)), on: scheduler), "--(o|)", values: ["o": "ok"])
        #expect(result.isMet, "\(result)")
        #expect(attempts.count == 3)
    }

    @Test func zeroRetriesIsTheSignalItself() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, TestError> = scheduler.cold("-a#", error: TestError(1))
        let result = scheduler.expect(
            source.signal.retry(0, delay: .constant(.seconds(5)), on: scheduler), "-a#", error: TestError(1))
        #expect(result.isMet, "\(result)")
    }

    @Test func disposingDuringAWaitCancelsTheNextAttempt() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, TestError> = scheduler.cold("-a#", error: TestError(1))
        let result = scheduler.expect(source.signal.retry(2, delay: .constant(.seconds(5)), on: scheduler), "-a--!")
        #expect(result.isMet, "\(result)")
        scheduler.run()
        #expect(source.subscriptions.count == 1)
    }

    @Test func aHugeExponentialBackoffSaturatesInsteadOfOverflowing() {
        let scheduler = TestScheduler()
        let recorder = Signal<Int, TestError>.error(TestError(1))
            .retry(200, delay: .exponential(initial: .seconds(1), multiplier: 10), on: scheduler)
            .record(scheduler: scheduler)
        for _ in 0..<200 { scheduler.run() }
        #expect(recorder.events == [.error(TestError(1))])
    }

    @Test func aNegativeCountIsAProgrammerError() async {
        await #expect(processExitsWith: .failure) {
            _ = Signal<Int, Never>.never.retry(-1, delay: .constant(.seconds(1)), on: ImmediateScheduler())
        }
    }

    @Test func aShrinkingMultiplierIsAProgrammerError() async {
        await #expect(processExitsWith: .failure) {
            _ = Signal<Int, Never>.never.retry(1, delay: .exponential(initial: .seconds(1), multiplier: 0.5), on: ImmediateScheduler())
        }
    }
}
