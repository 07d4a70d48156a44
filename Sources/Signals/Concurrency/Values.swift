// Signal.Values: the AsyncSequence behind `signal.values` and
// `signal.values(bufferSize:whenFull:dropped:)` (see Signal+Values.swift) and its iterator.
// One iterator = one subscription (`_ValuesSubscription`) whose sink fills a
// `_ValuesChannel`; the iterator drains it. The channel, and how a subscription is made and
// read on demand, are in ValuesChannel.swift.

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
        /// reads them, in `AsyncStream`'s words: the deprecated
        /// ``Signal/values(bufferingPolicy:)``'s argument. ``BufferOverflow`` is the policy
        /// type now: `.bufferingNewest(n)` is `values(bufferSize: n, whenFull: .dropOldest)`,
        /// `.bufferingOldest(n)` is `values(bufferSize: n, whenFull: .dropNewest)`, and
        /// `.unbounded` is ``Signal/values``.
        ///
        /// ```swift
        /// let latest = signal.values(bufferingPolicy: .bufferingNewest(1))
        /// ```
        @available(*, deprecated, message: "use values(bufferSize: n, whenFull: .dropOldest) for .bufferingNewest(n), values(bufferSize: n, whenFull: .dropNewest) for .bufferingOldest(n), and values for .unbounded")
        public enum BufferingPolicy: Sendable, Equatable {
            /// Keep every value.
            case unbounded
            /// Keep at most `n` values: when the buffer is full, drop the new value.
            case bufferingOldest(Int)
            /// Keep at most `n` values: when the buffer is full, drop the oldest one.
            case bufferingNewest(Int)
        }

        @usableFromInline let signal: Signal
        /// The most values buffered ahead of the loop (`Int.max`: unbounded).
        @usableFromInline let capacity: Int
        /// A full buffer drops its oldest value (`.dropOldest`), else the arriving one.
        @usableFromInline let keepsNewest: Bool
        /// `values(bufferSize:whenFull:)` with `.fail(failure)` or `.finish`: a full buffer
        /// ends the loop with this event (`.error(failure)`, or `.completed`).
        @usableFromInline let overflowEnd: Event<Never, Failure>?
        /// Where dropped values are counted (`values(bufferSize:whenFull:dropped:)`).
        @usableFromInline let dropped: BufferDrops?

        /// `values`: an unbounded buffer.
        @inlinable
        init(unbounded signal: Signal) {
            self.signal = signal
            capacity = .max
            keepsNewest = false
            overflowEnd = nil
            dropped = nil
        }

        /// `values(bufferSize:whenFull:dropped:)`: `size` is checked by the caller.
        @inlinable
        init(signal: Signal, size: Int, whenFull policy: BufferOverflow<Failure>, dropped: BufferDrops?) {
            self.signal = signal
            capacity = size
            switch policy {
            case .dropOldest: (keepsNewest, overflowEnd) = (true, nil)
            case .dropNewest: (keepsNewest, overflowEnd) = (false, nil)
            case .fail(let failure): (keepsNewest, overflowEnd) = (false, .error(failure))
            case .finish: (keepsNewest, overflowEnd) = (false, .completed)
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
            Iterator(signal: signal, capacity: capacity, keepsNewest: keepsNewest, overflowEnd: overflowEnd, dropped: dropped)
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
            init(signal: Signal, capacity: Int, keepsNewest: Bool, overflowEnd: Event<Never, Failure>?, dropped: BufferDrops?) {
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
            /// var iterator = feed.values(bufferSize: 64, whenFull: .finish).makeAsyncIterator()
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
