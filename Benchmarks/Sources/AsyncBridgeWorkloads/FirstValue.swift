// W25: a connection's first value — the time from creating a `for await` loop's iterator to
// its first value, for the feeds a server follows (issue 48), each beside the `AsyncStream`
// follower a server would write instead:
//   subject   signals      a new iterator over `subject.signal.values`; the subject sends the
//                          value once the iterator exists (a subject holds nothing)
//             asyncstream  a new stream and its iterator; the value yielded into it
//   share     signals      a new iterator over `share(replay: 1)` of a hand-made signal, kept
//                          connected by one subscription: the value is the replayed one
//             asyncstream  a new stream holding the value
//   interval  signals      a new iterator over `interval(1 ms)` on a `QueueScheduler`: its
//                          first tick (the timer fires on a Dispatch queue, then the loop's
//                          task is resumed on the cooperative pool: two threads)
//             asyncstream  a new iterator over `AsyncTimerSequence(interval: 1 ms)` (the
//                          sleep ends on the cooperative pool: one thread)
//             dispatch     the floor of the Signals row, without the library: the timer
//                          `QueueScheduler` makes (a repeating `DispatchSourceTimer` on a
//                          serial queue) resuming the loop's continuation from its handler
//   interval-task
//             signals      a new iterator over `interval(1 ms)` on a `TaskScheduler`: the
//                          timer on the cooperative pool, like the twin's
//             asyncstream  as for `interval`
//   merge     signals      a new iterator over `merge(subject, share, interval(1 h))`: the
//                          share's replayed value
//             asyncstream  swift-async-algorithms' `merge` of a stream holding the value, a
//                          stream with nothing yet and an `AsyncTimerSequence` of 1 h
// Each connection is timed alone (clock reads around `makeAsyncIterator()` and the first
// `next()`; the iterator is released afterwards, outside the timing), and a run's figure is
// the median over its connections. The figures come from the clock: a benchmark, never a test.

import AsyncAlgorithms
import Dispatch
import Foundation
import Signals
import WorkloadSpec

public enum FirstValue {
    /// Connections per run: 20,000 (2,000 with `WORKLOAD_DIVISOR` ≥ 10); the interval case,
    /// whose first value waits for a 1 ms tick, makes a tenth of them.
    public static var connections: Int { Spec.divisor >= 10 ? 2_000 : 20_000 }

    /// One run's figures, in nanoseconds per connection, and the sum of the values read
    /// (checked by the caller against `expectedSum`).
    public struct Figures: Sendable {
        public var median: Int
        public var mean: Int
        public var sum: Int
        public var expectedSum: Int
    }

    /// One measured case: a feed, and one of its two followers.
    public struct Case: Sendable {
        public let feed: String
        public let implementation: String
        public let run: @Sendable (_ connections: Int) async -> Figures
    }

    /// Every case, each feed's Signals follower before its `AsyncStream` twin (and, for the
    /// interval, the floor of the Signals row).
    public static let cases: [Case] = [
        Case(feed: "subject", implementation: "signals", run: subjectSignals),
        Case(feed: "subject", implementation: "asyncstream", run: subjectAsyncStream),
        Case(feed: "share", implementation: "signals", run: shareSignals),
        Case(feed: "share", implementation: "asyncstream", run: shareAsyncStream),
        Case(feed: "interval", implementation: "signals", run: intervalSignals),
        Case(feed: "interval", implementation: "asyncstream", run: intervalAsyncStream),
        Case(feed: "interval", implementation: "dispatch", run: intervalDispatch),
        Case(feed: "interval-task", implementation: "signals", run: intervalTaskSignals),
        Case(feed: "interval-task", implementation: "asyncstream", run: intervalAsyncStream),
        Case(feed: "merge", implementation: "signals", run: mergeSignals),
        Case(feed: "merge", implementation: "asyncstream", run: mergeAsyncStream),
    ]

