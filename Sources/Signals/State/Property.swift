// Property: state that always has a current value.
//
//   Property(value: v)            = a `BehaviorSubject` seeded with `v` and completed at once
//   Property(initial: v, then: s) = a `BehaviorSubject` seeded with `v`, fed by one subscription to `s`
//   Property(mutable)             = a read-only view of `mutable` (its value, its signal)
//   property.signal               = the subject's signal; after completion, the last value then `completed`
//   property.changes              = `signal.skip(1)`
//
// A derived property (map, combineLatest, flatMap: Property+Combining.swift) is the second
// form over the source's `signal`: one subscription per derived property, whose first value
// (delivered synchronously by the source's replay) is the derived property's initial value.

/// What every property offers: a current value, and a signal of it.
///
/// ``Property`` and ``MutableProperty`` conform; `map`, `combineLatest(with:)` and
/// `flatMap(_:_:)` are defined on this protocol, so they work on both and return a
/// ``Property``.
///
/// ```swift
/// let name = MutableProperty("Ada")
/// let greeting = name.map { "Hello, \($0)" }
/// print(greeting.value) // Prints: Hello, Ada
/// ```
///
/// - SeeAlso: ReactiveSwift `PropertyProtocol`; RxSwift `BehaviorRelay` (its `value` and
///   `asObservable()`); Combine `CurrentValueSubject`.
public protocol PropertyProtocol<Value>: AnyObject, Sendable {
    /// The type of the property's value.
    associatedtype Value

    /// The current value.
    ///
    /// ```swift
    /// print(MutableProperty(1).value) // Prints: 1
    /// ```
    var value: Value { get }

    /// The current value at subscription, then every change; completes when the property's
    /// source completes or the property goes away (see ``Property``).
    ///
    /// ```swift
    /// MutableProperty(1).signal.subscribe(next: { print($0) }) // Prints: 1
    /// ```
    var signal: Signal<Value, Never> { get }

    /// Every change after subscription, without the current value.
    ///
    /// ```swift
    /// let count = MutableProperty(1)
    /// count.changes.subscribe(next: { print($0) })
    /// count.value = 2 // Prints: 2
    /// ```
    var changes: Signal<Value, Never> { get }
}

/// A read-only value that changes over time, with a signal of its changes: derived state.
///
/// ![Property(initial: 0, then: source.signal).signal](marble-property-initial-then.svg)
///
/// A property always has a ``value``. Its ``signal`` sends the current value at subscription,
/// then every change (every change is sent, even one to an equal value: add
/// `distinctUntilChanged()` to the signal to skip repeats); ``changes`` sends only the
/// changes. Properties are made from a ``MutableProperty`` (``init(_:)``), from a signal
/// (``init(initial:then:)``), as constants (``init(value:)``), or derived from other properties
/// with `map`, `combineLatest(with:)`, `Property.combineLatest(_:)` and `flatMap(.latest)`,
/// which return properties: derived state always has a current value.
///
/// Completes: a property's signal completes when the property's source completes (the signal
/// given to ``init(initial:then:)``, or the properties it is derived from), or when the
/// property itself is deinitialised — whichever comes first. After that, ``value`` keeps the
/// last value, and a new subscriber to ``signal`` receives the last value, then `completed`.
/// A property made with ``init(_:)`` is a view of its ``MutableProperty``: its signal is the
/// mutable property's, which completes when that one is deinitialised.
///
/// Lifetime: a property keeps its sources alive (a derived property keeps the properties it is
/// derived from, as in ReactiveSwift). Subscribing to its signal does not keep the property
/// alive: hold the property as long as its value matters (a view model's `let`). (An
/// ``Action``'s `isEnabled` and `isExecuting` are the exception: a live subscription to their
/// signals keeps the action, and so them.)
///
/// Thread-safe: ``value`` may be read from any thread; a derived property's value is updated
/// before its subscribers are told of the change.
///
/// Composed of: a ``BehaviorSubject`` fed by one subscription to the source signal (or, for
/// ``init(_:)``, the mutable property's own subject).
///
/// ```swift
/// let username = MutableProperty("")
/// let isValid = username.map { $0.count >= 3 }
/// isValid.signal.subscribe(next: { print($0) }) // Prints: false
/// username.value = "ada"                        // Prints: true
/// ```
///
/// - SeeAlso: ReactiveSwift `Property`; RxSwift `BehaviorRelay` exposed as `Observable`
///   (RxCocoa `Driver` for UI); Combine `CurrentValueSubject` exposed as `AnyPublisher`,
///   `@Published`.
public final class Property<Value>: PropertyProtocol {
    /// Where the value lives: a mutable property viewed read-only, or this property's own
    /// subject.
    let _storage: _PropertyStorage<Value>
    /// The subscription that keeps this property's own subject current; disposed on deinit.
    let _feed: (any Disposable)?
    /// The properties this one is derived from, kept alive while it lives.
    let _sources: [any AnyObject & Sendable]
    /// The object that every live subscription to ``signal`` keeps alive (an action's
    /// `isEnabled` and `isExecuting` keep their action), or `nil`.
    let _owner: _KeptBySubscriptions?

