// NotificationCenter.signal(for:object:): one observer per subscription, removed on disposal.

#if canImport(Foundation)
import Testing
import Signals
import SignalsTesting
import SignalsTestSupport
import Foundation

@Suite struct NotificationCenterSignalTests {
    private static let saved = Notification.Name("NotificationCenterSignalTests.saved")

    @Test func sendsEachPostedNotification() {
        let center = NotificationCenter()
        let recorder = center.signal(for: Self.saved).record()
        center.post(name: Self.saved, object: nil)
        center.post(name: Notification.Name("other"), object: nil)
        center.post(name: Self.saved, object: nil)
        #expect(recorder.values.map(\.name) == [Self.saved, Self.saved])
        #expect(recorder.events.count == 2) // never completes
        recorder.dispose()
    }

    @Test func filtersByTheObjectWhenGiven() {
        let center = NotificationCenter()
        let document = NSObject(), other = NSObject()
        let recorder = center.signal(for: Self.saved, object: document).record()
        center.post(name: Self.saved, object: other)
        center.post(name: Self.saved, object: document)
        #expect(recorder.values.count == 1)
        #expect(recorder.values.first?.object as AnyObject? === document)
        recorder.dispose()
    }

    @Test func disposingRemovesTheObserver() {
        let center = NotificationCenter()
        let received = Counter()
        let subscription = center.signal(for: Self.saved).subscribe(next: { _ in received.increment() })
        center.post(name: Self.saved, object: nil)
        subscription.dispose()
        center.post(name: Self.saved, object: nil)
        #expect(received.count == 1)
    }

    @Test func theCenterLetsGoOfTheSubscriberOnDisposal() {
        let center = NotificationCenter()
        final class Witness: Sendable {}
        weak var released: Witness?
        var subscription: (any Disposable)?
        do {
            let witness = Witness()
            released = witness
            subscription = center.signal(for: Self.saved).subscribe(next: { _ in _ = witness })
        }
        #expect(released != nil) // held by the center's observer while subscribed
        subscription?.dispose()
        #expect(released == nil) // the observer was removed: nothing holds the closure
    }

    @Test func eachSubscriptionHasItsOwnObserver() {
        let center = NotificationCenter()
        let first = center.signal(for: Self.saved).record()
        let second = center.signal(for: Self.saved).record()
        center.post(name: Self.saved, object: nil)
        first.dispose()
        center.post(name: Self.saved, object: nil)
        #expect(first.values.count == 1)
        #expect(second.values.count == 2)
        second.dispose()
    }

    @Test func postsFromSeveralThreadsAreDeliveredOneAtATime() {
        let center = NotificationCenter()
        let inside = Counter(), overlaps = Counter(), received = Counter()
        let subscription = center.signal(for: Self.saved).subscribe(next: { _ in
            if inside.increment() != 1 { overlaps.increment() }
            received.increment()
            inside.decrement()
        })
        runConcurrently(4) { _ in
            for _ in 0..<200 { center.post(name: Self.saved, object: nil) }
        }
        #expect(received.count == 800)
        #expect(overlaps.count == 0)
        subscription.dispose()
    }
}
#endif
