// Signal.race: the first source to send any event wins and is mirrored; the others are
// disposed as soon as the winner is known.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct RaceTests {
    @Test func mirrorsTheFirstSourceToSendAValueAndDisposesTheOthers() {
        // Given
        let a = SpySource<Int, Never>(), b = SpySource<Int, Never>(), c = SpySource<Int, Never>()
        let recorder = Signal.race([a.signal, b.signal, c.signal]).record()
        // When
        b.send(value: 1)
        a.send(value: 2)
        c.send(value: 3)
        b.send(value: 4)
        b.sendCompleted()
        // Then
        #expect(recorder.events == [.next(1), .next(4), .completed])
        #expect(a.disposals.count == 1)
        #expect(c.disposals.count == 1)
        #expect(b.disposals.count == 1)
    }

    @Test func followsItsTimeline() {
        // The timeline of `race(_:)`'s documentation:
        // a:      ---(disposed)
        // b:      ---3--4|
        // output: ---3--4|
        let a = SpySource<Int, Never>(), b = Subject<Int, Never>()
        let recorder = Signal.race([a.signal, b.signal]).record()
        b.send(value: 3)      // 3: b wins, a is disposed
        #expect(a.disposals.count == 1)
        a.send(value: 1)
        b.send(value: 4)      // 6
        b.sendCompleted()     // 7
        #expect(recorder.events == [.next(3), .next(4), .completed])
    }

    @Test func theDocumentedExamplesPrintWhatTheySay() {
        let slow = Subject<String, Never>(), fast = Subject<String, Never>()
        let recorder = Signal.race([slow.signal, fast.signal]).record()
        fast.send(value: "fast"); slow.send(value: "slow"); fast.send(value: "again")
        #expect(recorder.values == ["fast", "again"])
        #expect(Signal.race(.never, .just(1), .just(2)).record().events == [.next(1), .completed])
    }

    @Test func theLosersAreDisposedAsSoonAsTheWinnerIsKnown() {
        // Given
        let a = SpySource<Int, Never>(), b = SpySource<Int, Never>()
        let recorder = Signal.race(a.signal, b.signal).record()
        // When
        a.send(value: 1)
        // Then
        #expect(b.disposals.count == 1)
        #expect(a.disposals.count == 0)
        #expect(recorder.events == [.next(1)])
    }

    @Test func aCompletionWinsTheRace() {
        // Given
        let a = SpySource<Int, Never>(), b = SpySource<Int, Never>()
        let recorder = Signal.race(a.signal, b.signal).record()
        // When
        b.sendCompleted()
        a.send(value: 1)
        // Then
        #expect(recorder.events == [.completed])
        #expect(a.disposals.count == 1)
    }

    @Test func anErrorWinsTheRace() {
        // Given
        let a = SpySource<Int, TestError>(), b = SpySource<Int, TestError>()
        let recorder = Signal.race(a.signal, b.signal).record()
        // When
        a.send(error: TestError(1))
        b.send(value: 2)
        // Then
        #expect(recorder.events == [.error(TestError(1))])
        #expect(b.disposals.count == 1)
    }

    @Test func theWinnersLaterErrorFailsTheOutput() {
        // Given
        let a = Subject<Int, TestError>(), b = SpySource<Int, TestError>()
        let recorder = Signal.race(a.signal, b.signal).record()
        // When
        a.send(value: 1)
        a.send(error: TestError(2))
        // Then
        #expect(recorder.events == [.next(1), .error(TestError(2))])
    }

    @Test func aSynchronousWinnerMeansLaterSourcesAreNeverSubscribed() {
        // Given
        let late = SpySource<Int, Never>()
        // When
        let recorder = Signal.race(Signal.from([1, 2]), late.signal).record()
        // Then
        #expect(recorder.events == [.next(1), .next(2), .completed])
        #expect(late.subscriptions.count == 0)
    }

    @Test func aSynchronousWinnerThatDoesNotCompleteStillKeepsLaterSourcesOut() {
        // Given: the first source sends a value on subscription but never completes.
        let first = Subject<Int, Never>()
        let winner = Signal.just(1).concat(first.signal)
        let late = SpySource<Int, Never>()
        // When
        let recorder = Signal.race(winner, late.signal).record()
        first.send(value: 2)
        // Then
        #expect(recorder.values == [1, 2])
        #expect(late.subscriptions.count == 0)
    }

    @Test func anEmptyListNeverSendsAnything() {
        // When
        let recorder = Signal<Int, Never>.race([]).record()
        // Then
        #expect(recorder.events.isEmpty)
        recorder.dispose()
    }

    @Test func disposingBeforeAnyEventDisposesEverySourceOnce() {
        // Given
        let a = SpySource<Int, Never>(), b = SpySource<Int, Never>()
        let recorder = Signal.race(a.signal, b.signal).record()
        // When
        recorder.dispose()
        a.send(value: 1)
        recorder.dispose()
        // Then
        #expect(recorder.events.isEmpty)
        #expect(a.disposals.count == 1)
        #expect(b.disposals.count == 1)
    }

    @Test func nothingCapturedOutlivesTheRace() {
        let a = Subject<Int, Never>(), b = Subject<Int, Never>()
        let recorder = expectReleased({ token in
            Signal.race(a.signal.map { _ = token; return $0 }, b.signal.map { _ = token; return $0 })
        }, after: { _ in
            a.send(value: 1)
            a.sendCompleted()
        })
        #expect(recorder.events == [.next(1), .completed])
        expectReleased({ token in
            Signal.race(a.signal.map { _ = token; return $0 }, Subject<Int, Never>().signal)
        }, after: { $0.dispose() })
    }

    @Test func disposingMidStreamDisposesTheWinnerOnceAndNothingArrivesAfter() {
        // Given
        let a = SpySource<Int, Never>(), b = SpySource<Int, Never>()
        let recorder = Signal.race(a.signal, b.signal).record()
        a.send(value: 1)
        // When
        recorder.dispose()
        a.send(value: 2)
        // Then
        #expect(recorder.events == [.next(1)])
        #expect(a.disposals.count == 1)
        #expect(b.disposals.count == 1)
    }

    @Test func aWinnerThatSendsIntoItselfFromACallbackKeepsItsOrder() {
        // Given
        let a = Subject<Int, Never>(), b = SpySource<Int, Never>()
        let received = Locked<[Int]>([])
        Signal.race(a.signal, b.signal).subscribe(next: { value in
            received.append(value)
            if value < 3 { a.send(value: value + 1) }
        })
        // When
        a.send(value: 1)
        b.send(value: 100)
        // Then
        #expect(received.value == [1, 2, 3])
        #expect(b.disposals.count == 1)
    }

    @Test func sourcesSendingOnTwoThreadsAtOncePickOneWinner() {
        for _ in 0..<50 {
            // Given
            let sources = [Subject<Int, Never>(), Subject<Int, Never>()]
            let recorder = Signal.race(sources.map(\.signal)).record()
            // When: each thread sends its own index
            runConcurrently(2) { index in
                for _ in 0..<20 { sources[index].send(value: index) }
            }
            // Then: every value comes from one source, and all of its values arrive.
            let values = recorder.values
            #expect(values.count == 20)
            #expect(Set(values).count == 1)
        }
    }
}
