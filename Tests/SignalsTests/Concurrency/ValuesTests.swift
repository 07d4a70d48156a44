// signal.values: an AsyncSequence whose Failure is the signal's; values, completion and the
// typed error arrive in order; `break`, a dropped iterator and a cancelled task dispose the
// subscription; nothing of it outlives the loop.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct ValuesTests {
    // MARK: Values, completion, errors

    @Test func deliversEveryValueInOrderThenEndsWhenTheSignalCompletes() async {
        var received: [Int] = []
        for await value in Signal.from(1...5).values {
            received.append(value)
        }
        #expect(received == [1, 2, 3, 4, 5])
    }

    @Test func deliversValuesSentLaterFromAnotherThreadInOrder() async {
        let subject = Subject<Int, Never>()
        var iterator = subject.signal.values.makeAsyncIterator()
        let sender = TestThread {
            for value in 0..<1_000 { subject.send(value: value) }
            subject.sendCompleted()
        }
        var received: [Int] = []
        while let value = await iterator.next() { received.append(value) }
        sender.join()
        #expect(received == Array(0..<1_000))
    }

    @Test func rethrowsTheTypedErrorAfterTheValuesSentBeforeIt() async {
        let failing = Signal<Int, TestError>.from([1, 2]).concat(.error(TestError(7)))
        var received: [Int] = []
        // `throws(TestError)`: this compiles only if the loop throws the signal's own type.
        func readAll() async throws(TestError) {
            for try await value in failing.values { received.append(value) }
        }
        do {
            try await readAll()
            Issue.record("the loop should have thrown")
        } catch {
            #expect(error == TestError(7))
        }
        #expect(received == [1, 2])
    }

    @Test func nextReturnsNilForeverOnceTheSequenceHasEnded() async throws {
        var iterator = Signal<Int, TestError>.error(TestError(1)).values.makeAsyncIterator()
        await #expect(throws: TestError(1)) { try await iterator.next() }
        #expect(try await iterator.next() == nil)

        var completed = Signal<Int, Never>.just(1).values.makeAsyncIterator()
        #expect(await completed.next() == 1)
        #expect(await completed.next() == nil)
        #expect(await completed.next() == nil)
    }

    @Test func eachIteratorIsItsOwnSubscription() async {
        let spy = SpySource<Int, Never>()
        let values = spy.signal.values
        let first = values.makeAsyncIterator()
        let second = values.makeAsyncIterator()
        #expect(spy.subscriptions.count == 2)
        _ = (first, second)
    }

    @Test func aSendFromInsideTheLoopBodyIsDeliveredInOrder() async {
        let subject = Subject<Int, Never>()
        var iterator = subject.signal.values.makeAsyncIterator()
        subject.send(value: 0)
        var received: [Int] = []
        while let value = await iterator.next() {
            received.append(value)
            if value < 5 { subject.send(value: value + 1) } else { subject.sendCompleted() }
        }
        #expect(received == [0, 1, 2, 3, 4, 5])
    }

    // MARK: Disposal

    @Test func breakingOutOfTheLoopDisposesTheSubscriptionAtOnce() async {
        let spy = SpySource<Int, Never>()
        let sender = TestThread {
            var value = 0
            while !spy.isDisposed {
                spy.send(value: value)
                value += 1
                sched_yield()
            }
        }
        for await value in spy.signal.values where value >= 3 {
            break
        }
        #expect(spy.isDisposed)
        sender.join()
    }

    @Test func droppingAnIteratorThatWasNeverReadDisposesTheSubscription() async {
        let spy = SpySource<Int, Never>()
        do {
            let iterator = spy.signal.values.makeAsyncIterator()
            #expect(spy.subscriptions.count == 1)
            _ = iterator
        }
        #expect(spy.isDisposed)
    }

    @Test func cancellingTheConsumingTaskDisposesTheSubscriptionAndEndsTheLoop() async {
        let spy = SpySource<Int, Never>()
        let received = Locked<[Int]>([])
        let consumer = Task {
            for await value in spy.signal.values { received.append(value) }
            return "ended"
        }
        #expect(await eventually { spy.subscriptions.count == 1 })
        spy.send(value: 1)
        #expect(await eventually { received.value == [1] })
        // When: the consumer is waiting in next()
        consumer.cancel()
        // Then: the subscription is disposed and the loop ends without an error
        #expect(await consumer.value == "ended")
        #expect(spy.isDisposed)
        spy.send(value: 2)
        #expect(received.value == [1])
    }

    @Test func aCancelledTaskReadsNothingMoreEvenWithValuesBuffered() async {
        let spy = SpySource<Int, Never>()
        let consumer = Task {
            var iterator = spy.signal.values.makeAsyncIterator()
            spy.send(value: 1)
            spy.send(value: 2)
            withUnsafeCurrentTask { $0?.cancel() }
            return await iterator.next()
        }
        #expect(await consumer.value == nil)
        #expect(spy.isDisposed)
    }

    // MARK: Lifetimes

    @Test func nothingOfTheSubscriptionOutlivesABreak() async {
        let subject = Subject<Int, Never>()
        let resource = WeakReference<Tracked>()
        var iterator = trackingResource(subject.signal, in: resource).values.makeAsyncIterator()
        subject.send(value: 1)
        #expect(await iterator.next() == 1)
        #expect(resource.object != nil)
        iterator = Signal.never.values.makeAsyncIterator() // drops the first iterator
        #expect(resource.object == nil)
        _ = iterator
    }

    @Test func nothingOfTheSubscriptionOutlivesCompletion() async {
        let spy = SpySource<Int, Never>()
        let resource = WeakReference<Tracked>()
        let signal = trackingResource(spy.signal, in: resource)
        let consumer = Task {
            var count = 0
            for await _ in signal.values { count += 1 }
            return count
        }
        #expect(await eventually { spy.subscriptions.count == 1 })
        #expect(resource.object != nil)
        spy.send(value: 1)
        spy.sendCompleted()
        #expect(await consumer.value == 1)
        #expect(resource.object == nil)
    }

    @Test func nothingOfTheSubscriptionOutlivesACancelledTask() async {
        let spy = SpySource<Int, Never>()
        let resource = WeakReference<Tracked>()
        let signal = trackingResource(spy.signal, in: resource)
        let consumer = Task {
            for await _ in signal.values {}
        }
        #expect(await eventually { spy.subscriptions.count == 1 })
        consumer.cancel()
        await consumer.value
        #expect(resource.object == nil)
    }
}

/// `signal`, with a resource per subscription (a `Tracked`, visible through `reference`)
/// that lives exactly as long as the subscription.
func trackingResource<Value, Failure: Error>(
    _ signal: Signal<Value, Failure>, in reference: WeakReference<Tracked>
) -> Signal<Value, Failure> {
    Signal { observer in
        let tracked = Tracked()
        reference.object = tracked
        let subscription = signal.subscribe(observer)
        return AnyDisposable { _ = tracked; subscription.dispose() }
    }
}
