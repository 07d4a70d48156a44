// take(until:): completes on the trigger's first value; the trigger's completion alone
// changes nothing; the source and the trigger are disposed however the output ends.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct TakeUntilTests {
    @Test func forwardsValuesUntilTheTriggersFirstValueThenCompletes() {
        // Given
        let source = Subject<Int, Never>(), trigger = Subject<Void, Never>()
        let recorder = source.signal.take(until: trigger.signal).record()
        // When
        source.send(value: 1)
        source.send(value: 2)
        trigger.send(value: ())
        source.send(value: 3)
        // Then
        #expect(recorder.events == [.next(1), .next(2), .completed])
    }

    @Test func followsItsTimeline() {
        // The timeline of `take(until:)`'s documentation:
        // source:  -1--2--3--4-|
        // trigger: --------x----
        // output:  -1--2--3|
        let source = Subject<Int, Never>(), trigger = Subject<String, Never>()
        let recorder = source.signal.take(until: trigger.signal).record()
        source.send(value: 1)       // 1
        source.send(value: 2)       // 4
        source.send(value: 3)       // 7
        trigger.send(value: "x")    // 8
        source.send(value: 4)       // 10
        source.sendCompleted()      // 12
        #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
    }

    @Test func nothingCapturedOutlivesTheTrigger() {
        let source = Subject<Int, Never>(), trigger = Subject<Void, Never>()
        expectReleased({ token in
            source.signal.take(until: trigger.signal.map { _ = token })
        }, after: { _ in trigger.send(value: ()) })
        expectReleased({ token in
            source.signal.map { _ = token; return $0 }.take(until: trigger.signal)
        }, after: { $0.dispose() })
    }

    @Test func theDocumentedExamplePrintsWhatItSays() {
        let values = Subject<Int, Never>(), stopper = Subject<Void, Never>()
        let recorder = values.signal.take(until: stopper.signal).record()
        values.send(value: 1); stopper.send(value: ()); values.send(value: 2)
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test func disposesTheSourceAndTheTriggerWhenTheTriggerFires() {
        // Given
        let source = SpySource<Int, Oops>(), trigger = SpySource<String, Never>()
        let recorder = source.signal.take(until: trigger.signal).record()
        // When
        source.send(value: 1)
        trigger.send(value: "stop")
        trigger.send(value: "again")
        // Then
        #expect(recorder.events == [.next(1), .completed])
        #expect(source.disposals.count == 1)
        #expect(trigger.disposals.count == 1)
    }

    @Test func theTriggersCompletionAloneChangesNothing() {
        // Given
        let source = SpySource<Int, Never>(), trigger = Subject<Void, Never>()
        let recorder = source.signal.take(until: trigger.signal).record()
        // When
        trigger.sendCompleted()
        source.send(value: 1)
        // Then
        #expect(recorder.events == [.next(1)])
        #expect(source.disposals.count == 0)
        source.sendCompleted()
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test func completesWithTheSourceAndDisposesTheTrigger() {
        // Given
        let source = Subject<Int, Never>(), trigger = SpySource<Void, Never>()
        let recorder = source.signal.take(until: trigger.signal).record()
        // When
        source.send(value: 1)
        source.sendCompleted()
        // Then
        #expect(recorder.events == [.next(1), .completed])
        #expect(trigger.disposals.count == 1)
    }

    @Test func failsWithTheSourcesErrorAndDisposesTheTrigger() {
        // Given
        let source = Subject<Int, Oops>(), trigger = SpySource<Void, Never>()
        let recorder = source.signal.take(until: trigger.signal).record()
        // When
        source.send(error: Oops())
        // Then
        #expect(recorder.events == [.error(Oops())])
        #expect(trigger.disposals.count == 1)
    }

    @Test func aTriggerThatFiresOnSubscriptionCompletesAtOnceWithoutSubscribingTheSource() {
        // Given
        let source = SpySource<Int, Never>()
        // When
        let recorder = source.signal.take(until: Signal.just(())).record()
        // Then
        #expect(recorder.events == [.completed])
        #expect(source.subscriptions.count == 0)
    }

    @Test func aSynchronousSourceRunsToItsEndBeforeALaterTrigger() {
        // When
        let recorder = Signal.from([1, 2, 3]).take(until: Signal<Void, Never>.never).record()
        // Then
        #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
    }

    @Test func disposingMidStreamDisposesTheSourceAndTheTriggerOnce() {
        // Given
        let source = SpySource<Int, Never>(), trigger = SpySource<Void, Never>()
        let recorder = source.signal.take(until: trigger.signal).record()
        source.send(value: 1)
        // When
        recorder.dispose()
        source.send(value: 2)
        trigger.send(value: ())
        recorder.dispose()
        // Then
        #expect(recorder.events == [.next(1)])
        #expect(source.disposals.count == 1)
        #expect(trigger.disposals.count == 1)
    }

    @Test func aValueThatFiresTheTriggerReentrantlyIsTheLastOne() {
        // Given: each value received fires the trigger from inside the callback.
        let source = Subject<Int, Never>(), trigger = Subject<Void, Never>()
        let received = Locked<[Int]>([])
        let completed = Flag()
        source.signal.take(until: trigger.signal).subscribe(next: { value in
            received.append(value)
            trigger.send(value: ())
            source.send(value: value + 1)
        }, completed: { completed.set() })
        // When
        source.send(value: 1)
        // Then
        #expect(received.value == [1])
        #expect(completed.isSet)
    }

    @Test func aTriggerValueSentFromAnotherThreadEndsTheOutputOnce() {
        // Given
        let source = Subject<Int, Never>(), trigger = Subject<Void, Never>()
        let recorder = source.signal.take(until: trigger.signal).record()
        // When: one thread sends values while another fires the trigger.
        runConcurrently(2) { index in
            if index == 0 {
                for value in 0..<1_000 { source.send(value: value) }
            } else {
                trigger.send(value: ())
            }
        }
        // Then: a prefix of the values, then completed, once.
        let events = recorder.events
        let values = events.compactMap(\.value)
        #expect(values == Array(0..<values.count))
        #expect(events.last == .completed)
        #expect(events.filter(\.isTerminating).count == 1)
    }
}
