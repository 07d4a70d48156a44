// on(subscribed:started:next:error:completed:terminated:disposed:) and log(_:to:): side effects that
// leave the events unchanged.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct OnTests {
    /// An `on` that logs every hook into `log`.
    private func logging<Value, Failure>(_ signal: Signal<Value, Failure>, into log: Locked<[String]>) -> Signal<Value, Failure> {
        signal.on(
            subscribed: { log.append("subscribed") },
            next: { log.append("next \($0)") },
            error: { log.append("error \($0)") },
            completed: { log.append("completed") },
            terminated: { log.append("terminated") },
            disposed: { log.append("disposed") }
        )
    }

    @Test func runsEachHookBeforeTheEventIsForwardedAndDisposedAfterTheEnd() {
        // Given
        let log = Locked<[String]>([])
        // When
        logging(Signal.from([1, 2]), into: log).subscribe(Observer { event in log.append("got \(event)") })
        // Then
        #expect(log.value == [
            "subscribed", "next 1", "got next(1)", "next 2", "got next(2)",
            "completed", "terminated", "got completed", "disposed",
        ])
    }

    @Test func runsErrorAndTerminatedBeforeTheErrorIsForwarded() {
        // Given
        let log = Locked<[String]>([])
        // When
        logging(Signal<Int, TestError>.error(TestError(1)), into: log).subscribe(Observer { event in log.append("got \(event)") })
        // Then
        #expect(log.value == ["subscribed", "error TestError(code: 1)", "terminated", "got error(TestError(code: 1))", "disposed"])
    }

    @Test func runsSubscribedBeforeTheSourceIsSubscribed() {
        // Given
        let log = Locked<[String]>([])
        let source = Signal<Int, Never>.deferred {
            log.append("source subscribed")
            return .empty
        }
        // When
        _ = source.on(subscribed: { log.append("subscribed") }).record()
        // Then
        #expect(log.value == ["subscribed", "source subscribed"])
    }

    @Test func leavesTheEventsUnchanged() {
        #expect(Signal.from([1, 2]).on(next: { _ in }).record().events == [.next(1), .next(2), .completed])
        #expect(Signal<Int, Oops>.error(Oops()).on(error: { _ in }).record().events == [.error(Oops())])
    }

    @Test func disposingMidStreamRunsDisposedOnceButNotTerminated() {
        // Given
        let source = SpySource<Int, Never>()
        let log = Locked<[String]>([])
        let recorder = logging(source.signal, into: log).record()
        source.send(value: 1)
        // When
        recorder.dispose()
        recorder.dispose()
        source.send(value: 2)
        source.sendCompleted()
        // Then
        #expect(log.value == ["subscribed", "next 1", "disposed"])
        #expect(recorder.events == [.next(1)])
        #expect(source.disposals.count == 1)
    }

    @Test func runsTheHooksOfEachSubscription() {
        // Given
        let log = Locked<[String]>([])
        let signal = Signal.just(1).on(subscribed: { log.append("subscribed") }, disposed: { log.append("disposed") })
        // When
        _ = signal.record()
        _ = signal.record()
        // Then
        #expect(log.value == ["subscribed", "disposed", "subscribed", "disposed"])
    }

    @Test func reentrantSendFromAHookIsDeliveredAfterTheCurrentValue() {
        // Given
        let source = Subject<Int, Never>()
        let log = Locked<[String]>([])
        let recorder = source.signal.on(next: { value in
            log.append("hook \(value)")
            if value == 1 { source.send(value: 2) }
        }).record()
        // When
        source.send(value: 1)
        // Then
        #expect(log.value == ["hook 1", "hook 2"])
        #expect(recorder.values == [1, 2])
    }
}

/// `on(started:)`: the hook that runs after the source has been subscribed (RxSwift's
/// `do(onSubscribed:)`, ReactiveSwift's `started`), beside `subscribed` (before).
@Suite struct OnStartedTests {
    /// An `on` that logs `subscribed`, `started` and the events into `log`.
    private func logging<Value, Failure>(_ signal: Signal<Value, Failure>, into log: Locked<[String]>) -> Signal<Value, Failure> {
        signal.on(
            subscribed: { log.append("subscribed") },
            started: { log.append("started") },
            next: { log.append("next \($0)") },
            error: { log.append("error \($0)") },
            completed: { log.append("completed") },
            disposed: { log.append("disposed") }
        )
    }

    @Test func runsStartedOnceTheSourcesSubscribeCallHasReturned() {
        // Given
        let log = Locked<[String]>([])
        let source = Signal<Int, Never> { observer in
            log.append("source subscribed")
            return AnyDisposable { log.append("source disposed") }
        }
        // When
        let recorder = source.on(subscribed: { log.append("subscribed") }, started: { log.append("started") }).record()
        // Then
        #expect(log.value == ["subscribed", "source subscribed", "started"])
        recorder.dispose()
        #expect(log.value == ["subscribed", "source subscribed", "started", "source disposed"])
    }

