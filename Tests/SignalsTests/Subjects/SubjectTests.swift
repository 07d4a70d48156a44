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
    @Test func observerDisposedDuringADeliveryIsReleasedWhenThatDeliveryEnds() {
        // Given: the first observer disposes the second while a value is being delivered,
        // and only the second's closure holds the token
        let subject = Subject<Int, Never>()
        let holder = SerialDisposable()
        let first = subject.signal.subscribe(next: { _ in holder.dispose() })
        weak var weakToken: Tracked?
        do {
            let token = Tracked()
            weakToken = token
            holder.inner = subject.signal.subscribe(next: { _ = $0 + token.id })
        }
        #expect(weakToken != nil)
        // When: one value, and no other send after it
        subject.send(value: 1)
        // Then: nothing keeps the removed observer once the delivery has ended
        #expect(weakToken == nil)
        first.dispose()
    }

    @Test func subscribingAndDisposingSeveralTimesDuringOneDeliveryIsSeenByTheNextOne() {
        // Given: while 1 is delivered, the first observer subscribes two recorders, disposes
        // the first of them and the observer after itself
        let subject = Subject<Int, Never>()
        let added = Locked<[Recorder<Int, Never>]>([])
        let second = SerialDisposable()
        let first = subject.signal.subscribe(next: { value in
            guard value == 1 else { return }
            let a = subject.signal.record(), b = subject.signal.record()
            added.withLock { $0 = [a, b] }
            a.dispose()
            second.dispose()
        })
        let secondLog = Locked<[Int]>([])
        second.inner = subject.signal.subscribe(next: { secondLog.append($0) })
        // When
        subject.send(value: 1)
        subject.send(value: 2)
        // Then: the second observer got nothing (disposed before its turn in 1), the
        // recorders only what was sent after they subscribed, and not after being disposed
        #expect(secondLog.value.isEmpty)
        #expect(added.value.map(\.values) == [[], [2]])
        first.dispose()
        added.value.forEach { $0.dispose() }
    }
}
