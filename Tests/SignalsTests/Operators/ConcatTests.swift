// concat: the next signal is subscribed only after the previous one completed; an error
// ends everything; `Signal.concat(sequence)` reads the sequence lazily; `concat()` on a
// signal of signals queues its inners.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct ConcatTests {
    @Test func justOneTwoThreePrintsInOrderThenCompleted() {
        // Given: the tour's concat story (chapter 10)
        let signal = Signal.just(1).concat(.just(2)).concat(.just(3))
        // When
        let recorder = signal.materialize().record()
        // Then
        #expect(recorder.values.map(\.description) == ["next(1)", "next(2)", "next(3)", "completed"])
    }

    @Test func everyFormForwardsTheSignalsOneAfterAnother() {
        // Given
        let a = Signal.from([1, 2]), b = Signal<Int, Never>.empty, c = Signal.just(3)
        // When
        let instance = a.concat(b).concat(c).record()
        let variadic = Signal.concat(a, b, c).record()
        let sequence = Signal.concat([a, b, c]).record()
        // Then
        let expected: [Event<Int, Never>] = [.next(1), .next(2), .next(3), .completed]
        #expect(instance.events == expected)
        #expect(variadic.events == expected)
        #expect(sequence.events == expected)
    }

    @Test func concatOfAnEmptySequenceCompletesAtOnce() {
        #expect(Signal.concat([Signal<Int, Never>]()).record().events == [.completed])
    }

    @Test func subscribesTheNextSignalOnlyAfterThePreviousCompleted() {
        // Given
        let first = SpySource<Int, Never>()
        let secondSubscriptions = Counter()
        let second = Signal<Int, Never>.deferred {
            secondSubscriptions.increment()
            return .just(9)
        }
        let recorder = first.signal.concat(second).record()
        // When / Then
        first.send(value: 1)
        #expect(secondSubscriptions.count == 0)
        first.sendCompleted()
        #expect(secondSubscriptions.count == 1)
        #expect(recorder.events == [.next(1), .next(9), .completed])
    }

    @Test func keepsEachSignalsValuesInOrderWhileLaterOnesWait() {
        // Given
        let a = Subject<Int, Never>(), b = Subject<Int, Never>()
        let recorder = Signal.concat(a.signal, b.signal).record()
        // When
        b.send(value: 100)          // b is not subscribed yet: lost, as a hot source
        a.send(value: 1)
        a.sendCompleted()
        b.send(value: 2)
        b.sendCompleted()
        // Then
        #expect(recorder.events == [.next(1), .next(2), .completed])
    }

    @Test func readsTheSequenceLazily() {
        // Given
        let sources = [SpySource<Int, Never>(), SpySource<Int, Never>(), SpySource<Int, Never>()]
        let reads = Counter()
        let sequence = ReadCountingSequence(signals: sources.map(\.signal), reads: reads)
        let signal = Signal.concat(sequence)
        let readsBeforeSubscribing = reads.count
        // When / Then
        let recorder = signal.record()
        #expect(readsBeforeSubscribing == 0)
        #expect(reads.count == 1)
        sources[0].send(value: 1)
        sources[0].sendCompleted()
        #expect(reads.count == 2)
        #expect(sources.map(\.subscriptions.count) == [1, 1, 0])
        sources[1].sendCompleted()
        #expect(reads.count == 3)
        sources[2].send(value: 3)
        sources[2].sendCompleted()
        #expect(recorder.events == [.next(1), .next(3), .completed])
    }

    @Test func stopsReadingTheSequenceWhenTheSubscriptionEnds() {
        // Given: an endless sequence of `just`s, cut after the value 5 by a stopping bind
        let reads = Counter()
        let firstSix: Signal<Int, Never> = Signal.concat(EndlessJustSequence(reads: reads)).bind {
            { event, stop in
                if event.value == 5 { stop = true }
                return event.value.map { .just($0) }
            }
        }
        // When
        let recorder = firstSix.record()
        // Then
        #expect(recorder.values == [0, 1, 2, 3, 4, 5])
        #expect(recorder.isCompleted)
        #expect(reads.count == 6)
    }

    @Test func errorEndsTheWholeConcatenation() {
        // Given
        let laterSubscriptions = Counter()
        let later = Signal<Int, Oops>.deferred {
            laterSubscriptions.increment()
            return .just(9)
        }
        // When
        let recorder = Signal<Int, Oops>.from([1, 2]).concat(.error(Oops())).concat(later).record()
        // Then
        #expect(recorder.events == [.next(1), .next(2), .error(Oops())])
        #expect(laterSubscriptions.count == 0)
    }

    @Test func errorFromARunningSignalMeansTheNextIsNeverSubscribed() {
        // Given
        let first = SpySource<Int, Oops>(), second = SpySource<Int, Oops>()
        let recorder = first.signal.concat(second.signal).record()
        // When
        first.send(value: 1)
        first.send(error: Oops())
        // Then
        #expect(recorder.events == [.next(1), .error(Oops())])
        #expect(second.subscriptions.count == 0)
    }

    @Test func errorStopsReadingTheSequence() {
        // Given
        let reads = Counter()
        let sequence = ReadCountingSequence(signals: [.just(1), .error(Oops()), .just(3)], reads: reads)
        // When
        let recorder = Signal<Int, Oops>.concat(sequence).record()
        // Then
        #expect(recorder.events == [.next(1), .error(Oops())])
        #expect(reads.count == 2)
    }

    @Test func disposingMidStreamDisposesTheCurrentSignalAndSubscribesNoMore() {
        // Given
        let first = SpySource<Int, Never>(), second = SpySource<Int, Never>()
        let recorder = first.signal.concat(second.signal).record()
        first.send(value: 1)
        // When
        recorder.dispose()
        first.sendCompleted()
        // Then
        #expect(recorder.events == [.next(1)])
        #expect(first.disposals.count == 1)
        #expect(second.subscriptions.count == 0)
    }

    @Test func disposingFromInsideACallbackStopsASynchronousChainAndItsReading() {
        // Given: a long synchronous concat started by a subject, disposed at the value 3
        let trigger = Subject<Void, Never>()
        let reads = Counter()
        let sequence = ReadCountingSequence(signals: (0..<1_000).map { Signal<Int, Never>.from([$0]) }, reads: reads)
        let holder = SerialDisposable()
        let log = Locked<[Int]>([])
        holder.inner = trigger.signal.flattenMap { Signal.concat(sequence) }.subscribe(next: { value in
            log.append(value)
            if value == 3 { holder.dispose() }
        })
        // When
        trigger.send(value: ())
        // Then
        #expect(log.value == [0, 1, 2, 3])
        #expect(reads.count == 4)
    }

    @Test func reentrantSendIsDeliveredAfterTheCurrentValue() {
        // Given
        let a = Subject<Int, Never>()
        let log = Locked<[String]>([])
        a.signal.concat(.just(99)).subscribe(next: { value in
            log.append("start \(value)")
            if value == 1 { a.send(value: 2) }
            if value == 2 { a.sendCompleted() }
            log.append("end \(value)")
        })
        // When
        a.send(value: 1)
        // Then
        #expect(log.value == ["start 1", "end 1", "start 2", "end 2", "start 99", "end 99"])
    }
}

