// repeat(_:) and repeatForever(): subscriptions one after the other.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct RepeatTests {
    @Test func subscribesCountTimesInAllOneAfterTheOther() {
        // Given
        let subscriptions = Counter()
        let source = Signal<Int, Never>.deferred {
            subscriptions.increment()
            return .from([1, 2])
        }
        // When
        let recorder = source.repeat(3).record()
        // Then
        #expect(recorder.events == [.next(1), .next(2), .next(1), .next(2), .next(1), .next(2), .completed])
        #expect(subscriptions.count == 3)
    }

    @Test func repeatZeroCompletesAtOnceWithoutSubscribing() {
        // Given
        let subscriptions = Counter()
        let source = Signal<Int, Never>.deferred {
            subscriptions.increment()
            return .just(1)
        }
        // When / Then
        #expect(source.repeat(0).record().events == [.completed])
        #expect(subscriptions.count == 0)
    }

    @Test func waitsForEachSubscriptionToCompleteBeforeTheNext() {
        // Given: a source whose every subscription gets a fresh sink
        let source = ManualSource<Int, Never>()
        let recorder = source.signal.repeat(2).record()
        // When / Then
        source.observer.send(value: 1)
        #expect(source.subscriptionCount == 1)
        source.observer.sendCompleted()
        #expect(source.subscriptionCount == 2)
        source.observer.send(value: 2)
        source.observer.sendCompleted()
        #expect(recorder.events == [.next(1), .next(2), .completed])
        #expect(source.subscriptionCount == 2)
    }

    @Test func failsAtTheFirstErrorWithoutRepeating() {
        // Given
        let subscriptions = Counter()
        let source = Signal<Int, Oops>.deferred {
            subscriptions.increment()
            return Signal.just(1).concat(.error(Oops()))
        }
        // When
        let recorder = source.repeat(3).record()
        // Then
        #expect(recorder.events == [.next(1), .error(Oops())])
        #expect(subscriptions.count == 1)
    }

    @Test func disposingMidStreamDisposesTheRunningSubscriptionAndStartsNoOther() {
        // Given
        let source = SpySource<Int, Never>()
        let recorder = source.signal.repeat(3).record()
        source.send(value: 1)
        // When
        recorder.dispose()
        source.sendCompleted()
        // Then
        #expect(recorder.events == [.next(1)])
        #expect(source.subscriptions.count == 1 && source.disposals.count == 1)
    }

    @Test func reentrantCompletionFromACallbackStartsTheNextSubscriptionAfterItReturns() {
        // Given
        let source = ManualSource<Int, Never>()
        let log = Locked<[String]>([])
        source.signal.repeat(2).subscribe(next: { value in
            log.append("\(value)")
            if value == 1 {
                source.observer.sendCompleted()
                log.append("sent completed")
            }
        }, completed: { log.append("completed") })
        // When
        source.observer.send(value: 1)
        source.observer.send(value: 2)
        source.observer.sendCompleted()
        // Then
        #expect(log.value == ["1", "sent completed", "2", "completed"])
        #expect(source.subscriptionCount == 2)
    }
}

@Suite struct RepeatForeverTests {
    @Test func sendsEveryRoundOfAFreshSignal() {
        // Given: each subscription gets the next subject
        let subjects = (0..<3).map { _ in Subject<Int, Never>() }
        let subscriptions = Counter()
        let source = Signal<Int, Never>.deferred { subjects[min(subscriptions.increment() - 1, 2)].signal }
        let recorder = source.repeatForever().record()
        // When
        subjects[0].send(value: 1)
        subjects[0].sendCompleted()
        subjects[1].send(value: 2)
        subjects[1].sendCompleted()
        subjects[2].send(value: 3)
        // Then
        #expect(recorder.events == [.next(1), .next(2), .next(3)])
        #expect(subscriptions.count == 3)
    }

    @Test func failsAtTheFirstError() {
        // Given
        let rounds = Counter()
        let source = Signal<Int, Oops>.deferred {
            rounds.increment() < 3 ? .just(rounds.count) : .error(Oops())
        }
        // When
        let recorder = source.repeatForever().record()
        // Then
        #expect(recorder.events == [.next(1), .next(2), .error(Oops())])
    }

