// enumerated(): a stateful bind pairing each value with its offset from 0.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct EnumeratedTests {
    @Test func pairsEachValueWithItsOffsetFromZero() {
        let recorder = Signal.from(["a", "b", "c"]).enumerated().map { "\($0.offset)\($0.element)" }.record()
        #expect(recorder.events == [.next("0a"), .next("1b"), .next("2c"), .completed])
    }

    @Test func eachSubscriptionCountsFromZeroAgain() {
        let offsets = Signal.from(["a", "b"]).enumerated().map(\.offset)
        #expect(offsets.record().values == [0, 1])
        #expect(offsets.record().values == [0, 1])
    }

    @Test func theTimeline() {
        // The timeline in enumerated()'s doc comment.
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-a-----b-----|")
        let result = scheduler.expect(source.signal.enumerated().map { "\($0.offset)\($0.element)" }, "-x-----y-----|",
                                      values: ["x": "0a", "y": "1b"])
        #expect(result.isMet, "\(result)")
    }

    @Test func passesTheSourcesErrorAndCountsOnlyValues() {
        let recorder = Signal<String, Oops>.from(["a"]).concat(.error(Oops())).enumerated().map(\.offset).record()
        #expect(recorder.events == [.next(0), .error(Oops())])
    }

    @Test func disposingMidStreamDisposesTheSource() {
        let source = SpySource<Int, Never>()
        let recorder = source.signal.enumerated().map(\.offset).record()
        source.send(value: 7)
        recorder.dispose()
        source.send(value: 8)
        #expect(recorder.values == [0])
        #expect(source.disposals.count == 1)
    }
}
