// The rooms: every Signals pipeline of the server, and nothing of HTTP.
//
//   post ─▶ room.history (ReplaySubject, capacity 50) ─▶ followers: last 50, then live
//        └▶ posts (Subject)  ─▶ per-room rate: window(timeSpan:) + count(), shared
//                            └▶ admin: groupBy(room) with an idle duration, merged
//   typing ping ─▶ room.pings (Subject) ─▶ "ann is typing" at once, nil after the quiet period,
//                                          shared
//
// Typing and rate are built once per room and kept running for the room's life (`multicast`
// into a `ReplaySubject(capacity: 1)`, connected when the room is made, ended with the
// server's lifetime): every follower of the room reads the same subscription (one debounce,
// one window clock, each post counted once), and a follower that comes and goes starts and
// stops nothing. The heartbeat is one `interval` for the whole server, `publish()`ed and
// connected the same way.
//
// So every stream a follower reads is a subject's signal, and so is their merge, counted with
// `on`: `values` subscribes it on the connection's own task, with no hand-off to another
// thread.
//
// Shutdown ends the server's lifetime (the heartbeat and every room's typing and rate
// complete) and completes every room's subjects: each follower's feed is a merge of these,
// so it completes, and every open response finishes. Not a `take(during:)` per follower: that
// is two more steps for every event of every follower, and the subjects end anyway.
//
// Every stream a client follows goes through `follow(_:)`, which counts it in
// `liveSubscriptions` from subscription to disposal: that is how the tests see that a client
// that goes away releases everything it held.

import Signals
import Synchronization

/// The server's rooms and every stream over them.
///
/// Created with the scheduler its timed operators run on: a `TaskScheduler` in the server
/// (a `QueueScheduler` works as well), `SignalsTesting.TestScheduler` in tests, where the
/// debounce of typing, the rate windows and the admin stream's idle rooms run on virtual time.
///
/// ```swift
/// let rooms = Rooms(scheduler: TaskScheduler())
/// rooms.events(in: "lobby").subscribe(next: { print($0) })
/// rooms.post(to: "lobby", author: "ann", text: "hi")
/// // Prints: message(Message(id: 1, room: "lobby", author: "ann", text: "hi"))
/// ```
public final class Rooms: Sendable {
    /// How many messages a newcomer receives before the live ones.
    public let historySize: Int
    /// How long after the last typing ping "… is typing" is cleared.
    public let typingQuiet: Duration
    /// The period of the per-room message rate.
    public let rateWindow: Duration
    /// How long a room stays quiet before its group in the admin stream ends.
    public let idleAfter: Duration
    /// The period of `RoomEvent.heartbeat` in `events(in:)`; `nil` for none.
    public let heartbeat: Duration?

    private let scheduler: any Scheduler
    private let table = Mutex<Table>(Table())
    private let live = LiveCount()
    private let posts = Subject<Message, Never>()
    /// The server's one lifetime: the heartbeat and every room's typing and rate run during it.
    private let lifetime: Lifetime
    /// Ends `lifetime` (`endAllFeeds()`); kept here, since releasing it would end it too.
    private let shutdown: Lifetime.Token
    /// `RoomEvent.heartbeat` every `heartbeat` period: one clock for the whole server,
    /// published (connected from the start until shutdown) to every follower of every room.
    private let heartbeats: Signal<RoomEvent, Never>?

    private struct Table: ~Copyable {
        var rooms: [String: Room] = [:]
        var lastID = 0
        /// `endAllFeeds()` has run: a room made from now on is made ended.
        var isShutDown = false
    }

    /// One room's subjects and its shared pipelines, created with the room's first post,
    /// ping or follower.
    private final class Room: Sendable {
        /// The last `historySize` messages, then the live ones: fed directly by `post`, so
        /// the history survives when the last follower leaves (a `share(replay:)` would
        /// drop it with its last subscriber).
        let history: ReplaySubject<Message, Never>
        /// The authors of typing pings.
        let pings: Subject<String, Never>
        /// This room's posts, live only (the rate counts these).
        let posts: Subject<Message, Never>
        /// "… is typing", computed once for the room and shared by its followers
        /// (`hot(_:)`: one debounce per room, not one per follower, and a newcomer
        /// receives who is typing now). Runs from the room's creation until shutdown.
        let typing: Signal<String?, Never>
        /// The message rate, computed once for the room and shared (`hot(_:)`): one
        /// window clock per room, a post counted once, not once per follower; a newcomer
        /// receives the last window's rate at once.
        let rate: Signal<Int, Never>

        init(history: ReplaySubject<Message, Never>, pings: Subject<String, Never>, posts: Subject<Message, Never>,
             typing: Signal<String?, Never>, rate: Signal<Int, Never>) {
            self.history = history
            self.pings = pings
            self.posts = posts
            self.typing = typing
            self.rate = rate
        }

        /// Completes the room's subjects (shutdown): its followers' feeds complete.
        func end() {
            history.sendCompleted()
            pings.sendCompleted()
            posts.sendCompleted()
        }
    }

