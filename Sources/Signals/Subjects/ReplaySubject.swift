/// A hot signal you send to by hand that remembers its last `capacity` values: a new
/// subscriber first receives those values, then the terminal event if there has been one,
/// then every later event as it is sent.
///
/// ![ReplaySubject<Int, Never>(capacity: 2)](marble-replaySubject.svg)
///
/// Completes / Fails: after ``sendCompleted()`` or ``send(error:)`` the subject ignores
/// further sends; every later subscriber receives the remembered values, then that terminal
/// event. Disposes: disposing a subscription removes it (and never delivers anything on the
/// disposing thread).
///
/// The replay is atomic: a subscriber receives the remembered values and then every later
/// event exactly once, in order, with no gap and no duplicate — even while other threads
/// send. Sends from several threads are serialised, and a send or a subscription made from
/// inside one of this subject's callbacks is queued behind the event being delivered (so a
/// re-entrant subscriber receives its replay as soon as the current delivery returns). No
/// lock is held while observers run.
///
/// Composed of: one internal `Subject` of commands (events, and "add this subscriber")
/// whose single observer keeps the buffer and the subscribers, and processes the commands
/// one at a time.
///
/// ```swift
/// let subject = ReplaySubject<Int, Never>(capacity: 2)
/// subject.send(value: 1); subject.send(value: 2); subject.send(value: 3)
/// subject.signal.subscribe(next: { print($0) })   // Prints: 2, 3
/// subject.send(value: 4)                          // Prints: 4
/// ```
///
/// - Complexity: a subscription copies the buffer (O(`capacity`)); sending a value
///   allocates nothing once the buffer is full.
/// - SeeAlso: RxSwift `ReplaySubject.create(bufferSize:)`; ReactiveSwift
///   `SignalProducer.buffer(upTo:)`; Combine has no replaying subject.
public final class ReplaySubject<Value, Failure: Error>: Sendable {
    @usableFromInline let _engine: _ReplayEngine<Value, Failure>

    /// Creates a subject that replays its last `capacity` values to each new subscriber.
    ///
    /// A `capacity` of 0 remembers no value: the subject then behaves as a `Subject` (a late
    /// subscriber after a terminal event still receives that event), as RxSwift's
    /// `ReplaySubject.create(bufferSize: 0)` does. A `capacity` of `.max` remembers every
    /// value (RxSwift's `createUnbounded()`): the buffer grows as values arrive.
    ///
    /// ```swift
    /// let lastThree = ReplaySubject<String, Never>(capacity: 3)
    /// ```
    ///
    /// - Precondition: `capacity >= 0`.
    @inlinable
    public init(capacity: Int) {
        _precondition(capacity >= 0, "Signals: ReplaySubject(capacity:) needs a capacity of 0 or more, got \(capacity); a capacity of 0 replays only the terminal event")
        _engine = _ReplayEngine(capacity: capacity, replaysValuesAfterTerminal: true)
    }

    /// The signal of this subject's events: the remembered values, then the live events.
    ///
    /// ```swift
    /// let subscription = subject.signal.subscribe(next: { print($0) })
    /// ```
    @inlinable
    public var signal: Signal<Value, Failure> {
        Signal(_representation: .subscribe { [_engine] sink in _engine.subscribe(sink) }, _promptness: .holding)
    }

    /// Remembers and sends `event`. Ignored after a terminal event.
    ///
    /// ```swift
    /// subject.send(.next(1))
    /// ```
    @inlinable
    public func send(_ event: Event<Value, Failure>) {
        _engine.send(event)
    }

    /// Remembers and sends a value.
    ///
    /// ```swift
    /// subject.send(value: 1)
    /// ```
    @inlinable
    public func send(value: Value) {
        _engine.send(.next(value))
    }

    /// Fails: sends `error` to the current observers, and the remembered values then
    /// `error` to every later one.
    ///
    /// ```swift
    /// subject.send(error: .disconnected)
    /// ```
    public func send(error: Failure) {
        _engine.send(.error(error))
    }

    /// Completes: sends `completed` to the current observers, and the remembered values
    /// then `completed` to every later one.
    ///
    /// ```swift
    /// subject.sendCompleted()
    /// ```
    public func sendCompleted() {
        _engine.send(.completed)
    }
}
