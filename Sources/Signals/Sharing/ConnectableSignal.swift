// ConnectableSignal = a source and a subject. Subscribing joins the subject; connect()
//     subscribes the source once, feeding the subject, until the connection is disposed or
//     the source terminates.
// autoconnect()      = join the subject; the first subscriber (of this autoconnect() signal)
//     connects; nothing ever disconnects.
// refCount()         = join the subject; the first subscriber connects, the last one leaving
//     disposes the connection. A subscriber that the subject ends at once (it has terminated)
//     does not connect.

import Synchronization

/// A signal whose one subscription to its source you start yourself: subscribers join a
/// subject, and ``connect()`` subscribes the source to that subject.
///
/// ![let p = source.signal.publish(); p.connect()](marble-publish.svg)
///
/// Make one with ``Signal/publish()`` (a fresh `Subject`) or `multicast(_:)`
/// (a `Subject`, `ReplaySubject` or `BehaviorSubject` you give). Subscribe as many observers
/// as you need to ``signal`` — nothing reaches them yet — then call ``connect()``: the source
/// is subscribed once, and each of its events is sent to every subscriber present.
///
/// Completes / Fails: when the source terminates, the subject sends the terminal event to
/// every subscriber and the connection ends; what a later subscriber receives is what the
/// subject gives it then (its terminal event, after a replay for a `ReplaySubject`). A later
/// ``connect()`` subscribes the source again, into the same subject (as RxSwift's
/// `multicast(_:)`: a terminated subject ignores what it sends). Disposes: the connection,
/// when you dispose what ``connect()`` returned.
///
/// Composed of: the source and a subject; ``autoconnect()`` and ``refCount()`` decide when
/// to connect for you.
///
/// ```swift
/// let ticks = Subject<Int, Never>()
/// let published = ticks.signal.map { print("work \($0)"); return $0 }.publish()
/// published.signal.subscribe(next: { print("a \($0)") })
/// published.signal.subscribe(next: { print("b \($0)") })
/// let connection = published.connect()
/// ticks.send(value: 1)
/// // Prints: work 1, a 1, b 1
/// connection.dispose()
/// ```
///
/// - SeeAlso: RxSwift `ConnectableObservable`; ReactiveCocoa `RACMulticastConnection`;
///   Combine `ConnectablePublisher` (`Publishers.Multicast`); ReactiveSwift has none.
public final class ConnectableSignal<Value, Failure: Error>: Sendable {
    @usableFromInline let _source: Signal<Value, Failure>
    @usableFromInline let _output: Signal<Value, Failure>
    @usableFromInline let _send: @Sendable (Event<Value, Failure>) -> Void
    /// The live connection, if any.
    let _connection = _Locked<_Connection?>(nil)
    /// At most one source subscription live at a time, across connections.
    let _line = _ConnectionLine()

    /// A connectable signal over `source` whose subscribers subscribe to `output`, fed by
    /// `send` while connected.
    @usableFromInline
    init(
        source: Signal<Value, Failure>,
        output: Signal<Value, Failure>,
        send: @escaping @Sendable (Event<Value, Failure>) -> Void
    ) {
        _source = source
        _output = output
        _send = send
    }

    /// The subject's signal: subscribing joins the subscribers, without connecting.
    ///
    /// ```swift
    /// published.signal.subscribe(next: { print($0) })
    /// ```
    public var signal: Signal<Value, Failure> {
        _output
    }

    /// Joins the subscribers with `observer` (``signal``'s `subscribe(_:)`), without
    /// connecting.
    ///
    /// ```swift
    /// let subscription = published.subscribe(Observer { print($0) })
    /// ```
    @discardableResult
    public func subscribe(_ observer: Observer<Value, Failure>) -> any Disposable {
        _output.subscribe(observer)
    }

    /// Joins the subscribers with one closure per kind of event (``signal``'s
    /// `subscribe(next:error:completed:)`), without connecting.
    ///
    /// ```swift
    /// published.subscribe(next: { print($0) })
    /// ```
    @discardableResult
    public func subscribe(
        next: (@Sendable (Value) -> Void)? = nil,
        error: (@Sendable (Failure) -> Void)? = nil,
        completed: (@Sendable () -> Void)? = nil
    ) -> any Disposable {
        _output.subscribe(next: next, error: error, completed: completed)
    }

