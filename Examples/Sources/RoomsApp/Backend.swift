// What the routes need from a rooms implementation: the Signals core (`Rooms`) or its twin on
// AsyncStream (`StreamRooms`), so that one server and one load tool measure both.

import RoomsCore
import RoomsStreams
import Signals

/// A rooms implementation the server can serve.
public protocol RoomsBackend: Sendable {
    /// What one follower of a room reads.
    associatedtype Events: AsyncSequence<RoomEvent, Never> & Sendable
    @discardableResult func post(to room: String, author: String, text: String) -> Message
    func typing(in room: String, author: String)
    /// Everything a follower of `room` receives (history first), keeping at most `bufferSize`
    /// unread events for a slow reader (the oldest go first).
    func follow(_ room: String, bufferSize: Int) -> Events
    var liveSubscriptions: Int { get }
    /// The rooms whose timed pipelines run now (idle rooms are pruned).
    var roomsInUse: Int { get }
    /// The events dropped so far for followers that fell behind (`follow`'s policy).
    var droppedEvents: Int { get }
    func endAllFeeds()
}

extension Rooms: RoomsBackend {
    /// The slow-client policy is `.dropOldest`, not `.fail` ("disconnect the laggard"): a
    /// follower that falls `bufferSize` events behind skips the oldest unread ones and stays
    /// connected. Why: most of a room's events are superseded by later ones (typing, rate,
    /// heartbeats), a skipped message is still in the room's history, and a disconnected
    /// EventSource would reconnect at once and be sent the same 50-message history again,
    /// making a slow client slower; it also keeps the Signals core and its AsyncStream twin
    /// (`.bufferingNewest`) under the same policy, so `rooms-load` compares like with like.
    public func follow(_ room: String, bufferSize: Int) -> Signal<RoomEvent, Never>.Values {
        events(in: room).buffer(size: bufferSize, whenFull: .dropOldest, dropped: drops)
    }

    public var droppedEvents: Int { drops.count }
}

extension StreamRooms: RoomsBackend {
    public func follow(_ room: String, bufferSize: Int) -> AsyncStream<RoomEvent> {
        events(in: room, bufferSize: bufferSize)
    }
}
