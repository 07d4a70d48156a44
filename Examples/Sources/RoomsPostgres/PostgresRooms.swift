// Rooms across processes: each process keeps its own `Rooms` (the signals its followers read:
// typing, rate, heartbeats, admin), and the database is the one source of messages.
//
//   POST ─▶ database.post ─▶ INSERT + NOTIFY (one id per message, one order per room)
//                                   │ every process LISTENs
//                                   ▼
//   listener ─▶ rooms.deliver(message) ─▶ the room's subjects ─▶ this process's followers
//
//   a follower's messages = resume(after: its last id,
//                                  history: the table's messages after it (waits for LISTEN),
//                                  live: the room's messages in this process)
//
// A post reaches the followers of its own process the same way as everyone else's, through
// the notification, so every process delivers one room's messages in the same order. Typing
// pings cross processes the same way, without being stored.

import Logging
import RoomsCore
import ServiceLifecycle
import Signals

/// Rooms shared by several processes through one PostgreSQL database: a post made in any
/// process reaches the followers of every process, in id order per room, and a follower that
/// comes back with the last id it has (from another process, say) gets every message after
/// it from the table, then live ones, each once.
///
/// Composed of: a `Rooms` fed by the database's notifications (`Rooms.deliver(_:)`), and for
/// each follower `Rooms.events(in:messages:)` with the table's history spliced in front of the
/// live messages (`resume(after:history:live:)`).
///
/// ```swift
/// let database = try RoomsDatabase(url: "postgres://rooms@127.0.0.1:5432/rooms")
/// let rooms = PostgresRooms(database: database, rooms: Rooms(scheduler: TaskScheduler()))
/// // Run rooms.services (the pool, then the listener) in the ServiceGroup, then:
/// rooms.events(in: "lobby", after: nil).subscribe(next: { print($0) })
/// _ = try await rooms.post(to: "lobby", author: "ann", text: "hi")
/// // Prints (from whichever process posted): message(Message(id: 1, room: "lobby", …))
/// ```
public final class PostgresRooms: Sendable {
    /// This process's rooms: what its followers read.
    public let rooms: Rooms
    /// The table and the notifications every process shares.
    public let database: RoomsDatabase
    /// The most messages a returning follower is sent from the table (the last ones, if it
    /// missed more).
    public let resumeLimit: Int
    /// Sends once `LISTEN` is in force: from then on, no message committed is missed by this
    /// process, so a history read afterwards leaves no gap before the live messages.
    private let listening = ReplaySubject<Void, Never>(capacity: 1)
    private let logger: Logger

    /// Rooms over `database`, delivered into `rooms` (whose own `post` is not used: the
    /// database numbers every message).
    ///
    /// - Parameter resumeLimit: the most messages sent from the table to a follower that
    ///   returns with its last id (10,000); a new follower is sent `rooms.historySize`.
    public init(database: RoomsDatabase, rooms: Rooms, resumeLimit: Int = 10_000, logger: Logger = Logger(label: "rooms.postgres")) {
        precondition(resumeLimit > 0, "PostgresRooms: resumeLimit must be 1 or more, got \(resumeLimit)")
        self.database = database
        self.rooms = rooms
        self.resumeLimit = resumeLimit
        self.logger = logger
    }

    /// What a `ServiceGroup` runs, in this order, before the HTTP server: the connection pool,
    /// then the listener (which prepares the table, then listens until shutdown). Services stop
    /// in reverse order, so the database stops last.
    public var services: [any Service] { [database.client, Listener(rooms: self)] }

    /// Stores a message and announces it to every process; returns it with its id once it is
    /// committed. Followers (in this process too) receive it through the notification.
    public func post(to room: String, author: String, text: String) async throws -> Message {
        try await database.post(to: room, author: author, text: text)
    }

    /// Tells every process that `author` is typing in `room`.
    public func typing(in room: String, author: String) async throws {
        try await database.typing(in: room, author: author)
    }

