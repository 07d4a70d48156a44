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
    @usableFromInline
    struct _Entry {
        @usableFromInline let id: Int
        @usableFromInline let observer: Observer<Value, Failure>
        @inlinable init(id: Int, observer: Observer<Value, Failure>) {
            self.id = id
            self.observer = observer
        }
    }

    @usableFromInline
    struct _State {
        @usableFromInline var observers: [_Entry] = []
        @usableFromInline var nextID = 0
        /// The terminal event, once it is being delivered; later subscribers receive it.
        @usableFromInline var terminal: Event<Value, Failure>?
        /// A terminal event has been sent (it may still be queued); later sends are ignored.
        @usableFromInline var isTerminating = false
        /// Someone is delivering; other senders queue their events and return.
        @usableFromInline var isDelivering = false
        @usableFromInline var queue = _Queue<Event<Value, Failure>>()

        @inlinable init() {}

        /// The observers to deliver `event` to; a terminal event also ends the list.
        @inlinable
        mutating func recipients(of event: Event<Value, Failure>) -> [_Entry] {
            let recipients = observers
            if event.isTerminating {
                terminal = event
                observers = []
            }
            return recipients
        }
    }

    @usableFromInline let _state = _Locked(_State())

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
    @inlinable
    public func send(_ event: Event<Value, Failure>) {
        let first = _state.withLock { state -> [_Entry]? in
            if state.isTerminating { return nil }
            if event.isTerminating { state.isTerminating = true }
            if state.isDelivering {
                state.queue.append(event)
                return nil
            }
            state.isDelivering = true
            return state.recipients(of: event)
        }
        guard var recipients = first else { return }
        var event = event
        while true {
            for entry in recipients { entry.observer.send(event) }
            let next = _state.withLock { state -> (Event<Value, Failure>, [_Entry])? in
                guard let queued = state.queue.popFirst() else {
                    state.isDelivering = false
                    return nil
                }
                return (queued, state.recipients(of: queued))
            }
            guard let next else { return }
            (event, recipients) = next
        }
    }

    /// Sends a value to the current observers.
    ///
    /// ```swift
    /// subject.send(value: 1)
    /// ```
    @inlinable
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
            state.observers.append(_Entry(id: id, observer: observer))
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
