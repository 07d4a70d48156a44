// Bounded buffering: where values queue because their receiver is behind (a scheduler that
// has not run yet, an async loop that has not read yet), the queue holds at most `size`
// values and a full queue follows a stated policy (`BufferOverflow`); what it dropped is
// counted (`BufferDrops`).
//
// observe(on:bufferSize:whenFull:dropped:) = observe(on:) whose pending values are a queue of
//   at most `size`, drained by one scheduled action at a time (`_BoundedHop` below).
// values(bufferSize:whenFull:dropped:) = the async bridge (`values`) with that policy (the
//   method is in Concurrency/Signal+Values.swift; its mechanism is the bridge's buffer,
//   Concurrency/ValuesChannel.swift).
// Without a scheduler or a loop a push signal never queues (each value is delivered before
// its send returns), so a bounded buffer is always attached to the point where values wait.

/// What a bounded buffer does with a value that arrives when it already holds its `size`
/// values.
///
/// ```swift
/// let updates = prices.observe(on: queue, bufferSize: 100, whenFull: .dropOldest)
/// ```
public enum BufferOverflow<Failure: Error>: Sendable {
    /// Drop the oldest buffered value to make room for the new one (keep the newest).
    case dropOldest
    /// Drop the new value (keep the oldest).
    case dropNewest
    /// End the subscriber's signal with this error at once, dropping what is buffered, and
    /// dispose the source: how a server disconnects a client that cannot keep up.
    case fail(Failure)
    /// End the subscriber's signal normally at once — it completes, a `for await` loop
    /// ends — dropping what is buffered, and dispose the source: how a server disconnects
    /// a client that cannot keep up from a feed that cannot fail (`Failure == Never`), with
    /// no error type to declare. The dropped values are counted in ``BufferDrops/count``
    /// and the disconnection in ``BufferDrops/disconnected``; an iterator's
    /// ``Signal/Values/Iterator/isDisconnected`` tells it from the feed's own completion.
    ///
    /// ```swift
    /// let drops = BufferDrops()
    /// for await message in room.signal.values(bufferSize: 256, whenFull: .finish, dropped: drops) {
    ///     await connection.write(message) // 256 behind: the loop ends
    /// }
    /// ```
    ///
    /// Named after `AsyncStream.Continuation.finish()`: the sequence finishes. (Combine's
    /// `buffer(size:prefetch:whenFull:)` offers `.customError` only; RxSwift has no bounded
    /// policy.)
    case finish
}

/// Counts the values a bounded buffer dropped (``BufferOverflow/dropOldest`` and
/// ``BufferOverflow/dropNewest``; `fail` counts the values it discarded with the buffer).
/// One counter may be shared by many buffers: it counts them all.
///
/// ```swift
/// let drops = BufferDrops()
/// let values = prices.signal.values(bufferSize: 8, whenFull: .dropOldest, dropped: drops)
/// print(drops.count) // how far behind the slow readers have fallen, in values
/// ```
public final class BufferDrops: Sendable {
    @usableFromInline let storage = _Locked(0)

    /// A counter at zero.
    ///
    /// ```swift
    /// let drops = BufferDrops()
    /// ```
    public init() {}

    /// How many values have been dropped so far.
    ///
    /// ```swift
    /// if drops.count > 0 { print("a reader is behind") }
    /// ```
    public var count: Int { storage.withLock { $0 } }

    /// How many subscribers a full buffer has ended so far (``BufferOverflow/fail(_:)`` and
    /// ``BufferOverflow/finish``): the slow clients a server has disconnected.
    ///
    /// ```swift
    /// print(drops.disconnected) // Prints: 0 while every reader keeps up
    /// ```
    public var disconnected: Int { disconnections.withLock { $0 } }

    @usableFromInline let disconnections = _Locked(0)

    @usableFromInline
    func add(_ dropped: Int) {
        guard dropped > 0 else { return }
        storage.withLock { $0 += dropped }
    }

    @usableFromInline
    func _addDisconnection() {
        disconnections.withLock { $0 += 1 }
    }
}

