// Turn-taking: how the kernel serialises deliveries (a `Subject`'s sends, bind's output).
//
// A serialiser has one *turn*: the right to deliver. A thread that finds the turn free takes
// it with one compare-exchange, delivers, and gives it back with another. A thread that
// finds it taken *waits for its turn* and then delivers its own event — so a send returns
// once its event is delivered, and nothing piles up — except where waiting could never end:
//
// - the turn is this thread's own (a re-entrant send from inside a callback): the event is
//   queued behind the delivery under way, which delivers it before giving up the turn;
// - waiting would close a cycle of waiting threads (this thread holds a turn that the
//   owner is, directly or through others, waiting for — two subjects feeding each other
//   from two threads): the event is queued in the same way and the send returns.
//
// The wait-for record (who waits for which turn) lives under one lock and is touched only
// on the contended path. Deadlock-freedom: an edge "thread waits for turn" is added only
// under that lock and only after checking that it closes no cycle; a turn changes hands
// only when free (nobody waits for a free turn) or by hand-over to one of its waiters,
// under that lock (the new owner waits for nothing), so the graph of waiting threads stays
// acyclic. Order: a turn is given up (or handed over) only once its queue is empty, so an
// event queued by a thread is delivered before any later event of that thread.

import Synchronization

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A serialiser's turn.
///
/// `word` is the owning thread's id (`_currentThreadID()`), or 0 when free; bit 0 set means
/// the owner must take the slow path when it finishes (events are queued or threads wait).
/// Free implies 0: the flag is cleared whenever the turn is given up.
@usableFromInline
class _Turn: @unchecked Sendable {
    @usableFromInline final let word = Atomic<UInt>(0)

    /// How long a sender looks for a free turn before it goes to sleep: `checks` checks
    /// (under 2 µs), then up to `yieldingRounds` rounds of giving the processor away
    /// (`sched_yield`) and `checksPerRound` checks (about 0.6 µs a round on an idle core): in
    /// all about as long as sleeping and being woken costs. The rounds give way to the turn's
    /// owner where threads outnumber cores, where checks alone would hold the processor the
    /// owner needs. Checking for less time than a wake-up takes let two threads sending into
    /// one merge fall, in about half of the runs, into a convoy: a sender gave up before the
    /// thread the turn was handed to had woken, slept, and was handed the turn in its turn,
    /// so every value cost a wake-up (W8, 2,000,000 values: 24,000–38,000 allocations a run,
    /// nearly all of them the wait-for record's, and 1.6–2.5× OpenCombine's time).
    @usableFromInline static var checks: Int { 5_000 }
    @usableFromInline static var yieldingRounds: Int { 64 }
    @usableFromInline static var checksPerRound: Int { 200 }

    /// Takes the turn if it is free within `count` checks.
    @inlinable
    final func takeIfFree(_ thread: UInt, checks count: Int) -> Bool {
        for _ in 0..<count {
            if word.load(ordering: .relaxed) == 0,
               word.compareExchange(expected: 0, desired: thread, ordering: .acquiring).exchanged {
                return true
            }
        }
        return false
    }

    /// Looks for a free turn for a while (see `checks`) and takes it if it comes free.
    @usableFromInline
    final func takeBeforeSleeping(_ thread: UInt) -> Bool {
        if takeIfFree(thread, checks: Self.checks) { return true }
        for _ in 0..<Self.yieldingRounds {
            sched_yield()
            if takeIfFree(thread, checks: Self.checksPerRound) { return true }
        }
        return false
    }

    @inlinable init() {}
}

/// Delivers elements one at a time by turn-taking (see the top of this file): the serial
/// emitter of bind's output and of `Subject`.
///
/// `@unchecked Sendable`: the queue is under its lock; the turn is atomic.
@usableFromInline
final class _SerialEmitter<Element>: _Turn, @unchecked Sendable {
    /// Events queued behind the delivery under way (re-entrant sends, and sends that would
    /// close a cycle by waiting), under `queueLock`: use them only through `withQueue`.
    /// Lock order: the wait-for record's lock, then this one. The lock lives in the emitter
    /// (no allocation of its own: every bind with an inner subscription makes an emitter).
    @usableFromInline let queueLock = _InlineLock()
    @usableFromInline @exclusivity(unchecked) var _queue = _Queue<Element>()

    @inlinable override init() {}

    /// Runs `body` on the queue under its lock; `body` runs no user code.
    @inlinable @inline(__always)
    func withQueue<Result>(_ body: (inout _Queue<Element>) -> Result) -> Result {
        queueLock.lock()
        defer { queueLock.unlock() }
        return body(&_queue)
    }