    /// The timings of one run, in nanoseconds.
    struct Timings {
        var nanoseconds: [Int] = []
        var sum = 0

        init(capacity: Int) { nanoseconds.reserveCapacity(capacity) }

        mutating func record(_ start: ContinuousClock.Instant, _ value: Int?) {
            let elapsed = ContinuousClock.now - start
            nanoseconds.append(Int(elapsed.components.seconds) * 1_000_000_000 + Int(elapsed.components.attoseconds / 1_000_000_000))
            sum &+= value ?? -1
        }

        func figures(expectedSum: Int) -> Figures {
            let sorted = nanoseconds.sorted()
            return Figures(
                median: sorted[sorted.count / 2], mean: sorted.reduce(0, +) / max(1, sorted.count),
                sum: sum, expectedSum: expectedSum
            )
        }
    }

    /// 0 + 1 + … + (n - 1): the values the subject, share and merge cases read.
    static func sumOfRange(_ n: Int) -> Int { n * (n - 1) / 2 }

    // MARK: subject

    @inline(never)
    static func subjectSignals(_ n: Int) async -> Figures {
        let subject = Subject<Int, Never>()
        var timings = Timings(capacity: n)
        for i in 0..<n {
            let start = ContinuousClock.now
            var iterator = subject.signal.values.makeAsyncIterator()
            subject.send(value: i)
            timings.record(start, await iterator.next())
        }
        return timings.figures(expectedSum: sumOfRange(n))
    }

    @inline(never)
    static func subjectAsyncStream(_ n: Int) async -> Figures {
        var timings = Timings(capacity: n)
        for i in 0..<n {
            let start = ContinuousClock.now
            let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
            var iterator = stream.makeAsyncIterator()
            continuation.yield(i)
            timings.record(start, await iterator.next())
            continuation.finish()
        }
        return timings.figures(expectedSum: sumOfRange(n))
    }

    // MARK: share

    @inline(never)
    static func shareSignals(_ n: Int) async -> Figures {
        let source = Subject<Int, Never>()
        let shared = Signal<Int, Never> { observer in source.signal.subscribe(observer) }.share(replay: 1)
        let keeper = shared.subscribe(next: { _ in })
        var timings = Timings(capacity: n)
        for i in 0..<n {
            source.send(value: i)
            let start = ContinuousClock.now
            var iterator = shared.values.makeAsyncIterator()
            timings.record(start, await iterator.next())
        }
        keeper.dispose()
        return timings.figures(expectedSum: sumOfRange(n))
    }

    @inline(never)
    static func shareAsyncStream(_ n: Int) async -> Figures {
        var timings = Timings(capacity: n)
        for i in 0..<n {
            let start = ContinuousClock.now
            let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
            continuation.yield(i)
            var iterator = stream.makeAsyncIterator()
            timings.record(start, await iterator.next())
            continuation.finish()
        }
        return timings.figures(expectedSum: sumOfRange(n))
    }

    // MARK: interval

    /// The interval case's connections: a tenth (each waits for a 1 ms tick).
    static func intervalConnections(_ n: Int) -> Int { max(1, n / 10) }

    @inline(never)
    static func intervalSignals(_ n: Int) async -> Figures {
        let n = intervalConnections(n)
        let scheduler = QueueScheduler(name: "W25 interval")
        let ticks = Signal<Int, Never>.interval(.milliseconds(1), on: scheduler)
        var timings = Timings(capacity: n)
        for _ in 0..<n {
            let start = ContinuousClock.now
            var iterator = ticks.values.makeAsyncIterator()
            timings.record(start, await iterator.next())
        }
        return timings.figures(expectedSum: 0)
    }

    @inline(never)
    static func intervalAsyncStream(_ n: Int) async -> Figures {
        let n = intervalConnections(n)
        var timings = Timings(capacity: n)
        for _ in 0..<n {
            let start = ContinuousClock.now
            var iterator = AsyncTimerSequence(interval: .milliseconds(1), clock: .continuous)
                .map { @Sendable _ in 0 }.makeAsyncIterator()
            timings.record(start, await iterator.next())
        }
        return timings.figures(expectedSum: 0)
    }