extension Signal {
    /// Delivers every event on `scheduler`, in order, holding at most `size` values that wait
    /// for the scheduler: when a value arrives and `size` are already waiting, `policy`
    /// decides (``BufferOverflow/dropOldest``, ``BufferOverflow/dropNewest``, or
    /// ``BufferOverflow/fail(_:)``, which ends the output with that error at once and
    /// disposes this signal; ``BufferOverflow/finish``, which completes it instead). Dropped
    /// values are counted in `dropped`, and a disconnection in ``BufferDrops/disconnected``.
    ///
    /// The source never waits: a slow scheduler (a busy queue, a slow client's connection)
    /// costs at most `size` values of memory. `observe(on:)` is the unbounded form: nothing
    /// is ever dropped, and the queue grows as long as the scheduler lags.
    ///
    /// A replay does not count against the bound: what a subject's signal (`ReplaySubject`,
    /// `BehaviorSubject`, a `map`/`filter` of one, a constant) sends while it is being
    /// subscribed is bounded by what it already holds, and is delivered whole, never
    /// dropped; the bound and the policy apply to every value that arrives after
    /// `subscribe` has returned. So a follower of a room's history of 1,000 posts through a
    /// buffer of 256 gets the 1,000 posts, then at most 256 live ones wait. (`.fail` drops
    /// the unread replay with the rest. Any other source that sends as it is subscribed,
    /// such as `Signal.from`, is bounded like a live one.)
    ///
    /// Completes and fails as this signal does, after the waiting values; the terminal
    /// event is never dropped. Disposing the output disposes this signal and drops what
    /// waits. A synchronous source sees `isStopped` through this hop as through
    /// `observe(on:)`: `.fail`, or a dispose from downstream (a `take(1)` after the hop),
    /// stops the observer it sends to at once, so `Signal.from(0...)` returns.
    ///
    /// ![observe(on: queue, bufferSize: 2, whenFull: .dropOldest)](marble-observe-on-bufferSize.svg)
    ///
    /// Composed of: a subscription whose sink appends to a lock-guarded queue of at most
    /// `size` values, and one scheduled action at a time that drains it; `.fail` and a
    /// dispose stop that sink (plumbing: a scheduler hop with a policy).
    ///
    /// ```swift
    /// let drops = BufferDrops()
    /// let toClient = updates.observe(on: connectionQueue, bufferSize: 64,
    ///                                whenFull: .dropOldest, dropped: drops)
    /// ```
    /// ```
    /// source:                        -a-b-c-d-|   (the scheduler runs after d)
    /// observe(on:bufferSize: 2, .dropOldest): ---------(c d |)
    /// ```
    ///
    /// - Precondition: `size > 0`.
    /// - SeeAlso: Combine's `buffer(size:prefetch:whenFull:)` (`.dropOldest`, `.dropNewest`,
    ///   `.customError`), RxSwift's `observe(on:)` (unbounded),
    ///   ``values(bufferSize:whenFull:dropped:)`` (the same bound for an async loop).
    @inlinable @inline(__always)
    public func observe(
        on scheduler: some Scheduler,
        bufferSize size: Int,
        whenFull policy: BufferOverflow<Failure>,
        dropped: BufferDrops? = nil
    ) -> Signal {
        _precondition(size > 0, "Signals: observe(on:bufferSize:whenFull:) needs a buffer of 1 or more, got \(size)")
        return scheduler._isSpecialisable
            ? _observe(on: scheduler, bufferSize: size, whenFull: policy, dropped: dropped)
            : _observe(on: scheduler._erased, bufferSize: size, whenFull: policy, dropped: dropped)
    }

    /// `observe(on:bufferSize:whenFull:dropped:)`, specialised for the scheduler's type
    /// (`_ErasedScheduler` for one held as `any Scheduler`: Scheduler+Specialising.swift).
    @inlinable
    func _observe(
        on scheduler: some Scheduler,
        bufferSize size: Int,
        whenFull policy: BufferOverflow<Failure>,
        dropped: BufferDrops?
    ) -> Signal {
        let source = self
        return Signal(_representation: .subscribe { downstream in
            let hop = _BoundedHop(downstream, scheduler: scheduler, size: size, policy: policy, dropped: dropped)
            // Installed first, so that a dispose from downstream while the source is still
            // inside its subscribe call (a synchronous source) reaches the hop, which stops
            // the source's observer.
            downstream._setUpstream(hop)
            hop.start(source)
        })
    }
}

