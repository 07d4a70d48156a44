// The channel behind `Signal.Values` (Values.swift): the iterator's hold on its subscription
// (`_ValuesSubscription`) and the buffer between that subscription and the loop
// (`_ValuesChannel`), under a lock of its own (`_ValuesLock`, ValuesLock.swift).
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
// `bufferSize` if that is larger) parks the
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
            if let value = replay.popFirst() {
                // Nothing joins the replay once the subscribe call has returned: its ring goes
                // as soon as it has been read (its slots, 8 at least, were otherwise kept
                // for as long as the loop follows). Every slot is empty: no value is released
                // under the lock.
                if replay.isEmpty && hasSubscribed { replay = _RingQueue() }
                return .success(value)
            }
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
    /// of the loop before its thread parks (or the `bufferSize`, if larger): the memory bound
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
        // most the `bufferSize` when that is larger and bounded.
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
