// on(subscribed:disposed:) is a pair even when disposal races the subscription from another
// thread: `disposed` runs only if `subscribed` ran, and then exactly once. Runs under
// ThreadSanitizer in CI (the suite's name matches the ConcurrencyTests filter).

import Signals
import SignalsTestSupport
import Testing

@Suite struct OnPairConcurrencyTests {
    /// A live-subscription counter never goes below zero and ends at zero, however the
    /// cancellations of `firstValue()` tasks land against their subscriptions.
    @Test func disposedRunsOnlyAfterSubscribedAndExactlyOnceWhenCancellationRacesTheStart() async {
        let active = Locked(0)
        let wentNegative = Flag()
        let subscribedCount = Counter()
        let disposedCount = Counter()
        let counted = Signal<Int, Never>.never.on(
            subscribed: {
                subscribedCount.increment()
                active.withLock { $0 += 1 }
            },
            disposed: {
                disposedCount.increment()
                if active.withLock({ $0 -= 1; return $0 }) < 0 { wentNegative.set() }
            }
        )
        for _ in 0..<20 {
            let tasks = (0..<50).map { _ in Task.detached { _ = await counted.firstValue() } }
            for task in tasks { task.cancel() }
            for task in tasks { await task.value }
        }
        #expect(!wentNegative.isSet, "disposed ran before (or without) subscribed")
        #expect(active.value == 0)
        #expect(subscribedCount.count == disposedCount.count)
    }

    /// The same pair when the output is disposed on one thread while another subscribes it.
    @Test func disposingFromAnotherThreadWhileSubscribingKeepsThePair() {
        let subscribedCount = Counter()
        let disposedCount = Counter()
        let counted = Signal<Int, Never>.never.on(
            subscribed: { subscribedCount.increment() },
            disposed: { disposedCount.increment() }
        )
        for _ in 0..<200 {
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
        #expect(subscribedCount.count == 200)
        #expect(disposedCount.count == 200)
    }
}
