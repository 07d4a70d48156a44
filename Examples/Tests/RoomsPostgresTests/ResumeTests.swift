import RoomsCore
@testable import RoomsPostgres
import Signals
import SignalsTesting
import Testing

/// `PostgresRooms.resume(after:history:live:)`, the splice of a follower's history from the
/// table with the live messages of its process, on subjects: no database needed.
@Suite struct ResumeTests {
    struct ReadFailed: Error, Equatable {}

    func message(_ id: Int) -> Message { Message(id: id, room: "r", author: "a", text: "m\(id)") }

    @Test func liveMessagesSentBeforeTheHistoryAnswersAreHeldAndNoneIsRepeated() {
        let history = Subject<[Message], ReadFailed>(), live = Subject<Message, Never>()
        let recorder = PostgresRooms.resume(after: 1, history: history.signal, live: live.signal).record()
        // 3 and 4 reach this process while the table is being read; 3 is in the read too.
        live.send(value: message(3))
        live.send(value: message(4))
        #expect(recorder.values.isEmpty)
        history.send(value: [message(2), message(3)])
        live.send(value: message(5))
        #expect(recorder.values.map(\.id) == [2, 3, 4, 5])
    }

    @Test func nothingAtOrBelowTheFollowersLastIDIsSent() {
        let history = Subject<[Message], ReadFailed>(), live = Subject<Message, Never>()
        let recorder = PostgresRooms.resume(after: 7, history: history.signal, live: live.signal).record()
        // The process's in-memory history replays older messages when `live` is subscribed.
        live.send(value: message(6))
        live.send(value: message(7))
        history.send(value: [])
        live.send(value: message(8))
        #expect(recorder.values.map(\.id) == [8])
    }

    @Test func liveMessagesTheHistoryAlreadySentAreDropped() {
        let history = Subject<[Message], ReadFailed>(), live = Subject<Message, Never>()
        let recorder = PostgresRooms.resume(after: nil, history: history.signal, live: live.signal).record()
        history.send(value: [message(1), message(2), message(3)])
        // Notifications of messages committed before the read arrive after it.
        live.send(value: message(2))
        live.send(value: message(3))
        live.send(value: message(4))
        #expect(recorder.values.map(\.id) == [1, 2, 3, 4])
    }

    @Test func aFailedReadFailsTheMessages() {
        let history = Subject<[Message], ReadFailed>(), live = Subject<Message, Never>()
        let recorder = PostgresRooms.resume(after: nil, history: history.signal, live: live.signal).record()
        live.send(value: message(1))
        history.send(error: ReadFailed())
        #expect(recorder.values.isEmpty)
        #expect(recorder.error == ReadFailed())
    }

    @Test func completesWhenLiveCompletesAfterTheHistory() {
        let history = Subject<[Message], ReadFailed>(), live = Subject<Message, Never>()
        let recorder = PostgresRooms.resume(after: nil, history: history.signal, live: live.signal).record()
        history.send(value: [message(1)])
        history.sendCompleted()
        #expect(!recorder.isCompleted)
        live.sendCompleted()
        #expect(recorder.isCompleted)
        #expect(recorder.values.map(\.id) == [1])
    }
}

/// A process's feed over the database, with the table's read replaced: what the listener
/// delivers follows the history, and a failed read ends the feed and releases it.
@Suite struct PostgresFeedTests {
    struct ReadFailed: Error {}

    func makeRooms() throws -> PostgresRooms {
        // Nothing connects: the pool is never run, and the history is the test's.
        let database = try RoomsDatabase(url: "postgres://nobody@127.0.0.1:1/none")
        return PostgresRooms(database: database, rooms: Rooms(scheduler: TestScheduler(), heartbeat: nil))
    }

    func message(_ id: Int) -> Message { Message(id: id, room: "r", author: "a", text: "m\(id)") }

    @Test func deliveredMessagesFollowTheHistoryOnce() throws {
        let rooms = try makeRooms()
        let history = Subject<[Message], any Error>()
        let recorder = rooms.events(in: "r", after: nil, history: history.signal).record()
        rooms.rooms.deliver(message(2))  // notified while the table is read
        history.send(value: [message(1), message(2)])
        rooms.rooms.deliver(message(3))
        let ids = recorder.values.compactMap { event -> Int? in if case .message(let m) = event { m.id } else { nil } }
        #expect(ids == [1, 2, 3])
        #expect(rooms.liveSubscriptions == 1)
    }

    @Test func aFailedReadEndsTheFeedAndReleasesIt() throws {
        let rooms = try makeRooms()
        let recorder = rooms.events(in: "r", after: 4, history: .error(ReadFailed())).record()
        #expect(recorder.isCompleted)
        #expect(rooms.liveSubscriptions == 0)
    }
}
