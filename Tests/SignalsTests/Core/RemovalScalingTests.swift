// Removing one member from a crowd: a compound disposable's `remove`, and the disposal of one
// subscriber of a replaying source (ReplaySubject, BehaviorSubject, share), keep the others,
// in order. What removal costs as the crowd grows (amortised O(1): the same per member at N
// and 16·N) is measured in the Benchmarks package, in instructions, never by a time here
// (W19 CompoundDisposable and CompoundDisposable-reverse, share-replay, ReplaySubject-reverse,
// BehaviorSubject-reverse).

import Signals
import SignalsTestSupport
import Testing

@Suite struct RemovalScalingTests {
    @Test func compoundDisposableDisposesTheMembersLeftInTheOrderTheyWereAdded() {
        let disposed = Locked<[Int]>([])
        let members = (0..<10).map { index in AnyDisposable { disposed.withLock { $0.append(index) } } }
        let compound = CompoundDisposable(Array(members[0..<5]))
        for member in members[5...] { compound.add(member) }
        compound.remove(members[2])
        compound.remove(members[7])
        compound.remove(AnyDisposable()) // not a member: nothing happens
        compound.dispose()
        #expect(disposed.withLock { $0 } == [0, 1, 3, 4, 5, 6, 8, 9])
        let late = AnyDisposable()
        compound.add(late)
        #expect(late.isDisposed)
    }

    @Test func aMemberAddedTwiceStaysUntilRemovedTwice() {
        let member = AnyDisposable()
        let compound = CompoundDisposable()
        compound.add(member)
        compound.add(member)
        compound.remove(member)
        compound.dispose()
        #expect(member.isDisposed)
    }

    @Test func aReplaySubjectDeliversToTheSubscribersLeftInSubscriptionOrder() {
        let subject = ReplaySubject<Int, Never>(capacity: 1)
        let received = Locked<[Int]>([])
        let subscriptions = (0..<100).map { index in
            subject.signal.subscribe(next: { value in received.withLock { $0.append(index * 1000 + value) } })
        }
        for index in stride(from: 0, to: 100, by: 3) { subscriptions[index].dispose() }
        subject.send(value: 1)
        let kept = (0..<100).filter { $0 % 3 != 0 }
        #expect(received.withLock { $0 } == kept.map { $0 * 1000 + 1 })
        for index in kept.dropLast() { subscriptions[index].dispose() }
        received.withLock { $0 = [] }
        subject.send(value: 2)
        #expect(received.withLock { $0 } == [98_002])
    }
}