@Suite struct ConcatOfSignalsTests {
    @Test func runsInnerSignalsOneAtATimeInArrivalOrder() {
        // Given
        let outer = Subject<Signal<Int, Oops>, Oops>()
        let a = SpySource<Int, Oops>(), b = SpySource<Int, Oops>()
        let recorder = outer.signal.concat().record()
        // When / Then
        outer.send(value: a.signal)
        outer.send(value: b.signal)
        #expect(a.subscriptions.count == 1)
        #expect(b.subscriptions.count == 0)
        a.send(value: 1)
        a.sendCompleted()
        #expect(b.subscriptions.count == 1)
        b.send(value: 2)
        #expect(recorder.values == [1, 2])
    }

    @Test(arguments: [1, 2, 3, 10])
    func synchronousOuterOfSynchronousInnersDeliversEveryValueInOrder(count: Int) {
        // Given
        let outer = Signal.from(0..<count).map { Signal<Int, Never>.from([$0]) }
        // When
        let recorder = outer.concat().record()
        // Then
        #expect(recorder.values == Array(0..<count))
        #expect(recorder.isCompleted)
    }

    @Test func synchronousOuterOfJustSignalsDeliversEveryValueInOrder() {
        // When
        let recorder = Signal.from(0..<3).map { Signal<Int, Never>.just($0) }.concat().record()
        // Then
        #expect(recorder.events == [.next(0), .next(1), .next(2), .completed])
    }

    @Test func completesWhenTheOuterAndTheLastInnerCompleted() {
        // Given
        let a = Subject<Int, Oops>()
        let outer = Subject<Signal<Int, Oops>, Oops>()
        let recorder = outer.signal.concat().record()
        outer.send(value: a.signal)
        outer.send(value: .from([10, 11]))
        // When / Then
        outer.sendCompleted()
        a.send(value: 1)
        #expect(recorder.values == [1])
        #expect(!recorder.isCompleted)
        a.sendCompleted()
        #expect(recorder.events == [.next(1), .next(10), .next(11), .completed])
    }

    @Test func completesAtOnceWhenTheOuterCompletesWithNoInnerRunning() {
        // Given
        let outer = Subject<Signal<Int, Never>, Never>()
        let recorder = outer.signal.concat().record()
        outer.send(value: .just(1))
        // When
        outer.sendCompleted()
        // Then
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test func innerErrorEndsEverythingAndSkipsQueuedInners() {
        // Given
        let outer = SpySource<Signal<Int, Oops>, Oops>()
        let a = SpySource<Int, Oops>(), queued = SpySource<Int, Oops>()
        let recorder = outer.signal.concat().record()
        outer.send(value: a.signal)
        outer.send(value: queued.signal)
        // When
        a.send(error: Oops())
        // Then
        #expect(recorder.events == [.error(Oops())])
        #expect(outer.disposals.count == 1)
        #expect(queued.subscriptions.count == 0)
    }

    @Test func outerErrorEndsEverythingAndDisposesTheRunningInner() {
        // Given
        let outer = Subject<Signal<Int, Oops>, Oops>()
        let a = SpySource<Int, Oops>()
        let recorder = outer.signal.concat().record()
        outer.send(value: a.signal)
        a.send(value: 1)
        // When
        outer.send(error: Oops())
        a.send(value: 2)
        // Then
        #expect(recorder.events == [.next(1), .error(Oops())])
        #expect(a.disposals.count == 1)
    }

    @Test func disposingMidStreamDisposesTheOuterAndTheRunningInner() {
        // Given
        let outer = SpySource<Signal<Int, Never>, Never>()
        let a = SpySource<Int, Never>(), queued = SpySource<Int, Never>()
        let recorder = outer.signal.concat().record()
        outer.send(value: a.signal)
        outer.send(value: queued.signal)
        // When
        recorder.dispose()
        a.sendCompleted()
        // Then
        #expect(outer.disposals.count == 1)
        #expect(a.disposals.count == 1)
        #expect(queued.subscriptions.count == 0)
        #expect(recorder.events.isEmpty)
    }
}
