// A live-object tracker in the manner of swift-collections' `LifetimeTracker`: the objects it
// hands out count themselves alive until deinit, and subscriptions it is told about count
// themselves open until their disposable runs. A test ends with `expectNothingAlive()`.

import Synchronization
import Testing

final class LifetimeTracker: Sendable {
    private let liveObjects = Atomic<Int>(0)
    private let openSubscriptions = Atomic<Int>(0)

    /// An object to capture in a closure given to the library; alive until released.
    final class Tracked: Sendable {
        let tracker: LifetimeTracker
        init(_ tracker: LifetimeTracker) {
            self.tracker = tracker
            tracker.liveObjects.add(1, ordering: .relaxed)
        }
        deinit { tracker.liveObjects.subtract(1, ordering: .relaxed) }
    }

    func instance() -> Tracked { Tracked(self) }

    var liveObjectCount: Int { liveObjects.load(ordering: .relaxed) }
    var openSubscriptionCount: Int { openSubscriptions.load(ordering: .relaxed) }

    /// Counts a subscription open; the returned disposable counts it closed, once.
    func subscriptionOpened() -> SubscriptionToken {
        openSubscriptions.add(1, ordering: .relaxed)
        return SubscriptionToken(self)
    }

    final class SubscriptionToken: Sendable {
        private let tracker: LifetimeTracker
        private let closed = Atomic<Bool>(false)
        init(_ tracker: LifetimeTracker) { self.tracker = tracker }
        /// Returns false if it was already closed (a double disposal reaching the source).
        @discardableResult func close() -> Bool {
            guard !closed.exchange(true, ordering: .relaxed) else { return false }
            tracker.openSubscriptions.subtract(1, ordering: .relaxed)
            return true
        }
    }

    /// Fails the current test if any tracked object or subscription is still alive.
    func expectNothingAlive(_ comment: @autoclosure () -> String = "", sourceLocation: SourceLocation = #_sourceLocation) {
        let objects = liveObjectCount, subscriptions = openSubscriptionCount
        #expect(objects == 0, "potential leak of \(objects) objects \(comment())", sourceLocation: sourceLocation)
        #expect(subscriptions == 0, "\(subscriptions) subscriptions still open \(comment())", sourceLocation: sourceLocation)
    }
}
