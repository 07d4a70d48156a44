// TaskScheduler on a clock the tests advance by hand (`ManualClock`, below): order,
// cancellation, repetition and `now` are checked deterministically. The actions run in
// tasks, so a test waits for them — by awaiting a marker action scheduled behind them (the
// scheduler is first in, first out) or, as a watchdog only, a bounded poll — and no
// assertion depends on how long anything took.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A clock that moves only when a test advances it. `sleep(until:)` returns once the clock
/// has been advanced to the deadline (at once if it is there already), or throws when its
/// task is cancelled.
final class ManualClock: Clock, Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Int: Sleeper] = [:]
        var nextID = 0
    }

    private let state = Locked(State())

    var now: Instant { state.withLock { $0.now } }
    var minimumResolution: Duration { .zero }

    /// How many sleeps are waiting for the clock.
    var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome = state.withLock { state -> Result<Void, any Error>? in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if deadline <= state.now { return .success(()) }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock by `duration` and wakes the sleeps that are due.
    func advance(by duration: Duration) {
        let due = state.withLock { state -> [Sleeper] in
            state.now = state.now.advanced(by: duration)
            let due = state.sleepers.filter { $0.value.deadline <= state.now }
            for id in due.keys { state.sleepers[id] = nil }
            return Array(due.values)
        }
        for sleeper in due { sleeper.continuation.resume() }
    }
}

/// Waits until everything ready on `scheduler` has run: a marker action, scheduled last,
/// runs last.
private func settle<C>(_ scheduler: TaskScheduler<C>) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        scheduler.schedule { continuation.resume() }
    }
}

/// Polls `condition` until it holds. A watchdog, never a timing assertion: it gives up only
/// after 60 s *and* 5,000 polls that found the condition false, so that a test run which keeps
/// the cooperative pool busy (other suites blocking its threads on a loaded machine) starves
/// the poll and the scheduler's tasks alike without failing the test; a scheduler that lost
/// its work is still caught, since the polls go on while nothing happens.
private func waitUntil(_ condition: @Sendable () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .seconds(60))
    var polls = 0
    while !condition() {
        polls += 1
        if clock.now > deadline, polls >= 5_000 {
            Issue.record("watchdog: the condition did not hold within 60 s and \(polls) polls", sourceLocation: sourceLocation)
            return
        }
        try? await Task.sleep(for: .milliseconds(1))
    }
}

@Suite struct TaskSchedulerTests {
    @Test func runsReadyWorkFirstInFirstOutAndNeverTwoAtOnce() async {
        let scheduler = TaskScheduler()
        let log = Locked<[Int]>([])
        let probe = SerialityProbe()
        for index in 0..<500 {
            scheduler.schedule {
                probe.enter()
                log.append(index)
                probe.leave()
            }
        }
        await settle(scheduler)
        #expect(log.value == Array(0..<500))
        #expect(probe.overlaps == 0)
    }

    @Test func nowIsTheClocksTime() {
        let clock = ManualClock()
        let scheduler = TaskScheduler(clock: clock)
        #expect(scheduler.now == clock.now)
        clock.advance(by: .seconds(7))
        #expect(scheduler.now.offset == .seconds(7))
        #expect(TaskScheduler().now <= ContinuousClock.now)
    }

    @Test func delayedWorkRunsWhenItsDeadlineIsReachedInDeadlineThenSchedulingOrder() async {
        let clock = ManualClock()
        let scheduler = TaskScheduler(clock: clock)
        let log = Locked<[String]>([])
        scheduler.schedule(after: .seconds(3)) { log.append("c") }
        scheduler.schedule(after: .seconds(1)) { log.append("a1") }
        scheduler.schedule(after: .seconds(2)) { log.append("b") }
        scheduler.schedule(after: .seconds(1)) { log.append("a2") }
        clock.advance(by: .milliseconds(999))
        await settle(scheduler)
        #expect(log.value.isEmpty)
        clock.advance(by: .milliseconds(1))
        await waitUntil { log.value.count == 2 }
        #expect(log.value == ["a1", "a2"])
        clock.advance(by: .seconds(5))
        await waitUntil { log.value.count == 4 }
        #expect(log.value == ["a1", "a2", "b", "c"])
    }

