// count(), allSatisfy(_:), contains(where:).

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

@Suite struct CountTests {
    @Test func sendsTheNumberOfValuesOnCompletion() {
        #expect(Signal.from(["a", "b", "c"]).count().record().events == [.next(3), .completed])
    }

    @Test func anEmptySourceCountsZero() {
        #expect(Signal<Int, Never>.empty.count().record().events == [.next(0), .completed])
    }

    @Test func anErrorFailsWithoutACount() {
        #expect(Signal<Int, Oops>.from([1]).concat(.error(Oops())).count().record().events == [.error(Oops())])
    }

    @Test func disposingMidStreamDisposesTheSourceAndSendsNothing() {
        // Given
        let source = SpySource<Int, Never>()
        let recorder = source.signal.count().record()
        source.send(value: 1)
        // When
        recorder.dispose()
        source.sendCompleted()
        // Then
        #expect(recorder.events.isEmpty)
        #expect(source.disposals.count == 1)
    }

    @Test func aReentrantSendIsCounted() {
        // Given
        let subject = Subject<Int, Never>()
        let recorder = subject.signal.count().record()
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

@Suite struct AllSatisfyTests {
    @Test func sendsTrueOnCompletionWhenEveryValueSatisfies() {
        #expect(Signal.from([2, 4]).allSatisfy { $0 % 2 == 0 }.record().events == [.next(true), .completed])
    }

    @Test func anEmptySourceSatisfiesTrivially() {
        #expect(Signal<Int, Never>.empty.allSatisfy { _ in false }.record().events == [.next(true), .completed])
    }

    @Test func sendsFalseAtTheFirstFailingValueAndDisposesTheSource() {
        // Given
        let source = SpySource<Int, Never>()
        let recorder = source.signal.allSatisfy { $0 < 3 }.record()
        // When
        source.send(value: 1)
        #expect(recorder.events.isEmpty)
        source.send(value: 3)
        // Then
        #expect(recorder.events == [.next(false), .completed])
        #expect(source.disposals.count == 1)
    }

    @Test func stopsAnEndlessSynchronousSource() {
        let reads = Counter()
        let recorder = Signal.from(CountingNaturals(reads: reads)).allSatisfy { $0 < 3 }.record()
        #expect(recorder.events == [.next(false), .completed])
        #expect(reads.count <= 4)
    }

    @Test func anEarlierErrorFailsWithoutAnAnswer() {
        let recorder = Signal<Int, Oops>.from([1]).concat(.error(Oops())).allSatisfy { $0 < 3 }.record()
        #expect(recorder.events == [.error(Oops())])
    }

    @Test func disposingMidStreamDisposesTheSourceAndSendsNothing() {
        // Given
        let source = SpySource<Int, Never>()
        let recorder = source.signal.allSatisfy { _ in true }.record()
        source.send(value: 1)
        // When
        recorder.dispose()
        source.sendCompleted()
        // Then
        #expect(recorder.events.isEmpty)
        #expect(source.disposals.count == 1)
    }

    @Test func aReentrantFailingValueAnswersFalseOnce() {
        // Given
        let subject = Subject<Int, Never>()
        let recorder = subject.signal.allSatisfy { $0 > 0 }.record()
        subject.signal.subscribe(next: { value in
            if value == 1 {
                subject.send(value: 0)
                subject.sendCompleted()
            }
        })
        // When
        subject.send(value: 1)
        // Then
        #expect(recorder.events == [.next(false), .completed])
    }
}

@Suite struct ContainsWhereTests {
    @Test func sendsTrueAtTheFirstMatchAndDisposesTheSource() {
        // Given
        let source = SpySource<Int, Never>()
        let recorder = source.signal.contains(where: { $0 == 2 }).record()
        // When
        source.send(value: 1)
        #expect(recorder.events.isEmpty)
        source.send(value: 2)
        // Then
        #expect(recorder.events == [.next(true), .completed])
        #expect(source.disposals.count == 1)
    }

    @Test func sendsFalseOnCompletionWithoutAMatch() {
        #expect(Signal.from([1, 3]).contains(where: { $0 == 2 }).record().events == [.next(false), .completed])
        #expect(Signal<Int, Never>.empty.contains(where: { _ in true }).record().events == [.next(false), .completed])
    }

    @Test func stopsAnEndlessSynchronousSource() {
        let reads = Counter()
        let recorder = Signal.from(CountingNaturals(reads: reads)).contains(where: { $0 == 3 }).record()
        #expect(recorder.events == [.next(true), .completed])
        #expect(reads.count <= 4)
    }

    @Test func anEarlierErrorFailsWithoutAnAnswer() {
        let recorder = Signal<Int, Oops>.from([1]).concat(.error(Oops())).contains(where: { $0 == 2 }).record()
        #expect(recorder.events == [.error(Oops())])
    }

    @Test func disposingMidStreamDisposesTheSourceAndSendsNothing() {
        // Given
        let source = SpySource<Int, Never>()
        let recorder = source.signal.contains(where: { _ in false }).record()
        source.send(value: 1)
        // When
        recorder.dispose()
        source.sendCompleted()
        // Then
        #expect(recorder.events.isEmpty)
        #expect(source.disposals.count == 1)
    }

    @Test func aReentrantMatchAnswersTrueOnce() {
        // Given
        let subject = Subject<Int, Never>()
        let recorder = subject.signal.contains(where: { $0 == 2 }).record()
        subject.signal.subscribe(next: { value in
            if value == 1 {
                subject.send(value: 2)
                subject.sendCompleted()
            }
        })
        // When
        subject.send(value: 1)
        // Then
        #expect(recorder.events == [.next(true), .completed])
    }
}
