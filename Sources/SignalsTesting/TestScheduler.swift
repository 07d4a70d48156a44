import Signals
import Synchronization
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A scheduler whose clock moves only when a test moves it: time operators, timers and
/// `observe(on:)` run deterministically, in no wall-clock time.
///
/// ## The idea
///
/// Code that works with time takes a `Scheduler`. In the app that is a `QueueScheduler`;
/// in a test it is a `TestScheduler`, on which nothing happens until you *advance* its
/// virtual clock. Advancing runs, in order, all the work that has come due; work scheduled
/// for later waits.
///
/// ```swift
/// let scheduler = TestScheduler()
/// let recorder = Signal.timer(after: .seconds(2), on: scheduler).record()
///
/// #expect(recorder.events.isEmpty)   // nothing happens until time moves
/// scheduler.advance(by: .seconds(1))
/// #expect(recorder.events.isEmpty)   // one second is not enough
/// scheduler.advance(by: .seconds(1))
/// #expect(recorder.events == [.next(0), .completed])
/// ```
///
/// The test reads like a timeline: nothing happened after one second, the timer fired at
/// two. No `sleep`, no expectation timeouts, no flakiness: `advance(by:)` returns when the
/// work is done, on the test's own thread.
///
/// ## Moving the clock
///
/// - ``advance(by:)`` moves the clock forward by a duration and runs everything due up to
///   *and including* the new time; ``advance(by:)`` with no argument runs what is due now.
/// - ``advance(to:)`` moves it to an instant (``now`` starts at ``Instant/zero``).
/// - ``run()`` runs until nothing is scheduled, moving the clock to each piece of work in
///   turn. Repeating work (an `interval`) never runs out: dispose it, or use `advance`.
///
/// The clock ends at the latest instant it can represent (`Duration`'s largest value, some
/// 5 × 10¹² years after ``Instant/zero``): advancing past it, or scheduling work after it,
/// stops at it instead of overflowing — the clock stays there, and work scheduled past it runs
/// at it. A repeating work whose next repetition would fall past it runs for the last time.
///
/// Work scheduled *while* advancing runs in the same advance if it is due by its end: a
/// timer started by another timer is honoured. Work due at the same instant runs first in,
/// first out (ordered by time, then by the order it was scheduled), which is what keeps
/// `observe(on:)` in order. Disposing scheduled work removes it from the queue.
///
/// ## Ticks and marbles
///
/// The scheduler also draws and reads *marble diagrams*, where each character is one
/// ``tick`` (a second, unless you give another): `scheduler.cold("-a-b-|", values: […])`
/// makes a test signal, and ``expect(_:_:values:error:)`` runs a signal and compares what
/// it did with a diagram, printing both, aligned, when they differ. See
/// <doc:MarbleTesting>.
///
/// ```swift
/// let scheduler = TestScheduler()
/// let source = scheduler.cold("-a-b-|", values: ["a": 1, "b": 2])
/// let result = scheduler.expect(source.signal.map { $0 * 10 }, "-x-y-|", values: ["x": 10, "y": 20])
/// #expect(result.isMet, "\(result)")
/// ```
///
/// ## Threads
///
/// A `SignalTrace` names the thread of what it records in the scheduler's work
/// `TestScheduler`. Every method may be called from any thread. Work may be scheduled and disposed from any
/// thread, at any time, also while the scheduler runs. The work runs on the thread that calls
/// `advance` or `run`, one action at a time. Calls to `advance` and `run` from several threads
/// at once take turns: a call made while another thread's is still running waits until that
/// one has returned, then moves the clock from where that one left it (two threads advancing
/// by a second each move it two seconds). Calling `advance` or `run` from inside scheduled work
/// is a programmer error: it stops the program with a "Signals:" message (it would wait for
/// itself). So is scheduled work that waits for another thread's `advance` (it would wait for
/// ever).
///
/// - SeeAlso: RxTest `TestScheduler`, combine-schedulers `TestScheduler`, RxJS marble
///   testing.
public final class TestScheduler: Scheduler {
    /// A reading of a test scheduler's virtual clock: the time since the scheduler started.
    ///
    /// ```swift
    /// #expect(scheduler.now == .zero + .seconds(3))
    /// ```
    public struct Instant: InstantProtocol, CustomStringConvertible {
        /// The virtual time since the scheduler started.
        ///
        /// ```swift
        /// #expect(scheduler.now.offset == .seconds(2))
        /// ```
        public var offset: Duration

