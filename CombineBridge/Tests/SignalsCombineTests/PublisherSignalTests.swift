import OpenCombine
import Signals
import SignalsOpenCombine
import SignalsTesting
import Testing

/// `publisher.signal` and `signal(requestingBatchesOf:)`.
@Suite struct PublisherSignalTests {
    @Test func aPublishersValuesAndCompletionReachTheObserver() {
        let recorder = [1, 2, 3].publisher.signal.record()
        #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
    }

    @Test func aPublisherThatFailsGivesASignalOfTheSameFailure() {
        let failing = CountingPublisher([1], failure: TestError(code: 4))
        let signal: Signal<Int, TestError> = failing.signal
        #expect(signal.record().events == [.next(1), .error(TestError(code: 4))])
    }

    @Test func requestsUnlimited() {
        let publisher = CountingPublisher([1, 2])
        _ = publisher.signal.record()
        #expect(publisher.counts.value.requests == [.unlimited])
    }

    @Test func requestsInBatches() {
        let publisher = CountingPublisher(Array(1...10))
        let recorder = publisher.signal(requestingBatchesOf: 3).record()
        #expect(recorder.events == (1...10).map { .next($0) } + [.completed])
        // One request of 3, then 3 more each time 3 have arrived (returned from receive).
        #expect(publisher.counts.value.requests == [.max(3)])
        #expect(publisher.counts.value.returned == [.max(3), .max(3), .max(3)])
    }

    @Test func eachSubscriptionIsOneCombineSubscription() {
        let publisher = CountingPublisher([1])
        let signal = publisher.signal
        _ = signal.record()
        _ = signal.record()
        #expect(publisher.counts.value.requests.count == 2)
    }

    @Test func aPublisherThatCompletesInsideReceiveSubscription() {
        // Empty: the subscriber gets its subscription, then the completion, with no request.
        #expect(Empty<Int, Never>().signal.record().events == [.completed])
        // Just: the value and the completion arrive inside the request that
        // receive(subscription:) makes.
        #expect(Just(5).signal.record().events == [.next(5), .completed])
        // Fail: the failure at once.
        #expect(Fail<Int, TestError>(error: TestError(code: 2)).signal.record().events == [.error(TestError(code: 2))])
    }

    @Test func disposingCancelsTheCombineSubscription() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.signal.record()
        subject.send(1)
        recorder.dispose()
        subject.send(2)
        #expect(recorder.events == [.next(1)])
    }

    @Test func takeCutsAnEndlessSynchronousPublisher() {
        // (1...).publisher delivers synchronously while it is subscribed: take(3) disposes the
        // subscription inside that delivery, and the subscriber cancels at the next value.
        let recorder = (1...).publisher.signal.take(3).record()
        #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
    }

    @Test func aSecondSubscriptionToTheSameSubscriberIsCancelled() {
        // Combine's rule: a subscriber takes one subscription. Here a publisher that hands
        // out two; the second is cancelled without a request.
        let twice = TwoSubscriptionsPublisher()
        let recorder = twice.signal.record()
        twice.first.send(1)
        #expect(twice.second.counts.value.cancels == 1)
        #expect(twice.second.counts.value.requests == [])
        #expect(recorder.events == [.next(1)])
    }
}

/// A publisher that (wrongly) gives its subscriber two subscriptions.
struct TwoSubscriptionsPublisher: Publisher, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = TestError
    let first = PassthroughSubject<Int, TestError>()
    let second = CountingPublisher([2])

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
        first.receive(subscriber: subscriber)
        second.receive(subscriber: subscriber)
    }
}
