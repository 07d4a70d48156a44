// publish()          = multicast(Subject()).
// multicast(subject) = _multicast(subject), one generic method over the subjects
//                      (`_MulticastSubject`, Subject+Multicast.swift): ConnectableSignal(source:
//                      self, subscribers join subject.signal, connect() feeds subject.send).
// share() and share(replay: n) (Signal+Share.swift) behave as publish().refCount() and
// multicast(ReplaySubject(capacity: n)).refCount() with a fresh subject per connection.

extension Signal {
    /// A connectable signal over this one whose subscribers join a fresh `Subject`: nothing
    /// is subscribed until you call `connect()`, and then this signal is subscribed once for
    /// all of them.
    ///
    /// ![let p = source.signal.publish(); p.connect()](marble-publish.svg)
    ///
    /// Completes / Fails: see ``ConnectableSignal``: after this signal terminates, the
    /// subject has ended, and later subscribers receive only its terminal event. Disposes:
    /// the subscription to this signal, when the connection is disposed.
    ///
    /// Composed of: `multicast(Subject())`.
    ///
    /// ```swift
    /// let published = Signal.from([1, 2]).publish()
    /// published.signal.subscribe(next: { print("a \($0)") })
    /// published.signal.subscribe(next: { print("b \($0)") })
    /// published.connect()
    /// // Prints: a 1, b 1, a 2, b 2
    /// ```
    /// From `ConnectableSignalTests` (connected at tick 2, disconnected at 6, reconnected at 8):
    /// ```
    /// source:     -1-2-3-4-5-6-|
    /// connection: --^---!-^----!
    /// a:          ---2-3---5-6-|
    /// ```
    ///
    /// - SeeAlso: RxSwift `publish()`; ReactiveCocoa `-publish`; Combine
    ///   `multicast { PassthroughSubject() }` (`makeConnectable()`); ReactiveSwift has none.
    @inlinable
    public func publish() -> ConnectableSignal<Value, Failure> {
        multicast(Subject())
    }

    /// A connectable signal over this one whose subscribers join `subject`: `connect()`
    /// subscribes this signal once and sends its events to `subject`.
    ///
    /// The same subject serves every connection (as RxSwift's `multicast(_:)`): once this
    /// signal has terminated the subject has ended, and a later connection feeds nothing.
    ///
    /// Completes / Fails: as `subject` does. Disposes: the subscription to this signal, when
    /// the connection is disposed.
    ///
    /// Composed of: this signal, `subject.signal` and `subject.send(_:)` — the one generic
    /// `multicast` over the three subjects, which this overload forwards to (the subjects
    /// share no public protocol, so each keeps a public overload).
    ///
    /// ```swift
    /// let subject = Subject<Int, Never>()
    /// let connectable = Signal.from([1, 2]).multicast(subject)
    /// subject.signal.subscribe(next: { print($0) })
    /// connectable.connect()
    /// // Prints: 1, 2
    /// ```
    ///
    /// - SeeAlso: RxSwift `multicast(_:)`; ReactiveCocoa `-multicast:`; Combine
    ///   `multicast(subject:)`; ReactiveSwift has none.
    @inlinable
    public func multicast(_ subject: Subject<Value, Failure>) -> ConnectableSignal<Value, Failure> {
        _multicast(subject)
    }

    /// A connectable signal over this one whose subscribers join `subject`, which replays
    /// its last values to each of them: `connect()` subscribes this signal once and sends
    /// its events to `subject`.
    ///
    /// ![source.signal.multicast(ReplaySubject(capacity: 2))](marble-multicast.svg)
    ///
    /// The same subject serves every connection: a subscriber arriving after a disconnection
    /// still receives the values remembered from earlier connections (RxSwift's
    /// `multicast(ReplaySubject…)`, "forever").
    ///
    /// Completes / Fails: as `subject` does. Disposes: the subscription to this signal, when
    /// the connection is disposed.
    ///
    /// Composed of: this signal, `subject.signal` and `subject.send(_:)` — the one generic
    /// `multicast` over the three subjects, which this overload forwards to (the subjects
    /// share no public protocol, so each keeps a public overload).
    ///
    /// ```swift
    /// let replay = ReplaySubject<Int, Never>(capacity: 1)
    /// let connectable = Signal.from([1, 2]).multicast(replay)
    /// connectable.connect()
    /// connectable.signal.subscribe(next: { print($0) })
    /// // Prints: 2
    /// ```
    ///
    /// - SeeAlso: RxSwift `multicast(_:)` with a `ReplaySubject`, `replay(_:)`; Combine
    ///   `multicast(subject:)`; ReactiveSwift has none.
    @inlinable
    public func multicast(_ subject: ReplaySubject<Value, Failure>) -> ConnectableSignal<Value, Failure> {
        _multicast(subject)
    }

    /// A connectable signal over this one whose subscribers join `subject`, and so first
    /// receive its current value: `connect()` subscribes this signal once and sends its
    /// events to `subject`.
    ///
    /// Completes / Fails: as `subject` does (after a terminal event, a later subscriber
    /// receives only that event). Disposes: the subscription to this signal, when the
    /// connection is disposed.
    ///
    /// Composed of: this signal, `subject.signal` and `subject.send(_:)` — the one generic
    /// `multicast` over the three subjects, which this overload forwards to (the subjects
    /// share no public protocol, so each keeps a public overload).
    ///
    /// ```swift
    /// let state = BehaviorSubject<Int, Never>(value: 0)
    /// let connectable = Signal.from([1, 2]).multicast(state)
    /// connectable.signal.subscribe(next: { print($0) })   // Prints: 0
    /// connectable.connect()                               // Prints: 1, 2
    /// ```
    ///
    /// - SeeAlso: RxSwift `multicast(_:)` with a `BehaviorSubject`; Combine
    ///   `multicast(subject: CurrentValueSubject(…))`; ReactiveSwift has none.
    @inlinable
    public func multicast(_ subject: BehaviorSubject<Value, Failure>) -> ConnectableSignal<Value, Failure> {
        _multicast(subject)
    }

    /// `multicast(_:)` over any subject: subscribers join `subject.signal`, and a connection
    /// feeds `subject.send(_:)`. The three public overloads forward here: a public generic
    /// signature would need a public subject protocol, which the public API does not have.
    @inlinable
    func _multicast<S: _MulticastSubject<Value, Failure>>(_ subject: S) -> ConnectableSignal<Value, Failure> {
        ConnectableSignal(source: self, output: subject.signal, send: { subject.send($0) })
    }
}