    /// Delivers `element` with `deliver`, never concurrently with another delivery of this
    /// emitter: at once if the turn is free (one compare-exchange to take it, one to give it
    /// back), after waiting for the turn if it is another thread's, or later, by the owner,
    /// if it is this thread's or waiting would close a cycle.
    @inlinable
    func send(_ element: Element, deliver: (Element) -> Void) {
        let thread = _currentThreadID()
        if !word.compareExchange(expected: 0, desired: thread, ordering: .acquiring).exchanged {
            switch awaitTurn(thread, element) {
            case .deliver: deliver(element)
            case .drain: return finishTurn(thread, deliver)
            case .queued: return
            }
        } else {
            deliver(element)
        }
        if word.compareExchange(expected: thread, desired: 0, ordering: .releasing).exchanged { return }
        finishTurn(thread, deliver)
    }

    @usableFromInline
    enum _Outcome {
        /// This thread has the turn: deliver the element.
        case deliver
        /// This thread has the turn and the element is in the queue: deliver the queue.
        case drain
        /// The element is queued; the owner delivers it.
        case queued
    }

    /// The contended path of `send`: wait for the turn, or queue.
    @usableFromInline
    func awaitTurn(_ thread: UInt, _ element: Element) -> _Outcome {
        if word.load(ordering: .relaxed) & ~1 == thread {
            // A re-entrant send: only this thread sets the owner to itself, so this is stable.
            withQueue { $0.append(element) }
            word.bitwiseOr(1, ordering: .relaxed)
            return .queued
        }
        // Before going to sleep, check for a while whether the turn comes free: a delivery
        // under way usually ends within a few hundred nanoseconds, and taking the turn then
        // (the fast path's compare-exchange: a free turn has no waiter and an empty queue)
        // costs far less than sleeping and being woken. Without it, two threads sending in
        // tight loops into one merge hand the turn to each other through the scheduler on
        // every value. A bounded while (`_Turn.checks`), then the path below.
        if takeBeforeSleeping(thread) { return .deliver }
        // The outcome, or the parker to wait on for the turn.
        let (outcome, parker) = _WaitForRecord.shared.withLock { record -> (_Outcome, _Parker?) in
            var isQueued = false
            while true {
                let current = word.load(ordering: .acquiring)
                let owner = current & ~1
                if owner == 0 {
                    if word.compareExchange(expected: 0, desired: thread, ordering: .acquiring).exchanged {
                        // Free: nobody waits for it and its queue is empty, or holds only ours.
                        return (isQueued ? .drain : .deliver, nil)
                    }
                    continue
                }
                if !isQueued && record.wouldCloseCycle(waiter: thread, owner: owner) {
                    withQueue { $0.append(element) }
                    isQueued = true
                    continue   // flag it (below), or take the turn if it was given up meanwhile
                }
                guard word.compareExchange(
                    expected: current, desired: current | 1, ordering: .acquiringAndReleasing
                ).exchanged else { continue }
                if isQueued { return (.queued, nil) }
                let parker = _Parker.perThread.current
                record.add(waiter: thread, parker: parker, for: self)
                return (.deliver, parker)
            }
        }
        parker?.park()   // returns once the turn has been handed to this thread
        return outcome
    }

    /// The owner's slow path when it finishes: deliver what was queued, then hand the turn
    /// to the first waiter, or give it up.
    @usableFromInline
    func finishTurn(_ thread: UInt, _ deliver: (Element) -> Void) {
        while true {
            let batch = withQueue { queue -> _Queue<Element> in
                defer { queue = _Queue() }   // the batch takes the storage: queues shrink after a burst
                return queue
            }
            if batch.head < batch.elements.count {
                for element in batch.elements[batch.head...] { deliver(element) }
                continue
            }
            let isDone = _WaitForRecord.shared.withLock { record -> Bool in
                // Queued after the batch was taken (only a cycle-avoiding sender, which holds
                // this lock to queue): deliver it first.
                if withQueue({ $0.head < $0.elements.count }) { return false }
                if let next = record.removeFirstWaiter(for: self) {
                    word.store(next.thread | (record.hasWaiters(for: self) ? 1 : 0), ordering: .releasing)
                    next.parker.unpark()
                } else {
                    word.store(0, ordering: .releasing)
                }
                return true
            }
            if isDone { return }
        }
    }
}

