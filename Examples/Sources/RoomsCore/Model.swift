// The values that travel through the rooms: what clients post and what followers receive.

/// One chat message, as stored in a room's history and sent to its followers.
///
/// `id` counts up across the whole server, so a follower can tell the order of messages
/// (and a test can check it) without comparing texts.
public struct Message: Sendable, Hashable, Codable {
    /// Server-wide sequence number, starting at 1.
    public var id: Int
    /// The room the message was posted to.
    public var room: String
    /// Who posted it.
    public var author: String
    /// What was said.
    public var text: String

    public init(id: Int, room: String, author: String, text: String) {
        self.id = id
        self.room = room
        self.author = author
        self.text = text
    }
}

/// What a follower of one room receives, in one stream: messages (the last 50 first),
/// who is typing, and the room's message rate.
public enum RoomEvent: Sendable, Hashable {
    /// A message, from the history or live.
    case message(Message)
    /// `"ann is typing"`, or `nil` once nobody has typed for the room's quiet period.
    case typing(String?)
    /// Messages posted to the room during the last rate window.
    case rate(Int)
    /// Nothing happened; sent every heartbeat period so that a connection that went away
    /// unnoticed fails its next write (and proxies keep the stream open).
    case heartbeat

    /// The Server-Sent Events `event:` name of this event (also the WebSocket frame's `type`).
    public var name: String {
        switch self {
        case .message: "message"
        case .typing: "typing"
        case .rate: "rate"
        case .heartbeat: "heartbeat"
        }
    }
}

/// What the admin stream reports about every room.
public enum AdminEvent: Sendable, Hashable {
    /// A message was posted to `room`; `count` messages since the room last became active.
    case active(room: String, count: Int)
    /// `room` has been quiet for the idle period: its group in the admin stream has ended.
    case idle(room: String)
}
