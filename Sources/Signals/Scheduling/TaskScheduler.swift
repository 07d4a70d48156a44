// TaskScheduler: a serial scheduler on Swift concurrency.
//
//   ready work    = a FIFO drained by one task at a time (started when the queue fills from
//                   empty): actions run in the order they became due, never two at once
//   delayed work  = a min-heap ordered by (deadline, order of scheduling), watched by ONE
//                   sleeping task (`clock.sleep(until:)` to the earliest deadline); when it
//                   wakes, the due work moves to the FIFO in heap order (a repeating action
//                   goes back into the heap at its next deadline), and it sleeps again
//   dispose       = take the action out and the work out of the heap, under the lock; the
//                   sleeper is cancelled once the heap is empty
//
// One sleeper, not a task per timer: work due at the same instant runs in the order it was
// scheduled (two sleeping tasks may wake in either order), and a thousand pending timeouts
// cost one task. The lock is never held while user code runs or a task is made (a task
// executor's `enqueue` is user code): decide under the lock, act outside it.

/// A scheduler on Swift concurrency: its actions run in tasks (on the global concurrent
/// executor, or on a `TaskExecutor` you give), one at a time and in order, and its delays
/// are `clock.sleep(until:)` on a `Clock` — `ContinuousClock` unless you pass another.
///
/// It keeps the ``Scheduler`` contract: actions due at the same time run in the order they
/// were scheduled, never two at once (so `observe(on:)` keeps order); once the disposable
/// returned by a `schedule` call is disposed, the action never starts, and it is released at
/// once. A server uses it where it has no Dispatch queue of its own: handlers that take a
/// scheduler, debouncing and timeouts of request feeds.
///
/// Cost: one task per burst of ready work (the task runs every action that is ready, yielding
/// now and then), one sleeping task for all delayed and repeating work, whatever its amount.
/// Its tables keep no storage sized by a past burst: the heap of delayed work shrinks when it
/// falls below a quarter of its capacity, and the queue of ready work when it empties.
///
/// Composed of: tasks (`Task(executorPreference:priority:)`) and `clock.sleep(until:)`; a
/// mechanism, not a composition.
///
/// ```swift
/// let scheduler = TaskScheduler()
/// Signal<Int, Never>.interval(.seconds(15), on: scheduler)
///     .subscribe(next: { print("ping \($0)") })
/// // Prints: ping 0, ping 1, … (every 15 s, in a task)
/// ```
///
/// For tests, give it a clock of your own that you advance by hand (any `Clock` whose
/// `Duration` is `Swift.Duration`), or use `SignalsTesting.TestScheduler`, which runs
/// everything on the test's thread.
///
/// **When to prefer which scheduler.** A delay on this scheduler waits for the executor's
/// threads: when `clock.sleep` returns, the sleeping task and then the task that runs the
/// due work each need a thread, and on the global concurrent executor those are the
/// cooperative pool's, about one per core. While the pool is busy — request handlers doing
/// CPU work, a broadcast to thousands of followers — a timer fires late by about as long as
/// the pool takes to free a thread. Measured with the `Examples` package's
/// `scheduler-lateness` (100 timers of 10 ms, debug build, on a 2-core machine shared with
/// other work, the pool kept busy by 4 tasks of CPU work that yield every 5, 20 or 50 ms):
/// timers on `TaskScheduler()` fired 88–148 ms late at the median and 170–250 ms at p99; on
/// ``QueueScheduler``, whose timers fire on Dispatch's own threads, 2–10 ms at the median;
/// on `TaskScheduler(executor:)` with an executor on a Dispatch queue of its own, 12–26 ms.
/// With the pool idle, every one fired within 6 ms at the median.
///
/// So:
/// - Prefer ``QueueScheduler`` where a delay must be punctual while the pool is loaded: a
///   server's heartbeats, the timeouts that cut slow clients, a debounce whose delay a user
///   sees, a rate window that must not stretch.
/// - Prefer `TaskScheduler` where the work should stay in Swift concurrency (task priority,
///   a `TaskExecutor` of yours, no Dispatch queue to own), where a clock of your own drives
///   the delays (tests, a suspending clock), and where a late timer costs nothing (cleanup,
///   idle-room pruning, retries with backoff).
/// - Keep the pool free either way: CPU-heavy work in a handler delays every task, not only
///   timers.
///
/// - SeeAlso: RxSwift `ConcurrentDispatchQueueScheduler`, ReactiveSwift `QueueScheduler`
///   (both on Dispatch); Combine has no scheduler on Swift concurrency.
public final class TaskScheduler<C: Clock>: Scheduler where C.Duration == Duration {
    /// The clock of the scheduler's delays and of ``now``.
    ///
    /// ```swift
    /// let deadline = scheduler.clock.now.advanced(by: .seconds(1))
    /// ```
    public let clock: C

