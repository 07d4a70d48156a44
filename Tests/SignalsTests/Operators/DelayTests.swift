// delay(_:on:) on virtual time: every event, completion and error included, shifted by the
// delay; disposal cancels what is still waiting.

import Testing
import Signals
import SignalsTesting

@Suite struct DelayTests {
    @Test func shiftsEveryValueAndTheCompletionByTheDelay() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-a-b-|")
        let result = scheduler.expect(source.signal.delay(.seconds(2), on: scheduler), "---a-b-|")
        #expect(result.isMet, "\(result)")
        // The source is let go when it completes, not when the output does.
        #expect(source.subscriptions == [TestSubscription(.zero, .seconds(5))])
    }

    @Test func delaysTheErrorToo() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, TestError> = scheduler.cold("-a#", error: TestError(1))
        let result = scheduler.expect(source.signal.delay(.seconds(2), on: scheduler), "---a#", error: TestError(1))
        #expect(result.isMet, "\(result)")
    }

    @Test func keepsTheOrderOfEventsSentTogether() {
        let scheduler = TestScheduler()
        let recorder = Signal.from([1, 2, 3]).delay(.seconds(1), on: scheduler).record(scheduler: scheduler)
        scheduler.advance(by: .milliseconds(999))
        #expect(recorder.events == [])
        scheduler.advance(by: .milliseconds(1))
        #expect(recorder.timedEvents == [
            TimedEvent(.seconds(1), .next(1)), TimedEvent(.seconds(1), .next(2)),
            TimedEvent(.seconds(1), .next(3)), TimedEvent(.seconds(1), .completed),
        ])
    }

    @Test func aZeroDelayDeliversAtTheSchedulersNextRun() {
        let scheduler = TestScheduler()
        let recorder = Signal.just(1).delay(.zero, on: scheduler).record()
        #expect(recorder.events == [])
        scheduler.advance()
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test func disposingCancelsTheEventsStillWaiting() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-a-b-c-|")
        let result = scheduler.expect(source.signal.delay(.seconds(2), on: scheduler), "---a-!")
        #expect(result.isMet, "\(result)")
        #expect(source.subscriptionMarbles == ["^----!"])
        // b (sent at 3, due at 5) was cancelled: nothing is left on the scheduler.
        scheduler.run()
        #expect(scheduler.now == .zero + .seconds(5))
    }

    @Test func aValueSentFromADownstreamCallbackIsDelayedToo() {
        let scheduler = TestScheduler()
        let subject = Subject<Int, Never>()
        let recorder = subject.signal.delay(.seconds(1), on: scheduler)
            .on(next: { if $0 == 1 { subject.send(value: 2) } })
            .record(scheduler: scheduler)
        subject.send(value: 1)
        scheduler.advance(by: .seconds(3))
        #expect(recorder.timedEvents == [TimedEvent(.seconds(1), .next(1)), TimedEvent(.seconds(2), .next(2))])
    }
}
