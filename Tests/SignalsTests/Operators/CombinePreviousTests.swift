// combinePrevious(_:): a stateful bind pairing each value with the previous one.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

/// A non-Sendable value: the seed needs no `Sendable` conformance.
private final class Box {
    let id: Int
    init(_ id: Int) { self.id = id }
}

@Suite struct CombinePreviousTests {
    @Test func pairsEachValueWithThePreviousOneStartingFromTheSeed() {
        let recorder = Signal.from([1, 2, 3]).combinePrevious(0).map { "\($0)-\($1)" }.record()
        #expect(recorder.events == [.next("0-1"), .next("1-2"), .next("2-3"), .completed])
    }

    @Test func anEmptySourceCompletesWithoutAPair() {
        #expect(Signal<Int, Never>.empty.combinePrevious(0).map { $0 + $1 }.record().events == [.completed])
    }

    @Test func eachSubscriptionStartsFromTheSeed() {
        let pairs = Signal.from([1, 2]).combinePrevious(0).map { [$0, $1] }
        #expect(pairs.record().values == [[0, 1], [1, 2]])
        #expect(pairs.record().values == [[0, 1], [1, 2]])
    }

    @Test func acceptsANonSendableValue() {
        let ids = Signal.from([1, 2]).map { Box($0) }.combinePrevious(Box(0)).map { "\($0.id)-\($1.id)" }
        #expect(ids.record().values == ["0-1", "1-2"])
    }

    @Test func passesErrorsThrough() {
        let recorder = Signal<Int, Oops>.from([1]).concat(.error(Oops())).combinePrevious(0).map { $0 + $1 }.record()
        #expect(recorder.events == [.next(1), .error(Oops())])
    }

    @Test func disposingMidStreamDisposesTheSource() {
        // Given
        let source = SpySource<Int, Never>()
        let recorder = source.signal.combinePrevious(0).map { [$0, $1] }.record()
        source.send(value: 1)
        // When
        recorder.dispose()
        source.send(value: 2)
        // Then
        #expect(recorder.events == [.next([0, 1])])
        #expect(source.disposals.count == 1)
    }

    @Test func aReentrantSendIsPairedInOrder() {
        // Given
        let subject = Subject<Int, Never>()
        let received = Locked<[[Int]]>([])
        subject.signal.combinePrevious(0).subscribe(next: { previous, current in
            received.append([previous, current])
            if current == 1 { subject.send(value: 2) }
        })
        // When
        subject.send(value: 1)
        subject.send(value: 3)
        // Then
        #expect(received.value == [[0, 1], [1, 2], [2, 3]])
    }
}

@Suite struct PairwiseTests {
    @Test func pairsEachValueWithTheOneBeforeFromTheSecondValueOn() {
        let recorder = Signal.from([1, 2, 4]).pairwise().map { [$0, $1] }.record()
        #expect(recorder.events == [.next([1, 2]), .next([2, 4]), .completed])
    }

    @Test func oneValueOrNoneSendsNothing() {
        #expect(Signal.just(1).pairwise().map { [$0, $1] }.record().events == [.completed])
        #expect(Signal<Int, Never>.empty.pairwise().map { [$0, $1] }.record().events == [.completed])
    }

    @Test func theTimeline() {
        // The timeline in pairwise()'s doc comment.
        let scheduler = TestScheduler()
        let source: TestSignal<Int, Never> = scheduler.cold("-1-----2-----3-----|")
        let recorder = Recorder(source.signal.pairwise().map { "(\($0),\($1))" }, scheduler: scheduler)
        scheduler.run()
        #expect(recorder.events == [.next("(1,2)"), .next("(2,3)"), .completed])
        #expect(recorder.marbles(values: ["x": "(1,2)", "y": "(2,3)"]) == "-------x-----y-----|")
    }

    @Test func passesTheSourcesError() {
        let recorder = Signal<Int, Oops>.from([1, 2]).concat(.error(Oops())).pairwise().map { [$0, $1] }.record()
        #expect(recorder.events == [.next([1, 2]), .error(Oops())])
    }

    @Test func eachSubscriptionStartsWithoutAPreviousValue() {
        let pairs = Signal.from([1, 2]).pairwise().map { [$0, $1] }
        #expect(pairs.record().values == [[1, 2]])
        #expect(pairs.record().values == [[1, 2]])
    }
}
