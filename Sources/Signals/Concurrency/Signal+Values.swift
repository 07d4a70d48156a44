// values = one subscription per iterator, feeding a buffer that the iterator drains:
//   - a consumer already waiting in `next()` takes a value directly (it never enters the buffer);
//   - otherwise the value is buffered: without bound, or at most `bufferSize` values with a
//     `BufferOverflow` policy (drop the oldest / the new value, or end the loop);
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
// values(bufferSize:whenFull:dropped:) = the same, with a bounded buffer and a policy
//   (`BufferOverflow` and `BufferDrops` are in Scheduling/BoundedBuffer.swift, beside the
//   scheduler hop's bounded form, observe(on:bufferSize:whenFull:dropped:)).
// values(bufferingPolicy:) and buffer(size:whenFull:dropped:) = the two earlier spellings of
//   the bounded form, deprecated forwards for one release (at the end of this file).
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
    /// any signal.) What it sends during that call, its replay, is buffered whole whatever
    /// the policy, never waits for the loop, and does not count against the `bufferSize` of
    /// ``values(bufferSize:whenFull:dropped:)`` (which bounds the live values behind it): it
    /// is bounded by what the subject already holds.
    ///
    /// Any other signal that sends synchronously as it is subscribed (`from`, `generate`, a
    /// `repeat`ed constant, `share(replay:)`) is read on demand, even an endless one: the
    /// subscription is made on one of a few shared worker threads (never the cooperative
    /// pool), which waits while the buffer is full, so `for await x in Signal.from(1...).values { …; break }` gets `1`, and
    /// `break` or cancelling the task stops the source. In that phase the buffer keeps every
    /// value, whatever the policy, up to 1,024 ahead of the loop (or the `bufferSize`, if
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
    ///   than the loop consumes grows it without limit. Use
    ///   ``values(bufferSize:whenFull:dropped:)`` to bound it.
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
        Values(unbounded: self)
    }

    /// This signal's values as an `AsyncSequence` whose buffer holds at most `size` values
    /// ahead of the loop: when a value arrives and `size` are buffered, `policy` decides.
    /// ``BufferOverflow/dropOldest`` keeps the newest values (a slow screen shows the latest
    /// price) and ``BufferOverflow/dropNewest`` the oldest; both count the dropped value in
    /// `dropped` and in the iterator's ``Signal/Values/Iterator/dropped``.
    /// ``BufferOverflow/fail(_:)`` drops the buffer and makes the loop's next `next()` throw
    /// that error at once (the subscription is disposed): a server's way to disconnect a
    /// client that does not keep up. ``BufferOverflow/finish`` disconnects it the same way
    /// with no error: the loop's next `next()` returns `nil`, as at the signal's completion
    /// (for a signal that cannot fail); ``Signal/Values/Iterator/isDisconnected`` and
    /// ``BufferDrops/disconnected`` tell the two apart. ``values`` is the unbounded form.
    ///
    /// A consumer that is waiting takes a value directly, so the buffer only holds values
    /// that arrive while the loop body runs. The policy drops values only when their sender
    /// cannot wait for the loop: a value sent from another thread (a `Subject`'s sender, a
    /// scheduler). A signal that sends synchronously as it is subscribed is read on demand
    /// (see ``values``), so nothing of it is dropped:
    /// `Signal.from([1, 2, 3]).values(bufferSize: 1, whenFull: .dropOldest)` yields 1, 2
    /// and 3, as Combine's demand-driven `values` does.
    ///
    /// A replay does not count against the bound: what the source sends while it is being
    /// subscribed (a `ReplaySubject`'s history) is held whole ahead of the live values and
    /// never dropped, and the bound and the policy apply to the values that arrive after
    /// `subscribe` has returned. So a follower of a room's history of 1,000 posts through
    /// `values(bufferSize: 256, …)` reads the 1,000 posts, and at most 256 live posts wait
    /// behind them. `.fail` drops the unread history with the rest, including what the loop
    /// has taken in but not yet read: the loop's next read throws.
    ///
    /// Completes, fails and disposes as ``values``; the terminal event is never dropped.
    ///
    /// ![values(bufferSize: 2, whenFull: .dropOldest), read by a for-await loop every 3 ticks](marble-values-bufferSize.svg)
    ///
    /// Composed of: ``values`` with a buffer of at most `size` values and a policy (the
    /// bridge's buffer, written with plumbing).
    ///
    /// ```swift
    /// for try await message in room.signal.values(bufferSize: 256, whenFull: .fail(.tooSlow)) {
    ///     try await connection.write(message) // 256 behind: the loop throws .tooSlow
    /// }
    /// ```
    /// ```
    /// signal:  -abcd---e--|
    /// loop:    -a--c--d--e--|   (bufferSize: 2, .dropOldest; a read every 3 ticks: b dropped at 4)
    /// ```
    ///
    /// - Precondition: `size > 0` (``values`` is the unbounded form).
    /// - SeeAlso: `AsyncStream`'s `bufferingNewest(n)` (``BufferOverflow/dropOldest``) and
    ///   `bufferingOldest(n)` (``BufferOverflow/dropNewest``); Combine's
    ///   `buffer(size:prefetch:whenFull:)`; ``observe(on:bufferSize:whenFull:dropped:)``, the
    ///   same bound for a scheduler; RxSwift's `values` is unbounded only.
    @inlinable
    public func values(bufferSize size: Int, whenFull policy: BufferOverflow<Failure>, dropped: BufferDrops? = nil) -> Values {
        _precondition(size > 0, "Signals: values(bufferSize:whenFull:) needs a buffer of 1 or more, got \(size); use values for no limit")
        return Values(signal: self, size: size, whenFull: policy, dropped: dropped)
    }

    // MARK: The earlier spellings of the bounded form (deprecated; removed in the next release)

    /// The bounded form's first spelling, in `AsyncStream`'s words:
    /// `.bufferingNewest(n)` is `values(bufferSize: n, whenFull: .dropOldest)`,
    /// `.bufferingOldest(n)` is `values(bufferSize: n, whenFull: .dropNewest)`, and
    /// `.unbounded` is ``values``.
    ///
    /// Composed of: a forward to ``values(bufferSize:whenFull:dropped:)`` or ``values``.
    ///
    /// ```swift
    /// let latest = prices.signal.values(bufferingPolicy: .bufferingNewest(1))
    /// // now: prices.signal.values(bufferSize: 1, whenFull: .dropOldest)
    /// ```
    @available(*, deprecated, message: "use values(bufferSize: n, whenFull: .dropOldest) for .bufferingNewest(n), values(bufferSize: n, whenFull: .dropNewest) for .bufferingOldest(n), and values for .unbounded")
    @inlinable
    public func values(bufferingPolicy: Values.BufferingPolicy) -> Values {
        switch bufferingPolicy {
        case .unbounded: self.values
        case .bufferingNewest(let n): values(bufferSize: n, whenFull: .dropOldest)
        case .bufferingOldest(let n): values(bufferSize: n, whenFull: .dropNewest)
        }
    }

    /// The bounded form's second spelling: `buffer(size: n, whenFull: policy, dropped: drops)`
    /// is `values(bufferSize: n, whenFull: policy, dropped: drops)`. (`buffer` now means
    /// batching only: ``buffer(timeSpan:count:on:)``, ``buffer(boundary:)``.)
    ///
    /// Composed of: a forward to ``values(bufferSize:whenFull:dropped:)``.
    ///
    /// ```swift
    /// let feed = room.signal.buffer(size: 256, whenFull: .dropOldest)
    /// // now: room.signal.values(bufferSize: 256, whenFull: .dropOldest)
    /// ```
    @available(*, deprecated, renamed: "values(bufferSize:whenFull:dropped:)", message: "use values(bufferSize: size, whenFull: policy, dropped: drops); buffer now means batching only")
    @inlinable
    public func buffer(size: Int, whenFull policy: BufferOverflow<Failure>, dropped: BufferDrops? = nil) -> Values {
        values(bufferSize: size, whenFull: policy, dropped: dropped)
    }
}
