// How the rooms' events look on the wire: one JSON object per event, the same over
// Server-Sent Events (`event: <type>` + `data: <json>`) and WebSocket (a text frame).

import Foundation
import RoomsCore

/// The JSON form of a `RoomEvent` or `AdminEvent`.
public struct WireEvent: Codable, Sendable, Equatable {
    public var type: String
    public var message: Message?
    public var typing: String?
    public var rate: Int?
    public var room: String?
    public var count: Int?

    public init(_ event: RoomEvent) {
        type = event.name
        switch event {
        case .message(let message): self.message = message
        case .typing(let text): typing = text
        case .rate(let count): rate = count
        case .heartbeat: break
        }
    }

    public init(_ event: AdminEvent) {
        switch event {
        case .active(let room, let count):
            type = "active"
            self.room = room
            self.count = count
        case .idle(let room):
            type = "idle"
            self.room = room
        }
    }

    /// The event as one line of JSON.
    public var json: String {
        // Encoding these plain fields cannot fail.
        String(decoding: try! JSONEncoder().encode(self), as: UTF8.self)
    }

    /// The event as one Server-Sent Event; a heartbeat is a comment line, which
    /// `EventSource` ignores. A message carries its id (`id:`), which a reconnecting
    /// `EventSource` sends back as `Last-Event-ID`.
    public var serverSentEvent: String {
        if type == "heartbeat" { return ": heartbeat\n\n" }
        if let id = message?.id { return "event: \(type)\nid: \(id)\ndata: \(json)\n\n" }
        return "event: \(type)\ndata: \(json)\n\n"
    }
}

/// The body of `POST /rooms/:room/messages` (and of a WebSocket text frame from a client).
public struct PostBody: Codable, Sendable {
    public var author: String
    public var text: String
    public init(author: String, text: String) {
        self.author = author
        self.text = text
    }
}

/// The body of `POST /rooms/:room/typing`.
public struct TypingBody: Codable, Sendable {
    public var author: String
    public init(author: String) { self.author = author }
}
