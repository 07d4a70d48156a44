// catch, replaceError, retry(_:) and retry(when:): what happens after an error.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

/// A signal that sends `values`, then fails with `error`, counting its subscriptions.
private func failing(_ values: [Int], _ error: TestError, subscriptions: Counter = Counter()) -> Signal<Int, TestError> {
    Signal<Int, TestError>.deferred {
        subscriptions.increment()
        return Signal.from(values).concat(.error(error))
    }
}

@Suite struct CatchTests {
    @Test func switchesToTheSignalMadeFromTheError() {
        // Given
        let source = failing([1, 2], TestError(7))
        // When
        let recorder = source.catch { error in Signal<Int, Never>.from([error.code, 8]) }.record()
        // Then
        #expect(recorder.events == [.next(1), .next(2), .next(7), .next(8), .completed])
    }

    @Test func completesWithTheSourceWithoutCallingTheHandler() {
        // Given
        let calls = Counter()
        // When
        let recorder = Signal<Int, Oops>.from([1]).catch { _ in
            calls.increment()
            return Signal<Int, Oops>.just(0)
        }.record()
        // Then
        #expect(recorder.events == [.next(1), .completed])
        #expect(calls.count == 0)
    }

    @Test func failsWithTheErrorOfTheHandlersSignal() {
        // When
        let recorder = failing([1], TestError(1)).catch { _ in Signal<Int, TestError>.error(TestError(2)) }.record()
        // Then
        #expect(recorder.events == [.next(1), .error(TestError(2))])
    }

    @Test func disposingMidStreamDisposesTheRunningSignalAndDeliversNothingMore() {
        // Given
        let source = SpySource<Int, Oops>(), replacement = SpySource<Int, Never>()
        let recorder = source.signal.catch { _ in replacement.signal }.record()
        source.send(value: 1)
        source.send(error: Oops())
        replacement.send(value: 2)
        // When
        recorder.dispose()
        replacement.send(value: 3)
        // Then
        #expect(recorder.events == [.next(1), .next(2)])
        #expect(source.disposals.count == 1 && replacement.disposals.count == 1)
    }

    @Test func disposingBeforeTheErrorNeverCallsTheHandler() {
        // Given
        let source = SpySource<Int, Oops>()
        let calls = Counter()
        let recorder = source.signal.catch { _ in
            calls.increment()
            return Signal<Int, Never>.just(0)
        }.record()
        // When
        recorder.dispose()
        source.send(error: Oops())
        // Then
        #expect(recorder.events.isEmpty)
        #expect(source.disposals.count == 1 && calls.count == 0)
    }

    @Test func reentrantSendFromTheReplacementsCallbackIsDeliveredInOrder() {
        // Given
        let source = Subject<Int, Oops>(), replacement = Subject<Int, Never>()
        let log = Locked<[Int]>([])
        source.signal.catch { _ in replacement.signal }.subscribe(next: { value in
            log.append(value)
            if value == 1 { replacement.send(value: 2) }
        })
        source.send(error: Oops())
        // When
        replacement.send(value: 1)
        // Then
        #expect(log.value == [1, 2])
    }
}

@Suite struct ReplaceErrorTests {
    @Test func sendsTheValueThenCompletesOnError() {
        #expect(failing([1], TestError(1)).replaceError(with: -1).record().events == [.next(1), .next(-1), .completed])
    }

    @Test func passesValuesAndCompletionThrough() {
        #expect(Signal<Int, Oops>.from([1, 2]).replaceError(with: 0).record().events == [.next(1), .next(2), .completed])
    }

    @Test func disposingMidStreamDisposesTheSource() {
        // Given
        let source = SpySource<Int, Oops>()
        let recorder = source.signal.replaceError(with: 0).record()
        source.send(value: 1)
        // When
        recorder.dispose()
        source.send(error: Oops())
        // Then
        #expect(recorder.events == [.next(1)])
        #expect(source.disposals.count == 1)
    }

    @Test func reentrantSendIsDeliveredAfterTheCurrentValue() {
        // Given
        let source = Subject<Int, Oops>()
        let log = Locked<[Int]>([])
        source.signal.replaceError(with: 0).subscribe(next: { value in
            log.append(value)
            if value == 1 { source.send(error: Oops()) }
            log.append(value * 10)
        })
        // When
        source.send(value: 1)
        // Then
        #expect(log.value == [1, 10, 0, 0])
    }
}