    init(
        _storage: _PropertyStorage<Value>,
        feed: (any Disposable)?,
        sources: [any AnyObject & Sendable],
        keptBySubscriptions owner: _KeptBySubscriptions? = nil
    ) {
        self._storage = _storage
        self._feed = feed
        self._sources = sources
        self._owner = owner
    }

    /// A derived property: its value follows `signal`, which must send the current value of
    /// its sources when subscribed. `fallback` computes the initial value in the rare case
    /// where that first value is not delivered during the subscription (a property derived
    /// from inside one of its source's own callbacks, whose subscription the source queues).
    convenience init(
        _deriving signal: Signal<Value, Never>,
        fallback: () -> Value,
        retaining sources: [any AnyObject & Sendable],
        keptBySubscriptions owner: _KeptBySubscriptions? = nil
    ) {
        let feed = _PropertyFeed<Value>()
        let subscription = signal.subscribe(Observer { feed.receive($0) })
        let subject = feed.start(fallback: fallback)
        self.init(_storage: .own(subject), feed: subscription, sources: sources, keptBySubscriptions: owner)
    }

    /// Creates a constant property: `value` never changes, and ``signal`` sends it, then
    /// completes (``changes`` completes at once).
    ///
    /// ```swift
    /// let answer = Property(value: 42)
    /// answer.signal.subscribe(next: { print($0) }, completed: { print("done") })
    /// // Prints: 42, done
    /// ```
    public init(value: Value) {
        let subject = BehaviorSubject<Value, Never>(value: value)
        subject.sendCompleted()
        self._storage = .own(subject)
        self._feed = nil
        self._sources = []
        self._owner = nil
    }

    /// Creates a property whose value is `initial` until `then` sends a value, then each value
    /// `then` sends.
    ///
    /// ![Property(initial: 0, then: source.signal).signal](marble-property-initial-then.svg)
    ///
    /// Subscribes to `then` at once (values it sends during the subscription are taken before
    /// this initialiser returns). Completes: when `then` completes, the property keeps its last
    /// value and its signal completes. Disposes: deinitialising the property disposes its
    /// subscription to `then` and completes its signal.
    ///
    /// ```swift
    /// let status = Subject<String, Never>()
    /// let property = Property(initial: "idle", then: status.signal)
    /// status.send(value: "loading")
    /// print(property.value) // Prints: loading
    /// ```
    public convenience init(initial: Value, then: Signal<Value, Never>) {
        self.init(_deriving: then, fallback: { initial }, retaining: [])
    }

    /// A read-only view of `mutable`: the same value and the same signal. Keeps `mutable`
    /// alive while the view lives.
    ///
    /// Hand this to code that may read the state but not change it (ReactiveSwift's
    /// `Property(_:)`, RxSwift's `relay.asObservable()` with the relay's `value`).
    ///
    /// ```swift
    /// let count = MutableProperty(0)
    /// let readOnly = Property(count)
    /// count.value = 1
    /// print(readOnly.value) // Prints: 1
    /// ```
    public init(_ mutable: MutableProperty<Value>) {
        self._storage = .view(mutable)
        self._feed = nil
        self._sources = [mutable]
        self._owner = nil
    }

    deinit {
        _feed?.dispose()
        if case .own(let subject) = _storage { subject.sendCompleted() }
    }

