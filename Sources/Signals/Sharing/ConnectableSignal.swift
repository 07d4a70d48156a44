// ConnectableSignal = a source and a subject, over the sharing engine (SharedSource.swift).
//     Subscribing joins the subject; connect() starts the engine's connection uncounted: it
//     subscribes the source once, feeding the subject, until the connection is disposed or
//     the source terminates.
// autoconnect()      = join the subject; the first subscriber (of this autoconnect() signal)
//     connects; nothing ever disconnects.
// refCount()         = the engine's counted subscription: count in and join the subject; the
//     first subscriber connects, the last one leaving disposes the connection. A subscriber
//     that the subject ends at once (it has terminated) leaves at once, so the source is not
//     subscribed for it.

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
    @usableFromInline let _output: Signal<Value, Failure>
    /// The source, its connection and the subscribers of ``refCount()`` that hold it.
    @usableFromInline let _shared: _SharedSource<_SubjectFeed<Value, Failure>>

    /// A connectable signal over `source` whose subscribers subscribe to `output`, fed by
    /// `send` while connected.
    @usableFromInline
    init(
        source: Signal<Value, Failure>,
        output: Signal<Value, Failure>,
        send: @escaping @Sendable (Event<Value, Failure>) -> Void
    ) {
        _output = output
        let feed = _SubjectFeed(output: output, send: send)
        _shared = _SharedSource(source: source, makeFeed: { feed })
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
        let (connection, isNew) = _shared.join(counting: false)
        if isNew { _shared.start(connection) }
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
    /// subscribers — the one counted subscription of the sharing engine, which `share()` and
    /// `share(replay:)` also run, with a fresh subject for each connection.
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
        _shared.signal
    }
}
