// Signal.task and Signal(asyncSequence): async work as a signal. Values, completion and the
// typed error arrive in order; disposing cancels the task; nothing outlives the task.
// And the async flatMap built on them.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

/// Waits until `recorder` has received a terminal event.
private func finished<Value, Failure: Error>(_ recorder: Recorder<Value, Failure>) async -> Bool {
    await eventually { recorder.events.last?.isTerminating == true }
}

@Suite struct TaskTests {
    // MARK: Single value

    @Test func sendsTheReturnedValueThenCompletes() async {
        let recorder = Signal<Int, Never>.task {
            await Task.yield()
            return 42
        }.record()
        #expect(await finished(recorder))
        #expect(recorder.events == [.next(42), .completed])
    }

    @Test func aThrownTypedErrorBecomesTheErrorEvent() async {
        let recorder = Signal<Int, TestError>.task { () throws(TestError) in
            throw TestError(3)
        }.record()
        #expect(await finished(recorder))
        #expect(recorder.events == [.error(TestError(3))])
    }

    @Test func everySubscriptionRunsTheWorkAgain() async {
        let runs = Counter()
        let signal = Signal<Int, Never>.task { runs.increment() }
        let first = signal.record(), second = signal.record()
        #expect(await finished(first))
        #expect(await finished(second))
        #expect(runs.count == 2)
        #expect(Set(first.values + second.values) == [1, 2])
    }

    // MARK: Producer

    @Test func aProducerSendsManyValuesInOrderThenCompletes() async {
        let recorder = Signal<Int, Never>.task { observer in
            for value in 0..<100 {
                observer.send(value: value)
                if value % 10 == 0 { await Task.yield() }
            }
        }.record()
        #expect(await finished(recorder))
        #expect(recorder.values == Array(0..<100))
        #expect(recorder.isCompleted)
    }

    @Test func aProducerThatThrowsFailsAfterTheValuesItSent() async {
        let recorder = Signal<Int, TestError>.task { (observer: Observer<Int, TestError>) async throws(TestError) in
            observer.send(value: 1)
            observer.send(value: 2)
            throw TestError(9)
        }.record()
        #expect(await finished(recorder))
        #expect(recorder.events == [.next(1), .next(2), .error(TestError(9))])
    }

    // MARK: Cancellation and lifetimes

    @Test func disposingCancelsTheTask() async {
        let started = Flag(), sawCancellation = Flag()
        let recorder = Signal<Int, Never>.task {
            started.set()
            try? await Task.sleep(for: .seconds(3_600))
            if Task.isCancelled { sawCancellation.set() }
            return 1
        }.record()
        #expect(await eventually { started.isSet })
        recorder.dispose()
        #expect(await eventually { sawCancellation.isSet })
        #expect(recorder.events.isEmpty) // the value returned after cancellation is ignored
    }

    @Test func disposingCancelsAProducerAndIgnoresItsLaterSends() async {
        let sent = Counter(), sawCancellation = Flag()
        let recorder = Signal<Int, Never>.task { observer in
            while !Task.isCancelled {
                observer.send(value: sent.increment())
                await Task.yield()
            }
            sawCancellation.set()
            observer.send(value: -1)
        }.record()
        #expect(await eventually { recorder.values.count >= 3 })
        recorder.dispose()
        #expect(await eventually { sawCancellation.isSet })
        #expect(!recorder.values.contains(-1))
        #expect(recorder.events.allSatisfy { !$0.isTerminating })
    }

    @Test func theTaskAndWhatItHoldsAreReleasedAfterDispose() async {
        let held = WeakReference<Tracked>()
        let recorder = Signal<Int, Never>.task {
            let tracked = Tracked()
            held.object = tracked
            try? await Task.sleep(for: .seconds(3_600))
            return tracked.id
        }.record()
        #expect(await eventually { held.object != nil })
        recorder.dispose()
        #expect(await eventually { held.object == nil })
    }

    @Test func theTaskAndWhatItHoldsAreReleasedAfterCompletion() async {
        let held = WeakReference<Tracked>()
        let recorder = Signal<Int, Never>.task {
            let tracked = Tracked()
            held.object = tracked
            await Task.yield()
            return tracked.id
        }.record()
        #expect(await finished(recorder))
        #expect(await eventually { held.object == nil })
    }