        /// The instant `offset` after the scheduler started.
        ///
        /// ```swift
        /// scheduler.advance(to: TestScheduler.Instant(offset: .seconds(5)))
        /// ```
        public init(offset: Duration) {
            self.offset = offset
        }

        /// The instant the scheduler starts at.
        ///
        /// ```swift
        /// #expect(TestScheduler().now == .zero)
        /// ```
        public static var zero: Instant { Instant(offset: .zero) }

        /// The instant `duration` later.
        ///
        /// ```swift
        /// let later = TestScheduler.Instant.zero.advanced(by: .seconds(2))
        /// ```
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The duration from this instant to `other`.
        ///
        /// ```swift
        /// #expect(TestScheduler.Instant.zero.duration(to: .zero + .seconds(2)) == .seconds(2))
        /// ```
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether `lhs` comes before `rhs`.
        ///
        /// ```swift
        /// #expect(TestScheduler.Instant.zero < .zero + .seconds(1))
        /// ```
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }

        /// The instant `duration` after `instant`.
        ///
        /// ```swift
        /// scheduler.advance(to: .zero + .seconds(3))
        /// ```
        public static func + (instant: Instant, duration: Duration) -> Instant {
            instant.advanced(by: duration)
        }

        /// The offset, as `"2.5 seconds"`.
        ///
        /// ```swift
        /// print(TestScheduler.Instant.zero + .seconds(2)) // Prints: 2.0 seconds
        /// ```
        public var description: String { offset.description }
    }

    /// The clock and the queue of scheduled work, behind one lock. Every scheduled work holds
    /// it too, to cancel itself: a strong reference to the queue is cheaper than a weak one to
    /// the scheduler (a weak reference gives the scheduler a side table, which every retain and
    /// release then goes through), and the scheduler's `deinit` empties the queue, so the
    /// queue and the work it holds do not keep each other alive.
    private let _queue = _TestLockedQueue()

    /// How long one character of a marble diagram lasts.
    ///
    /// ```swift
    /// #expect(TestScheduler().tick == .seconds(1))
    /// ```
    public let tick: Duration

    /// Creates a scheduler whose clock reads ``Instant/zero`` and whose marble diagrams last
    /// `tick` per character (one second unless you give another).
    ///
    /// ```swift
    /// let scheduler = TestScheduler()
    /// let fine = TestScheduler(tick: .milliseconds(100))
    /// ```
    public init(tick: Duration = .seconds(1)) {
        _precondition(tick > .zero, "Signals: TestScheduler(tick:) needs a positive tick, got \(tick); pass a Duration greater than .zero")
        self.tick = tick
    }

    deinit {
        // The work still queued leaves the queue; it is released here, outside the lock (an
        // action's captures may dispose other work, which takes the lock).
        let left = _queue.withLock { $0.removeAll() }
        withExtendedLifetime(left) {}
    }

    /// The virtual time: ``Instant/zero`` until the test advances the clock.
    ///
    /// ```swift
    /// scheduler.advance(by: .seconds(2))
    /// #expect(scheduler.now == .zero + .seconds(2))
    /// ```
    public var now: Instant {
        Instant(offset: Duration(attoseconds: _queue.withLock { $0.now }))
    }

    /// Schedules `action` for now: it runs at the next ``advance(by:)`` (even by zero), after
    /// the work already scheduled for now.
    ///
    /// ```swift
    /// scheduler.schedule { print("ran") }
    /// scheduler.advance() // Prints: ran
    /// ```
    @discardableResult
    public func schedule(_ action: @escaping @Sendable () -> Void) -> any Disposable {
        _enqueue(after: 0, interval: 0, action)
    }

    /// Schedules `action` for `delay` after now (a delay of zero or less means now).
    ///
    /// ```swift
    /// scheduler.schedule(after: .seconds(2)) { print("ran") }
    /// scheduler.advance(by: .seconds(2)) // Prints: ran
    /// ```
    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        _enqueue(after: delay.attoseconds, interval: 0, action)
    }

    /// Schedules `action` for `delay` after now, then every `interval`, until the returned
    /// disposable is disposed. `interval` must be positive.
    ///
    /// ```swift
    /// let ticking = scheduler.schedule(after: .zero, repeating: .seconds(1)) { print("tick") }
    /// scheduler.advance(by: .seconds(2)) // Prints: tick, tick, tick (at 0, 1 and 2 s)
    /// ticking.dispose()
    /// ```
    @discardableResult
    public func schedule(
        after delay: Duration,
        repeating interval: Duration,
        _ action: @escaping @Sendable () -> Void
    ) -> any Disposable {
        _precondition(interval > .zero, "Signals: TestScheduler.schedule(after:repeating:_:) needs a positive interval, got \(interval); pass a Duration greater than .zero")
        return _enqueue(after: delay.attoseconds, interval: interval.attoseconds, action)
    }

    /// Moves the clock forward by `duration` and runs, in order, everything due up to and
    /// including the new time — also work scheduled while advancing, if it is due by then.
    /// With no argument, runs what is due now.
    ///
    /// ```swift
    /// scheduler.schedule(after: .seconds(1)) { print("one") }
    /// scheduler.advance(by: .seconds(1)) // Prints: one
    /// ```
    public func advance(by duration: Duration = .zero) {
        let amount = duration.attoseconds
        _precondition(amount >= 0, "Signals: TestScheduler.advance(by:) cannot go back in time, got \(duration); pass .zero or more")
        _runActions(from: _beginRun { queue in queue.start(until: _TestQueue.later(queue.now, by: amount)) })
    }

    /// Moves the clock to `instant` and runs, in order, everything due up to and including
    /// it. `instant` must not be earlier than ``now``.
    ///
    /// ```swift
    /// scheduler.advance(to: .zero + .seconds(5))
    /// ```
    public func advance(to instant: Instant) {
        let limit = instant.offset.attoseconds
        _runActions(from: _beginRun { queue in
            _precondition(limit >= queue.now, "Signals: TestScheduler.advance(to:) cannot go back in time, from \(Instant(offset: Duration(attoseconds: queue.now))) to \(instant); pass now or later")
            return queue.start(until: limit)
        })
    }

    /// Runs everything scheduled, moving the clock to each piece of work in turn, until
    /// nothing is left. Repeating work never runs out: dispose it first, or use
    /// ``advance(by:)``.
    ///
    /// ```swift
    /// scheduler.schedule(after: .seconds(60)) { print("a minute later") }
    /// scheduler.run() // Prints: a minute later
    /// #expect(scheduler.now == .zero + .seconds(60))
    /// ```
    public func run() {
        _runActions(from: _beginRun { queue in queue.start(until: nil) })
    }

    // MARK: - Internals

    /// The time of the earliest scheduled work, if any (for the marble helpers).
    var _nextDueTime: Instant? {
        _queue.withLock { $0.heap.first?.time.value }.map { Instant(offset: Duration(attoseconds: $0)) }
    }

    /// Starts a run with `start` once no other thread's run is going (waiting for it, if one
    /// is), and returns its first action. A run from inside scheduled work stops the program.
    private func _beginRun(_ start: (inout _TestQueue) -> (@Sendable () -> Void)?) -> (@Sendable () -> Void)? {
        let thread = _testThreadID()
        var next: (@Sendable () -> Void)?
        var attempts = 0
        while true {
            var started = false
            _queue.withLock { queue in
                guard queue.beginRunning(on: thread) else { return }
                started = true
                next = start(&queue)
            }
            if started { return next }
            // Another thread's run: wait for it to end (briefly spinning, then sleeping).
            attempts += 1
            if attempts < 64 { sched_yield() } else { usleep(100) }
        }
    }

    /// Runs `first`, then each action the queue hands out, until the run ends. (Actions come
    /// out of the lock through a captured variable, not as `withLock`'s result: a closure
    /// passed through a generic result is reabstracted, which allocates a thunk.)
    private func _runActions(from first: (@Sendable () -> Void)?) {
        var next = first
        while let action = next.take() {
            // A trace names what this work records "TestScheduler" (tagged `Test`).
            _runNamed("TestScheduler", action)
            // `next` is empty here: the lock is not held while an action is released.
            _queue.withLock { next = $0.takeNext() }
        }
    }

    /// Queues `action` for `delay` attoseconds after now (now if `delay` is not positive),
    /// then every `interval` attoseconds if `interval` is positive.
    ///
    /// Work scheduled while a test signal's event is delivered (see ``_Delivery``) remembers
    /// that event and is run with it as the current delivery again, so a value the clock
    /// sends later (`delay`, `debounce`) is recorded as caused by the event that scheduled
    /// it. Only one generation: work scheduled by such restored work remembers nothing (it
    /// may serve another event — `concatMap` subscribing the next inner signal when the
    /// first one's timer ends it — and no colour is better than a wrong one). Outside a
    /// delivery (the common case) nothing is added.
    private func _enqueue(
        after delay: Int128,
        interval: Int128,
        _ action: @escaping @Sendable () -> Void
    ) -> any Disposable {
        let work = _TestWork(interval: interval, action: action, queue: _queue)
        let queue = _queue
        queue.withLock { state in
            if let current = state.causes.last, !current.restored {
                let cause = current.cause
                work.action = { queue.delivering(cause, restored: true, action) }
            }
            state.push(work, after: delay)
        }
        return work
    }

    /// Runs `body` (the delivery of `cause`) with `cause` as the current delivery.
    func _delivering(_ cause: _Delivery.Cause, _ body: () -> Void) {
        _queue.delivering(cause, restored: false, body)
    }

    /// The event being delivered now (the innermost), if any, marked `byClock` when it is
    /// current again because work it scheduled is running.
    var _currentDelivery: _Delivery.Cause? {
        _queue.withLock { queue in
            queue.causes.last.map { current in
                var cause = current.cause
                cause.byClock = current.restored
                return cause
            }
        }
    }
}

