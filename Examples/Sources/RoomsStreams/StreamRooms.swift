// The same rooms as RoomsCore's `Rooms`, written with AsyncStream and swift-async-algorithms
// the way a server developer would without a reactive library: the twin the load tool
// measures the Signals core against.
//
//   post ─▶ room.history (array, last 50) + yield to every follower's continuation
//   typing ping ─▶ "ann is typing" to followers at once; the room's pings channel,
//                  debounce(for: quiet) (AsyncAlgorithms), one task per room, sends nil
//   rate ─▶ one AsyncTimerSequence task per room, counting posts
//   heartbeat ─▶ one AsyncTimerSequence task for the server, to every follower
//
// As in the Signals core, typing and rate are computed once per room (there: one shared
// pipeline per room) and the heartbeat once for the server. A room with no follower, post or
// ping for `pruneAfter` is pruned as the core's are: its rate task sees it at a tick, finishes
// the room's pings (so its typing task ends too) and returns; the history stays, and the
// room's next use starts both tasks again. A follower is an AsyncStream with
// `.bufferingNewest(n)`, where the core's subscription feeds a bounded `values` buffer.

import AsyncAlgorithms
import Dispatch
import RoomsCore
import Synchronization

/// Rooms on AsyncStream: post, typing, follow (history then live, typing, rate, heartbeat),
/// the count of live followers, and shutdown.
///
/// ```swift
/// let rooms = StreamRooms()
/// let events = rooms.events(in: "lobby", bufferSize: 256)
/// rooms.post(to: "lobby", author: "ann", text: "hi")
/// for await event in events { print(event) } // message(… "hi")
/// ```
public final class StreamRooms: Sendable {
    public let historySize: Int
    public let typingQuiet: Duration
    public let rateWindow: Duration
    public let pruneAfter: Duration

    private let state = Mutex(State())
    private let heartbeatTask: Mutex<Task<Void, Never>?> = Mutex(nil)

    private struct Follower {
        let continuation: AsyncStream<RoomEvent>.Continuation
        let dropped: DropCount

        /// Yields `event`, counting it if the follower's buffer was full (the oldest unread
        /// event went).
        func send(_ event: RoomEvent) {
            if case .dropped = continuation.yield(event) { dropped.add() }
        }
    }

    /// Events dropped for followers that fell behind.
    private let dropped = DropCount()

    private final class Room: Sendable {
        let pings: AsyncStream<Void>.Continuation
        let tasks: [Task<Void, Never>]
        init(pings: AsyncStream<Void>.Continuation, tasks: [Task<Void, Never>]) {
            self.pings = pings
            self.tasks = tasks
        }
    }

    private struct RoomState {
        var history: [Message] = []
        var followers: [Int: Follower] = [:]
        var typing: String?
        var postsInWindow = 0
        var room: Room?
        /// When the room last had a post or a ping, or lost its last follower.
        var lastActive = ContinuousClock.now
    }

    private struct State: ~Copyable {
        var rooms: [String: RoomState] = [:]
        var lastID = 0
        var nextFollower = 0
        var live = 0
        var ended = false
    }

    public init(
        historySize: Int = 50,
        typingQuiet: Duration = .seconds(3),
        rateWindow: Duration = .seconds(5),
        pruneAfter: Duration = .seconds(60),
        heartbeat: Duration? = .seconds(15)
    ) {
        self.historySize = historySize
        self.typingQuiet = typingQuiet
        self.rateWindow = rateWindow
        self.pruneAfter = pruneAfter
        if let heartbeat {
            let task = Task { [weak self] in
                for await _ in AsyncTimerSequence(interval: heartbeat, clock: .continuous) {
                    guard let self else { return }
                    self.state.withLock { state in
                        for room in state.rooms.values {
                            for follower in room.followers.values { follower.send(.heartbeat) }
                        }
                    }
                }
            }
            heartbeatTask.withLock { $0 = task }
        }
    }