    /// Subscribes the source, feeding the subject, and returns the connection; while a
    /// connection is live, `connect()` returns that same connection.
    ///
    /// ![let p = source.signal.publish(); p.connect()](marble-publish.svg)
    ///
    /// The connection ends when you dispose it (which disposes the source subscription), or
    /// when the source terminates; a later `connect()` then subscribes the source anew. A
    /// synchronous source sends everything before `connect()` returns.
    ///
    /// At most one subscription to the source is live at any moment, whatever the threads
    /// doing the connecting and disposing: a new connection subscribes the source only once
    /// the previous connection's disposal has finished. If that disposal is still running
    /// on another thread, `connect()` returns at once and the source is subscribed by that
    /// thread when it finishes (Contracts.md, "Connectable signals").
    ///
    /// ```swift
    /// let connection = published.connect()
    /// connection.dispose()   // the source subscription ends; subscribers stay, silent
    /// ```
    @discardableResult
    public func connect() -> any Disposable {
        let (connection, isNew) = _connection.withLock { current -> (_Connection, Bool) in
            if let current { return (current, false) }
            // Complete before anyone can see it: another thread may get it from here at once.
            let connection = _Connection(line: _line, whenDisposed: { [weak self] in self?._detach($0) })
            current = connection
            return (connection, true)
        }
        guard isNew else { return connection }
        let send = _send
        let turn = connection.turn
        let sink = Observer<Value, Failure> { [weak self, weak connection] event in
            // The connection ends before its terminal event is delivered, so that a
            // `connect()` from a subscriber's callback starts a fresh one (as RxSwift) —
            // which waits in line until this one's source subscription is disposed, just after.
            guard event.isTerminating else { return send(event) }
            if let connection {
                connection.hasTerminated.store(true, ordering: .releasing)
                self?._detach(connection)
            }
            send(event)
            turn.end()
        }
        // Installed first, so that disposing the connection during a synchronous source stops it.
        turn.upstream.inner = _SinkDisposable(sink)
        let source = _source
        turn.start {
            if !sink.isStopped { _ = source._subscribeSink(sink) }
        }
        return connection
    }

    /// Connects when the first subscriber of the returned signal arrives, and never
    /// disconnects.
    ///
    /// ![source.signal.publish().autoconnect()](marble-autoconnect.svg)
    ///
    /// Each subscriber joins the subject first, so the first one receives even a synchronous
    /// source's events. A subscriber that the subject ends at once (it has already
    /// terminated) does not connect.
    ///
    /// Completes / Fails: as the subject does. Disposes: each subscription leaves the
    /// subject; the connection is never disposed by the returned signal (dispose it through
    /// the source ending, or keep the connectable signal and use ``refCount()`` instead).
    ///
    /// Composed of: ``signal`` + one ``connect()``, on the first subscription.
    ///
    /// ```swift
    /// let ticks = Subject<Int, Never>()
    /// let shared = ticks.signal.publish().autoconnect()
    /// shared.subscribe(next: { print("a \($0)") })   // connects
    /// ticks.send(value: 1)                           // Prints: a 1
    /// ```
    /// From `AutoconnectTests` (the first subscriber connects; leaving does not disconnect):
    /// ```
    /// source: --1-2-3-4-|
    /// a:       ^1-2!
    /// b:         ^2-3-4-|
    /// ```
    ///
    /// - SeeAlso: RxJava `autoConnect()`; RxSwift has none; Combine `autoconnect()` and
    ///   ReactiveCocoa `-autoconnect` disconnect when the last subscriber leaves: that is
    ///   ``refCount()`` here.
    public func autoconnect() -> Signal<Value, Failure> {
        let hasConnected = _Locked(false)
        return Signal { [self] observer in
            let subscription = _output.subscribe(observer)
            if subscription.isDisposed { return nil }
            let connects = hasConnected.withLock { done -> Bool in
                defer { done = true }
                return !done
            }
            if connects { connect() }
            return subscription
        }
    }

