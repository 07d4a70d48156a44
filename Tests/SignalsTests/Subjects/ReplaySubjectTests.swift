// ReplaySubject: replays the last `capacity` values, then the terminal event if any, then
// live events; the replay and the live events form one contiguous run.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct ReplaySubjectTests {
    @Test func replaysTheLastCapacityValuesThenForwardsLiveEvents() {
        // Given
        let subject = ReplaySubject<Int, Never>(capacity: 2)
        subject.send(value: 1); subject.send(value: 2); subject.send(value: 3)
        // When
        let late = subject.signal.record()
        subject.send(value: 4)
        // Then
        #expect(late.values == [2, 3, 4])
    }

    @Test func replaysFewerValuesWhenFewerWereSent() {
        let subject = ReplaySubject<Int, Never>(capacity: 3)
        subject.send(value: 1)
        #expect(subject.signal.record().values == [1])
        #expect(ReplaySubject<Int, Never>(capacity: 3).signal.record().values == [])
    }

    @Test func keepsTheNewestValuesInOrderAsTheBufferWrapsAround() {
        // Given: subscribers arriving at every point of several wrap-arounds of a buffer of 3
        let subject = ReplaySubject<Int, Never>(capacity: 3)
        var recorders: [(sent: Int, recorder: Recorder<Int, Never>)] = []
        for value in 0..<10 {
            recorders.append((value, subject.signal.record()))
            subject.send(value: value)
        }
        recorders.append((10, subject.signal.record()))
        // Then: each got the last (at most) 3 values sent before it, then every later one
        for (sent, recorder) in recorders {
            #expect(recorder.values == Array(max(0, sent - 3)..<10), "subscribed after \(sent) values")
        }
    }

    @Test func capacityMaxReplaysEveryValue() {
        let subject = ReplaySubject<Int, Never>(capacity: .max)
        for value in 0..<1_000 { subject.send(value: value) }
        #expect(subject.signal.record().values == Array(0..<1_000))
    }

    @Test func lateSubscriberAfterCompletionGetsTheBufferThenCompleted() {
        let subject = ReplaySubject<Int, Never>(capacity: 2)
        subject.send(value: 1); subject.send(value: 2); subject.send(value: 3)
        subject.sendCompleted()
        #expect(subject.signal.record().events == [.next(2), .next(3), .completed])
    }

    @Test func lateSubscriberAfterAnErrorGetsTheBufferThenTheError() {
        let subject = ReplaySubject<Int, TestError>(capacity: 1)
        subject.send(value: 1); subject.send(value: 2)
        subject.send(error: TestError(7))
        #expect(subject.signal.record().events == [.next(2), .error(TestError(7))])
    }

    @Test func currentSubscribersReceiveTheTerminalEventOnce() {
        let subject = ReplaySubject<Int, TestError>(capacity: 1)
        let early = subject.signal.record()
        subject.send(value: 1)
        subject.send(error: TestError(1))
        subject.sendCompleted()
        subject.send(value: 2)
        #expect(early.events == [.next(1), .error(TestError(1))])
        #expect(subject.signal.record().events == [.next(1), .error(TestError(1))])
    }

    @Test func capacityZeroReplaysNoValueButStillReplaysTheTerminalEvent() {
        let subject = ReplaySubject<Int, Never>(capacity: 0)
        subject.send(value: 1)
        let late = subject.signal.record()
        subject.send(value: 2)
        subject.sendCompleted()
        #expect(late.events == [.next(2), .completed])
        #expect(subject.signal.record().events == [.completed])
    }

    @Test func disposedSubscriptionReceivesNothingMore() {
        let subject = ReplaySubject<Int, Never>(capacity: 2)
        let first = subject.signal.record(), second = subject.signal.record()
        subject.send(value: 1)
        first.dispose()
        subject.send(value: 2)
        subject.sendCompleted()
        #expect(first.events == [.next(1)])
        #expect(second.events == [.next(1), .next(2), .completed])
    }

    @Test func disposingDuringTheReplayStopsIt() {
        // Given: a subscriber that stops after the second replayed value
        let subject = ReplaySubject<Int, Never>(capacity: 5)
        for value in 1...5 { subject.send(value: value) }
        let firstTwoSignal: Signal<Int, Never> = subject.signal.bind {
            { event, stop in
                guard case .next(let value) = event else { return nil }
                if value == 2 { stop = true }
                return .just(value)
            }
        }
        let firstTwo = firstTwoSignal.record()
        subject.send(value: 6)
        // Then
        #expect(firstTwo.events == [.next(1), .next(2), .completed])
    }

    @Test func reentrantSendIsQueuedBehindTheEventBeingDelivered() {
        // Given: the first observer sends 2 while 1 is being delivered
        let subject = ReplaySubject<Int, Never>(capacity: 1)
        let log = Locked<[String]>([])
        subject.signal.subscribe(next: { value in
            log.append("first \(value)")
            if value == 1 { subject.send(value: 2) }
        })
        subject.signal.subscribe(next: { value in log.append("second \(value)") })
        // When
        subject.send(value: 1)
        // Then: every observer sees 1 before anyone sees 2
        #expect(log.value == ["first 1", "second 1", "first 2", "second 2"])
    }

    @Test func reentrantSubscriberGetsTheReplayThenEveryLaterEventOnce() {
        // Given: while 1 is delivered, an observer subscribes a new one and sends 2
        let subject = ReplaySubject<Int, Never>(capacity: 2)
        let late = Locked<Recorder<Int, Never>?>(nil)
        subject.signal.subscribe(next: { value in
            if value == 1 {
                late.withLock { $0 = subject.signal.record() }
                subject.send(value: 2)
            }
        })
        // When
        subject.send(value: 1)
        subject.send(value: 3)
        // Then
        #expect(late.value?.values == [1, 2, 3])
    }

    @Test func releasesItsSubscribersAfterCompletion() {
        // Given
        let subject = ReplaySubject<Int, Never>(capacity: 1)
        weak var weakToken: Tracked?
        do {
            let token = Tracked()
            weakToken = token
            subject.signal.subscribe(next: { _ in _ = token })
        }
        #expect(weakToken != nil)
        // When
        subject.sendCompleted()
        // Then
        #expect(weakToken == nil)
    }

    @Test func releasesADisposedSubscriber() {
        let subject = ReplaySubject<Int, Never>(capacity: 1)
        weak var weakToken: Tracked?
        let subscription: any Disposable
        do {
            let token = Tracked()
            weakToken = token
            subscription = subject.signal.subscribe(next: { _ in _ = token })
        }
        subscription.dispose()
        #expect(weakToken == nil)
    }

    /// A subscription lives until its terminal event or until it is disposed, even if the
    /// subject goes away without a terminal event (Contracts.md, "Lifetime of a subscription");
    /// the subject's buffer goes with the subject.
    @Test func releasingTheSubjectReleasesItsBufferAndDisposingReleasesTheSubscriber() {
        weak var weakValue: Tracked?
        weak var weakToken: Tracked?
        let subscription: any Disposable
        do {
            let subject = ReplaySubject<Tracked, Never>(capacity: 1)
            let token = Tracked(), value = Tracked(id: 2)
            weakToken = token; weakValue = value
            subscription = subject.signal.subscribe(next: { _ in _ = token })
            subject.send(value: value)
        }
        #expect(weakValue == nil)
        #expect(weakToken != nil)
        subscription.dispose()
        #expect(weakToken == nil)
    }

    @Test func negativeCapacityIsAProgrammerError() async {
        await #expect(processExitsWith: .failure) {
            _ = ReplaySubject<Int, Never>(capacity: -1)
        }
    }
}
