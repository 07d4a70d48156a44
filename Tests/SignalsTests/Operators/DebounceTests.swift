// debounce(_:on:) on virtual time: a value gets through once the due time has passed
// without a newer one; completion sends the pending value first; an error drops it.

import Foundation
import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct DebounceTests {
    @Test func sendsAValueOnceTheDueTimeHasPassedWithoutANewerOne() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-a--bc---d|")
        let result = scheduler.expect(source.signal.debounce(.seconds(2), on: scheduler), "---a---c--(d|)")
        #expect(result.isMet, "\(result)")
    }

    @Test func completionSendsThePendingValueAtOnce() {
        let scheduler = TestScheduler()
        let recorder = Signal.from([1, 2, 3]).debounce(.seconds(5), on: scheduler).record()
        #expect(recorder.events == [.next(3), .completed])
        // The pending timer was cancelled with the completion.
        scheduler.run()
        #expect(scheduler.now == .zero)
    }

    @Test func completesAtOnceWithNothingPending() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-a----|")
        let result = scheduler.expect(source.signal.debounce(.seconds(2), on: scheduler), "---a--|")
        #expect(result.isMet, "\(result)")
    }

    @Test func anErrorIsSentAtOnceAndDropsThePendingValue() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, TestError> = scheduler.cold("-a-b#", error: TestError(1))
        let result = scheduler.expect(source.signal.debounce(.seconds(3), on: scheduler), "----#", error: TestError(1))
        #expect(result.isMet, "\(result)")
    }

    @Test func disposingCancelsThePendingTimer() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-a-b-c-|")
        let result = scheduler.expect(source.signal.debounce(.seconds(3), on: scheduler), "----!")
        #expect(result.isMet, "\(result)")
        #expect(source.subscriptionMarbles == ["^---!"])
        scheduler.run()
        #expect(scheduler.now == .zero + .seconds(4)) // b's timer (due at 6) is gone
    }

    @Test func aValueSentFromADownstreamCallbackIsDebounced() {
        let scheduler = TestScheduler()
        let subject = Subject<Int, Never>()
        let recorder = subject.signal.debounce(.seconds(1), on: scheduler)
            .on(next: { if $0 < 3 { subject.send(value: $0 + 1) } })
            .record(scheduler: scheduler)
        subject.send(value: 1)
        scheduler.advance(by: .seconds(5))
        #expect(recorder.timedEvents == [
            TimedEvent(.seconds(1), .next(1)), TimedEvent(.seconds(2), .next(2)), TimedEvent(.seconds(3), .next(3)),
        ])
    }

    @Test func aCompletionSentFromADownstreamCallbackSendsNothingMore() {
        let scheduler = TestScheduler()
        let subject = Subject<Int, Never>()
        let recorder = subject.signal.debounce(.seconds(1), on: scheduler)
            .on(next: { _ in subject.sendCompleted() })
            .record()
        subject.send(value: 1)
        scheduler.advance(by: .seconds(1))
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test func aNewerValueAtTheInstantThePendingOneFallsDueReplacesIt() {
        // a is due at 3; b arrives at 3, before the timer's work for that instant (the hot
        // source was scheduled first): the due time has not passed without a newer value, so
        // a is dropped, as RxSwift does.
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.hot("^a-b---|")
        let result = scheduler.expect(source.signal.debounce(.seconds(2), on: scheduler), "-----b-|")
        #expect(result.isMet, "\(result)")
    }

    @Test func aValueWhoseTimerIsSendingItSurvivesACompletionFromAnotherThread() {
        // The timer fires on the scheduler's queue while the source completes on this thread:
        // whichever claims the value sends it, and the completion never cuts a timer that
        // has claimed it. Nothing is lost, nothing is sent twice.
        let scheduler = QueueScheduler(name: "DebounceTests.race")
        for round in 0..<300 {
            let source = Subject<Int, Never>()
            let recorder = source.signal.debounce(.zero, on: scheduler).record()
            source.send(value: round)
            if round.isMultiple(of: 2) { Thread.sleep(forTimeInterval: Double(round % 7) * 1e-5) }  // spread the race
            source.sendCompleted()
            #expect(waitUntil(seconds: 120) { recorder.isCompleted })
            #expect(recorder.values == [round])
        }
    }
}
