// Signal.Values: the AsyncSequence behind `signal.values` (see Signal+Values.swift).
// One iterator = one subscription whose sink fills `_ValuesChannel`; the iterator drains it.
// Plumbing (a sink of our own, `_subscribe`, `_dispose`) is allowed here: this is the border
// between the two worlds, not an operator.
//
// A prompt source (`Signal._isPrompt`: a subject, a replaying subject, a fused map/filter run
// over one, a merge of an array of them, `take(until:)` and `on` over them) and a constant
// are subscribed on the iterator's own thread, inside `makeAsyncIterator`: no worker, no
// thread wake-up. What such a subscribe call sends on that
// thread (a replay, bounded by what the source holds) is held whole, whatever the policy, and
// never parks the thread (it may be one of the cooperative pool's).
//
// Other synchronous signals are read on demand. The subscription is made on a shared worker thread
// (the *producer*, never a thread of the cooperative pool; see `_SubscribeWorkers`: no
// thread is started per iterator while subscribe calls return promptly), and the iterator's creation
// waits until that `subscribe` call has returned (the subscription is in place: a value sent
// into a hot source from now on is not lost) or the producer has filled the buffer and is
// parked. While the producer is still inside `subscribe` (it is the thread the source sends
// on: `from`, `generate`, a replay), values are buffered whatever the policy, and a value that
// finds the buffer at the synchronous limit (`_ValuesChannel.synchronousLimit` values, or the
// policy's `n` if that is larger) parks the
// producer until the loop has read half of them, or ends; the end (break, cancel) disposes
// the sink, so the source sees `isStopped` and returns.
//
// Values sent by any other thread, or by the producer after `subscribe` has returned, never
// block their sender: they follow the policy.
//
// What the subscribing thread sends during `subscribe` (a replay, or a synchronous run) goes to
// `State.replay`, read before `State.buffer`: it is never dropped and does not count against
// the policy's bound, which `buffer` alone (the live values) is held to. So a follower of a
// replay longer than its buffer reads the whole replay, then at most `n` live values.
//
// Read-ahead in batches: where no value can be dropped (the unbounded policy, or the replay)
// the loop takes every such value at once into a batch of its own and reads from it without
// the lock; the values in the batch still count against the synchronous limit. A `.fail` that
// disconnects the loop drops its batch too (`overflowed`), so its next read throws at once.
// The producer is woken once half the limit is free, not for every value: the two threads
// take the lock once per batch, not once per value each.