/// Who waits for which turn, under one lock, touched only on the contended path.
@usableFromInline
struct _WaitForRecord: Sendable {
    @usableFromInline
    struct Waiter: Sendable {
        let thread: UInt
        let parker: _Parker
    }

    /// The turn each waiting thread waits for.
    var waitingFor: [UInt: _Turn] = [:]
    /// The waiters of each turn, first come first served.
    var waiters: [ObjectIdentifier: [Waiter]] = [:]

    @usableFromInline
    static let shared = _Locked(_WaitForRecord())

    /// Whether `waiter` waiting for a turn owned by `owner` would close a cycle: follows
    /// owner → the turn it waits for → that turn's owner …, which ends at a running thread
    /// (no cycle) or at `waiter`. The record is acyclic, so the walk ends.
    func wouldCloseCycle(waiter: UInt, owner: UInt) -> Bool {
        var owner = owner
        while owner != waiter {
            guard let turn = waitingFor[owner] else { return false }
            owner = turn.word.load(ordering: .acquiring) & ~1
        }
        return true
    }

    mutating func add(waiter thread: UInt, parker: _Parker, for turn: _Turn) {
        waitingFor[thread] = turn
        waiters[ObjectIdentifier(turn), default: []].append(Waiter(thread: thread, parker: parker))
    }

    mutating func removeFirstWaiter(for turn: _Turn) -> Waiter? {
        let key = ObjectIdentifier(turn)
        guard var queue = waiters[key], !queue.isEmpty else { return nil }
        let first = queue.removeFirst()
        waiters[key] = queue.isEmpty ? nil : queue
        waitingFor[first.thread] = nil
        return first
    }

    func hasWaiters(for turn: _Turn) -> Bool {
        waiters[ObjectIdentifier(turn)] != nil
    }
}

/// Blocks a thread until another hands it a turn. One per thread.
///
/// `@unchecked Sendable`: `isGranted` is guarded by `mutex`.
@usableFromInline
final class _Parker: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var isGranted = false

    static let perThread = _ThreadLocal { _Parker() }

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Waits until `unpark()` (which may already have happened).
    func park() {
        pthread_mutex_lock(mutex)
        #if DEBUG
        // Debug builds only: a send that waits for its turn longer than the threshold is
        // most likely deadlocked by a blocking callback; say so once, then wait on.
        if !isGranted, let deadline = _SlowTurnDiagnostic.deadline() {
            while !isGranted {
                var deadline = deadline
                if pthread_cond_timedwait(condition, mutex, &deadline) == ETIMEDOUT {
                    if !isGranted {
                        pthread_mutex_unlock(mutex)
                        _SlowTurnDiagnostic.reportOnce()
                        pthread_mutex_lock(mutex)
                    }
                    break
                }
            }
        }
        #endif
        while !isGranted { pthread_cond_wait(condition, mutex) }
        isGranted = false
        pthread_mutex_unlock(mutex)
    }

    func unpark() {
        pthread_mutex_lock(mutex)
        isGranted = true
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }
}

#if DEBUG
/// Debug builds only: the message printed once when a send has waited for its turn longer
/// than `threshold` (5 s) — almost always a callback blocking on a thread that is sending
/// into the signal (Contracts.md, "Blocking in a callback"). Release builds have none of it.
/// Tests shorten the threshold and catch the message through `report`.
package enum _SlowTurnDiagnostic: _WaitDiagnostic {
    package static let settings = _Locked(_WaitDiagnosticSettings())

    package static let message = """
        Signals: a send has waited more than a few seconds for its turn to deliver: a callback \
        may be blocking on a thread that is sending into this signal (a semaphore, a lock or \
        DispatchQueue.sync waiting for a send that waits for the callback: a deadlock). \
        See Contracts.md, "Blocking in a callback". (Printed once; debug builds only.)
        """

    /// The absolute time (the condition variable's clock) at which to report, or `nil` once
    /// the message has been printed.
    static func deadline() -> timespec? {
        guard let threshold = threshold() else { return nil }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let (seconds, attoseconds) = threshold.components
        var nanoseconds = Int(now.tv_nsec) + Int(attoseconds / 1_000_000_000)
        var wholeSeconds = Int(now.tv_sec) + Int(seconds)
        if nanoseconds >= 1_000_000_000 {
            nanoseconds -= 1_000_000_000
            wholeSeconds += 1
        }
        return timespec(tv_sec: .init(wholeSeconds), tv_nsec: .init(nanoseconds))
    }
}
#endif
