// A broadcast to many `values` loops waiting in `next()`: the sender hands each loop its value
// and queues its wake; a wake runs at once only when the loop woken at once before has run,
// the others are resumed by a drain task (Concurrency/Wakes.swift). Counted, never timed: how many loops the
// sender's own thread resumed, and that every loop got every value, in order.

import Signals
import SignalsTestSupport
import Testing

@Suite struct BroadcastWakeTests {
    /// `loops` loops over `subject`, each waiting in `next()`; each reads `values` values and
    /// reports them and how many times the sender's thread itself woke it.
    private func follow(
        _ subject: Subject<Int, Never>, loops: Int, values: Int
    ) async -> (received: Locked<[[Int]]>, wakesBySender: Counter, tasks: [Task<Void, Never>]) {
        let received = Locked<[[Int]]>([])
        let wakesBySender = Counter()
        let waiting = Counter()
        var tasks: [Task<Void, Never>] = []
        for _ in 0..<loops {
            var iterator = subject.signal.values.makeAsyncIterator()
            tasks.append(Task.detached {
                var mine: [Int] = []
                waiting.increment()
                while mine.count < values, let value = await iterator.next() { mine.append(value) }
                for _ in 0..<iterator._wakesBySender { wakesBySender.increment() }
                received.append(mine)
            })
        }
        // Every loop has started; give them a moment to reach `next()` and suspend (if one has
        // not, its value is simply buffered: the counts below hold either way).
        while waiting.count < loops { await Task.yield() }
        try? await Task.sleep(for: .milliseconds(100))
        return (received, wakesBySender, tasks)
    }

    @Test func aBroadcastLeavesMostWakesOutOfTheSendersPath() async {
        // Given: 200 loops waiting on one subject.
        let subject = Subject<Int, Never>()
        let loops = 200
        let (received, wakesBySender, tasks) = await follow(subject, loops: loops, values: 1)
        // When: one send.
        subject.send(value: 7)
        for task in tasks { await task.value }
        // Then: every loop has the value, and the sender resumed only a few of them itself
        // (the first of the burst, and again only when the loop it woke had already run).
        #expect(received.value.count == loops)
        #expect(received.value.allSatisfy { $0 == [7] })
        #expect(wakesBySender.count < loops / 2, "the sender resumed \(wakesBySender.count) of \(loops) loops itself")
    }

    @Test func everyLoopGetsEveryValueOfManyBroadcastsInOrder() async {
        let subject = Subject<Int, Never>()
        let loops = 50
        let values = 20
        let (received, _, tasks) = await follow(subject, loops: loops, values: values)
        for value in 0..<values { subject.send(value: value) }
        for task in tasks { await task.value }
        #expect(received.value.count == loops)
        #expect(received.value.allSatisfy { $0 == Array(0..<values) })
    }

    @Test func theEndReachesEveryWaitingLoop() async {
        // The completion is queued like a value: every waiting loop ends.
        let subject = Subject<Int, Never>()
        let (received, _, tasks) = await follow(subject, loops: 100, values: .max)
        subject.sendCompleted()
        for task in tasks { await task.value }
        #expect(received.value.count == 100)
        #expect(received.value.allSatisfy { $0.isEmpty })
    }

    @Test func aLoopCancelledWhileItsWakeIsQueuedEndsAndTheOthersStillWake() async {
        // Given: loops waiting; some of them cancelled as the broadcast goes out.
        let subject = Subject<Int, Never>()
        let loops = 100
        let (received, _, tasks) = await follow(subject, loops: loops, values: 1)
        // When
        for task in tasks.prefix(loops / 2) { task.cancel() }
        subject.send(value: 1)
        for task in tasks { await task.value }
        // Then: every loop ended; each either read the value or was cancelled first.
        #expect(received.value.count == loops)
        #expect(received.value.allSatisfy { $0 == [1] || $0.isEmpty })
        #expect(received.value.filter { $0 == [1] }.count >= loops / 2)
    }

    @Test func aSingleWaitingLoopIsWokenByTheSenderAsBefore() async {
        // One follower: the first wake of a burst runs at once, so its value is not delayed
        // behind any queue.
        let subject = Subject<Int, Never>()
        let (received, wakesBySender, tasks) = await follow(subject, loops: 1, values: 1)
        subject.send(value: 3)
        for task in tasks { await task.value }
        #expect(received.value == [[3]])
        #expect(wakesBySender.count <= 1)
    }

    @Test func sendersOnManyThreadsToManyLoopsLoseNothing() async {
        // Two subjects, merged per loop, sent from two threads at once.
        let first = Subject<Int, Never>()
        let second = Subject<Int, Never>()
        let loops = 40
        let values = 50
        let received = Locked<[Int]>([])
        var tasks: [Task<Void, Never>] = []
        for _ in 0..<loops {
            var iterator = first.signal.merge(second.signal).values.makeAsyncIterator()
            tasks.append(Task.detached {
                var count = 0
                while count < 2 * values, await iterator.next() != nil { count += 1 }
                received.append(count)
            })
        }
        runConcurrently(2) { thread in
            let subject = thread == 0 ? first : second
            for value in 0..<values { subject.send(value: value) }
        }
        for task in tasks { await task.value }
        #expect(received.value == Array(repeating: 2 * values, count: loops))
    }
}
