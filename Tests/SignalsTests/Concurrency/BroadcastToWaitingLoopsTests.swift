// A broadcast to many `values` loops waiting in `next()`: every loop gets every value, in
// order, and the end; a loop cancelled as the broadcast goes out ends. Counted, never timed
// (the cost of a broadcast is W24 in the Benchmarks package).

import Signals
import SignalsTestSupport
import Testing

@Suite struct BroadcastToWaitingLoopsTests {
    /// `loops` loops over `subject`, each waiting in `next()`; each reads `values` values and
    /// reports them.
    private func follow(
        _ subject: Subject<Int, Never>, loops: Int, values: Int
    ) async -> (received: Locked<[[Int]]>, tasks: [Task<Void, Never>]) {
        let received = Locked<[[Int]]>([])
        let waiting = Counter()
        var tasks: [Task<Void, Never>] = []
        for _ in 0..<loops {
            var iterator = subject.signal.values.makeAsyncIterator()
            tasks.append(Task.detached {
                var mine: [Int] = []
                waiting.increment()
                while mine.count < values, let value = await iterator.next() { mine.append(value) }
                received.append(mine)
            })
        }
        // Every loop has started; give them a moment to reach `next()` and suspend (if one has
        // not, its value is simply buffered: the counts below hold either way).
        while waiting.count < loops { await Task.yield() }
        try? await Task.sleep(for: .milliseconds(100))
        return (received, tasks)
    }

    @Test func everyLoopGetsEveryValueOfManyBroadcastsInOrder() async {
        let subject = Subject<Int, Never>()
        let loops = 50
        let values = 20
        let (received, tasks) = await follow(subject, loops: loops, values: values)
        for value in 0..<values { subject.send(value: value) }
        for task in tasks { await task.value }
        #expect(received.value.count == loops)
        #expect(received.value.allSatisfy { $0 == Array(0..<values) })
    }

    @Test func theEndReachesEveryWaitingLoop() async {
        // The completion is queued like a value: every waiting loop ends.
        let subject = Subject<Int, Never>()
        let (received, tasks) = await follow(subject, loops: 100, values: .max)
        subject.sendCompleted()
        for task in tasks { await task.value }
        #expect(received.value.count == 100)
        #expect(received.value.allSatisfy { $0.isEmpty })
    }

    @Test func aLoopCancelledAsTheBroadcastGoesOutEndsAndTheOthersGetTheValue() async {
        // Given: loops waiting; some of them cancelled as the broadcast goes out.
        let subject = Subject<Int, Never>()
        let loops = 100
        let (received, tasks) = await follow(subject, loops: loops, values: 1)
        // When
        for task in tasks.prefix(loops / 2) { task.cancel() }
        subject.send(value: 1)
        for task in tasks { await task.value }
        // Then: every loop ended; each either read the value or was cancelled first.
        #expect(received.value.count == loops)
        #expect(received.value.allSatisfy { $0 == [1] || $0.isEmpty })
        #expect(received.value.filter { $0 == [1] }.count >= loops / 2)
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
