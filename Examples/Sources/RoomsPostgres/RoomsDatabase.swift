// The PostgreSQL side of rooms shared by several processes: one table holds every message
// (the history), the database numbers them, and each post is announced with NOTIFY to every
// process, which LISTENs. Nothing here knows of signals; `PostgresRooms` makes them.
//
//   post ─▶ SELECT rooms_post(room, author, text)         one statement, one transaction:
//             pg_advisory_xact_lock(room)                 one poster per room until COMMIT
//             INSERT INTO rooms_messages … RETURNING id   the id, from the table's sequence
//             pg_notify('rooms', the message as JSON)     sent at COMMIT, to every listener
//   typing ─▶ SELECT pg_notify('rooms', {kind: typing, room, author})   (not stored)
//   every process: LISTEN rooms ─▶ the notifications, in the order their transactions committed
//
// Why the room lock. The sequence hands out ids in the order posters reach it, but PostgreSQL
// delivers notifications in the order transactions commit: two posts to one room from two
// processes could take ids 7 and 8 and commit 8 first, and every listener would see 8 before 7.
// Holding the room's lock from before `nextval` until the commit makes a room's posts commit in
// id order, so every process sees one order per room, the ids' (posts to different rooms do not
// wait for each other). A follower can then resume from "the last id I have" with a plain
// `id > last`, and drop anything not above the last it was sent.
//
// A notification carries at most 8,000 bytes: a message too long for that is announced by id
// and room alone, and each listener reads it from the table (in order: the listener reads the
// row before it handles the next notification).

import Foundation
import Logging
import PostgresNIO
import RoomsCore

/// The rooms' table, its numbering and its notifications, on one PostgreSQL database shared by
/// every process of a deployment.
///
/// ```swift
/// let database = try RoomsDatabase(url: "postgres://rooms@127.0.0.1:5432/rooms")
/// // database.client runs as a service (`PostgresRooms.services`); then:
/// try await database.prepare()
/// let message = try await database.post(to: "lobby", author: "ann", text: "hi")
/// // message.id: the next number of the table's sequence
/// ```
public final class RoomsDatabase: Sendable {
    /// The connection pool; it works while its `run()` runs (it is a `Service`).
    public let client: PostgresClient
    /// Where the database is, for logs: `host:port/database`.
    public let address: String
    let logger: Logger

    /// The notification channel every process listens on.
    static let channel = "rooms"

    /// A database at `url`: `postgres://user[:password]@host[:port]/database` (plain TCP, as to
    /// a database on the deployment's own network or on loopback).
    public init(url: String, logger: Logger = Logger(label: "rooms.postgres")) throws {
        guard let parts = URLComponents(string: url), parts.scheme == "postgres" || parts.scheme == "postgresql",
              let host = parts.host, !host.isEmpty
        else { throw RoomsDatabaseError.invalidURL(url) }
        let database = parts.path.hasPrefix("/") ? String(parts.path.dropFirst()) : parts.path
        let port = parts.port ?? 5432
        let configuration = PostgresClient.Configuration(
            host: host, port: port, username: parts.user ?? "postgres", password: parts.password,
            database: database.isEmpty ? nil : database, tls: .disable
        )
        client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        address = "\(host):\(port)/\(database)"
        self.logger = logger
    }