    /// The scheduler's name: a ``SignalTrace`` names what it records in the scheduler's
    /// tasks by it.
    ///
    /// ```swift
    /// print(TaskScheduler(name: "com.example.feeds").name) // Prints: com.example.feeds
    /// ```
    public var name: String { _core.name }

    private let _core: _TaskSchedulerCore<C>

    /// A scheduler whose delays are measured on `clock`; its tasks run with `priority`, on
    /// `executor` (the global concurrent executor when `nil`). A ``SignalTrace`` names what
    /// it records in the scheduler's tasks by `name`.
    ///
    /// ```swift
    /// let scheduler = TaskScheduler(name: "com.example.feeds", clock: SuspendingClock(), priority: .utility)
    /// ```
    public init(name: String = "Signals.TaskScheduler", clock: C, priority: TaskPriority? = nil, executor: (any TaskExecutor)? = nil) {
        self.clock = clock
        _core = _TaskSchedulerCore(name: name, clock: clock, priority: priority, executor: executor)
    }

    /// The time on the scheduler's clock.
    ///
    /// ```swift
    /// let start = scheduler.now
    /// ```
    public var now: C.Instant { clock.now }

    /// Runs `action` in a task, after the work already ready.
    ///
    /// ```swift
    /// scheduler.schedule { print("1") }
    /// scheduler.schedule { print("2") }
    /// // Prints: 1, 2 (in a task, in that order)
    /// ```
    @discardableResult
    public func schedule(_ action: @escaping @Sendable () -> Void) -> any Disposable {
        _schedule(after: nil, repeating: nil, action)
    }

    /// Runs `action` in a task once `delay` has passed on the clock; a delay of zero or less
    /// runs it as ``schedule(_:)`` does.
    ///
    /// ```swift
    /// let later = scheduler.schedule(after: .milliseconds(300)) { print("later") }
    /// later.dispose() // nothing is printed; the closure is released now
    /// ```
    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        _schedule(after: delay > .zero ? delay : nil, repeating: nil, action)
    }

    /// Runs `action` in a task once `delay` has passed, then every `interval` (deadlines are
    /// counted from the first one, so they do not drift; a run that comes late is followed
    /// by the ones missed meanwhile), until the returned disposable is disposed. `interval`
    /// must be positive.
    ///
    /// ```swift
    /// let ticking = scheduler.schedule(after: .seconds(1), repeating: .seconds(1)) { print("tick") }
    /// ```
    @discardableResult
    public func schedule(
        after delay: Duration,
        repeating interval: Duration,
        _ action: @escaping @Sendable () -> Void
    ) -> any Disposable {
        _precondition(interval > .zero, "Signals: TaskScheduler.schedule(after:repeating:_:) needs a positive interval, got \(interval); pass a Duration greater than .zero")
        return _schedule(after: max(delay, .zero), repeating: interval, action)
    }

    /// Schedules `action` on the core: ready work if `delay` is `nil`, else due `delay` from
    /// now, then every `interval` if given. On the standard library's clocks the core is
    /// called at its own type, so that its code (the heap, the sleeper and the draining task,
    /// and disposal) runs specialised for that clock: these methods are not inlinable, so a
    /// client calls their generic form, which would look up generic metadata (`_TaskWork`,
    /// the state, the heap's array) on every `schedule`, tick and `dispose`.
    private func _schedule(after delay: Duration?, repeating interval: Duration?, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        if C.self == ContinuousClock.self {
            return unsafeDowncast(_core, to: _TaskSchedulerCore<ContinuousClock>.self).schedule(after: delay, repeating: interval, action)
        }
        if C.self == SuspendingClock.self {
            return unsafeDowncast(_core, to: _TaskSchedulerCore<SuspendingClock>.self).schedule(after: delay, repeating: interval, action)
        }
        return _core.schedule(after: delay, repeating: interval, action)
    }
}