    /// Creates the rooms.
    ///
    /// - Parameters:
    ///   - scheduler: where the timed operators run (debounce, rate windows, idle rooms).
    ///   - historySize: the messages a newcomer receives first (50).
    ///   - typingQuiet: the quiet time after which "… is typing" clears (3 s).
    ///   - rateWindow: the period of the message rate (5 s).
    ///   - idleAfter: the quiet time after which a room's admin group ends (60 s).
    ///   - heartbeat: the period of `RoomEvent.heartbeat` in `events(in:)` (15 s), or `nil`.
    public init(
        scheduler: some Scheduler,
        historySize: Int = 50,
        typingQuiet: Duration = .seconds(3),
        rateWindow: Duration = .seconds(5),
        idleAfter: Duration = .seconds(60),
        heartbeat: Duration? = .seconds(15)
    ) {
        precondition(historySize > 0, "Rooms: historySize must be 1 or more, got \(historySize)")
        self.scheduler = scheduler
        self.historySize = historySize
        self.typingQuiet = typingQuiet
        self.rateWindow = rateWindow
        self.idleAfter = idleAfter
        self.heartbeat = heartbeat
        let (lifetime, shutdown) = Lifetime.make()
        (self.lifetime, self.shutdown) = (lifetime, shutdown)
        heartbeats = heartbeat.map { period in
            let beats = Signal<Int, Never>.interval(period, on: scheduler).map { _ in RoomEvent.heartbeat }
                .take(during: lifetime).publish()
            beats.connect()
            return beats.signal
        }
    }

    private func room(_ name: String) -> Room {
        table.withLock { table in
            if let room = table.rooms[name] { return room }
            let room = makeRoom(ended: table.isShutDown)
            table.rooms[name] = room
            return room
        }
    }

    /// A new room: its subjects, and its typing and rate pipelines built once, running, and
    /// shared; `ended` after shutdown (its followers complete at once).
    private func makeRoom(ended: Bool) -> Room {
        let pings = Subject<String, Never>(), posts = Subject<Message, Never>()
        let room = Room(
            history: ReplaySubject(capacity: historySize),
            pings: pings,
            posts: posts,
            typing: hot(typingPipeline(pings.signal)),
            rate: hot(ratePipeline(posts.signal))
        )
        if ended { room.end() }
        return room
    }

    /// `pipeline`, subscribed now and until shutdown, its latest value replayed to each new
    /// follower.
    ///
    /// Why not `share(replay: 1)`: that subscribes with the first follower and unsubscribes
    /// with the last, so a room whose only follower keeps reconnecting would start and stop
    /// its debounce and its window clock on every connection (as the rooms' twin on
    /// `AsyncStream` does not: its tasks run for the room's life), and a `share` is not a
    /// subject, so `values` would subscribe each follower on a worker thread.
    private func hot<V>(_ pipeline: Signal<V, Never>) -> Signal<V, Never> {
        let shared = pipeline.take(during: lifetime).multicast(ReplaySubject(capacity: 1))
        shared.connect()
        return shared.signal
    }

    // MARK: Inputs

    /// Posts a message to `room` and returns it with its server-wide id.
    ///
    /// Followers of the room receive it in id order.
    @discardableResult
    public func post(to roomName: String, author: String, text: String) -> Message {
        // The id is taken and the message sent under one lock (`sendLock`), so ids reach
        // followers in order: posts come from many request handlers at once, and a post that
        // took its id under the table's lock alone could be overtaken before it was sent.
        // The table's lock is held only for the lookup (subscribers' code runs in the sends).
        sendLock.withLock { _ in
            let (message, room) = table.withLock { table in
                table.lastID += 1
                let message = Message(id: table.lastID, room: roomName, author: author, text: text)
                if let room = table.rooms[roomName] { return (message, room) }
                let room = makeRoom(ended: table.isShutDown)
                table.rooms[roomName] = room
                return (message, room)
            }
            room.history.send(value: message)
            room.posts.send(value: message)
            posts.send(value: message)
            return message
        }
    }

    private let sendLock = Mutex<Void>(())

    /// Sends `message`, numbered elsewhere, to the followers of its room, as `post` sends its
    /// own: into the room's history, its rate and the admin stream.
    ///
    /// For rooms shared by several processes (`RoomsPostgres`): a database numbers every
    /// message, and each process delivers them here in the database's order. Don't mix it
    /// with `post` on one `Rooms`: their ids would interleave.
    public func deliver(_ message: Message) {
        sendLock.withLock { _ in
            let room = room(message.room)
            room.history.send(value: message)
            room.posts.send(value: message)
            posts.send(value: message)
        }
    }

    /// Records that `author` is typing in `room`.
    public func typing(in roomName: String, author: String) {
        room(roomName).pings.send(value: author)
    }

