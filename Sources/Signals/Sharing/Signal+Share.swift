// share()            = share(replay: 0)  (publish().refCount(), a fresh Subject per connection).
// share(replay: n)   = one upstream subscription per connection, feeding a ReplaySubject
//                      engine of capacity n; reference-counted: the first subscriber connects,
//                      the last one leaving disposes the upstream and drops the buffer, an
//                      upstream terminal event ends the connection (the next subscriber starts
//                      a fresh one).
// replayLazily(upTo: n) = one ReplaySubject engine of capacity n, connected to the upstream by
//                      the first subscriber and never disconnected while the signal or a
//                      subscription is alive: the buffer (and terminal event) outlive them all.

import Synchronization

extension Signal {
    /// Shares one subscription to this signal among all its subscribers, for as long as
    /// anyone listens.
    ///
    /// ![source.signal.share()](marble-share.svg)
    ///
    /// The first subscriber subscribes to this signal (connects); later subscribers join that
    /// subscription and receive only the events sent after they joined. When the last
    /// subscriber leaves, the upstream subscription is disposed; the next subscriber starts a
    /// fresh one.
    ///
    /// Completes / Fails: when this signal terminates, every current subscriber receives the
    /// terminal event and the connection ends; a later subscriber subscribes to this signal
    /// anew (as RxSwift's `share()`). Disposes: the upstream subscription, when the last
    /// subscriber leaves. At most one upstream subscription is ever live, as for
    /// ``share(replay:)``.
    ///
    /// Composed of: `share(replay: 0)` — that is, `publish().refCount()` with a fresh
    /// `Subject` for each connection (so it starts over after this signal terminates, where
    /// `publish().refCount()` keeps its ended subject).
    ///
    /// ```swift
    /// let ticks = Subject<Int, Never>()
    /// let shared = ticks.signal.map { print("work \($0)"); return $0 }.share()
    /// shared.subscribe(next: { print("a \($0)") })
    /// shared.subscribe(next: { print("b \($0)") })
    /// ticks.send(value: 1)
    /// // Prints: work 1, a 1, b 1
    /// ```
    /// ```
    /// upstream:  --1--2--3--4--|
    /// a:         ^-1--2--3--4--|
    /// b:               ^-3--4--|
    /// ```
    ///
    /// - Note: A synchronous signal (such as `Signal.from`) sends everything to the first
    ///   subscriber while it connects; the next subscriber then starts it again.
    /// - SeeAlso: RxSwift `share()`; ReactiveSwift has no reference-counted share (see
    ///   `replayLazily(upTo:)`); Combine `share()` (which does not reconnect after completion).
    @inlinable
    public func share() -> Signal {
        share(replay: 0)
    }

    /// Shares one subscription to this signal among all its subscribers, for as long as
    /// anyone listens, and replays the last `count` values to each new subscriber.
    ///
    /// ![source.signal.share(replay: 1)](marble-share-replay.svg)
    ///
    /// The first subscriber connects; a later subscriber receives the last `count` values of
    /// the current connection, then every later event — exactly once, in order, with no gap
    /// and no duplicate, even while the upstream sends on another thread. When the last
    /// subscriber leaves, the upstream subscription is disposed and the buffer dropped; the
    /// next subscriber starts a fresh connection with an empty buffer.
    ///
    /// Completes / Fails: when this signal terminates, every current subscriber receives the
    /// terminal event and the connection ends; a later subscriber connects anew (RxSwift's
    /// `share(replay:scope: .whileConnected)`). Disposes: the upstream subscription, when
    /// the last subscriber leaves. At most one upstream subscription is ever live: a new
    /// connection subscribes this signal only once the previous one's disposal has finished
    /// (on the thread that finishes it, if that is another one).
    ///
    /// Composed of: one upstream subscription per connection feeding a `ReplaySubject` of
    /// capacity `count`, reference-counted by its subscribers — that is,
    /// `multicast(ReplaySubject(capacity: count)).refCount()` with a fresh subject for each
    /// connection.
    ///
    /// ```swift
    /// let location = Subject<String, Never>()
    /// let shared = location.signal.share(replay: 1)
    /// shared.subscribe(next: { print("a \($0)") })
    /// location.send(value: "Paris")                     // Prints: a Paris
    /// shared.subscribe(next: { print("b \($0)") })      // Prints: b Paris
    /// ```
    /// ```
    /// upstream:  --1--2-----3--|
    /// a:         ^-1--2-----3--|
    /// b:                ^2--3--|     (share(replay: 1): joins after 2, which it replays)
    /// ```
    ///
    /// - Complexity: joining copies the buffer (O(`count`)); forwarding a value allocates
    ///   nothing per subscriber.
    /// - Precondition: `count >= 0`; `share(replay: 0)` is `share()`.
    /// - SeeAlso: RxSwift `share(replay:scope: .whileConnected)`; ReactiveSwift
    ///   `replayLazily(upTo:)` (which never disconnects); Combine `multicast` +
    ///   `autoconnect()` (no replay). CombineExt's `share(replay:)` is not this one (≈): it
    ///   keeps one `ReplaySubject` for good, so a subscriber after the completion receives the
    ///   last values and the completion — that is ``replayLazily(upTo:)`` here.
    @inlinable
    public func share(replay count: Int) -> Signal {
        _precondition(count >= 0, "Signals: share(replay:) needs a count of 0 or more, got \(count); share() replays nothing")
        let share = _RefCountedShare(upstream: self, capacity: count)
        // Prompt while connected (joining sends at most the replay); otherwise subscribing
        // connects the upstream on the subscribing thread: the upstream's (Promptness.swift).
        return Signal(_representation: .subscribe { sink in share.subscribe(sink) },
                      _promptness: .decidedWhenSubscribed(_PromptnessCheck { share.promptness }))
    }

