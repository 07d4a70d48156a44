// The one reference-counting engine of sharing: a source, the connection to it (at most one
// live, in line: ConnectionLine.swift), and the number of holders that keep that connection.
//
//   ConnectableSignal.connect()  = the current connection, or a new one started — not counted
//   refCount()                   = subscribe: count in and join the connection's feed (the
//                                  first holder starts it); leave: count out (the last one
//                                  ends it)
//   share(replay: n)             = refCount()'s subscribe over a fresh ReplayEngine of capacity n
//                                  per connection (share() is n = 0: publish().refCount() with a
//                                  fresh subject for each connection)
//   replayLazily(upTo: n)        = the same, with one more holder, the signal itself, and a
//                                  connection that outlives its source's terminal event
//   groupBy / window (_split)    = refCount()'s subscribe for the one reader (the outer signal)
//                                  + holders that only count (the inner signals)
//
// A connection ends when its last holder leaves, when it is disposed (connect()'s result), or
// when its source terminates (except replayLazily's): it is then forgotten, and the next
// holder makes a fresh one, which subscribes the source only once the previous subscription's
// teardown has finished (the line).

import Synchronization

/// Where one connection's source events go, and how a subscriber joins them: a connectable
/// signal's subject, a fresh replay engine per connection (`share`), or a splitter's one
/// reader (`groupBy`, `window`).
@usableFromInline
protocol _ConnectionFeed<Value, Failure>: AnyObject, Sendable {
    associatedtype Value
    associatedtype Failure: Error
    /// Delivers one of the source's events.
    func send(_ event: Event<Value, Failure>)
    /// Adds `sink`; `whenEnded` runs once, when its subscription ends (disposed or
    /// terminated — at once, if the feed ends it at once).
    func add(_ sink: Observer<Value, Failure>, whenEnded: @escaping @Sendable () -> Void)
}

/// One connection: its feed, and its source subscription's place in line.
///
/// As a disposable it is what ``ConnectableSignal/connect()`` returns: disposing it ends the
/// source subscription; the engine then treats it as gone (the next holder makes a new one).
@usableFromInline
final class _Connection<Feed: _ConnectionFeed>: Disposable, Sendable {
    @usableFromInline let feed: Feed
    /// The source subscription and its place in line.
    @usableFromInline let turn: _ConnectionTurn
    /// The source has terminated.
    @usableFromInline let hasTerminated = Atomic<Bool>(false)
    /// Its number among its engine's connections, from 1.
    @usableFromInline let number: Int

    @inlinable
    init(feed: Feed, line: _ConnectionLine, number: Int) {
        self.feed = feed
        turn = _ConnectionTurn(line: line)
        self.number = number
    }

    /// Ends the source subscription (once).
    @usableFromInline
    func dispose() {
        turn.end()
    }

    /// `true` once disposed, or once the source has terminated.
    @usableFromInline
    var isDisposed: Bool { turn.hasEnded || hasTerminated.load(ordering: .acquiring) }
}

/// A source shared by reference count: the current connection and how many hold it.
///
/// The first holder makes the connection (under the lock: an allocation, no user code) and
/// starts it outside the lock; later holders join it; the last one to leave ends it. A
/// holder that leaves before the connection it made has started ends it all the same: its
/// start then subscribes nothing.
///
/// Lifetimes: a live connection's source sink holds the engine and the connection until
/// the connection ends; a subscriber's end holds both weakly, so no cycle outlives it.
///
/// `@usableFromInline` with `@inlinable` members, as the operators built on it: specialised
/// where they are used, so an event's way to a subscriber looks up no generic metadata.
@usableFromInline
final class _SharedSource<Feed: _ConnectionFeed>: Sendable {
    @usableFromInline typealias Value = Feed.Value
    @usableFromInline typealias Failure = Feed.Failure

    @usableFromInline
    struct _State {
        @usableFromInline var connection: _Connection<Feed>?
        @usableFromInline var holders = 0
        /// The number of connections made so far.
        @usableFromInline var made = 0
        @inlinable init() {}
    }

    @usableFromInline let source: Signal<Value, Failure>
    /// The feed of a new connection (a fresh one, or always the same).
    @usableFromInline let makeFeed: @Sendable () -> Feed
    /// Whether a terminal event of the source ends the connection (all but `replayLazily`).
    @usableFromInline let endsWithSource: Bool
    @usableFromInline let state = _SharedState<Feed>()
    /// At most one source subscription live at a time, across connections.
    @usableFromInline let line = _ConnectionLine()

    @inlinable
    init(
        source: Signal<Value, Failure>,
        endsWithSource: Bool = true,
        makeFeed: @escaping @Sendable () -> Feed
    ) {
        self.source = source
        self.endsWithSource = endsWithSource
        self.makeFeed = makeFeed
    }

