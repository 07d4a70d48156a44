// distinctUntilChanged(), distinctUntilChanged(by:): a stateful bind keeping the last value
// forwarded; no `Value: Sendable` needed.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

/// A non-Sendable, Equatable value.
private final class Version: Equatable {
    let number: Int
    init(_ number: Int) { self.number = number }
    static func == (lhs: Version, rhs: Version) -> Bool { lhs.number == rhs.number }
}

@Suite struct DistinctUntilChangedTests {
    @Test func dropsConsecutiveRepeats() {
        let recorder = Signal.from([1, 1, 2, 2, 2, 1, 3, 3]).distinctUntilChanged().record()
        #expect(recorder.events == [.next(1), .next(2), .next(1), .next(3), .completed])
    }

    @Test func theFirstValueAlwaysPasses() {
        #expect(Signal.from([Optional<Int>.none, nil, 1]).distinctUntilChanged().record().values == [nil, 1])
    }

    @Test func worksForANonSendableValue() {
        let recorder = Signal.from([1, 1, 2]).map { Version($0) }.distinctUntilChanged().map(\.number).record()
        #expect(recorder.values == [1, 2])
    }

    @Test func eachSubscriptionStartsAfresh() {
        let distinct = Signal.from([1, 1]).distinctUntilChanged()
        #expect(distinct.record().values == [1])
        #expect(distinct.record().values == [1])
    }

    @Test func passesErrorsThrough() {
        let recorder = Signal<Int, Oops>.from([1, 1]).concat(.error(Oops())).distinctUntilChanged().record()
        #expect(recorder.events == [.next(1), .error(Oops())])
    }

    @Test func disposingMidStreamDisposesTheSource() {
        // Given
        let source = SpySource<Int, Never>()
        let recorder = source.signal.distinctUntilChanged().record()
        source.send(value: 1)
        // When
        recorder.dispose()
        source.send(value: 2)
        // Then
        #expect(recorder.events == [.next(1)])
        #expect(source.disposals.count == 1)
    }

    @Test func aReentrantSendIsComparedInOrder() {
        // Given
        let subject = Subject<Int, Never>()
        let received = Locked<[Int]>([])
        subject.signal.distinctUntilChanged().subscribe(next: { value in
            received.append(value)
            if value == 1 {
                subject.send(value: 1)
                subject.send(value: 2)
            }
        })
        // When
        subject.send(value: 1)
        subject.send(value: 2)
        subject.send(value: 3)
        // Then
        #expect(received.value == [1, 2, 3])
    }
}

@Suite struct DistinctUntilChangedByTests {
    @Test func dropsValuesJudgedTheSame() {
        let recorder = Signal.from(["a", "A", "b", "B", "a"])
            .distinctUntilChanged(by: { $0.lowercased() == $1.lowercased() }).record()
        #expect(recorder.events == [.next("a"), .next("b"), .next("a"), .completed])
    }

    @Test func comparesWithTheLastValueForwarded() {
        // "Within 1 of each other" is not transitive: compared with the last value received,
        // 2, 3 and 4 would all be dropped; compared with the last value forwarded (1), 3 is
        // not the same.
        let recorder = Signal.from([1, 2, 3, 4]).distinctUntilChanged(by: { abs($0 - $1) <= 1 }).record()
        #expect(recorder.values == [1, 3])
    }

    @Test func passesErrorsThrough() {
        let recorder = Signal<Int, Oops>.from([1]).concat(.error(Oops())).distinctUntilChanged(by: ==).record()
        #expect(recorder.events == [.next(1), .error(Oops())])
    }

    @Test func disposingMidStreamDisposesTheSource() {
        // Given
        let source = SpySource<Int, Never>()
        let recorder = source.signal.distinctUntilChanged(by: { _, _ in false }).record()
        source.send(value: 1)
        // When
        recorder.dispose()
        source.send(value: 1)
        // Then
        #expect(recorder.events == [.next(1)])
        #expect(source.disposals.count == 1)
    }

    @Test func aReentrantSendIsComparedInOrder() {
        // Given
        let subject = Subject<Int, Never>()
        let recorder = subject.signal.distinctUntilChanged(by: { $0 / 10 == $1 / 10 }).record()
        subject.signal.subscribe(next: { value in
            if value == 1 { subject.send(value: 12) }
        })
        // When
        subject.send(value: 1)
        subject.send(value: 15)
        subject.send(value: 3)
        // Then
        #expect(recorder.values == [1, 12, 3])
    }
}