    /// Starts this signal on the first subscription, and replays its last `capacity` values
    /// — and its terminal event, once there is one — to every subscriber, forever.
    ///
    /// ![source.signal.replayLazily(upTo: 2)](marble-replayLazily.svg)
    ///
    /// Unlike ``share(replay:)`` nothing is reference-counted: when every subscriber has
    /// left, the upstream subscription and the buffer are kept, so a later subscriber
    /// receives the buffer and then the live events of the same upstream subscription. This
    /// signal is never subscribed to more than once.
    ///
    /// Completes / Fails: with this signal; a subscriber arriving after the terminal event
    /// receives the buffered values, then that event. Disposes: the upstream subscription
    /// once the returned signal (every copy of it) and every subscription to it are gone.
    ///
    /// Composed of: one `ReplaySubject` of capacity `capacity`, connected to this signal by
    /// the first subscriber.
    ///
    /// ```swift
    /// let config = Signal.from(["a", "b", "c"]).replayLazily(upTo: 2)
    /// config.subscribe(next: { print($0) })   // Prints: a, b, c
    /// config.subscribe(next: { print($0) })   // Prints: b, c (from the buffer)
    /// ```
    ///
    /// - Complexity: a subscription copies the buffer (O(`capacity`)); forwarding a value
    ///   allocates nothing per subscriber.
    /// - Precondition: `capacity >= 0`.
    /// - SeeAlso: ReactiveSwift `replayLazily(upTo:)`; ReactiveCocoa `-replayLazily`; RxSwift
    ///   has no exact match (`share(replay:scope: .forever)` keeps the buffer but disconnects
    ///   the upstream when the last subscriber leaves); Combine has none — CombineExt's
    ///   `share(replay:)` is this operator (`ReplayLazilyTests` runs its finished case).
    @inlinable
    public func replayLazily(upTo capacity: Int) -> Signal {
        _precondition(capacity >= 0, "Signals: replayLazily(upTo:) needs a capacity of 0 or more, got \(capacity); share() keeps no values")
        let replay = _LazyReplay(upstream: self, capacity: capacity)
        return Signal(_representation: .subscribe { sink in replay.subscribe(sink) },
                      _promptness: .decidedWhenSubscribed(_PromptnessCheck { replay.promptness }))
    }
}

/// The state of one `share(replay:)` signal: the current connection and its subscriber count.
///
/// Lifetimes: the upstream's sink keeps itself alive until the connection ends, and with it
/// this object and the connection (and so the engine and the subscribers' sinks); the
/// subscribers' disposables hold both weakly, so no cycle outlives the connection.
@usableFromInline
final class _RefCountedShare<Value, Failure: Error>: Sendable {
    /// One upstream subscription and the engine it feeds.
    @usableFromInline
    final class _Connection: Sendable {
        @usableFromInline let engine: _ReplayEngine<Value, Failure>
        /// The upstream subscription and its place in line.
        @usableFromInline let turn: _ConnectionTurn

        @inlinable
        init(capacity: Int, line: _ConnectionLine) {
            engine = _ReplayEngine(capacity: capacity, replaysValuesAfterTerminal: true)
            turn = _ConnectionTurn(line: line)
        }
    }

    @usableFromInline
    struct _State {
        @usableFromInline var connection: _Connection?
        @usableFromInline var subscribers = 0
        @inlinable init() {}
    }

    @usableFromInline let upstream: Signal<Value, Failure>
    @usableFromInline let capacity: Int
    @usableFromInline let state = _Locked(_State())
    /// At most one upstream subscription live at a time, across connections.
    @usableFromInline let line = _ConnectionLine()

