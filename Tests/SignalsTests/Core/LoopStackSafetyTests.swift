// Loops written the way reactive code writes them — a recursion through concatMap (paging:
// fetch the next page from inside the previous one) and a chain of steps built one `then` at
// a time — run in constant stack at 100,000 levels on a 512 KiB stack (Contracts.md,
// "Stack safety"). These are the shapes that crashed ReactiveSwift (a recursion through
// `flatMap(.concat)`), ReactiveCocoa (a long chain of `then`) and RxSwift in their users'
// reports. Each runs in a child process (an exit test), so that an overflow fails one test.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite(.serialized) struct LoopStackSafetyTests {
    static let levels = StackSafetyTests.steps(100_000)

    /// `page(n)` asks for page `n`, and from inside its handling for page `n + 1`, until `last`.
    static func page(_ number: Int, last: Int, strategy: FlattenStrategy) -> Signal<Int, Never> {
        Signal.just(number + 1).flattenMap(strategy) { next in
            next < last ? page(next, last: last, strategy: strategy) : .just(next)
        }
    }

    /// `page` with the plain `flattenMap` (merge).
    static func mergingPage(_ number: Int, last: Int) -> Signal<Int, Never> {
        Signal.just(number + 1).flattenMap { next in next < last ? mergingPage(next, last: last) : .just(next) }
    }

    @Test func recursionThroughConcatMapOfAConstantRunsInConstantStack() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let levels = LoopStackSafetyTests.levels
            StackSafetyTests.expectAllValues(levels..<(levels + 1), "recursion through concatMap of just, \(levels) levels") {
                LoopStackSafetyTests.page(0, last: levels, strategy: .concat)
            }
        }
        StackSafetyTests.relay(result)
    }

    @Test func recursionThroughFlattenMapOfAConstantRunsInConstantStack() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let levels = LoopStackSafetyTests.levels
            StackSafetyTests.expectAllValues(levels..<(levels + 1), "recursion through flattenMap of just, \(levels) levels") {
                LoopStackSafetyTests.mergingPage(0, last: levels)
            }
        }
        StackSafetyTests.relay(result)
    }

    @Test func recursionThroughEveryStrategyOfAConstantRunsInConstantStack() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let levels = LoopStackSafetyTests.levels
            for strategy in [FlattenStrategy.latest, .first, .concurrent(limit: 2)] {
                StackSafetyTests.expectAllValues(levels..<(levels + 1), "recursion through \(strategy) of just, \(levels) levels") {
                    LoopStackSafetyTests.page(0, last: levels, strategy: strategy)
                }
            }
        }
        StackSafetyTests.relay(result)
    }

    @Test func chainOfThensBuiltOneAtATimeRunsInConstantStack() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let levels = LoopStackSafetyTests.levels
            StackSafetyTests.expectAllValues(0..<0, "s = s.then(.empty), \(levels) times, build + subscribe + release") {
                var steps = Signal<Int, Never>.empty
                for _ in 0..<levels { steps = steps.then(.empty) }
                return steps
            }
            StackSafetyTests.expectAllValues((levels - 1)..<levels, "s = s.then(.just(i)), \(levels) times") {
                var steps = Signal<Int, Never>.just(-1)
                for step in 0..<levels { steps = steps.then(.just(step)) }
                return steps
            }
        }
        StackSafetyTests.relay(result)
    }
}

@Suite struct LoopShapesTests {
    @Test func thenOfOneTypeIgnoresEveryValueButTheLastSignals() {
        var steps = Signal<Int, Never>.from([1, 2])
        steps = steps.then(.from([3, 4])).then(.just(5))
        let recorder = steps.record()
        #expect(recorder.events == [.next(5), .completed])
    }

    @Test func thenOfOneTypeIsAssociative() {
        let a = Signal<Int, Never>.from([1, 2]), b = Signal<Int, Never>.just(3), c = Signal<Int, Never>.from([4, 5])
        #expect(a.then(b).then(c).record().events == a.then(b.then(c)).record().events)
        #expect(a.then(b).then(c).record().events == [.next(4), .next(5), .completed])
    }

    @Test func thenOfOneTypeStopsAtTheFirstErrorWithoutSubscribingTheRest() {
        enum Failure: Error, Equatable { case broken }
        let subscribed = Counter()
        let rest = Signal<Int, Failure>.deferred {
            subscribed.increment()
            return .just(9)
        }
        let recorder = Signal<Int, Failure>.just(1).then(.error(.broken)).then(rest).record()
        #expect(recorder.events == [.error(.broken)])
        #expect(subscribed.count == 0)
    }

    @Test func flattenMapOfAConstantCallsTransformOnSubscription() {
        let calls = Counter()
        let flattened = Signal<Int, Never>.just(2).concatMap { value -> Signal<Int, Never> in
            calls.increment()
            return .from([value, value * 10])
        }
        #expect(calls.count == 0)
        #expect(flattened.record().events == [.next(2), .next(20), .completed])
        #expect(flattened.record().events == [.next(2), .next(20), .completed])
        #expect(calls.count == 2)
    }

    @Test func flattenOfEmptyAndErrorConstantsNeverCallsTransform() {
        enum Failure: Error, Equatable { case broken }
        let calls = Counter()
        let transform: @Sendable (Int) -> Signal<Int, Failure> = { _ in
            calls.increment()
            return .just(0)
        }
        for strategy in [FlattenStrategy.merge, .concat, .latest, .first, .concurrent(limit: 3)] {
            #expect(Signal<Int, Failure>.empty.flattenMap(strategy, transform).record().events == [.completed])
            #expect(Signal<Int, Failure>.error(.broken).flattenMap(strategy, transform).record().events == [.error(.broken)])
        }
        #expect(calls.count == 0)
    }
}
