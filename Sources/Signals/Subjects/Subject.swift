/// A hot signal you send to by hand: it forwards each event to the observers subscribed
/// when the event is delivered.
///
/// Sends from several threads at once are serialised: one sender delivers while the others
/// queue their events and return, and a send from inside an observer's callback (a
/// re-entrant send) is queued behind the event being delivered — never deadlocked, never
/// reordered. No lock is held while observers run. After a terminal event the subject
/// ignores further sends and sends that terminal event to every later subscriber.
///
/// ```swift
/// let subject = Subject<Int, Never>()
/// subject.signal.subscribe(next: { print($0) })
/// subject.send(value: 1)     // Prints: 1
/// subject.sendCompleted()
/// subject.send(value: 2)     // ignored
/// ```
public final class Subject<Value, Failure: Error>: Sendable {
    private struct State {
        var observers: [(id: Int, observer: Observer<Value, Failure>)] = []
        var nextID = 0
        /// The terminal event, once it has been delivered.
        var terminal: Event<Value, Failure>?
        /// A terminal event has been sent (it may still be queued).
        var isTerminating = false
        var isDelivering = false
        var queue = _Queue<Event<Value, Failure>>()
    }

    private let _state = _Locked(State())

    /// Creates a subject with no observers.
    ///
    /// ```swift
    /// let clicks = Subject<Void, Never>()
    /// ```
    public init() {}

    /// The signal of this subject's events. Subscribing adds an observer; disposing the
    /// subscription removes it.
    ///
    /// ```swift
    /// let subscription = subject.signal.subscribe(next: { print($0) })
    /// ```
    public var signal: Signal<Value, Failure> {
        Signal { [self] observer in
            add(observer)
        }
    }

    /// Sends `event` to the current observers. Ignored after a terminal event.
    ///
    /// ```swift
    /// subject.send(.next(1))
    /// ```
    public func send(_ event: Event<Value, Failure>) {
        let deliverNow = _state.withLock { state -> Bool in
            if state.isTerminating { return false }
            if event.isTerminating { state.isTerminating = true }
            if state.isDelivering {
                state.queue.append(event)
                return false
            }
            state.isDelivering = true
            return true
        }
        guard deliverNow else { return }
        var next: Event<Value, Failure>? = event
        while let event = next {
            let observers = _state.withLock { state -> [(id: Int, observer: Observer<Value, Failure>)] in
                let observers = state.observers
                if event.isTerminating {
                    state.terminal = event
                    state.observers = []
                }
                return observers
            }
            for entry in observers { entry.observer.send(event) }
            next = _state.withLock { state -> Event<Value, Failure>? in
                if let queued = state.queue.popFirst() { return queued }
                state.isDelivering = false
                return nil
            }
        }
    }

    /// Sends a value to the current observers.
    ///
    /// ```swift
    /// subject.send(value: 1)
    /// ```
    public func send(value: Value) {
        send(.next(value))
    }

    /// Fails: sends `error` to the current and every later observer.
    ///
    /// ```swift
    /// subject.send(error: .disconnected)
    /// ```
    public func send(error: Failure) {
        send(.error(error))
    }

    /// Completes: sends `completed` to the current and every later observer.
    ///
    /// ```swift
    /// subject.sendCompleted()
    /// ```
    public func sendCompleted() {
        send(.completed)
    }

    private func add(_ observer: Observer<Value, Failure>) -> (any Disposable)? {
        let (id, terminal) = _state.withLock { state -> (Int?, Event<Value, Failure>?) in
            if let terminal = state.terminal { return (nil, terminal) }
            let id = state.nextID
            state.nextID += 1
            state.observers.append((id, observer))
            return (id, nil)
        }
        guard let id else {
            if let terminal { observer.send(terminal) }
            return nil
        }
        return AnyDisposable { [weak self] in
            self?._state.withLock { state in
                state.observers.removeAll { $0.id == id }
            }
        }
    }
}
