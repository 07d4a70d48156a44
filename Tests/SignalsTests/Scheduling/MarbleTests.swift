// Marble diagrams: reading them (through the signals they make), cold and hot test signals,
// their subscription records, and expectations — including the aligned report of a mismatch.

import Testing
import Signals
import SignalsTesting

@Suite struct MarbleTests {
    // MARK: Reading diagrams

    @Test func eachCharacterIsOneTick() {
        let scheduler = TestScheduler()
        let source = scheduler.cold("-a-b-|", values: ["a": 1, "b": 2])
        let recorder = source.signal.record(scheduler: scheduler)
        scheduler.run()
        #expect(recorder.timedEvents == [
            TimedEvent(.seconds(1), .next(1)), TimedEvent(.seconds(3), .next(2)), TimedEvent(.seconds(5), .completed),
        ])
    }

    @Test func aGroupPutsItsEventsAtTheTickOfItsParenthesisAndTakesItsWidth() {
        let scheduler = TestScheduler()
        let source = scheduler.cold("-(ab)-c(d|)", values: ["a": 1, "b": 2, "c": 3, "d": 4])
        let recorder = source.signal.record(scheduler: scheduler)
        scheduler.run()
        #expect(recorder.timedEvents == [
            TimedEvent(.seconds(1), .next(1)), TimedEvent(.seconds(1), .next(2)),
            TimedEvent(.seconds(6), .next(3)),
            TimedEvent(.seconds(7), .next(4)), TimedEvent(.seconds(7), .completed),
        ])
    }

    @Test func theTickLengthIsTheSchedulers() {
        let scheduler = TestScheduler(tick: .milliseconds(10))
        let source = scheduler.cold("--a|", values: ["a": 1])
        let recorder = source.signal.record(scheduler: scheduler)
        scheduler.run()
        #expect(recorder.timedEvents == [TimedEvent(.milliseconds(20), .next(1)), TimedEvent(.milliseconds(30), .completed)])
    }

    @Test func lettersStandForThemselvesForStringCharacterAndDigitsForInt() {
        let scheduler = TestScheduler()
        let strings: TestSignal<String, Never> = scheduler.cold("ab|")
        let characters: TestSignal<Character, Never> = scheduler.cold("xy|")
        let digits: TestSignal<Int, Never> = scheduler.cold("12|")
        let recorders = (strings.signal.record(), characters.signal.record(), digits.signal.record())
        scheduler.run()
        #expect(recorders.0.values == ["a", "b"])
        #expect(recorders.1.values == ["x", "y"])
        #expect(recorders.2.values == [1, 2])
    }

    @Test func aHashFailsWithTheGivenError() {
        let scheduler = TestScheduler()
        let source = scheduler.cold("-a#", values: ["a": 1], error: TestError(7))
        let recorder = source.signal.record(scheduler: scheduler)
        scheduler.run()
        #expect(recorder.timedEvents == [TimedEvent(.seconds(1), .next(1)), TimedEvent(.seconds(2), .error(TestError(7)))])
    }

    @Test func aSpaceInADiagramIsAProgrammerError() async {
        await #expect(processExitsWith: .failure) {
            _ = TestScheduler().cold("-a -|", values: ["a": 1])
        }
    }

    @Test func aValueWithoutALetterIsAProgrammerError() async {
        await #expect(processExitsWith: .failure) {
            _ = TestScheduler().cold("-z-|", values: ["a": 1])
        }
    }

    // MARK: Cold signals

    @Test func aColdSignalReplaysItsDiagramFromEachSubscription() {
        let scheduler = TestScheduler()
        let source = scheduler.cold("-a|", values: ["a": 1])
        let first = source.signal.record(scheduler: scheduler)
        scheduler.advance(by: .seconds(3))
        let second = source.signal.record(scheduler: scheduler)
        scheduler.run()
        #expect(first.timedEvents == [TimedEvent(.seconds(1), .next(1)), TimedEvent(.seconds(2), .completed)])
        #expect(second.timedEvents == [TimedEvent(.seconds(4), .next(1)), TimedEvent(.seconds(5), .completed)])
        #expect(source.subscriptions == [
            TestSubscription(.zero, .seconds(2)), TestSubscription(.seconds(3), .seconds(5)),
        ])
    }

    @Test func aColdSignalRecordsItsDisposal() {
        let scheduler = TestScheduler()
        let source = scheduler.cold("-a-b-c-|", values: ["a": 1, "b": 2, "c": 3])
        let recorder = source.signal.record()
        scheduler.advance(by: .seconds(4))
        recorder.dispose()
        scheduler.run()
        #expect(recorder.values == [1, 2])
        #expect(source.subscriptions == [TestSubscription(.zero, .seconds(4))])
        #expect(source.subscriptionMarbles == ["^---!"])
    }

    @Test func aColdSignalWithNothingToSendLastsUntilDisposed() {
        // A subscription lives until its terminal event or its disposal, whatever the source keeps.
        let scheduler = TestScheduler()
        let source: TestSignal<Int, Never> = scheduler.cold("--")
        let recorder = source.signal.record()
        scheduler.advance(by: .seconds(3))
        #expect(source.subscriptions == [TestSubscription(.zero)])
        recorder.dispose()
        #expect(source.subscriptions == [TestSubscription(.zero, .seconds(3))])
        #expect(source.subscriptionMarbles == ["^--!"])
    }

    @Test func aLiveSubscriptionHasNoDisposalTime() {
        let scheduler = TestScheduler()
        let source = scheduler.cold("---a", values: ["a": 1])
        scheduler.advance(by: .seconds(1))
        let recorder = source.signal.record()
        #expect(source.subscriptions == [TestSubscription(.seconds(1))])
        #expect(source.subscriptionMarbles == ["-^"])
        withExtendedLifetime(recorder) {}
    }

    // MARK: Hot signals

    @Test func aHotSignalSendsAtFixedTimesFromItsCaret() {
        let scheduler = TestScheduler()
        let source = scheduler.hot("-a-^-b--c|", values: ["a": 1, "b": 2, "c": 3])
        let early = source.signal.record(scheduler: scheduler)
        scheduler.advance(by: .seconds(3))
        let late = source.signal.record(scheduler: scheduler)
        scheduler.run()
        // a was drawn before ^: nobody could see it. The late subscriber misses b.
        #expect(early.timedEvents == [
            TimedEvent(.seconds(2), .next(2)), TimedEvent(.seconds(5), .next(3)), TimedEvent(.seconds(6), .completed),
        ])
        #expect(late.timedEvents == [TimedEvent(.seconds(5), .next(3)), TimedEvent(.seconds(6), .completed)])
        #expect(source.subscriptions == [
            TestSubscription(.zero, .seconds(6)), TestSubscription(.seconds(3), .seconds(6)),
        ])
    }

    @Test func aHotSignalFailsWithTheGivenError() {
        let scheduler = TestScheduler()
        let source = scheduler.hot("--^-a--#", values: ["a": 1], error: Oops())
        let result = scheduler.expect(source.signal, "--^-a--#", values: ["a": 1], error: Oops())
        #expect(result.isMet, "\(result)")
        #expect(source.subscriptionMarbles == ["^----!"])
    }

    @Test func takeUntilDisposesTheHotSourceAtTheTrigger() {
        // A subscription record shows when an operator lets go of its source.
        let scheduler = TestScheduler()
        let source = scheduler.hot("-a-b-c-d-|", values: ["a": 1, "b": 2, "c": 3, "d": 4])
        let trigger: TestSignal<Int, Never> = scheduler.hot("----0")
        let limited = source.signal.materialize().merge(trigger.signal.map { _ in Event<Int, Never>.completed })
            .dematerialize() as Signal<Int, Never>
        let result = scheduler.expect(limited, "-a-b|", values: ["a": 1, "b": 2])
        #expect(result.isMet, "\(result)")
        #expect(source.subscriptions == [TestSubscription(.zero, .seconds(4))])
        #expect(trigger.subscriptions == [TestSubscription(.zero, .seconds(4))])
    }

    @Test func aTimedRecorderDrawsWhatItRecorded() {
        let scheduler = TestScheduler()
        scheduler.advance(by: .seconds(5)) // the diagram starts when the recorder subscribes
        let source = scheduler.cold("-a-(bc)|", values: ["a": 1, "b": 2, "c": 3])
        let recorder = source.signal.record(scheduler: scheduler)
        scheduler.run()
        #expect(recorder.marbles(values: ["a": 1, "b": 2, "c": 3]) == "-a-(bc)|")
        #expect(recorder.marbles() == "-1-(23)|")
    }

    // MARK: Expectations

    @Test func anExpectationMatchesWhatTheSignalDid() {
        let scheduler = TestScheduler()
        let source = scheduler.cold("-a-b-|", values: ["a": 1, "b": 2])
        let result = scheduler.expect(source.signal.map { $0 * 10 }, "-x-y-|", values: ["x": 10, "y": 20])
        #expect(result.isMet, "\(result)")
        #expect(result.actual == "-x-y-|")
        #expect(result.description == "marbles match: -x-y-|")
    }

    @Test func anExpectationDrawsSynchronousEventsAtTickZero() {
        let scheduler = TestScheduler()
        let result = scheduler.expect(Signal.from([1, 2]), "(12|)")
        #expect(result.isMet, "\(result)")
    }

    @Test func aBangDisposesTheSubscriptionAtItsTick() {
        let scheduler = TestScheduler()
        let ticks = Signal.interval(.seconds(2), on: scheduler)
        let result = scheduler.expect(ticks, "--0-1-2-!")
        #expect(result.isMet, "\(result)")
        #expect(scheduler.now == .zero + .seconds(8))
    }

    @Test func aCaretAlignsTheExpectationWithAHotInput() {
        let scheduler = TestScheduler()
        let source = scheduler.hot("--^-a--b-|", values: ["a": 1, "b": 2])
        let result = scheduler.expect(source.signal, "--^-a--b-|", values: ["a": 1, "b": 2])
        #expect(result.isMet, "\(result)")
        #expect(result.actual == "--^-a--b-|")
    }

    @Test func aHashWithoutAnErrorMatchesAnyError() {
        let scheduler = TestScheduler()
        let source = scheduler.cold("-a#", values: ["a": 1], error: TestError(3))
        #expect(scheduler.expect(source.signal, "-a#", values: ["a": 1]).isMet)
        #expect(scheduler.expect(source.signal, "-a#", values: ["a": 1], error: TestError(3)).isMet)
        #expect(!scheduler.expect(source.signal, "-a#", values: ["a": 1], error: TestError(4)).isMet)
    }

    @Test func eventsBetweenTicksDoNotMatchADiagram() {
        let scheduler = TestScheduler()
        let late = Signal.timer(after: .milliseconds(1500), on: scheduler)
        let result = scheduler.expect(late, "-(0|)")
        #expect(!result.isMet)
        #expect(result.actual == "-(0|)") // drawn at the tick before; the event list tells
        #expect(result.description.contains("next(0)@1.5"))
    }

    @Test func aMismatchPrintsBothDiagramsAligned() {
        let scheduler = TestScheduler()
        let source = scheduler.cold("-a--b|", values: ["a": 1, "b": 2])
        let result = scheduler.expect(source.signal, "-a-b-|", values: ["a": 1, "b": 2])
        #expect(!result.isMet)
        #expect(result.expected == "-a-b-|")
        #expect(result.actual == "-a--b|")
        #expect(result.description == """
            marbles differ at column 3
            expected: -a-b-|
            actual:   -a--b|
                         ^
            expected events: next(1)@1 next(2)@3 completed@5
            actual events:   next(1)@1 next(2)@4 completed@5
            picture: \(result.picture ?? "")
            """)
    }

    @Test func aMismatchOfValuesShowsUnknownValuesAsQuestionMarks() {
        let scheduler = TestScheduler()
        let source = scheduler.cold("-a-|", values: ["a": 42])
        let result = scheduler.expect(source.signal, "-a-|", values: ["a": 1])
        #expect(!result.isMet)
        #expect(result.actual == "-?-|")
        #expect(result.description.contains("actual events:   next(42)@1 completed@3"))
    }

    @Test func extraEventsAfterTheDiagramFailTheExpectation() {
        let scheduler = TestScheduler()
        let source = scheduler.cold("-a------b|", values: ["a": 1, "b": 2])
        let result = scheduler.expect(source.signal, "-a", values: ["a": 1])
        #expect(!result.isMet)
        #expect(result.actual == "-a------2|") // 2 has no letter in `values`: drawn as its digit
    }
}
