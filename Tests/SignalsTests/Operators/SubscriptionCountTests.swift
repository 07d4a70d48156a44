// counting(into:) and SubscriptionCount: a live count of a signal's subscriptions, readable at
// any time. The concurrency cases run under ThreadSanitizer in CI (.ci/run's tsan list).

import Signals
import SignalsTesting
import SignalsTestSupport
import Testing

@Suite struct SubscriptionCountTests {
    @Test func countsASubscriptionFromBeforeItsSourceIsSubscribedUntilItIsDisposed() {
        // Given
        let count = SubscriptionCount()
        let seenBySource = Locked<[Int]>([])
        let source = Signal<Int, Never>.deferred {
            seenBySource.append(count.live)
            return .never
        }
        let counted = source.counting(into: count)
        // When
        let first = counted.subscribe(next: { _ in })
        let second = counted.subscribe(next: { _ in })
        // Then
        #expect(seenBySource.value == [1, 2])
        #expect(count.live == 2)
        first.dispose()
        #expect(count.live == 1)
        second.dispose()
        #expect(count.live == 0)
        #expect(count.total == 2)
    }

    @Test func aSubscriptionThatEndsByItselfLeavesTheCountAfterItsTerminalEvent() {
        // Given
        let count = SubscriptionCount()
        let subject = Subject<Int, TestError>()
        let readAtTheEnd = Locked<[Int]>([])
        let counted = subject.signal.counting(into: count)
        counted.subscribe(Observer { event in
            if event.isTerminating { readAtTheEnd.append(count.live) }
        })
        counted.subscribe(next: { _ in })
        #expect(count.live == 2)
        // When
        subject.send(error: TestError(1))
        // Then: still counted while its terminal event is delivered, gone after it.
        #expect(readAtTheEnd.value == [2])
        #expect(count.live == 0)
        #expect(count.total == 2)
    }

    @Test func leavesTheEventsUnchanged() {
        let count = SubscriptionCount()
        let recorder = Signal.from([1, 2, 3]).counting(into: count).record()
        #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
        #expect(count.live == 0)
        #expect(count.total == 1)
    }

    @Test func oneCountSharedBySeveralSignalsCountsThemAll() {
        let count = SubscriptionCount()
        let rooms = (0..<3).map { _ in Subject<String, Never>() }
        let subscriptions = rooms.map { $0.signal.counting(into: count).subscribe(next: { _ in }) }
        #expect(count.live == 3)
        subscriptions[1].dispose()
        #expect(count.live == 2)
        rooms[0].sendCompleted()
        #expect(count.live == 1)
        subscriptions[2].dispose()
        #expect(count.live == 0)
        #expect(count.total == 3)
    }

    @Test func countsTheFollowersOfAnAsyncLoop() async {
        // Given: a feed followed with `values`, as a server's connection follows it.
        let count = SubscriptionCount()
        let feed = Subject<Int, Never>()
        let followed = feed.signal.counting(into: count)
        // When: the iterator exists, the subscription is in place and counted.
        var iterator: Signal<Int, Never>.Values.Iterator? = followed.values.makeAsyncIterator()
        #expect(count.live == 1)
        feed.send(value: 7)
        let first = await iterator?.next()
        #expect(first == 7)
        // Then: dropping the iterator (a `break`) ends the subscription.
        iterator = nil
        #expect(count.live == 0)
        #expect(count.total == 1)
    }

    @Test func readsExactlyWhileSubscriptionsComeAndGoOnManyThreads() {
        // Given
        let count = SubscriptionCount()
        let feed = Subject<Int, Never>()
        let counted = feed.signal.counting(into: count)
        let wentNegative = Flag()
        let rounds = stressOperations(400)
        // When: four threads subscribe and dispose while a fifth sends and reads the count.
        runConcurrently(5) { thread in
            if thread == 4 {
                for value in 0..<rounds {
                    feed.send(value: value)
                    if count.live < 0 { wentNegative.set() }
                }
                return
            }
            for _ in 0..<rounds {
                let subscription = counted.subscribe(next: { _ in })
                if count.live < 1 { wentNegative.set() }
                subscription.dispose()
            }
        }
        // Then
        #expect(!wentNegative.isSet)
        #expect(count.live == 0)
        #expect(count.total == 4 * rounds)
    }

    @Test func staysExactWhenDisposalRacesTheSubscriptionFromAnotherThread() {
        let count = SubscriptionCount()
        let counted = Signal<Int, Never>.never.counting(into: count)
        let rounds = testSize(200, quick: 100)
        for _ in 0..<rounds {
            let subscription = Locked<(any Disposable)?>(nil)
            runConcurrently(2) { thread in
                if thread == 0 {
                    subscription.withLock { $0 = counted.subscribe(next: { _ in }) }
                } else {
                    subscription.withLock { $0 }?.dispose()
                }
            }
            subscription.withLock { $0 }?.dispose()
        }
        #expect(count.live == 0)
        #expect(count.total == rounds)
    }
}