import Synchronization

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension Signal {
    /// The values of a signal as an `AsyncSequence` (see ``Signal/values``). `Failure` is the
    /// signal's error type; every iterator is a fresh subscription.
    ///
    /// ```swift
    /// let values: Signal<Int, Never>.Values = Signal.from([1, 2]).values
    /// for await value in values { print(value) } // Prints: 1, 2
    /// ```
    public struct Values: AsyncSequence, Sendable {
        /// The values the sequence produces: the signal's values.
        public typealias Element = Value

        /// What a ``Signal/Values`` sequence keeps when values arrive faster than the loop
        /// reads them (the names and meaning of `AsyncStream`'s policy).
        ///
        /// ```swift
        /// let latest = signal.values(bufferingPolicy: .bufferingNewest(1))
        /// ```
        public enum BufferingPolicy: Sendable, Equatable {
            /// Keep every value.
            case unbounded
            /// Keep at most `n` values: when the buffer is full, drop the new value.
            case bufferingOldest(Int)
            /// Keep at most `n` values: when the buffer is full, drop the oldest one.
            case bufferingNewest(Int)
        }

        @usableFromInline let signal: Signal
        @usableFromInline let bufferingPolicy: BufferingPolicy
        /// `buffer(size:whenFull:)` with `.fail(failure)` or `.finish`: a full buffer ends the
        /// loop with this event (`.error(failure)`, or `.completed`).
        @usableFromInline let overflowEnd: Event<Never, Failure>?
        /// Where dropped values are counted (`buffer(size:whenFull:dropped:)`).
        @usableFromInline let dropped: BufferDrops?

        @inlinable
        init(signal: Signal, bufferingPolicy: BufferingPolicy) {
            switch bufferingPolicy {
            case .unbounded: break
            case .bufferingOldest(let n), .bufferingNewest(let n):
                _precondition(n > 0, "Signals: values(bufferingPolicy:) needs a bounded buffer of 1 or more, got \(n); pass .unbounded for no limit")
            }
            self.signal = signal
            self.bufferingPolicy = bufferingPolicy
            self.overflowEnd = nil
            self.dropped = nil
        }

        /// `buffer(size:whenFull:dropped:)`: `size` is checked by the caller.
        @inlinable
        init(signal: Signal, size: Int, whenFull policy: BufferOverflow<Failure>, dropped: BufferDrops?) {
            self.signal = signal
            switch policy {
            case .dropOldest: (bufferingPolicy, overflowEnd) = (.bufferingNewest(size), nil)
            case .dropNewest: (bufferingPolicy, overflowEnd) = (.bufferingOldest(size), nil)
            case .fail(let failure): (bufferingPolicy, overflowEnd) = (.bufferingOldest(size), .error(failure))
            case .finish: (bufferingPolicy, overflowEnd) = (.bufferingOldest(size), .completed)
            }
            self.dropped = dropped
        }

        /// Subscribes to the signal and returns the iterator that reads its values.
        ///
        /// ```swift
        /// var iterator = signal.values.makeAsyncIterator()
        /// let first = await iterator.next()
        /// ```
        @inlinable
        public func makeAsyncIterator() -> Iterator {
            Iterator(signal: signal, bufferingPolicy: bufferingPolicy, overflowEnd: overflowEnd, dropped: dropped)
        }

        /// Reads the values of one subscription. Dropping the last copy of an iterator
        /// disposes its subscription.
        ///
        /// ```swift
        /// var iterator = Signal.from([1, 2]).values.makeAsyncIterator()
        /// print(await iterator.next() as Any) // Prints: Optional(1)
        /// ```
        public struct Iterator: AsyncIteratorProtocol {
            @usableFromInline let _subscription: _ValuesSubscription<Value, Failure>

            @inlinable
            init(signal: Signal, bufferingPolicy: BufferingPolicy, overflowEnd: Event<Never, Failure>?, dropped: BufferDrops?) {
                let capacity: Int
                let keepsNewest: Bool
                switch bufferingPolicy {
                case .unbounded: (capacity, keepsNewest) = (.max, false)
                case .bufferingOldest(let n): (capacity, keepsNewest) = (n, false)
                case .bufferingNewest(let n): (capacity, keepsNewest) = (n, true)
                }
                _subscription = _ValuesSubscription(
                    signal, capacity: capacity, keepsNewest: keepsNewest,
                    overflowEnd: overflowEnd, dropped: dropped
                )
            }

            /// The next value; `nil` once the signal has completed (or the task was
            /// cancelled); throws the signal's error once it has failed.
            ///
            /// ```swift
            /// while let value = try await iterator.next() { print(value) }
            /// ```
            @inlinable
            public mutating func next() async throws(Failure) -> Value? {
                try await _subscription.channel.next(isolation: nil).get()
            }

            /// The next value, read on `actor` (what `for await` calls).
            ///
            /// ```swift
            /// let value = try await iterator.next(isolation: #isolation)
            /// ```
            @inlinable
            public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Value? {
                try await _subscription.channel.next(isolation: actor).get()
            }

            /// The largest number of values held ahead of the loop at once, buffered or in the
            /// loop's batch (for tests of the bounded policies' memory bound).
            package var _maxBufferedCount: Int {
                _subscription.channel.maxBufferedCount
            }

            /// How many values this iterator's buffer has dropped (its policy's drops, or the
            /// values discarded when `.fail` ended it).
            ///
            /// ```swift
            /// print(iterator.dropped) // Prints: 0 while the loop keeps up
            /// ```
            public var dropped: Int {
                _subscription.channel.droppedCount
            }

            /// Whether a full buffer has ended this iterator's sequence: the policy was
            /// ``BufferOverflow/fail(_:)`` or ``BufferOverflow/finish`` and the loop fell
            /// `size` values behind. With `.finish` the loop ends as if the signal had
            /// completed; this tells the two apart.
            ///
            /// ```swift
            /// var iterator = feed.buffer(size: 64, whenFull: .finish).makeAsyncIterator()
            /// while let message = await iterator.next() { await write(message) }
            /// if iterator.isDisconnected { log("too slow: disconnected") }
            /// ```
            public var isDisconnected: Bool {
                _subscription.channel.isDisconnected
            }

            /// How many threads the iterators of every `values` sequence have started so far
            /// to subscribe on (shared workers), and how many of them now wait for a job.
            package static var _subscribeThreads: (started: Int, idle: Int) {
                _SubscribeWorkers.shared.counts
            }

            /// How many times the thread subscribing to a synchronous source has parked on a
            /// full buffer (for tests that it refills in batches).
            package var _producerParkCount: Int {
                _subscription.channel.producerParkCount
            }
        }
    }
}

