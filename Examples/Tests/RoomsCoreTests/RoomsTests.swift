import RoomsCore
import RoomsStreams
import Signals
import Synchronization
import SignalsTesting
import Testing

/// The rooms' pipelines on virtual time: history, typing, rate, admin, and the count of live
/// subscriptions that the server's tests read over HTTP.
@Suite struct RoomsTests {
    let scheduler = TestScheduler()

    func makeRooms(historySize: Int = 50) -> Rooms {
        Rooms(
            scheduler: scheduler, historySize: historySize, typingQuiet: .seconds(3),
            rateWindow: .seconds(5), idleAfter: .seconds(10), heartbeat: nil
        )
    }

    @Test func aNewcomerGetsTheLastFiftyMessagesThenLiveOnes() {
        let rooms = makeRooms()
        for n in 1...60 { rooms.post(to: "lobby", author: "ann", text: "m\(n)") }
        rooms.post(to: "other", author: "bob", text: "elsewhere")
        let recorder = Recorder(rooms.messages(in: "lobby"))
        rooms.post(to: "lobby", author: "bob", text: "live")
        #expect(recorder.values.map(\.text) == (11...60).map { "m\($0)" } + ["live"])
        #expect(recorder.values.map(\.id) == Array(11...60) + [62])
    }

    @Test func postsFromManyThreadsReachAFollowerInIdOrder() async {
        // The id is taken where the message is sent, under one lock: a post that takes id n
        // cannot be overtaken by the post that takes n + 1.
        let rooms = makeRooms(historySize: 1)
        let ids = SeenIDs()
        let subscription = rooms.messages(in: "lobby").subscribe(next: { message in ids.list.withLock { $0.append(message.id) } })
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<8 {
                group.addTask {
                    for n in 0..<500 { rooms.post(to: "lobby", author: "t\(thread)", text: "\(n)") }
                }
            }
        }
        let seen = ids.list.withLock { $0 }
        #expect(seen.count == 4_000)
        let overtaken = zip(seen, seen.dropFirst()).filter { $0 > $1 }.prefix(5).map { "\($0) before \($1)" }
        #expect(overtaken == [])
        subscription.dispose()
    }

    @Test func postsThatAnswerBeforeBroadcastingReachAFollowerInIdOrderAndAll() async {
        // `post(to:author:text:broadcastingOn:)` returns once the id is taken; the sends run
        // afterwards on one serial scheduler, scheduled under the lock that takes the id.
        let rooms = makeRooms(historySize: 1)
        let sender = QueueScheduler(name: "test.broadcast")
        let ids = SeenIDs()
        let subscription = rooms.messages(in: "lobby").subscribe(next: { message in ids.list.withLock { $0.append(message.id) } })
        let answered = await withTaskGroup(of: [Int].self) { group in
            for thread in 0..<8 {
                group.addTask {
                    (0..<250).map { n in rooms.post(to: "lobby", author: "t\(thread)", text: "\(n)", broadcastingOn: sender).id }
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        // Every broadcast was scheduled before this action: once it runs, all have run.
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in _ = sender.schedule { done.resume() } }
        let seen = ids.list.withLock { $0 }
        #expect(seen.count == 2_000)
        #expect(Set(seen) == Set(answered))
        let overtaken = zip(seen, seen.dropFirst()).filter { $0 > $1 }.prefix(5).map { "\($0) before \($1)" }
        #expect(overtaken == [])
        subscription.dispose()
    }

    @Test func theHistoryOutlivesItsLastFollower() {
        let rooms = makeRooms()
        let first = Recorder(rooms.messages(in: "lobby"))
        rooms.post(to: "lobby", author: "ann", text: "one")
        first.dispose()
        rooms.post(to: "lobby", author: "ann", text: "two")
        let second = Recorder(rooms.messages(in: "lobby"))
        #expect(second.values.map(\.text) == ["one", "two"])
    }

    @Test func typingShowsAtOnceAndClearsAfterTheQuietPeriod() {
        let rooms = makeRooms()
        let recorder = Recorder(rooms.typing(in: "lobby"), scheduler: scheduler)
        rooms.typing(in: "lobby", author: "ann")          // 0 s
        scheduler.advance(by: .seconds(1))
        rooms.typing(in: "lobby", author: "ann")          // 1 s: still typing, nothing new
        scheduler.advance(by: .seconds(1))
        rooms.typing(in: "lobby", author: "bob")          // 2 s: bob
        scheduler.advance(by: .seconds(10))
        #expect(recorder.timedEvents == [
            TimedEvent(.seconds(0), .next("ann is typing")),
            TimedEvent(.seconds(2), .next("bob is typing")),
            TimedEvent(.seconds(5), .next(nil)),            // 3 s after the last ping
        ])
    }

    @Test func aNewcomerSeesWhoIsTypingNowFromTheRoomsSharedPipeline() {
        let rooms = makeRooms()
        let first = Recorder(rooms.typing(in: "lobby"), scheduler: scheduler)
        rooms.typing(in: "lobby", author: "ann")          // 0 s
        scheduler.advance(by: .seconds(1))
        let second = Recorder(rooms.typing(in: "lobby"), scheduler: scheduler)  // 1 s
        scheduler.advance(by: .seconds(5))
        // One pipeline for the room: the newcomer receives its current value at once, and
        // both are cleared by the same debounce.
        #expect(first.timedEvents == [
            TimedEvent(.seconds(0), .next("ann is typing")),
            TimedEvent(.seconds(3), .next(nil)),
        ])
        #expect(second.timedEvents == [
            TimedEvent(.seconds(1), .next("ann is typing")),
            TimedEvent(.seconds(3), .next(nil)),
        ])
    }

    @Test func theRateCountsEachWindowIncludingQuietOnes() {
        let rooms = makeRooms()
        let recorder = Recorder(rooms.rate(in: "lobby"), scheduler: scheduler)
        for second in [1, 2, 3, 7] {
            scheduler.advance(to: .init(offset: .seconds(second)))
            rooms.post(to: "lobby", author: "ann", text: "at \(second)")
        }
        rooms.post(to: "other", author: "bob", text: "not counted")
        scheduler.advance(to: .init(offset: .seconds(15)))
        #expect(recorder.timedEvents == [
            TimedEvent(.seconds(5), .next(3)),
            TimedEvent(.seconds(10), .next(1)),
            TimedEvent(.seconds(15), .next(0)),
        ])
    }

    @Test func theAdminStreamEndsIdleRoomsAndStartsThemAgain() {
        let rooms = makeRooms()
        let recorder = Recorder(rooms.admin, scheduler: scheduler)
        rooms.post(to: "a", author: "ann", text: "1")                    // 0 s
        scheduler.advance(to: .init(offset: .seconds(1)))
        rooms.post(to: "b", author: "bob", text: "1")                    // 1 s
        scheduler.advance(to: .init(offset: .seconds(2)))
        rooms.post(to: "a", author: "ann", text: "2")                    // 2 s
        scheduler.advance(to: .init(offset: .seconds(20)))               // b idle at 11, a at 12
        rooms.post(to: "a", author: "ann", text: "3")                    // 20 s: a new group
        scheduler.advance(to: .init(offset: .seconds(40)))               // a idle again at 30
        #expect(recorder.timedEvents == [
            TimedEvent(.seconds(0), .next(.active(room: "a", count: 1))),
            TimedEvent(.seconds(1), .next(.active(room: "b", count: 1))),
            TimedEvent(.seconds(2), .next(.active(room: "a", count: 2))),
            TimedEvent(.seconds(11), .next(.idle(room: "b"))),
            TimedEvent(.seconds(12), .next(.idle(room: "a"))),
            TimedEvent(.seconds(20), .next(.active(room: "a", count: 1))),
            TimedEvent(.seconds(30), .next(.idle(room: "a"))),
        ])
    }

    @Test func aFollowerReceivesEverythingInOneStream() {
        let rooms = makeRooms()
        rooms.post(to: "lobby", author: "ann", text: "old")
        let recorder = Recorder(rooms.events(in: "lobby"), scheduler: scheduler)
        rooms.typing(in: "lobby", author: "bob")
        scheduler.advance(by: .seconds(1))
        rooms.post(to: "lobby", author: "bob", text: "new")
        scheduler.advance(to: .init(offset: .seconds(5)))
        #expect(recorder.values == [
            .message(Message(id: 1, room: "lobby", author: "ann", text: "old")),
            .typing("bob is typing"),
            .message(Message(id: 2, room: "lobby", author: "bob", text: "new")),
            .typing(nil),
            .rate(2),   // the room's rate: "old", posted before this follower came, counts too
        ])
    }

    @Test func aRoomsPipelinesRunForTheRoomsLifeNotPerFollower() {
        // Typing and rate run from the room's first use until it is pruned (`pruneAfter` of
        // quiet) or shutdown: a follower that comes and goes neither starts nor stops them, and one that comes back in the middle of a
        // window gets the room's last rate and, at the window's end, every post of it.
        let rooms = makeRooms()
        rooms.post(to: "lobby", author: "ann", text: "before anyone follows")   // 0 s
        let first = Recorder(rooms.rate(in: "lobby"), scheduler: scheduler)
        scheduler.advance(to: .init(offset: .seconds(5)))
        first.dispose()
        rooms.post(to: "lobby", author: "ann", text: "while nobody follows")    // 5 s
        scheduler.advance(to: .init(offset: .seconds(7)))
        let second = Recorder(rooms.rate(in: "lobby"), scheduler: scheduler)     // 7 s
        scheduler.advance(to: .init(offset: .seconds(10)))
        #expect(first.timedEvents == [TimedEvent(.seconds(5), .next(1))])
        #expect(second.timedEvents == [
            TimedEvent(.seconds(7), .next(1)),   // the last window's rate, at once
            TimedEvent(.seconds(10), .next(1)),  // the post at 5 s, made while nobody followed
        ])
        #expect(rooms.liveSubscriptions == 1)
        second.dispose()
        #expect(rooms.liveSubscriptions == 0)
    }

    @Test func everyFollowIsCountedUntilItIsDisposed() {
        let rooms = makeRooms()
        let followers = [
            Recorder(rooms.messages(in: "a")), Recorder(rooms.messages(in: "b")),
        ]
        let events = Recorder(rooms.events(in: "a"))
        let admin = Recorder(rooms.admin)
        #expect(rooms.liveSubscriptions == 4)
        followers.forEach { $0.dispose() }
        #expect(rooms.liveSubscriptions == 2)
        events.dispose()
        admin.dispose()
        #expect(rooms.liveSubscriptions == 0)
    }

    @Test func endingAllFeedsCompletesEveryStreamAndReleasesIt() {
        let rooms = makeRooms()
        let recorders = [Recorder(rooms.events(in: "a")), Recorder(rooms.events(in: "b"))]
        let admin = Recorder(rooms.admin)
        rooms.post(to: "a", author: "ann", text: "last words")
        #expect(rooms.liveSubscriptions == 3)
        rooms.endAllFeeds()
        #expect(recorders.allSatisfy { $0.isCompleted })
        // The posts end: each active room's group ends, then the stream.
        #expect(admin.values == [.active(room: "a", count: 1), .idle(room: "a")])
        #expect(admin.isCompleted)
        #expect(rooms.liveSubscriptions == 0)
        // A stream followed after shutdown completes at once.
        let late = Recorder(rooms.messages(in: "a"))
        #expect(late.isCompleted)
        #expect(rooms.liveSubscriptions == 0)
    }
}

