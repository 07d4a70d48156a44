// What the routes need from a rooms implementation: the Signals core (`Rooms`) or its twin on
// AsyncStream (`StreamRooms`), so that one server and one load tool measure both; or rooms
// shared by several processes on PostgreSQL (`PostgresRooms`).

import RoomsCore
import RoomsPostgres
import RoomsStreams
import ServiceLifecycle
import Signals

/// What the routes need from rooms: in one process (`RoomsBackend`: `Rooms`, `StreamRooms`),
/// or shared by several through PostgreSQL (`PostgresRooms`), where a post is stored before it
/// has an id, so posting is asynchronous.
public protocol ServedRooms: Sendable {
    /// What one follower of a room reads.
    associatedtype Events: AsyncSequence<RoomEvent, Never> & Sendable
    /// Posts a message; returns it with its id.
    func publish(to room: String, author: String, text: String) async throws -> Message
    /// Posts a message and returns it with its id before its broadcast, which runs afterwards
    /// on `sender` (serial, in id order): a request that posts answers without waiting for
    /// the followers. By default, `publish(to:author:text:)` (the broadcast first).
    func publish(to room: String, author: String, text: String, broadcastingOn sender: QueueScheduler) async throws -> Message
    /// Records that `author` is typing in `room`.
    func publishTyping(in room: String, author: String) async throws
    /// Everything a follower of `room` receives, the messages after `lastID` first (the
    /// history when `nil`: a client's `Last-Event-ID` when it reconnects), keeping at most
    /// `bufferSize` unread events for a slow reader (the oldest go first).
    func follow(_ room: String, after lastID: Int?, bufferSize: Int) -> Events
    /// As `follow(_:after:bufferSize:)`, with `whenFull` deciding what a full buffer does
    /// (`RoomsConfiguration.whenFull`).
    func follow(_ room: String, after lastID: Int?, bufferSize: Int, whenFull: BufferOverflow<Never>) -> Events
    var liveSubscriptions: Int { get }
    /// The rooms whose timed pipelines run now (idle rooms are pruned).
    var roomsInUse: Int { get }
    /// The events dropped so far for followers that fell behind (`follow`'s policy).
    var droppedEvents: Int { get }
    func endAllFeeds()
    /// What the server's `ServiceGroup` runs before the HTTP server (a database's pool and
    /// listener); none by default.
    var services: [any Service] { get }
}

extension ServedRooms {
    public var services: [any Service] { [] }

    /// `follow(_:after:bufferSize:)`, for a backend whose only policy is to drop the oldest
    /// events (the `AsyncStream` twin's `.bufferingNewest`).
    public func follow(_ room: String, after lastID: Int?, bufferSize: Int, whenFull: BufferOverflow<Never>) -> Events {
        guard case .dropOldest = whenFull else {
            preconditionFailure("\(Self.self) drops the oldest events of a slow follower only; whenFull: \(whenFull) needs rooms on Signals (Rooms, PostgresRooms)")
        }
        return follow(room, after: lastID, bufferSize: bufferSize)
    }

    /// `publish(to:author:text:)`, for a backend that cannot broadcast after it answers: it
    /// publishes at once and ignores `sender`.
    public func publish(to room: String, author: String, text: String, broadcastingOn sender: QueueScheduler) async throws -> Message {
        try await publish(to: room, author: author, text: text)
    }
}

/// A rooms implementation in one process, which numbers and sends a post at once: what the
/// load tool and the benchmark drive directly.
public protocol RoomsBackend: ServedRooms {
    @discardableResult func post(to room: String, author: String, text: String) -> Message
    func typing(in room: String, author: String)
    /// Everything a follower of `room` receives (history first), keeping at most `bufferSize`
    /// unread events for a slow reader (the oldest go first).
    func follow(_ room: String, bufferSize: Int) -> Events
}

extension RoomsBackend {
    public func publish(to room: String, author: String, text: String) async throws -> Message {
        post(to: room, author: author, text: text)
    }

    public func publishTyping(in room: String, author: String) async throws {
        typing(in: room, author: author)
    }