/// A test scheduler's clock and queue: a binary min-heap of the scheduled work, ordered by
/// time, then by the order it was scheduled (`sequence`), so that same-time work runs first
/// in, first out. Each work knows its slot (`heapIndex`), so that disposing it removes it in
/// O(log n): a test that schedules and cancels a timer per value (debounce, timeout) pays no
/// scan of the queue and no search by id.
///
/// Times are kept as attoseconds since the start, a `Duration`'s own representation
/// (`Duration.attoseconds`), so the results are exactly those of `Duration` arithmetic
/// without its out-of-line calls. A work stores its times as `_Attoseconds` (two 8-byte
/// words), not `Int128`, whose 16-byte alignment would make every work an aligned
/// allocation.
///
/// While the scheduler runs (`advance`, `run`), `limit` is the time it runs to (`nil`: until
/// nothing is left); `takeNext()` hands out the work due by then, one action at a time, and
/// the call that finds none moves the clock to `limit` and ends the run, in the same turn of
/// the lock.
private struct _TestQueue {
    typealias Action = @Sendable () -> Void

    var now: Int128 = 0
    var heap: [_TestWork] = []
    var nextSequence = 0
    var isRunning = false
    /// The thread running (while `isRunning`).
    var runner: UInt = 0
    var limit: Int128?
    /// The test-signal events being delivered now, innermost last (see ``_Delivery``); a
    /// `restored` one is current again because scheduled work it caused is running.
    var causes: [(cause: _Delivery.Cause, restored: Bool)] = []