    /// Everything a follower of `room` receives: its messages after `lastID` from the table
    /// (the last `rooms.historySize` when `nil`), then live ones, each once and in id order;
    /// typing, rate and heartbeats as `Rooms.events(in:)`.
    ///
    /// Completes at shutdown, and when the table cannot be read (the client reconnects, to this
    /// process or another, with its last id and loses nothing).
    ///
    /// Composed of: `Rooms.events(in:messages:)` whose messages are
    /// `resume(after:history:live:)`, the history being a `Signal.task` reading the table once
    /// the listener listens; `take(until:)` a failure of that read.
    public func events(in room: String, after lastID: Int?) -> Signal<RoomEvent, Never> {
        let database = database
        let limit = lastID == nil ? rooms.historySize : resumeLimit
        let history = listening.signal.take(1).setFailureType(to: (any Error).self).flattenMap { _ in
            Signal<[Message], any Error>.task { try await database.history(of: room, after: lastID, limit: limit) }
        }
        return events(in: room, after: lastID, history: history)
    }

    /// `events(in:after:)` with the history read by `history` (a test's stand-in for the table).
    func events(in room: String, after lastID: Int?, history: Signal<[Message], any Error>) -> Signal<RoomEvent, Never> {
        let logger = logger
        let failed = Subject<Void, Never>()
        return rooms.events(in: room) { live in
            Self.resume(after: lastID, history: history, live: live).catch { error in
                logger.warning("rooms: reading the history of \(room) failed; ending the follower's feed: \(error)")
                failed.send(value: ())
                return .empty
            }
        }
        .take(until: failed.signal)
    }

    /// The live subscriptions of this process's followers.
    public var liveSubscriptions: Int { rooms.liveSubscriptions }

    /// Ends every feed of this process (shutdown).
    public func endAllFeeds() { rooms.endAllFeeds() }

    /// A follower's messages, without a gap or a repeat: `history` (what the table holds
    /// after `lastID`, read once), then the `live` ones above the last sent.
    ///
    /// `live` is subscribed first, and what it sends before `history` answers is held; then
    /// the history's messages, then the held and later live ones, keeping only ids above the
    /// last sent (and above `lastID`). Live messages must come in id order (the database's
    /// order per room), and `history` must be read after `live` is subscribed and after the
    /// process listens: then a message committed before the read is in it, and one committed
    /// after reaches `live`.
    ///
    /// Completes when `live` completes after the history; fails with the history's error.
    ///
    /// Composed of: `merge` of `live` (first) and `history`, `scan`ned into what to send now,
    /// `concatMap`ped to `Signal.from`.
    ///
    /// ```swift
    /// // live: 3, 4 (before the history answers), 5; history: [2, 3]; lastID: 1
    /// // Sends: 2, 3, 4, 5
    /// ```
    public static func resume<F: Error>(
        after lastID: Int?, history: Signal<[Message], F>, live: Signal<Message, Never>
    ) -> Signal<Message, F> {
        Signal<Part, F>.merge(live.map(Part.live).setFailureType(to: F.self), history.map(Part.history))
            .scan(Splice(lastSent: lastID ?? 0)) { splice, part in splice.adding(part) }
            .concatMap { Signal<Message, F>.from($0.ready) }
    }

    enum Part: Sendable {
        case live(Message)
        case history([Message])
    }

    /// What `resume` holds between two parts: the live messages held until the history has
    /// answered, the last id sent, and the messages to send now.
    struct Splice: Sendable {
        var lastSent: Int
        var held: [Message] = []
        var hasHistory = false
        var ready: [Message] = []

        func adding(_ part: Part) -> Splice {
            var next = self
            next.ready = []
            switch part {
            case .live(let message) where !hasHistory:
                next.held.append(message)
            case .live(let message):
                next.send(message)
            case .history(let messages):
                next.hasHistory = true
                for message in messages + held { next.send(message) }
                next.held = []
            }
            return next
        }

        private mutating func send(_ message: Message) {
            guard message.id > lastSent else { return }
            lastSent = message.id
            ready.append(message)
        }
    }

    /// Delivers every notification into `rooms`, from `LISTEN` until shutdown.
    fileprivate func listen() async throws {
        try await database.prepare()
        try await database.listen(listening: { [listening] in listening.send(value: ()) }) { [rooms] notice in
            switch notice {
            case .message(let message): rooms.deliver(message)
            case .typing(let room, let author): rooms.typing(in: room, author: author)
            }
        }
    }
}

/// The listener as a service: prepares the table, listens until the group shuts down; if the
/// connection fails it throws, and the group stops the process (a restarted process listens
/// again, and its followers resume from the table).
private struct Listener: Service {
    let rooms: PostgresRooms
    func run() async throws {
        do {
            try await cancelWhenGracefulShutdown { try await rooms.listen() }
        } catch is CancellationError {
            // Shutdown.
        }
    }
}
