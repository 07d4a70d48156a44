import Foundation
import RoomsCore
import Testing

/// Several `rooms` processes on one PostgreSQL database, as a deployment behind a load
/// balancer runs them: posts to any process reach the followers of every process in one id
/// order per room, and a follower whose process stops resumes on another from its last id.
@Suite(.serialized, .enabled(if: TestDatabase.isAvailable, TestDatabase.skipped), .timeLimit(.minutes(2)))
struct ProcessesTests {
    @Test func postsToAnyProcessReachTheFollowersOfEveryProcessInOneIdOrderPerRoom() async throws {
        let url = try TestDatabase.requireURL()
        let processes = [
            try await RoomsProcess.start(database: url), try await RoomsProcess.start(database: url),
            try await RoomsProcess.start(database: url),
        ]
        let rooms = [freshRoom("a"), freshRoom("b")]
        var followers: [(room: String, process: Int, follower: Follower)] = []
        for (index, process) in processes.enumerated() {
            for room in rooms { followers.append((room, index, try await Follower.follow(process.base, room: room))) }
        }
        for process in processes { try await process.waitForFollowers(rooms.count) }

        // Four publishers at once, each posting to both rooms through every process in turn.
        let posted = try await withThrowingTaskGroup(of: [Message].self) { group in
            for publisher in 0..<4 {
                group.addTask {
                    var mine: [Message] = []
                    for n in 0..<24 {
                        let process = processes[(publisher + n) % processes.count]
                        mine.append(try await process.post(rooms[n % 2], author: "p\(publisher)", text: "p\(publisher) n\(n)"))
                    }
                    return mine
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(Set(posted.map(\.id)).count == 96, "every post has an id of its own")

        for room in rooms {
            let expected = posted.filter { $0.room == room }.sorted { $0.id < $1.id }
            for (followerRoom, process, follower) in followers where followerRoom == room {
                let received = await follower.next(expected.count)
                #expect(received.map(\.id) == expected.map(\.id), "the ids process \(process)'s follower of \(room) received")
                #expect(received.map(\.text) == expected.map(\.text))
            }
        }
        for (_, _, follower) in followers { follower.task.cancel() }
        for process in processes { await process.stop() }
    }

    @Test func aFollowerOfAStoppedProcessResumesOnAnotherFromItsLastIDWithoutAGapOrARepeat() async throws {
        let url = try TestDatabase.requireURL()
        let room = freshRoom("resume")
        let first = try await RoomsProcess.start(database: url)
        var posted: [Message] = []
        for n in 1...5 { posted.append(try await first.post(room, author: "ann", text: "before \(n)")) }

        // A process started after those posts serves them from the table.
        let second = try await RoomsProcess.start(database: url)
        let onFirst = try await Follower.follow(first.base, room: room)
        let newcomer = try await Follower.follow(second.base, room: room)
        #expect(await newcomer.next(5) == posted, "the table's history, in a process that was not running when it was posted")
        newcomer.task.cancel()

        for n in 1...5 { posted.append(try await second.post(room, author: "bob", text: "live \(n)")) }
        #expect(await onFirst.next(10) == posted)

        // The follower's process stops: its stream ends. Posts go on while it is away.
        await first.stop()
        let afterStop = await onFirst.rest(timeout: .seconds(10))
        #expect(afterStop.isEmpty, "nothing after the stop: \(afterStop.map(\.id))")
        let lastID = posted.last!.id
        for n in 1...5 { posted.append(try await second.post(room, author: "bob", text: "while away \(n)")) }

        // It reconnects to the other process with the id of the last message it has.
        let resumed = try await Follower.follow(second.base, room: room, lastID: lastID)
        try await second.waitForFollowers(1)
        for n in 1...5 { posted.append(try await second.post(room, author: "cy", text: "after \(n)")) }
        let received = await resumed.next(10)
        #expect(received.map(\.id) == posted[10...].map(\.id))
        #expect(received.map(\.text) == posted[10...].map(\.text))
        resumed.task.cancel()
        await second.stop()
    }

    @Test func aProcessStopsAndExitsCleanlyWithItsDatabaseAndOpenStreams() async throws {
        let url = try TestDatabase.requireURL()
        let process = try await RoomsProcess.start(database: url)
        let follower = try await Follower.follow(process.base, room: freshRoom("stop"))
        try await process.waitForFollowers(1)
        await process.stop()
        #expect(!process.process.isRunning)
        #expect(process.process.terminationReason == .exit && process.process.terminationStatus == 0)
        #expect(await follower.rest(timeout: .seconds(10)).isEmpty)
    }
}