/// `observe(on:bufferSize:whenFull:dropped:)`'s hop: a queue of at most `size` values between
/// the source (any thread) and the scheduler, drained by one scheduled action at a time.
///
/// The source sends to an observer of the hop's own (`State.source`), made before the source
/// is subscribed: `.fail` and a dispose stop that observer at once, so a synchronous source
/// sees `isStopped` and returns, as through plain `observe(on:)` (Contracts.md, the grammar).
///
/// `@unchecked Sendable`: the mutable state is in `state`, under its lock; the rest is
/// constant. Values cross threads here, as everywhere in the library.
///
/// `@usableFromInline` with `@inlinable` members: specialised in the module that calls
/// `observe(on:bufferSize:whenFull:dropped:)`. Unspecialised (library code, generic over
/// `Value`, `Failure` and `S`), it looked up type metadata (`_RingQueue<Value>`, `Event`,
/// `State`, …) dozens of times a value: 84% of W20 `signals-observe`'s instructions.
@usableFromInline
final class _BoundedHop<Value, Failure: Error, S: Scheduler>: Disposable, _Stoppable, @unchecked Sendable {
    @usableFromInline
    struct State {
        @usableFromInline var queue: _RingQueue<Value>
        /// What a prompt source sent on the subscribing thread during its subscribe call (a
        /// replay, bounded by what the source holds): held whole ahead of `queue`, never
        /// dropped, not counted against `size`.
        @usableFromInline var replay = _RingQueue<Value>()
        /// The subscribing thread while a prompt source is being subscribed, else 0.
        @usableFromInline var replayingThread: UInt = 0
        /// The terminal event, waiting behind the queue.
        @usableFromInline var terminal: Event<Value, Failure>?
        /// A drain is scheduled or running.
        @usableFromInline var isDraining = false
        @usableFromInline var isDisposed = false
        /// The observer the source sends to, from before the source is subscribed until the
        /// hop stops it (`.fail`, a dispose) or it stops itself (the terminal event).
        @usableFromInline var source: Observer<Value, Failure>?
        /// The scheduled drain, disposed with the hop.
        @usableFromInline var drain: (any Disposable)?

        /// `size`: the queue's bound, where its ring stops growing.
        @inlinable init(size: Int) {
            queue = _RingQueue(limit: size)
        }
    }

    @usableFromInline let observer: Observer<Value, Failure>
    @usableFromInline let scheduler: S
    @usableFromInline let size: Int
    @usableFromInline let policy: BufferOverflow<Failure>
    @usableFromInline let dropped: BufferDrops?
    @usableFromInline let state: _Locked<State>

    @inlinable
    init(_ observer: Observer<Value, Failure>, scheduler: S, size: Int, policy: BufferOverflow<Failure>, dropped: BufferDrops?) {
        self.observer = observer
        self.scheduler = scheduler
        self.size = size
        self.policy = policy
        self.dropped = dropped
        state = _Locked(State(size: size))
    }

    @inlinable
    func start(_ signal: Signal<Value, Failure>) {
        let source = Observer<Value, Failure> { [self] event in receive(event) }
        // A prompt source (a subject, a replaying subject, a timer: `Signal._isPrompt`, Core/Promptness.swift) or a constant
        // sends during its subscribe call only what it already holds: its replay.
        let replays: Bool
        switch signal._representation {
        case .value, .completed, .failure: replays = true
        default: replays = signal._isPrompt
        }
        let subscribes = state.withLock { state -> Bool in
            if state.isDisposed { return false }
            state.source = source
            if replays { state.replayingThread = _currentThreadID() }
            return true
        }
        // The source installs its resources in `source`; stopping `source` disposes them.
        guard subscribes else { return }
        signal._subscribe(source)
        if replays { state.withLock { $0.replayingThread = 0 } }
    }

