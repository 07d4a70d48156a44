// Threads (a pthread with a chosen stack, threads released together under a watchdog), a
// probe for overlapping observer calls, and small timing helpers.

import Dispatch
import Synchronization
import Testing
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `@unchecked Sendable`: handed to exactly one new thread, read once there.
private final class ThreadBody: @unchecked Sendable {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}

/// A pthread running `body`, with the given stack size; `join()` waits for it.
public final class TestThread: @unchecked Sendable { // `thread` is written in init, read by join only
    private var thread = pthread_t()

    public init(stackSize: Int = 1 << 20, _ body: @escaping @Sendable () -> Void) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setstacksize(&attributes, stackSize)
        let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        let error = pthread_create(&thread, &attributes, { pointer in
            Unmanaged<ThreadBody>.fromOpaque(pointer!).takeRetainedValue().run()
            return nil
        }, box)
        precondition(error == 0, "pthread_create failed: \(error)")
        pthread_attr_destroy(&attributes)
    }

    public func join() {
        pthread_join(thread, nil)
    }
}

/// Runs `body` on a new thread with a stack of `stackSize` bytes, waits for it, and returns
/// its result. A stack overflow crashes the test process.
public func runOnThread<Result>(stackSize: Int, _ body: @escaping @Sendable () -> Result) -> Result {
    let result = Locked<Result?>(nil)
    let thread = TestThread(stackSize: stackSize) {
        let value = body()
        result.withLock { $0 = value }
    }
    thread.join()
    return result.withLock { $0.take()! }
}

/// Runs `body(index)` on `count` new threads, released together, and waits for all of them
/// for at most `timeout`. On timeout it records an issue ("deadlock?") and returns false
/// instead of hanging CI; the stuck threads are abandoned.
@discardableResult
public func runConcurrently(
    _ count: Int, timeout: Duration = .seconds(120), _ what: String = "threads",
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: @escaping @Sendable (Int) -> Void
) -> Bool {
    let group = DispatchGroup()
    let gate = StartGate()
    var threads: [TestThread] = []
    for index in 0..<count {
        group.enter()
        threads.append(TestThread(stackSize: 1 << 22) {
            gate.arrive()
            gate.wait()
            body(index)
            group.leave()
        })
    }
    gate.open(whenArrived: count)
    let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) * 1e-18
    if group.wait(timeout: .now() + seconds) == .timedOut {
        Issue.record("watchdog: \(what) did not finish within \(timeout) (deadlock or livelock?)", sourceLocation: sourceLocation)
        return false
    }
    for thread in threads { thread.join() }
    return true
}

/// Runs `body` on another thread and waits at most `timeout` (for code that could loop
/// forever, such as an infinite synchronous source that fails to stop).
@discardableResult
public func withWatchdog(
    _ timeout: Duration = .seconds(120), _ what: String = "the test body",
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: @escaping @Sendable () -> Void
) -> Bool {
    runConcurrently(1, timeout: timeout, what, sourceLocation: sourceLocation) { _ in body() }
}

/// Releases waiting threads all at once.
public final class StartGate: Sendable {
    private let arrived = Atomic<Int>(0)
    private let isOpen = Atomic<Bool>(false)
    public init() {}
    public func arrive() { arrived.add(1, ordering: .relaxed) }
    /// Waits until `count` threads arrived, then lets them all go.
    public func open(whenArrived count: Int) {
        while arrived.load(ordering: .relaxed) < count { sched_yield() }
        isOpen.store(true, ordering: .releasing)
    }
    public func wait() { while !isOpen.load(ordering: .acquiring) { sched_yield() } }
}

/// Detects overlapping calls into an observer: wrap each callback in `enter()`/`leave()`.
public final class SerialityProbe: Sendable {
    private let inside = Atomic<Int>(0)
    private let overlapCount = Atomic<Int>(0)
    private let callCount = Atomic<Int>(0)

    public init() {}

    public func enter() {
        if inside.add(1, ordering: .acquiringAndReleasing).newValue != 1 {
            overlapCount.add(1, ordering: .relaxed)
        }
        callCount.add(1, ordering: .relaxed)
    }

    public func leave() { inside.subtract(1, ordering: .acquiringAndReleasing) }

    public var overlaps: Int { overlapCount.load(ordering: .relaxed) }
    public var calls: Int { callCount.load(ordering: .relaxed) }
    public var isInside: Bool { inside.load(ordering: .acquiring) != 0 }
}

/// Waits (yielding) until `condition` holds, for at most `seconds`; returns whether it held.
@discardableResult
public func waitUntil(seconds: Double = 120, _ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while !condition() {
        if ContinuousClock.now > deadline { return false }
        sched_yield()
    }
    return true
}

/// Gives the processor to another thread.
public func yieldThread() { sched_yield() }

/// Sleeps for a few microseconds (lets other threads run without spinning).
public func pauseBriefly() { usleep(20) }

/// Runs `body` and prints how long it took, labelled; returns its result.
@discardableResult
public func measure<Result>(_ label: String, _ body: () -> Result) -> Result {
    let clock = ContinuousClock()
    let start = clock.now
    let result = body()
    let elapsed = clock.now - start
    let milliseconds = elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
    printFigure("[figures] \(label): \(milliseconds) ms")
    return result
}
