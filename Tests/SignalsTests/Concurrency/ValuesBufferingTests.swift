// values keeps everything; values(bufferSize: n, whenFull: .dropOldest / .dropNewest) never
// holds more than n values, keeping the newest / the oldest; the terminal event is never
// dropped.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct ValuesBufferingTests {
    // MARK: A burst before the first read (deterministic)

    @Test func unboundedKeepsEveryValueOfABurst() async {
        let subject = Subject<Int, Never>()
        var iterator = subject.signal.values.makeAsyncIterator()
        for value in 0..<1_000 { subject.send(value: value) }
        subject.sendCompleted()
        #expect(await readAll(&iterator) == Array(0..<1_000))
        #expect(iterator._maxBufferedCount == 1_000)
    }

    @Test func dropOldestKeepsTheLastNValuesOfABurstThenCompletes() async {
        let subject = Subject<Int, Never>()
        var iterator = subject.signal.values(bufferSize: 3, whenFull: .dropOldest).makeAsyncIterator()
        for value in 0..<1_000 { subject.send(value: value) }
        subject.sendCompleted()
        #expect(await readAll(&iterator) == [997, 998, 999])
        #expect(iterator._maxBufferedCount == 3)
    }

    @Test func dropNewestKeepsTheFirstNValuesOfABurstThenCompletes() async {
        let subject = Subject<Int, Never>()
        var iterator = subject.signal.values(bufferSize: 3, whenFull: .dropNewest).makeAsyncIterator()
        for value in 0..<1_000 { subject.send(value: value) }
        subject.sendCompleted()
        #expect(await readAll(&iterator) == [0, 1, 2])
        #expect(iterator._maxBufferedCount == 3)
    }

    @Test func aBoundedBufferNeverDropsTheError() async throws {
        let subject = Subject<Int, TestError>()
        var iterator = subject.signal.values(bufferSize: 1, whenFull: .dropNewest).makeAsyncIterator()
        for value in 0..<10 { subject.send(value: value) }
        subject.send(error: TestError(5))
        #expect(try await iterator.next() == 0)
        await #expect(throws: TestError(5)) { try await iterator.next() }
    }

    // MARK: Synchronous signals are read on demand

    @Test func aSynchronousSignalIsReadOnDemandSoABoundedBufferDropsNothing() async {
        // A replay bigger than the policy's n but within the synchronous limit never waits
        // for the loop, so a loop may send into the replaying subject.
        let replay = ReplaySubject<Int, Never>(capacity: 10)
        for value in 0..<10 { replay.send(value: value) }
        var replayed = replay.signal.values(bufferSize: 1, whenFull: .dropOldest).makeAsyncIterator()
        #expect(await replayed.next() == 0)
        replay.send(value: 10)
        replay.sendCompleted()
        #expect(await readAll(&replayed).last == 10) // no wait for itself: the loop goes on
        var iterator = Signal.from(0..<100).values(bufferSize: 2, whenFull: .dropOldest).makeAsyncIterator()
        #expect(await readAll(&iterator) == Array(0..<100))
        #expect(iterator._maxBufferedCount <= 100) // kept whole: fewer than the synchronous limit
        var newest = Signal.from([1, 2, 3]).values(bufferSize: 1, whenFull: .dropOldest).makeAsyncIterator()
        #expect(await readAll(&newest) == [1, 2, 3])
        var oldest = Signal.from([1, 2, 3]).values(bufferSize: 1, whenFull: .dropNewest).makeAsyncIterator()
        #expect(await readAll(&oldest) == [1, 2, 3])
    }

    @Test(arguments: [Policy.newest, .oldest, .unbounded])
    func anEndlessSynchronousSignalYieldsItsFirstValueAndBreakStopsIt(policy: Policy) async {
        let generated = Counter()
        let stopped = Flag()
        let source = endless(counting: generated, stopped: stopped)
        let first = Locked<Int?>(nil)
        Task.detached {
            for await value in policy.values(source, bufferSize: 4) {
                first.withLock { $0 = value }
                break
            }
        }
        #expect(await eventually { first.value != nil }, "the loop never got a value")
        #expect(first.value == 1)
        #expect(await eventually { stopped.isSet }, "the source was not stopped by the break")
        // The source ran ahead of the loop by at most the synchronous limit (1,024 values,
        // whatever the policy), plus the value it was parked on.
        #expect(generated.count <= 1_024 + 2)
    }

    @Test(arguments: [Policy.newest, .oldest, .unbounded])
    func anEndlessSynchronousSignalIsReadInOrderWithinThePolicysBound(policy: Policy) async {
        let generated = Counter()
        let stopped = Flag()
        let source = endless(counting: generated, stopped: stopped)
        let outcome = Locked<(values: [Int], maxBuffered: Int)?>(nil)
        Task.detached {
            var values: [Int] = []
            var iterator = policy.values(source, bufferSize: 4).makeAsyncIterator()
            while let value = await iterator.next() {
                values.append(value)
                if value == 3_000 { break }
            }
            outcome.withLock { $0 = (values, iterator._maxBufferedCount) }
        }
        #expect(await eventually { outcome.value != nil }, "the loop never ended")
        guard let (values, maxBuffered) = outcome.value else { return }
        #expect(values == Array(1...3_000)) // nothing dropped: the source waited for the loop
        #expect(maxBuffered <= 1_024)
        #expect(await eventually { stopped.isSet }, "the source was not stopped")
        #expect(generated.count <= 3_000 + 1_024 + 1)
    }

    @Test func aParkedSourceRefillsHalfTheLimitAtATimeNotOneValue() async {
        // 10,000 values, at most 1,024 ahead of the loop: the source parks when 1,024 are
        // ahead and is woken once the loop has read half of them, so it parks about
        // 10,000 / 512 times. Woken for every value read, it would park about 9,000 times.
        var iterator = Signal.from(0..<10_000).values.makeAsyncIterator()
        #expect(await readAll(&iterator) == Array(0..<10_000))
        #expect(iterator._maxBufferedCount <= 1_024)
        #expect(iterator._producerParkCount >= 1)
        #expect(iterator._producerParkCount <= 10_000 / 512 + 1)
    }

    @Test(arguments: [Policy.newest, .oldest, .unbounded])
    func cancellingTheTaskStopsAnEndlessSynchronousSignal(policy: Policy) async {
        let generated = Counter()
        let stopped = Flag()
        let source = endless(counting: generated, stopped: stopped)
        let read = Counter()
        let ended = Flag()
        let consumer = Task.detached {
            for await _ in policy.values(source, bufferSize: 1) {
                read.increment()
                try? await Task.sleep(for: .milliseconds(1))
            }
            ended.set()
        }
        #expect(await eventually { read.count >= 3 }, "the loop never got its values")
        consumer.cancel()
        #expect(await eventually { ended.isSet }, "cancellation did not end the loop")
        #expect(await eventually { stopped.isSet }, "cancellation did not stop the source")
        // The buffer, the value the source was parked on, and the few it may make between the
        // cancellation and the dispose (discarded as they come).
        #expect(generated.count <= read.count + 1_024 + 64)
    }

    @Test func valuesSentIntoASubjectRightAfterTheIteratorIsMadeAreKept() async {
        for policy in [Policy.newest, .oldest, .unbounded] {
            let subject = Subject<Int, Never>()
            var iterator = policy.values(subject.signal, bufferSize: 8).makeAsyncIterator()
            for value in 0..<8 { subject.send(value: value) }
            subject.sendCompleted()
            #expect(await readAll(&iterator) == Array(0..<8), "\(policy)")
        }
    }

    @Test func zeroCapacityIsAProgrammerError() async {
        await #expect(processExitsWith: .failure) {
            _ = Signal<Int, Never>.never.values(bufferSize: 0, whenFull: .dropOldest)
        }
    }

    // MARK: A fast producer and a slow consumer (concurrent)

    @Test(arguments: [Policy.newest, .oldest, .unbounded])
    func fastProducerSlowConsumer(policy: Policy) async {
        let capacity = 4
        let count = 2_000
        let subject = Subject<Int, Never>()
        var iterator = policy.values(subject.signal, bufferSize: capacity).makeAsyncIterator()
        let producer = TestThread {
            for value in 0..<count { subject.send(value: value) }
            subject.sendCompleted()
        }
        var received: [Int] = []
        while let value = await iterator.next() {
            received.append(value)
            if received.count % 50 == 0 { try? await Task.sleep(for: .milliseconds(1)) } // slow
        }
        producer.join()

        // In order, without duplicates, in every policy.
        #expect(zip(received, received.dropFirst()).allSatisfy { $0 < $1 })
        switch policy {
        case .unbounded:
            #expect(received == Array(0..<count))
        case .newest:
            // The memory bound, and the newest value always survives.
            #expect(iterator._maxBufferedCount <= capacity)
            #expect(received.last == count - 1)
        case .oldest:
            #expect(iterator._maxBufferedCount <= capacity)
            #expect(received.first == 0)
        }
    }

    enum Policy: CustomStringConvertible, Sendable, Equatable {
        case unbounded, newest, oldest
        /// The source's values: unbounded, or at most `n` keeping the newest / the oldest.
        func values<Failure: Error>(_ source: Signal<Int, Failure>, bufferSize n: Int) -> Signal<Int, Failure>.Values {
            switch self {
            case .unbounded: source.values
            case .newest: source.values(bufferSize: n, whenFull: .dropOldest)
            case .oldest: source.values(bufferSize: n, whenFull: .dropNewest)
            }
        }
        var description: String {
            switch self {
            case .unbounded: "unbounded"
            case .newest: "dropOldest"
            case .oldest: "dropNewest"
            }
        }
    }
}

/// An endless synchronous source: sends 1, 2, 3, … on its subscriber's thread until the
/// subscription stops, counting the values it makes; sets `stopped` when it returns.
private func endless(counting generated: Counter, stopped: Flag) -> Signal<Int, Never> {
    Signal { observer in
        while !observer.isStopped {
            observer.send(value: generated.increment())
        }
        stopped.set()
        return nil
    }
}

private func readAll<Failure: Error>(
    _ iterator: inout Signal<Int, Failure>.Values.Iterator
) async -> [Int] {
    var received: [Int] = []
    while let value = try? await iterator.next() { received.append(value) }
    return received
}