    /// `time` + `amount` (`amount` ≥ 0), or the latest time when that would overflow: the
    /// clock ends at the latest instant instead of trapping.
    @inline(__always)
    static func later(_ time: Int128, by amount: Int128) -> Int128 {
        let (sum, overflow) = time.addingReportingOverflow(amount)
        return overflow ? .max : sum
    }

    @inline(__always)
    static func precedes(_ a: _TestWork, _ b: _TestWork) -> Bool {
        a.time < b.time || (a.time == b.time && a.sequence < b.sequence)
    }

    /// Marks the scheduler running on `thread`, or returns `false` if another thread's run is
    /// going (the caller waits for it). Advancing from inside scheduled work (a run on this
    /// thread is going) is a programmer error.
    mutating func beginRunning(on thread: UInt) -> Bool {
        if isRunning {
            _precondition(runner != thread, "Signals: TestScheduler.advance or run called from inside scheduled work; schedule the work instead of advancing from it")
            return false
        }
        isRunning = true
        runner = thread
        return true
    }

    /// Starts a run to `limit` (`nil`: until nothing is left) and takes its first action.
    mutating func start(until limit: Int128?) -> Action? {
        self.limit = limit
        return takeNext()
    }

    /// Takes the earliest work due by `limit` and moves the clock to it: a repeating work is
    /// rescheduled after its interval, a one-shot work leaves the queue. When none is due,
    /// moves the clock to `limit` and ends the run.
    mutating func takeNext() -> Action? {
        if let work = heap.first, limit.map({ work.time.value <= $0 }) ?? true {
            let time = work.time.value
            if time > now { now = time }
            if work.isRepeating {
                let (next, overflow) = time.addingReportingOverflow(work.interval.value)
                if overflow {
                    // The next repetition would fall past the latest instant: this is the last.
                    remove(work)
                    return work.action.take()
                }
                work.time = _Attoseconds(next)
                work.sequence = nextSequence
                nextSequence += 1
                siftDown(0)
                return work.action
            }
            remove(work)
            return work.action.take()
        }
        if let limit, limit > now { now = limit }
        isRunning = false
        runner = 0
        return nil
    }