/// The iterator's hold on its subscription: when the last copy of the iterator goes away
/// (`break`, `return`, an error thrown out of the loop), the subscription is disposed.
///
/// The sink refers to the channel, not to this object, so nothing but iterators keeps it.
@usableFromInline
final class _ValuesSubscription<Value, Failure: Error>: Sendable {
    @usableFromInline let channel: _ValuesChannel<Value, Failure>
    /// `channel.cancel()`, made where the iterator is made (specialised code): the deinit runs
    /// unspecialised in the library, where every generic type `cancel` touches would cost a
    /// generic-metadata lookup (a fifth of W13c's connection before).
    @usableFromInline let cancelChannel: @Sendable () -> Void

    @inlinable
    init(_ signal: Signal<Value, Failure>, capacity: Int, keepsNewest: Bool, overflowEnd: Event<Never, Failure>?, dropped: BufferDrops?) {
        let channel = _ValuesChannel<Value, Failure>(capacity: capacity, keepsNewest: keepsNewest, overflowEnd: overflowEnd, dropped: dropped)
        self.channel = channel
        cancelChannel = { channel.cancel() }
        channel.start(signal)
    }

    deinit {
        cancelChannel()
    }
}

/// The buffer between a subscription (any thread) and one consumer (an async task).
///
/// `@unchecked Sendable`: the mutable state lives in `state`, under its lock; `capacity` and
/// `keepsNewest` are constants. Values cross threads here, as everywhere in the library
/// (`Value` is unconstrained by design).
@usableFromInline
final class _ValuesChannel<Value, Failure: Error>: @unchecked Sendable {
    @usableFromInline typealias Outcome = Result<Value?, Failure>
    /// An outcome handed to the waiting task (see `_Unchecked`).
    @usableFromInline typealias Waiter = UnsafeContinuation<_Unchecked<Outcome>, Never>

    @usableFromInline
    struct State {
        /// The live values: those that arrived after `subscribe` returned, or from another
        /// thread. Held to the policy's bound.
        @usableFromInline var buffer: _RingQueue<Value>
        /// What the subscribing thread sent during `subscribe` (a replay, a synchronous run),
        /// ahead of `buffer`: never dropped, not counted against the policy's bound.
        @usableFromInline var replay = _RingQueue<Value>()
        @usableFromInline var maxBufferedCount = 0
        /// The signal's terminal event, waiting behind the buffered values.
        @usableFromInline var terminal: Event<Value, Failure>?
        /// The consumer has seen the end (or was cancelled): `next()` returns `nil`.
        @usableFromInline var isFinished = false
        /// The consumer waiting in `next()`; only when the buffer is empty.
        @usableFromInline var waiter: Waiter?
        /// The subscription's sink, until the signal ends or the consumer goes away.
        @usableFromInline var sink: Observer<Value, Failure>?
        /// The producer thread while it is inside `subscribe`, else 0: its values park it at
        /// the synchronous limit instead of following the policy.
        @usableFromInline var producer: UInt = 0
        /// The iterator's own thread while it subscribes to a prompt source, else 0: its values
        /// are buffered whatever the policy and never park it.
        @usableFromInline var inlineSubscriber: UInt = 0
        /// The producer is parked, waiting for the loop to read half the limit, or end.
        @usableFromInline var isProducerParked = false
        /// How many times the producer has parked (for the tests of batched refilling).
        @usableFromInline var producerParkCount = 0
        /// How many values the loop's batch held when the loop last took the lock: values
        /// read ahead of the loop, like those in `buffer`.
        @usableFromInline var heldByLoop = 0
        /// The producer's `subscribe` call has returned.
        @usableFromInline var hasSubscribed = false
        /// How many values the policy has dropped.
        @usableFromInline var droppedCount = 0
        /// A full buffer has ended the sequence (`.fail`, `.finish`).
        @usableFromInline var isDisconnected = false

        /// `limit`: the buffer's bound (`Int.max` for none), where its ring stops growing.
        @inlinable init(limit: Int) {
            buffer = _RingQueue(limit: limit)
        }

