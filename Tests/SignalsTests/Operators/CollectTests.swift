// collect(), collect(count:): stateful binds buffering values.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct CollectTests {
    @Test func sendsAllValuesAsOneArrayOnCompletion() {
        #expect(Signal.from([1, 2, 3]).collect().record().events == [.next([1, 2, 3]), .completed])
    }

    @Test func anEmptySourceSendsAnEmptyArray() {
        #expect(Signal<Int, Never>.empty.collect().record().events == [.next([]), .completed])
    }

    @Test func anErrorDropsWhatWasCollected() {
        let recorder = Signal<Int, Oops>.from([1, 2]).concat(.error(Oops())).collect().record()
        #expect(recorder.events == [.error(Oops())])
    }

    @Test func eachSubscriptionCollectsAfresh() {
        let all = Signal.from([1, 2]).collect()
        #expect(all.record().values == [[1, 2]])
        #expect(all.record().values == [[1, 2]])
    }

    @Test func disposingMidStreamDisposesTheSourceAndSendsNothing() {
        // Given
        let source = SpySource<Int, Never>()
        let recorder = source.signal.collect().record()
        source.send(value: 1)
        // When
        recorder.dispose()
        source.sendCompleted()
        // Then
        #expect(recorder.events.isEmpty)
        #expect(source.disposals.count == 1)
    }

    @Test func aReentrantSendIsCollectedInOrder() {
        // Given
        let subject = Subject<Int, Never>()
        let recorder = subject.signal.collect().record()
        subject.signal.subscribe(next: { value in
            if value == 1 {
                subject.send(value: 2)
                subject.sendCompleted()
            }
        })
        // When
        subject.send(value: 1)
        // Then
        #expect(recorder.events == [.next([1, 2]), .completed])
    }
}

@Suite struct CollectCountTests {
    @Test func sendsArraysOfCountThenThePartialRest() {
        let recorder = Signal.from(1...5).collect(count: 2).record()
        #expect(recorder.events == [.next([1, 2]), .next([3, 4]), .next([5]), .completed])
    }

    @Test func sendsNoEmptyRest() {
        #expect(Signal.from(1...4).collect(count: 2).record().values == [[1, 2], [3, 4]])
        #expect(Signal<Int, Never>.empty.collect(count: 2).record().events == [.completed])
    }

    @Test func sendsEachArrayAsSoonAsItIsFull() {
        // Given
        let subject = Subject<Int, Never>()
        let recorder = subject.signal.collect(count: 2).record()
        // When / Then
        subject.send(value: 1)
        #expect(recorder.values.isEmpty)
        subject.send(value: 2)
        #expect(recorder.values == [[1, 2]])
        subject.send(value: 3)
        subject.sendCompleted()
        #expect(recorder.events == [.next([1, 2]), .next([3]), .completed])
    }

    @Test func anErrorDropsThePartialArray() {
        let recorder = Signal<Int, Oops>.from(1...3).concat(.error(Oops())).collect(count: 2).record()
        #expect(recorder.events == [.next([1, 2]), .error(Oops())])
    }

    @Test func aZeroCountIsAProgrammerError() async {
        await #expect(processExitsWith: .failure) {
            _ = Signal.from([1]).collect(count: 0)
        }
    }

    @Test func disposingMidStreamDisposesTheSource() {
        // Given
        let source = SpySource<Int, Never>()
        let recorder = source.signal.collect(count: 1).record()
        source.send(value: 1)
        // When
        recorder.dispose()
        source.send(value: 2)
        source.sendCompleted()
        // Then
        #expect(recorder.events == [.next([1])])
        #expect(source.disposals.count == 1)
    }

    @Test func aReentrantSendLandsInTheNextArray() {
        // Given
        let subject = Subject<Int, Never>()
        let received = Locked<[[Int]]>([])
        subject.signal.collect(count: 2).subscribe(next: { array in
            received.append(array)
            if array == [1, 2] { subject.send(value: 3) }
        })
        // When
        subject.send(value: 1)
        subject.send(value: 2)
        subject.send(value: 4)
        // Then
        #expect(received.value == [[1, 2], [3, 4]])
    }
}
