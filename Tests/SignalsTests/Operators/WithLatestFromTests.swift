// withLatestFrom(_:) and sample(on:): one signal read at the pace of another.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct WithLatestFromResultSelectorTests {
    @Test func combinesEachValueWithTheLatestOfTheOtherAsRxSwiftDoes() {
        // RxSwift's form: the selector decides; `{ $1 }` is RxSwift's `withLatestFrom(_:)`.
        let taps = Subject<Int, Never>(), text = Subject<String, Never>()
        let recorder = taps.signal.withLatestFrom(text.signal) { _, text in text }.record()
        taps.send(value: 1)
        text.send(value: "a")
        text.send(value: "b")
        taps.send(value: 2)
        text.send(value: "c")
        taps.send(value: 3)
        #expect(recorder.values == ["b", "c"])
    }

    @Test func completesWithThisSignalAndFailsWhenTheOtherFails() {
        struct Boom: Error, Equatable {}
        let completed = Signal<Int, Boom>.from([1, 2]).withLatestFrom(.just(10)) { $0 + $1 }.record()
        #expect(completed.events == [.next(11), .next(12), .completed])
        let source = Subject<Int, Boom>(), other = Subject<Int, Boom>()
        let failed = source.signal.withLatestFrom(other.signal) { $0 * $1 }.record()
        other.send(value: 2)
        source.send(value: 3)
        other.send(error: Boom())
        #expect(failed.events == [.next(6), .error(Boom())])
    }
}

@Suite struct WithLatestFromTests {
    @Test func pairsEachValueWithTheLatestOfTheOtherAndDropsValuesBeforeItHasOne() {
        // Given
        let taps = Subject<Int, Never>(), text = Subject<String, Never>()
        let recorder = taps.signal.withLatestFrom(text.signal).map { "\($0)\($1)" }.record()
        // When
        taps.send(value: 1)
        text.send(value: "a")
        text.send(value: "b")
        taps.send(value: 2)
        taps.send(value: 3)
        text.send(value: "c")
        // Then
        #expect(recorder.values == ["2b", "3b"])
    }

    @Test func subscribesTheOtherFirstSoItsSynchronousValueIsThere() {
        #expect(Signal.from([1, 2]).withLatestFrom(Signal.just("x")).map { "\($0)\($1)" }.record().events
                == [.next("1x"), .next("2x"), .completed])
    }

    @Test func completesWithThisSignalAndDisposesTheOther() {
        // Given
        let source = Subject<Int, Never>(), other = SpySource<Int, Never>()
        let recorder = source.signal.withLatestFrom(other.signal).map { $0 + $1 }.record()
        other.send(value: 10)
        // When
        source.sendCompleted()
        // Then
        #expect(recorder.events == [.completed])
        #expect(other.disposals.count == 1)
    }

    @Test func theOthersCompletionKeepsItsLastValue() {
        // Given
        let source = Subject<Int, Never>(), other = Subject<Int, Never>()
        let recorder = source.signal.withLatestFrom(other.signal).map { $0 + $1 }.record()
        other.send(value: 10)
        // When
        other.sendCompleted()
        source.send(value: 1)
        // Then
        #expect(recorder.events == [.next(11)])
    }

    @Test func failsWithAnErrorOfEither() {
        // Given
        let a = Subject<Int, TestError>(), b = Subject<Int, TestError>()
        let fromSelf = a.signal.withLatestFrom(b.signal).map { $0 + $1 }.record()
        let c = Subject<Int, TestError>(), d = SpySource<Int, TestError>()
        let fromOther = c.signal.withLatestFrom(d.signal).map { $0 + $1 }.record()
        // When
        a.send(error: TestError(1))
        d.send(error: TestError(2))
        c.send(value: 1)
        // Then
        #expect(fromSelf.events == [.error(TestError(1))])
        #expect(fromOther.events == [.error(TestError(2))])
    }

    @Test func disposingMidStreamDisposesBoth() {
        // Given
        let source = SpySource<Int, Never>(), other = SpySource<Int, Never>()
        let recorder = source.signal.withLatestFrom(other.signal).map { $0 + $1 }.record()
        other.send(value: 10)
        source.send(value: 1)
        // When
        recorder.dispose()
        source.send(value: 2)
        // Then
        #expect(recorder.events == [.next(11)])
        #expect(source.disposals.count == 1 && other.disposals.count == 1)
    }

    @Test func reentrantSendOfTheOtherFromACallbackIsSeenByTheNextValue() {
        // Given
        let source = Subject<Int, Never>(), other = Subject<Int, Never>()
        let log = Locked<[String]>([])
        source.signal.withLatestFrom(other.signal).subscribe(next: { value, latest in
            log.append("\(value)\(latest)")
            if value == 1 {
                other.send(value: 20)
                source.send(value: 2)
            }
        })
        other.send(value: 10)
        // When
        source.send(value: 1)
        // Then
        #expect(log.value == ["110", "220"])
    }

    // Where CombineExt's withLatestFrom differs (Contracts.md, "Where Signals differs from
    // CombineExt"): it subscribes to its upstream only once `other` has sent a value, so a
    // cold upstream's values wait for it; here both are subscribed at once.

    @Test func aColdSourcesValuesBeforeTheOthersFirstValueAreDropped() {
        let other = Subject<String, Never>()
        let recorder = Signal.from([1, 2, 3]).withLatestFrom(other.signal).map { "\($0)\($1)" }.record()
        other.send(value: "x")
        // CombineExt would send 1x, 2x, 3x here, and only then complete.
        #expect(recorder.events == [.completed])
    }

    @Test func waitingForTheOthersFirstValueAsCombineExtDoesIsAComposition() {
        // For CombineExt's rule with a cold source: subscribe it once `other` has a value,
        // pairing it with that value (startWith: a constant, there before the source's first
        // value) and with `other`'s later ones.
        let other = Subject<String, Never>()
        let recorder = other.signal.take(1)
            .flattenMap { first in Signal.from([1, 2, 3]).withLatestFrom(other.signal.startWith(first)) }
            .map { "\($0)\($1)" }
            .record()
        #expect(recorder.events == [])
        other.send(value: "x")
        #expect(recorder.events == [.next("1x"), .next("2x"), .next("3x"), .completed])
    }
}