        /// What `next()` returns now, or `nil` if it must wait.
        @inlinable
        mutating func take() -> Outcome? {
            if let value = replay.popFirst() { return .success(value) }
            if let value = buffer.popFirst() { return .success(value) }
            if let terminal {
                self.terminal = nil
                isFinished = true
                if case .error(let failure) = terminal { return .failure(failure) }
                return .success(nil)
            }
            return isFinished ? .success(nil) : nil
        }
    }

    /// How many values a source sending synchronously during its subscription may put ahead
    /// of the loop before its thread parks (or the policy's `n`, if larger): the memory bound
    /// of that phase, and the largest replay that never waits for the loop.
    @usableFromInline static var synchronousLimit: Int { 1_024 }

    @usableFromInline let capacity: Int
    @usableFromInline let keepsNewest: Bool
    /// A full buffer ends the sequence with this event (`BufferOverflow.fail`: the error;
    /// `.finish`: completion).
    @usableFromInline let overflowEnd: Event<Never, Failure>?
    @usableFromInline let dropped: BufferDrops?
    /// The number of values ahead of the loop (buffered or in its batch) at which the
    /// producer, inside `subscribe`, parks.
    @usableFromInline let parkingLimit: Int
    /// The number of values ahead of the loop at or below which a parked producer is woken.
    @usableFromInline var wakingLimit: Int { parkingLimit / 2 }
    @usableFromInline let state: _ValuesLock<State>
    /// The loop's batch: values taken from `state.replay` (or, unbounded, `state.buffer`) at
    /// once, read without the lock. Touched only by the consumer (`next`, one call at a time),
    /// never under the lock.
    @usableFromInline var batch = _RingQueue<Value>()
    /// Set (under the lock) when `.fail` has disconnected the loop: the loop drops its batch
    /// at its next read instead of reading it, and throws.
    @usableFromInline let overflowed = Atomic<Bool>(false)

    @inlinable
    init(capacity: Int, keepsNewest: Bool, overflowEnd: Event<Never, Failure>? = nil, dropped: BufferDrops? = nil) {
        self.capacity = capacity
        self.keepsNewest = keepsNewest
        self.overflowEnd = overflowEnd
        self.dropped = dropped
        state = _ValuesLock(State(limit: capacity))
        // At least `synchronousLimit`, so that a replay or a short synchronous burst never
        // parks (a loop that sends into the replaying source would wait for itself), and at
        // most the policy's `n` when that is larger and bounded.
        parkingLimit = capacity == .max ? Self.synchronousLimit : Swift.max(capacity, Self.synchronousLimit)
    }

    /// Subscribes a constant or a prompt source (`Signal._isPrompt`) here, on the caller's
    /// thread; any other source on a producer thread (a shared worker, see
    /// `_SubscribeWorkers`), returning once that `subscribe` call has returned, or the
    /// producer has parked on a full buffer (a synchronous source, perhaps endless).
    @inlinable
    func start(_ signal: Signal<Value, Failure>) {
        let sink = Observer<Value, Failure> { [self] event in receive(event) }
        state.withLock { $0.sink = sink }
        switch signal._representation {
        case .value, .completed, .failure:
            // A constant sends one value at most: subscribed here, no thread needed.
            signal._subscribe(sink)
            return
        default: break
        }
        if signal._isPrompt {
            // Returns promptly, having sent at most what the source holds: subscribed here.
            state.withLock { $0.inlineSubscriber = _currentThreadID() }
            signal._subscribe(sink)
            state.withLock { state in
                state.inlineSubscriber = 0
                state.hasSubscribed = true
            }
            return
        }
        _SubscribeWorkers.shared.run { [self] in
            state.withLock { $0.producer = _currentThreadID() }
            signal._subscribe(sink)
            state.withLock { state in
                state.producer = 0
                state.hasSubscribed = true
                state.isProducerParked = false
            }
            state.broadcast()
        }
        state.waitUntil { $0.hasSubscribed || $0.isProducerParked }
    }

