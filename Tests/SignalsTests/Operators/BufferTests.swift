// The windows of time: buffer(timeSpan:count:on:) (RxSwift's buffer), collect(every:on:)
// and sample(every:on:), on virtual time.

import Testing
import Signals
import SignalsTesting

@Suite struct BufferTests {
    @Test func sendsAtTheEndOfEachWindowOrWhenFullWhichRestartsTheClock() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-abc---d-----|")
        let result = scheduler.expect(
            source.signal.buffer(timeSpan: .seconds(3), count: 2, on: scheduler), "--x--y--z--e-(e|)",
            values: ["x": ["a", "b"], "y": ["c"], "z": ["d"], "e": []])
        #expect(result.isMet, "\(result)")
    }

    @Test func aValueAtTheInstantAWindowEndsGoesInThatWindow() {
        // Windows end at 3 and 6; b and c arrive at those instants, before the clock's work
        // for them (the hot source was scheduled first), and are sent with their window.
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.hot("^-ab--c-|")
        let result = scheduler.expect(
            source.signal.buffer(timeSpan: .seconds(3), count: 9, on: scheduler), "---x--y-(e|)",
            values: ["x": ["a", "b"], "y": ["c"], "e": []])
        #expect(result.isMet, "\(result)")
    }

    @Test func anErrorDropsTheBuffer() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, TestError> = scheduler.cold("-a-#", error: TestError(3))
        let result = scheduler.expect(
            source.signal.buffer(timeSpan: .seconds(5), count: 9, on: scheduler), "---#", values: [:],
            error: TestError(3))
        #expect(result.isMet, "\(result)")
    }

    @Test func disposingCancelsTheClock() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-a--b--|")
        let result = scheduler.expect(
            source.signal.buffer(timeSpan: .seconds(2), count: 5, on: scheduler), "--x-!",
            values: ["x": ["a"]])
        #expect(result.isMet, "\(result)")
        #expect(source.subscriptionMarbles == ["^---!"])
        scheduler.run()
        #expect(scheduler.now == .zero + .seconds(4))
    }

    @Test func aValueSentFromADownstreamCallbackGoesInTheNextBuffer() {
        let scheduler = TestScheduler()
        let subject = Subject<Int, Never>()
        let recorder = subject.signal.buffer(timeSpan: .seconds(10), count: 2, on: scheduler)
            .on(next: { if $0 == [1, 2] { subject.send(value: 3) } })
            .record()
        subject.send(value: 1)
        subject.send(value: 2)
        subject.send(value: 4)
        subject.sendCompleted()
        #expect(recorder.events == [.next([1, 2]), .next([3, 4]), .next([]), .completed])
    }

    @Test func aNonPositiveTimeSpanIsAProgrammerError() async {
        await #expect(processExitsWith: .failure) {
            _ = Signal<Int, Never>.never.buffer(timeSpan: .zero, count: 1, on: TestScheduler())
        }
    }

    @Test func aZeroCountIsAProgrammerError() async {
        await #expect(processExitsWith: .failure) {
            _ = Signal<Int, Never>.never.buffer(timeSpan: .seconds(1), count: 0, on: TestScheduler())
        }
    }
}

