// TestScheduler: virtual time, order, cancellation and the advance/run semantics.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct TestSchedulerTests {
    @Test func startsAtZeroAndRunsNothingUntilAdvanced() {
        let scheduler = TestScheduler()
        let log = Locked<[String]>([])
        scheduler.schedule { log.append("now") }
        #expect(scheduler.now == .zero)
        #expect(log.value == [])
        scheduler.advance()
        #expect(log.value == ["now"])
        #expect(scheduler.now == .zero)
    }

    @Test func advanceByRunsEverythingDueUpToAndIncludingTheNewTime() {
        let scheduler = TestScheduler()
        let log = Locked<[Int]>([])
        scheduler.schedule(after: .seconds(1)) { log.append(1) }
        scheduler.schedule(after: .seconds(2)) { log.append(2) }
        scheduler.schedule(after: .seconds(3)) { log.append(3) }
        scheduler.advance(by: .milliseconds(1999))
        #expect(log.value == [1])
        scheduler.advance(by: .milliseconds(1))
        #expect(log.value == [1, 2])
        #expect(scheduler.now == .zero + .seconds(2))
    }

    @Test func runsWorkInTimeOrderWhateverTheOrderOfScheduling() {
        let scheduler = TestScheduler()
        let log = Locked<[Int]>([])
        scheduler.schedule(after: .seconds(3)) { log.append(3) }
        scheduler.schedule(after: .seconds(1)) { log.append(1) }
        scheduler.schedule(after: .seconds(2)) { log.append(2) }
        scheduler.advance(by: .seconds(10))
        #expect(log.value == [1, 2, 3])
    }

    @Test func workDueAtTheSameTimeRunsFirstInFirstOut() {
        let scheduler = TestScheduler()
        let log = Locked<[Int]>([])
        for index in 0..<100 {
            scheduler.schedule(after: .seconds(1)) { log.append(index) }
        }
        scheduler.advance(by: .seconds(1))
        #expect(log.value == Array(0..<100))
    }

    @Test func theClockReadsTheTimeOfTheWorkWhileItRuns() {
        let scheduler = TestScheduler()
        let times = Locked<[TestScheduler.Instant]>([])
        scheduler.schedule(after: .seconds(1)) { times.append(scheduler.now) }
        scheduler.schedule(after: .seconds(4)) { times.append(scheduler.now) }
        scheduler.advance(by: .seconds(5))
        #expect(times.value == [.zero + .seconds(1), .zero + .seconds(4)])
        #expect(scheduler.now == .zero + .seconds(5))
    }

    @Test func workScheduledWhileAdvancingRunsInTheSameAdvanceIfDue() {
        let scheduler = TestScheduler()
        let log = Locked<[String]>([])
        scheduler.schedule(after: .seconds(1)) {
            log.append("first at \(scheduler.now)")
            scheduler.schedule(after: .seconds(1)) { log.append("second at \(scheduler.now)") }
            scheduler.schedule(after: .seconds(5)) { log.append("too late") }
        }
        scheduler.advance(by: .seconds(2))
        #expect(log.value == ["first at 1.0 seconds", "second at 2.0 seconds"])
    }

    @Test func workScheduledForNowFromRunningWorkRunsAfterWorkAlreadyDueThen() {
        let scheduler = TestScheduler()
        let log = Locked<[String]>([])
        scheduler.schedule(after: .seconds(1)) {
            log.append("a")
            scheduler.schedule { log.append("c") }
        }
        scheduler.schedule(after: .seconds(1)) { log.append("b") }
        scheduler.advance(by: .seconds(1))
        #expect(log.value == ["a", "b", "c"])
    }

    @Test func cancellationRemovesWork() {
        let scheduler = TestScheduler()
        let log = Locked<[Int]>([])
        let first = scheduler.schedule(after: .seconds(1)) { log.append(1) }
        scheduler.schedule(after: .seconds(1)) { log.append(2) }
        #expect(!first.isDisposed)
        first.dispose()
        #expect(first.isDisposed)
        scheduler.run()
        #expect(log.value == [2])
    }

    @Test func cancellationFromEarlierWorkAtTheSameTimeStopsLaterWork() {
        let scheduler = TestScheduler()
        let log = Locked<[Int]>([])
        let later = Locked<(any Disposable)?>(nil)
        scheduler.schedule(after: .seconds(1)) {
            log.append(1)
            later.value?.dispose()
        }
        later.withLock { $0 = scheduler.schedule(after: .seconds(1)) { log.append(2) } }
        scheduler.advance(by: .seconds(1))
        #expect(log.value == [1])
    }

    @Test func cancellationReleasesTheAction() {
        let scheduler = TestScheduler()
        weak var weakTracked: Tracked?
        let work: any Disposable
        do {
            let tracked = Tracked()
            weakTracked = tracked
            work = scheduler.schedule(after: .seconds(1)) { _ = tracked }
        }
        #expect(weakTracked != nil)
        work.dispose()
        #expect(weakTracked == nil)
    }

    @Test func theSchedulerGoingAwayReleasesItselfAndTheWorkStillQueued() {
        weak var weakScheduler: TestScheduler?
        weak var weakTracked: Tracked?
        do {
            let scheduler = TestScheduler()
            let tracked = Tracked()
            weakScheduler = scheduler
            weakTracked = tracked
            scheduler.schedule(after: .seconds(1)) { _ = tracked }
            scheduler.schedule(after: .zero, repeating: .seconds(1)) { _ = tracked }
        }
        #expect(weakScheduler == nil)
        #expect(weakTracked == nil)
    }

    @Test func workThatOutlivesItsSchedulerCountsAsDisposed() {
        var scheduler: TestScheduler? = TestScheduler()
        let work = scheduler?.schedule(after: .seconds(1)) {}
        #expect(work?.isDisposed == false)
        scheduler = nil
        #expect(work?.isDisposed == true)
        work?.dispose()
        #expect(work?.isDisposed == true)
    }

    @Test func oneShotWorkCountsAsDisposedOnceItHasRun() {
        let scheduler = TestScheduler()
        let work = scheduler.schedule(after: .seconds(1)) {}
        #expect(!work.isDisposed)
        scheduler.advance(by: .seconds(1))
        #expect(work.isDisposed)
    }

    @Test func repeatingWorkRunsAtEachIntervalUntilDisposed() {
        let scheduler = TestScheduler()
        let times = Locked<[Duration]>([])
        let work = scheduler.schedule(after: .seconds(1), repeating: .seconds(2)) {
            times.append(scheduler.now.offset)
        }
        scheduler.advance(by: .seconds(5))
        #expect(times.value == [.seconds(1), .seconds(3), .seconds(5)])
        work.dispose()
        scheduler.advance(by: .seconds(10))
        #expect(times.value.count == 3)
    }

    @Test func repeatingWorkCanDisposeItselfFromItsAction() {
        let scheduler = TestScheduler()
        let count = Counter()
        let work = Locked<(any Disposable)?>(nil)
        work.withLock {
            $0 = scheduler.schedule(after: .zero, repeating: .seconds(1)) {
                if count.increment() == 3 { work.value?.dispose() }
            }
        }
        scheduler.advance(by: .seconds(10))
        #expect(count.count == 3)
    }

    @Test func advanceToMovesTheClockToAnInstant() {
        let scheduler = TestScheduler()
        let log = Locked<[Int]>([])
        scheduler.schedule(after: .seconds(3)) { log.append(3) }
        scheduler.advance(to: .zero + .seconds(2))
        #expect(log.value == [])
        #expect(scheduler.now == TestScheduler.Instant(offset: .seconds(2)))
        scheduler.advance(to: .zero + .seconds(3))
        #expect(log.value == [3])
    }

    @Test func runRunsEverythingAndLeavesTheClockAtTheLastWork() {
        let scheduler = TestScheduler()
        let log = Locked<[Int]>([])
        scheduler.schedule(after: .seconds(60)) {
            log.append(60)
            scheduler.schedule(after: .seconds(30)) { log.append(90) }
        }
        scheduler.run()
        #expect(log.value == [60, 90])
        #expect(scheduler.now == .zero + .seconds(90))
    }

    @Test func negativeDelaysCountAsNow() {
        let scheduler = TestScheduler()
        let log = Locked<[Int]>([])
        scheduler.schedule(after: .seconds(-5)) { log.append(1) }
        scheduler.advance()
        #expect(log.value == [1])
    }

    @Test func instantsAreOffsetsFromTheStart() {
        let start = TestScheduler.Instant.zero
        let later = start.advanced(by: .seconds(2))
        #expect(start.duration(to: later) == .seconds(2))
        #expect(start < later)
        #expect(later == .zero + .seconds(2))
        #expect(later.offset == .seconds(2))
    }

    @Test func advancingBackwardsIsAProgrammerError() async {
        await #expect(processExitsWith: .failure) {
            let scheduler = TestScheduler()
            scheduler.advance(by: .seconds(2))
            scheduler.advance(to: .zero + .seconds(1))
        }
    }

    @Test func advancingFromInsideScheduledWorkIsAProgrammerError() async {
        await #expect(processExitsWith: .failure) {
            let scheduler = TestScheduler()
            scheduler.schedule { scheduler.advance(by: .seconds(1)) }
            scheduler.advance()
        }
    }

    @Test func recorderStampsEventsWithVirtualTime() {
        let scheduler = TestScheduler()
        let recorder = Recorder(Signal.timer(after: .seconds(2), on: scheduler), scheduler: scheduler)
        scheduler.advance(by: .seconds(5))
        #expect(recorder.timedEvents == [TimedEvent(.seconds(2), .next(0)), TimedEvent(.seconds(2), .completed)])
        #expect(recorder.events == [.next(0), .completed])
    }

    @Test func recordWithASchedulerIsTheTimedRecorder() {
        let scheduler = TestScheduler()
        let recorder = Signal.interval(.seconds(1), on: scheduler).record(scheduler: scheduler)
        scheduler.advance(by: .seconds(2))
        recorder.dispose()
        #expect(recorder.timedEvents == [TimedEvent(.seconds(1), .next(0)), TimedEvent(.seconds(2), .next(1))])
    }

    @Test func workIsThreadSafeToScheduleFromOtherThreads() {
        let scheduler = TestScheduler()
        let count = Counter()
        runConcurrently(4) { _ in
            for _ in 0..<250 { scheduler.schedule(after: .seconds(1)) { count.increment() } }
        }
        scheduler.advance(by: .seconds(1))
        #expect(count.count == 1000)
    }

    @Test func workIsThreadSafeToDisposeFromOtherThreadsWhileAdvancing() {
        let scheduler = TestScheduler()
        let count = Counter()
        let works = (0..<1000).map { _ in
            scheduler.schedule(after: .zero, repeating: .seconds(1)) { count.increment() }
        }
        runConcurrently(5) { thread in
            if thread == 0 {
                for _ in 0..<20 { scheduler.advance(by: .seconds(1)) }
            } else {
                for index in stride(from: thread - 1, to: works.count, by: 4) { works[index].dispose() }
            }
        }
        let allDisposed = works.allSatisfy { $0.isDisposed }
        #expect(allDisposed)
        let ran = count.count
        scheduler.advance(by: .seconds(10))
        #expect(count.count == ran)
    }
}
