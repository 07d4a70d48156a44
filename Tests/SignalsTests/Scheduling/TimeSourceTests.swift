// The sources of time and place, on virtual time: timer, interval, observe(on:) and
// subscribe(on:) under a TestScheduler; ImmediateScheduler.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct TimerTests {
    @Test func sendsZeroAfterTheDelayThenCompletes() {
        let scheduler = TestScheduler()
        let result = scheduler.expect(Signal.timer(after: .seconds(3), on: scheduler), "---(0|)")
        #expect(result.isMet, "\(result)")
    }

    @Test func sendsNothingBeforeTheDelay() {
        let scheduler = TestScheduler()
        let recorder = Signal.timer(after: .seconds(2), on: scheduler).record()
        scheduler.advance(by: .milliseconds(1999))
        #expect(recorder.events == [])
        scheduler.advance(by: .milliseconds(1))
        #expect(recorder.events == [.next(0), .completed])
    }

    @Test func aZeroOrNegativeDelayFiresAtTheNextRunOfTheScheduler() {
        let scheduler = TestScheduler()
        let zero = Signal.timer(after: .zero, on: scheduler).record()
        let negative = Signal.timer(after: .seconds(-1), on: scheduler).record()
        #expect(zero.events == [])
        scheduler.advance()
        #expect(zero.events == [.next(0), .completed])
        #expect(negative.events == [.next(0), .completed])
    }

    @Test func disposingCancelsTheScheduledWork() {
        let scheduler = TestScheduler()
        let recorder = Signal.timer(after: .seconds(2), on: scheduler).record()
        scheduler.advance(by: .seconds(1))
        recorder.dispose()
        scheduler.run()
        #expect(recorder.events == [])
        #expect(scheduler.now == .zero + .seconds(1)) // nothing was left to run
    }

    @Test func takesTheFailureTypeOfItsContext() {
        let scheduler = TestScheduler()
        let timer: Signal<Int, TestError> = .timer(after: .seconds(1), on: scheduler)
        let recorder = timer.concat(.error(TestError(1))).record()
        scheduler.run()
        #expect(recorder.events == [.next(0), .error(TestError(1))])
    }

    @Test func eachSubscriptionHasItsOwnTimer() {
        let scheduler = TestScheduler()
        let timer = Signal.timer(after: .seconds(2), on: scheduler)
        let first = timer.record(scheduler: scheduler)
        scheduler.advance(by: .seconds(1))
        let second = timer.record(scheduler: scheduler)
        scheduler.run()
        #expect(first.timedEvents.map(\.time) == [.seconds(2), .seconds(2)])
        #expect(second.timedEvents.map(\.time) == [.seconds(3), .seconds(3)])
    }

    @Test func reentrantSubscriptionFromItsValueWorks() {
        // A send from inside a callback: the value starts another timer.
        let scheduler = TestScheduler()
        let chained = Signal.timer(after: .seconds(1), on: scheduler)
            .flattenMap { _ in Signal.timer(after: .seconds(1), on: scheduler).map { $0 + 1 } }
        let result = scheduler.expect(chained, "--(1|)")
        #expect(result.isMet, "\(result)")
    }
}

@Suite struct IntervalTests {
    @Test func sendsACountEveryPeriodAndNeverCompletes() {
        let scheduler = TestScheduler()
        let result = scheduler.expect(Signal.interval(.seconds(2), on: scheduler), "--0-1-2-3-!")
        #expect(result.isMet, "\(result)")
    }

    @Test func disposingStopsIt() {
        let scheduler = TestScheduler()
        let recorder = Signal.interval(.seconds(1), on: scheduler).record()
        scheduler.advance(by: .seconds(3))
        recorder.dispose()
        scheduler.advance(by: .seconds(10))
        #expect(recorder.values == [0, 1, 2])
    }

    @Test func eachSubscriptionCountsFromZero() {
        let scheduler = TestScheduler()
        let ticks = Signal.interval(.seconds(1), on: scheduler)
        let first = ticks.record()
        scheduler.advance(by: .seconds(2))
        let second = ticks.record()
        scheduler.advance(by: .seconds(2))
        #expect(first.values == [0, 1, 2, 3])
        #expect(second.values == [0, 1])
        first.dispose()
        second.dispose()
    }