/// Pruning on virtual time: an idle room's pipelines and clocks end, and the room comes back
/// with its history. `PendingWork` counts the timers the rooms have scheduled and not yet
/// run or cancelled, so "its clocks end" is a number the tests read.
@Suite struct RoomPruningTests {
    let clock = TestScheduler()
    let scheduler: PendingWork

    init() { scheduler = PendingWork(clock) }

    func makeRooms() -> Rooms {
        Rooms(
            scheduler: scheduler, typingQuiet: .seconds(3), rateWindow: .seconds(5),
            idleAfter: .seconds(10), pruneAfter: .seconds(20), heartbeat: nil
        )
    }

    @Test func anIdleRoomStopsItsPipelinesAndNoTimerIsLeft() {
        // Before pruning, every room ever used kept its window clock for the server's life:
        // `scheduler.pending` stayed at 1 (the rate window) however long the room was quiet.
        let rooms = makeRooms()
        rooms.post(to: "lobby", author: "ann", text: "hi")           // 0 s
        rooms.typing(in: "lobby", author: "ann")
        #expect(rooms.roomsInUse == 1)
        #expect(scheduler.pending > 0)
        clock.advance(to: .init(offset: .seconds(19)))
        #expect(rooms.roomsInUse == 1)
        #expect(scheduler.pending > 0)
        clock.advance(to: .init(offset: .seconds(20)))              // 20 s of quiet
        #expect(rooms.roomsInUse == 0)
        #expect(scheduler.pending == 0)
        clock.advance(to: .init(offset: .seconds(600)))
        #expect(scheduler.pending == 0)
    }

