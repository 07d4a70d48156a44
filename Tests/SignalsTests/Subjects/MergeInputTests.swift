// MergeInput: upstreams attached over time; an upstream's completion detaches only it; an
// upstream's error fails the output; cancel() and deinit dispose every upstream and
// complete the output; attaching after cancel does nothing.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct MergeInputTests {
    @Test func forwardsTheValuesOfUpstreamsAttachedOverTime() {
        // Given
        let input = MergeInput<String, Never>()
        let recorder = input.signal.record()
        let a = Subject<String, Never>(), b = Subject<String, Never>()
        // When
        input.attach(a.signal)
        a.send(value: "a1")
        b.signal.merge(into: input)
        b.send(value: "b1")
        a.send(value: "a2")
        input.attach(.just("c"))
        // Then
        #expect(recorder.values == ["a1", "b1", "a2", "c"])
        #expect(!recorder.isTerminated)
    }

    @Test func upstreamCompletionDetachesOnlyThatUpstream() {
        // Given
        let input = MergeInput<Int, Never>()
        let recorder = input.signal.record()
        let a = SpySource<Int, Never>(), b = SpySource<Int, Never>()
        input.attach(a.signal)
        input.attach(b.signal)
        // When
        a.sendCompleted()
        b.send(value: 2)
        input.attach(.just(3))
        // Then
        #expect(recorder.events == [.next(2), .next(3)])
        #expect(b.disposals.count == 0)
    }

    @Test func upstreamErrorFailsTheOutputAndDisposesTheOtherUpstreams() {
        // Given
        let input = MergeInput<Int, Oops>()
        let recorder = input.signal.record()
        let a = SpySource<Int, Oops>(), b = SpySource<Int, Oops>()
        input.attach(a.signal)
        input.attach(b.signal)
        // When
        a.send(error: Oops())
        b.send(value: 1)
        // Then
        #expect(recorder.events == [.error(Oops())])
        #expect(b.disposals.count == 1)
    }

    @Test func cancelDisposesEveryAttachedUpstreamAndCompletesTheOutput() {
        // Given
        let input = MergeInput<Int, Never>()
        let recorder = input.signal.record()
        let a = SpySource<Int, Never>(), b = SpySource<Int, Never>()
        input.attach(a.signal)
        input.attach(b.signal)
        a.send(value: 1)
        // When
        input.cancel()
        b.send(value: 2)
        // Then
        #expect(recorder.events == [.next(1), .completed])
        #expect(a.disposals.count == 1)
        #expect(b.disposals.count == 1)
    }

    @Test func cancelIsIdempotent() {
        // Given
        let input = MergeInput<Int, Never>()
        let recorder = input.signal.record()
        // When
        input.cancel()
        input.cancel()
        // Then
        #expect(recorder.events == [.completed])
    }

    @Test func deinitDisposesEveryAttachedUpstreamAndCompletesTheOutput() {
        // Given
        let a = SpySource<Int, Never>()
        var input: MergeInput<Int, Never>? = MergeInput()
        let recorder = input!.signal.record()
        input!.attach(a.signal)
        a.send(value: 1)
        // When
        input = nil
        a.send(value: 2)
        // Then
        #expect(recorder.events == [.next(1), .completed])
        #expect(a.disposals.count == 1)
    }

    @Test func attachingAfterCancelDoesNothing() {
        // Given
        let input = MergeInput<Int, Never>()
        let recorder = input.signal.record()
        input.cancel()
        let subscriptions = Counter()
        // When
        input.attach(.deferred {
            subscriptions.increment()
            return .just(1)
        })
        // Then
        #expect(subscriptions.count == 0)
        #expect(recorder.events == [.completed])
    }

    @Test func outputIsHot() {
        // Given
        let input = MergeInput<Int, Never>()
        let source = Subject<Int, Never>()
        input.attach(source.signal)
        source.send(value: 1)
        // When
        let late = input.signal.record()
        source.send(value: 2)
        // Then
        #expect(late.values == [2])
    }

    @Test func reentrantAttachFromInsideACallbackIsDeliveredAfterTheCurrentValue() {
        // Given
        let input = MergeInput<Int, Never>()
        let log = Locked<[String]>([])
        input.signal.subscribe(next: { value in
            log.append("start \(value)")
            if value == 1 { input.attach(.just(2)) }
            log.append("end \(value)")
        })
        // When
        input.attach(.just(1))
        // Then
        #expect(log.value == ["start 1", "end 1", "start 2", "end 2"])
    }

    @Test func cancelFromInsideACallbackCompletesAfterTheCurrentValue() {
        // Given
        let input = MergeInput<Int, Never>()
        let upstream = SpySource<Int, Never>()
        input.attach(upstream.signal)
        let log = Locked<[Event<Int, Never>]>([])
        input.signal.subscribe(Observer { event in
            log.append(event)
            if event.value == 1 { input.cancel() }
        })
        // When
        upstream.send(value: 1)
        upstream.send(value: 2)
        // Then
        #expect(log.value == [.next(1), .completed])
        #expect(upstream.disposals.count == 1)
    }
}