    /// Ends every stream a client follows (their subscriptions complete and are released).
    /// Called once, when the server shuts down; streams followed afterwards complete at once.
    ///
    /// Ends the lifetime (the heartbeat, and every room's typing and rate, complete), then
    /// completes every room's subjects and the admin stream's posts, in the posts' one order.
    public func endAllFeeds() {
        let rooms = table.withLock { table -> [Room] in
            table.isShutDown = true
            return Array(table.rooms.values)
        }
        shutdown.end()
        sendLock.withLock { _ in
            for room in rooms { room.end() }
            posts.sendCompleted()
        }
    }

    // MARK: Outputs

    /// The live subscriptions of clients: one per stream followed through this type, from
    /// subscription until it is disposed (the client went away, or the server shut down).
    public var liveSubscriptions: Int { live.value }

    /// The messages of `room`: the last `historySize`, then live ones, until shutdown.
    public func messages(in roomName: String) -> Signal<Message, Never> {
        follow(room(roomName).history.signal)
    }

    /// `"ann is typing"` as soon as a ping arrives (once per author change), `nil` once
    /// nobody has pinged for `typingQuiet`, until shutdown.
    ///
    /// Composed of: the pings `map`ped to the sentence, `merge`d with the pings `debounce`d
    /// by `typingQuiet` mapped to `nil`, then `distinctUntilChanged`.
    public func typing(in roomName: String) -> Signal<String?, Never> {
        follow(room(roomName).typing)
    }

    func typingPipeline(_ pings: Signal<String, Never>) -> Signal<String?, Never> {
        let saying = pings.map { author -> String? in "\(author) is typing" }
        let quiet = pings.debounce(typingQuiet, on: scheduler).map { _ -> String? in nil }
        return saying.merge(quiet).distinctUntilChanged()
    }

    /// The number of messages posted to `room` in each `rateWindow`, sent at the end of every
    /// window (zero for a quiet window), until shutdown.
    ///
    /// Composed of: the room's live posts, `window(timeSpan:count:on:)` by time alone, each
    /// window's `count()`, `flattenMap`ped.
    public func rate(in roomName: String) -> Signal<Int, Never> {
        follow(room(roomName).rate)
    }

    func ratePipeline(_ posts: Signal<Message, Never>) -> Signal<Int, Never> {
        posts.window(timeSpan: rateWindow, count: .max, on: scheduler).flattenMap { $0.count() }
    }

    /// Everything a follower of `room` receives, in one stream: its messages (history first),
    /// typing, rate and heartbeats, until shutdown. One live subscription.
    public func events(in roomName: String) -> Signal<RoomEvent, Never> {
        events(in: roomName, messages: { $0 })
    }

    /// Everything a follower of `room` receives, as `events(in:)`, with the room's messages
    /// (its history, then live ones) passed through `messages` first: to drop what a
    /// reconnecting follower already has, or to put a database's history in front
    /// (`RoomsPostgres`). One live subscription.
    public func events(
        in roomName: String, messages: (Signal<Message, Never>) -> Signal<Message, Never>
    ) -> Signal<RoomEvent, Never> {
        let room = room(roomName)
        var parts = [
            messages(room.history.signal).map(RoomEvent.message),
            room.typing.map(RoomEvent.typing),
            room.rate.map(RoomEvent.rate),
        ]
        if let heartbeats { parts.append(heartbeats) }
        return follow(Signal.merge(parts))
    }

    /// One stream over every room: `.active` for each post, with the room's count since it
    /// became active, and `.idle` when a room has been quiet for `idleAfter` — its group ends,
    /// and its next post starts a new one (counting from 1 again). Until shutdown, where each
    /// active room's group ends (`.idle`) and the stream completes.
    ///
    /// Composed of: the posts `groupBy(_:duration:)` room, each group ending after `idleAfter`
    /// of quiet (the group's own `debounce` is its duration; an ended group leaves the
    /// operator's table), each group `scan`ned to a count and followed by `.idle`,
    /// `flattenMap`ped.
    public var admin: Signal<AdminEvent, Never> {
        follow(adminPipeline(posts.signal))
    }

    func adminPipeline(_ posts: Signal<Message, Never>) -> Signal<AdminEvent, Never> {
        let idleAfter = idleAfter, scheduler = scheduler
        return posts
            .groupBy(\.room) { group in group.signal.debounce(idleAfter, on: scheduler) }
            .flattenMap { group in
                let room = group.key
                return group.signal
                    .scan(0) { count, _ in count + 1 }
                    .map { AdminEvent.active(room: room, count: $0) }
                    .concat(.just(AdminEvent.idle(room: room)))
            }
    }

    // MARK: The one path of every client stream

    /// Counts `signal` as a live subscription, from subscription to disposal. (It ends at
    /// shutdown by itself: every stream a client follows is made of the rooms' subjects.)
    private func follow<V>(_ signal: Signal<V, Never>) -> Signal<V, Never> {
        signal.on(
            subscribed: { [live] in live.add(1) },
            disposed: { [live] in live.add(-1) }
        )
    }
}
