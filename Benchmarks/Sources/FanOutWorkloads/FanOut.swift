// W20: a server's fan-out. One source of values, 100 clients; each client maps the value and
// reads it through a bounded buffer of 64 values (dropping the oldest when full, which never
// happens here: every client keeps up); the values are sent one at a time. One unit = one
// value delivered to one client (100 per send). Five implementations of four libraries, one
// file per library (their names would collide in one):
//   signals       FanOutSignals.swift      `subject.signal.share(replay: 1)`, per client `map` +
//                                          the async bridge's bounded `values(bufferSize: 64,
//                                          whenFull: .dropOldest, dropped:)` (the server
//                                          guide's per-client buffer) read by its own task
//   opencombine   FanOutOpenCombine.swift  `PassthroughSubject`, per client `map` +
//                                          `buffer(size: 64, prefetch: .keepFull,
//                                          whenFull: .dropOldest)` + `sink` (inline: the
//                                          sink runs inside the send, no task per client)
//   asyncstream   FanOutAsync.swift        per client an `AsyncStream` (`.bufferingNewest(64)`)
//                                          read by its own task through `map`; the producer
//                                          yields into the 100 continuations
//   asyncchannel  FanOutAsync.swift        per client an `AsyncAlgorithms.AsyncChannel` read by
//                                          its own task through `map`; the producer awaits
//                                          each `send` (a channel has no buffer)
//   signals-observe FanOutSignals.swift    (report only) the same with Signals' scheduler form
//                                          of the bounded buffer, `observe(on:
//                                          ImmediateScheduler(), bufferSize: 64, whenFull:
//                                          .dropOldest, dropped:)` + `subscribe(next:)`
//                                          (inline: no task per client)
// The AsyncStream and Signals readers are paced (Barrier) so that no value is dropped.
// Every client sums what it receives and counts it; the checksum is the sum over the
// clients, expected clients × Σ(i + 1) for i in 0..<sends, and every client must have
// received `sends` values (a dropped or duplicated value makes the checksum wrong).

import WorkloadSpec

public enum FanOut {
    /// Clients (subscribers, streams, channels) per run.
    public static let clients = 100
    /// Each client's bounded buffer, in values.
    public static let bufferSize = 64
    /// Values sent per run (divided by `WORKLOAD_DIVISOR`); units = clients × sends.
    public static let sends = max(1, 10_000 / Spec.divisor)

    /// The map every client applies.
    @inline(__always) static func transform(_ value: Int) -> Int { value &+ 1 }

    /// The checksum of a run of `sends` values: clients × Σ(i + 1), i in 0..<sends.
    public static func expected(sends: Int) -> Int { clients &* (sends &* (sends &+ 1) / 2) }

    /// One measured case: "W20 <implementation> n=<units>" in the benchmark names.
    public struct Case: Sendable {
        public let id: String
        public let implementation: String
        public let units: Int
        /// Runs the case with this many sends; returns the checksum, or -1 if some client did
        /// not receive exactly `sends` values.
        public let run: @Sendable (_ sends: Int) async -> Int
    }

    /// Every case, in table order.
    public static let cases: [Case] = [
        Case(id: "W20", implementation: "signals", units: clients * sends) { await signals($0) },
        Case(id: "W20", implementation: "opencombine", units: clients * sends) { openCombine($0) },
        Case(id: "W20", implementation: "asyncstream", units: clients * sends) { await asyncStream($0) },
        Case(id: "W20", implementation: "asyncchannel", units: clients * sends) { await asyncChannel($0) },
        Case(id: "W20", implementation: "signals-observe", units: clients * sends) { signalsObserve($0) },
    ]

    /// The checksum over the clients' tallies; -1 if a client's count is not `sends`.
    static func checksum(_ tallies: [Tally], sends: Int) -> Int {
        var sum = 0
        for t in tallies {
            if t.count != sends { return -1 }
            sum &+= t.sum
        }
        return sum
    }
}