    @Test func aPrunedRoomComesBackOnItsNextPostWithItsHistory() {
        let rooms = makeRooms()
        rooms.post(to: "lobby", author: "ann", text: "one")          // 0 s
        rooms.post(to: "lobby", author: "bob", text: "two")
        clock.advance(to: .init(offset: .seconds(30)))              // pruned at 20 s
        #expect(rooms.roomsInUse == 0)
        rooms.post(to: "lobby", author: "ann", text: "three")        // 30 s: back
        #expect(rooms.roomsInUse == 1)
        let follower = Recorder(rooms.events(in: "lobby"), scheduler: clock)
        rooms.typing(in: "lobby", author: "cy")                      // 30 s
        clock.advance(to: .init(offset: .seconds(35)))
        #expect(follower.timedEvents == [
            TimedEvent(.seconds(30), .next(.message(Message(id: 1, room: "lobby", author: "ann", text: "one")))),
            TimedEvent(.seconds(30), .next(.message(Message(id: 2, room: "lobby", author: "bob", text: "two")))),
            TimedEvent(.seconds(30), .next(.message(Message(id: 3, room: "lobby", author: "ann", text: "three")))),
            // The last rate of its previous run (its windows at 5, 10, 15, 20 s counted 2, 0,
            // 0, 0; the end of the one at 20 s pruned it).
            TimedEvent(.seconds(30), .next(.rate(0))),
            TimedEvent(.seconds(30), .next(.typing("cy is typing"))),
            TimedEvent(.seconds(33), .next(.typing(nil))),
            // The window clock started again with the post at 30 s.
            TimedEvent(.seconds(35), .next(.rate(1))),
        ])
        follower.dispose()
    }

    @Test func aFollowedRoomIsKeptUntilPruneAfterPastItsLastFollower() {
        let rooms = makeRooms()
        let first = Recorder(rooms.events(in: "lobby"), scheduler: clock)   // 0 s, no post
        let second = Recorder(rooms.rate(in: "lobby"), scheduler: clock)
        clock.advance(to: .init(offset: .seconds(100)))
        #expect(rooms.roomsInUse == 1)
        #expect(second.values.count == 20)                           // every 5 s: still running
        first.dispose()                                              // 100 s
        clock.advance(to: .init(offset: .seconds(150)))
        #expect(rooms.roomsInUse == 1)                               // one follower is left
        second.dispose()                                             // 150 s: the last leaves
        clock.advance(to: .init(offset: .seconds(169)))
        #expect(rooms.roomsInUse == 1)
        clock.advance(to: .init(offset: .seconds(170)))
        #expect(rooms.roomsInUse == 0)
        #expect(scheduler.pending == 0)
    }

    @Test func eachPostOrPingPutsThePruningOff() {
        let rooms = makeRooms()
        rooms.post(to: "a", author: "ann", text: "1")                // 0 s
        rooms.post(to: "b", author: "bob", text: "1")
        clock.advance(to: .init(offset: .seconds(15)))
        rooms.typing(in: "a", author: "ann")                         // 15 s
        clock.advance(to: .init(offset: .seconds(30)))
        rooms.post(to: "a", author: "ann", text: "2")                // 30 s
        clock.advance(to: .init(offset: .seconds(49)))
        #expect(rooms.roomsInUse == 1)                               // b went at 20 s
        clock.advance(to: .init(offset: .seconds(50)))
        #expect(rooms.roomsInUse == 0)
    }

    @Test func aFollowerAfterShutdownIsNotKeptAndShutdownPrunesNothingTwice() {
        let rooms = makeRooms()
        rooms.post(to: "a", author: "ann", text: "1")
        let follower = Recorder(rooms.events(in: "a"))
        rooms.endAllFeeds()
        #expect(follower.isCompleted)
        let late = Recorder(rooms.events(in: "b"))
        #expect(late.isCompleted)
        clock.advance(to: .init(offset: .seconds(100)))
        #expect(scheduler.pending == 0)
        #expect(rooms.liveSubscriptions == 0)
    }
}