    /// From the subscription (serially, any thread).
    @inlinable
    func receive(_ event: Event<Value, Failure>) {
        // A dropped value is released after the lock: its deinit is not ours to run under it.
        // `nil` from the closure parks the producer (see the file's header) and retries.
        let thread = _currentThreadID()
        var discarded = _RingQueue<Value>()
        var discardedReplay = _RingQueue<Value>()
        var sinkToDispose: Observer<Value, Failure>?
        let (waiter, outcome, dropped) = state.withLockWaiting { state -> (Waiter?, Outcome?, Value?)? in
            // Only the producer parks, so only it unparks (another sender must not hide it).
            let isProducer = state.producer == thread
            if isProducer { state.isProducerParked = false }
            // A prompt source's subscribe call on the iterator's thread: buffered, never parked.
            let isSubscribing = isProducer || state.inlineSubscriber == thread
            if state.isFinished || state.terminal != nil { return (nil, nil, nil) }
            switch event {
            case .next(let value):
                if let waiter = state.waiter {
                    state.waiter = nil
                    return (waiter, .success(value), nil)
                }
                if isProducer, state.replay.count + state.buffer.count + state.heldByLoop >= parkingLimit {
                    state.isProducerParked = true
                    state.producerParkCount += 1
                    pthread_cond_broadcast(self.state.condition) // for `start`, waiting for this
                    return nil
                }
                var dropped: Value?
                if isSubscribing {
                    // The replay: held whole, ahead of the live values (behind a live value
                    // that came first from another thread, if any, whatever the policy).
                    if state.buffer.isEmpty { state.replay.append(value) } else { state.buffer.append(value) }
                } else if state.buffer.count < capacity {
                    state.buffer.append(value)
                } else if let overflowEnd {
                    // The laggard is disconnected: its buffer and the replay it has not read
                    // go, and so does its batch (`overflowed`): the loop's next read throws
                    // (`.fail`) or ends (`.finish`).
                    swap(&discarded, &state.buffer)
                    swap(&discardedReplay, &state.replay)
                    state.droppedCount += discardedReplay.count + discarded.count + 1
                    overflowed.store(true, ordering: .releasing)
                    if case .error(let failure) = overflowEnd { state.terminal = .error(failure) } else { state.terminal = .completed }
                    state.isDisconnected = true
                    sinkToDispose = state.sink
                    state.sink = nil
                    return (nil, nil, value)
                } else if keepsNewest {
                    dropped = state.buffer.popFirst()
                    state.buffer.append(value)
                } else {
                    dropped = value
                }
                if dropped != nil { state.droppedCount += 1 }
                let ahead = state.replay.count + state.buffer.count + state.heldByLoop
                if ahead > state.maxBufferedCount { state.maxBufferedCount = ahead }
                return (nil, nil, dropped)
            case .error, .completed:
                state.sink = nil // the sink stops itself; nothing to dispose
                state.terminal = event
                guard let waiter = state.waiter else { return (nil, nil, nil) }
                state.waiter = nil
                return (waiter, state.take(), nil)
            }
        }
        if dropped != nil { self.dropped?.add(1 + discarded.count + discardedReplay.count) }
        if sinkToDispose != nil { self.dropped?._addDisconnection() }
        _ = discarded
        _ = discardedReplay
        sinkToDispose?._dispose()
        if let waiter, let outcome { waiter.resume(returning: _Unchecked(outcome)) }
    }

    /// From the consumer.
    @inlinable
    func next(isolation actor: isolated (any Actor)?) async -> Outcome {
        if Task.isCancelled {
            batch = _RingQueue()
            cancel()
            return .success(nil)
        }
        if !batch.isEmpty, overflowEnd != nil, overflowed.load(ordering: .acquiring) { dropTheBatch() }
        if let value = batch.popFirst() {
            if batch.count == wakingLimit { reportTheBatch() }
            return .success(value)
        }
        if let outcome = takeWakingTheProducer() { return outcome }
        return await withTaskCancellationHandler {
            await withUnsafeContinuation(isolation: actor) { (continuation: Waiter) in
                let (outcome, wakes) = state.withLock { state -> (Outcome?, Bool) in
                    state.heldByLoop = 0
                    let outcome = state.take()
                    if outcome == nil { state.waiter = continuation }
                    return (outcome, wakesTheProducer(&state))
                }
                if wakes { state.broadcast() }
                if let outcome { continuation.resume(returning: _Unchecked(outcome)) }
            }.value
        } onCancel: { [self] in
            cancel()
        }
    }