    @inlinable
    init(upstream: Signal<Value, Failure>, capacity: Int) {
        self.upstream = upstream
        self.capacity = capacity
    }

    /// Joins the current connection, or makes one and connects it. The subscriber is added to
    /// the engine before the upstream is subscribed, so it receives a synchronous upstream's
    /// events too.
    @inlinable
    func subscribe(_ sink: Observer<Value, Failure>) {
        let (connection, isNew) = state.withLock { state -> (_Connection, Bool) in
            state.subscribers += 1
            if let connection = state.connection { return (connection, false) }
            let connection = _Connection(capacity: capacity, line: line)
            state.connection = connection
            return (connection, true)
        }
        connection.engine.subscribe(sink, whenEnded: { [weak self, weak connection] in
            if let self, let connection { self.leave(connection) }
        })
        if isNew { connect(connection) }
    }

    @inlinable
    func connect(_ connection: _Connection) {
        let engine = connection.engine
        let turn = connection.turn
        let sink = Observer<Value, Failure> { [self] event in
            // The connection ends before its terminal event is delivered, so a subscriber
            // arriving meanwhile starts a fresh one (as RxSwift) — which waits in line until
            // this one's upstream subscription is disposed, just after.
            guard event.isTerminating else { return engine.send(event) }
            detach(connection)
            engine.send(event)
            turn.end()
        }
        // Installed first, so that a disconnection during a synchronous upstream stops it.
        turn.upstream.inner = _SinkDisposable(sink)
        let upstream = self.upstream
        // `_subscribeSink`: the subscription lives until the connection ends, even if the
        // upstream keeps nothing (a source that only holds a resource until disposed).
        turn.start {
            if !sink.isStopped { _ = upstream._subscribeSink(sink) }
        }
    }

    /// How a subscribe call made now behaves: joining a live connection sends at most the
    /// replay; connecting subscribes the upstream on the subscribing thread.
    @usableFromInline
    var promptness: _Promptness {
        let isConnected = state.withLock { $0.connection != nil }
        if isConnected { return capacity == 0 ? .quiet : .holding }
        return upstream._composablePromptness.now
    }

    /// A subscriber of `connection` has left: the last one disconnects it.
    @usableFromInline
    func leave(_ connection: _Connection) {
        let disconnect = state.withLock { state -> Bool in
            guard state.connection === connection else { return false }
            state.subscribers -= 1
            if state.subscribers > 0 { return false }
            state.connection = nil
            return true
        }
        if disconnect { connection.turn.end() }
    }

    /// The upstream of `connection` has terminated: the next subscriber connects anew.
    @usableFromInline
    func detach(_ connection: _Connection) {
        state.withLock { state in
            guard state.connection === connection else { return }
            state.connection = nil
            state.subscribers = 0
        }
    }
}

/// The state of one `replayLazily(upTo:)` signal.
///
/// Lifetimes: `lifetime` disposes the upstream subscription when it is deinitialised; the
/// signal and every live subscription hold it, and it holds nothing that leads back to the
/// engine, so no cycle forms.
@usableFromInline
final class _LazyReplay<Value, Failure: Error>: Sendable {
    @usableFromInline let upstream: Signal<Value, Failure>
    @usableFromInline let engine: _ReplayEngine<Value, Failure>
    @usableFromInline let isConnected = Atomic<Bool>(false)
    @usableFromInline let connection = SerialDisposable()
    @usableFromInline let lifetime = DisposeBag()

    @inlinable
    init(upstream: Signal<Value, Failure>, capacity: Int) {
        self.upstream = upstream
        engine = _ReplayEngine(capacity: capacity, replaysValuesAfterTerminal: true)
        connection.disposed(by: lifetime)
    }

    /// Connected once (it never disconnects): joining sends at most the replay; the first
    /// subscribe call connects the upstream on its thread.
    @usableFromInline
    var promptness: _Promptness {
        isConnected.load(ordering: .acquiring) ? .holding : upstream._composablePromptness.now
    }

    @inlinable
    func subscribe(_ sink: Observer<Value, Failure>) {
        let lifetime = self.lifetime
        engine.subscribe(sink, whenEnded: { withExtendedLifetime(lifetime) {} })
        guard !isConnected.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let engine = self.engine
        let upstreamSink = Observer<Value, Failure> { event in engine.send(event) }
        connection.inner = _SinkDisposable(upstreamSink)
        if !upstreamSink.isStopped { _ = upstream._subscribeSink(upstreamSink) }  // lives until `lifetime` ends it
    }
}