@Suite struct RetryTests {
    @Test func resubscribesUpToCountMoreTimesThenFails() {
        // Given
        let subscriptions = Counter()
        // When
        let recorder = failing([1], TestError(1), subscriptions: subscriptions).retry(2).record()
        // Then
        #expect(recorder.events == [.next(1), .next(1), .next(1), .error(TestError(1))])
        #expect(subscriptions.count == 3)
    }

    @Test func retryZeroIsTheSignalItself() {
        #expect(failing([1], TestError(1)).retry(0).record().events == [.next(1), .error(TestError(1))])
    }

    @Test func completesWhenAnAttemptCompletes() {
        // Given: fails twice, then succeeds
        let attempts = Counter()
        let flaky = Signal<Int, Oops>.deferred {
            attempts.increment() < 3 ? .error(Oops()) : .just(42)
        }
        // When
        let recorder = flaky.retry(5).record()
        // Then
        #expect(recorder.events == [.next(42), .completed])
        #expect(attempts.count == 3)
    }

    @Test func disposingMidStreamDisposesTheRunningAttemptAndStartsNoOther() {
        // Given: a source whose every subscription gets a fresh sink
        let source = ManualSource<Int, Oops>()
        let recorder = source.signal.retry(3).record()
        source.observer.send(value: 1)
        source.observer.send(error: Oops())
        let subscriptionsAfterError = source.subscriptionCount
        // When
        recorder.dispose()
        source.observer.send(value: 2)
        source.observer.send(error: Oops())
        // Then
        #expect(subscriptionsAfterError == 2)
        #expect(recorder.events == [.next(1)])
        #expect(source.subscriptionCount == 2)
        #expect(source.disposals.count == 2)
    }

    @Test func reentrantErrorFromACallbackRetriesAfterTheCallbackReturns() {
        // Given
        let source = ManualSource<Int, Oops>()
        let log = Locked<[String]>([])
        source.signal.retry(1).subscribe(next: { value in
            log.append("\(value)")
            if value == 1 {
                source.observer.send(error: Oops())
                log.append("sent error")
            }
        }, error: { _ in log.append("error") })
        // When
        source.observer.send(value: 1)
        let subscriptions = source.subscriptionCount
        source.observer.send(value: 2)
        // Then
        #expect(subscriptions == 2)
        #expect(log.value == ["1", "sent error", "2"])
    }
}

@Suite struct RetryWhenTests {
    @Test func eachTriggerValueAfterAnErrorResubscribes() {
        // Given
        let subscriptions = Counter()
        let source = failing([1], TestError(1), subscriptions: subscriptions)
        // When: retry twice, then fail with the third error
        let recorder = source.retry(when: { errors in
            errors.zip(with: .from(1...3)).flattenMap { error, attempt in
                attempt < 3 ? .just(()) : .error(error)
            }
        }).record()
        // Then
        #expect(recorder.events == [.next(1), .next(1), .next(1), .error(TestError(1))])
        #expect(subscriptions.count == 3)
    }

    @Test func theHandlerSeesEachError() {
        // Given
        let attempts = Counter()
        let source = Signal<Int, TestError>.deferred { .error(TestError(attempts.increment())) }
        let seen = Locked<[Int]>([])
        // When
        let recorder = source.retry(when: { errors in
            errors.flattenMap { error in
                seen.append(error.code)
                return error.code < 3 ? .just(()) : .error(error)
            }
        }).record()
        // Then
        #expect(seen.value == [1, 2, 3])
        #expect(recorder.events == [.error(TestError(3))])
    }

    @Test func completesWhenAnAttemptCompletes() {
        // Given
        let attempts = Counter()
        let flaky = Signal<Int, Oops>.deferred { attempts.increment() < 2 ? .error(Oops()) : .just(5) }
        // When
        let recorder = flaky.retry(when: { errors in errors.map { _ in () } }).record()
        // Then
        #expect(recorder.events == [.next(5), .completed])
    }