extension TaskScheduler where C == ContinuousClock {
    /// A scheduler whose delays are measured on the continuous clock (it keeps counting
    /// while the machine sleeps, as a server's timeouts should); its tasks run with
    /// `priority`, on `executor` (the global concurrent executor when `nil`).
    ///
    /// ```swift
    /// let scheduler = TaskScheduler()
    /// scheduler.schedule(after: .seconds(1)) { print("a second later") }
    /// ```
    public convenience init(name: String = "Signals.TaskScheduler", priority: TaskPriority? = nil, executor: (any TaskExecutor)? = nil) {
        self.init(name: name, clock: ContinuousClock(), priority: priority, executor: executor)
    }
}

/// The machinery of a ``TaskScheduler``: its clock, where its tasks run, and its state.
final class _TaskSchedulerCore<C: Clock>: Sendable where C.Duration == Duration {
    let name: String
    let clock: C
    let priority: TaskPriority?
    let executor: (any TaskExecutor)?
    let state = _Locked(_TaskSchedulerState<C>())

    init(name: String, clock: C, priority: TaskPriority?, executor: (any TaskExecutor)?) {
        self.name = name
        self.clock = clock
        self.priority = priority
        self.executor = executor
    }

    /// Queues `action`: ready work if `delay` is `nil`, else due `delay` from now (then every
    /// `interval`, if given).
    func schedule(after delay: Duration?, repeating interval: Duration?, _ action: @escaping @Sendable () -> Void) -> _TaskWork<C> {
        schedule(_TaskWork(self, action, deadline: delay.map { clock.now.advanced(by: $0) }, interval: interval))
    }

    /// Queues `work`: ready work (no deadline) at the end of the FIFO, delayed work in the
    /// heap (waking the sleeper earlier if it is now the first).
    func schedule(_ work: _TaskWork<C>) -> _TaskWork<C> {
        let (drain, sleep) = state.withLock { state -> (Bool, (arming: _TaskSchedulerState<C>.Arming, replaced: Task<Void, Never>?)?) in
            work.sequence = state.nextSequence
            state.nextSequence += 1
            guard work.deadline != nil else {
                state.ready.append(work)
                return (state.startDrainingIfNeeded(), nil)
            }
            state.push(work)
            return (false, state.armIfEarlier())
        }
        if drain { startDraining() }
        if let sleep {
            sleep.replaced?.cancel()
            startSleeping(sleep.arming)
        }
        return work
    }

    /// Takes `work` out: its action (released here, outside the lock) and its place in the
    /// heap; with the heap empty, the sleeper has nothing to wait for and is cancelled.
    func remove(_ work: _TaskWork<C>) {
        let (action, sleeper) = state.withLock { state -> ((@Sendable () -> Void)?, Task<Void, Never>?) in
            let action = work.action.take()
            if work.heapIndex >= 0 { state.remove(at: work.heapIndex) }
            return (action, state.timers.isEmpty ? state.disarm() : nil)
        }
        sleeper?.cancel()
        _ = action
    }

    func isDisposed(_ work: _TaskWork<C>) -> Bool {
        state.withLock { _ in work.action == nil }
    }

