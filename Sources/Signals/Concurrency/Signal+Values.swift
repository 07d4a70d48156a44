// values = one subscription per iterator, feeding a buffer that the iterator drains:
//   - a consumer already waiting in `next()` takes a value directly (it never enters the buffer);
//   - otherwise the value is buffered: without bound, or keeping the newest / oldest `n`;
//   - the terminal event waits behind the buffered values, so order is kept;
//   - cancelling the consuming task, or dropping the iterator (`break`), disposes the
//     subscription.
//   - a prompt signal (`Signal._isPrompt`, Core/Promptness.swift: a subject, a connected
//     share, a timer, and what the kernel composes of them — map/filter runs, binds over a
//     subject, merges and concats, `take(until:)`, `on`) and a constant are subscribed on the
//     iterator's own thread; what they send then is buffered, never parked;
//   - any other signal that sends synchronously while it is subscribed is read on demand: the
//     subscription is made on a shared producer thread (`_SubscribeWorkers`, no thread start
//     per iterator) that waits while the buffer is full.
// values(bufferingPolicy:) = the same, with a bounded buffer.
// The sequence and its iterator are in Values.swift, the buffer in ValuesChannel.swift.

extension Signal {
    /// This signal's values as an `AsyncSequence`, buffered without bound; its `Failure` is
    /// the signal's own, so a signal that cannot fail is read with plain `for await` and a
    /// failing one rethrows its typed error with `for try await`.
    ///
    /// Each iterator is one subscription, made when the iterator is (`for await` makes it
    /// just before the first `next()`): a cold signal runs once per loop. Once the iterator
    /// exists the subscription is in place, so a value sent into a `Subject` from then on
    /// is not lost. Values arrive in order, then the end of the sequence (completion) or the
    /// typed error (failure).
    ///
    /// A signal whose subscribe call returns at once is subscribed on the iterator's own
    /// thread, inside `makeAsyncIterator()`, so no other thread is involved (a server's
    /// connection starts as fast as an `AsyncStream`'s): a subject's signal (`Subject`,
    /// `ReplaySubject`, `BehaviorSubject`), a `share`/`share(replay:)`/`replayLazily(upTo:)`
    /// that is connected at that moment, `timer`/`interval` on a scheduler, a lifetime's
    /// `ended`, and what the library composes of these: a run of `map`/`filter`/`compactMap`,
    /// any `bind` (so any operator written with it) over a `Subject`, `merge` and `concat` of
    /// them (`merge(shared, .interval(…))`), `take(until:)`, `take(during:)` and `on(…)`.
    /// (A `bind` over a replaying source is not: for a replayed value its binding may return
    /// any signal.) What it
    /// sends during that call, its replay, is buffered whole whatever the policy, never
    /// waits for the loop, and does not count against a bounded policy's `n` (which bounds
    /// the live values behind it): it is bounded by what the subject already holds.
    ///
    /// Any other signal that sends synchronously as it is subscribed (`from`, `generate`, a
    /// `repeat`ed constant, `share(replay:)`) is read on demand, even an endless one: the
    /// subscription is made on one of a few shared worker threads (never the cooperative
    /// pool), which waits while the buffer is full, so `for await x in Signal.from(1...).values { …; break }` gets `1`, and
    /// `break` or cancelling the task stops the source. In that phase the buffer keeps every
    /// value, whatever the policy, up to 1,024 ahead of the loop (or the policy's `n`, if
    /// larger), then the source waits until the loop has read half of them. Values sent from
    /// other threads (a `Subject`'s sender, a scheduler) never wait: they follow the policy.
    /// (A signal made with `Signal { observer in … }` is never known to be prompt, even if it
    /// only wraps a subject: it takes the worker path.)
    ///
    /// Completes (the loop ends) when the signal completes and the buffered values are read.
    /// Fails (the loop throws `Failure`) when the signal fails, after the buffered values.
    /// Disposes the subscription when you `break` out of the loop (the iterator is dropped),
    /// or when the consuming task is cancelled: at once if it is waiting in `next()`,
    /// otherwise at its next call, which then returns `nil` (the loop simply ends, as with
    /// `AsyncStream`; no `CancellationError` is thrown, since `Failure` may be `Never`).
    ///
    /// Composed of: a subscription, made on the iterator's thread (a subject and the
    /// operators above over subjects, a constant) or
    /// on a shared worker thread (any other signal), whose sink fills a lock-guarded buffer,
    /// and a continuation for the one waiting consumer (the bridge, written with plumbing).
    ///
    /// ```swift
    /// for await value in Signal.from([1, 2, 3]).values {
    ///     print(value)
    /// }
    /// // Prints: 1, 2, 3
    /// ```
    /// ```
    /// signal:  --1--2----3--|
    /// loop:    --1--2----3--(end)
    /// ```
    ///
    /// - Complexity: O(1) per value; a buffered value costs amortised O(1) memory. No thread
    ///   is started per iterator: a subject's signal and a constant (`just`, `empty`,
    ///   `error`) are subscribed on the loop's own thread (10,000 live iterators of one
    ///   subject add no thread); any other subscribe call runs on a shared worker, free again
    ///   as soon as the call returns. A synchronous source still running inside its subscribe
    ///   call (parked on a full buffer, perhaps endless) holds its worker until it returns
    ///   (the loop ends or is cancelled); up to 4 idle workers wait for the next
    ///   subscription.
    /// - Important: The buffer is unbounded: a signal that sends from other threads faster
    ///   than the loop consumes grows it without limit. Use ``values(bufferingPolicy:)`` to
    ///   bound it.
    /// - Important: A `share(replay:)` or `replayLazily(upTo:)` that replays more than 1,024
    ///   values waits inside its replay for the loop to read. A send into that same source
    ///   from the loop's task while the replay is still running waits for the replay, which
    ///   waits for the loop: a deadlock. (A `ReplaySubject`'s replay never waits: see above.)
    ///   An endless synchronous source merged with a `Subject` likewise holds the subject's
    ///   sender while it waits.
    /// - SeeAlso: Combine's `Publisher.values`; RxSwift's `Observable.values`;
    ///   ReactiveSwift's `asyncStream` / `asyncThrowingStream` (which erase the error type).
    @inlinable
    public var values: Values {
        Values(signal: self, bufferingPolicy: .unbounded)
    }