    /// Queues `work` for `delay` after now (now if `delay` is not positive).
    mutating func push(_ work: _TestWork, after delay: Int128) {
        work.time = _Attoseconds(delay > 0 ? Self.later(now, by: delay) : now)
        work.sequence = nextSequence
        nextSequence += 1
        work.heapIndex = heap.count
        heap.append(work)
        siftUp(heap.count - 1)
    }

    /// Takes `work` out of the heap (it must be in it).
    mutating func remove(_ work: _TestWork) {
        let index = work.heapIndex
        let last = heap.count - 1
        work.heapIndex = -1
        if index != last {
            heap.swapAt(index, last)
            heap[index].heapIndex = index
        }
        heap.removeLast()
        if index < heap.count {
            siftDown(index)
            siftUp(index)
        }
    }

    /// Empties the queue (the scheduler is going away); returns the work, to be released
    /// outside the lock. Each counts as disposed from now on.
    mutating func removeAll() -> [_TestWork] {
        let works = heap
        heap = []
        for work in works { work.heapIndex = -1 }
        return works
    }

    mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.precedes(heap[child], heap[parent]) else { return }
            heap.swapAt(child, parent)
            heap[child].heapIndex = child
            heap[parent].heapIndex = parent
            child = parent
        }
    }

    mutating func siftDown(_ start: Int) {
        var parent = start
        let count = heap.count
        while true {
            let left = 2 * parent + 1
            guard left < count else { return }
            var first = left
            if left + 1 < count && Self.precedes(heap[left + 1], heap[left]) { first = left + 1 }
            guard Self.precedes(heap[first], heap[parent]) else { return }
            heap.swapAt(first, parent)
            heap[first].heapIndex = first
            heap[parent].heapIndex = parent
            parent = first
        }
    }
}

/// A test scheduler's queue behind a lock of its own: one atomic flag, taken with a
/// compare-exchange and given back with a store (a `pthread_mutex_t` lock and unlock cost
/// about four times the instructions, and the lock is taken at least once per schedule,
/// cancel and advance). A thread that finds it taken yields until it is free: the lock is
/// held only to update the heap, never while an action runs or is released, so it is held
/// briefly and rarely contended (threads that schedule at the same time). An `Atomic`, not
/// `Synchronization.Mutex`, which ThreadSanitizer cannot see on Linux.
/// The calling thread's identity, to tell a run from inside scheduled work (the same thread)
/// from another thread's run.
private func _testThreadID() -> UInt {
    #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
    #else
    UInt(pthread_self())
    #endif
}

private final class _TestLockedQueue: @unchecked Sendable {
    private let locked = Atomic<Bool>(false)
    /// Reached only through `withLock`; behind a pointer, so that its access needs no
    /// run-time exclusivity check.
    private let queue: UnsafeMutablePointer<_TestQueue>

    init() {
        queue = .allocate(capacity: 1)
        queue.initialize(to: _TestQueue())
    }

    deinit {
        queue.deinitialize(count: 1)
        queue.deallocate()
    }

    /// Runs `body` with `cause` as the current delivery (pushed on the queue's stack of
    /// causes for its duration; `body` runs outside the lock); `restored` when `body` is
    /// scheduled work run in the cause that scheduled it.
    func delivering(_ cause: _Delivery.Cause, restored: Bool, _ body: () -> Void) {
        withLock { $0.causes.append((cause, restored)) }
        defer { withLock { _ = $0.causes.popLast() } }
        body()
    }

