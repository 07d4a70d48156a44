// chunked(on:): consecutive values with one key, sent as (key, values) when the key changes
// (swift-async-algorithms' rule and shape).

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

/// Each chunk as "key:values", e.g. "false:13".
private func described(_ chunk: (Bool, [Int])) -> String {
    "\(chunk.0):\(chunk.1.map(String.init).joined())"
}

@Suite struct ChunkedOnTests {
    @Test func groupsConsecutiveValuesWithOneKeyAndAReturningKeyStartsANewChunk() {
        let recorder = Signal.from([1, 3, 2, 4, 5, 7]).chunked(on: { $0.isMultiple(of: 2) }).map(described).record()
        #expect(recorder.events == [.next("false:13"), .next("true:24"), .next("false:57"), .completed])
    }

    @Test func anEmptySourceSendsNoChunk() {
        #expect(Signal<Int, Never>.empty.chunked(on: { $0 > 0 }).map(described).record().events == [.completed])
    }

    @Test func theTimeline() {
        // The timeline in chunked(on:)'s doc comment: a chunk is sent when the next one starts,
        // the last one at completion.
        let scheduler = TestScheduler()
        let source: TestSignal<Int, Never> = scheduler.cold("-1-3-2-5-|")
        let result = scheduler.expect(
            source.signal.chunked(on: { $0.isMultiple(of: 2) }).map(described), "-----x-y-(z|)",
            values: ["x": "false:13", "y": "true:2", "z": "false:5"])
        #expect(result.isMet, "\(result)")
    }

    @Test func anErrorDropsTheOpenChunk() {
        let recorder = Signal<Int, Oops>.from([1, 2, 4]).concat(.error(Oops()))
            .chunked(on: { $0.isMultiple(of: 2) }).map(described).record()
        #expect(recorder.events == [.next("false:1"), .error(Oops())])
    }

    @Test func eachSubscriptionStartsWithoutAChunk() {
        let chunks = Signal.from([1, 1, 2]).chunked(on: { $0 }).map { $0.1 }
        #expect(chunks.record().values == [[1, 1], [2]])
        #expect(chunks.record().values == [[1, 1], [2]])
    }

    @Test func disposingMidStreamDisposesTheSourceAndSendsNothingMore() {
        let source = SpySource<Int, Never>()
        let recorder = source.signal.chunked(on: { $0 }).map { $0.1 }.record()
        source.send(value: 1)
        source.send(value: 2)
        recorder.dispose()
        source.send(value: 3)
        #expect(recorder.values == [[1]])
        #expect(source.disposals.count == 1)
    }
}