    /// Counts in a holder (`counting`) of the live connection, or of a new one, which the
    /// caller starts (`isNew`). A disposed connection is not live.
    @inlinable
    func join(counting: Bool, extraHolders: Int = 0) -> (connection: _Connection<Feed>, isNew: Bool) {
        state.withLock { state in
            if let connection = state.connection, !connection.turn.hasEnded {
                if counting { state.holders += 1 }
                return (connection, false)
            }
            state.made += 1
            let connection = _Connection(feed: makeFeed(), line: line, number: state.made)
            state.connection = connection
            state.holders = (counting ? 1 : 0) + extraHolders
            return (connection, true)
        }
    }

    /// `refCount()`'s subscription: counts `sink` in, adds it to the connection's feed (so it
    /// receives even a synchronous source's events), and starts a new connection; when the
    /// subscription ends, counts it out. `holdsForSignal`: the first connection gets one
    /// more holder, which the caller gives back (``leaveCurrent()``).
    ///
    /// `holdsWeakly`: the subscriber's end holds the engine and the connection weakly, for a
    /// feed that keeps its subscribers' ends until the connection goes (a replay engine);
    /// otherwise strongly, for a feed whose subscriber's end is released when it ends (a
    /// subject's subscription, a splitter's reader): no weak reference, so no side table
    /// and no slow reference counting (`W19 window`).
    @inlinable
    func subscribe(_ sink: Observer<Value, Failure>, holdsForSignal: Bool = false, holdsWeakly: Bool = true) {
        let (connection, isNew) = join(counting: true, extraHolders: holdsForSignal ? 1 : 0)
        if holdsWeakly {
            connection.feed.add(sink, whenEnded: { [weak self, weak connection] in
                if let self, let connection { self.leave(connection) }
            })
        } else {
            connection.feed.add(sink, whenEnded: { [self] in leave(connection) })
        }
        if isNew { start(connection) }
    }

    /// `signal`, whose every subscription holds the live connection until it ends (and holds
    /// nothing if there is none: the source is never subscribed for it).
    @inlinable
    func holding<HeldValue, HeldFailure: Error>(
        _ signal: Signal<HeldValue, HeldFailure>
    ) -> Signal<HeldValue, HeldFailure> {
        .using({ [state] in state.hold() }, release: { [state] number in state.release(number) }) { _ in signal }
    }

    /// A holder of `connection` leaves: the last one forgets and ends it.
    @inlinable
    func leave(_ connection: _Connection<Feed>) {
        let isLast = state.withLock { state -> Bool in
            guard state.connection === connection else { return false }
            state.holders -= 1
            guard state.holders == 0 else { return false }
            state.connection = nil
            return true
        }
        if isLast { connection.turn.end() }
    }

    /// The holder that ``subscribe(_:holdsForSignal:)`` added for the signal leaves.
    @inlinable
    func leaveCurrent() {
        if let connection = state.withLock({ $0.connection }) { leave(connection) }
    }

    /// Subscribes the source to `connection`'s feed when its turn in line comes.
    @inlinable
    func start(_ connection: _Connection<Feed>) {
        let feed = connection.feed
        let turn = connection.turn
        let endsWithSource = self.endsWithSource
        let sink = Observer<Value, Failure> { [self] event in
            // The connection ends before its terminal event is delivered, so that a
            // subscriber arriving meanwhile (or a `connect()` from a callback) starts a fresh
            // one (as RxSwift) — which waits in line until this one's source subscription is
            // disposed, just after.
            guard event.isTerminating, endsWithSource else { return feed.send(event) }
            connection.hasTerminated.store(true, ordering: .releasing)
            detach(connection)
            feed.send(event)
            turn.end()
        }
        // Installed first, so that ending the connection during a synchronous source stops it.
        turn.upstream.inner = _SinkDisposable(sink)
        let source = self.source
        // `_subscribeSink`: the subscription lives until the connection ends, even if the
        // source keeps nothing (a source that only holds a resource until disposed).
        turn.start {
            if !sink.isStopped { _ = source._subscribeSink(sink) }
        }
    }

    /// `connection`'s source has terminated: it is forgotten, with its holders.
    @inlinable
    func detach(_ connection: _Connection<Feed>) {
        state.withLock { state in
            guard state.connection === connection else { return }
            state.connection = nil
            state.holders = 0
        }
    }

    /// Whether a connection is live (made and not ended).
    @inlinable
    var isConnected: Bool {
        state.withLock { state in
            guard let connection = state.connection else { return false }
            return !connection.turn.hasEnded
        }
    }

    /// How a subscribe call made now behaves: joining a live connection behaves as
    /// `whenConnected` (the feed's replay at most); connecting subscribes the source on the
    /// subscribing thread (Promptness.swift).
    @inlinable
    func promptness(whenConnected: _Promptness) -> _Promptness {
        isConnected ? whenConnected : source._composablePromptness.now
    }
}