    @Test func triggerCompletionCompletesAtOnceAndDisposesTheRunningAttempt() {
        // Given
        let source = SpySource<Int, Oops>()
        let trigger = Subject<Void, Oops>()
        let recorder = source.signal.retry(when: { _ in trigger.signal }).record()
        source.send(value: 1)
        // When
        trigger.sendCompleted()
        source.send(value: 2)
        // Then
        #expect(recorder.events == [.next(1), .completed])
        #expect(source.disposals.count == 1)
    }

    @Test func triggerErrorFailsTheOutput() {
        // Given
        let trigger = Subject<Void, TestError>()
        let recorder = failing([1], TestError(1)).retry(when: { _ in trigger.signal }).record()
        // When
        trigger.send(error: TestError(9))
        // Then
        #expect(recorder.events == [.next(1), .error(TestError(9))])
    }

    @Test func triggerValuesWhileAnAttemptRunsAreIgnored() {
        // Given
        let source = ManualSource<Int, Oops>()
        let trigger = Subject<Void, Oops>()
        let recorder = source.signal.retry(when: { _ in trigger.signal }).record()
        // When
        trigger.send(value: ())
        let subscriptionsWhileRunning = source.subscriptionCount
        source.observer.send(value: 1)
        source.observer.send(error: Oops())     // waits for the trigger
        let subscriptionsAfterError = source.subscriptionCount
        trigger.send(value: ())
        source.observer.send(value: 2)
        // Then
        #expect(subscriptionsWhileRunning == 1)
        #expect(subscriptionsAfterError == 1)
        #expect(source.subscriptionCount == 2)
        #expect(recorder.values == [1, 2])
    }

    @Test func disposingMidStreamDisposesTheAttemptAndTheTrigger() {
        // Given
        let source = SpySource<Int, Oops>(), trigger = SpySource<Void, Oops>()
        let recorder = source.signal.retry(when: { _ in trigger.signal }).record()
        source.send(value: 1)
        // When
        recorder.dispose()
        source.send(value: 2)
        // Then
        #expect(recorder.events == [.next(1)])
        #expect(source.disposals.count == 1 && trigger.disposals.count == 1)
    }

    @Test func handlerIsCalledOncePerSubscription() {
        // Given
        let calls = Counter()
        let signal = Signal<Int, Oops>.just(1).retry(when: { errors in
            calls.increment()
            return errors
        })
        // When
        _ = signal.record()
        _ = signal.record()
        // Then
        #expect(calls.count == 2)
    }

    @Test func reentrantSendFromACallbackIsDeliveredInOrder() {
        // Given
        let source = Subject<Int, Oops>()
        let log = Locked<[Int]>([])
        source.signal.retry(when: { errors in errors }).subscribe(next: { value in
            log.append(value)
            if value == 1 { source.send(value: 2) }
            log.append(value * 10)
        })
        // When
        source.send(value: 1)
        // Then
        #expect(log.value == [1, 10, 2, 20])
    }

    @Test func aSynchronousTriggerRetriesASynchronouslyFailingSignalManyTimesInConstantStack() {
        // Given: every error is answered at once, 10,000 times, on a 512 KiB stack
        let count = 10_000
        let events = runOnThread(stackSize: 512 * 1024) {
            let attempts = Counter()
            let source = Signal<Int, TestError>.deferred { .error(TestError(attempts.increment())) }
            return source.retry(when: { errors in
                errors.flattenMap { error in error.code < count ? .just(()) : .error(error) }
            }).record().events
        }
        // Then
        #expect(events == [.error(TestError(count))])
    }

    /// Where Signals differs from RxSwift (RxSwift's `testRetryWhen_Never`: a trigger that
    /// completes at once, a source that completes at 250; RxSwift completes at 250).
    @Test func aTriggerThatCompletesAtOnceCompletesWithoutWaitingForTheAttempt() {
        // Given
        let source = SpySource<Int, Oops>()
        // When
        let recorder = source.signal.retry(when: { _ in Signal<Void, Oops>.empty }).record()
        source.send(value: 1)
        source.sendCompleted()
        // Then
        #expect(recorder.events == [.completed])
        #expect(source.subscriptions.count == source.disposals.count)
    }
}