    /// One task runs the ready actions in order, until none is left.
    private func startDraining() {
        Task(executorPreference: executor, priority: priority) { [self] in
            await drain()
        }
    }

    private func drain() async {
        var ran = 0
        while true {
            var action: (@Sendable () -> Void)?
            let more = state.withLock { state -> Bool in
                guard let work = state.ready.popFirst() else {
                    state.isDraining = false
                    // Emptied after a burst: the queue's storage, sized by it, goes.
                    if state.ready.elements.capacity > 64 { state.ready = _Queue() }
                    return false
                }
                action = work.interval == nil ? work.action.take() : work.action
                return true
            }
            guard more else { return }
            if let action { _runNamed(name, action) }
            action = nil
            ran += 1
            // Let other tasks run during a long burst (the order is kept: this task is still
            // the only one draining).
            if ran.isMultiple(of: 64) { await Task.yield() }
        }
    }

    /// Starts the sleeper of `arming`, unless a later arming has replaced it meanwhile.
    private func startSleeping(_ arming: _TaskSchedulerState<C>.Arming) {
        let sleeper = Task(executorPreference: executor, priority: priority) { [self] in
            try? await clock.sleep(until: arming.deadline, tolerance: nil)
            wake(arming.generation)
        }
        let superseded = state.withLock { state -> Bool in
            guard state.generation == arming.generation else { return true }
            state.sleeper = sleeper
            return false
        }
        if superseded { sleeper.cancel() }
    }

    /// The sleeper of `generation` woke: the work now due moves to the FIFO, and the sleeper
    /// is armed again for the next deadline. A sleeper replaced meanwhile does nothing.
    private func wake(_ generation: Int) {
        let now = clock.now
        let (drain, sleep) = state.withLock { state -> (Bool, (arming: _TaskSchedulerState<C>.Arming, replaced: Task<Void, Never>?)?) in
            guard state.generation == generation else { return (false, nil) }
            state.sleeper = nil
            state.armedDeadline = nil
            while let first = state.timers.first, let deadline = first.deadline, deadline <= now {
                state.remove(at: 0)
                state.ready.append(first)
                if let interval = first.interval {
                    first.deadline = deadline.advanced(by: interval)
                    first.sequence = state.nextSequence
                    state.nextSequence += 1
                    state.push(first)
                }
            }
            return (state.startDrainingIfNeeded(), state.armIfEarlier())
        }
        if drain { startDraining() }
        if let sleep {
            sleep.replaced?.cancel()
            startSleeping(sleep.arming)
        }
    }
}

/// A ``TaskScheduler``'s state, under its lock.
struct _TaskSchedulerState<C: Clock> where C.Duration == Duration {
    /// A sleeper to start: until `deadline`, as the sleeper of `generation`.
    struct Arming {
        let deadline: C.Instant
        let generation: Int
    }

    /// The work ready to run, in order.
    var ready = _Queue<_TaskWork<C>>()
    /// Whether a task is draining `ready`.
    var isDraining = false
    /// The delayed work: a min-heap by (deadline, sequence); each work knows its index.
    var timers: [_TaskWork<C>] = []
    var nextSequence = 0
    /// The current sleeper (once started), the deadline it sleeps to, and its generation: a
    /// sleeper whose generation is no longer current does nothing when it wakes.
    var sleeper: Task<Void, Never>?
    var armedDeadline: C.Instant?
    var generation = 0

    /// Claims the draining of `ready`, if it has work and no task drains it.
    mutating func startDrainingIfNeeded() -> Bool {
        guard !isDraining, !ready.isEmpty else { return false }
        isDraining = true
        return true
    }

