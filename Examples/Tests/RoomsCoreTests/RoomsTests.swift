import RoomsCore
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
        // Typing and rate run from the room's first use until shutdown: a follower that comes
        // and goes neither starts nor stops them, and one that comes back in the middle of a
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

/// The ids a follower received, from any thread.
private final class SeenIDs: Sendable {
    let list = Mutex<[Int]>([])
}