@Suite struct SampleTests {
    @Test func sendsTheLatestNewValueOnEachTrigger() {
        // Given
        let values = Subject<Int, Never>(), ticks = Subject<Void, Never>()
        let recorder = values.signal.sample(on: ticks.signal).record()
        // When
        ticks.send(value: ())           // nothing yet
        values.send(value: 1)
        values.send(value: 2)
        ticks.send(value: ())           // 2
        ticks.send(value: ())           // nothing new
        values.send(value: 3)
        ticks.send(value: ())           // 3
        // Then
        #expect(recorder.values == [2, 3])
    }

    @Test func completesAtOnceWhenTheSourceCompletesWithNothingPending() {
        // Given
        let values = Subject<Int, Never>(), ticks = SpySource<Void, Never>()
        let recorder = values.signal.sample(on: ticks.signal).record()
        values.send(value: 1)
        ticks.send(value: ())
        // When
        values.sendCompleted()
        // Then
        #expect(recorder.events == [.next(1), .completed])
        #expect(ticks.disposals.count == 1)
    }

    @Test func completesAfterSamplingTheLastValueAtTheNextTrigger() {
        // Given
        let values = Subject<Int, Never>(), ticks = Subject<Void, Never>()
        let recorder = values.signal.sample(on: ticks.signal).record()
        values.send(value: 1)
        // When
        values.sendCompleted()
        let completedEarly = recorder.isCompleted
        ticks.send(value: ())
        // Then
        #expect(!completedEarly)
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test func theTriggersCompletionSendsThePendingValueAndCompletes() {
        // Given
        let values = SpySource<Int, Never>(), ticks = Subject<Void, Never>()
        let recorder = values.signal.sample(on: ticks.signal).record()
        values.send(value: 1)
        // When
        ticks.sendCompleted()
        // Then
        #expect(recorder.events == [.next(1), .completed])
        #expect(values.disposals.count == 1)
    }

    @Test func failsWithTheSourcesError() {
        // Given
        let values = Subject<Int, Oops>(), ticks = SpySource<Void, Never>()
        let recorder = values.signal.sample(on: ticks.signal).record()
        values.send(value: 1)
        // When
        values.send(error: Oops())
        // Then
        #expect(recorder.events == [.error(Oops())])
        #expect(ticks.disposals.count == 1)
    }

    @Test func disposingMidStreamDisposesBoth() {
        // Given
        let values = SpySource<Int, Never>(), ticks = SpySource<Void, Never>()
        let recorder = values.signal.sample(on: ticks.signal).record()
        values.send(value: 1)
        ticks.send(value: ())
        // When
        recorder.dispose()
        values.send(value: 2)
        ticks.send(value: ())
        // Then
        #expect(recorder.events == [.next(1)])
        #expect(values.disposals.count == 1 && ticks.disposals.count == 1)
    }

    @Test func reentrantSendFromACallbackIsSampledByTheNextTrigger() {
        // Given
        let values = Subject<Int, Never>(), ticks = Subject<Void, Never>()
        let log = Locked<[Int]>([])
        values.signal.sample(on: ticks.signal).subscribe(next: { value in
            log.append(value)
            if value == 1 {
                values.send(value: 2)
                ticks.send(value: ())
            }
        })
        values.send(value: 1)
        // When
        ticks.send(value: ())
        // Then
        #expect(log.value == [1, 2])
    }
}
