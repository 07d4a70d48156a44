// skip(_:), skip(while:), skip(until:).

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct SkipTests {
    @Test func dropsTheFirstValues() {
        #expect(Signal.from(1...5).skip(2).record().events == [.next(3), .next(4), .next(5), .completed])
    }

    @Test func skipZeroForwardsEverything() {
        #expect(Signal.from([1, 2]).skip(0).record().events == [.next(1), .next(2), .completed])
    }

    @Test func completesEmptyWhenTheSourceIsShorter() {
        #expect(Signal.from([1, 2]).skip(5).record().events == [.completed])
    }

    @Test func passesAnErrorThroughWhileStillDropping() {
        let recorder = Signal<Int, Oops>.from([1]).concat(.error(Oops())).skip(3).record()
        #expect(recorder.events == [.error(Oops())])
    }

    @Test func eachSubscriptionCountsAfresh() {
        let rest = Signal.from(1...3).skip(1)
        #expect(rest.record().values == [2, 3])
        #expect(rest.record().values == [2, 3])
    }

    @Test func aNegativeCountIsAProgrammerError() async {
        await #expect(processExitsWith: .failure) {
            _ = Signal.from([1]).skip(-1)
        }
    }

    @Test func disposingMidStreamDisposesTheSource() {
        // Given
        let source = SpySource<Int, Never>()
        let recorder = source.signal.skip(1).record()
        source.send(value: 1)
        source.send(value: 2)
        // When
        recorder.dispose()
        source.send(value: 3)
        // Then
        #expect(recorder.events == [.next(2)])
        #expect(source.disposals.count == 1)
    }

    @Test func aReentrantSendIsCountedInOrder() {
        // Given
        let subject = Subject<Int, Never>()
        let recorder = subject.signal.skip(2).record()
        subject.signal.subscribe(next: { value in
            if value == 1 { subject.send(value: 2) }
        })
        // When
        subject.send(value: 1)
        subject.send(value: 3)
        // Then
        #expect(recorder.values == [3])
    }
}

@Suite struct SkipWhileTests {
    @Test func dropsValuesWhileThePredicateHoldsThenForwardsEverything() {
        let recorder = Signal.from([1, 2, 5, 1]).skip(while: { $0 < 3 }).record()
        #expect(recorder.events == [.next(5), .next(1), .completed])
    }

    @Test func stopsCallingThePredicateOnceItFails() {
        // Given
        let calls = Counter()
        // When
        let recorder = Signal.from([1, 5, 1, 1]).skip(while: { calls.increment(); return $0 < 3 }).record()
        // Then
        #expect(recorder.values == [5, 1, 1])
        #expect(calls.count == 2)
    }

    @Test func passesErrorsThrough() {
        let recorder = Signal<Int, Oops>.from([1, 5]).concat(.error(Oops())).skip(while: { $0 < 3 }).record()
        #expect(recorder.events == [.next(5), .error(Oops())])
    }

    @Test func disposingMidStreamDisposesTheSource() {
        // Given
        let source = SpySource<Int, Never>()
        let recorder = source.signal.skip(while: { $0 < 3 }).record()
        source.send(value: 1)
        source.send(value: 4)
        // When
        recorder.dispose()
        source.send(value: 5)
        // Then
        #expect(recorder.events == [.next(4)])
        #expect(source.disposals.count == 1)
    }

    @Test func aReentrantSendIsJudgedInOrder() {
        // Given
        let subject = Subject<Int, Never>()
        let recorder = subject.signal.skip(while: { $0 < 3 }).record()
        subject.signal.subscribe(next: { value in
            if value == 1 { subject.send(value: 4) }
        })
        // When
        subject.send(value: 1)
        subject.send(value: 2)
        // Then
        #expect(recorder.values == [4, 2])
    }
}

@Suite struct SkipUntilTests {
    @Test func forwardsValuesOnceTheTriggerHasSentAValue() {
        // Given
        let values = Subject<Int, Never>(), trigger = Subject<Void, Never>()
        let recorder = values.signal.skip(until: trigger.signal).record()
        // When
        values.send(value: 1)
        trigger.send(value: ())
        values.send(value: 2)
        values.send(value: 3)
        values.sendCompleted()
        // Then
        #expect(recorder.events == [.next(2), .next(3), .completed])
    }

    @Test func aSynchronousTriggerLetsEveryValueThrough() {
        let recorder = Signal.from([1, 2]).skip(until: Signal.just(())).record()
        #expect(recorder.events == [.next(1), .next(2), .completed])
    }

    @Test func aTriggerThatCompletesWithoutAValueLetsNothingThrough() {
        // Given
        let values = Subject<Int, Never>(), trigger = Subject<Int, Never>()
        let recorder = values.signal.skip(until: trigger.signal).record()
        // When
        trigger.sendCompleted()
        values.send(value: 1)
        values.sendCompleted()
        // Then
        #expect(recorder.events == [.completed])
    }

    @Test func disposesTheTriggerAfterItsFirstValue() {
        // Given
        let values = Subject<Int, Never>(), trigger = SpySource<Int, Never>()
        let recorder = values.signal.skip(until: trigger.signal).record()
        // When
        trigger.send(value: 1)
        // Then
        #expect(trigger.disposals.count == 1)
        values.send(value: 2)
        #expect(recorder.values == [2])
    }

    @Test func completesWithTheSourceAndDisposesARunningTrigger() {
        // Given
        let values = Subject<Int, Never>(), trigger = SpySource<Int, Never>()
        let recorder = values.signal.skip(until: trigger.signal).record()
        // When
        values.sendCompleted()
        // Then
        #expect(recorder.events == [.completed])
        #expect(trigger.disposals.count == 1)
    }

    @Test func aSourceErrorFailsTheOutputAndDisposesTheTrigger() {
        // Given
        let values = Subject<Int, Oops>(), trigger = SpySource<Int, Never>()
        let recorder = values.signal.skip(until: trigger.signal).record()
        // When
        values.send(error: Oops())
        // Then
        #expect(recorder.events == [.error(Oops())])
        #expect(trigger.disposals.count == 1)
    }

    @Test func disposingMidStreamDisposesTheSourceAndTheTrigger() {
        // Given
        let values = SpySource<Int, Never>(), trigger = SpySource<Int, Never>()
        let recorder = values.signal.skip(until: trigger.signal).record()
        trigger.send(value: 0)
        values.send(value: 1)
        // When
        recorder.dispose()
        values.send(value: 2)
        // Then
        #expect(recorder.events == [.next(1)])
        #expect(values.disposals.count == 1)
        #expect(trigger.disposals.count == 1)
    }

    @Test func aTriggerFiredFromInsideACallbackOpensTheGateForLaterValues() {
        // Given
        let values = Subject<Int, Never>(), trigger = Subject<Void, Never>()
        let recorder = values.signal.skip(until: trigger.signal).record()
        values.signal.subscribe(next: { value in
            if value == 1 { trigger.send(value: ()) }
        })
        // When
        values.send(value: 1)
        values.send(value: 2)
        // Then
        #expect(recorder.values == [2])
    }

    /// Where Signals differs from RxSwift (which sends no completion then).
    @Test func completesWithTheSourceEvenIfTheTriggerNeverFired() {
        // Given: a trigger that neither sends nor completes
        let values = Subject<Int, Never>()
        let recorder = values.signal.skip(until: Signal<Int, Never>.never).record()
        // When
        values.send(value: 1)
        values.sendCompleted()
        // Then
        #expect(recorder.events == [.completed])
    }
}
