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

    // Ties at the exact end of a window: a value passes when `now - lastSent >= interval`.

    @Test func withoutLatestAValueAtTheExactEndOfTheWindowPasses() {
        // RxSwift's test_ThrottleTimeSpan_NotLatest_Completed: a hot source, subscribed at
        // 200, an interval of 200 ticks. 6@410 arrives as the window of 2@210 ends.
        let scheduler = TestScheduler()
        let subject = Subject<Int, Never>()
        for (tick, value) in [(210, 2), (250, 3), (310, 4), (350, 5), (410, 6), (450, 7)] {
            scheduler.schedule(after: .seconds(tick)) { subject.send(value: value) }
        }
        scheduler.schedule(after: .seconds(500)) { subject.sendCompleted() }
        scheduler.advance(to: .zero + .seconds(200))
        let recorder = subject.signal.throttle(.seconds(200), on: scheduler, latest: false).record(scheduler: scheduler)
        scheduler.advance(to: .zero + .seconds(1000))
        #expect(recorder.timedEvents == [
            TimedEvent(.seconds(210), .next(2)), TimedEvent(.seconds(410), .next(6)), TimedEvent(.seconds(500), .completed),
        ])
    }

    @Test func withoutLatestASourceExactlyAsFastAsTheIntervalLosesNothing() {
        let scheduler = TestScheduler()
        let recorder = Signal<Int, Never>.interval(.seconds(100), on: scheduler)
            .throttle(.seconds(100), on: scheduler, latest: false)
            .record(scheduler: scheduler)
        scheduler.advance(by: .seconds(500))
        #expect(recorder.timedEvents == (0..<5).map { TimedEvent(.seconds(100 * ($0 + 1)), .next($0)) })
    }

    @Test func withLatestASourceExactlyAsFastAsTheIntervalLosesNothing() {
        let scheduler = TestScheduler()
        let recorder = Signal<Int, Never>.interval(.seconds(100), on: scheduler)
            .throttle(.seconds(100), on: scheduler, latest: true)
            .record(scheduler: scheduler)
        scheduler.advance(by: .seconds(500))
        #expect(recorder.timedEvents == (0..<5).map { TimedEvent(.seconds(100 * ($0 + 1)), .next($0)) })
    }

    @Test func withLatestTheKeptValueEndsItsWindowBeforeAValueAtTheSameInstant() {
        // a opens [1, 4); b is kept for 4; c arrives at 4, before the window's timer runs
        // (the hot source was scheduled first): b is sent at 4 and opens [4, 7), c is kept
        // for 7.
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.hot("^ab-c------|")
        let result = scheduler.expect(source.signal.throttle(.seconds(3), on: scheduler), "-a--b--c---|")
        #expect(result.isMet, "\(result)")
    }

    @Test func withLatestTheSameTieHoldsWhenTheTimerRunsFirst() {
        // A cold source subscribed after the window's timer was scheduled: the timer runs
        // first at 4, and the outcome is the same.
        let scheduler = TestScheduler()
        let subject = Subject<String, Never>()
        let recorder = subject.signal.throttle(.seconds(3), on: scheduler).record(scheduler: scheduler)
        scheduler.advance(by: .seconds(1))
        subject.send(value: "a")
        scheduler.advance(by: .seconds(1))
        subject.send(value: "b")
        scheduler.schedule(after: .seconds(2)) { subject.send(value: "c") }
        scheduler.advance(by: .seconds(10))
        #expect(recorder.timedEvents == [
            TimedEvent(.seconds(1), .next("a")), TimedEvent(.seconds(4), .next("b")), TimedEvent(.seconds(7), .next("c")),
        ])
    }

    // Where Combine's throttle(for:scheduler:latest:) differs (Contracts.md, "Where Signals
    // differs from Combine"): swift-async-algorithms' `_throttle` is written to Combine's
    // meaning, and its validation diagram `abcdefghijk|` at an interval of 2 shows both rules.
    // Theirs: `a-c-e-g-i-k|` with latest, `a-b-d-f-h-j|` without.

    @Test func onTheRateTwoDiagramWithLatestEachKeptValueEndsItsWindow() {
        // b, kept in [0, 2), is sent at 2 and opens [2, 4), where c is kept and d replaces it …
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("abcdefghijk|")
        let result = scheduler.expect(
            source.signal.throttle(.seconds(2), on: scheduler, latest: true), "a-b-d-f-h-j-(k|)")
        #expect(result.isMet, "\(result)")
    }

    @Test func withoutLatestTheValuesInsideAWindowAreDroppedNotSentLater() {
        // RxSwift's latest: false: b arrives inside [0, 2) and is dropped; c, at 2, passes.
        // Combine's sends b, the first value of the interval, at 2 instead.
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("abcdefghijk|")
        let result = scheduler.expect(
            source.signal.throttle(.seconds(2), on: scheduler, latest: false), "a-c-e-g-i-k|")
        #expect(result.isMet, "\(result)")
    }

    @Test func withLatestAKeptValueIsSentAtItsWindowsEndWithoutWaitingForAnotherValue() {
        // async-algorithms' `_throttle` sends only when a value arrives after the interval (or
        // at the end): b would wait until 8. Here the window's timer sends it at 2.
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("ab------|")
        let result = scheduler.expect(source.signal.throttle(.seconds(2), on: scheduler, latest: true), "a-b-----|")
        #expect(result.isMet, "\(result)")
    }
}

