// values starts no thread per iterator: a subject (and a fused map/filter run over one) is
// subscribed on the iterator's own thread, its replay buffered whole without parking; other
// subscribe calls run on a few shared worker threads, reused while the calls return promptly;
// a synchronous source that is still running (parked on a full buffer) holds its worker, and
// cancelling the loop gives the worker back.

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Foundation
import Glibc
#elseif canImport(Musl)
import Foundation
import Musl
#endif
import Synchronization
import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct ValuesThreadsTests {
    @Test func sequentialIteratorsOverASubjectReuseTheSameFewThreads() async {
        let subject = ReplaySubject<Int, Never>(capacity: 1)
        subject.send(value: 1)
        let before = Signal<Int, Never>.Values.Iterator._subscribeThreads.started
        for _ in 0..<1_000 {
            var iterator = subject.signal.values.makeAsyncIterator()
            #expect(await iterator.next() == 1)
        }
        let started = Signal<Int, Never>.Values.Iterator._subscribeThreads.started - before
        // One iterator per thread start was the old cost: 1,000 here. Other suites running
        // at the same time may start a few.
        #expect(started <= 16, "\(started) threads started for 1,000 iterators")
    }

    @Test func aConstantIsSubscribedWithoutAnyThread() async {
        // Constants are read on the iterator's own thread: no worker at all.
        var iterator = Signal<Int, Never>.just(7).values.makeAsyncIterator()
        #expect(await iterator.next() == 7)
        #expect(await iterator.next() == nil)
    }

    @Test func aSubjectsReplayIsSentOnTheThreadThatMakesTheIterator() async {
        // The replayed values pass through the map/filter run (still a prompt source) while
        // `makeAsyncIterator` runs: on its caller's thread, no worker's.
        let replay = ReplaySubject<Int, Never>(capacity: 2)
        replay.send(value: 1)
        replay.send(value: 2)
        let threads = Locked<Set<UInt>>([])
        let mapped = replay.signal
            .map { value -> String in threads.withLock { _ = $0.insert(currentThreadID()) }; return "\(value)" }
            .filter { !$0.isEmpty }
        let (made, caller) = makeIterator(mapped.values)
        var iterator = made
        #expect(threads.withLock { $0 } == [caller])
        #expect(iterator._maxBufferedCount == 2) // both replayed before the first read
        #expect(await iterator.next() == "1")
        #expect(await iterator.next() == "2")

        let current = BehaviorSubject<Int, Never>(value: 5)
        let behaviorThreads = Locked<Set<UInt>>([])
        let (behaviorMade, behaviorCaller) = makeIterator(
            current.signal.map { value in behaviorThreads.withLock { _ = $0.insert(currentThreadID()) }; return value }.values
        )
        var behaviorIterator = behaviorMade
        #expect(behaviorThreads.withLock { $0 } == [behaviorCaller])
        current.send(value: 6)
        #expect(await behaviorIterator.next() == 5)
        #expect(await behaviorIterator.next() == 6)
    }

    @Test func aMergeOfSubjectsCutByALifetimeWithCallbacksIsSubscribedOnTheIteratorsThread() async {
        // A server's feed: a history and a live subject merged, cut by the server's lifetime,
        // counted with `on`. Every part is prompt, so the whole is subscribed where the
        // iterator is made (it went to a worker thread before, a hand-off per connection).
        let history = ReplaySubject<Int, Never>(capacity: 2), live = Subject<Int, Never>()
        history.send(value: 1)
        history.send(value: 2)
        let (lifetime, token) = Lifetime.make()
        let threads = Locked<Set<UInt>>([])
        let feed = Signal.merge([history.signal, live.signal.map { $0 * 10 }])
            .take(during: lifetime)
            .on(subscribed: { threads.withLock { _ = $0.insert(currentThreadID()) } }, disposed: {})
        let (made, caller) = makeIterator(feed.values)
        var iterator = made
        #expect(threads.withLock { $0 } == [caller])
        #expect(iterator._maxBufferedCount == 2) // the history, replayed before the first read
        live.send(value: 3)
        token.end()
        #expect(await readAll(&iterator) == [1, 2, 30])

        // One part that is not a subject (a synchronous `from`) sends the whole to a worker.
        let mixedThreads = Locked<Set<UInt>>([])
        let mixed = Signal.merge([live.signal, Signal.from([7, 8])])
            .on(subscribed: { mixedThreads.withLock { _ = $0.insert(currentThreadID()) } })
        let (mixedMade, mixedCaller) = makeIterator(mixed.values)
        var mixedIterator = mixedMade
        #expect(await mixedIterator.next() == 7)
        #expect(mixedThreads.withLock { $0 }.count == 1)
        #expect(!mixedThreads.withLock { $0 }.contains(mixedCaller))
    }

    @Test func aReplayOf500ReachesANewIteratorWholeWithoutBlocking() async {
        // Whatever the policy: the replay is what the subject already holds, buffered on the
        // iterator's thread; nothing parks (the thread may be one of the cooperative pool's).
        let replay = ReplaySubject<Int, Never>(capacity: 500)
        for value in 0..<500 { replay.send(value: value) }
        let threads = Locked<Set<UInt>>([])
        let signal = replay.signal.map { value in threads.withLock { _ = $0.insert(currentThreadID()) }; return value }
        let (made, caller) = makeIterator(signal.values(bufferSize: 1, whenFull: .dropOldest))
        var iterator = made
        #expect(threads.withLock { $0 } == [caller])
        #expect(iterator._maxBufferedCount == 500)
        #expect(iterator._producerParkCount == 0)
        replay.sendCompleted()
        #expect(await readAll(&iterator) == Array(0..<500))
        #expect(iterator.dropped == 0)
    }

    @Test func aReplayLongerThanTheSynchronousLimitNeverWaitsForTheLoop() async throws {
        // On a worker, a replay of more than 1,024 values parked until the loop read half of
        // them, so a loop that sent into the replaying subject waited for itself.
        let replay = ReplaySubject<Int, Never>(capacity: 2_000)
        for value in 0..<2_000 { replay.send(value: value) }
        var iterator = replay.signal.values.makeAsyncIterator()
        try #require(iterator._producerParkCount == 0)
        #expect(iterator._maxBufferedCount == 2_000)
        #expect(await iterator.next() == 0)
        replay.send(value: 2_000) // from the loop, into the source that has just replayed
        replay.sendCompleted()
        #expect(await readAll(&iterator) == Array(1...2_000))
    }

    #if canImport(Glibc) || canImport(Musl)
    @Test func tenThousandConcurrentIteratorsOverOneSubjectStayUnder64NewThreads() async {
        // 10,000 at full size (the sanitizer passes); 1,000 in `swift test`, where creating the
        // iterators keeps the cooperative pool busy while every other suite runs beside it.
        let count = testSize(10_000, quick: 1_000)
        let subject = Subject<Int, Never>()
        let baseline = threadCount()
        let subscribed = Counter()
        let peak = Peak()
        await withTaskGroup(of: Int?.self) { group in
            for _ in 0..<count {
                group.addTask {
                    var iterator = subject.signal.values.makeAsyncIterator()
                    if subscribed.increment() % 250 == 0 { peak.raise(to: threadCount()) }
                    return await iterator.next()
                }
            }
            #expect(await eventually { subscribed.count == count })
            peak.raise(to: threadCount())
            subject.send(value: 42)
            var received = 0
            for await value in group where value == 42 { received += 1 }
            #expect(received == count)
        }
        #expect(peak.value - baseline < 64, "peak \(peak.value) threads, \(baseline) before")
    }
    #endif

    @Test func anEndlessSynchronousSourceStillYieldsAndCancellingGivesItsWorkerBack() async {
        let stopped = Flag()
        let endless = Signal<Int, Never> { observer in
            var next = 0
            while !observer.isStopped {
                next += 1
                observer.send(value: next)
            }
            stopped.set()
            return nil
        }
        let read = Counter()
        let consumer = Task {
            var firsts: [Int] = []
            for await value in endless.values {
                if firsts.count < 3 { firsts.append(value) }
                read.increment()
            }
            return firsts
        }
        // The loop reads (well past one batch); the source parks between batches on its worker.
        #expect(await eventually { read.count > 5_000 })
        consumer.cancel()
        #expect(await consumer.value == [1, 2, 3])
        #expect(await eventually { stopped.isSet }, "cancellation did not stop the source")
        // The worker is free again: the next subscription reuses a waiting one.
        #expect(await eventually { Signal<Int, Never>.Values.Iterator._subscribeThreads.idle > 0 })
        let subject = ReplaySubject<Int, Never>(capacity: 1)
        subject.send(value: 5)
        var iterator = subject.signal.values.makeAsyncIterator()
        #expect(await iterator.next() == 5)
    }
}

private func readAll(_ iterator: inout Signal<Int, Never>.Values.Iterator) async -> [Int] {
    var received: [Int] = []
    while let value = await iterator.next() { received.append(value) }
    return received
}

/// The iterator of `sequence`, and the thread that made it (a synchronous function: one thread).
private func makeIterator<Sequence: AsyncSequence>(_ sequence: Sequence) -> (Sequence.AsyncIterator, UInt) {
    (sequence.makeAsyncIterator(), currentThreadID())
}

/// The running thread's identity.
private func currentThreadID() -> UInt {
    #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
    #else
    UInt(pthread_self())
    #endif
}

/// The largest number seen (any thread).
private final class Peak: Sendable {
    private let storage = Atomic<Int>(0)
    func raise(to candidate: Int) {
        var current = storage.load(ordering: .relaxed)
        while candidate > current {
            let (exchanged, original) = storage.compareExchange(
                expected: current, desired: candidate, ordering: .sequentiallyConsistent)
            if exchanged { return }
            current = original
        }
    }
    var value: Int { storage.load(ordering: .sequentiallyConsistent) }
}

#if canImport(Glibc) || canImport(Musl)
/// The number of threads of this process (the entries of /proc/self/task).
private func threadCount() -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0
}
#endif
