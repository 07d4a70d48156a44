// Threads with a watchdog, and a probe for overlapping observer calls.

import Foundation
import Synchronization
import Testing

/// Runs `body(index)` on `count` new threads, released together, and waits for all of them
/// for at most `timeout`. On timeout it records an issue ("deadlock?") and returns false
/// instead of hanging CI; the stuck threads are abandoned.
@discardableResult
func runConcurrently(
    _ count: Int, timeout: Duration = .seconds(120), _ what: String = "threads",
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: @escaping @Sendable (Int) -> Void
) -> Bool {
    let group = DispatchGroup()
    let gate = StartGate()
    for index in 0..<count {
        group.enter()
        let thread = Thread {
            gate.arrive()
            gate.wait()
            body(index)
            group.leave()
        }
        thread.stackSize = 1 << 22
        thread.start()
    }
    gate.open(whenArrived: count)
    let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) * 1e-18
    if group.wait(timeout: .now() + seconds) == .timedOut {
        Issue.record("watchdog: \(what) did not finish within \(timeout) (deadlock or livelock?)", sourceLocation: sourceLocation)
        return false
    }
    return true
}

/// Runs `body` on another thread and waits at most `timeout` (for code that could loop
/// forever, such as an infinite synchronous source that fails to stop).
@discardableResult
func withWatchdog(
    _ timeout: Duration = .seconds(30), _ what: String = "the test body",
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: @escaping @Sendable () -> Void
) -> Bool {
    runConcurrently(1, timeout: timeout, what, sourceLocation: sourceLocation) { _ in body() }
}

/// Releases waiting threads all at once.
final class StartGate: Sendable {
    private let arrived = Atomic<Int>(0)
    private let isOpen = Atomic<Bool>(false)
    func arrive() { arrived.add(1, ordering: .relaxed) }
    /// Waits until `count` threads arrived, then lets them all go.
    func open(whenArrived count: Int) {
        while arrived.load(ordering: .relaxed) < count { sched_yield() }
        isOpen.store(true, ordering: .releasing)
    }
    func wait() { while !isOpen.load(ordering: .acquiring) { sched_yield() } }
}

/// Detects overlapping calls into an observer: wrap each callback in `enter()`/`leave()`.
final class SerialityProbe: Sendable {
    private let inside = Atomic<Int>(0)
    private let overlapCount = Atomic<Int>(0)
    private let callCount = Atomic<Int>(0)

    func enter() {
        if inside.add(1, ordering: .acquiringAndReleasing).newValue != 1 {
            overlapCount.add(1, ordering: .relaxed)
        }
        callCount.add(1, ordering: .relaxed)
    }

    func leave() { inside.subtract(1, ordering: .acquiringAndReleasing) }

    var overlaps: Int { overlapCount.load(ordering: .relaxed) }
    var calls: Int { callCount.load(ordering: .relaxed) }
    var isInside: Bool { inside.load(ordering: .acquiring) != 0 }
}

/// Operations per thread in stress tests; `SIGNALS_STRESS_SCALE=10` runs ten times as many.
func stressOperations(_ base: Int) -> Int {
    base * max(1, environmentInteger("SIGNALS_STRESS_SCALE") ?? 1)
}

/// Gives the processor to another thread.
func yieldThread() { sched_yield() }

/// A counter that closures on any thread can bump.
final class Tally: Sendable {
    private let count = Atomic<Int>(0)
    init() {}
    @discardableResult func add(_ amount: Int = 1) -> Int { count.add(amount, ordering: .relaxed).newValue }
    var value: Int { count.load(ordering: .relaxed) }
}

/// A flag that closures on any thread can raise.
final class Flag: Sendable {
    private let raised = Atomic<Bool>(false)
    init() {}
    func raise() { raised.store(true, ordering: .releasing) }
    var isRaised: Bool { raised.load(ordering: .acquiring) }
}

/// Sleeps for a few microseconds (lets other threads run without spinning).
func pauseBriefly() { usleep(20) }
