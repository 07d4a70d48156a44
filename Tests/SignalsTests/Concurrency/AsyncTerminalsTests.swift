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
}
