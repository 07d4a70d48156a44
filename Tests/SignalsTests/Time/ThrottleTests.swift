// throttle(_:on:latest:) on virtual time, RxSwift's rules: the first value at once, then
// (latest: true) the latest of each window at its end, or (latest: false) nothing more
// until the window has passed.

import Testing
import Signals
import SignalsTesting

@Suite struct ThrottleTests {
    @Test func sendsTheFirstValueAtOnceAndTheLatestOfTheWindowAtItsEnd() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-abc-----d-e----|")
        let result = scheduler.expect(source.signal.throttle(.seconds(3), on: scheduler), "-a--c----d--e---|")
        #expect(result.isMet, "\(result)")
    }

    @Test func withoutLatestDropsTheValuesOfTheWindow() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-abc-----d-e----|")
        let result = scheduler.expect(
            source.signal.throttle(.seconds(3), on: scheduler, latest: false), "-a-------d------|")
        #expect(result.isMet, "\(result)")
    }

    @Test func aValueSentAtTheEndOfAWindowOpensTheNextOne() {
        // b ends the first window at 4 and opens one until 7: c waits for it.
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-ab--c------|")
        let result = scheduler.expect(source.signal.throttle(.seconds(3), on: scheduler), "-a--b--c----|")
        #expect(result.isMet, "\(result)")
    }

    @Test func completionWaitsForTheKeptValue() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-ab|")
        let result = scheduler.expect(source.signal.throttle(.seconds(3), on: scheduler), "-a--(b|)")
        #expect(result.isMet, "\(result)")
    }

    @Test func completionWithNothingKeptIsAtOnceAndCancelsTheWindow() {
        let scheduler = TestScheduler()
        let recorder = Signal.from([1]).throttle(.seconds(3), on: scheduler).record()
        #expect(recorder.events == [.next(1), .completed])
        scheduler.run()
        #expect(scheduler.now == .zero)
    }

    @Test func anErrorIsSentAtOnceAndDropsTheKeptValue() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, TestError> = scheduler.cold("-ab#", error: TestError(2))
        let result = scheduler.expect(source.signal.throttle(.seconds(3), on: scheduler), "-a-#", error: TestError(2))
        #expect(result.isMet, "\(result)")
    }

    @Test func disposingCancelsTheWindow() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-ab---c|")
        let result = scheduler.expect(source.signal.throttle(.seconds(3), on: scheduler), "-a-!")
        #expect(result.isMet, "\(result)")
        #expect(source.subscriptionMarbles == ["^--!"])
        scheduler.run()
        #expect(scheduler.now == .zero + .seconds(3)) // the window (until 4) is gone
    }

    @Test func aValueSentFromADownstreamCallbackFallsInTheWindow() {
        let scheduler = TestScheduler()
        let subject = Subject<Int, Never>()
        let recorder = subject.signal.throttle(.seconds(2), on: scheduler)
            .on(next: { if $0 == 1 { subject.send(value: 2) } })
            .record(scheduler: scheduler)
        subject.send(value: 1)
        scheduler.advance(by: .seconds(5))
        #expect(recorder.timedEvents == [TimedEvent(.zero, .next(1)), TimedEvent(.seconds(2), .next(2))])
    }
}
