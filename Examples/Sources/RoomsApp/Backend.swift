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
    func endAllFeeds()
}

extension Rooms: RoomsBackend {
    public func follow(_ room: String, bufferSize: Int) -> Signal<RoomEvent, Never>.Values {
        boundedValues(events(in: room), size: bufferSize)
    }
}

extension StreamRooms: RoomsBackend {
    public func follow(_ room: String, bufferSize: Int) -> AsyncStream<RoomEvent> {
        events(in: room, bufferSize: bufferSize)
    }
}