    // MARK: Signal(asyncSequence)

    @Test func anAsyncStreamBecomesASignalThatCannotFail() async {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        let signal: Signal<Int, Never> = Signal(stream) // Failure == Never, inferred from the stream
        let recorder = signal.record()
        for value in 1...3 { continuation.yield(value) }
        continuation.finish()
        #expect(await finished(recorder))
        #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
    }

    @Test func aTypedThrowingSequenceKeepsItsErrorType() async {
        let signal = Signal(TypedCountdown(from: 3, failure: 8))
        let typed: Signal<Int, TestError> = signal // the sequence's Failure is the signal's
        let recorder = typed.record()
        #expect(await finished(recorder))
        #expect(recorder.events == [.next(3), .next(2), .next(1), .error(TestError(8))])
    }

    @Test func aRoundTripThroughValuesKeepsValuesAndTheTypedError() async {
        let original = Signal<Int, TestError>.from([1, 2, 3]).concat(.error(TestError(4)))
        let recorder = Signal(original.values).record()
        #expect(await finished(recorder))
        #expect(recorder.events == [.next(1), .next(2), .next(3), .error(TestError(4))])
    }

    @Test func disposingCancelsTheIteratingTask() async {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        let terminated = Flag()
        continuation.onTermination = { termination in
            if case .cancelled = termination { terminated.set() }
        }
        let recorder = Signal(stream).record()
        continuation.yield(1)
        #expect(await eventually { recorder.values == [1] })
        recorder.dispose()
        #expect(await eventually { terminated.isSet }) // the stream saw its consumer cancelled
        continuation.yield(2)
        #expect(recorder.values == [1])
    }

    // MARK: async flatMap

    @Test func flatMapRunsAnAsyncClosurePerValueAndMergesTheResults() async {
        let recorder = Signal.from([1, 2, 3]).flatMap { (value: Int) async -> Int in
            await Task.yield()
            return value * 10
        }.record()
        #expect(await finished(recorder))
        #expect(recorder.values.sorted() == [10, 20, 30])
        #expect(recorder.isCompleted)
    }

    @Test func flatMapFailsWithTheFirstTypedErrorAndCancelsTheOtherTasks() async {
        let cancelled = Counter()
        let recorder = Signal<Int, TestError>.from([1, 2, 3]).flatMap { (value: Int) async throws(TestError) -> Int in
            if value == 2 { throw TestError(2) }
            try? await Task.sleep(for: .seconds(3_600))
            if Task.isCancelled { cancelled.increment() }
            return value
        }.record()
        #expect(await finished(recorder))
        #expect(recorder.events == [.error(TestError(2))])
        #expect(await eventually { cancelled.count == 2 })
    }

    // MARK: async flatMapLatest

    @Test func flatMapLatestForwardsOnlyTheLatestTaskAndCancelsThePreviousOne() async {
        let queries = Subject<String, Never>()
        let cancelled = Counter()
        let recorder = queries.signal.flatMapLatest { (query: String) async -> String in
            if query == "slow" {
                try? await Task.sleep(for: .seconds(3_600))
                if Task.isCancelled { cancelled.increment() }
            }
            return "results for \(query)"
        }.record()
        queries.send(value: "slow")
        queries.send(value: "fast")
        queries.sendCompleted()
        #expect(await finished(recorder))
        #expect(recorder.events == [.next("results for fast"), .completed])
        #expect(await eventually { cancelled.count == 1 })
    }

    @Test func flatMapLatestFailsWithTheCurrentTasksTypedError() async {
        let recorder = Signal<Int, TestError>.from([1]).flatMapLatest { (value: Int) async throws(TestError) -> Int in
            throw TestError(value)
        }.record()
        #expect(await finished(recorder))
        #expect(recorder.events == [.error(TestError(1))])
    }

    @Test func flatMapWithASynchronousSignalClosureStillMeansFlattenMap() {
        // Overload resolution: a closure returning a signal picks the signal form.
        let flattened = Signal.from([1, 2]).flatMap { Signal.from([$0, $0 * 10]) }
        let typed: Signal<Int, Never> = flattened
        #expect(typed.record().values == [1, 10, 2, 20])
    }
}
