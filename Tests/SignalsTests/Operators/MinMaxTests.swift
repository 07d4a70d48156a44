// min(), max(), min(by:), max(by:): one value on completion, nothing for an empty source.

import Testing
import Signals
import SignalsTesting

@Suite struct MinMaxTests {
    @Test func minSendsTheLeastValueOnCompletion() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-c-a-b|")
        let result = scheduler.expect(source.signal.min(), "------(a|)")
        #expect(result.isMet, "\(result)")
    }

    @Test func maxSendsTheGreatestValueOnCompletion() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-b-c-a|")
        let result = scheduler.expect(source.signal.max(), "------(c|)")
        #expect(result.isMet, "\(result)")
    }

    @Test func anEmptySourceCompletesWithoutAValue() {
        #expect(Signal<Int, Never>.empty.min().record().events == [.completed])
        #expect(Signal<Int, Never>.empty.max().record().events == [.completed])
    }

    @Test func anErrorFailsWithoutAValue() {
        let source = Signal<Int, TestError>.from([1, 2]).concat(.error(TestError(1)))
        #expect(source.min().record().events == [.error(TestError(1))])
        #expect(source.max().record().events == [.error(TestError(1))])
    }

    @Test func theOrderingDecidesAndTheFirstOfEqualsWins() {
        let words = Signal.from(["pear", "fig", "kiwi", "banana", "orange"])
        let byLength: @Sendable (String, String) -> Bool = { $0.count < $1.count }
        #expect(words.min(by: byLength).record().values == ["fig"])
        #expect(words.max(by: byLength).record().values == ["banana"])
        let ties = Signal.from(["bb", "aa", "cc"])
        #expect(ties.min(by: byLength).record().values == ["bb"])
        #expect(ties.max(by: byLength).record().values == ["bb"])
    }

    @Test func eachSubscriptionStartsAfresh() {
        let subject = Subject<Int, Never>()
        let minimum = subject.signal.min()
        let first = minimum.record()
        subject.send(value: 1)
        let second = minimum.record()
        subject.send(value: 5)
        subject.sendCompleted()
        #expect(first.values == [1])
        #expect(second.values == [5])
    }
}
