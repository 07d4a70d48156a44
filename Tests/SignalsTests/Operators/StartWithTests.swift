// startWith(values...) / startWith(signal) and then(_:): sequencing before and after a signal.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct StartWithTests {
    @Test func sendsTheValuesFirstThenTheSignal() {
        #expect(Signal.from([3, 4]).startWith(1, 2).record().events == [.next(1), .next(2), .next(3), .next(4), .completed])
    }

    @Test func sendsTheSignalFirstThenSubscribesThisOne() {
        // Given
        let first = SpySource<Int, Never>(), second = SpySource<Int, Never>()
        let recorder = second.signal.startWith(first.signal).record()
        // When / Then
        first.send(value: 1)
        #expect(second.subscriptions.count == 0)
        first.sendCompleted()
        #expect(second.subscriptions.count == 1)
        second.send(value: 2)
        second.sendCompleted()
        #expect(recorder.events == [.next(1), .next(2), .completed])
    }

    @Test func withNoValuesIsTheSignalItself() {
        #expect(Signal.from([1]).startWith().record().events == [.next(1), .completed])
    }

    @Test func anErrorOfTheFirstSignalFailsWithoutSubscribingThisOne() {
        // Given
        let source = SpySource<Int, Oops>()
        // When
        let recorder = source.signal.startWith(Signal<Int, Oops>.just(0).concat(.error(Oops()))).record()
        // Then
        #expect(recorder.events == [.next(0), .error(Oops())])
        #expect(source.subscriptions.count == 0)
    }

    @Test func anErrorOfThisSignalFailsAfterTheValues() {
        #expect(Signal<Int, Oops>.error(Oops()).startWith(1).record().events == [.next(1), .error(Oops())])
    }

    @Test func disposingMidStreamDisposesThisSignal() {
        // Given
        let source = SpySource<Int, Never>()
        let recorder = source.signal.startWith(0).record()
        source.send(value: 1)
        // When
        recorder.dispose()
        source.send(value: 2)
        // Then
        #expect(recorder.events == [.next(0), .next(1)])
        #expect(source.disposals.count == 1)
    }

    @Test func reentrantSendDuringTheStartValuesReachesTheSignalOnlyOnceSubscribed() {
        // Given
        let source = Subject<Int, Never>()
        let log = Locked<[Int]>([])
        source.signal.startWith(0).subscribe(next: { value in
            log.append(value)
            if value == 0 { source.send(value: 100) }   // not yet subscribed: lost (hot source)
            if value == 1 { source.send(value: 2) }
        })
        // When
        source.send(value: 1)
        // Then
        #expect(log.value == [0, 1, 2])
    }
}

@Suite struct ThenTests {
    @Test func ignoresTheValuesAndContinuesWithTheNextSignalOnCompletion() {
        #expect(Signal.from([1, 2]).then(Signal.from(["a", "b"])).record().events == [.next("a"), .next("b"), .completed])
    }

    @Test func subscribesTheNextSignalOnlyAfterCompletion() {
        // Given
        let source = SpySource<Int, Never>(), next = SpySource<String, Never>()
        let recorder = source.signal.then(next.signal).record()
        // When / Then
        source.send(value: 1)
        #expect(next.subscriptions.count == 0)
        source.sendCompleted()
        #expect(next.subscriptions.count == 1)
        next.send(value: "a")
        next.sendCompleted()
        #expect(recorder.events == [.next("a"), .completed])
    }

    @Test func anErrorFailsWithoutSubscribingTheNextSignal() {
        // Given
        let next = SpySource<String, Oops>()
        // When
        let recorder = Signal<Int, Oops>.just(1).concat(.error(Oops())).then(next.signal).record()
        // Then
        #expect(recorder.events == [.error(Oops())])
        #expect(next.subscriptions.count == 0)
    }

    @Test func theNextSignalsErrorFails() {
        #expect(Signal<Int, Oops>.empty.then(Signal<String, Oops>.error(Oops())).record().events == [.error(Oops())])
    }

    @Test func disposingMidStreamDisposesWhicheverIsRunning() {
        // Given
        let source = SpySource<Int, Never>(), next = SpySource<Int, Never>()
        let first = source.signal.then(next.signal).record()
        let second = SpySource<Int, Never>()
        let continued = second.signal.then(next.signal).record()
        second.sendCompleted()
        next.send(value: 1)
        // When
        first.dispose()
        continued.dispose()
        next.send(value: 2)
        // Then
        #expect(source.disposals.count == 1)
        #expect(next.disposals.count == 1)
        #expect(first.events.isEmpty)
        #expect(continued.events == [.next(1)])
    }

    @Test func reentrantSendFromTheNextSignalsCallbackIsDeliveredInOrder() {
        // Given
        let next = Subject<Int, Never>()
        let log = Locked<[Int]>([])
        Signal<Int, Never>.empty.then(next.signal).subscribe(next: { value in
            log.append(value)
            if value == 1 { next.send(value: 2) }
            log.append(value * 10)
        })
        // When
        next.send(value: 1)
        // Then
        #expect(log.value == [1, 10, 2, 20])
    }
}
