// W13: the async/await bridge. The same values read with `for await` from three sources:
//   signals        `signal.values` of Signals
//   asyncstream    the standard library's `AsyncStream` (unbounded buffer)
//   asyncchannel   swift-async-algorithms' `AsyncChannel` (no buffer: each send waits for
//                  the consumer)
// W13  a producer task sends 0..<n while the consumer task reads them (the usual case: the
//      consumer often waits, so most values are handed over through a suspended `next()`).
// W13b the values are all sent before the loop starts (a synchronous source: every `next()`
//      finds a buffered value). AsyncChannel cannot buffer, so it has no W13b.
// W13c subscribe-to-first-value, a server's connection: each unit makes a new iterator over a
//      source that already holds a value and reads that first value (Signals: a
//      `ReplaySubject(capacity: 1)` shared by every unit, `values` of its signal; AsyncStream:
//      a new stream per unit, into which the value is yielded). The cost of one connection's
//      start, not of its values.
// W25 the same connection to a server's usual feed: a `share(replay: 1)` of a hand-made
//      signal (kept connected by one subscription) merged with an `interval` on a
//      `QueueScheduler` (its first tick an hour away); each unit makes a new iterator over the
//      merge and reads the replayed value. The twin: a new AsyncStream per unit holding the
//      value, merged (swift-async-algorithms' `merge`) with an `AsyncTimerSequence` of the
//      same period.
// Every case returns the sum of the values read; the expected sum is n(n-1)/2.

import AsyncAlgorithms
import Signals
import WorkloadSpec

public enum AsyncBridge {
    /// W13 / W13b: values per run.
    public static let values = max(1, 1_000_000 / Spec.divisor)

    /// W13c: connections (iterators) per run.
    public static let connections = max(1, 100_000 / Spec.divisor)

    /// One measured case: "<id> <implementation> n=<units>" in the benchmark names.
    public struct Case: Sendable {
        public let id: String
        public let implementation: String
        public let units: Int
        public let run: @Sendable () async -> Int
    }

    /// Every case, in table order.
    public static var cases: [Case] {
        let n = values
        return [
            Case(id: "W13", implementation: "signals", units: n) { await w13Signals(n) },
            Case(id: "W13", implementation: "asyncstream", units: n) { await w13AsyncStream(n) },
            Case(id: "W13", implementation: "asyncchannel", units: n) { await w13AsyncChannel(n) },
            Case(id: "W13b", implementation: "signals", units: n) { await w13bSignals(n) },
            Case(id: "W13b", implementation: "asyncstream", units: n) { await w13bAsyncStream(n) },
            Case(id: "W13c", implementation: "signals", units: connections) { await w13cSignals(connections) },
            Case(id: "W13c", implementation: "asyncstream", units: connections) { await w13cAsyncStream(connections) },
            Case(id: "W25", implementation: "signals", units: connections) { await w25Signals(connections) },
            Case(id: "W25", implementation: "asyncstream", units: connections) { await w25AsyncStream(connections) },
        ]
    }

    // MARK: W13: a producer task and a consumer

    /// `Signal.task` sends from its own task; the loop reads `signal.values`.
    @inline(never)
    public static func w13Signals(_ n: Int) async -> Int {
        let signal = Signal<Int, Never>.task { observer in
            for value in 0..<n { observer.send(value: value) }
        }
        var sum = 0
        for await value in signal.values { sum &+= value }
        return sum
    }

    /// A producer task yields into an unbounded `AsyncStream`.
    @inline(never)
    public static func w13AsyncStream(_ n: Int) async -> Int {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        let producer = Task {
            for value in 0..<n { continuation.yield(value) }
            continuation.finish()
        }
        var sum = 0
        for await value in stream { sum &+= value }
        await producer.value
        return sum
    }

    /// A producer task sends into an `AsyncChannel` (each send waits for the consumer).
    @inline(never)
    public static func w13AsyncChannel(_ n: Int) async -> Int {
        let channel = AsyncChannel<Int>()
        let producer = Task {
            for value in 0..<n { await channel.send(value) }
            channel.finish()
        }
        var sum = 0
        for await value in channel { sum &+= value }
        await producer.value
        return sum
    }

    // MARK: W13b: everything buffered before the loop

    /// A synchronous signal delivers everything into the buffer when the loop subscribes.
    @inline(never)
    public static func w13bSignals(_ n: Int) async -> Int {
        var sum = 0
        for await value in Signal.from(0..<n).values { sum &+= value }
        return sum
    }

    /// The stream's build closure yields everything before the loop starts.
    @inline(never)
    public static func w13bAsyncStream(_ n: Int) async -> Int {
        let stream = AsyncStream<Int> { continuation in
            for value in 0..<n { continuation.yield(value) }
            continuation.finish()
        }
        var sum = 0
        for await value in stream { sum &+= value }
        return sum
    }

    // MARK: W13c: subscribe to the first value

    /// Each unit: the replay subject holds `i`; a new iterator over its signal reads it.
    @inline(never)
    public static func w13cSignals(_ n: Int) async -> Int {
        let replay = ReplaySubject<Int, Never>(capacity: 1)
        var sum = 0
        for i in 0..<n {
            replay.send(value: i)
            var iterator = replay.signal.values.makeAsyncIterator()
            sum &+= await iterator.next() ?? 0
        }
        return sum
    }

    /// Each unit: a new stream, `i` yielded into it, a new iterator reads it.
    @inline(never)
    public static func w13cAsyncStream(_ n: Int) async -> Int {
        var sum = 0
        for i in 0..<n {
            let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
            continuation.yield(i)
            var iterator = stream.makeAsyncIterator()
            sum &+= await iterator.next() ?? 0
            continuation.finish()
        }
        return sum
    }

    // MARK: W25: subscribe to the first value of a merge of a connected share and a timer

    /// Each unit: the share (connected by `keeper`) holds `i`; a new iterator over its merge
    /// with an interval reads it.
    @inline(never)
    public static func w25Signals(_ n: Int) async -> Int {
        let source = Subject<Int, Never>()
        let handMade = Signal<Int, Never> { observer in source.signal.subscribe(observer) }
        let shared = handMade.share(replay: 1)
        let keeper = shared.subscribe(next: { _ in })
        let feed = shared.merge(Signal<Int, Never>.interval(.seconds(3_600), on: QueueScheduler()).map { _ in 0 })
        var sum = 0
        for i in 0..<n {
            source.send(value: i)
            var iterator = feed.values.makeAsyncIterator()
            sum &+= await iterator.next() ?? 0
        }
        keeper.dispose()
        return sum
    }

    /// Each unit: a new stream holding `i`, merged with a timer sequence; the first value read.
    @inline(never)
    public static func w25AsyncStream(_ n: Int) async -> Int {
        var sum = 0
        for i in 0..<n {
            let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
            continuation.yield(i)
            let ticks = AsyncTimerSequence(interval: .seconds(3_600), clock: .continuous).map { @Sendable _ in 0 }
            var iterator = merge(stream, ticks).makeAsyncIterator()
            sum &+= await iterator.next() ?? 0
            continuation.finish()
        }
        return sum
    }
}