    @Test func aNonPositivePeriodIsAProgrammerError() async {
        await #expect(processExitsWith: .failure) {
            _ = Signal.interval(.zero, on: TestScheduler())
        }
    }
}

@Suite struct ObserveOnTests {
    @Test func deliversEveryEventOnTheSchedulerInOrder() {
        let scheduler = TestScheduler()
        let recorder = Signal.from([1, 2, 3]).observe(on: scheduler).record()
        #expect(recorder.events == []) // nothing until the scheduler runs
        scheduler.advance()
        #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
    }

    @Test func keepsTheTimesOfTheSource() {
        let scheduler = TestScheduler()
        let source = scheduler.cold("-a-b-|", values: ["a": 1, "b": 2])
        let result = scheduler.expect(source.signal.observe(on: scheduler), "-a-b-|", values: ["a": 1, "b": 2])
        #expect(result.isMet, "\(result)")
    }

    @Test func deliversAnError() {
        let scheduler = TestScheduler()
        let source = scheduler.cold("-a#", values: ["a": 1], error: TestError(2))
        let result = scheduler.expect(source.signal.observe(on: scheduler), "-a#", values: ["a": 1], error: TestError(2))
        #expect(result.isMet, "\(result)")
    }

    @Test func disposingCancelsEventsWaitingOnTheScheduler() {
        let scheduler = TestScheduler()
        let subject = Subject<Int, Never>()
        let recorder = subject.signal.observe(on: scheduler).record()
        subject.send(value: 1)
        subject.send(value: 2)
        recorder.dispose()
        scheduler.run()
        #expect(recorder.events == [])
    }

    @Test func disposingDisposesTheSource() {
        let scheduler = TestScheduler()
        let source = scheduler.cold("-a-b-c-|", values: ["a": 1, "b": 2, "c": 3])
        let result = scheduler.expect(source.signal.observe(on: scheduler), "-a-b!", values: ["a": 1, "b": 2])
        #expect(result.isMet, "\(result)")
        #expect(source.subscriptionMarbles == ["^---!"])
    }

    @Test func aSendFromInsideItsCallbackIsDeliveredAfterTheCurrentOne() {
        let scheduler = TestScheduler()
        let subject = Subject<Int, Never>()
        let log = Locked<[Int]>([])
        let subscription = subject.signal.observe(on: scheduler).subscribe(next: { value in
            log.append(value)
            if value == 1 { subject.send(value: 2) }
        })
        subject.send(value: 1)
        scheduler.advance()
        #expect(log.value == [1, 2])
        subscription.dispose()
    }

    @Test func manyValuesSentAtOnceArriveInOrder() {
        let scheduler = TestScheduler()
        let recorder = Signal.from(0..<1000).observe(on: scheduler).record()
        scheduler.advance()
        #expect(recorder.values == Array(0..<1000))
        #expect(recorder.isCompleted)
    }
}

@Suite struct ImmediateSchedulerTests {
    @Test func runsEverythingAtOnceIgnoringDelays() {
        let log = Locked<[String]>([])
        let scheduler = ImmediateScheduler()
        let now = scheduler.schedule { log.append("now") }
        let later = scheduler.schedule(after: .seconds(60)) { log.append("later") }
        let repeating = scheduler.schedule(after: .seconds(1), repeating: .seconds(1)) { log.append("once") }
        #expect(log.value == ["now", "later", "once"])
        #expect(now.isDisposed && later.isDisposed && repeating.isDisposed)
    }

    @Test func makesTimersSynchronous() {
        let recorder = Signal.timer(after: .seconds(5), on: .immediate).record()
        #expect(recorder.events == [.next(0), .completed])
    }

    @Test func subscribeOnImmediateSubscribesInline() {
        let recorder = Signal.from([1, 2]).subscribe(on: .immediate).observe(on: .immediate).record()
        #expect(recorder.events == [.next(1), .next(2), .completed])
    }

    @Test func itsClockMoves() {
        let scheduler = ImmediateScheduler()
        let start = scheduler.now
        #expect(scheduler.now >= start)
    }
}
