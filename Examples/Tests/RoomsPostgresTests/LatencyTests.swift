import Foundation
import RoomsCore
import Testing

/// What the bridge from notifications into signals costs a delivery: the time from sending a
/// POST until a follower has the message, in memory (one process) against through PostgreSQL
/// (a follower of the posting process, and one of another process). Prints the figures
/// (`[figures]`); asserts only that every message arrived, in order (no test asserts a time).
@Suite(.serialized, .enabled(if: TestDatabase.isAvailable, TestDatabase.skipped), .timeLimit(.minutes(2)))
struct LatencyTests {
    @Test func deliveriesInMemoryAndAcrossProcessesArriveInOrderAndAreTimed() async throws {
        let url = try TestDatabase.requireURL()
        let count = Int(ProcessInfo.processInfo.environment["ROOMS_LATENCY_POSTS"] ?? "") ?? 200
        let memory = try await RoomsProcess.start(database: nil)
        let a = try await RoomsProcess.start(database: url), b = try await RoomsProcess.start(database: url)
        let memoryRoom = freshRoom("latency-memory"), sharedRoom = freshRoom("latency-shared")
        let inMemory = try await Follower.follow(memory.base, room: memoryRoom)
        let sameProcess = try await Follower.follow(a.base, room: sharedRoom)
        let otherProcess = try await Follower.follow(b.base, room: sharedRoom)
        for process in [memory, a, b] { try await process.waitForFollowers(1) }

        var times: [String: [Duration]] = [:]
        var posted: [String: [Message]] = [:], received: [String: [Message]] = [:]
        func deliver(_ name: String, via process: RoomsProcess, room: String, to followers: [(String, Follower)], n: Int) async throws {
            let start = ContinuousClock.now
            let message = try await process.post(room, author: "t", text: "\(name) \(n)")
            times["post " + name, default: []].append(ContinuousClock.now - start)
            posted[name, default: []].append(message)
            for (label, follower) in followers {
                guard let (got, at) = await follower.nextTimed(1, timeout: .seconds(10)).first else { continue }
                times[label, default: []].append(at - start)
                received[label, default: []].append(got)
            }
        }
        // Alternated, so that both see the same machine.
        for n in 0..<count {
            try await deliver("memory", via: memory, room: memoryRoom, to: [("in memory", inMemory)], n: n)
            try await deliver("shared", via: a, room: sharedRoom, to: [("PostgreSQL, same process", sameProcess), ("PostgreSQL, other process", otherProcess)], n: n)
        }
        #expect(received["in memory"] == posted["memory"])
        #expect(received["PostgreSQL, same process"] == posted["shared"])
        #expect(received["PostgreSQL, other process"] == posted["shared"])

        func milliseconds(_ d: Duration) -> Double { Double(d.components.attoseconds) / 1e15 + Double(d.components.seconds) * 1e3 }
        for label in ["in memory", "PostgreSQL, same process", "PostgreSQL, other process", "post memory", "post shared"] {
            let sorted = (times[label] ?? []).map(milliseconds).sorted()
            guard !sorted.isEmpty else { continue }
            let median = sorted[sorted.count / 2], p90 = sorted[sorted.count * 9 / 10]
            print("[figures] \(label): median \(String(format: "%.3f", median)) ms, p90 \(String(format: "%.3f", p90)) ms (\(sorted.count) posts)")
        }
        for follower in [inMemory, sameProcess, otherProcess] { follower.task.cancel() }
        for process in [memory, a, b] { await process.stop() }
    }
}
