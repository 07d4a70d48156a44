/// A hot signal you send to by hand that always has a current value: a new subscriber
/// first receives the current value, then every later event as it is sent.
///
/// ![BehaviorSubject<Int, Never>(value: 0)](marble-behaviorSubject.svg)
///
/// Completes / Fails: after ``sendCompleted()`` or ``send(error:)`` the subject ignores
/// further sends, and every later subscriber receives only that terminal event (as in
/// RxSwift). Disposes: disposing a subscription removes it (and never delivers anything on
/// the disposing thread).
///
/// The replay is atomic: a subscriber receives the current value and then every later event
/// exactly once, in order, with no gap and no duplicate — even while other threads send.
/// Sends from several threads are serialised; a send or a subscription made from inside one
/// of this subject's callbacks is queued behind the event being delivered. No lock is held
/// while observers run.
///
/// Composed of: a replaying engine of capacity 1 that starts with `value` (the engine of
/// ``ReplaySubject``), which after a terminal event replays only that event.
///
/// ```swift
/// let temperature = BehaviorSubject<Int, Never>(value: 20)
/// temperature.signal.subscribe(next: { print($0) })   // Prints: 20
/// temperature.send(value: 21)                         // Prints: 21
/// print(temperature.value)                            // Prints: 21
/// ```
///
/// - SeeAlso: RxSwift `BehaviorSubject(value:)`; ReactiveSwift `MutableProperty` (its
///   `producer`); Combine `CurrentValueSubject`.
public final class BehaviorSubject<Value, Failure: Error>: Sendable {
    @usableFromInline let _engine: _ReplayEngine<Value, Failure>

    /// Creates a subject whose current value is `value`.
    ///
    /// ```swift
    /// let isLoading = BehaviorSubject<Bool, Never>(value: false)
    /// ```
    @inlinable
    public init(value: Value) {
        _engine = _ReplayEngine(capacity: 1, replaysValuesAfterTerminal: false, initial: value)
    }

    /// The current value: the initial value, or the last value this subject has delivered.
    /// Thread-safe. It keeps the last value after a terminal event.
    ///
    /// A value sent while another thread is delivering (or from inside a callback) becomes
    /// the current value when its turn to be delivered comes, so `value` and what a new
    /// subscriber receives always agree.
    ///
    /// ```swift
    /// let subject = BehaviorSubject<Int, Never>(value: 1)
    /// subject.send(value: 2)
    /// print(subject.value) // Prints: 2
    /// ```
    @inlinable
    public var value: Value {
        _engine.lastValue.unsafelyUnwrapped
    }

    /// The signal of this subject's events: the current value, then the live events; after a
    /// terminal event, only that event.
    ///
    /// ```swift
    /// let subscription = subject.signal.subscribe(next: { print($0) })
    /// ```
    @inlinable
    public var signal: Signal<Value, Failure> {
        Signal(_representation: .subscribe { [_engine] sink in _engine.subscribe(sink) }, _promptness: .holding)
    }

    /// Makes `event`'s value the current value and sends it. Ignored after a terminal event.
    ///
    /// ```swift
    /// subject.send(.next(1))
    /// ```
    @inlinable
    public func send(_ event: Event<Value, Failure>) {
        _engine.send(event)
    }

    /// Makes `value` the current value and sends it.
    ///
    /// ```swift
    /// subject.send(value: 1)
    /// ```
    @inlinable
    public func send(value: Value) {
        _engine.send(.next(value))
    }

    /// Fails: sends `error` to the current observers and to every later one.
    ///
    /// ```swift
    /// subject.send(error: .disconnected)
    /// ```
    public func send(error: Failure) {
        _engine.send(.error(error))
    }

    /// Completes: sends `completed` to the current observers and to every later one.
    ///
    /// ```swift
    /// subject.sendCompleted()
    /// ```
    public func sendCompleted() {
        _engine.send(.completed)
    }
}