@Suite struct CollectEveryTests {
    @Test func sendsTheValuesOfEachPeriodAndSkipsEmptyPeriods() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-ab--c-----d-|")
        let result = scheduler.expect(
            source.signal.collect(every: .seconds(3), on: scheduler), "---x--y-----z|",
            values: ["x": ["a", "b"], "y": ["c"], "z": ["d"]])
        #expect(result.isMet, "\(result)")
    }

    @Test func completionSendsTheRestFirst() {
        let scheduler = TestScheduler()
        let recorder = Signal.from([1, 2]).collect(every: .seconds(3), on: scheduler).record()
        #expect(recorder.events == [.next([1, 2]), .completed])
        scheduler.run()
        #expect(scheduler.now == .zero)
    }

    @Test func anErrorDropsTheValuesCollected() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, TestError> = scheduler.cold("-a-#", error: TestError(4))
        let result = scheduler.expect(
            source.signal.collect(every: .seconds(2), on: scheduler), "--x#", values: ["x": ["a"]], error: TestError(4))
        #expect(result.isMet, "\(result)")
    }

    @Test func disposingCancelsTheClock() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-a-b-c|")
        let result = scheduler.expect(
            source.signal.collect(every: .seconds(2), on: scheduler), "--x-!", values: ["x": ["a"]])
        #expect(result.isMet, "\(result)")
        #expect(source.subscriptionMarbles == ["^---!"])
        scheduler.run()
        #expect(scheduler.now == .zero + .seconds(4))
    }

    @Test func aValueSentFromADownstreamCallbackGoesInTheNextPeriod() {
        let scheduler = TestScheduler()
        let subject = Subject<Int, Never>()
        let recorder = subject.signal.collect(every: .seconds(1), on: scheduler)
            .on(next: { if $0 == [1] { subject.send(value: 2) } })
            .record(scheduler: scheduler)
        subject.send(value: 1)
        scheduler.advance(by: .seconds(3))
        #expect(recorder.timedEvents == [TimedEvent(.seconds(1), .next([1])), TimedEvent(.seconds(2), .next([2]))])
        recorder.dispose()
    }

    @Test func aNonPositivePeriodIsAProgrammerError() async {
        await #expect(processExitsWith: .failure) {
            _ = Signal<Int, Never>.never.collect(every: .seconds(-1), on: TestScheduler())
        }
    }
}

@Suite struct SampleEveryTests {
    @Test func sendsTheLatestNewValueAtTheEndOfEachPeriod() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-a-b---c-d-|")
        let result = scheduler.expect(source.signal.sample(every: .seconds(2), on: scheduler), "--a-b---c-d|")
        #expect(result.isMet, "\(result)")
    }

    @Test func aValueAtTheInstantOfATickIsSampledByIt() {
        // Ticks at 2, 4, 6; a and b arrive at 2 and 4, before the tick's work for that
        // instant (the hot source was scheduled first), and are sent at once by it.
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.hot("^-a-b-|")
        let result = scheduler.expect(source.signal.sample(every: .seconds(2), on: scheduler), "--a-b-|")
        #expect(result.isMet, "\(result)")
    }

    @Test func sendsOnlyTheLatestOfSeveralValues() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-ab------|")
        let result = scheduler.expect(source.signal.sample(every: .seconds(3), on: scheduler), "---b-----|")
        #expect(result.isMet, "\(result)")
    }

    @Test func completionWaitsForThePendingValue() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-a|")
        let result = scheduler.expect(source.signal.sample(every: .seconds(3), on: scheduler), "---(a|)")
        #expect(result.isMet, "\(result)")
    }

    @Test func anErrorIsSentAtOnce() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, TestError> = scheduler.cold("-a#", error: TestError(5))
        let result = scheduler.expect(source.signal.sample(every: .seconds(3), on: scheduler), "--#", error: TestError(5))
        #expect(result.isMet, "\(result)")
    }

    @Test func disposingCancelsTheClock() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-a-b-c|")
        let result = scheduler.expect(source.signal.sample(every: .seconds(2), on: scheduler), "--a-!")
        #expect(result.isMet, "\(result)")
        #expect(source.subscriptionMarbles == ["^---!"])
        scheduler.run()
        #expect(scheduler.now == .zero + .seconds(4))
    }

    @Test func aValueSentFromADownstreamCallbackIsSampledNextPeriod() {
        let scheduler = TestScheduler()
        let subject = Subject<Int, Never>()
        let recorder = subject.signal.sample(every: .seconds(1), on: scheduler)
            .on(next: { if $0 == 1 { subject.send(value: 2) } })
            .record(scheduler: scheduler)
        subject.send(value: 1)
        scheduler.advance(by: .seconds(3))
        #expect(recorder.timedEvents == [TimedEvent(.seconds(1), .next(1)), TimedEvent(.seconds(2), .next(2))])
        recorder.dispose()
    }
}
