// BufferOverflow.finish: a full buffer disconnects a slow follower of a feed that cannot fail,
// with no error type: its loop ends (the output completes), the subscription is disposed, and
// the disconnection is counted (BufferDrops.disconnected, Iterator.isDisconnected).

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct FinishWhenFullTests {
    @Test func finishEndsTheLoopAtTheNextReadAndDisposesTheSubscription() async {
        // Given: a feed that cannot fail, followed through a buffer of 2.
        let feed = Subject<Int, Never>()
        let disposed = Flag()
        let drops = BufferDrops()
        var iterator = feed.signal.on(disposed: { disposed.set() })
            .values(bufferSize: 2, whenFull: .finish, dropped: drops).makeAsyncIterator()
        feed.send(value: 1)
        feed.send(value: 2)
        #expect(!disposed.isSet)
        #expect(!iterator.isDisconnected)
        // When: the third value finds the buffer full.
        feed.send(value: 3)
        // Then: disconnected at once; the loop ends at its next read, dropping what waited.
        #expect(disposed.isSet)
        #expect(await iterator.next() == nil)
        #expect(await iterator.next() == nil)
        #expect(iterator.isDisconnected)
        #expect(iterator.dropped == 3)
        #expect(drops.count == 3)
        #expect(drops.disconnected == 1)
    }

    @Test func aFeedThatEndsByItselfIsNotADisconnection() async {
        let feed = Subject<Int, Never>()
        let drops = BufferDrops()
        var iterator = feed.signal.values(bufferSize: 2, whenFull: .finish, dropped: drops).makeAsyncIterator()
        feed.send(value: 1)
        feed.sendCompleted()
        #expect(await iterator.next() == 1)
        #expect(await iterator.next() == nil)
        #expect(!iterator.isDisconnected)
        #expect(drops.count == 0)
        #expect(drops.disconnected == 0)
    }

    @Test func aForAwaitLoopOfASlowFollowerSimplyEnds() async {
        // Given: one reader that falls behind; the feed keeps going for the others.
        let feed = Subject<Int, Never>()
        let drops = BufferDrops()
        let fast = feed.signal.values.makeAsyncIterator()
        let slow = feed.signal.values(bufferSize: 4, whenFull: .finish, dropped: drops)
        var slowIterator = slow.makeAsyncIterator()
        // When
        for value in 0..<10 { feed.send(value: value) }
        // Then: the slow one is gone; the feed is still live for the fast one.
        var read: [Int] = []
        while let value = await slowIterator.next() { read.append(value) }
        #expect(read.isEmpty) // `.finish` drops what waited, like `.fail`
        #expect(drops.disconnected == 1)
        var fastIterator = fast
        #expect(await fastIterator.next() == 0)
    }

    @Test func oneCounterCountsTheDisconnectionsOfEveryFollower() async {
        let feed = Subject<Int, Never>()
        let drops = BufferDrops()
        let iterators = (0..<3).map { _ in
            feed.signal.values(bufferSize: 1, whenFull: .finish, dropped: drops).makeAsyncIterator()
        }
        feed.send(value: 1)
        feed.send(value: 2)
        #expect(drops.disconnected == 3)
        #expect(drops.count == 6)
        _ = iterators
    }

    @Test func observeOnCompletesTheOutputAtOnceAndDisposesTheSource() {
        let scheduler = TestScheduler()
        let subject = Subject<String, Never>()
        let disposed = Flag()
        let drops = BufferDrops()
        let recorder = subject.signal.on(disposed: { disposed.set() })
            .observe(on: scheduler, bufferSize: 2, whenFull: .finish, dropped: drops).record()
        for value in ["a", "b", "c"] { subject.send(value: value) }
        #expect(disposed.isSet, "the laggard's source was not disposed")
        subject.send(value: "d") // after the end: ignored
        scheduler.advance()
        #expect(recorder.events == [.completed])
        #expect(drops.count == 3)
        #expect(drops.disconnected == 1)
    }

    @Test func failIsCountedAsADisconnectionToo() {
        let scheduler = TestScheduler()
        let subject = Subject<String, TestError>()
        let drops = BufferDrops()
        let recorder = subject.signal
            .observe(on: scheduler, bufferSize: 1, whenFull: .fail(TestError(2)), dropped: drops).record()
        subject.send(value: "a")
        subject.send(value: "b")
        scheduler.advance()
        #expect(recorder.events == [.error(TestError(2))])
        #expect(drops.disconnected == 1)
    }

    @Test func recordDisconnectionCountsForBuffersWrittenOutsideTheLibrary() {
        let drops = BufferDrops()
        drops.recordDisconnection()
        drops.recordDisconnection()
        #expect(drops.disconnected == 2)
        #expect(drops.count == 0)
    }
}