    /// What `next()` returns now (or `nil`: it must wait), with the loop's batch empty.
    /// Where no value can be dropped, every buffered value moves into the batch at once.
    /// A parked producer is woken once at most half the limit is ahead of the loop.
    @inlinable
    func takeWakingTheProducer() -> Outcome? {
        let (outcome, wakes) = state.withLock { state -> (Outcome?, Bool) in
            if state.replay.count > 1 {
                swap(&batch, &state.replay)
            } else if capacity == .max {
                if state.replay.isEmpty, state.buffer.count > 1 { swap(&batch, &state.buffer) }
            } else if state.replay.isEmpty, batch.slots.count > 0 {
                batch = _RingQueue() // the replay has been read: its ring (all slots empty) goes
            }
            let outcome = batch.popFirst().map { Outcome.success($0) } ?? state.take()
            state.heldByLoop = batch.count
            return (outcome, wakesTheProducer(&state))
        }
        if wakes { state.broadcast() }
        return outcome
    }

    /// Halfway through a batch: tells the producer how much the loop still holds, and wakes
    /// it if it is parked and half the limit is free.
    @inlinable
    func reportTheBatch() {
        let wakes = state.withLock { state -> Bool in
            state.heldByLoop = batch.count
            return wakesTheProducer(&state)
        }
        if wakes { state.broadcast() }
    }

    /// `.fail` has disconnected the loop while it held a batch: the batch is dropped and
    /// counted with the rest, and the next read throws.
    @inlinable
    func dropTheBatch() {
        let count = batch.count
        batch = _RingQueue()
        state.withLock { state in
            state.droppedCount += count
            state.heldByLoop = 0
        }
        dropped?.add(count)
    }

    /// Under the lock: whether to wake a parked producer now (at most half the limit is ahead
    /// of the loop). It is marked unparked at once, so that it is woken once, not on every
    /// read until its thread runs.
    @inlinable
    func wakesTheProducer(_ state: inout State) -> Bool {
        guard state.isProducerParked, state.replay.count + state.buffer.count + state.heldByLoop <= wakingLimit else { return false }
        state.isProducerParked = false
        return true
    }

    /// The consumer is gone (cancelled, or the iterator dropped): end the sequence, drop the
    /// buffer, wake a waiting consumer with `nil`, dispose the subscription.
    @inlinable
    func cancel() {
        let (waiter, sink, buffer, replay) = state.withLock { state in
            state.isFinished = true
            state.terminal = nil
            defer {
                state.waiter = nil
                state.sink = nil
                state.buffer = _RingQueue(limit: capacity)
                state.replay = _RingQueue()
            }
            return (state.waiter, state.sink, state.buffer, state.replay)
        }
        _ = buffer // released outside the lock: a value's deinit is user code
        _ = replay
        // The sink first: a producer that is sending sees `isStopped` as soon as possible;
        // then a parked one is woken, finds the sequence finished, and returns.
        sink?._dispose()
        state.broadcast()
        waiter?.resume(returning: _Unchecked(.success(nil)))
    }

    var maxBufferedCount: Int { state.withLock { $0.maxBufferedCount } }
    @usableFromInline var droppedCount: Int { state.withLock { $0.droppedCount } }
    @usableFromInline var isDisconnected: Bool { state.withLock { $0.isDisconnected } }
    var producerParkCount: Int { state.withLock { $0.producerParkCount } }
}

/// A lock with a condition: the channel's state, where the producer parks and where the
/// iterator's creation waits for the subscription.
///
/// `@unchecked Sendable`: `state` is read and written only with `mutex` held.
@usableFromInline
final class _ValuesLock<State>: @unchecked Sendable {
    @usableFromInline let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    @usableFromInline let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    @usableFromInline let state: UnsafeMutablePointer<State>