    /// This signal's values as an `AsyncSequence` whose buffer follows `bufferingPolicy`:
    /// `.unbounded`, `.bufferingNewest(n)` (a full buffer drops its oldest value to keep the
    /// new one) or `.bufferingOldest(n)` (a full buffer drops the new value). A consumer that
    /// is waiting takes a value directly, so the buffer only holds values that arrive while
    /// the loop body runs: with a fast signal and a slow loop, at most `n` are kept.
    ///
    /// The policy drops values only when their sender cannot wait for the loop: a value sent
    /// from another thread (a `Subject`'s sender, a scheduler). A signal that sends
    /// synchronously as it is subscribed is read on demand (see ``values``), so nothing of
    /// it is dropped: `Signal.from([1, 2, 3]).values(bufferingPolicy: .bufferingNewest(1))`
    /// yields 1, 2 and 3, as Combine's demand-driven `values` does. A subject's replay is
    /// held whole and the `n` bounds the live values behind it (see
    /// ``buffer(size:whenFull:dropped:)``).
    ///
    /// Completes, fails and disposes as ``values``; the terminal event is never dropped.
    ///
    /// Composed of: ``values`` with a bounded buffer.
    ///
    /// ```swift
    /// let prices = Subject<Int, Never>()
    /// for await price in prices.signal.values(bufferingPolicy: .bufferingNewest(1)) {
    ///     await render(price) // slow: meanwhile only the latest price is kept
    /// }
    /// ```
    ///
    /// - Precondition: `n > 0` for the bounded policies.
    /// - SeeAlso: `AsyncStream.Continuation.BufferingPolicy` (same names, same meaning);
    ///   Combine's `buffer(size:prefetch:whenFull:)`; RxSwift's `values` is unbounded only.
    @inlinable
    public func values(bufferingPolicy: Values.BufferingPolicy) -> Values {
        Values(signal: self, bufferingPolicy: bufferingPolicy)
    }
}
