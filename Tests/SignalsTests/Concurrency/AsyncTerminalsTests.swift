// firstValue(), lastValue(), collectValues(), completion(): async terminals with the
// signal's typed error; firstValue stops the source at once; a cancelled task disposes.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct AsyncTerminalsTests {
    @Test func firstValueReturnsTheFirstValueAndDisposesAtOnce() async {
        let spy = SpySource<Int, Never>()
        let first = Task { await spy.signal.firstValue() }
        #expect(await eventually { spy.subscriptions.count == 1 })
        spy.send(value: 7)
        #expect(await first.value == 7)
        #expect(spy.isDisposed)
    }

    @Test func firstValueStopsAnEndlessSynchronousSignal() async {
        let reads = Counter()
        let endless = Signal.from(EndlessCount(reads: reads))
        #expect(await endless.firstValue() == 0)
        #expect(reads.count == 2) // the first, and the next one, which `from` reads before it sees the stop
    }

    @Test func firstValueIsNilForAnEmptySignal() async {
        #expect(await Signal<Int, Never>.empty.firstValue() == nil)
    }

    @Test func lastValueWaitsForCompletion() async {
        #expect(await Signal.from([1, 2, 3]).lastValue() == 3)
        #expect(await Signal<Int, Never>.empty.lastValue() == nil)
    }

    @Test func collectValuesReturnsEveryValueInOrder() async {
        #expect(await Signal.from(0..<1_000).collectValues() == Array(0..<1_000))
        #expect(await Signal<Int, Never>.empty.collectValues() == [])
    }

    @Test func collectValuesOfAnAsynchronousSignal() async {
        let signal = Signal<Int, Never>.task { observer in
            for value in 0..<50 { observer.send(value: value); await Task.yield() }
        }
        #expect(await signal.collectValues() == Array(0..<50))
    }

    @Test func completionReturnsWhenTheSignalCompletes() async {
        let spy = SpySource<Int, Never>()
        let done = Task { await spy.signal.completion(); return "done" }
        #expect(await eventually { spy.subscriptions.count == 1 })
        spy.send(value: 1)
        spy.sendCompleted()
        #expect(await done.value == "done")
    }

    @Test func everyTerminalThrowsTheTypedError() async throws {
        let failing = Signal<Int, TestError>.from([1, 2]).concat(.error(TestError(6)))
        // `throws(TestError)`: this compiles only if the terminals throw the signal's type.
        func check(_ body: () async throws(TestError) -> Void) async {
            do {
                try await body()
                Issue.record("expected TestError(6)")
            } catch {
                #expect(error == TestError(6))
            }
        }
        await check { () throws(TestError) in _ = try await failing.lastValue() }
        await check { () throws(TestError) in _ = try await failing.collectValues() }
        await check { () throws(TestError) in try await failing.completion() }
        await check { () throws(TestError) in _ = try await Signal<Int, TestError>.error(TestError(6)).firstValue() }
        #expect(try await failing.firstValue() == 1) // the first value comes before the error
    }

    @Test func cancellingTheAwaitingTaskDisposesAndReturnsWhatWasSeen() async {
        let spy = SpySource<Int, Never>()
        let collecting = Task { await spy.signal.collectValues() }
        #expect(await eventually { spy.subscriptions.count == 1 })
        spy.send(value: 1)
        spy.send(value: 2)
        collecting.cancel()
        #expect(await collecting.value == [1, 2])
        #expect(spy.isDisposed)
    }

    @Test func aTaskCancelledBeforeAwaitingDoesNotSubscribeForLong() async {
        let spy = SpySource<Int, Never>()
        let first = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await spy.signal.firstValue()
        }
        #expect(await first.value == nil)
        #expect(spy.subscriptions.count == spy.disposals.count)
    }

    @Test func nothingOfTheSubscriptionOutlivesTheTerminal() async {
        let subject = Subject<Int, Never>()
        let resource = WeakReference<Tracked>()
        let first = Task { await trackingResource(subject.signal, in: resource).firstValue() }
        #expect(await eventually { resource.object != nil })
        subject.send(value: 1)
        #expect(await first.value == 1)
        #expect(resource.object == nil)
    }
    // MARK: Cancellation told apart from an empty completion

    @Test func withAnyErrorEveryTerminalThrowsCancellationErrorWhenTheTaskIsCancelledFirst() async throws {
        let source = SpySource<Int, any Error>()
        let first = Task { try await source.signal.firstValue() }
        let last = Task { try await source.signal.lastValue() }
        let all = Task { try await source.signal.collectValues() }
        let end = Task { try await source.signal.completion() }
        #expect(await eventually { source.subscriptions.count == 4 })
        source.send(value: 1) // seen by last and all, not an answer for them
        #expect(await eventually { source.disposals.count == 1 }) // first has its value
        last.cancel()
        all.cancel()
        end.cancel()
        first.cancel()
        #expect(try await first.value == 1) // answered before the cancellation
        await #expect(throws: CancellationError.self) { try await last.value }
        await #expect(throws: CancellationError.self) { try await all.value }
        await #expect(throws: CancellationError.self) { try await end.value }
        #expect(source.subscriptions.count == source.disposals.count)
    }

    @Test func withAnyErrorAnEmptyCompletionIsStillNil() async throws {
        #expect(try await Signal<Int, any Error>.empty.firstValue() == nil)
        #expect(try await Signal<Int, any Error>.empty.lastValue() == nil)
        #expect(try await Signal<Int, any Error>.empty.collectValues() == [])
        try await Signal<Int, any Error>.empty.completion()
    }

    @Test func withAnyErrorATaskCancelledBeforeAwaitingThrowsCancellationError() async {
        let first = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await Signal<Int, any Error>.never.firstValue()
        }
        await #expect(throws: CancellationError.self) { try await first.value }
    }

    @Test func withAnyErrorTheSignalsOwnErrorIsThrownNotCancellation() async {
        struct Broken: Error {}
        await #expect(throws: Broken.self) { try await Signal<Int, any Error>.error(Broken()).firstValue() }
    }

    @Test func withNeverOrATypedFailureCancellationReturnsWhatWasSeenAndTaskIsCancelledSaysWhy() async {
        let never = SpySource<Int, Never>()
        let typed = SpySource<Int, TestError>()
        let first = Task { (await never.signal.firstValue(), Task.isCancelled) }
        let collected = Task { ((try? await typed.signal.collectValues()) ?? [-1], Task.isCancelled) }
        #expect(await eventually { never.subscriptions.count == 1 && typed.subscriptions.count == 1 })
        typed.send(value: 5)
        first.cancel()
        collected.cancel()
        let (value, firstCancelled) = await first.value
        #expect(value == nil && firstCancelled)
        let (values, typedCancelled) = await collected.value
        #expect(values == [5] && typedCancelled)
    }
}
