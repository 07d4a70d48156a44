// values(bufferSize:whenFull:dropped:): the async bridge with a bounded buffer and a policy.
// At most `size` values wait for the loop; dropOldest / dropNewest keep the newest / the
// oldest and count the drops; fail makes the loop throw at once and disposes the
// subscription.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct BufferSizeTests {
    @Test func dropOldestKeepsTheNewestValuesOfABurstAndCountsTheDrops() async {
        let subject = Subject<Int, Never>()
        let drops = BufferDrops()
        var iterator = subject.signal.values(bufferSize: 3, whenFull: .dropOldest, dropped: drops).makeAsyncIterator()
        for value in 0..<1_000 { subject.send(value: value) }
        subject.sendCompleted()
        var received: [Int] = []
        while let value = await iterator.next() { received.append(value) }
        #expect(received == [997, 998, 999])
        #expect(drops.count == 997)
        #expect(iterator.dropped == 997)
        #expect(iterator._maxBufferedCount == 3)
    }

    @Test func aValueDroppedOrReadIsReleasedAtOnce() async {
        // At its bound, `.dropOldest` lets go of one value for every new one: the buffer holds
        // `size` values, not the ones it has dropped (it kept up to 64 of them, and grew to
        // twice its size, before it was a ring). A value the loop has read is released too.
        let live = Counter()
        let subject = Subject<LiveToken, Never>()
        var iterator = subject.signal.values(bufferSize: 4, whenFull: .dropOldest).makeAsyncIterator()
        for _ in 0..<100 { subject.send(value: LiveToken(live)) }
        #expect(live.count == 4)
        _ = await iterator.next()
        #expect(live.count == 3)
        subject.sendCompleted()
        while await iterator.next() != nil {}
        #expect(live.count == 0)
    }

    @Test func dropNewestKeepsTheOldestValuesOfABurst() async {
        let subject = Subject<Int, Never>()
        var iterator = subject.signal.values(bufferSize: 3, whenFull: .dropNewest).makeAsyncIterator()
        for value in 0..<1_000 { subject.send(value: value) }
        subject.sendCompleted()
        var received: [Int] = []
        while let value = await iterator.next() { received.append(value) }
        #expect(received == [0, 1, 2])
        #expect(iterator.dropped == 997)
    }

    @Test func failThrowsAtTheNextReadAndDisposesTheSubscription() async throws {
        let subject = Subject<Int, TestError>()
        let disposed = Flag()
        var iterator = subject.signal.on(disposed: { disposed.set() })
            .values(bufferSize: 2, whenFull: .fail(TestError(9))).makeAsyncIterator()
        subject.send(value: 1)
        subject.send(value: 2)
        #expect(!disposed.isSet)
        subject.send(value: 3) // the laggard is disconnected
        #expect(disposed.isSet)
        await #expect(throws: TestError(9)) { try await iterator.next() }
        #expect(try await iterator.next() == nil)
        #expect(iterator.dropped == 3)
    }

    @Test func aLoopThatKeepsUpGetsEveryValue() async throws {
        let subject = Subject<Int, TestError>()
        var iterator = subject.signal.values(bufferSize: 1, whenFull: .fail(TestError(1))).makeAsyncIterator()
        for value in 0..<100 {
            subject.send(value: value)
            #expect(try await iterator.next() == value)
        }
        subject.sendCompleted()
        #expect(try await iterator.next() == nil)
        #expect(iterator.dropped == 0)
    }

    @Test func aSizeOfZeroIsAProgrammerError() async {
        await #expect(processExitsWith: .failure) {
            _ = Signal<Int, Never>.never.values(bufferSize: 0, whenFull: .dropOldest)
        }
    }
}