    @usableFromInline
    init(_ initial: State) {
        state = .allocate(capacity: 1)
        state.initialize(to: initial)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` with the state, under the lock.
    @inlinable
    func withLock<Result>(_ body: (inout State) -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body(&state.pointee)
    }

    /// Runs `body` under the lock until it returns a result, waiting for a `broadcast()`
    /// (with the lock released) each time it returns `nil`.
    @inlinable
    func withLockWaiting<Result>(_ body: (inout State) -> Result?) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while true {
            if let result = body(&state.pointee) { return result }
            pthread_cond_wait(condition, mutex)
        }
    }

    /// Waits until `condition` holds.
    @inlinable
    func waitUntil(_ isReady: (inout State) -> Bool) {
        withLockWaiting { isReady(&$0) ? () : nil }
    }

    /// Wakes every waiter, which then checks its condition again. Called after the change,
    /// with or without the lock.
    @inlinable
    func broadcast() {
        pthread_mutex_lock(mutex)
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }
}

/// The shared threads that make `values`' subscriptions (the *producers*): a subscribe call
/// runs on an idle worker, or on a new one when none is idle. A worker whose call returns
/// waits for the next one, unless `maxIdle` workers already wait; then its thread ends.
///
/// So an iterator starts no thread of its own: while subscriptions return promptly (a
/// `Subject`, a replay), their calls take turns on the same few threads; only a call that is
/// still running (a synchronous source parked on a full buffer, perhaps endless) holds its
/// worker, and a new subscription then starts another. The number of threads is at most the
/// number of subscribe calls running at once plus `maxIdle`.
///
/// `@unchecked Sendable`: `idle` is read and written only with `mutex` held.
@usableFromInline
final class _SubscribeWorkers: @unchecked Sendable {
    /// One waiting worker: the job handed to it, and the condition it waits on.
    final class Worker {
        var job: (@Sendable () -> Void)?
        let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        init() { pthread_cond_init(condition, nil) }
        deinit {
            pthread_cond_destroy(condition)
            condition.deallocate()
        }
    }

    /// How many workers wait for a job at most; more end their threads.
    static let maxIdle = 4
    @usableFromInline static let shared = _SubscribeWorkers()

    let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// The waiting workers, the last one to finish first (its stack is warm).
    var idle: [Worker] = []
    /// How many worker threads have been started (for the tests that iterators reuse them).
    var started = 0

    init() {
        pthread_mutex_init(mutex, nil)
        idle.reserveCapacity(Self.maxIdle)
    }

    /// Runs `job` on a waiting worker, or on a new thread if none waits.
    @usableFromInline
    func run(_ job: @escaping @Sendable () -> Void) {
        pthread_mutex_lock(mutex)
        if let worker = idle.popLast() {
            worker.job = job
            pthread_cond_signal(worker.condition)
            pthread_mutex_unlock(mutex)
            return
        }
        started += 1
        pthread_mutex_unlock(mutex)
        // The box gives the job to the new thread and keeps no copy of it.
        let box = _JobBox(job)
        _spawnProducerThread { [self] in work(first: box) }
    }

    /// How many worker threads have been started so far, and how many wait for a job.
    var counts: (started: Int, idle: Int) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return (started, idle.count)
    }

    /// A worker's thread: runs its job, then waits for the next one or ends.
    func work(first: _JobBox) {
        var job: (@Sendable () -> Void)? = first.take()
        let worker = Worker()
        while true {
            job?()
            job = nil // what the call captured (the channel, the signal) is not kept
            pthread_mutex_lock(mutex)
            guard idle.count < Self.maxIdle else {
                pthread_mutex_unlock(mutex)
                return
            }
            idle.append(worker)
            while worker.job == nil { pthread_cond_wait(worker.condition, mutex) }
            job = worker.job!
            worker.job = nil
            pthread_mutex_unlock(mutex)
        }
    }
}

/// A job handed to a new worker, taken out once (so that nothing but the worker holds it).
final class _JobBox: @unchecked Sendable {
    var job: (@Sendable () -> Void)?
    init(_ job: @escaping @Sendable () -> Void) { self.job = job }
    func take() -> @Sendable () -> Void {
        defer { job = nil }
        return job!
    }
}

/// Starts a worker of `_SubscribeWorkers`: a detached thread with an 8 MiB stack (a
/// subscription may nest deeply, as on a main thread). Not the cooperative pool: a subscribe
/// call may park for as long as the loop does not read.
@usableFromInline
func _spawnProducerThread(_ body: @escaping @Sendable () -> Void) {
    final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    pthread_attr_setstacksize(&attributes, 8 << 20)
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    let box = Unmanaged.passRetained(Body(body)).toOpaque()
    #if canImport(Darwin)
    var thread: pthread_t?
    let error = pthread_create(&thread, &attributes, { pointer in
        Unmanaged<Body>.fromOpaque(pointer).takeRetainedValue().run()
        return nil
    }, box)
    #else
    var thread = pthread_t()
    let error = pthread_create(&thread, &attributes, { pointer in
        Unmanaged<Body>.fromOpaque(pointer!).takeRetainedValue().run()
        return nil
    }, box)
    #endif
    _precondition(error == 0, "Signals: values could not start the thread that subscribes (pthread_create failed with \(error)); the system is out of threads")
    pthread_attr_destroy(&attributes)
}
