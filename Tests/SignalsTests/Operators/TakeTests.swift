// take(_:), take(while:), takeLast(_:).

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

/// 1, 2, 3, … forever, counting how many elements were read.
private struct CountingNaturals: Sequence, Sendable {
    let reads: Counter

    struct Iterator: IteratorProtocol {
        let reads: Counter
        mutating func next() -> Int? { reads.increment() }
    }

    func makeIterator() -> Iterator { Iterator(reads: reads) }
}

@Suite struct TakeTests {
    @Test func forwardsTheFirstValuesThenCompletes() {
        #expect(Signal.from(1...5).take(3).record().events == [.next(1), .next(2), .next(3), .completed])
    }

    @Test func completesWhenTheSourceCompletesFirst() {
        #expect(Signal.from([1, 2]).take(5).record().events == [.next(1), .next(2), .completed])
    }

    @Test func takeZeroCompletesAtOnceWithoutSubscribing() {
        // Given
        let source = SpySource<Int, Never>()
        // When
        let recorder = source.signal.take(0).record()
        // Then
        #expect(recorder.events == [.completed])
        #expect(source.subscriptions.count == 0)
    }

    @Test func completesAndDisposesTheSourceAfterTheLastValue() {
        // Given
        let source = SpySource<Int, Never>()
        let recorder = source.signal.take(2).record()
        // When
        source.send(value: 1)
        #expect(source.disposals.count == 0)
        source.send(value: 2)
        // Then
        #expect(recorder.events == [.next(1), .next(2), .completed])
        #expect(source.disposals.count == 1)
        source.send(value: 3)
        #expect(recorder.events.count == 3)
    }

    @Test func stopsAnEndlessSynchronousSource() {
        // Given
        let reads = Counter()
        // When
        let recorder = Signal.from(CountingNaturals(reads: reads)).take(3).record()
        // Then
        #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
        #expect(reads.count <= 4, "the source stopped right after the third value")
    }

    @Test func passesAnEarlierErrorThrough() {
        let recorder = Signal<Int, Oops>.from([1]).concat(.error(Oops())).take(3).record()
        #expect(recorder.events == [.next(1), .error(Oops())])
    }

    @Test func aNegativeCountIsAProgrammerError() async {
        await #expect(processExitsWith: .failure) {
            _ = Signal.from([1]).take(-1)
        }
    }

    @Test func disposingMidStreamDisposesTheSource() {
        // Given
        let source = SpySource<Int, Never>()
        let recorder = source.signal.take(5).record()
        source.send(value: 1)
        // When
        recorder.dispose()
        source.send(value: 2)
        // Then
        #expect(recorder.events == [.next(1)])
        #expect(source.disposals.count == 1)
    }

    @Test func aReentrantSendCountsTowardsTheLimit() {
        // Given
        let subject = Subject<Int, Never>()
        let received = Locked<[Int]>([])
        let completions = Counter()
        subject.signal.take(2).subscribe(next: { value in
            received.append(value)
            if value == 1 {
                subject.send(value: 2)
                subject.send(value: 3)
            }
        }, completed: { completions.increment() })
        // When
        subject.send(value: 1)
        subject.send(value: 4)
        // Then
        #expect(received.value == [1, 2])
        #expect(completions.count == 1)
    }

    @Test func aReentrantSendAfterTheLastValueIsIgnored() {
        // Given: the observer sends to the source again from inside its callback
        let source = ManualSource<Int, Never>()
        let received = Locked<[Int]>([])
        let completions = Counter()
        source.signal.take(1).subscribe(next: { value in
            received.append(value)
            source.observer.send(value: value + 1)
        }, completed: { completions.increment() })
        // When
        source.observer.send(value: 1)
        // Then
        #expect(received.value == [1])
        #expect(completions.count == 1)
        #expect(source.disposals.count == 1)
    }
}

@Suite struct TakeWhileTests {
    @Test func forwardsValuesWhileThePredicateHolds() {
        let recorder = Signal.from([1, 2, 5, 1]).take(while: { $0 < 3 }).record()
        #expect(recorder.events == [.next(1), .next(2), .completed])
    }

    @Test func completesWithTheSourceWhenThePredicateAlwaysHolds() {
        #expect(Signal.from([1, 2]).take(while: { _ in true }).record().events == [.next(1), .next(2), .completed])
    }

    @Test func disposesTheSourceAtTheFirstFailingValue() {
        // Given
        let source = SpySource<Int, Never>()
        let recorder = source.signal.take(while: { $0 < 3 }).record()
        // When
        source.send(value: 1)
        source.send(value: 3)
        source.send(value: 2)
        // Then
        #expect(recorder.events == [.next(1), .completed])
        #expect(source.disposals.count == 1)
    }

    @Test func stopsAnEndlessSynchronousSource() {
        let reads = Counter()
        let recorder = Signal.from(CountingNaturals(reads: reads)).take(while: { $0 < 4 }).record()
        #expect(recorder.values == [1, 2, 3])
        #expect(recorder.isCompleted)
        #expect(reads.count <= 5)
    }

    @Test func passesErrorsThrough() {
        let recorder = Signal<Int, Oops>.from([1]).concat(.error(Oops())).take(while: { _ in true }).record()
        #expect(recorder.events == [.next(1), .error(Oops())])
    }