    @Test func aSynchronousSourcesValuesComeBeforeStartedAndItsCompletionAfter() {
        // Given
        let log = Locked<[String]>([])
        // When
        logging(Signal.from([1, 2]), into: log).subscribe(Observer { event in log.append("got \(event)") })
        // Then
        #expect(log.value == [
            "subscribed", "next 1", "got next(1)", "next 2", "got next(2)",
            "started", "completed", "got completed", "disposed",
        ])
    }

    @Test func aSynchronousErrorIsHeldUntilStartedHasRun() {
        // Given
        let log = Locked<[String]>([])
        // When
        let recorder = logging(Signal<Int, TestError>.error(TestError(1)), into: log).record()
        // Then
        #expect(log.value == ["subscribed", "started", "error TestError(code: 1)", "disposed"])
        #expect(recorder.events == [.error(TestError(1))])
    }

    @Test func aValueSentFromStartedIntoASubjectFeedingThePipelineIsDelivered() {
        // Given: a feedback loop — the pipeline listens to a subject that its own hook feeds.
        let events = Subject<Int, Never>()
        // When
        let recorder = events.signal.scan(0) { $0 + $1 }.on(started: { events.send(value: 1) }).record()
        // Then
        #expect(recorder.values == [1])
        events.send(value: 2)
        #expect(recorder.values == [1, 3])
    }

    @Test func aValueSentFromSubscribedIntoTheSameSubjectIsLostBecauseNothingListensYet() {
        // Given
        let events = Subject<Int, Never>()
        // When
        let recorder = events.signal.scan(0) { $0 + $1 }.on(subscribed: { events.send(value: 1) }).record()
        // Then
        #expect(recorder.values == [])
    }

    @Test func aFeedbackLoopStartedByTheHookRunsToItsEnd() {
        // Given: every state below 3 sends the next event back into the loop (RxFeedback's shape).
        let events = Subject<Int, Never>()
        let states = events.signal.scan(0) { $0 + $1 }
            .on(next: { state in if state < 3 { events.send(value: 1) } })
            .on(started: { events.send(value: 1) })
        // When
        let recorder = states.record()
        // Then
        #expect(recorder.values == [1, 2, 3])
    }

    @Test func runsOncePerSubscriptionAndLeavesTheEventsUnchanged() {
        // Given
        let count = Locked(0)
        let signal = Signal.from([1, 2]).on(started: { count.withLock { $0 += 1 } })
        // When
        let first = signal.record()
        let second = signal.record()
        // Then
        #expect(first.events == [.next(1), .next(2), .completed])
        #expect(second.events == [.next(1), .next(2), .completed])
        #expect(count.value == 2)
    }

    @Test func aLaterErrorIsForwardedAtOnce() {
        // Given
        let source = Subject<Int, TestError>()
        let log = Locked<[String]>([])
        let recorder = logging(source.signal, into: log).record()
        // When
        source.send(value: 1)
        source.send(error: TestError(2))
        // Then
        #expect(recorder.events == [.next(1), .error(TestError(2))])
        #expect(log.value == ["subscribed", "started", "next 1", "error TestError(code: 2)", "disposed"])
    }

    @Test func aSubscriptionDisposedWhileTheSourceIsBeingSubscribedDoesNotRunStarted() {
        // Given
        let count = Locked(0)
        // When
        let recorder = Signal.from([1, 2, 3]).on(started: { count.withLock { $0 += 1 } }).take(1).record()
        // Then
        #expect(recorder.events == [.next(1), .completed])
        #expect(count.value == 0)
    }

    @Test func disposingMidStreamDisposesTheSourceOnce() {
        // Given
        let source = SpySource<Int, Never>()
        let recorder = source.signal.on(started: {}).record()
        source.send(value: 1)
        // When
        recorder.dispose()
        source.send(value: 2)
        // Then
        #expect(recorder.events == [.next(1)])
        #expect(source.disposals.count == 1)
    }
}

@Suite struct LogTests {
    @Test func writesEveryEventWithTheNameAndASubscriptionNumber() {
        // Given
        let lines = Locked<[String]>([])
        let signal = Signal.from([1, 2]).log("numbers", to: { lines.append($0) })
        // When
        _ = signal.record()
        _ = signal.record()
        // Then: two subscriptions, told apart by their numbers
        let written = lines.value
        #expect(written.count == 10)
        let first = written.prefix(5).map { $0.replacing(/#\d+/, with: "#n") }
        #expect(first == ["numbers #n: subscribed", "numbers #n: next(1)", "numbers #n: next(2)",
                          "numbers #n: completed", "numbers #n: disposed"])
        let numbers = Set(written.map { $0.firstMatch(of: /#(\d+)/).map { String($0.1) } ?? "" })
        #expect(numbers.count == 2)
    }

    @Test func writesErrorsAndDisposal() {
        // Given
        let lines = Locked<[String]>([])
        let source = SpySource<Int, Oops>()
        let recorder = source.signal.log("s", to: { lines.append(String($0.drop { $0 != ":" })) }).record()
        // When
        source.send(value: 1)
        recorder.dispose()
        let failing = Signal<Int, Oops>.error(Oops()).log("e", to: { lines.append(String($0.drop { $0 != ":" })) }).record()
        // Then
        #expect(lines.value == [": subscribed", ": next(1)", ": disposed", ": subscribed", ": error(Oops())", ": disposed"])
        #expect(failing.events == [.error(Oops())])
        #expect(source.disposals.count == 1)
    }

    @Test func leavesTheEventsUnchanged() {
        #expect(Signal.from([1, 2]).log("x", to: { _ in }).record().events == [.next(1), .next(2), .completed])
    }

    @Test func reentrantSendIsWrittenInOrder() {
        // Given
        let source = Subject<Int, Never>()
        let lines = Locked<[String]>([])
        source.signal.log("r", to: { lines.append(String($0.drop { $0 != ":" })) }).subscribe(next: { value in
            if value == 1 { source.send(value: 2) }
        })
        // When
        source.send(value: 1)
        // Then
        #expect(lines.value == [": subscribed", ": next(1)", ": next(2)"])
    }
}
