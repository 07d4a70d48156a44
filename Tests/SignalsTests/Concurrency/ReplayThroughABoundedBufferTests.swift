// A replay longer than a bounded buffer: what a prompt source (a `ReplaySubject`'s history)
// sends while it is being subscribed is held whole and does not count against the bound;
// what arrives after `subscribe` has returned does. So a follower reads the whole history, and
// then at most `size` live values are held, under each policy — through the async bridge
// (`values(bufferSize:whenFull:dropped:)`) and through the scheduler hop
// (`observe(on:bufferSize:whenFull:dropped:)`). The room feed of the guides: a history of
// 1,000 posts, a follower's buffer of 256.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct ReplayThroughABoundedBufferTests {
    static let history = 1_000
    static let size = 256

    /// A room whose history holds the posts 0..<1,000.
    static func room() -> ReplaySubject<Int, TestError> {
        let room = ReplaySubject<Int, TestError>(capacity: history)
        for post in 0..<history { room.send(value: post) }
        return room
    }

    /// 300 live posts (1,000..<1,300) into a buffer of 256: what each policy lets through
    /// after the history, and how many it drops.
    static let cases: [(policy: BufferOverflow<TestError>, live: [Int], drops: Int)] = [
        (.dropOldest, Array(1_044..<1_300), 44),
        (.dropNewest, Array(1_000..<1_256), 44),
    ]

    // MARK: - The async bridge

    @Test(arguments: 0..<2)
    func aFollowerReadsTheWholeHistoryThenAtMostSizeLivePosts(index: Int) async throws {
        // Seen failing before the fix: dropOldest lost the history's first 44 posts (the live
        // posts pushed them out), dropNewest kept the whole history and dropped all 300 live ones.
        let (policy, live, expectedDrops) = Self.cases[index]
        let room = Self.room()
        let drops = BufferDrops()
        var iterator = room.signal.values(bufferSize: Self.size, whenFull: policy, dropped: drops).makeAsyncIterator()
        for post in 1_000..<1_300 { room.send(value: post) }
        room.sendCompleted()
        var received: [Int] = []
        while let post = try await iterator.next() { received.append(post) }
        #expect(received == Array(0..<Self.history) + live)
        #expect(drops.count == expectedDrops)
        #expect(iterator.dropped == expectedDrops)
    }

    @Test func failKeepsAFollowerWhoseLivePostsFitBehindTheHistory() async throws {
        // The probe's case: one live post before the loop reads. Seen failing before the fix:
        // the loop read 0 of 1,001 posts and threw; 1,001 counted as dropped.
        let room = Self.room()
        var iterator = room.signal.values(bufferSize: Self.size, whenFull: .fail(TestError(1))).makeAsyncIterator()
        room.send(value: 1_000)
        for post in 1_001..<1_256 { room.send(value: post) } // 256 live posts in all: they fit
        room.sendCompleted()
        var received: [Int] = []
        while let post = try await iterator.next() { received.append(post) }
        #expect(received == Array(0..<1_256))
        #expect(iterator.dropped == 0)
    }

    @Test func failDisconnectsAFollowerAtTheLivePostThatDoesNotFit() async {
        let room = Self.room()
        var iterator = room.signal.values(bufferSize: Self.size, whenFull: .fail(TestError(2))).makeAsyncIterator()
        for post in 1_000..<1_257 { room.send(value: post) } // 257 live posts
        await #expect(throws: TestError(2)) { try await iterator.next() }
        #expect(iterator.dropped == 1_257, "the history and the 257 live posts")
    }

    @Test func failDisconnectsAtOnceWhileTheLoopIsStillReadingTheHistory() async throws {
        // The loop has taken the history to read it; the 257th live post disconnects it, and
        // its next read throws: the rest of the history it held is dropped and counted.
        let room = Self.room()
        var iterator = room.signal.values(bufferSize: Self.size, whenFull: .fail(TestError(3))).makeAsyncIterator()
        for expected in 0..<10 { #expect(try await iterator.next() == expected) }
        for post in 1_000..<1_257 { room.send(value: post) }
        await #expect(throws: TestError(3)) { try await iterator.next() }
        #expect(iterator.dropped == 990 + 257)
    }

    @Test func aHistoryLongerThanTheBufferIsReadWholeWithoutLivePosts() async throws {
        let room = Self.room()
        room.sendCompleted()
        var iterator = room.signal.values(bufferSize: 8, whenFull: .fail(TestError(4))).makeAsyncIterator()
        var received: [Int] = []
        while let post = try await iterator.next() { received.append(post) }
        #expect(received == Array(0..<Self.history))
        #expect(iterator.dropped == 0)
    }

    // MARK: - The scheduler hop

    @Test(arguments: 0..<2)
    func theHopDeliversTheWholeHistoryThenAtMostSizeLivePosts(index: Int) {
        // Seen failing before the fix: the replay filled the queue, so dropOldest delivered
        // only the last 256 posts and dropNewest the first 256 of the history.
        let (policy, live, expectedDrops) = Self.cases[index]
        let room = Self.room()
        let scheduler = TestScheduler()
        let drops = BufferDrops()
        let recorder = room.signal
            .observe(on: scheduler, bufferSize: Self.size, whenFull: policy, dropped: drops).record()
        for post in 1_000..<1_300 { room.send(value: post) }
        room.sendCompleted()
        scheduler.advance()
        #expect(recorder.values == Array(0..<Self.history) + live)
        #expect(recorder.isCompleted)
        #expect(drops.count == expectedDrops)
    }

    @Test func theHopWithFailKeepsASubscriberWhoseLivePostsFit() {
        // Seen failing before the fix: the replay itself overflowed the queue of 256.
        let room = Self.room()
        let scheduler = TestScheduler()
        let drops = BufferDrops()
        let recorder = room.signal
            .observe(on: scheduler, bufferSize: Self.size, whenFull: .fail(TestError(5)), dropped: drops).record()
        for post in 1_000..<1_256 { room.send(value: post) }
        room.sendCompleted()
        scheduler.advance()
        #expect(recorder.values == Array(0..<1_256))
        #expect(recorder.isCompleted)
        #expect(drops.count == 0)
    }

    @Test func theHopWithFailDisconnectsAtTheLivePostThatDoesNotFit() {
        let room = Self.room()
        let scheduler = TestScheduler()
        let drops = BufferDrops()
        let recorder = room.signal
            .observe(on: scheduler, bufferSize: Self.size, whenFull: .fail(TestError(6)), dropped: drops).record()
        for post in 1_000..<1_257 { room.send(value: post) }
        scheduler.advance()
        #expect(recorder.events == [.error(TestError(6))])
        #expect(drops.count == 1_257, "the history and the 257 live posts")
    }

    @Test func aColdSynchronousSourceIsStillBoundedByTheHop() {
        // Only a prompt source's subscribe call is a replay: `from` sends as it is
        // subscribed, but without end, so its values follow the policy.
        let scheduler = TestScheduler()
        let drops = BufferDrops()
        let recorder = Signal<Int, Never>.from(0..<1_000)
            .observe(on: scheduler, bufferSize: 8, whenFull: .dropOldest, dropped: drops).record()
        scheduler.advance()
        #expect(recorder.values == Array(992..<1_000))
        #expect(drops.count == 992)
    }
}