    /// Makes the room's tasks (typing debounce and rate) the first time the room is used.
    private func ensureRoom(_ name: String, in state: inout State) {
        if state.rooms[name]?.room != nil { return }
        var roomState = state.rooms[name] ?? RoomState()
        let (pings, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let quiet = typingQuiet, window = rateWindow
        let typing = Task { [weak self] in
            for await _ in pings.debounce(for: quiet, clock: .continuous) {
                self?.broadcast(in: name) { room in
                    guard room.typing != nil else { return nil }
                    room.typing = nil
                    return .typing(nil)
                }
            }
        }
        let rate = Task { [weak self] in
            for await _ in AsyncTimerSequence(interval: window, clock: .continuous) {
                guard let self, !self.pruneIfIdle(name) else { return }
                self.broadcast(in: name) { room in
                    defer { room.postsInWindow = 0 }
                    return .rate(room.postsInWindow)
                }
            }
        }
        roomState.room = Room(pings: continuation, tasks: [typing, rate])
        state.rooms[name] = roomState
    }

    /// Ends the room's tasks if it has had no follower, post or ping for `pruneAfter`, and
    /// says whether it did (the rate task then returns; finishing the pings ends the typing
    /// task).
    private func pruneIfIdle(_ name: String) -> Bool {
        let pings: AsyncStream<Void>.Continuation? = state.withLock { state in
            guard let room = state.rooms[name], let tasks = room.room, room.followers.isEmpty,
                  room.lastActive.duration(to: .now) >= pruneAfter else { return nil }
            state.rooms[name]!.room = nil
            return tasks.pings
        }
        pings?.finish()
        return pings != nil
    }

    /// The rooms whose typing and rate tasks are running now (pruned rooms are not).
    public var roomsInUse: Int { state.withLock { $0.rooms.values.count { $0.room != nil } } }

    /// Updates one room and yields the event it returns to every follower, under the lock
    /// (yield never waits), so followers see one order.
    private func broadcast(in name: String, _ update: (inout RoomState) -> RoomEvent?) {
        state.withLock { state in
            guard !state.ended, var room = state.rooms[name] else { return }
            let event = update(&room)
            state.rooms[name] = room
            if let event { for follower in room.followers.values { follower.send(event) } }
        }
    }

    @discardableResult
    public func post(to roomName: String, author: String, text: String) -> Message {
        state.withLock { state in
            state.lastID += 1
            let message = Message(id: state.lastID, room: roomName, author: author, text: text)
            deliver(message, in: &state)
            return message
        }
    }

    /// Numbers a message and returns it at once; adds it to its room and yields it to the
    /// followers afterwards, on `queue`. `queue` must be serial: the messages are queued in id
    /// order, under the lock that numbers them, so followers read them in id order. Don't mix
    /// it with `post(to:author:text:)`, whose sends would overtake the queued ones.
    @discardableResult
    public func post(to roomName: String, author: String, text: String, broadcastingOn queue: DispatchQueue) -> Message {
        state.withLock { state in
            state.lastID += 1
            let message = Message(id: state.lastID, room: roomName, author: author, text: text)
            queue.async { [self] in self.state.withLock { state in deliver(message, in: &state) } }
            return message
        }
    }

    /// Adds `message` to its room's history and yields it to the room's followers. Under the
    /// lock.
    private func deliver(_ message: Message, in state: inout State) {
        if state.ended { return }
        ensureRoom(message.room, in: &state)
        var room = state.rooms[message.room]!
        room.history.append(message)
        if room.history.count > historySize { room.history.removeFirst(room.history.count - historySize) }
        room.postsInWindow += 1
        room.lastActive = .now
        state.rooms[message.room] = room
        for follower in room.followers.values { follower.send(.message(message)) }
    }

    public func typing(in roomName: String, author: String) {
        let text = "\(author) is typing"
        let pings: AsyncStream<Void>.Continuation? = state.withLock { state in
            if state.ended { return nil }
            ensureRoom(roomName, in: &state)
            var room = state.rooms[roomName]!
            room.lastActive = .now
            if room.typing != text {
                room.typing = text
                for follower in room.followers.values { follower.send(.typing(text)) }
            }
            state.rooms[roomName] = room
            return room.room?.pings
        }
        pings?.yield()
    }

    /// The room's events: its history, then live messages, typing, rate and heartbeats, until
    /// the follower stops iterating or `endAllFeeds()`. At most `bufferSize` unread events are
    /// kept (the oldest are dropped).
    public func events(in roomName: String, bufferSize: Int) -> AsyncStream<RoomEvent> {
        let (stream, continuation) = AsyncStream<RoomEvent>.makeStream(bufferingPolicy: .bufferingNewest(bufferSize))
        let id: Int? = state.withLock { state in
            if state.ended { return nil }
            ensureRoom(roomName, in: &state)
            state.nextFollower += 1
            state.live += 1
            let id = state.nextFollower
            let follower = Follower(continuation: continuation, dropped: dropped)
            state.rooms[roomName]!.followers[id] = follower
            for message in state.rooms[roomName]!.history { follower.send(.message(message)) }
            return id
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { state in
                if state.rooms[roomName]?.followers.removeValue(forKey: id) != nil {
                    state.live -= 1
                    state.rooms[roomName]!.lastActive = .now
                }
            }
        }
        return stream
    }

    /// Events dropped so far for followers that fell `bufferSize` behind.
    public var droppedEvents: Int { dropped.value }

    /// The followers iterating right now.
    public var liveSubscriptions: Int { state.withLock { $0.live } }

    /// Ends every follower's stream and stops the rooms' tasks.
    public func endAllFeeds() {
        let (followers, tasks) = state.withLock { state -> ([AsyncStream<RoomEvent>.Continuation], [Task<Void, Never>]) in
            state.ended = true
            let rooms = state.rooms.values
            return (rooms.flatMap { $0.followers.values.map(\.continuation) }, rooms.flatMap { $0.room?.tasks ?? [] })
        }
        // Outside the lock: finishing runs onTermination, which takes it.
        followers.forEach { $0.finish() }
        tasks.forEach { $0.cancel() }
        heartbeatTask.withLock { $0?.cancel() }
    }

    deinit {
        heartbeatTask.withLock { $0?.cancel() }
    }
}

/// A count of dropped events, added to from any thread.
private final class DropCount: Sendable {
    private let count = Atomic<Int>(0)
    func add() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}
