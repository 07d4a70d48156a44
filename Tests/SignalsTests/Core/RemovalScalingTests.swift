// Removing one member from a crowd costs amortised O(1): a compound disposable's `remove`, and
// the disposal of one subscriber of a replaying source (ReplaySubject, BehaviorSubject,
// share). Checked by a ratio, never by a time, of the thread's CPU time (which a busy machine
// does not inflate by preempting the test): removing n members is timed against adding
// them (an O(1) append), at n and at 16n. Both suffer the same cache effects as n grows, so
// the quotient of the two ratios measures the removal's algorithm: about 1 when a removal
// costs O(1), about 16 when it scans the list.

import Signals
import SignalsTestSupport
import Testing

@Suite struct RemovalScalingTests {
    /// The best of five runs of `measure(count)`, which returns the time to add `count`
    /// members and the time to remove them all.
    private func removalOverAddition(_ count: Int, _ measure: (Int) -> (add: Duration, remove: Duration)) -> Double {
        let runs = (0..<5).map { _ in measure(count) }
        return runs.map(\.remove).min()! / runs.map(\.add).min()!
    }

    /// Removing 16n members costs, relative to adding them, about what it costs for n (a
    /// removal that scanned the list would make it 16 times as much).
    private func expectConstantTimeRemoval(
        _ what: String, small: Int = 500, _ measure: (Int) -> (add: Duration, remove: Duration)
    ) {
        let growth = removalOverAddition(16 * small, measure) / removalOverAddition(small, measure)
        #expect(growth < 5, "\(what): removal (relative to addition) grew \(growth) times from \(small) to \(16 * small) members")
    }

    @Test func compoundDisposableRemovesAMemberInConstantTime() {
        for reversed in [false, true] {
            expectConstantTimeRemoval("CompoundDisposable.remove\(reversed ? " (reverse order)" : "")") { count in
                let compound = CompoundDisposable()
                var members = (0..<count).map { _ in AnyDisposable() }
                let start = threadCPUTime()
                for member in members { compound.add(member) }
                let added = threadCPUTime()
                if reversed { members.reverse() }
                let removing = threadCPUTime()
                for member in members { compound.remove(member) }
                return (added - start, threadCPUTime() - removing)
            }
        }
    }

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

    @Test func disposingOneSubscriberOfAReplayingSourceTakesConstantTime() {
        let sources: [(String, () -> Signal<Int, Never>)] = [
            ("ReplaySubject", { ReplaySubject<Int, Never>(capacity: 1).signal }),
            ("BehaviorSubject", { BehaviorSubject<Int, Never>(value: 0).signal }),
            ("share(replay:)", { Subject<Int, Never>().signal.share(replay: 1) }),
        ]
        for (name, makeSource) in sources {
            for reversed in [false, true] {
                expectConstantTimeRemoval("\(name) dispose\(reversed ? " (reverse order)" : "")", small: 250) { count in
                    let source = makeSource()
                    let start = threadCPUTime()
                    var subscriptions = (0..<count).map { _ in source.subscribe(next: { _ in }) }
                    let added = threadCPUTime()
                    if reversed { subscriptions.reverse() }
                    let removing = threadCPUTime()
                    for subscription in subscriptions { subscription.dispose() }
                    return (added - start, threadCPUTime() - removing)
                }
            }
        }
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
