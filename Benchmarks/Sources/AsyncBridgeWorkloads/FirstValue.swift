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
//                          first tick
//             asyncstream  a new iterator over `AsyncTimerSequence(interval: 1 ms)`
//   merge     signals      a new iterator over `merge(subject, share, interval(1 h))`: the
//                          share's replayed value
//             asyncstream  swift-async-algorithms' `merge` of a stream holding the value, a
//                          stream with nothing yet and an `AsyncTimerSequence` of 1 h
// Each connection is timed alone (clock reads around `makeAsyncIterator()` and the first
// `next()`; the iterator is released afterwards, outside the timing), and a run's figure is
// the median over its connections. The figures come from the clock: a benchmark, never a test.

import AsyncAlgorithms
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

    /// Every case, each feed's Signals follower before its `AsyncStream` twin.
    public static let cases: [Case] = [
        Case(feed: "subject", implementation: "signals", run: subjectSignals),
        Case(feed: "subject", implementation: "asyncstream", run: subjectAsyncStream),
        Case(feed: "share", implementation: "signals", run: shareSignals),
        Case(feed: "share", implementation: "asyncstream", run: shareAsyncStream),
        Case(feed: "interval", implementation: "signals", run: intervalSignals),
        Case(feed: "interval", implementation: "asyncstream", run: intervalAsyncStream),
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