    @Test func anEarlierDeadlineWakesBeforeTheOneAlreadySleptTo() async {
        let clock = ManualClock()
        let scheduler = TaskScheduler(clock: clock)
        let log = Locked<[String]>([])
        scheduler.schedule(after: .seconds(10)) { log.append("late") }
        await waitUntil { clock.sleeperCount == 1 }
        scheduler.schedule(after: .seconds(1)) { log.append("early") }
        clock.advance(by: .seconds(1))
        await waitUntil { log.value.count == 1 }
        #expect(log.value == ["early"])
        clock.advance(by: .seconds(9))
        await waitUntil { log.value.count == 2 }
        #expect(log.value == ["early", "late"])
    }

    @Test func anActionDisposedBeforeItsDelayNeverRunsAndIsReleased() async {
        let clock = ManualClock()
        let scheduler = TaskScheduler(clock: clock)
        let log = Locked<[String]>([])
        weak var weakCaptured: Tracked?
        let disposed: any Disposable
        do {
            let captured = Tracked()
            weakCaptured = captured
            disposed = scheduler.schedule(after: .seconds(5)) { _ = captured; log.append("disposed") }
        }
        scheduler.schedule(after: .seconds(5)) { log.append("kept") } // same deadline, scheduled after
        #expect(!disposed.isDisposed)
        disposed.dispose()
        #expect(disposed.isDisposed)
        #expect(weakCaptured == nil, "a disposed action outlived its disposal")
        clock.advance(by: .seconds(5))
        // Had the disposed action been due, it would have run first (same deadline, FIFO).
        await waitUntil { log.value.count == 1 }
        await settle(scheduler)
        #expect(log.value == ["kept"])
    }

    @Test func disposingTheLastDelayedActionCancelsTheSleep() async {
        let clock = ManualClock()
        let scheduler = TaskScheduler(clock: clock)
        let work = scheduler.schedule(after: .seconds(60)) {}
        await waitUntil { clock.sleeperCount == 1 }
        work.dispose()
        await waitUntil { clock.sleeperCount == 0 } // the sleeping task was cancelled
        #expect(clock.sleeperCount == 0)
    }

    @Test func aReadyActionDisposedBeforeItStartsNeverRuns() async {
        let scheduler = TaskScheduler()
        let log = Locked<[Int]>([])
        let gate = Flag()
        // Holds the scheduler busy until the others have been scheduled and one disposed.
        scheduler.schedule { while !gate.isSet { sched_yield() } }
        scheduler.schedule { log.append(1) }
        let disposed = scheduler.schedule { log.append(2) }
        scheduler.schedule { log.append(3) }
        disposed.dispose()
        gate.set()
        await settle(scheduler)
        #expect(log.value == [1, 3])
    }

    @Test func repeatsEveryIntervalWithoutDriftUntilDisposed() async {
        let clock = ManualClock()
        let scheduler = TaskScheduler(clock: clock)
        let times = Locked<[Duration]>([])
        let ticking = scheduler.schedule(after: .seconds(2), repeating: .seconds(3)) { times.append(clock.now.offset) }
        clock.advance(by: .seconds(2))
        await waitUntil { times.value.count == 1 }
        clock.advance(by: .seconds(3))
        await waitUntil { times.value.count == 2 }
        // A late wake (7 s at once) runs the missed deadlines, 8 and 11, in turn.
        clock.advance(by: .seconds(7))
        await waitUntil { times.value.count == 4 }
        #expect(times.value == [.seconds(2), .seconds(5), .seconds(12), .seconds(12)])
        ticking.dispose()
        #expect(ticking.isDisposed)
        clock.advance(by: .seconds(30))
        await settle(scheduler)
        #expect(times.value.count == 4)
        await waitUntil { clock.sleeperCount == 0 }
    }

    @Test func drivesAnIntervalAndObserveOnInOrder() async {
        let clock = ManualClock()
        let scheduler = TaskScheduler(clock: clock)
        let recorder = Signal<Int, Never>.interval(.seconds(1), on: scheduler)
            .take(3)
            .observe(on: scheduler)
            .record()
        for _ in 0..<3 {
            let count = recorder.values.count
            clock.advance(by: .seconds(1))
            await waitUntil { recorder.values.count == count + 1 }
        }
        await waitUntil { recorder.isCompleted }
        #expect(recorder.events == [.next(0), .next(1), .next(2), .completed])
    }

    @Test func runsOnTheTaskExecutorItIsGiven() async {
        let executor = CountingExecutor()
        let scheduler = TaskScheduler(executor: executor)
        let ran = Counter()
        scheduler.schedule { ran.increment() }
        await settle(scheduler)
        #expect(ran.count == 1)
        #expect(executor.jobs.count >= 1) // the draining task ran on it
    }

