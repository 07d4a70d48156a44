// Signal.Values: the AsyncSequence behind `signal.values` (see Signal+Values.swift).
// One iterator = one subscription whose sink fills `_ValuesChannel`; the iterator drains it.
// Plumbing (a sink of our own, `_subscribe`, `_dispose`) is allowed here: this is the border
// between the two worlds, not an operator.

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

        @inlinable
        init(signal: Signal, bufferingPolicy: BufferingPolicy) {
            switch bufferingPolicy {
            case .unbounded: break
            case .bufferingOldest(let n), .bufferingNewest(let n):
                _precondition(n > 0, "Signals: values(bufferingPolicy:) needs a bounded buffer of 1 or more, got \(n); pass .unbounded for no limit")
            }
            self.signal = signal
            self.bufferingPolicy = bufferingPolicy
        }

        /// Subscribes to the signal and returns the iterator that reads its values.
        ///
        /// ```swift
        /// var iterator = signal.values.makeAsyncIterator()
        /// let first = await iterator.next()
        /// ```
        @inlinable
        public func makeAsyncIterator() -> Iterator {
            Iterator(signal: signal, bufferingPolicy: bufferingPolicy)
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
            init(signal: Signal, bufferingPolicy: BufferingPolicy) {
                let capacity: Int
                let keepsNewest: Bool
                switch bufferingPolicy {
                case .unbounded: (capacity, keepsNewest) = (.max, false)
                case .bufferingOldest(let n): (capacity, keepsNewest) = (n, false)
                case .bufferingNewest(let n): (capacity, keepsNewest) = (n, true)
                }
                _subscription = _ValuesSubscription(signal, capacity: capacity, keepsNewest: keepsNewest)
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

            /// The largest number of values the buffer has held at once (for tests of the
            /// bounded policies' memory bound).
            package var _maxBufferedCount: Int {
                _subscription.channel.maxBufferedCount
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

    @inlinable
    init(_ signal: Signal<Value, Failure>, capacity: Int, keepsNewest: Bool) {
        channel = _ValuesChannel(capacity: capacity, keepsNewest: keepsNewest)
        channel.start(signal)
    }

    deinit {
        channel.cancel()
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
        @usableFromInline var buffer = _Queue<Value>()
        @usableFromInline var maxBufferedCount = 0
        /// The signal's terminal event, waiting behind the buffered values.
        @usableFromInline var terminal: Event<Value, Failure>?
        /// The consumer has seen the end (or was cancelled): `next()` returns `nil`.
        @usableFromInline var isFinished = false
        /// The consumer waiting in `next()`; only when the buffer is empty.
        @usableFromInline var waiter: Waiter?
        /// The subscription's sink, until the signal ends or the consumer goes away.
        @usableFromInline var sink: Observer<Value, Failure>?

        @inlinable init() {}

        /// What `next()` returns now, or `nil` if it must wait.
        @inlinable
        mutating func take() -> Outcome? {
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

    @usableFromInline let capacity: Int
    @usableFromInline let keepsNewest: Bool
    @usableFromInline let state = _Locked(State())

    @inlinable
    init(capacity: Int, keepsNewest: Bool) {
        self.capacity = capacity
        self.keepsNewest = keepsNewest
    }

    @inlinable
    func start(_ signal: Signal<Value, Failure>) {
        let sink = Observer<Value, Failure> { [self] event in receive(event) }
        state.withLock { $0.sink = sink }
        signal._subscribe(sink)
    }

    /// From the subscription (serially, any thread).
    @inlinable
    func receive(_ event: Event<Value, Failure>) {
        // A dropped value is released after the lock: its deinit is not ours to run under it.
        let (waiter, outcome, dropped) = state.withLock { state -> (Waiter?, Outcome?, Value?) in
            if state.isFinished || state.terminal != nil { return (nil, nil, nil) }
            switch event {
            case .next(let value):
                if let waiter = state.waiter {
                    state.waiter = nil
                    return (waiter, .success(value), nil)
                }
                var dropped: Value?
                if state.buffer.count < capacity {
                    state.buffer.append(value)
                } else if keepsNewest {
                    dropped = state.buffer.popFirst()
                    state.buffer.append(value)
                } else {
                    dropped = value
                }
                if state.buffer.count > state.maxBufferedCount { state.maxBufferedCount = state.buffer.count }
                return (nil, nil, dropped)
            case .error, .completed:
                state.sink = nil // the sink stops itself; nothing to dispose
                state.terminal = event
                guard let waiter = state.waiter else { return (nil, nil, nil) }
                state.waiter = nil
                return (waiter, state.take(), nil)
            }
        }
        _ = dropped
        if let waiter, let outcome { waiter.resume(returning: _Unchecked(outcome)) }
    }

    /// From the consumer.
    @inlinable
    func next(isolation actor: isolated (any Actor)?) async -> Outcome {
        if Task.isCancelled {
            cancel()
            return .success(nil)
        }
        if let outcome = state.withLock({ $0.take() }) { return outcome }
        return await withTaskCancellationHandler {
            await withUnsafeContinuation(isolation: actor) { (continuation: Waiter) in
                let outcome = state.withLock { state -> Outcome? in
                    if let outcome = state.take() { return outcome }
                    state.waiter = continuation
                    return nil
                }
                if let outcome { continuation.resume(returning: _Unchecked(outcome)) }
            }.value
        } onCancel: { [self] in
            cancel()
        }
    }

    /// The consumer is gone (cancelled, or the iterator dropped): end the sequence, drop the
    /// buffer, wake a waiting consumer with `nil`, dispose the subscription.
    @usableFromInline
    func cancel() {
        let (waiter, sink, buffer) = state.withLock { state in
            state.isFinished = true
            state.terminal = nil
            defer {
                state.waiter = nil
                state.sink = nil
                state.buffer = _Queue()
            }
            return (state.waiter, state.sink, state.buffer)
        }
        _ = buffer // released outside the lock: a value's deinit is user code
        waiter?.resume(returning: _Unchecked(.success(nil)))
        sink?._dispose()
    }

    var maxBufferedCount: Int { state.withLock { $0.maxBufferedCount } }
}