    @Test func disposingMidStreamDisposesTheSource() {
        // Given
        let source = SpySource<Int, Never>()
        let recorder = source.signal.take(while: { _ in true }).record()
        source.send(value: 1)
        // When
        recorder.dispose()
        source.send(value: 2)
        // Then
        #expect(recorder.events == [.next(1)])
        #expect(source.disposals.count == 1)
    }

    @Test func aReentrantFailingValueCompletes() {
        // Given
        let subject = Subject<Int, Never>()
        let recorder = subject.signal.take(while: { $0 > 0 }).record()
        subject.signal.subscribe(next: { value in
            if value == 1 { subject.send(value: 0) }
        })
        // When
        subject.send(value: 1)
        subject.send(value: 2)
        // Then
        #expect(recorder.events == [.next(1), .completed])
    }
}

@Suite struct TakeLastTests {
    @Test func forwardsTheLastValuesInOrderOnCompletion() {
        #expect(Signal.from(1...5).takeLast(2).record().events == [.next(4), .next(5), .completed])
    }

    @Test func forwardsEverythingWhenTheSourceIsShorter() {
        #expect(Signal.from([1, 2]).takeLast(5).record().events == [.next(1), .next(2), .completed])
    }

    @Test func takeLastZeroForwardsOnlyTheCompletion() {
        #expect(Signal.from([1, 2]).takeLast(0).record().events == [.completed])
    }

    @Test func sendsNothingBeforeCompletion() {
        // Given
        let subject = Subject<Int, Never>()
        let recorder = subject.signal.takeLast(1).record()
        // When
        subject.send(value: 1)
        subject.send(value: 2)
        // Then
        #expect(recorder.events.isEmpty)
        subject.sendCompleted()
        #expect(recorder.events == [.next(2), .completed])
    }

    @Test func keepsOnlyTheLastValuesOfALongSource() {
        let recorder = Signal.from(0..<100_000).takeLast(3).record()
        #expect(recorder.events == [.next(99_997), .next(99_998), .next(99_999), .completed])
    }

    @Test func anErrorDropsWhatWasKept() {
        let recorder = Signal<Int, Oops>.from([1, 2]).concat(.error(Oops())).takeLast(1).record()
        #expect(recorder.events == [.error(Oops())])
    }

    @Test func aNegativeCountIsAProgrammerError() async {
        await #expect(processExitsWith: .failure) {
            _ = Signal.from([1]).takeLast(-1)
        }
    }

    @Test func disposingMidStreamDisposesTheSourceAndSendsNothing() {
        // Given
        let source = SpySource<Int, Never>()
        let recorder = source.signal.takeLast(2).record()
        source.send(value: 1)
        // When
        recorder.dispose()
        source.sendCompleted()
        // Then
        #expect(recorder.events.isEmpty)
        #expect(source.disposals.count == 1)
    }

    @Test func aReentrantSendIsKeptInOrder() {
        // Given
        let subject = Subject<Int, Never>()
        let recorder = subject.signal.takeLast(2).record()
        subject.signal.subscribe(next: { value in
            if value == 2 {
                subject.send(value: 3)
                subject.sendCompleted()
            }
        })
        // When
        subject.send(value: 1)
        subject.send(value: 2)
        // Then
        #expect(recorder.events == [.next(2), .next(3), .completed])
    }
}

@Suite struct TakeWhileInclusiveTests {
    @Test func sendsTheFirstFailingValueThenCompletes() {
        let recorder = Signal.from([3, 2, 0, 5]).take(while: { $0 > 0 }, inclusive: true).record()
        #expect(recorder.events == [.next(3), .next(2), .next(0), .completed])
    }

    @Test func notInclusiveIsTakeWhile() {
        let recorder = Signal.from([3, 2, 0, 5]).take(while: { $0 > 0 }, inclusive: false).record()
        #expect(recorder.events == [.next(3), .next(2), .completed])
    }

    @Test func theTimelineAndTheStopDisposesTheSource() {
        // The timeline in take(while:inclusive:)'s doc comment.
        let scheduler = TestScheduler()
        let source: TestSignal<Int, Never> = scheduler.cold("-3-2-0-5-|")
        let result = scheduler.expect(source.signal.take(while: { $0 > 0 }, inclusive: true), "-3-2-(0|)")
        #expect(result.isMet, "\(result)")
        #expect(source.subscriptionMarbles == ["^----!"])
    }

    @Test func completesWithTheSourceWhenEveryValuePasses() {
        #expect(Signal.from([1, 2]).take(while: { _ in true }, inclusive: true).record().events
                == [.next(1), .next(2), .completed])
    }

    @Test func passesTheSourcesError() {
        let recorder = Signal<Int, Oops>.from([1]).concat(.error(Oops())).take(while: { $0 > 0 }, inclusive: true).record()
        #expect(recorder.events == [.next(1), .error(Oops())])
    }

    @Test func stopsAnEndlessSynchronousSource() {
        #expect(Signal.from(1...).take(while: { $0 < 3 }, inclusive: true).record().values == [1, 2, 3])
    }
}
