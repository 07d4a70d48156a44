// BehaviorSubject: always has a current value; replays it, then live events; after a
// terminal event, later subscribers get only that event.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct BehaviorSubjectTests {
    @Test func replaysTheInitialValueToANewSubscriber() {
        let subject = BehaviorSubject<Int, Never>(value: 0)
        #expect(subject.signal.record().values == [0])
        #expect(subject.value == 0)
    }

    @Test func replaysTheCurrentValueThenForwardsLiveEvents() {
        // Given
        let subject = BehaviorSubject<Int, Never>(value: 0)
        let early = subject.signal.record()
        subject.send(value: 1); subject.send(value: 2)
        // When
        let late = subject.signal.record()
        subject.send(value: 3)
        // Then
        #expect(early.values == [0, 1, 2, 3])
        #expect(late.values == [2, 3])
    }

    @Test func valueIsTheLastValueSent() {
        let subject = BehaviorSubject<String, Never>(value: "a")
        subject.send(value: "b")
        #expect(subject.value == "b")
        subject.send(.next("c"))
        #expect(subject.value == "c")
    }

    @Test func optionalValuesIncludingNilAreValues() {
        let subject = BehaviorSubject<Int?, Never>(value: nil)
        #expect(subject.value == nil)
        #expect(subject.signal.record().values == [nil])
        subject.send(value: 1)
        #expect(subject.value == 1)
    }

    @Test func afterCompletionLaterSubscribersGetOnlyCompletedAndValueIsKept() {
        let subject = BehaviorSubject<Int, Never>(value: 0)
        let early = subject.signal.record()
        subject.send(value: 1)
        subject.sendCompleted()
        subject.send(value: 2)
        #expect(early.events == [.next(0), .next(1), .completed])
        #expect(subject.signal.record().events == [.completed])
        #expect(subject.value == 1)
    }

    @Test func afterAnErrorLaterSubscribersGetOnlyTheError() {
        let subject = BehaviorSubject<Int, TestError>(value: 0)
        let early = subject.signal.record()
        subject.send(error: TestError(3))
        #expect(early.events == [.next(0), .error(TestError(3))])
        #expect(subject.signal.record().events == [.error(TestError(3))])
    }

    @Test func disposedSubscriptionReceivesNothingMore() {
        let subject = BehaviorSubject<Int, Never>(value: 0)
        let first = subject.signal.record(), second = subject.signal.record()
        first.dispose()
        subject.send(value: 1)
        #expect(first.values == [0])
        #expect(second.values == [0, 1])
    }

    @Test func reentrantSendBecomesTheValueWhenItIsDelivered() {
        // Given: the observer sends 2 from inside the delivery of 1
        let subject = BehaviorSubject<Int, Never>(value: 0)
        let seen = Locked<[String]>([])
        subject.signal.subscribe(next: { value in
            if value == 1 {
                subject.send(value: 2)
                seen.append("inside: value \(subject.value)")
            }
            seen.append("got \(value)")
        })
        // When
        subject.send(value: 1)
        // Then: 2 is queued behind 1, and `value` changes when it is delivered
        #expect(seen.value == ["got 0", "inside: value 1", "got 1", "got 2"])
        #expect(subject.value == 2)
    }

    @Test func reentrantSubscriberGetsTheCurrentValueThenLaterEvents() {
        let subject = BehaviorSubject<Int, Never>(value: 0)
        let late = Locked<Recorder<Int, Never>?>(nil)
        subject.signal.subscribe(next: { value in
            if value == 1 { late.withLock { $0 = subject.signal.record() } }
        })
        subject.send(value: 1)
        subject.send(value: 2)
        #expect(late.value?.values == [1, 2])
    }

    @Test func releasesItsSubscribersAfterCompletion() {
        let subject = BehaviorSubject<Int, Never>(value: 0)
        weak var weakToken: Tracked?
        do {
            let token = Tracked()
            weakToken = token
            subject.signal.subscribe(next: { _ in _ = token })
        }
        subject.sendCompleted()
        #expect(weakToken == nil)
    }
}