    @inline(never)
    static func intervalDispatch(_ n: Int) async -> Figures {
        let n = intervalConnections(n)
        let queue = DispatchQueue(label: "W25 interval floor", qos: .default)
        var timings = Timings(capacity: n)
        for _ in 0..<n {
            let start = ContinuousClock.now
            let first = FirstTick()
            let timer = DispatchSource.makeTimerSource(queue: queue)
            timer.schedule(deadline: .now() + .milliseconds(1), repeating: .milliseconds(1))
            timer.setEventHandler { first.fire() }
            timer.resume()
            timings.record(start, await first.value())
            timer.cancel()
        }
        return timings.figures(expectedSum: 0)
    }

    @inline(never)
    static func intervalTaskSignals(_ n: Int) async -> Figures {
        let n = intervalConnections(n)
        let ticks = Signal<Int, Never>.interval(.milliseconds(1), on: TaskScheduler(name: "W25 interval-task"))
        var timings = Timings(capacity: n)
        for _ in 0..<n {
            let start = ContinuousClock.now
            var iterator = ticks.values.makeAsyncIterator()
            timings.record(start, await iterator.next())
        }
        return timings.figures(expectedSum: 0)
    }

    /// The floor's first tick: the timer's handler hands `0` to the loop, once, whichever
    /// of the two comes first. `@unchecked Sendable`: its state is under its lock.
    final class FirstTick: @unchecked Sendable {
        private let lock = NSLock()
        private var waiter: UnsafeContinuation<Int, Never>?
        private var hasFired = false
        private var isDelivered = false

        func fire() {
            lock.lock()
            guard !hasFired else { return lock.unlock() }
            hasFired = true
            let waiter = self.waiter
            self.waiter = nil
            if waiter != nil { isDelivered = true }
            lock.unlock()
            waiter?.resume(returning: 0)
        }

        func value() async -> Int {
            await withUnsafeContinuation { continuation in
                lock.lock()
                if hasFired, !isDelivered {
                    isDelivered = true
                    lock.unlock()
                    continuation.resume(returning: 0)
                } else {
                    waiter = continuation
                    lock.unlock()
                }
            }
        }
    }

    // MARK: merge

    @inline(never)
    static func mergeSignals(_ n: Int) async -> Figures {
        let subject = Subject<Int, Never>()
        let source = Subject<Int, Never>()
        let shared = Signal<Int, Never> { observer in source.signal.subscribe(observer) }.share(replay: 1)
        let keeper = shared.subscribe(next: { _ in })
        let ticks = Signal<Int, Never>.interval(.seconds(3_600), on: QueueScheduler(name: "W25 merge"))
        let feed = Signal.merge([subject.signal, shared, ticks])
        var timings = Timings(capacity: n)
        for i in 0..<n {
            source.send(value: i)
            let start = ContinuousClock.now
            var iterator = feed.values.makeAsyncIterator()
            timings.record(start, await iterator.next())
        }
        keeper.dispose()
        return timings.figures(expectedSum: sumOfRange(n))
    }

    @inline(never)
    static func mergeAsyncStream(_ n: Int) async -> Figures {
        var timings = Timings(capacity: n)
        for i in 0..<n {
            let start = ContinuousClock.now
            let (held, holding) = AsyncStream.makeStream(of: Int.self)
            holding.yield(i)
            let (quiet, quietContinuation) = AsyncStream.makeStream(of: Int.self)
            let ticks = AsyncTimerSequence(interval: .seconds(3_600), clock: .continuous).map { @Sendable _ in 0 }
            var iterator = merge(quiet, held, ticks).makeAsyncIterator()
            timings.record(start, await iterator.next())
            holding.finish()
            quietContinuation.finish()
        }
        return timings.figures(expectedSum: sumOfRange(n))
    }
}
