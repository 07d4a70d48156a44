// mapError, setFailureType(to:), promoteError(), tryMap.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

private enum AppError: Error, Equatable {
    case wrapped(TestError)
}

@Suite struct MapErrorTests {
    @Test func transformsTheError() {
        let recorder = Signal<Int, TestError>.from([1]).concat(.error(TestError(7))).mapError(AppError.wrapped).record()
        #expect(recorder.events == [.next(1), .error(.wrapped(TestError(7)))])
    }

    @Test func valuesAndCompletionPassThrough() {
        let recorder = Signal<Int, TestError>.from([1, 2]).mapError(AppError.wrapped).record()
        #expect(recorder.events == [.next(1), .next(2), .completed])
    }

    @Test func disposingMidStreamDisposesTheSource() {
        // Given
        let source = SpySource<Int, TestError>()
        let recorder = source.signal.mapError(AppError.wrapped).record()
        source.send(value: 1)
        // When
        recorder.dispose()
        source.send(error: TestError(1))
        // Then
        #expect(recorder.events == [.next(1)])
        #expect(source.disposals.count == 1)
    }

    @Test func aReentrantErrorIsTransformed() {
        // Given
        let subject = Subject<Int, TestError>()
        let recorder = subject.signal.mapError(AppError.wrapped).record()
        subject.signal.subscribe(next: { _ in subject.send(error: TestError(2)) })
        // When
        subject.send(value: 1)
        // Then
        #expect(recorder.events == [.next(1), .error(.wrapped(TestError(2)))])
    }
}

@Suite struct SetFailureTypeTests {
    @Test func letsANeverFailingSignalMeetAFailingOne() {
        let ticks = Signal.from([1, 2]).setFailureType(to: Oops.self)
        let recorder = ticks.concat(.error(Oops())).record()
        #expect(recorder.events == [.next(1), .next(2), .error(Oops())])
    }

    @Test func valuesAndCompletionPassThrough() {
        #expect(Signal.from([1]).setFailureType(to: Oops.self).record().events == [.next(1), .completed])
    }

    @Test func disposingMidStreamDisposesTheSource() {
        // Given
        let source = SpySource<Int, Never>()
        let recorder = source.signal.setFailureType(to: Oops.self).record()
        source.send(value: 1)
        // When
        recorder.dispose()
        source.send(value: 2)
        // Then
        #expect(recorder.events == [.next(1)])
        #expect(source.disposals.count == 1)
    }

    @Test func aReentrantSendIsDeliveredInOrder() {
        // Given
        let subject = Subject<Int, Never>()
        let received = Locked<[Int]>([])
        subject.signal.setFailureType(to: Oops.self).subscribe(next: { value in
            received.append(value)
            if value == 1 { subject.send(value: 2) }
        })
        // When
        subject.send(value: 1)
        subject.send(value: 3)
        // Then
        #expect(received.value == [1, 2, 3])
    }
}

@Suite struct PromoteErrorTests {
    @Test func infersTheFailureTypeFromMerge() {
        // Given
        let requests = Subject<Int, Oops>()
        let ticks = Subject<Int, Never>()
        // When: no failure type is named
        let recorder = requests.signal.merge(ticks.signal.promoteError()).record()
        ticks.send(value: 1)
        requests.send(value: 2)
        requests.send(error: Oops())
        // Then
        #expect(recorder.events == [.next(1), .next(2), .error(Oops())])
    }

    @Test func infersTheFailureTypeFromFlattenMap() {
        let recorder = Signal<Int, Oops>.from([1]).flattenMap { n in Signal.from([n, n + 1]).promoteError() }.record()
        #expect(recorder.events == [.next(1), .next(2), .completed])
    }

    @Test func disposingMidStreamDisposesTheSource() {
        // Given
        let source = SpySource<Int, Never>()
        let recorder: Recorder<Int, Oops> = source.signal.promoteError().record()
        source.send(value: 1)
        // When
        recorder.dispose()
        source.send(value: 2)
        // Then
        #expect(recorder.events == [.next(1)])
        #expect(source.disposals.count == 1)
    }

    @Test func aReentrantSendIsDeliveredInOrder() {
        // Given
        let subject = Subject<Int, Never>()
        let received = Locked<[Int]>([])
        let promoted: Signal<Int, Oops> = subject.signal.promoteError()
        promoted.subscribe(next: { value in
            received.append(value)
            if value == 1 { subject.send(value: 2) }
        })
        // When
        subject.send(value: 1)
        subject.send(value: 3)
        // Then
        #expect(received.value == [1, 2, 3])
    }
}

@Suite struct TryMapTests {
    private static func parse(_ text: String) throws -> Int {
        guard let number = Int(text) else { throw TestError(text.count) }
        return number
    }

    @Test func transformsEachValue() {
        let recorder = Signal<String, any Error>.from(["1", "2"]).tryMap(Self.parse).record()
        #expect(recorder.values == [1, 2])
        #expect(recorder.isCompleted)
    }

    @Test func aThrownErrorFailsTheOutputAndDisposesTheSource() {
        // Given
        let source = SpySource<String, any Error>()
        let recorder = source.signal.tryMap(Self.parse).record()
        // When
        source.send(value: "1")
        source.send(value: "xyz")
        source.send(value: "2")
        // Then
        #expect(recorder.values == [1])
        #expect(recorder.error as? TestError == TestError(3))
        #expect(source.disposals.count == 1)
    }

    @Test func passesTheSourceErrorThrough() {
        let recorder = Signal<String, any Error>.error(Oops()).tryMap(Self.parse).record()
        #expect(recorder.error is Oops)
    }

    @Test func disposingMidStreamDisposesTheSource() {
        // Given
        let source = SpySource<String, any Error>()
        let recorder = source.signal.tryMap(Self.parse).record()
        source.send(value: "1")
        // When
        recorder.dispose()
        source.send(value: "2")
        // Then
        #expect(recorder.values == [1])
        #expect(!recorder.isTerminated)
        #expect(source.disposals.count == 1)
    }

    @Test func aReentrantSendIsDeliveredInOrder() {
        // Given
        let subject = Subject<String, any Error>()
        let received = Locked<[Int]>([])
        subject.signal.tryMap(Self.parse).subscribe(next: { value in
            received.append(value)
            if value == 1 { subject.send(value: "2") }
        })
        // When
        subject.send(value: "1")
        subject.send(value: "3")
        // Then
        #expect(received.value == [1, 2, 3])
    }
}