/// The twin on AsyncStream prunes the same way. It runs on the continuous clock (its timers
/// are swift-async-algorithms' `AsyncTimerSequence`), so this test uses milliseconds and
/// waits for the count to change; it asserts counts and contents, never a time.
@Suite(.timeLimit(.minutes(1))) struct StreamRoomPruningTests {
    @Test func anIdleTwinRoomEndsItsTasksAndComesBackWithItsHistory() async throws {
        let rooms = StreamRooms(
            typingQuiet: .milliseconds(5), rateWindow: .milliseconds(10), pruneAfter: .milliseconds(40), heartbeat: nil
        )
        rooms.post(to: "lobby", author: "ann", text: "one")
        rooms.typing(in: "lobby", author: "ann")
        #expect(rooms.roomsInUse == 1)
        try await waitUntil { rooms.roomsInUse == 0 }
        rooms.post(to: "lobby", author: "bob", text: "two")
        #expect(rooms.roomsInUse == 1)
        var messages: [String] = []
        for await event in rooms.events(in: "lobby", bufferSize: 16) {
            if case .message(let message) = event { messages.append(message.text) }
            if messages.count == 2 { break }
        }
        #expect(messages == ["one", "two"])
        // Its follower has gone: pruned again once the room has been quiet long enough.
        try await waitUntil { rooms.roomsInUse == 0 }
        rooms.endAllFeeds()
    }

    @Test func aFollowedTwinRoomIsNotPruned() async throws {
        let rooms = StreamRooms(
            typingQuiet: .milliseconds(5), rateWindow: .milliseconds(10), pruneAfter: .milliseconds(40), heartbeat: nil
        )
        var rates = 0
        // Eight rate windows is twice `pruneAfter`: a room with a follower keeps its tasks.
        for await event in rooms.events(in: "lobby", bufferSize: 16) {
            if case .rate = event { rates += 1 }
            if rates == 8 { break }
        }
        #expect(rates == 8)
        try await waitUntil { rooms.roomsInUse == 0 }
        rooms.endAllFeeds()
    }

    /// Polls `condition` every 5 ms for up to 10 s (a failure then).
    private func waitUntil(_ condition: () -> Bool) async throws {
        for _ in 0..<2_000 where !condition() { try await Task.sleep(for: .milliseconds(5)) }
        #expect(condition())
    }
}

