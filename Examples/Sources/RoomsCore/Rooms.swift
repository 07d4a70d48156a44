// The rooms: every Signals pipeline of the server, and nothing of HTTP.
//
//   post ─▶ room.history (ReplaySubject, capacity 50) ─▶ followers: last 50, then live
//        └▶ posts (Subject)  ─▶ per-room rate: window(timeSpan:) + count(), shared
//                            └▶ admin: groupBy(room) with an idle duration, merged
//   typing ping ─▶ room.pings (Subject) ─▶ "ann is typing" at once, nil after the quiet period,
//                                          shared
//
// Typing and rate are built once per room and kept running while the room is in use: each
// pipeline feeds a `ReplaySubject(capacity: 1)` of the room, so every follower of the room
// reads the same subscription (one debounce, one window clock, each post counted once), and a
// follower that comes and goes starts and stops nothing. The heartbeat is one `interval` for
// the whole server, `publish()`ed and connected until shutdown.
//
// Pruning: a room with no follower and no post or ping for `pruneAfter` stops its pipelines
// (their subscriptions are disposed, so the window clock and any debounce end); its subjects,
// its history among them, stay, and its next post, ping or follower starts the pipelines
// again. Idleness costs no timer and no send of its own: each post, ping and follower stamps
// the room's last activity (the scheduler's time, under the table's lock, where the room is
// looked up anyway), and the room's rate window, a clock the room runs anyway while it is in
// use, checks the stamp at the end of each window:
//
//   post / ping / follower comes or leaves ─▶ the room's lastActive = now (under the table's lock)
//   each rate window's end ─▶ no follower, and lastActive at least `pruneAfter` ago ─▶ prune
//
// So a room is pruned at the end of the first window after `pruneAfter` of idleness (at most
// `rateWindow` late), the way the AsyncStream twin's rate task prunes its rooms.
//
// So every stream a follower reads is a subject's signal, and so is their merge, counted with
// `counting(into:)`: `values` subscribes it on the connection's own task, with no hand-off to
// another thread. That merge (the room's feed) is built once, when the room is made: a signal
// is a description, so each follower subscribes the same value and following builds nothing.
//
// Shutdown ends the server's lifetime (the heartbeat completes) and completes every room's
// subjects (its typing and rate pipelines end with them): each follower's feed is a merge of these,
// so it completes, and every open response finishes. Not a `take(during:)` per follower: that
// is two more steps for every event of every follower, and the subjects end anyway.
//
// Every stream a client follows goes through `follow(_:)`, which counts it in one
// `SubscriptionCount` (`counting(into:)`) from subscription to disposal, read as
// `liveSubscriptions`: that is how the tests, `/stats` and `/metrics` see that a client that
// goes away releases everything it held.

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
    /// How long a room stays without a follower, a post or a ping before its typing and rate
    /// pipelines stop (its history stays), checked at the end of each of its rate windows.
    public let pruneAfter: Duration
    /// The period of `RoomEvent.heartbeat` in `events(in:)`; `nil` for none.
    public let heartbeat: Duration?

    private let scheduler: any Scheduler
    private let table = Mutex<Table>(Table())
    /// Every stream followed through `follow(_:)`: `liveSubscriptions` reads it.
    private let subscriptions = SubscriptionCount()
    private let posts = Subject<Message, Never>()
    /// The scheduler's time since the rooms were made: what a room's last activity is stamped
    /// with, and what pruning compares it to.
    private let elapsed: @Sendable () -> Duration
    /// The server's one lifetime: the heartbeat runs during it.
    private let lifetime: Lifetime
    /// Ends `lifetime` (`endAllFeeds()`); kept here, since releasing it would end it too.
    private let shutdown: Lifetime.Token
    /// `RoomEvent.heartbeat` every `heartbeat` period: one clock for the whole server,
    /// published (connected from the start until shutdown) to every follower of every room.
    private let heartbeats: Signal<RoomEvent, Never>?

    private struct Table: ~Copyable {
        var rooms: [String: Room] = [:]
        /// The running typing and rate pipelines of each room in use, and their followers.
        var inUse: [String: InUse] = [:]
        var lastID = 0
        /// `endAllFeeds()` has run: a room made from now on is made ended.
        var isShutDown = false
    }

    /// One room's subjects and its followers' feed, created with the room's first post, ping
    /// or follower and kept for the server's life (subjects hold no clock; the pipelines that
    /// do are pruned).
    private final class Room: Sendable {
        /// The last `historySize` messages, then the live ones: fed directly by `post`, so
        /// the history survives when the last follower leaves (a `share(replay:)` would
        /// drop it with its last subscriber) and when the room is pruned.
        let history: ReplaySubject<Message, Never>
        /// The authors of typing pings.
        let pings: Subject<String, Never>
        /// This room's posts, live only (the rate counts these).
        let posts: Subject<Message, Never>
        /// "… is typing", computed once for the room by its typing pipeline while the room is
        /// in use, and shared by its followers (one debounce per room, not one per follower;
        /// a newcomer receives who is typing now).
        let typing = ReplaySubject<String?, Never>(capacity: 1)
        /// The message rate, computed once for the room by its rate pipeline while the room
        /// is in use (one window clock per room, a post counted once, not once per follower;
        /// a newcomer receives the last window's rate at once).
        let rate = ReplaySubject<Int, Never>(capacity: 1)
        /// What `events(in:)` returns for this room: built once, when the room is made, and
        /// handed to each follower (a signal is a description; each follower's subscription
        /// is its own), so following a room builds nothing.
        let feed: Signal<RoomEvent, Never>

        /// Makes the room's subjects, then its feed from them (`feed` is called once).
        init(
            historySize: Int,
            feed: (_ history: ReplaySubject<Message, Never>, _ typing: ReplaySubject<String?, Never>, _ rate: ReplaySubject<Int, Never>)
                -> Signal<RoomEvent, Never>
        ) {
            history = ReplaySubject(capacity: historySize)
            pings = Subject()
            posts = Subject()
            self.feed = feed(history, typing, rate)
        }

        /// Completes the room's subjects (shutdown): its pipelines end and its followers'
        /// feeds complete.
        func end() {
            history.sendCompleted()
            pings.sendCompleted()
            posts.sendCompleted()
            typing.sendCompleted()
            rate.sendCompleted()
        }
    }

    /// A room in use: its running pipelines, its followers, and its last activity.
    private struct InUse {
        /// The subscriptions of the typing and rate pipelines (disposed when pruned).
        let pipelines: any Disposable
        var followers = 0
        /// When the room last had a post, a ping, or a follower come or leave (`elapsed()`).
        var lastActive: Duration
    }

    /// Creates the rooms.
    ///
    /// - Parameters:
    ///   - scheduler: where the timed operators run (debounce, rate windows, idle rooms).
    ///   - historySize: the messages a newcomer receives first (50).
    ///   - typingQuiet: the quiet time after which "… is typing" clears (3 s).
    ///   - rateWindow: the period of the message rate (5 s).
    ///   - idleAfter: the quiet time after which a room's admin group ends (60 s).
    ///   - pruneAfter: the time without a follower, a post or a ping after which a room's
    ///     typing and rate pipelines stop (60 s), at the end of the room's next rate window (so
    ///     up to `rateWindow` later); at least `typingQuiet`, so that "… is typing" is cleared
    ///     first.
    ///   - heartbeat: the period of `RoomEvent.heartbeat` in `events(in:)` (15 s), or `nil`.
    public init(
        scheduler: some Scheduler,
        historySize: Int = 50,
        typingQuiet: Duration = .seconds(3),
        rateWindow: Duration = .seconds(5),
        idleAfter: Duration = .seconds(60),
        pruneAfter: Duration = .seconds(60),
        heartbeat: Duration? = .seconds(15)
    ) {
        precondition(historySize > 0, "Rooms: historySize must be 1 or more, got \(historySize)")
        precondition(
            pruneAfter >= typingQuiet,
            "Rooms: pruneAfter (\(pruneAfter)) must be at least typingQuiet (\(typingQuiet)), or a pruned room could keep showing who was typing"
        )
        self.scheduler = scheduler
        self.historySize = historySize
        self.typingQuiet = typingQuiet
        self.rateWindow = rateWindow
        self.idleAfter = idleAfter
        self.pruneAfter = pruneAfter
        self.heartbeat = heartbeat
        let origin = scheduler.now
        elapsed = { origin.duration(to: scheduler.now) }
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
        table.withLock { table in room(name, in: &table) }
    }

    private func room(_ name: String, in table: inout Table) -> Room {
        if let room = table.rooms[name] { return room }
        let room = Room(historySize: historySize) { history, typing, rate in
            feed(of: name, messages: history.signal, typing: typing.signal, rate: rate.signal)
        }
        if table.isShutDown { room.end() }
        table.rooms[name] = room
        return room
    }

    /// Marks `name` in use now (starting its pipelines if it was pruned or is new), stamps
    /// its last activity, adds `delta` to its followers, and returns the room. Under the
    /// table's lock.
    @discardableResult
    private func use(_ name: String, followers delta: Int = 0, in table: inout Table) -> Room {
        let room = room(name, in: &table)
        if table.isShutDown { return room }
        let now = elapsed()
        if table.inUse[name] == nil {
            // The pipelines subscribe here, synchronously, and send nothing yet (a subject's
            // signal, a debounce, a window), so nothing runs under the lock. The end of each
            // rate window is also when the room checks whether it is idle.
            let pipelines = CompoundDisposable([
                typingPipeline(room.pings.signal).subscribe(next: { [typing = room.typing] in typing.send(value: $0) }),
                ratePipeline(room.posts.signal).subscribe(next: { [weak self, rate = room.rate] count in
                    rate.send(value: count)
                    self?.pruneIfIdle(name)
                }),
            ])
            table.inUse[name] = InUse(pipelines: pipelines, lastActive: now)
        }
        table.inUse[name]!.lastActive = now
        table.inUse[name]!.followers += delta
        return room
    }

    /// Stops the pipelines of `name` if nobody follows it and nothing happened in it for
    /// `pruneAfter`: its window clock and debounce end; its subjects and history stay. Called
    /// at the end of each of the room's rate windows.
    private func pruneIfIdle(_ name: String) {
        table.withLock { table in
            guard let inUse = table.inUse[name], inUse.followers == 0,
                  elapsed() - inUse.lastActive >= pruneAfter else { return }
            table.inUse[name] = nil
            // Disposed under the lock, so a post that starts the room again cannot run its
            // new pipelines beside the old ones; nobody follows the room, so disposing sends
            // nothing to anyone.
            inUse.pipelines.dispose()
        }
    }

    /// The rooms whose typing and rate pipelines are running now (pruned rooms are not).
    public var roomsInUse: Int { table.withLock { $0.inUse.count } }

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
                return (message, use(roomName, in: &table))
            }
            room.history.send(value: message)
            room.posts.send(value: message)
            posts.send(value: message)
            return message
        }
    }

    private let sendLock = Mutex<Void>(())

    /// Numbers a message and returns it at once; sends it to the followers of its room
    /// afterwards, on `sender`, as `deliver(_:)` does: what a request handler calls to answer
    /// before the broadcast instead of after it.
    ///
    /// The send is scheduled under the lock that takes the id, and a `QueueScheduler` runs its
    /// actions one at a time in the order they were scheduled, so followers read the messages
    /// in id order. Don't mix it with `post(to:author:text:)` on one `Rooms`: a post sent at
    /// once would overtake the ones still queued.
    @discardableResult
    public func post(to roomName: String, author: String, text: String, broadcastingOn sender: QueueScheduler) -> Message {
        sendLock.withLock { _ in
            let message = table.withLock { table in
                table.lastID += 1
                return Message(id: table.lastID, room: roomName, author: author, text: text)
            }
            _ = sender.schedule { [self] in deliver(message) }
            return message
        }
    }

    /// Sends `message`, numbered elsewhere, to the followers of its room, as `post` sends its
    /// own: into the room's history, its rate and the admin stream.
    ///
    /// For rooms shared by several processes (`RoomsPostgres`): a database numbers every
    /// message, and each process delivers them here in the database's order. Don't mix it
    /// with `post` on one `Rooms`: their ids would interleave.
    public func deliver(_ message: Message) {
        sendLock.withLock { _ in
            let room = table.withLock { table in use(message.room, in: &table) }
            room.history.send(value: message)
            room.posts.send(value: message)
            posts.send(value: message)
        }
    }

    /// Records that `author` is typing in `room`.
    public func typing(in roomName: String, author: String) {
        let room = table.withLock { table in use(roomName, in: &table) }
        room.pings.send(value: author)
    }

    /// Ends every stream a client follows (their subscriptions complete and are released).
    /// Called once, when the server shuts down; streams followed afterwards complete at once.
    ///
    /// Ends the lifetime (the heartbeat completes), then completes every room's subjects
    /// (its typing and rate pipelines end with them) and the admin stream's posts, in the
    /// posts' one order.
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

    /// Where a server's bounded buffers count the events they drop for followers that fell
    /// behind (`Signal.values(bufferSize:whenFull:dropped:)`); read by the server's metrics.
    public let drops = BufferDrops()

    /// The live subscriptions of clients: one per stream followed through this type, from
    /// subscription until it is disposed (the client went away, or the server shut down).
    /// Read from a `SubscriptionCount` that every stream's `counting(into:)` keeps.
    public var liveSubscriptions: Int { subscriptions.live }

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
        follow(room(roomName).typing.signal, in: roomName)
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
        follow(room(roomName).rate.signal, in: roomName)
    }

    func ratePipeline(_ posts: Signal<Message, Never>) -> Signal<Int, Never> {
        posts.window(timeSpan: rateWindow, count: .max, on: scheduler).flattenMap { $0.count() }
    }

    /// Everything a follower of `room` receives, in one stream: its messages (history first),
    /// typing, rate and heartbeats, until shutdown. One live subscription.
    public func events(in roomName: String) -> Signal<RoomEvent, Never> {
        room(roomName).feed
    }

    /// Everything a follower of `room` receives, as `events(in:)`, with the room's messages
    /// (its history, then live ones) passed through `messages` first: to drop what a
    /// reconnecting follower already has, or to put a database's history in front
    /// (`RoomsPostgres`). One live subscription.
    public func events(
        in roomName: String, messages: (Signal<Message, Never>) -> Signal<Message, Never>
    ) -> Signal<RoomEvent, Never> {
        let room = room(roomName)
        return feed(of: roomName, messages: messages(room.history.signal), typing: room.typing.signal, rate: room.rate.signal)
    }

    /// A follower's feed of `roomName`: its messages, typing, rate and the heartbeats, merged,
    /// followed with `follow(_:in:)`.
    private func feed(
        of roomName: String, messages: Signal<Message, Never>, typing: Signal<String?, Never>, rate: Signal<Int, Never>
    ) -> Signal<RoomEvent, Never> {
        var parts = [messages.map(RoomEvent.message), typing.map(RoomEvent.typing), rate.map(RoomEvent.rate)]
        if let heartbeats { parts.append(heartbeats) }
        return follow(Signal.merge(parts), in: roomName)
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

    /// Counts `signal` as a live subscription, from subscription to disposal, in
    /// `subscriptions`. (It ends at shutdown by itself: every stream a client follows is made
    /// of the rooms' subjects.)
    private func follow<V>(_ signal: Signal<V, Never>) -> Signal<V, Never> {
        signal.counting(into: subscriptions)
    }

    /// `follow(_:)` for a follower of `roomName`'s typing or rate: the room is in use (its
    /// pipelines running) from its first follower's subscription until `pruneAfter` after
    /// its last follower leaves with nothing posted (the leaving stamps its last activity).
    private func follow<V>(_ signal: Signal<V, Never>, in roomName: String) -> Signal<V, Never> {
        follow(signal.on(
            subscribed: { [weak self] in
                guard let self else { return }
                _ = table.withLock { table in use(roomName, followers: 1, in: &table) }
            },
            disposed: { [weak self] in
                guard let self else { return }
                table.withLock { table in
                    // After a shutdown the room may never have been in use.
                    guard table.inUse[roomName] != nil else { return }
                    use(roomName, followers: -1, in: &table)
                }
            }
        ))
    }
}
