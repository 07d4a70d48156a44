// timeout(_:on:error:) and timeout(_:on:switchTo:) on virtual time: the clock starts at the
// subscription and restarts at every value; running out disposes the source.

import Testing
import Signals
import SignalsTesting

@Suite struct TimeoutTests {
    @Test func failsWhenTheDueTimePassesWithoutAValue() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, TestError> = scheduler.cold("-a-b-----c|", error: TestError(0))
        let result = scheduler.expect(
            source.signal.timeout(.seconds(3), on: scheduler, error: TestError(9)), "-a-b--#", error: TestError(9))
        #expect(result.isMet, "\(result)")
        #expect(source.subscriptionMarbles == ["^-----!"])
    }

    @Test func switchesToTheFallbackWhenTheDueTimePasses() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-a-b-----c|")
        let fallback: TestSignal<String, Never> = scheduler.cold("-x|")
        let result = scheduler.expect(
            source.signal.timeout(.seconds(3), on: scheduler, switchTo: fallback.signal), "-a-b---x|")
        #expect(result.isMet, "\(result)")
        #expect(source.subscriptionMarbles == ["^-----!"])
        #expect(fallback.subscriptionMarbles == ["------^-!"])
    }

    @Test func theClockStartsAtTheSubscription() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, TestError> = scheduler.cold("----a|", error: TestError(0))
        let result = scheduler.expect(
            source.signal.timeout(.seconds(3), on: scheduler, error: TestError(9)), "---#", error: TestError(9))
        #expect(result.isMet, "\(result)")
    }

    @Test func mirrorsASourceThatKeepsUp() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, TestError> = scheduler.cold("-a-b-|", error: TestError(0))
        let result = scheduler.expect(source.signal.timeout(.seconds(3), on: scheduler, error: TestError(9)), "-a-b-|")
        #expect(result.isMet, "\(result)")
        scheduler.run()
        #expect(scheduler.now == .zero + .seconds(5)) // the clock stopped with the completion
    }

    @Test func forwardsTheSourcesError() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, TestError> = scheduler.cold("-a#", error: TestError(1))
        let result = scheduler.expect(
            source.signal.timeout(.seconds(3), on: scheduler, error: TestError(9)), "-a#", error: TestError(1))
        #expect(result.isMet, "\(result)")
    }

    @Test func disposingCancelsTheClock() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-a---b|")
        let result = scheduler.expect(source.signal.timeout(.seconds(3), on: scheduler, switchTo: .empty), "-a-!")
        #expect(result.isMet, "\(result)")
        #expect(source.subscriptionMarbles == ["^--!"])
        scheduler.run()
        #expect(scheduler.now == .zero + .seconds(3)) // the clock (due at 4) is gone
    }

    @Test func aValueSentFromADownstreamCallbackRestartsTheClock() {
        let scheduler = TestScheduler()
        let subject = Subject<Int, Never>()
        let recorder = subject.signal.timeout(.seconds(2), on: scheduler, switchTo: .just(0))
            .on(next: { if (1...2).contains($0) { subject.send(value: $0 + 1) } })
            .record(scheduler: scheduler)
        scheduler.advance(by: .seconds(1))
        subject.send(value: 1)
        scheduler.advance(by: .seconds(5))
        #expect(recorder.timedEvents == [
            TimedEvent(.seconds(1), .next(1)), TimedEvent(.seconds(1), .next(2)), TimedEvent(.seconds(1), .next(3)),
            TimedEvent(.seconds(3), .next(0)), TimedEvent(.seconds(3), .completed),
        ])
    }

    @Test func aValueAtTheExactDeadlineIsInTime() {
        // RxSwift's testTimeout_Duetime_Timeout_Exact: the source's values at 1, 2, 5 and 6,
        // a due time of 3 ticks: the value at 5 arrives as the clock of the value at 2 runs
        // out, before the clock's work for that instant, and restarts the clock.
        let scheduler = TestScheduler()
        let source: TestSignal<String, TestError> = scheduler.hot("^ab--cd|", error: TestError(0))
        let result = scheduler.expect(
            source.signal.timeout(.seconds(3), on: scheduler, error: TestError(9)), "-ab--cd|", error: TestError(9))
        #expect(result.isMet, "\(result)")
    }

    @Test func aValueAtTheExactFirstDeadlineIsInTime() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.hot("^--a--|")
        let result = scheduler.expect(source.signal.timeout(.seconds(3), on: scheduler, switchTo: .just("x")), "---a--|")
        #expect(result.isMet, "\(result)")
    }
}