/// A scheduler over a `TestScheduler` that counts the work scheduled and neither run nor
/// cancelled yet (a repeating timer counts until it is cancelled).
final class PendingWork: Scheduler {
    typealias Instant = TestScheduler.Instant
    private let base: TestScheduler
    private let count = Atomic<Int>(0)

    init(_ base: TestScheduler) { self.base = base }

    var now: Instant { base.now }
    var pending: Int { count.load(ordering: .relaxed) }

    func schedule(_ action: @escaping @Sendable () -> Void) -> any Disposable {
        let done = settle()
        return cancelling(base.schedule { if done() { action() } }, done)
    }

    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        let done = settle()
        return cancelling(base.schedule(after: delay) { if done() { action() } }, done)
    }

    func schedule(after delay: Duration, repeating interval: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        let done = settle()
        return cancelling(base.schedule(after: delay, repeating: interval, action), done)
    }

    /// Counts one piece of work; the returned function uncounts it the first time it is
    /// called and returns whether it was the first.
    private func settle() -> @Sendable () -> Bool {
        count.add(1, ordering: .relaxed)
        let settled = Flag()
        return { [self] in
            guard !settled.value.exchange(true, ordering: .relaxed) else { return false }
            count.subtract(1, ordering: .relaxed)
            return true
        }
    }

    private func cancelling(_ work: any Disposable, _ done: @escaping @Sendable () -> Bool) -> any Disposable {
        AnyDisposable {
            _ = done()
            work.dispose()
        }
    }
}

/// A flag a closure can capture.
private final class Flag: Sendable {
    let value = Atomic<Bool>(false)
}

/// The ids a follower received, from any thread.
private final class SeenIDs: Sendable {
    let list = Mutex<[Int]>([])
}
