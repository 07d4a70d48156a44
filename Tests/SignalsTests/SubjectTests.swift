// Subject: hot; re-entrant sends queued; a late subscriber after a terminal event gets it.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct SubjectTests {
    @Test func forwardsOnlyToTheObserversPresentWhenAnEventIsSent() {
        // Given
        let subject = Subject<Int, Never>()
        let early = subject.signal.record()
        subject.send(value: 1)
        // When
        let late = subject.signal.record()
        subject.send(value: 2)
        // Then
        #expect(early.values == [1, 2])
        #expect(late.values == [2])
    }

    @Test func disposedSubscriptionReceivesNothingMore() {
        // Given
        let subject = Subject<Int, Never>()
        let first = subject.signal.record(), second = subject.signal.record()
        subject.send(value: 1)
        // When
        first.dispose()
        subject.send(value: 2)
        // Then
        #expect(first.values == [1])
        #expect(second.values == [1, 2])
    }

    @Test func reentrantSendIsQueuedBehindTheEventBeingDelivered() {
        // Given: the first observer sends 2 while 1 is being delivered
        let subject = Subject<Int, Never>()
        let log = Locked<[String]>([])
        subject.signal.subscribe(next: { value in
            log.append("first \(value)")
            if value == 1 { subject.send(value: 2) }
        })
        subject.signal.subscribe(next: { value in log.append("second \(value)") })
        // When
        subject.send(value: 1)
        // Then
        #expect(log.value == ["first 1", "second 1", "first 2", "second 2"])
    }

    @Test func ignoresSendsAfterATerminalEvent() {
        // Given
        let subject = Subject<Int, Oops>()
        let recorder = subject.signal.record()
        // When
        subject.send(value: 1)
        subject.sendCompleted()
        subject.send(value: 2)
        subject.send(error: Oops())
        // Then
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test func lateSubscriberGetsTheCompletion() {
        // Given
        let subject = Subject<Int, Oops>()
        subject.send(value: 1)
        subject.sendCompleted()
        // When
        let late = subject.signal.record()
        // Then
        #expect(late.events == [.completed])
    }

    @Test func lateSubscriberGetsTheError() {
        // Given
        let subject = Subject<Int, Oops>()
        subject.send(error: Oops())
        // When
        let late = subject.signal.record()
        // Then
        #expect(late.events == [.error(Oops())])
    }

    @Test func terminalEventSentReentrantlyReachesEveryObserverAfterTheCurrentValue() {
        // Given
        let subject = Subject<Int, Never>()
        subject.signal.subscribe(next: { _ in subject.sendCompleted() })
        let recorder = subject.signal.record()
        // When
        subject.send(value: 1)
        subject.send(value: 2)
        // Then
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test func subscriptionDisposedByAnEarlierObserverDoesNotGetTheCurrentEvent() {
        // Given
        let subject = Subject<Int, Never>()
        let holder = SerialDisposable()
        subject.signal.subscribe(next: { value in if value == 1 { holder.dispose() } })
        let log = Locked<[Int]>([])
        holder.inner = subject.signal.subscribe(next: { log.append($0) })
        // When
        subject.send(value: 1)
        subject.send(value: 2)
        // Then
        #expect(log.value.isEmpty)
    }

    @Test func observerSubscribedDuringDeliveryGetsOnlyLaterEvents() {
        // Given
        let subject = Subject<Int, Never>()
        let late = Locked<Recorder<Int, Never>?>(nil)
        subject.signal.subscribe(next: { value in
            if value == 1 {
                late.withLock { $0 = subject.signal.record() }
                subject.send(value: 2)
            }
        })
        // When
        subject.send(value: 1)
        // Then
        #expect(late.value?.values == [2])
    }
}
