// rooms-core-bench: the two rooms cores, without HTTP, for an instruction count.
//
// rooms-load measures the whole server over loopback, where the cores' difference is a few
// percent of what a request costs and a shared machine moves wall and CPU times by more than
// that from one run to the next. This runs only the cores (`Rooms` on Signals, `StreamRooms` on
// AsyncStream), through the same `RoomsBackend.follow` the server reads, in one process with a
// synchronous main, so that valgrind's callgrind can count its instructions:
//
//   swift build -c release --package-path Examples --product rooms-core-bench
//   bash Examples/core-bench.sh            # both cores, every scenario, per unit
//
//   rooms-core-bench signals|streams fanout|churn|publish SIZE
//     fanout   100 followers of one room, SIZE posts; units: deliveries (100 × SIZE)
//     churn    SIZE times: follow a room, read its first event (the history), leave; units: connects
//     publish  8 rooms with a follower each, SIZE posts among them; units: posts
//     broadcast  SIZE followers of one room, each suspended in `next()`, and 5 posts one at a
//              time; units: followers. Reports on standard error each post's time inside
//              `post` (what the broadcast costs its sender), the median time until the last
//              follower has it, and the process's CPU per round: the followers scenario of
//              rooms-load without HTTP, for `perf record` (see Examples/README.md)
// Prints the units on standard output. Every follower reads every event it was sent (its
// buffer holds them all), so both cores do the same work; a wrong count exits with status 1.

import Dispatch
import Foundation
import RoomsApp
import RoomsCore
import RoomsStreams
import Signals
import Synchronization

let arguments = CommandLine.arguments
guard arguments.count == 4, let size = Int(arguments[3]), size > 0,
      ["signals", "streams"].contains(arguments[1]), ["fanout", "churn", "publish", "broadcast"].contains(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: rooms-core-bench signals|streams fanout|churn|publish|broadcast SIZE\n".utf8))
    exit(2)
}

/// Waits (yielding) until `condition` holds.
func waitUntil(_ condition: () -> Bool) async {
    while !condition() { try? await Task.sleep(for: .milliseconds(1)) }
}

/// How many followers are subscribed: each counts itself once its iterator is made, which is
/// when its subscription is in place (both cores subscribe by then), so that a post sent from
/// then on reaches it.
///
/// Not `liveSubscriptions`: `Rooms` counts a follower there as its subscription *starts*
/// (`counting(into:)` runs before the source is subscribed), so the count can reach every
/// follower while one of them is not yet subscribed to the room's history. Posts sent then
/// are lost to it beyond the 50 the history replays, and it waits forever for the rest (seen
/// under valgrind, which can hold that follower's thread back while the sender posts them all).
final class Ready: Sendable {
    private let count = Atomic<Int>(0)
    /// One more follower is subscribed.
    func add() { count.add(1, ordering: .releasing) }
    /// The followers subscribed so far.
    var value: Int { count.load(ordering: .acquiring) }
}

/// Reads `room` until `count` messages have arrived, counting itself in `ready` once it is
/// subscribed; returns the messages read.
func read<Backend: RoomsBackend>(_ rooms: Backend, _ room: String, messages count: Int, buffer: Int, ready: Ready) async -> Int {
    var seen = 0
    var events = rooms.follow(room, bufferSize: buffer).makeAsyncIterator()
    ready.add()
    while let event = await events.next(isolation: nil) {
        if case .message = event { seen += 1 }
        if seen == count { break }
    }
    return seen
}