    /// The current value.
    ///
    /// ```swift
    /// print(Property(value: 1).value) // Prints: 1
    /// ```
    public var value: Value {
        switch _storage {
        case .own(let subject): subject.value
        case .view(let mutable): mutable.value
        }
    }

    /// The current value at subscription, then every change. Completes when the property's
    /// source completes or the property is deinitialised; a subscriber after that receives the
    /// last value, then `completed`.
    ///
    /// ![MutableProperty(0).signal](marble-mutableProperty-signal.svg)
    ///
    /// Composed of: the subject's signal, with a `bind` that sends the last value before a
    /// completion that arrives without one.
    ///
    /// ```swift
    /// let count = MutableProperty(1)
    /// Property(count).signal.subscribe(next: { print($0) }) // Prints: 1
    /// count.value = 2                                       // Prints: 2
    /// ```
    public var signal: Signal<Value, Never> {
        let signal = switch _storage {
        case .own(let subject): _currentThenChanges(subject)
        case .view(let mutable): mutable.signal
        }
        guard let _owner else { return signal }
        return _owner.keptAlive(by: signal)
    }

    /// Every change after subscription, without the current value.
    ///
    /// ![MutableProperty(0).changes](marble-mutableProperty-changes.svg)
    ///
    /// Composed of: `signal.skip(1)`.
    ///
    /// ```swift
    /// let count = MutableProperty(1)
    /// Property(count).changes.subscribe(next: { print($0) })
    /// count.value = 2 // Prints: 2
    /// ```
    public var changes: Signal<Value, Never> {
        signal.skip(1)
    }
}

/// Where a property's value lives.
enum _PropertyStorage<Value>: Sendable {
    /// The property's own subject (constant, fed by a signal, or derived).
    case own(BehaviorSubject<Value, Never>)
    /// A mutable property, viewed read-only.
    case view(MutableProperty<Value>)
}

/// `subject`'s signal, except that a subscriber that arrives after its completion receives
/// the last value before `completed` (a `BehaviorSubject` sends such a subscriber only the
/// terminal event; a property always has a value to give).
func _currentThenChanges<Value>(_ subject: BehaviorSubject<Value, Never>) -> Signal<Value, Never> {
    subject.signal.bind {
        var sawValue = false
        return { event, _ in
            switch event {
            case .next(let value):
                sawValue = true
                return .just(value)
            case .completed:
                return sawValue ? nil : .just(subject.value)
            }
        }
    }
}

/// The subject of a property fed by a signal, and the values that arrive before it exists.
///
/// The subject needs an initial value, and the first value comes from subscribing: so the
/// feed's observer collects what arrives during the subscription (the latest value, and
/// whether the source completed), then `start` makes the subject from it and every later
/// event goes straight to the subject.
///
/// `@unchecked Sendable`: `state` is reached only through its lock; the subject is sent to
/// outside it (the source serialises its events, so one event is sent at a time).
final class _PropertyFeed<Value>: @unchecked Sendable {
    enum State {
        case collecting(latest: Value?, completed: Bool)
        case forwarding(BehaviorSubject<Value, Never>)
    }

    let state = _Locked<State>(.collecting(latest: nil, completed: false))

    func receive(_ event: Event<Value, Never>) {
        let subject = state.withLock { state -> BehaviorSubject<Value, Never>? in
            switch state {
            case .forwarding(let subject):
                return subject
            case .collecting(let latest, let completed):
                switch event {
                case .next(let value): state = .collecting(latest: value, completed: completed)
                case .completed: state = .collecting(latest: latest, completed: true)
                }
                return nil
            }
        }
        subject?.send(event)
    }

    /// Makes the subject, seeded with the latest value collected (or `fallback()`), and
    /// forwards every later event to it.
    func start(fallback: () -> Value) -> BehaviorSubject<Value, Never> {
        var computed: Value?
        while true {
            let started = state.withLock { state -> (BehaviorSubject<Value, Never>, Bool)? in
                guard case .collecting(let latest, let completed) = state,
                      let initial = latest ?? computed else { return nil }
                let subject = BehaviorSubject<Value, Never>(value: initial)
                state = .forwarding(subject)
                return (subject, completed)
            }
            if let (subject, completed) = started {
                if completed { subject.sendCompleted() }
                return subject
            }
            computed = fallback()  // user code: outside the lock, then try again
        }
    }
}