    /// A new sleeper, if the first deadline is earlier than the one slept to (or none is);
    /// the old sleeper is then replaced (its generation no longer current), and returned for
    /// the caller to cancel outside the lock (cancelling runs the clock's cancellation
    /// handler).
    mutating func armIfEarlier() -> (arming: Arming, replaced: Task<Void, Never>?)? {
        guard let deadline = timers.first?.deadline else { return nil }
        if let armed = armedDeadline, armed <= deadline { return nil }
        let replaced = disarm()
        armedDeadline = deadline
        return (Arming(deadline: deadline, generation: generation), replaced)
    }

    /// Replaces the current sleeper by none, returning it to cancel.
    mutating func disarm() -> Task<Void, Never>? {
        generation += 1
        armedDeadline = nil
        return sleeper.take()
    }

    mutating func push(_ work: _TaskWork<C>) {
        work.heapIndex = timers.count
        timers.append(work)
        siftUp(timers.count - 1)
    }

    mutating func remove(at index: Int) {
        let removed = timers[index]
        let last = timers.removeLast()
        removed.heapIndex = -1
        defer { releaseSparseTimers() }
        guard index < timers.count else { return }
        timers[index] = last
        last.heapIndex = index
        siftDown(index)
        siftUp(index)
    }

    /// When the heap has fallen below a quarter of a capacity sized by a past peak (a burst of
    /// timeouts, all cancelled), moves its work to storage with room to double: a scheduler
    /// lives as long as the process. The work moved stays referenced, so nothing is released
    /// but the storage. Amortised O(1) per removal.
    mutating func releaseSparseTimers() {
        guard timers.capacity > 64, timers.count < timers.capacity / 4 else { return }
        var smaller: [_TaskWork<C>] = []
        smaller.reserveCapacity(timers.count * 2)
        smaller.append(contentsOf: timers)
        timers = smaller
    }

    private func precedes(_ a: _TaskWork<C>, _ b: _TaskWork<C>) -> Bool {
        let (x, y) = (a.deadline!, b.deadline!)
        return x < y || (x == y && a.sequence < b.sequence)
    }

    private mutating func swapAt(_ i: Int, _ j: Int) {
        timers.swapAt(i, j)
        timers[i].heapIndex = i
        timers[j].heapIndex = j
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard precedes(timers[child], timers[parent]) else { return }
            swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1, right = left + 1
            var first = parent
            if left < timers.count, precedes(timers[left], timers[first]) { first = left }
            if right < timers.count, precedes(timers[right], timers[first]) { first = right }
            if first == parent { return }
            swapAt(parent, first)
            parent = first
        }
    }
}

/// One scheduled action of a ``TaskScheduler``; disposing it takes the action out.
///
/// `@unchecked Sendable`: every `var` is read and written only under the lock of `core.state`.
/// The work holds its core while it is scheduled (the core holds it in its queue or heap
/// until it has run or been taken out), so no cycle outlives it.
final class _TaskWork<C: Clock>: Disposable, @unchecked Sendable where C.Duration == Duration {
    let core: _TaskSchedulerCore<C>
    let interval: Duration?
    var action: (@Sendable () -> Void)?
    /// When it is due (`nil` for ready work), and its place in the order of scheduling.
    var deadline: C.Instant?
    var sequence = 0
    var heapIndex = -1

    init(_ core: _TaskSchedulerCore<C>, _ action: @escaping @Sendable () -> Void, deadline: C.Instant?, interval: Duration?) {
        self.core = core
        self.action = action
        self.deadline = deadline
        self.interval = interval
    }

    /// Takes the work out; on the standard library's clocks as code specialised for them
    /// (reached through `any Disposable`, this method runs generic).
    func dispose() {
        if C.self == ContinuousClock.self {
            let work = unsafeDowncast(self, to: _TaskWork<ContinuousClock>.self)
            work.core.remove(work)
        } else if C.self == SuspendingClock.self {
            let work = unsafeDowncast(self, to: _TaskWork<SuspendingClock>.self)
            work.core.remove(work)
        } else {
            core.remove(self)
        }
    }

    var isDisposed: Bool {
        core.isDisposed(self)
    }
}