func run<Backend: RoomsBackend>(_ rooms: Backend, _ scenario: String, _ size: Int) async -> (units: Int, ok: Bool) {
    switch scenario {
    case "fanout":
        let followers = 100
        let ready = Ready()
        let received = await withTaskGroup(of: Int.self) { group -> Int in
            for _ in 0..<followers {
                group.addTask { await read(rooms, "fan", messages: size, buffer: size + 16, ready: ready) }
            }
            await waitUntil { ready.value == followers }
            for n in 0..<size { rooms.post(to: "fan", author: "bench", text: "message \(n)") }
            return await group.reduce(0, +)
        }
        return (followers * size, received == followers * size)
    case "churn":
        rooms.post(to: "churn", author: "bench", text: "the first")
        var read = 0
        for _ in 0..<size {
            var iterator = rooms.follow("churn", bufferSize: 256).makeAsyncIterator()
            if case .message = await iterator.next(isolation: nil) { read += 1 }
        }
        await waitUntil { rooms.liveSubscriptions == 0 }
        return (size, read == size)
    case "broadcast":
        // SIZE followers of one room, each suspended in `next()`; `broadcastRounds` posts, one
        // at a time: the sender's time inside `post` (the broadcast's cost to its caller) and
        // the time until the last follower has the message, reported on standard error.
        let rounds = broadcastRounds
        let arrivals = Arrivals(followers: size, rounds: rounds)
        let ready = Ready()
        return await withTaskGroup(of: Int.self) { group -> (Int, Bool) in
            for _ in 0..<size {
                group.addTask {
                    var seen = 0
                    var events = rooms.follow("many", bufferSize: 256).makeAsyncIterator()
                    ready.add()
                    while let event = await events.next(isolation: nil) {
                        guard case .message = event else { continue }
                        seen += 1
                        arrivals.arrived(seen)
                        if seen == rounds { break }
                    }
                    return seen
                }
            }
            await waitUntil { ready.value == size }
            var posts: [Double] = [], lasts: [Double] = []
            let cpuStart = cpuSeconds()
            for round in 1...rounds {
                try? await Task.sleep(for: .milliseconds(100)) // every loop suspended in next()
                let start = ContinuousClock.now
                rooms.post(to: "many", author: "bench", text: "broadcast \(round)")
                posts.append(milliseconds(ContinuousClock.now - start))
                while arrivals.last(round) == nil { try? await Task.sleep(for: .milliseconds(1)) }
                lasts.append(milliseconds(arrivals.last(round)! - start))
            }
            let cpu = (cpuSeconds() - cpuStart) * 1000 / Double(rounds)
            let received = await group.reduce(0, +)
            let times = posts.map { String(format: "%.2f", $0) }.joined(separator: " ")
            FileHandle.standardError.write(Data((
                "\(backendName), \(size) followers: post ms \(times) (median \(String(format: "%.2f", median(posts)))), "
                + "last has it ms (median) \(String(format: "%.2f", median(lasts))), CPU ms per round \(String(format: "%.2f", cpu))\n"
            ).utf8))
            return (size, received == size * rounds)
        }
    default: // publish
        let rooms8 = (0..<8).map { "pub\($0)" }
        let ready = Ready()
        let received = await withTaskGroup(of: Int.self) { group -> Int in
            for (index, room) in rooms8.enumerated() {
                let count = size / 8 + (index < size % 8 ? 1 : 0)
                group.addTask { await read(rooms, room, messages: count, buffer: count + 16, ready: ready) }
            }
            await waitUntil { ready.value == rooms8.count }
            for n in 0..<size { rooms.post(to: rooms8[n % 8], author: "bench", text: "post \(n)") }
            return await group.reduce(0, +)
        }
        return (size, received == size)
    }
}

/// Posts per run of the broadcast scenario.
let broadcastRounds = 5

/// When each broadcast reached every follower.
final class Arrivals: @unchecked Sendable {
    private let lock = NSLock()
    private let followers: Int
    private var counts: [Int]
    private var lasts: [ContinuousClock.Instant?]
    init(followers: Int, rounds: Int) {
        self.followers = followers
        counts = Array(repeating: 0, count: rounds)
        lasts = Array(repeating: nil, count: rounds)
    }
    /// A follower read its `n`th message (1-based).
    func arrived(_ n: Int) {
        let now = ContinuousClock.now
        lock.withLock {
            counts[n - 1] += 1
            if counts[n - 1] == followers { lasts[n - 1] = now }
        }
    }
    /// When the last follower read the `n`th message, once all have.
    func last(_ n: Int) -> ContinuousClock.Instant? { lock.withLock { lasts[n - 1] } }
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// The process's CPU time (user + system), in seconds.
func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
}

final class Outcome: @unchecked Sendable {
    var units = 0
    var ok = false
}
let outcome = Outcome()
let done = DispatchSemaphore(value: 0)
let (backend, scenario) = (arguments[1], arguments[2])
let backendName = backend == "signals" ? "Signals" : "AsyncStream"
Task.detached {
    // No heartbeat: nothing runs but the scenario.
    let result = backend == "signals"
        ? await run(Rooms(scheduler: TaskScheduler(), heartbeat: nil), scenario, size)
        : await run(StreamRooms(heartbeat: nil), scenario, size)
    (outcome.units, outcome.ok) = result
    done.signal()
}
done.wait()
print(outcome.units)
exit(outcome.ok ? 0 : 1)
