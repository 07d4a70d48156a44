// Signal.generate(first:while:next:) and Signal.range(start:count:): computed synchronous sources.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct GenerateTests {
    @Test func sendsEachStateWhileTheConditionHoldsThenCompletes() {
        let expected: [Event<Int, Never>] = [.next(1), .next(3), .next(9), .completed]
        #expect(Signal.generate(first: 1, while: { $0 < 20 }, next: { $0 * 3 }).record().events == expected)
    }

    @Test func aFalseConditionAtFirstCompletesAtOnce() {
        let signal = Signal.generate(first: 5, while: { $0 < 0 }, next: { $0 + 1 })
        #expect(signal.record().events == [.completed])
    }

    @Test func eachSubscriptionStartsAgainAndTheFailureTypeFollowsTheContext() {
        // Given
        let signal = Signal<Int, Oops>.generate(first: 0, while: { $0 < 2 }, next: { $0 + 1 })
        // When / Then
        let expected: [Event<Int, Oops>] = [.next(0), .next(1), .completed]
        #expect(signal.record().events == expected)
        #expect(signal.record().events == expected)
    }

    @Test func anEndlessGenerationStopsWhenSomethingDownstreamStops() {
        // Given: a bind that stops its source at the third value (as `take(3)` does)
        let calls = Counter()
        let endless = Signal.generate(first: 0, next: { value in
            calls.increment()
            return value + 1
        })
        // When
        let recorder = endless.bind { () -> (Event<Int, Never>, inout Bool) -> Signal<Int, Never>? in
            var seen = 0
            return { event, stop in
                guard case .next(let value) = event else { return nil }
                seen += 1
                stop = seen == 3
                return .just(value)
            }
        }.record()
        // Then
        #expect(recorder.events == [.next(0), .next(1), .next(2), .completed])
        #expect(calls.count == 3)
    }

    @Test func rangeSendsCountIntegersFromStart() {
        let three: [Event<Int, Never>] = [.next(5), .next(6), .next(7), .completed]
        let typed: [Event<Int, Oops>] = [.next(-1), .next(0), .completed]
        #expect(Signal.range(start: 5, count: 3).record().events == three)
        #expect(Signal.range(start: 5, count: 0).record().events == [.completed])
        #expect(Signal<Int, Oops>.range(start: -1, count: 2).record().events == typed)
    }
}
