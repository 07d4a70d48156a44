// merge and flatten: synchronous inners subscribed immediately in order; completes when the
// outer source and all inners complete; the first error wins and disposes the rest.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct MergeTests {
    @Test func forwardsTheValuesOfSynchronousSignalsInArgumentOrder() {
        // Given
        let a = Signal.from([1, 2]), b = Signal.from([3, 4]), c = Signal.just(5)
        // When
        let instance = a.merge(b).merge(c).record()
        let variadic = Signal.merge(a, b, c).record()
        let sequence = Signal.merge([a, b, c]).record()
        // Then
        let expected: [Event<Int, Never>] = [.next(1), .next(2), .next(3), .next(4), .next(5), .completed]
        #expect(instance.events == expected)
        #expect(variadic.events == expected)
        #expect(sequence.events == expected)
    }

    @Test func subscribesEverySignalImmediatelyInOrder() {
        // Given
        let order = Locked<[String]>([])
        func tagged(_ name: String) -> Signal<Int, Never> {
            .deferred {
                order.append(name)
                return Subject<Int, Never>().signal
            }
        }
        // When
        let recorder = tagged("a").merge(tagged("b")).merge(tagged("c")).record()
        // Then
        #expect(order.value == ["a", "b", "c"])
        #expect(recorder.events.isEmpty)
    }

    @Test func interleavesValuesAsTheyArrive() {
        // Given
        let letters = Subject<String, Never>(), numbers = Subject<String, Never>()
        let recorder = letters.signal.merge(numbers.signal).record()
        // When
        letters.send(value: "A")
        numbers.send(value: "1")
        letters.send(value: "B")
        // Then
        #expect(recorder.values == ["A", "1", "B"])
    }

    @Test func completesWhenEverySignalCompleted() {
        // Given
        let a = Subject<Int, Never>(), b = Subject<Int, Never>()
        let recorder = Signal.merge(a.signal, b.signal).record()
        // When / Then
        a.sendCompleted()
        #expect(!recorder.isCompleted)
        b.send(value: 1)
        b.sendCompleted()
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test func mergeOfNoSignalsCompletesAtOnce() {
        #expect(Signal<Int, Never>.merge([Signal<Int, Never>]()).record().events == [.completed])
    }

    @Test func firstErrorWinsAndDisposesTheOthers() {
        // Given
        let a = SpySource<Int, TestError>(), b = SpySource<Int, TestError>(), c = SpySource<Int, TestError>()
        let recorder = Signal.merge(a.signal, b.signal, c.signal).record()
        a.send(value: 1)
        // When
        b.send(error: TestError(2))
        a.send(error: TestError(1))
        c.send(value: 3)
        // Then
        #expect(recorder.events == [.next(1), .error(TestError(2))])
        #expect(a.disposals.count == 1)
        #expect(c.disposals.count == 1)
    }

    @Test func errorFromAnEarlierSignalMeansLaterOnesAreNeverSubscribed() {
        // Given
        let later = SpySource<Int, Oops>()
        // When
        let recorder = Signal.merge(Signal<Int, Oops>.from([1]), .error(Oops()), later.signal).record()
        // Then
        #expect(recorder.events == [.next(1), .error(Oops())])
        #expect(later.subscriptions.count == 0)
    }

    @Test func disposingMidStreamDisposesEverySignal() {
        // Given
        let a = SpySource<Int, Never>(), b = SpySource<Int, Never>()
        let recorder = a.signal.merge(b.signal).record()
        a.send(value: 1)
        // When
        recorder.dispose()
        b.send(value: 2)
        // Then
        #expect(recorder.events == [.next(1)])
        #expect(a.disposals.count == 1)
        #expect(b.disposals.count == 1)
    }

    @Test func reentrantSendIsQueuedBehindTheValueBeingDelivered() {
        // Given
        let a = Subject<Int, Never>(), b = Subject<Int, Never>()
        let log = Locked<[String]>([])
        a.signal.merge(b.signal).subscribe(next: { value in
            log.append("start \(value)")
            if value == 1 { b.send(value: 2) }
            if value == 2 { a.send(value: 3) }
            log.append("end \(value)")
        })
        // When
        a.send(value: 1)
        // Then
        #expect(log.value == ["start 1", "end 1", "start 2", "end 2", "start 3", "end 3"])
    }
}

@Suite struct FlattenTests {
    @Test func lettersAndNumbersArriveInSendingOrder() {
        // Given: the README's and the tour's letters-and-numbers story (chapter 9)
        let letters = Subject<String, Never>(), numbers = Subject<String, Never>()
        let recorder = Signal.from([letters.signal, numbers.signal]).flatten().record()
        // When
        letters.send(value: "A")
        numbers.send(value: "1")
        letters.send(value: "B")
        letters.send(value: "C")
        numbers.send(value: "2")
        // Then
        #expect(recorder.values.joined(separator: " ") == "A 1 B C 2")
    }

    @Test func subscribesSynchronousInnersImmediatelyInOrder() {
        // Given
        let outer = Subject<Signal<Int, Never>, Never>()
        let recorder = outer.signal.flatten().record()
        // When
        outer.send(value: .from([1, 2]))
        let afterFirst = recorder.values
        outer.send(value: .from([3]))
        // Then
        #expect(afterFirst == [1, 2])
        #expect(recorder.values == [1, 2, 3])
    }

    @Test func completesOnlyWhenTheOuterAndEveryInnerCompleted() {
        // Given
        let outer = Subject<Signal<Int, Never>, Never>()
        let inner = Subject<Int, Never>()
        let recorder = outer.signal.flatten().record()
        outer.send(value: inner.signal)
        // When / Then
        inner.sendCompleted()
        #expect(!recorder.isCompleted)
        outer.send(value: .just(1))
        outer.sendCompleted()
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test func outerCompletingFirstWaitsForLiveInners() {
        // Given
        let outer = Subject<Signal<Int, Never>, Never>()
        let inner = Subject<Int, Never>()
        let recorder = outer.signal.flatten().record()
        outer.send(value: inner.signal)
        // When / Then
        outer.sendCompleted()
        #expect(!recorder.isCompleted)
        inner.send(value: 1)
        inner.sendCompleted()
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test func outerErrorFailsTheOutputAndDisposesTheInners() {
        // Given
        let outer = SpySource<Signal<Int, Oops>, Oops>()
        let inner = SpySource<Int, Oops>()
        let recorder = outer.signal.flatten().record()
        outer.send(value: inner.signal)
        // When
        outer.send(error: Oops())
        inner.send(value: 1)
        // Then
        #expect(recorder.events == [.error(Oops())])
        #expect(inner.disposals.count == 1)
    }

    @Test func innerErrorFailsTheOutputAndDisposesTheOuterAndOtherInners() {
        // Given
        let outer = SpySource<Signal<Int, TestError>, TestError>()
        let a = SpySource<Int, TestError>(), b = SpySource<Int, TestError>()
        let recorder = outer.signal.flatten().record()
        outer.send(value: a.signal)
        outer.send(value: b.signal)
        // When
        a.send(error: TestError(1))
        b.send(error: TestError(2))
        // Then
        #expect(recorder.events == [.error(TestError(1))])
        #expect(outer.disposals.count == 1)
        #expect(b.disposals.count == 1)
    }

    @Test func flattenMapMapsEachValueToASignalAndMergesThem() {
        // Given
        let signal = Signal.from([1, 2]).flattenMap { Signal.from([$0, $0 * 10]) }
        // When
        let recorder = signal.record()
        // Then
        #expect(recorder.events == [.next(1), .next(10), .next(2), .next(20), .completed])
    }
}