    /// Connects when the first subscriber of the returned signal arrives, and disposes the
    /// connection when the last one leaves; the next subscriber connects again.
    ///
    /// ![source.signal.publish().refCount()](marble-refCount.svg)
    ///
    /// Each subscriber joins the subject first, so the first one receives even a synchronous
    /// source's events. A subscriber that the subject ends at once (it has already
    /// terminated) does not connect (as RxSwift).
    ///
    /// Completes / Fails: as the subject does: after the source terminates, the subject has
    /// ended, and a later subscriber receives what it gives then (for `publish()`, the
    /// terminal event) without connecting. Disposes: the connection, when the last
    /// subscriber leaves. The next connection subscribes the source only once that disposal
    /// has finished, so at most one source subscription is ever live (``connect()``).
    ///
    /// Composed of: ``signal`` + ``connect()`` on the first subscription, counted by the
    /// subscribers. `share()` is this with a fresh `Subject` for each connection.
    ///
    /// ```swift
    /// let ticks = Subject<Int, Never>()
    /// let shared = ticks.signal.publish().refCount()
    /// let a = shared.subscribe(next: { print("a \($0)") })   // connects
    /// ticks.send(value: 1)                                   // Prints: a 1
    /// a.dispose()                                            // disconnects
    /// ```
    /// From `RefCountTests` (RxSwift's `testRefCount_Publish`):
    /// ```
    /// source: --1-2-3-4-5-6-7-8-9-|
    /// a:         ^2-3!
    /// b:           ^3-4-5-6-7!
    /// c:                 ^6!
    /// d:                       ^9-|
    /// ```
    ///
    /// - SeeAlso: RxSwift `refCount()`; ReactiveCocoa `-autoconnect`; Combine
    ///   `autoconnect()`; ReactiveSwift has none.
    public func refCount() -> Signal<Value, Failure> {
        let count = _ConnectionCount(self)
        return Signal { [_output] observer in
            let subscription = _output.subscribe(observer)
            if subscription.isDisposed { return nil }
            count.join()
            return AnyDisposable {
                subscription.dispose()
                count.leave()
            }
        }
    }

    /// The connection `connection` has ended (disposed, or its source terminated).
    func _detach(_ connection: _Connection) {
        _connection.withLock { current in
            if current === connection { current = nil }
        }
    }
}

/// One connection: the source subscription and its place in line (`turn`), and what to tell
/// the connectable signal when it is disposed.
@usableFromInline
final class _Connection: Disposable, Sendable {
    let turn: _ConnectionTurn
    let whenDisposed: @Sendable (_Connection) -> Void
    /// The source has terminated.
    let hasTerminated = Atomic<Bool>(false)

    init(line: _ConnectionLine, whenDisposed: @escaping @Sendable (_Connection) -> Void) {
        turn = _ConnectionTurn(line: line)
        self.whenDisposed = whenDisposed
    }

    @usableFromInline
    func dispose() {
        guard !turn.hasEnded else { return }
        whenDisposed(self)
        turn.end()
    }

    /// `true` once disposed, or once the source has terminated.
    @usableFromInline
    var isDisposed: Bool { turn.hasEnded || hasTerminated.load(ordering: .acquiring) }
}

/// The subscribers of one `refCount()` signal, and the connection they share.
///
/// The first subscriber connects outside the lock (the source runs user code). Subscribers
/// that arrive or leave meanwhile only change the count: if it falls to 0 while connecting,
/// the connection is disposed as soon as it is made, unless a new subscriber arrived first.
final class _ConnectionCount<Value, Failure: Error>: Sendable {
    struct State {
        var subscribers = 0
        var isConnecting = false
        var disconnectsWhenConnected = false
        var connection: (any Disposable)?
    }

    let connectable: ConnectableSignal<Value, Failure>
    let state = _Locked(State())

    init(_ connectable: ConnectableSignal<Value, Failure>) {
        self.connectable = connectable
    }

    /// Counts a subscriber in; the first one connects.
    func join() {
        let connects = state.withLock { state -> Bool in
            state.subscribers += 1
            if state.isConnecting {
                state.disconnectsWhenConnected = false
                return false
            }
            guard state.subscribers == 1 else { return false }
            state.isConnecting = true
            return true
        }
        guard connects else { return }
        let connection = connectable.connect()
        let stale = state.withLock { state -> (any Disposable)? in
            state.isConnecting = false
            if state.disconnectsWhenConnected {
                state.disconnectsWhenConnected = false
                return connection
            }
            state.connection = connection
            return nil
        }
        stale?.dispose()
    }

    /// Counts a subscriber out; the last one disconnects.
    func leave() {
        let connection = state.withLock { state -> (any Disposable)? in
            state.subscribers -= 1
            guard state.subscribers == 0 else { return nil }
            if state.isConnecting {
                state.disconnectsWhenConnected = true
                return nil
            }
            defer { state.connection = nil }
            return state.connection
        }
        connection?.dispose()
    }
}