/// The state of a `_SharedSource`, in an object of its own that nothing references weakly:
/// the splitters' holders capture it alone (``hold()``).
@usableFromInline
final class _SharedState<Feed: _ConnectionFeed>: Sendable {
    @usableFromInline let locked = _Locked(_SharedSource<Feed>._State())

    @inlinable init() {}

    @inlinable
    func withLock<Result>(_ body: (inout _SharedSource<Feed>._State) -> Result) -> Result {
        locked.withLock(body)
    }

    /// Counts in a holder of the live connection, if there is one: the splitters' inner
    /// signals, which must never connect. Returns the connection's number, or 0 (none).
    ///
    /// A number, and this object alone: the subscribers' ends hold the engine and the
    /// connection weakly, which gives them side tables, so a strong reference to either per
    /// holder would take the slow path of reference counting; and a closure that captures
    /// one object (no struct around it, no `Self`) needs no context of its own. Measured on
    /// `W19 window` (count.sh, instructions a value): 1,320 before the engine; 1,417 with
    /// the connection held; 1,421 with the `_Locked` captured; 1,420 with `Self.hold` called.
    @inlinable
    func hold() -> Int {
        withLock { state in
            guard let connection = state.connection, !connection.turn.hasEnded else { return 0 }
            state.holders += 1
            return connection.number
        }
    }

    /// A holder taken by ``hold()`` leaves (nothing, for 0): the last one ends the
    /// connection.
    @inlinable
    func release(_ number: Int) {
        guard number != 0 else { return }
        let last = withLock { state -> _Connection<Feed>? in
            guard let connection = state.connection, connection.number == number else { return nil }
            state.holders -= 1
            guard state.holders == 0 else { return nil }
            state.connection = nil
            return connection
        }
        last?.turn.end()
    }
}

// MARK: - Feeds

/// A connectable signal's subject: the same one for every connection.
@usableFromInline
final class _SubjectFeed<Value, Failure: Error>: _ConnectionFeed {
    @usableFromInline let output: Signal<Value, Failure>
    @usableFromInline let sendEvent: @Sendable (Event<Value, Failure>) -> Void

    @inlinable
    init(output: Signal<Value, Failure>, send: @escaping @Sendable (Event<Value, Failure>) -> Void) {
        self.output = output
        sendEvent = send
    }

    @inlinable
    func send(_ event: Event<Value, Failure>) {
        sendEvent(event)
    }

    @inlinable
    func add(_ sink: Observer<Value, Failure>, whenEnded: @escaping @Sendable () -> Void) {
        let subscription = output.subscribe(sink)
        sink._setUpstream(AnyDisposable {
            subscription.dispose()
            whenEnded()
        })
    }
}

/// `share(replay:)` and `replayLazily(upTo:)`: a replay engine per connection.
extension _ReplayEngine: _ConnectionFeed {
    @inlinable
    func add(_ sink: Observer<Value, Failure>, whenEnded: @escaping @Sendable () -> Void) {
        subscribe(sink, whenEnded: whenEnded)
    }
}

/// A splitter's routing subscription (`groupBy`, `window`): read by one subscriber, the outer
/// signal, which receives the source's events while it is there.
///
/// When the reader leaves, it is dropped (so that its closures are released while the inner
/// signals keep the source running) and the source's events go nowhere.
@usableFromInline
final class _ReaderFeed<Value, Failure: Error>: _ConnectionFeed {
    @usableFromInline
    struct _State {
        @usableFromInline var reader: Observer<Value, Failure>?
        @usableFromInline var hasBeenRead = false
        @inlinable init() {}
    }

    @usableFromInline let state = _Locked(_State())

    @inlinable init() {}

    @inlinable
    func send(_ event: Event<Value, Failure>) {
        // The source sends serially, so only this read needs the lock; the send runs outside it.
        state.withLock { $0.reader }?.send(event)
    }

    @inlinable
    func add(_ sink: Observer<Value, Failure>, whenEnded: @escaping @Sendable () -> Void) {
        let isFirst = state.withLock { state -> Bool in
            guard !state.hasBeenRead else { return false }
            state.hasBeenRead = true
            state.reader = sink
            return true
        }
        _precondition(isFirst, "Signals: a shared subscription's reader subscribed twice; each splitter's routing subscription is read by one subscription")
        sink._setUpstream(AnyDisposable { [self] in
            let reader = state.withLock { $0.reader.take() }
            whenEnded()
            withExtendedLifetime(reader) {}
        })
    }
}

extension _SharedSource {
    /// The feed's events, for `refCount()`'s subscribers (a splitter's one reader): each
    /// subscription counts in, the first connects, the last to leave disconnects.
    @inlinable
    var signal: Signal<Value, Failure> {
        Signal(_representation: .subscribe { [self] sink in subscribe(sink, holdsWeakly: false) })
    }
}
