// scan, scan(into:), reduce: stateful binds keeping an accumulator per subscription.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

/// A non-Sendable accumulator: the seed needs no `Sendable` conformance.
private final class Tally {
    var total = 0
}

@Suite struct ScanTests {
    @Test func sendsEveryAccumulationButNotTheSeed() {
        #expect(Signal.from([1, 2, 3]).scan(10, +).record().events == [.next(11), .next(13), .next(16), .completed])
    }

    @Test func anEmptySourceCompletesWithoutAValue() {
        #expect(Signal<Int, Never>.empty.scan(0, +).record().events == [.completed])
    }

    @Test func passesErrorsThroughAfterTheAccumulations() {
        let recorder = Signal<Int, Oops>.from([1, 2]).concat(.error(Oops())).scan(0, +).record()
        #expect(recorder.events == [.next(1), .next(3), .error(Oops())])
    }

    @Test func eachSubscriptionStartsFromTheSeed() {
        let sums = Signal.from([1, 2]).scan(0, +)
        #expect(sums.record().values == [1, 3])
        #expect(sums.record().values == [1, 3])
    }

    @Test func acceptsANonSendableSeed() {
        let totals = Signal.from([1, 2]).scan(Tally()) { tally, value in
            let next = Tally()
            next.total = tally.total + value
            return next
        }.map(\.total)
        #expect(totals.record().values == [1, 3])
    }

    @Test func disposingMidStreamDisposesTheSource() {
        // Given
        let source = SpySource<Int, Never>()
        let recorder = source.signal.scan(0, +).record()
        source.send(value: 1)
        // When
        recorder.dispose()
        source.send(value: 2)
        // Then
        #expect(recorder.events == [.next(1)])
        #expect(source.disposals.count == 1)
    }

    @Test func aReentrantSendIsAccumulatedInOrder() {
        // Given
        let subject = Subject<Int, Never>()
        let received = Locked<[Int]>([])
        subject.signal.scan(0, +).subscribe(next: { sum in
            received.append(sum)
            if sum == 1 { subject.send(value: 10) }
        })
        // When
        subject.send(value: 1)
        subject.send(value: 100)
        // Then
        #expect(received.value == [1, 11, 111])
    }
}

@Suite struct ScanIntoTests {
    @Test func sendsACopyOfEveryAccumulation() {
        let recorder = Signal.from(["a", "b", "c"]).scan(into: [String]()) { $0.append($1) }.record()
        #expect(recorder.events == [.next(["a"]), .next(["a", "b"]), .next(["a", "b", "c"]), .completed])
    }

    @Test func eachSubscriptionStartsFromTheSeed() {
        let lists = Signal.from([1, 2]).scan(into: [0]) { $0.append($1) }
        #expect(lists.record().values == [[0, 1], [0, 1, 2]])
        #expect(lists.record().values == [[0, 1], [0, 1, 2]])
    }

    @Test func passesErrorsThrough() {
        let recorder = Signal<Int, Oops>.from([1]).concat(.error(Oops())).scan(into: 0) { $0 += $1 }.record()
        #expect(recorder.events == [.next(1), .error(Oops())])
    }

    @Test func disposingMidStreamDisposesTheSource() {
        // Given
        let source = SpySource<Int, Never>()
        let recorder = source.signal.scan(into: 0) { $0 += $1 }.record()
        source.send(value: 5)
        // When
        recorder.dispose()
        source.send(value: 6)
        // Then
        #expect(recorder.events == [.next(5)])
        #expect(source.disposals.count == 1)
    }

    @Test func aReentrantSendIsAccumulatedInOrder() {
        // Given
        let subject = Subject<Int, Never>()
        let received = Locked<[[Int]]>([])
        subject.signal.scan(into: [Int]()) { $0.append($1) }.subscribe(next: { list in
            received.append(list)
            if list == [1] { subject.send(value: 2) }
        })
        // When
        subject.send(value: 1)
        subject.send(value: 3)
        // Then
        #expect(received.value == [[1], [1, 2], [1, 2, 3]])
    }
}

@Suite struct ReduceTests {
    @Test func sendsTheLastAccumulationOnCompletion() {
        #expect(Signal.from([1, 2, 3]).reduce(10, +).record().events == [.next(16), .completed])
    }

    @Test func anEmptySourceSendsTheSeed() {
        #expect(Signal<Int, Never>.empty.reduce(7, +).record().events == [.next(7), .completed])
    }

    @Test func sendsNothingBeforeCompletion() {
        // Given
        let subject = Subject<Int, Never>()
        let recorder = subject.signal.reduce(0, +).record()
        // When
        subject.send(value: 1)
        subject.send(value: 2)
        // Then
        #expect(recorder.events.isEmpty)
        subject.sendCompleted()
        #expect(recorder.events == [.next(3), .completed])
    }

    @Test func anErrorFailsWithoutAValue() {
        let recorder = Signal<Int, Oops>.from([1, 2]).concat(.error(Oops())).reduce(0, +).record()
        #expect(recorder.events == [.error(Oops())])
    }

    @Test func disposingMidStreamDisposesTheSourceAndSendsNothing() {
        // Given
        let source = SpySource<Int, Never>()
        let recorder = source.signal.reduce(0, +).record()
        source.send(value: 1)
        // When
        recorder.dispose()
        source.sendCompleted()
        // Then
        #expect(recorder.events.isEmpty)
        #expect(source.disposals.count == 1)
    }

    @Test func aReentrantSendIsCountedBeforeCompletion() {
        // Given
        let subject = Subject<Int, Never>()
        let recorder = subject.signal.reduce(0, +).record()
        subject.signal.subscribe(next: { value in
            if value == 1 {
                subject.send(value: 10)
                subject.sendCompleted()
            }
        })
        // When
        subject.send(value: 1)
        // Then
        #expect(recorder.events == [.next(11), .completed])
    }
}

@Suite struct ScanWithoutSeedTests {
    @Test func theFirstValueStartsTheAccumulationAndIsSentAsItIs() {
        #expect(Signal.from([5, 1, 2]).scan(+).record().events == [.next(5), .next(6), .next(8), .completed])
        #expect(Signal.from([3, 1, 4]).scan { max($0, $1) }.record().values == [3, 3, 4])
    }

    @Test func anEmptySourceCompletesWithoutAValue() {
        #expect(Signal<Int, Never>.empty.scan(+).record().events == [.completed])
    }

    @Test func passesErrorsThroughAfterTheAccumulations() {
        let recorder = Signal<Int, Oops>.from([1, 2]).concat(.error(Oops())).scan(+).record()
        #expect(recorder.events == [.next(1), .next(3), .error(Oops())])
    }

    @Test func eachSubscriptionStartsAgainFromItsOwnFirstValue() {
        let sums = Signal.from([1, 2]).scan(+)
        #expect(sums.record().values == [1, 3])
        #expect(sums.record().values == [1, 3])
    }

    @Test func theTimeline() {
        // The timeline in scan(_:)'s doc comment.
        let scheduler = TestScheduler()
        let source: TestSignal<Int, Never> = scheduler.cold("-1--2--3--|")
        let result = scheduler.expect(source.signal.scan(+), "-1--3--6--|", values: ["1": 1, "3": 3, "6": 6])
        #expect(result.isMet, "\(result)")
    }

    @Test func disposingMidStreamDisposesTheSource() {
        let source = SpySource<Int, Never>()
        let recorder = source.signal.scan(+).record()
        source.send(value: 1)
        recorder.dispose()
        source.send(value: 2)
        #expect(recorder.values == [1])
        #expect(source.disposals.count == 1)
    }
}