    /// Creates the table, its index and `rooms_post` if they are missing. Several processes may
    /// start at once: the first takes a lock and creates them, the others wait and find them.
    public func prepare() async throws {
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(4800)", logger: logger)
            for statement in Self.schema {
                try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
            }
        }
    }

    static let schema = [
        """
        CREATE TABLE IF NOT EXISTS rooms_messages (
            id bigserial PRIMARY KEY,
            room text NOT NULL,
            author text NOT NULL,
            text text NOT NULL,
            posted_at timestamptz NOT NULL DEFAULT now()
        )
        """,
        "CREATE INDEX IF NOT EXISTS rooms_messages_room_id ON rooms_messages (room, id)",
        """
        CREATE OR REPLACE FUNCTION rooms_post(p_room text, p_author text, p_text text) RETURNS bigint
        LANGUAGE plpgsql AS $$
        DECLARE
            new_id bigint;
            payload text;
        BEGIN
            -- One poster per room until COMMIT, so that a room's ids commit, and notify, in order.
            PERFORM pg_advisory_xact_lock(4801, hashtext(p_room));
            INSERT INTO rooms_messages (room, author, text) VALUES (p_room, p_author, p_text)
                RETURNING id INTO new_id;
            payload := json_build_object('kind', 'message', 'id', new_id, 'room', p_room,
                                         'author', p_author, 'text', p_text)::text;
            IF octet_length(payload) > 7900 THEN
                payload := json_build_object('kind', 'message', 'id', new_id, 'room', p_room)::text;
            END IF;
            PERFORM pg_notify('\(channel)', payload);
            RETURN new_id;
        END
        $$
        """,
    ]

    /// Stores a message in `room` and announces it to every process; returns it with the id the
    /// database gave it. Returns once the transaction has committed.
    public func post(to room: String, author: String, text: String) async throws -> Message {
        let rows = try await client.query("SELECT rooms_post(\(room), \(author), \(text))", logger: logger)
        for try await id in rows.decode(Int.self) {
            return Message(id: id, room: room, author: author, text: text)
        }
        throw RoomsDatabaseError.noRow("rooms_post")
    }

    /// Announces that `author` is typing in `room` to every process (not stored).
    public func typing(in room: String, author: String) async throws {
        let payload = String(decoding: try JSONEncoder().encode(Notice.Payload(kind: "typing", room: room, author: author)), as: UTF8.self)
        try await client.query("SELECT pg_notify(\(Self.channel), \(payload))", logger: logger)
    }

    /// The messages of `room` with ids above `lastID` (all of the room's when `nil`), the last
    /// `limit` of them, in id order.
    public func history(of room: String, after lastID: Int?, limit: Int) async throws -> [Message] {
        let rows = try await client.query(
            """
            SELECT id, author, text FROM (
                SELECT id, author, text FROM rooms_messages
                WHERE room = \(room) AND id > \(lastID ?? 0) ORDER BY id DESC LIMIT \(limit)
            ) AS last ORDER BY id
            """,
            logger: logger
        )
        var messages: [Message] = []
        for try await (id, author, text) in rows.decode((Int, String, String).self) {
            messages.append(Message(id: id, room: room, author: author, text: text))
        }
        return messages
    }

    /// The message numbered `id`, read from the table.
    public func message(id: Int) async throws -> Message {
        let rows = try await client.query("SELECT id, room, author, text FROM rooms_messages WHERE id = \(id)", logger: logger)
        for try await (id, room, author, text) in rows.decode((Int, String, String, String).self) {
            return Message(id: id, room: room, author: author, text: text)
        }
        throw RoomsDatabaseError.noRow("message \(id)")
    }

    /// Listens for the rooms' notifications on a connection of its own: calls `listening` once
    /// `LISTEN` is in force, then `receive` with each notification, in the order they arrive
    /// (one at a time: `receive` for the next is not called before the last has returned).
    ///
    /// Runs until its task is cancelled; throws if the connection fails. It does not reconnect:
    /// notifications sent while no connection listens are lost, so a process whose listener
    /// failed stops (its followers reconnect to another process, which resumes them from their
    /// last id, from the table).
    public func listen(listening: @Sendable () -> Void, receive: @Sendable (Notice) -> Void) async throws {
        try await client.withConnection { connection in
            try await connection.listen(on: Self.channel) { notifications in
                listening()
                for try await notification in notifications {
                    guard let notice = try await notice(notification.payload) else {
                        logger.warning("rooms: an unreadable notification", metadata: ["payload": "\(notification.payload)"])
                        continue
                    }
                    receive(notice)
                }
            }
        }
        try Task.checkCancellation()
        throw RoomsDatabaseError.listeningEnded
    }

    /// The notice a payload carries; a message announced by id alone is read from the table.
    func notice(_ payload: String) async throws -> Notice? {
        guard let fields = try? JSONDecoder().decode(Notice.Payload.self, from: Data(payload.utf8)) else { return nil }
        switch (fields.kind, fields.id, fields.author, fields.text) {
        case ("message", let id?, let author?, let text?):
            return .message(Message(id: id, room: fields.room, author: author, text: text))
        case ("message", let id?, _, _):
            return .message(try await message(id: id))
        case ("typing", _, let author?, _):
            return .typing(room: fields.room, author: author)
        default:
            return nil
        }
    }
}

/// What one notification on the rooms' channel says.
public enum Notice: Sendable, Equatable {
    /// A message was posted (and stored) by some process.
    case message(Message)
    /// Someone is typing in a room (not stored).
    case typing(room: String, author: String)

    /// The JSON of a notification.
    struct Payload: Codable {
        var kind: String
        var id: Int?
        var room: String
        var author: String?
        var text: String?
    }
}

/// Why the rooms' database could not do what was asked.
public enum RoomsDatabaseError: Error, CustomStringConvertible {
    /// The URL is not `postgres://user[:password]@host[:port]/database`.
    case invalidURL(String)
    /// A query that always returns a row returned none.
    case noRow(String)
    /// The listening connection ended without an error.
    case listeningEnded

    public var description: String {
        switch self {
        case .invalidURL(let url): "not a PostgreSQL URL (postgres://user[:password]@host[:port]/database): \(url)"
        case .noRow(let what): "no row returned for \(what)"
        case .listeningEnded: "the connection listening for the rooms' notifications ended"
        }
    }
}
