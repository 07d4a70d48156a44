// map(\.keyPath), compactMap, ignoreValues: compositions of flattenMap returning constants.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

private struct Person: Equatable {
    let name: String
    let age: Int
}

@Suite struct MapKeyPathTests {
    @Test func replacesEachValueWithTheProperty() {
        let people = [Person(name: "Ada", age: 36), Person(name: "Alan", age: 41)]
        #expect(Signal.from(people).map(\.name).record().events == [.next("Ada"), .next("Alan"), .completed])
    }

    @Test func passesErrorsThrough() {
        let recorder = Signal<String, Oops>.from(["ab"]).concat(.error(Oops())).map(\.count).record()
        #expect(recorder.events == [.next(2), .error(Oops())])
    }

    @Test func disposingMidStreamDisposesTheSource() {
        // Given
        let source = SpySource<String, Never>()
        let recorder = source.signal.map(\.count).record()
        source.send(value: "abc")
        // When
        recorder.dispose()
        source.send(value: "de")
        // Then
        #expect(recorder.events == [.next(3)])
        #expect(source.disposals.count == 1)
    }

    @Test func aReentrantSendIsDeliveredInOrder() {
        // Given
        let subject = Subject<String, Never>()
        let received = Locked<[Int]>([])
        subject.signal.map(\.count).subscribe(next: { count in
            received.append(count)
            if count == 1 { subject.send(value: "xx") }
        })
        // When
        subject.send(value: "x")
        subject.send(value: "xxx")
        // Then
        #expect(received.value == [1, 2, 3])
    }
}

@Suite struct CompactMapTests {
    @Test func forwardsTheResultsThatAreNotNil() {
        let recorder = Signal.from(["1", "x", "3"]).compactMap { Int($0) }.record()
        #expect(recorder.events == [.next(1), .next(3), .completed])
    }

    @Test func completesWhenAllResultsAreNil() {
        #expect(Signal.from(["a", "b"]).compactMap { Int($0) }.record().events == [.completed])
    }

    @Test func passesErrorsThrough() {
        let recorder = Signal<String, Oops>.from(["1", "x"]).concat(.error(Oops())).compactMap { Int($0) }.record()
        #expect(recorder.events == [.next(1), .error(Oops())])
    }

    @Test func disposingMidStreamDisposesTheSource() {
        // Given
        let source = SpySource<Int?, Never>()
        let recorder = source.signal.compactMap { $0 }.record()
        source.send(value: 1)
        source.send(value: nil)
        // When
        recorder.dispose()
        source.send(value: 2)
        // Then
        #expect(recorder.events == [.next(1)])
        #expect(source.disposals.count == 1)
    }

    @Test func aReentrantSendIsDeliveredInOrder() {
        // Given
        let subject = Subject<Int?, Never>()
        let received = Locked<[Int]>([])
        subject.signal.compactMap { $0 }.subscribe(next: { value in
            received.append(value)
            if value == 1 {
                subject.send(value: nil)
                subject.send(value: 2)
            }
        })
        // When
        subject.send(value: 1)
        subject.send(value: 3)
        // Then
        #expect(received.value == [1, 2, 3])
    }
}

@Suite struct IgnoreValuesTests {
    @Test func forwardsOnlyTheCompletion() {
        #expect(Signal.from([1, 2, 3]).ignoreValues().record().events == [.completed])
    }

    @Test func forwardsTheError() {
        let recorder = Signal<Int, Oops>.from([1]).concat(.error(Oops())).ignoreValues().record()
        #expect(recorder.events == [.error(Oops())])
    }

    @Test func disposingMidStreamDisposesTheSource() {
        // Given
        let source = SpySource<Int, Never>()
        let recorder = source.signal.ignoreValues().record()
        source.send(value: 1)
        // When
        recorder.dispose()
        source.sendCompleted()
        // Then
        #expect(recorder.events.isEmpty)
        #expect(source.disposals.count == 1)
    }

    @Test func aReentrantCompletionArrives() {
        // Given
        let subject = Subject<Int, Never>()
        let recorder = subject.signal.ignoreValues().record()
        subject.signal.subscribe(next: { _ in subject.sendCompleted() })
        // When
        subject.send(value: 1)
        // Then
        #expect(recorder.events == [.completed])
    }
}