    /// The whole history, whatever `lastID` (an implementation that can skip what the client
    /// has implements this itself).
    public func follow(_ room: String, after lastID: Int?, bufferSize: Int) -> Events {
        follow(room, bufferSize: bufferSize)
    }
}

extension Rooms: RoomsBackend {
    /// The default slow-client policy is `.dropOldest`: a follower that falls `bufferSize`
    /// events behind skips the oldest unread ones and stays connected. Why: most of a room's
    /// events are superseded by later ones (typing, rate, heartbeats), a skipped message is
    /// still in the room's history, and it keeps the Signals core and its AsyncStream twin
    /// (`.bufferingNewest`) under the same policy, so `rooms-load` compares like with like.
    /// A server that would rather disconnect a slow client than skip its messages passes
    /// `.finish` to `follow(_:after:bufferSize:whenFull:)` (`RoomsConfiguration.whenFull`).
    public func follow(_ room: String, bufferSize: Int) -> Signal<RoomEvent, Never>.Values {
        events(in: room).values(bufferSize: bufferSize, whenFull: .dropOldest, dropped: drops)
    }

    public var droppedEvents: Int { drops.count }

    public func publish(to room: String, author: String, text: String, broadcastingOn sender: QueueScheduler) async throws -> Message {
        post(to: room, author: author, text: text, broadcastingOn: sender)
    }

    /// As `follow(_:bufferSize:)`, without the history's messages up to `lastID` (those the
    /// reconnecting client has).
    public func follow(_ room: String, after lastID: Int?, bufferSize: Int) -> Signal<RoomEvent, Never>.Values {
        follow(room, after: lastID, bufferSize: bufferSize, whenFull: .dropOldest)
    }

    /// As `follow(_:after:bufferSize:)`, with `whenFull` deciding what a full buffer does:
    /// `.finish` ends the follower's loop (its client is disconnected), counted in
    /// `drops.disconnected`.
    public func follow(
        _ room: String, after lastID: Int?, bufferSize: Int, whenFull: BufferOverflow<Never>
    ) -> Signal<RoomEvent, Never>.Values {
        guard let lastID else { return events(in: room).values(bufferSize: bufferSize, whenFull: whenFull, dropped: drops) }
        return events(in: room, messages: { $0.filter { $0.id > lastID } }).values(bufferSize: bufferSize, whenFull: whenFull, dropped: drops)
    }
}

extension PostgresRooms: ServedRooms {
    public func publish(to room: String, author: String, text: String) async throws -> Message {
        try await post(to: room, author: author, text: text)
    }

    public func publishTyping(in room: String, author: String) async throws {
        try await typing(in: room, author: author)
    }

    /// The same slow-client policy as `Rooms`' (`.dropOldest`).
    public func follow(_ room: String, after lastID: Int?, bufferSize: Int) -> Signal<RoomEvent, Never>.Values {
        follow(room, after: lastID, bufferSize: bufferSize, whenFull: .dropOldest)
    }

    /// As `follow(_:after:bufferSize:)`, with `whenFull` deciding what a full buffer does.
    public func follow(
        _ room: String, after lastID: Int?, bufferSize: Int, whenFull: BufferOverflow<Never>
    ) -> Signal<RoomEvent, Never>.Values {
        events(in: room, after: lastID).values(bufferSize: bufferSize, whenFull: whenFull, dropped: rooms.drops)
    }

    public var roomsInUse: Int { rooms.roomsInUse }

    public var droppedEvents: Int { rooms.droppedEvents }
}

extension StreamRooms: RoomsBackend {
    public typealias Events = AsyncStream<RoomEvent>

    public func follow(_ room: String, bufferSize: Int) -> AsyncStream<RoomEvent> {
        events(in: room, bufferSize: bufferSize)
    }

    public func publish(to room: String, author: String, text: String, broadcastingOn sender: QueueScheduler) async throws -> Message {
        post(to: room, author: author, text: text, broadcastingOn: sender.queue)
    }
}
