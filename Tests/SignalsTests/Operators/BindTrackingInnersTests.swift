// bindTrackingInners: a binding that sees `.innerCompleted` for every signal it returned,
// and an output that completes by itself once the source and every inner signal are done.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

extension Signal {
    /// exhaustMap on the tracking bind: values that arrive while an inner signal runs are ignored.
    fileprivate func exhausting<U>(_ transform: @escaping @Sendable (Value) -> Signal<U, Failure>) -> Signal<U, Failure> {
        bindTrackingInners {
            var busy = false
            return { event, _ in
                switch event {
                case .source(.next(let value)):
                    if busy { return nil }
                    busy = true
                    return transform(value)
                case .source(.error(let error)): return .error(error)
                case .source(.completed): return nil
                case .innerCompleted:
                    busy = false
                    return nil
                }
            }
        }
    }
}

@Suite struct BindTrackingInnersTests {
    @Test func theBindingSeesOneInnerCompletedPerReturnedSignalJustAndEmptyIncluded() {
        // Given
        let seen = Locked<[String]>([])
        // When
        let recorder = Signal<Int, Never>.from([1, 2, 3]).bindTrackingInners {
            { event, _ -> Signal<Int, Never>? in
                switch event {
                case .source(.next(let value)):
                    seen.append("source \(value)")
                    return value == 2 ? .empty : .just(value)
                case .source(.completed): seen.append("completed"); return nil
                case .source(.error): return nil
                case .innerCompleted: seen.append("inner"); return nil
                }
            }
        }.record()
        // Then
        #expect(recorder.events == [.next(1), .next(3), .completed])
        #expect(seen.value == ["source 1", "inner", "source 2", "inner", "source 3", "inner", "completed"])
    }

    @Test func theOutputCompletesOnceTheSourceAndEveryInnerSignalHaveCompleted() {
        // Given
        let source = Subject<Int, Never>()
        let inner = Subject<String, Never>()
        let output: Signal<String, Never> = source.signal.bindTrackingInners {
            { event, _ in
                guard case .source(.next) = event else { return nil }
                return inner.signal
            }
        }
        let recorder = output.record()
        source.send(value: 1)
        // When
        source.sendCompleted()
        let completedBeforeInner = recorder.isCompleted
        inner.send(value: "a")
        inner.sendCompleted()
        // Then
        #expect(!completedBeforeInner)
        #expect(recorder.events == [.next("a"), .completed])
    }

    @Test func exhaustIgnoresValuesWhileAnInnerSignalRunsAndAcceptsThemAfterItCompletes() {
        // Given
        let taps = Subject<Int, Never>()
        let requests = [1: Subject<String, Never>(), 2: Subject<String, Never>(), 3: Subject<String, Never>()]
        let recorder = taps.signal.exhausting { requests[$0]!.signal }.record()
        // When
        taps.send(value: 1)
        taps.send(value: 2)                 // ignored: 1 runs
        requests[1]!.send(value: "one")
        requests[1]!.sendCompleted()
        taps.send(value: 3)
        requests[3]!.send(value: "three")
        taps.sendCompleted()
        requests[3]!.sendCompleted()
        // Then
        #expect(recorder.events == [.next("one"), .next("three"), .completed])
    }

    @Test func stopEndsAnEndlessSynchronousSourceAndTheOutputCompletesWhenTheInnersHave() {
        // Given
        let pulled = Counter()
        // When
        let output: Signal<Int, Never> = Signal<Int, Never>.from(1...).bindTrackingInners {
            var count = 0
            return { event, stop in
                guard case .source(.next(let value)) = event else { return nil }
                pulled.increment()
                count += 1
                if count == 3 { stop = true }
                return .just(value)
            }
        }
        let recorder = output.record()
        // Then
        #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
        #expect(pulled.count == 3)
    }

    @Test func aStoppedHotSourceIsDisposedAtItsNextEventAndSeenNoMore() {
        // Given
        let source = SpySource<Int, Never>()
        let inner = Subject<Int, Never>()
        let output: Signal<Int, Never> = source.signal.bindTrackingInners {
            { event, stop in
                guard case .source(.next(let value)) = event else { return nil }
                stop = true
                return inner.signal.map { $0 + value }
            }
        }
        let recorder = output.record()
        // When
        source.send(value: 10)
        source.send(value: 20)              // not seen: disposes the source
        inner.send(value: 1)
        inner.sendCompleted()
        // Then
        #expect(recorder.events == [.next(11), .completed])
        #expect(source.disposals.count == 1)
    }

    @Test func aSourceErrorReachesTheBindingAndFailsTheOutputWhenPassedOn() {
        let recorder = Signal<Int, TestError>.error(TestError(1)).exhausting { Signal<Int, TestError>.just($0) }.record()
        #expect(recorder.events == [.error(TestError(1))])
    }

    @Test func anInnerErrorFailsTheOutputAndDisposesTheSource() {
        // Given
        let source = SpySource<Int, TestError>()
        let recorder = source.signal.exhausting { _ in Signal<Int, TestError>.error(TestError(2)) }.record()
        // When
        source.send(value: 1)
        // Then
        #expect(recorder.events == [.error(TestError(2))])
        #expect(source.disposals.count == 1)
    }

    @Test func disposingTheOutputDisposesTheSourceAndTheRunningInner() {
        // Given
        let source = SpySource<Int, Never>()
        let inner = SpySource<Int, Never>()
        let recorder = source.signal.exhausting { _ in inner.signal }.record()
        source.send(value: 1)
        // When
        recorder.dispose()
        // Then
        #expect(source.disposals.count == 1)
        #expect(inner.disposals.count == 1)
    }

    @Test func exhaustConformsToTheOperatorContract() {
        let report = OperatorConformance.check("exhausting", stackSafetyLength: 10_000) { $0.exhausting { Signal<Int, OperatorConformance.SourceError>.from([$0, $0]) } }
        #expect(report.failures == [])
    }
}
