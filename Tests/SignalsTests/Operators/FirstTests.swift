// first(), first(where:), last(), replaceEmpty(with:).

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

@Suite struct FirstTests {
    @Test func forwardsTheFirstValueThenCompletes() {
        #expect(Signal.from([1, 2, 3]).first().record().events == [.next(1), .completed])
    }

    @Test func anEmptySourceCompletesWithoutAValue() {
        #expect(Signal<Int, Never>.empty.first().record().events == [.completed])
    }

    @Test func stopsAnEndlessSynchronousSource() {
        let reads = Counter()
        let recorder = Signal.from(CountingNaturals(reads: reads)).first().record()
        #expect(recorder.events == [.next(1), .completed])
        #expect(reads.count <= 2)
    }

    @Test func disposesTheSourceAfterTheFirstValue() {
        // Given
        let source = SpySource<Int, Never>()
        let recorder = source.signal.first().record()
        // When
        source.send(value: 1)
        source.send(value: 2)
        // Then
        #expect(recorder.events == [.next(1), .completed])
        #expect(source.disposals.count == 1)
    }

    @Test func passesAnEarlierErrorThrough() {
        #expect(Signal<Int, Oops>.error(Oops()).first().record().events == [.error(Oops())])
    }

    @Test func disposingBeforeAnyValueDisposesTheSource() {
        // Given
        let source = SpySource<Int, Never>()
        let recorder = source.signal.first().record()
        // When
        recorder.dispose()
        source.send(value: 1)
        // Then
        #expect(recorder.events.isEmpty)
        #expect(source.disposals.count == 1)
    }

    @Test func aReentrantSendAfterTheFirstValueIsIgnored() {
        // Given
        let subject = Subject<Int, Never>()
        let received = Locked<[Int]>([])
        subject.signal.first().subscribe(next: { value in
            received.append(value)
            subject.send(value: value + 1)
        })
        // When
        subject.send(value: 1)
        // Then
        #expect(received.value == [1])
    }
}

@Suite struct FirstWhereTests {
    @Test func forwardsTheFirstMatchingValueThenCompletes() {
        #expect(Signal.from([1, 4, 6]).first(where: { $0 % 2 == 0 }).record().events == [.next(4), .completed])
    }

    @Test func completesWithoutAValueWhenNothingMatches() {
        #expect(Signal.from([1, 3]).first(where: { $0 % 2 == 0 }).record().events == [.completed])
    }

    @Test func stopsAnEndlessSynchronousSource() {
        let reads = Counter()
        let recorder = Signal.from(CountingNaturals(reads: reads)).first(where: { $0 % 5 == 0 }).record()
        #expect(recorder.events == [.next(5), .completed])
        #expect(reads.count <= 6)
    }

    @Test func passesAnEarlierErrorThrough() {
        let recorder = Signal<Int, Oops>.from([1]).concat(.error(Oops())).first(where: { $0 > 1 }).record()
        #expect(recorder.events == [.error(Oops())])
    }

    @Test func disposingMidStreamDisposesTheSource() {
        // Given
        let source = SpySource<Int, Never>()
        let recorder = source.signal.first(where: { $0 > 1 }).record()
        source.send(value: 1)
        // When
        recorder.dispose()
        source.send(value: 2)
        // Then
        #expect(recorder.events.isEmpty)
        #expect(source.disposals.count == 1)
    }

    @Test func aReentrantMatchIsForwarded() {
        // Given
        let subject = Subject<Int, Never>()
        let recorder = subject.signal.first(where: { $0 > 1 }).record()
        subject.signal.subscribe(next: { value in
            if value == 1 { subject.send(value: 2) }
        })
        // When
        subject.send(value: 1)
        subject.send(value: 3)
        // Then
        #expect(recorder.events == [.next(2), .completed])
    }
}

@Suite struct LastTests {
    @Test func forwardsTheLastValueOnCompletion() {
        #expect(Signal.from([1, 2, 3]).last().record().events == [.next(3), .completed])
    }

    @Test func anEmptySourceCompletesWithoutAValue() {
        #expect(Signal<Int, Never>.empty.last().record().events == [.completed])
    }

    @Test func sendsNothingBeforeCompletion() {
        // Given
        let subject = Subject<Int, Never>()
        let recorder = subject.signal.last().record()
        // When
        subject.send(value: 1)
        // Then
        #expect(recorder.events.isEmpty)
        subject.sendCompleted()
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test func anErrorFailsWithoutAValue() {
        let recorder = Signal<Int, Oops>.from([1]).concat(.error(Oops())).last().record()
        #expect(recorder.events == [.error(Oops())])
    }

    @Test func disposingMidStreamDisposesTheSourceAndSendsNothing() {
        // Given
        let source = SpySource<Int, Never>()
        let recorder = source.signal.last().record()
        source.send(value: 1)
        // When
        recorder.dispose()
        source.sendCompleted()
        // Then
        #expect(recorder.events.isEmpty)
        #expect(source.disposals.count == 1)
    }

    @Test func aReentrantSendBeforeCompletionIsTheLast() {
        // Given
        let subject = Subject<Int, Never>()
        let recorder = subject.signal.last().record()
        subject.signal.subscribe(next: { value in
            if value == 1 {
                subject.send(value: 2)
                subject.sendCompleted()
            }
        })
        // When
        subject.send(value: 1)
        // Then
        #expect(recorder.events == [.next(2), .completed])
    }
}

@Suite struct ReplaceEmptyTests {
    @Test func anEmptySourceSendsTheReplacement() {
        #expect(Signal<Int, Never>.empty.replaceEmpty(with: 0).record().events == [.next(0), .completed])
    }

    @Test func aSourceWithValuesIsUnchanged() {
        #expect(Signal.from([1, 2]).replaceEmpty(with: 0).record().events == [.next(1), .next(2), .completed])
    }

    @Test func anEmptySourceThatFailsStaysFailed() {
        #expect(Signal<Int, Oops>.error(Oops()).replaceEmpty(with: 0).record().events == [.error(Oops())])
    }

    @Test func eachSubscriptionJudgesAfresh() {
        // Given
        let subject = Subject<Int, Never>()
        let replaced = subject.signal.replaceEmpty(with: 0)
        let first = replaced.record()
        subject.send(value: 1)
        let second = replaced.record()
        // When
        subject.sendCompleted()
        // Then
        #expect(first.events == [.next(1), .completed])
        #expect(second.events == [.next(0), .completed])
    }

    @Test func disposingMidStreamDisposesTheSourceAndSendsNothing() {
        // Given
        let source = SpySource<Int, Never>()
        let recorder = source.signal.replaceEmpty(with: 0).record()
        // When
        recorder.dispose()
        source.sendCompleted()
        // Then
        #expect(recorder.events.isEmpty)
        #expect(source.disposals.count == 1)
    }

    @Test func aReentrantCompletionOfAnEmptySourceSendsTheReplacement() {
        // Given
        let subject = Subject<Int, Never>()
        let recorder = subject.signal.filter { $0 > 1 }.replaceEmpty(with: 0).record()
        subject.signal.subscribe(next: { _ in subject.sendCompleted() })
        // When
        subject.send(value: 1)
        // Then
        #expect(recorder.events == [.next(0), .completed])
    }
}