    @Test func disposingMidStreamDisposesTheRunningSubscription() {
        // Given
        let source = SpySource<Int, Never>()
        let recorder = source.signal.repeatForever().record()
        source.send(value: 1)
        // When
        recorder.dispose()
        source.send(value: 2)
        // Then
        #expect(recorder.events == [.next(1)])
        #expect(source.disposals.count == 1)
    }

    @Test func aDownstreamStopAfterNValuesEndsASynchronousRepeatForever() {
        // Given: a synchronous signal, repeated forever, stopped downstream after 5 values
        let subscriptions = Counter()
        let source = Signal<Int, Never>.deferred {
            subscriptions.increment()
            return .from([1, 2])
        }
        // When
        let recorder = source.repeatForever().stopping(after: 5).record()
        // Then
        #expect(recorder.events == [.next(1), .next(2), .next(1), .next(2), .next(1), .completed])
        #expect(subscriptions.count == 3)
    }

    @Test func reentrantSendFromACallbackIsDeliveredInOrder() {
        // Given
        let source = Subject<Int, Never>()
        let log = Locked<[Int]>([])
        source.signal.repeatForever().subscribe(next: { value in
            log.append(value)
            if value == 1 { source.send(value: 2) }
            log.append(value * 10)
        })
        // When
        source.send(value: 1)
        // Then
        #expect(log.value == [1, 10, 2, 20])
    }
}

/// Stack safety of repetition (each test in a child process, on a 512 KiB stack; see
/// StackSafetyTests): a million repeats, a million retries, and a synchronous
/// `repeatForever()` stopped downstream after a million values.
@Suite(.serialized) struct RepetitionStackSafetyTests {
    @Test func repeatOfASynchronousSignalAMillionTimes() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let count = StackSafetyTests.millionSteps
            StackSafetyTests.expectAllValues(repeatElement(7, count: count), "repeat(\(count)) of Signal.from([7])") {
                Signal.from([7]).repeat(count)
            }
        }
        StackSafetyTests.relay(result)
    }

    @Test func retryOfASynchronouslyFailingSignalAMillionTimes() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let count = StackSafetyTests.millionSteps
            let expected = Array(repeating: 1, count: count + 1) + [-1]
            StackSafetyTests.expectAllValues(expected, "retry(\(count)) of a signal sending 1 then an error, then replaceError") {
                let failing = Signal<Int, Oops> { observer in
                    observer.send(value: 1)
                    observer.send(error: Oops())
                    return nil
                }
                return failing.retry(count).replaceError(with: -1)
            }
        }
        StackSafetyTests.relay(result)
    }

    @Test func repeatForeverOfASynchronousSignalStoppedDownstreamAfterAMillionValues() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let count = StackSafetyTests.millionSteps
            StackSafetyTests.expectAllValues(repeatElement(3, count: count), "repeatForever() of Signal.from([3]) stopped after \(count) values") {
                Signal.from([3]).repeatForever().stopping(after: count)
            }
        }
        StackSafetyTests.relay(result)
    }

    @Test func repeatForeverOfAJustStoppedAfterOneValue() {
        let values = runOnThread(stackSize: StackSafetyTests.stackSize) {
            Signal.just(5).repeatForever().stopping(after: 1).record().events
        }
        #expect(values == [.next(5), .completed])
    }

    @Test func zipOfTenThousandSignals() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let count = 10_000
            let signals = (0..<count).map { Signal<Int, Never>.from([$0, $0 + count]) }
            StackSafetyTests.expectAllValues(0..<(2 * count), "zip of an array of \(count) signals of 2 values") {
                Signal.zip(signals).flattenMap { Signal.from($0) }
            }
        }
        StackSafetyTests.relay(result)
    }
}

extension Signal {
    /// The first `count` values, then completed (a stand-in for `take(_:)` in these tests):
    /// a bind that sets `stop` at the `count`-th value, which disposes the source.
    fileprivate func stopping(after count: Int) -> Signal {
        bind {
            var seen = 0
            return { event, stop in
                switch event {
                case .next(let value):
                    seen += 1
                    if seen == count { stop = true }
                    return .just(value)
                case .error(let error): return .error(error)
                case .completed: return nil
                }
            }
        }
    }
}