    @inlinable
    func receive(_ event: Event<Value, Failure>) {
        var released = _RingQueue<Value>()
        var releasedReplay = _RingQueue<Value>()
        var releasedValue: Value?
        var stopping: Observer<Value, Failure>?
        var finished: Observer<Value, Failure>?
        let schedules = state.withLock { state -> Bool in
            guard !state.isDisposed, state.terminal == nil else { return false }
            switch event {
            case .next(let value):
                if state.replayingThread != 0, state.replayingThread == _currentThreadID() {
                    // The replay: kept whole, in order (behind a live value that came first
                    // from another thread, if any, whatever the policy).
                    if state.queue.isEmpty { state.replay.append(value) } else { state.queue.append(value) }
                } else if state.queue.count < size {
                    state.queue.append(value)
                } else {
                    switch policy {
                    case .dropOldest:
                        releasedValue = state.queue.popFirst()
                        state.queue.append(value)
                    case .dropNewest:
                        releasedValue = value
                    case .fail, .finish:
                        releasedValue = value
                        swap(&released, &state.queue)
                        swap(&releasedReplay, &state.replay)
                        if case .fail(let failure) = policy { state.terminal = .error(failure) } else { state.terminal = .completed }
                        stopping = state.source.take()
                    }
                }
            case .error, .completed:
                state.terminal = event
                finished = state.source.take() // it stops itself, released after the lock
            }
            if state.isDraining { return false }
            state.isDraining = true
            return true
        }
        // Released after the lock: a value's deinit is not ours to run under it.
        dropped?.add(releasedReplay.count + released.count + (releasedValue == nil ? 0 : 1))
        _ = releasedValue
        _ = released
        _ = releasedReplay
        _ = finished
        // The source's observer stops at once: a synchronous source sees `isStopped`.
        if let stopping {
            dropped?._addDisconnection()
            stopping._dispose()
        }
        if schedules { scheduleDrain() }
    }

    @inlinable
    func scheduleDrain() {
        let drain = scheduler.schedule { [self] in drainQueue() }
        let disposeNow = state.withLock { state -> Bool in
            if state.isDisposed { return true }
            if state.isDraining { state.drain = drain } // still the current drain
            return false
        }
        if disposeNow { drain.dispose() }
    }

    /// On the scheduler: delivers what waits, oldest first, then the terminal event.
    @inlinable
    func drainQueue() {
        while true {
            let next = state.withLock { state -> Event<Value, Failure>? in
                if state.isDisposed { return nil }
                if !state.replay.isEmpty {
                    let value = state.replay.popFirst()
                    // Read: its ring, sized by the replay, goes (its slots are all empty).
                    if state.replay.isEmpty { state.replay = _RingQueue() }
                    return value.map { .next($0) }
                }
                if let value = state.queue.popFirst() { return .next(value) }
                state.isDraining = false
                state.drain = nil
                guard let terminal = state.terminal else { return nil }
                state.isDisposed = true // nothing more after the terminal event
                return terminal
            }
            guard let next else { return }
            observer.send(next)
            if next.isTerminating { return }
        }
    }

    @inlinable
    var isDisposed: Bool { state.withLock { $0.isDisposed } }

    @inlinable
    func dispose() {
        let (queue, replay, source, drain) = state.withLock {
            state -> (_RingQueue<Value>, _RingQueue<Value>, Observer<Value, Failure>?, (any Disposable)?) in
            state.isDisposed = true
            defer {
                state.queue = _RingQueue(limit: size)
                state.replay = _RingQueue()
                state.source = nil
                state.drain = nil
            }
            return (state.queue, state.replay, state.source, state.drain)
        }
        _ = queue
        _ = replay
        // Stops the source's observer (a synchronous source sees `isStopped` and returns) and
        // disposes what the source returned.
        source?._dispose()
        drain?.dispose()
    }

    /// A stop from downstream ahead of its cleanup (`subscribe(on:)`): stops the source's
    /// observer, and through it the operators upstream, without disposing anything.
    @inlinable
    func _stop() {
        state.withLock { $0.source }?._stop()
    }
}