    /// Runs `body` with the queue, under the lock.
    @inline(__always)
    func withLock<Result>(_ body: (inout _TestQueue) -> Result) -> Result {
        if !locked.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
            lockContended()
        }
        defer { locked.store(false, ordering: .releasing) }
        return body(&queue.pointee)
    }

    @inline(never)
    private func lockContended() {
        repeat {
            while locked.load(ordering: .relaxed) { sched_yield() }
        } while !locked.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
    }
}

/// One piece of scheduled work, and the disposable that cancels it.
///
/// `@unchecked Sendable`: `time`, `sequence`, `heapIndex` and `action` are read and written
/// only under the queue's lock, except that the thread whose `dispose` takes the work out of
/// the heap then releases its action alone, after the lock (no one else touches the action of
/// a work that has left the heap).
private final class _TestWork: Disposable, @unchecked Sendable {
    /// When the work is due, since the scheduler started.
    var time = _Attoseconds(0)
    var sequence = 0
    /// The work's slot in the queue's heap, or -1 once it has left it (run, disposed, or the
    /// scheduler gone).
    var heapIndex = -1
    /// The repeat interval; 0 for one-shot work.
    let interval: _Attoseconds
    var action: (@Sendable () -> Void)?
    private let queue: _TestLockedQueue

    init(interval: Int128, action: @escaping @Sendable () -> Void, queue: _TestLockedQueue) {
        self.interval = _Attoseconds(interval)
        self.action = action
        self.queue = queue
    }

    /// Removes the work from the queue if it is still there; its action is released here,
    /// outside the lock.
    func dispose() {
        var removed = false
        queue.withLock { queue in
            guard heapIndex >= 0 else { return }
            queue.remove(self)
            removed = true
        }
        // Out of the queue, the work is this thread's alone (nothing else touches the action
        // of a work that has left the heap), so its action is released here, outside the lock.
        // (Not `withExtendedLifetime(action)`: passing a closure as a generic value allocates
        // a reabstraction thunk.)
        if removed { action = nil }
    }

    var isDisposed: Bool {
        queue.withLock { _ in heapIndex < 0 }
    }

    var isRepeating: Bool { interval.value > 0 }
}

/// An `Int128` count of attoseconds stored as two 8-byte words, so that a class holding it
/// needs no 16-byte alignment; ordered as the `Int128`.
private struct _Attoseconds: Comparable {
    var high: Int64
    var low: UInt64

    @inline(__always)
    init(_ value: Int128) {
        high = Int64(truncatingIfNeeded: value >> 64)
        low = UInt64(truncatingIfNeeded: value)
    }

    @inline(__always)
    var value: Int128 { Int128(high) << 64 | Int128(low) }

    @inline(__always)
    static func < (a: _Attoseconds, b: _Attoseconds) -> Bool {
        a.high < b.high || (a.high == b.high && a.low < b.low)
    }
}

extension TestScheduler {
    /// A `MainActorScheduler` that runs its work on this scheduler's virtual time:
    /// inject it where the app passes `.mainActor`, and advance this scheduler from a
    /// `@MainActor` test to run the `@MainActor` closures synchronously.
    ///
    /// It is `MainActorScheduler(assumingMainActor: self)`: `signal.observe(on:)` it returns
    /// the same `MainActorSignal` as in the app, whose `subscribe` takes
    /// `@MainActor` closures; they run inside ``advance(by:)``, which must therefore be called
    /// on the main actor (mark the test `@MainActor`).
    ///
    /// ```swift
    /// @MainActor @Test func showsTheCountAfterTheTap() {
    ///     let scheduler = TestScheduler()
    ///     let taps = Subject<Void, Never>()
    ///     let model = Counter(taps: taps.signal, scheduler: scheduler.mainActor) // app: .mainActor
    ///     taps.send(value: ())
    ///     #expect(model.count == 0) // delivered on a later turn, as on the main queue
    ///     scheduler.advance()
    ///     #expect(model.count == 1)
    /// }
    /// ```
    public var mainActor: MainActorScheduler {
        MainActorScheduler(assumingMainActor: self)
    }
}
