import RoomsCore
import Testing

/// `Last-Event-ID` on one process, rooms in memory (no database): a reconnecting
/// `EventSource` sends the id of the last message it has and is sent only what follows.
@Suite(.serialized, .timeLimit(.minutes(1))) struct ReconnectTests {
    @Test func aFollowerThatReconnectsWithItsLastIDGetsOnlyTheMessagesAfterIt() async throws {
        let process = try await RoomsProcess.start(database: nil)
        let room = freshRoom("memory")
        var posted: [Message] = []
        for n in 1...4 { posted.append(try await process.post(room, author: "ann", text: "m\(n)")) }
        let resumed = try await Follower.follow(process.base, room: room, lastID: posted[1].id)
        try await process.waitForFollowers(1)
        posted.append(try await process.post(room, author: "bob", text: "live"))
        #expect(await resumed.next(3) == Array(posted[2...]))
        resumed.task.cancel()

        // Without an id: the whole history, as before.
        let newcomer = try await Follower.follow(process.base, room: room)
        #expect(await newcomer.next(5) == posted)
        newcomer.task.cancel()
        await process.stop()
    }
}
