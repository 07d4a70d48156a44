// QueueScheduler on real Dispatch queues (main-actor delivery is tested in
// Drivers/MainActorDeliveryTests.swift). These tests wait on the wall clock; every wait is
// short and bounded (waitUntil's deadline), and no assertion depends on how long anything took.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct QueueSchedulerTests {
    /// Waits until everything queued on `scheduler` so far has run.
    private func drain(_ scheduler: QueueScheduler) {
        scheduler.queue.sync {}
    }

    @Test func runsWorkFirstInFirstOut() {
        let scheduler = QueueScheduler(name: "fifo")
        let log = Locked<[Int]>([])
        for index in 0..<10_000 { scheduler.schedule { log.append(index) } }
        drain(scheduler)
        #expect(log.value == Array(0..<10_000))
    }

    @Test func keepsEachSendersOrderUnderLoadAndNeverRunsTwoActionsAtOnce() {
        let scheduler = QueueScheduler(name: "load", targeting: .global()) // serial, even on a concurrent target
        let log = Locked<[[Int]]>(Array(repeating: [], count: 4))
        let running = Counter()
        let overlaps = Counter()
        runConcurrently(4) { thread in
            for index in 0..<2_500 {
                scheduler.schedule {
                    if running.increment() != 1 { overlaps.increment() }
                    log.withLock { $0[thread].append(index) }
                    running.decrement()
                }
            }
        }
        drain(scheduler)
        #expect(log.value == Array(repeating: Array(0..<2_500), count: 4))
        #expect(overlaps.count == 0)
    }

    @Test func runsOnItsQueue() {
        let scheduler = QueueScheduler(name: "where")
        scheduler.queue.setSpecific(key: Self.key, value: "where")
        let onQueue = Locked<Bool?>(nil)
        scheduler.schedule { onQueue.withLock { $0 = DispatchQueue.getSpecific(key: Self.key) == "where" } }
        drain(scheduler)
        #expect(onQueue.value == true)
    }

    private static let key = DispatchSpecificKey<String>()

    @Test func delayedWorkRunsAfterItsDelay() {
        let scheduler = QueueScheduler(name: "delay")
        let clock = SuspendingClock()
        let start = clock.now
        let ranAt = Locked<SuspendingClock.Instant?>(nil)
        scheduler.schedule(after: .milliseconds(20)) { ranAt.withLock { $0 = clock.now } }
        #expect(waitUntil(seconds: 30) { ranAt.value != nil })
        #expect(ranAt.value.map { start.duration(to: $0) >= .milliseconds(20) } == true)
    }

    @Test func nothingRunsAfterDispose() {
        let scheduler = QueueScheduler(name: "dispose")
        let count = Counter()
        // Hold the queue, so that no scheduled action can have started before the disposal.
        let hold = DispatchSemaphore(value: 0)
        scheduler.schedule { hold.wait() }
        let now = scheduler.schedule { count.increment() }
        let later = scheduler.schedule(after: .milliseconds(5)) { count.increment() }
        let repeating = scheduler.schedule(after: .milliseconds(1), repeating: .milliseconds(1)) { count.increment() }
        now.dispose()
        later.dispose()
        repeating.dispose()
        hold.signal()
        #expect(now.isDisposed && later.isDisposed && repeating.isDisposed)
        let deadline = SuspendingClock.now + .milliseconds(30)
        while SuspendingClock.now < deadline { drain(scheduler) }
        #expect(count.count == 0)
    }

    @Test func repeatingWorkRepeatsUntilDisposedAndThenStops() {
        let scheduler = QueueScheduler(name: "repeat")
        let count = Counter()
        let repeating = scheduler.schedule(after: .zero, repeating: .milliseconds(1)) { count.increment() }
        #expect(waitUntil(seconds: 30) { count.count >= 3 })
        repeating.dispose()
        drain(scheduler)
        let settled = count.count
        let deadline = SuspendingClock.now + .milliseconds(20)
        while SuspendingClock.now < deadline { drain(scheduler) }
        #expect(count.count == settled)
    }

    @Test func cancellationRacingWithFiringNeverRunsLaterAndRunsAtMostOnce() {
        // Each round schedules work and disposes it from another thread at about the same
        // moment. Whichever wins, the action runs at most once, and once dispose has returned
        // and the queue has drained, it never runs.
        let scheduler = QueueScheduler(name: "race")
        let rounds = 2_000
        let runs = (0..<rounds).map { _ in Counter() }
        let works = Locked<[any Disposable]>([])
        let ready = Counter()
        let disposer = TestThread {
            for round in 0..<rounds {
                while ready.count <= round { sched_yield() }
                works.withLock { $0[round] }.dispose()
            }
        }
        for round in 0..<rounds {
            let delay: Duration = round.isMultiple(of: 2) ? .zero : .microseconds(50)
            let work = scheduler.schedule(after: delay) { runs[round].increment() }
            works.append(work)
            ready.increment()
        }
        disposer.join()
        drain(scheduler)
        let settled = runs.map(\.count)
        #expect(settled.allSatisfy { $0 <= 1 })
        let deadline = SuspendingClock.now + .milliseconds(20)
        while SuspendingClock.now < deadline { drain(scheduler) }
        #expect(runs.map(\.count) == settled)
    }

    @Test func disposingReleasesTheAction() {
        let scheduler = QueueScheduler(name: "release")
        weak var weakTracked: Tracked?
        let work: any Disposable
        do {
            let tracked = Tracked()
            weakTracked = tracked
            work = scheduler.schedule(after: .seconds(60)) { _ = tracked }
        }
        #expect(weakTracked != nil)
        work.dispose()
        #expect(weakTracked == nil)
    }

    /// A disposed delayed action lets go of everything at once, not at its due time: the
    /// closure's captures when `dispose()` returns, the scheduler's record of the work as soon
    /// as the queue has processed the cancellation (an `asyncAfter` block kept it for the
    /// hour).
    @Test func tenThousandDisposedOneHourTimersHoldNothing() {
        let scheduler = QueueScheduler(name: "release-many")
        let captures = (0..<10_000).map { _ in WeakBox(Tracked()) }
        var works: [WeakDisposable] = []
        for capture in captures {
            let tracked = capture.strong!
            let work = scheduler.schedule(after: .seconds(3600)) { _ = tracked }
            capture.strong = nil
            works.append(WeakDisposable(work))
            work.dispose()
        }
        #expect(captures.allSatisfy { $0.weak == nil }, "a disposed action's captures are released by dispose()")
        #expect(waitUntil(seconds: 30) { drain(scheduler); return works.allSatisfy { $0.weak == nil } },
                "the scheduler still holds \(works.filter { $0.weak != nil }.count) disposed timers")
    }

    @Test func aDisposedTimerSignalReleasesItsSubscriptionAtOnce() {
        let scheduler = QueueScheduler(name: "release-signal")
        weak var weakTracked: Tracked?
        let subscription: any Disposable
        do {
            let tracked = Tracked()
            weakTracked = tracked
            subscription = Signal<Int, Never>.timer(after: .seconds(3600), on: scheduler)
                .subscribe(next: { _ in _ = tracked })
        }
        #expect(weakTracked != nil)
        subscription.dispose()
        #expect(weakTracked == nil)
    }

    @Test func observeOnDeliversOnTheQueueInOrder() {
        let scheduler = QueueScheduler(name: "observe")
        scheduler.queue.setSpecific(key: Self.key, value: "observe")
        let offQueue = Counter()
        let recorder = Signal.from(0..<1_000)
            .observe(on: scheduler)
            .map { value -> Int in
                if DispatchQueue.getSpecific(key: Self.key) != "observe" { offQueue.increment() }
                return value
            }
            .record()
        #expect(waitUntil(seconds: 120) { recorder.isCompleted })
        #expect(recorder.values == Array(0..<1_000))
        #expect(offQueue.count == 0)
    }

    @Test func subscribeOnSubscribesOnTheQueue() {
        let scheduler = QueueScheduler(name: "subscribe")
        scheduler.queue.setSpecific(key: Self.key, value: "subscribe")
        let subscribedOnQueue = Locked<Bool?>(nil)
        let source = Signal<Int, Never>.deferred {
            subscribedOnQueue.withLock { $0 = DispatchQueue.getSpecific(key: Self.key) == "subscribe" }
            return .just(1)
        }
        let recorder = source.subscribe(on: scheduler).record()
        #expect(waitUntil(seconds: 30) { recorder.isCompleted })
        #expect(subscribedOnQueue.value == true)
        #expect(recorder.values == [1])
    }

    @Test func intervalOnAQueueTicksUntilDisposed() {
        let scheduler = QueueScheduler(name: "interval")
        let recorder = Signal.interval(.milliseconds(1), on: scheduler).record()
        #expect(waitUntil(seconds: 30) { recorder.values.count >= 3 })
        recorder.dispose()
        drain(scheduler)
        let values = recorder.values
        #expect(values == Array(0..<values.count))
    }
}

/// A weak reference to a tracked object, with a strong one while it is being set up.
private final class WeakBox {
    weak var weak: Tracked?
    var strong: Tracked?
    init(_ tracked: Tracked) {
        strong = tracked
        weak = tracked
    }
}

/// A weak reference to a scheduler's disposable (its record of the work).
private struct WeakDisposable {
    weak var weak: AnyObject?
    init(_ disposable: any Disposable) { weak = disposable }
}
