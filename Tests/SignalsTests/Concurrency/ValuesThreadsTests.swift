// values starts no thread per iterator: subscribe calls run on a few shared worker threads,
// reused while the calls return promptly; a synchronous source that is still running (parked
// on a full buffer) holds its worker, and cancelling the loop gives the worker back.

#if canImport(Glibc) || canImport(Musl)
import Foundation
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
