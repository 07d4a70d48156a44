import Dispatch
import OpenCombine
import Signals
import SignalsOpenCombine
import SignalsTesting
import Testing

/// A signal that counts its live subscriptions (subscribed, not yet disposed or ended).
func counted<Value, Failure: Error>(_ signal: Signal<Value, Failure>, _ live: Box<Int>) -> Signal<Value, Failure> {
    Signal { observer in
        live.mutate { $0 += 1 }
        let subscription = signal.subscribe(observer)
        return AnyDisposable {
            subscription.dispose()
            live.mutate { $0 -= 1 }
        }
    }
}

/// No subscription is left alive after cancel or dispose, on either side (counted).
@Suite struct BridgeLifetimeTests {
    @Test func cancelDisposesTheSignalsSubscription() {
        let live = Box(0)
        let subscriber = TrackingSubscriber<Int, Never>(initial: .max(1))
        counted(Signal<Int, Never>.never, live).publisher.subscribe(subscriber)
        #expect(live.value == 1)
        subscriber.cancel()
        #expect(live.value == 0)
    }

    @Test func droppingTheSinksCancellableDisposesTheSignalsSubscription() {
        let live = Box(0)
        var cancellable: AnyCancellable? = counted(Signal<Int, Never>.never, live).publisher.sink { _ in }
        #expect(live.value == 1)
        withExtendedLifetime(cancellable) {}
        cancellable = nil
        #expect(live.value == 0)
    }

    @Test func theSubscriptionObjectIsReleasedAfterCancel() {
        weak var released: AnyObject?
        do {
            let subscriber = TrackingSubscriber<Int, Never>(initial: .max(1))
            Signal<Int, Never>.never.publisher.subscribe(subscriber)
            released = subscriber.state.value.subscription as AnyObject?
            #expect(released != nil)
            subscriber.cancel()
        }
        #expect(released == nil)
    }

    @Test func theSubscriptionObjectIsReleasedAfterCompletion() {
        weak var released: AnyObject?
        let source = Signals.Subject<Int, Never>()
        do {
            let subscriber = TrackingSubscriber<Int, Never>(initial: .unlimited)
            source.signal.publisher.subscribe(subscriber)
            released = subscriber.state.value.subscription as AnyObject?
            source.sendCompleted()
        }
        #expect(released == nil)
    }

    @Test func nothingArrivesAfterCancel() {
        let source = Signals.Subject<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initial: .max(1))
        source.signal.publisher.subscribe(subscriber)
        source.send(value: 1)
        source.send(value: 2)  // buffered
        subscriber.cancel()
        source.send(value: 3)
        source.sendCompleted()
        subscriber.request(.unlimited)  // a request after cancel changes nothing
        #expect(subscriber.received == [.subscription, .value(1)])
    }

    @Test func disposeCancelsTheCombineSubscription() {
        let publisher = CountingPublisher([1, 2, 3])
        let subject = PassthroughSubject<Int, TestError>()
        let merged = publisher.append(subject).eraseToAnyPublisher()
        let recorder = merged.signal.record()
        #expect(recorder.values == [1, 2, 3])
        #expect(publisher.counts.value.live == 0)  // finished and released
        recorder.dispose()
        subject.send(4)
        #expect(recorder.values == [1, 2, 3])
    }

    @Test func disposeReleasesTheCombineSubscription() {
        let publisher = CountingPublisher(Array(1...3))
        let recorder = publisher.signal(requestingBatchesOf: 1).take(1).record()
        #expect(recorder.events == [.next(1), .completed])
        #expect(publisher.counts.value.cancels == 1)
        #expect(publisher.counts.value.live == 0)
    }

    @Test func aPublisherSubscriptionEndsWithItsSignal() {
        let publisher = CountingPublisher([1, 2])
        _ = publisher.signal.record()
        #expect(publisher.counts.value.live == 0)
        #expect(publisher.counts.value.cancels == 0)
    }
}

/// Threads: cancel from another thread during delivery; requests racing values.
@Suite struct BridgeThreadsTests {
    @Test func cancelFromAnotherThreadDuringADeliveryEndsTheSubscription() {
        let live = Box(0)
        let source = Signals.Subject<Int, Never>()
        let inside = DispatchSemaphore(value: 0)
        let cancelled = DispatchSemaphore(value: 0)
        let subscriber = TrackingSubscriber<Int, Never>(initial: .unlimited, onValue: { value in
            // The delivery of 100 is under way on the sender's thread while the test cancels.
            if value == 100 {
                inside.signal()
                cancelled.wait()
            }
        })
        counted(source.signal, live).publisher.subscribe(subscriber)
        let group = DispatchGroup()
        DispatchQueue(label: "sender").async(group: group) {
            for value in 1...1_000 { source.send(value: value) }
            source.sendCompleted()
        }
        inside.wait()
        subscriber.cancel()
        cancelled.signal()
        group.wait()
        #expect(subscriber.values == Array(1...100))
        #expect(subscriber.completions.isEmpty)
        #expect(live.value == 0)
    }

    @Test func cancelFromAnotherThreadAtAnyMomentDeliversNothingAfterIt() {
        for round in 0..<20 {
            let live = Box(0)
            let source = Signals.Subject<Int, Never>()
            let subscriber = TrackingSubscriber<Int, Never>(initial: .unlimited)
            counted(source.signal, live).publisher.subscribe(subscriber)
            let group = DispatchGroup()
            DispatchQueue(label: "sender").async(group: group) {
                for value in 1...2_000 { source.send(value: value) }
                source.sendCompleted()
            }
            for _ in 0..<(round * 50) { _ = subscriber.overlaps }  // cancel at a different moment each round
            subscriber.cancel()
            let seenAtCancel = subscriber.received.count
            group.wait()
            // At most the one delivery under way when cancel() returned.
            let after = subscriber.received.dropFirst(seenAtCancel)
            #expect(after.count <= 1)
            #expect(!after.contains { if case .completion = $0 { true } else { false } })
            #expect(subscriber.overlaps == 0)
            #expect(live.value == 0)
            #expect(subscriber.values == Array(1..<(subscriber.values.count + 1)))
        }
    }

    @Test func requestsFromAnotherThreadRaceValuesWithoutLosingOrReorderingAny() async {
        let count = 2_000
        let source = Signals.Subject<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initial: nil)
        source.signal.publisher.subscribe(subscriber)
        let group = DispatchGroup()
        DispatchQueue(label: "sender").async(group: group) {
            for value in 1...count { source.send(value: value) }
        }
        DispatchQueue(label: "requester").async(group: group) {
            for _ in 1...count { subscriber.request(.max(1)) }
        }
        group.wait()
        #expect(subscriber.values == Array(1...count))
        #expect(subscriber.overlaps == 0)
    }
}
