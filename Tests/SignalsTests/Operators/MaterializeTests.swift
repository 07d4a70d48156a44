// materialize / dematerialize: every event, terminal ones included, as a value; and back.

import Testing
import Signals
import SignalsTesting

@Suite struct MaterializeTests {
    @Test func turnsValuesAndCompletionIntoValuesThenCompletes() {
        // When
        let recorder = Signal<Int, Oops>.from([1, 2]).materialize().record()
        // Then
        #expect(recorder.events == [.next(.next(1)), .next(.next(2)), .next(.completed), .completed])
    }

    @Test func turnsAnErrorIntoAValueThenCompletes() {
        // When
        let recorder = Signal<Int, Oops>.just(1).concat(.error(Oops())).materialize().record()
        // Then
        #expect(recorder.events == [.next(.next(1)), .next(.error(Oops())), .completed])
    }

    @Test func disposingMidStreamDisposesTheSource() {
        // Given
        let source = SpySource<Int, Oops>()
        let recorder = source.signal.materialize().record()
        source.send(value: 1)
        // When
        recorder.dispose()
        source.sendCompleted()
        // Then
        #expect(recorder.events == [.next(.next(1))])
        #expect(source.disposals.count == 1)
    }
}

@Suite struct DematerializeTests {
    @Test func isTheInverseOfMaterialize() {
        // When
        let completing: Recorder<Int, Oops> = Signal<Int, Oops>.from([1, 2]).materialize().dematerialize().record()
        let failing: Recorder<Int, Oops> = Signal<Int, Oops>.from([1, 2]).concat(.error(Oops())).concat(.just(9))
            .materialize().dematerialize().record()
        // Then
        #expect(completing.events == [.next(1), .next(2), .completed])
        #expect(failing.events == [.next(1), .next(2), .error(Oops())])
    }

    @Test func completedValueEndsTheOutputAndDisposesTheSource() {
        // Given
        let source = SpySource<Event<Int, Oops>, Never>()
        let recorder: Recorder<Int, Oops> = source.signal.dematerialize().record()
        // When
        source.send(value: .next(1))
        source.send(value: .completed)
        source.send(value: .next(2))
        // Then
        #expect(recorder.events == [.next(1), .completed])
        #expect(source.disposals.count == 1)
    }

    @Test func errorValueFailsTheOutputAndDisposesTheSource() {
        // Given
        let source = SpySource<Event<Int, Oops>, Never>()
        let recorder: Recorder<Int, Oops> = source.signal.dematerialize().record()
        // When
        source.send(value: .error(Oops()))
        // Then
        #expect(recorder.events == [.error(Oops())])
        #expect(source.disposals.count == 1)
    }

    @Test func sourceCompletingWithoutATerminalValueCompletesTheOutput() {
        // When
        let recorder: Recorder<Int, Oops> = Signal.from([Event<Int, Oops>.next(1)]).dematerialize().record()
        // Then
        #expect(recorder.events == [.next(1), .completed])
    }
}
