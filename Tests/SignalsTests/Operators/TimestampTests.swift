// timestamp(on:) and timeInterval(on:): values paired with the scheduler's clock, read as
// they pass.

import Testing
import Signals
import SignalsTesting

@Suite struct TimestampTests {
    @Test func pairsEachValueWithTheSchedulersNow() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-a--b|")
        let result = scheduler.expect(source.signal.timestamp(on: scheduler), "-x--y|", values: [
            "x": Timestamped(value: "a", time: .init(offset: .seconds(1))),
            "y": Timestamped(value: "b", time: .init(offset: .seconds(4))),
        ])
        #expect(result.isMet, "\(result)")
    }

    @Test func valuesSentTogetherShareTheirTime() {
        let scheduler = TestScheduler()
        scheduler.advance(by: .seconds(7))
        let recorder = Signal.from([1, 2]).timestamp(on: scheduler).record()
        #expect(recorder.values.map(\.time) == [.init(offset: .seconds(7)), .init(offset: .seconds(7))])
        #expect(recorder.values.map(\.value) == [1, 2])
        #expect(recorder.isCompleted)
    }

    @Test func forwardsTheError() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, TestError> = scheduler.cold("-a#", error: TestError(1))
        let result = scheduler.expect(source.signal.timestamp(on: scheduler), "-x#", values: [
            "x": Timestamped(value: "a", time: .init(offset: .seconds(1))),
        ], error: TestError(1))
        #expect(result.isMet, "\(result)")
    }
}

@Suite struct TimeIntervalTests {
    @Test func pairsEachValueWithTheTimeSinceThePreviousOne() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-a--b|")
        let result = scheduler.expect(source.signal.timeInterval(on: scheduler), "-x--y|", values: [
            "x": Elapsed(value: "a", interval: .seconds(1)),
            "y": Elapsed(value: "b", interval: .seconds(3)),
        ])
        #expect(result.isMet, "\(result)")
    }

    @Test func theFirstIntervalCountsFromEachSubscription() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.hot("^---a-b|")
        let intervals = source.signal.timeInterval(on: scheduler)
        let early = intervals.record()
        scheduler.advance(by: .seconds(3))
        let late = intervals.record()
        scheduler.run()
        #expect(early.values == [Elapsed(value: "a", interval: .seconds(4)), Elapsed(value: "b", interval: .seconds(2))])
        #expect(late.values == [Elapsed(value: "a", interval: .seconds(1)), Elapsed(value: "b", interval: .seconds(2))])
    }

    @Test func valuesSentTogetherAreZeroApart() {
        let scheduler = TestScheduler()
        let recorder = Signal.from([1, 2]).timeInterval(on: scheduler).record()
        #expect(recorder.values == [Elapsed(value: 1, interval: .zero), Elapsed(value: 2, interval: .zero)])
    }

    @Test func forwardsTheError() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, TestError> = scheduler.cold("--#", error: TestError(1))
        let result = scheduler.expect(source.signal.timeInterval(on: scheduler), "--#", error: TestError(1))
        #expect(result.isMet, "\(result)")
    }
}