    @Test func disposingRacesTheStartOfAnAction() async {
        // Thread sanitizer: dispose() from another thread while the drain takes the action.
        // Each action runs at most once; every action that was never disposed runs.
        let scheduler = TaskScheduler()
        let rounds = testSize(2_000, quick: 300)
        let runs = Locked<[Int]>(Array(repeating: 0, count: rounds))
        let works = Locked<[(any Disposable)?]>(Array(repeating: nil, count: rounds))
        _ = runConcurrently(2) { thread in
            for round in 0..<rounds {
                if thread == 0 {
                    let work = scheduler.schedule { runs.withLock { $0[round] += 1 } }
                    works.withLock { $0[round] = work }
                } else {
                    var work: (any Disposable)?
                    while work == nil, round.isMultiple(of: 2) { work = works.withLock { $0[round] } }
                    work?.dispose()
                }
            }
        }
        await settle(scheduler)
        let counts = runs.value
        #expect(counts.allSatisfy { $0 <= 1 })
        #expect(counts.enumerated().allSatisfy { round, count in !round.isMultiple(of: 2) ? count == 1 : true })
    }

    @Test func schedulingFromManyThreadsRunsEverythingOnceAndSerially() async {
        let clock = ManualClock()
        let scheduler = TaskScheduler(clock: clock)
        let probe = SerialityProbe()
        let ran = Counter()
        let perThread = testSize(1_000, quick: 200)
        _ = runConcurrently(4) { thread in
            for index in 0..<perThread {
                let action: @Sendable () -> Void = {
                    probe.enter()
                    ran.increment()
                    probe.leave()
                }
                switch index % 3 {
                case 0: scheduler.schedule(action)
                case 1: scheduler.schedule(after: .seconds(Int64(index % 7 + 1)), action)
                default:
                    let work = scheduler.schedule(after: .seconds(Int64(index % 5 + 1)), action)
                    if index.isMultiple(of: 4) { work.dispose() }
                }
            }
        }
        clock.advance(by: .seconds(10))
        let expected = 4 * (0..<perThread).filter { $0 % 3 != 2 || !$0.isMultiple(of: 4) }.count
        await waitUntil { ran.count == expected }
        await settle(scheduler)
        #expect(ran.count == expected)
        #expect(probe.overlaps == 0)
    }

    /// The standard library's clocks take a path of their own in the scheduler (its code
    /// specialised for them); the same rules hold there: delayed and repeating work runs,
    /// disposed work never does and is released, and the repetition stops on dispose.
    @Test(arguments: [false, true])
    func onTheContinuousAndSuspendingClocksDelayedRepeatingAndDisposedWorkKeepTheRules(suspending: Bool) async {
        if suspending {
            await delayedRepeatingAndDisposedWork(on: TaskScheduler(name: "suspending", clock: SuspendingClock()))
        } else {
            await delayedRepeatingAndDisposedWork(on: TaskScheduler(name: "continuous"))
        }
    }

    private func delayedRepeatingAndDisposedWork<C: Clock>(on scheduler: TaskScheduler<C>) async where C.Duration == Duration {
        let log = Locked<[String]>([])
        let ticks = Counter()
        weak var weakCaptured: Tracked?
        let disposed: any Disposable
        do {
            let captured = Tracked()
            weakCaptured = captured
            disposed = scheduler.schedule(after: .milliseconds(2)) { _ = captured; log.append("disposed") }
        }
        disposed.dispose()
        #expect(disposed.isDisposed)
        #expect(weakCaptured == nil, "a disposed action outlived its disposal")
        let once = scheduler.schedule(after: .milliseconds(1)) { log.append("once") }
        let ticking = scheduler.schedule(after: .milliseconds(1), repeating: .milliseconds(1)) { ticks.increment() }
        await waitUntil { ticks.count >= 3 && log.value.count == 1 }
        ticking.dispose()
        #expect(ticking.isDisposed)
        await settle(scheduler)
        let stoppedAt = ticks.count
        // Past the disposed action's deadline and several more intervals: nothing else runs.
        try? await Task.sleep(for: .milliseconds(10))
        await settle(scheduler)
        #expect(ticks.count == stoppedAt)
        #expect(log.value == ["once"])
        #expect(once.isDisposed) // a one-shot action is gone once it has run
    }
}


/// A task executor that counts the jobs it runs, on a Dispatch queue of its own.
private final class CountingExecutor: TaskExecutor, Sendable {
    let jobs = Counter()
    private let queue = DispatchQueue(label: "CountingExecutor")

    func enqueue(_ job: consuming ExecutorJob) {
        jobs.increment()
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
