// W24: a broadcast to many suspended `for await` loops — what one `send` costs its sender.
//   signals      a `Subject` with `followers` loops over `subject.signal.values`, each waiting
//                in `next()`; the sender calls `subject.send(value:)` once
//   asyncstream  `followers` `AsyncStream`s, one loop each; the sender yields the value into
//                every stream's continuation (how a server broadcasts on AsyncStream)
// Each round: the loops are all suspended (the round starts after every loop has read the
// previous value and a settling pause), the sender sends one value, and the round ends when
// the last loop has it. Figures per round, medians over the rounds:
//   sender  the wall time of the send (or of the yields) alone: what a request handler pays
//   last    from the send's start until the last loop has the value
//   cpu     the process's CPU time (user + system) over the round, every thread
// The figures come from the clock and getrusage: a benchmark, never a test.

import Foundation
import Signals
import Synchronization
import WorkloadSpec

public enum Broadcast {
    /// Followers per broadcast: 10,000 (1,000 with `WORKLOAD_DIVISOR` ≥ 10).
    public static var followers: Int { Spec.divisor >= 10 ? 1_000 : 10_000 }

    /// One round's figures.
    public struct Round: Sendable {
        public var sender: Duration
        public var last: Duration
        public var cpu: Duration
    }

    /// The medians of `rounds` rounds, and the sum of the values every loop read (checked by
    /// the caller against followers × Σ round).
    public struct Figures: Sendable {
        public var sender: Duration
        public var last: Duration
        public var cpu: Duration
        public var sum: Int
    }

    /// The loops' shared bookkeeping: how many have the current round's value, and when the
    /// last one got it.
    final class Arrivals: Sendable {
        let count = Atomic<Int>(0)
        let sum = Atomic<Int>(0)
        let lastArrival = Atomic<Int64>(0) // nanoseconds since `origin`
        let origin = ContinuousClock.now

        func arrive(_ value: Int) {
            sum.add(value, ordering: .relaxed)
            let now = ContinuousClock.now - origin
            let nanoseconds = now.components.seconds * 1_000_000_000 + now.components.attoseconds / 1_000_000_000
            lastArrival.max(nanoseconds, ordering: .relaxed)
            count.add(1, ordering: .releasing)
        }

        func waitFor(_ n: Int) async {
            while count.load(ordering: .acquiring) < n { await Task.yield() }
        }
    }

    /// Signals: one subject, `followers` loops over its `values`.
    public static func signals(followers: Int, rounds: Int) async -> Figures {
        let subject = Subject<Int, Never>()
        let arrivals = Arrivals()
        var loops: [Task<Void, Never>] = []
        for _ in 0..<followers {
            var iterator = subject.signal.values.makeAsyncIterator()
            loops.append(Task {
                while let value = await iterator.next() { arrivals.arrive(value) }
            })
        }
        let figures = await measure(followers: followers, rounds: rounds, arrivals: arrivals) { value in
            subject.send(value: value)
        }
        subject.sendCompleted()
        for loop in loops { await loop.value }
        return figures
    }

    /// AsyncStream: one stream per follower; the sender yields into each continuation.
    public static func asyncStream(followers: Int, rounds: Int) async -> Figures {
        let arrivals = Arrivals()
        var continuations: [AsyncStream<Int>.Continuation] = []
        var loops: [Task<Void, Never>] = []
        for _ in 0..<followers {
            let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
            continuations.append(continuation)
            loops.append(Task {
                for await value in stream { arrivals.arrive(value) }
            })
        }
        let all = continuations
        let figures = await measure(followers: followers, rounds: rounds, arrivals: arrivals) { value in
            for continuation in all { continuation.yield(value) }
        }
        for continuation in continuations { continuation.finish() }
        for loop in loops { await loop.value }
        return figures
    }

    static func measure(followers: Int, rounds: Int, arrivals: Arrivals, send: (Int) -> Void) async -> Figures {
        var measured: [Round] = []
        for round in 1...rounds {
            // Let every loop reach `next()` and suspend.
            try? await Task.sleep(for: .milliseconds(followers >= 10_000 ? 300 : 100))
            arrivals.count.store(0, ordering: .relaxed)
            let cpuBefore = cpuTime()
            let start = ContinuousClock.now
            send(round)
            let sent = ContinuousClock.now
            await arrivals.waitFor(followers)
            let cpuAfter = cpuTime()
            let last = Duration.nanoseconds(arrivals.lastArrival.load(ordering: .relaxed)) - (start - arrivals.origin)
            measured.append(Round(sender: sent - start, last: last, cpu: cpuAfter - cpuBefore))
        }
        func median(_ key: KeyPath<Round, Duration>) -> Duration {
            let sorted = measured.map { $0[keyPath: key] }.sorted()
            return sorted[sorted.count / 2]
        }
        return Figures(sender: median(\.sender), last: median(\.last), cpu: median(\.cpu), sum: arrivals.sum.load(ordering: .relaxed))
    }

    /// The process's CPU time so far, every thread, user and system.
    static func cpuTime() -> Duration {
        var usage = rusage()
        #if os(Linux)
        getrusage(.init(RUSAGE_SELF.rawValue), &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        func duration(_ time: timeval) -> Duration {
            .seconds(Int64(time.tv_sec)) + .microseconds(Int64(time.tv_usec))
        }
        return duration(usage.ru_utime) + duration(usage.ru_stime)
    }
}
