import Synchronization

/// What a signal sends its events to.
///
/// An observer wraps the closure you wrote and enforces the grammar at one point: it
/// forwards `next` while it is live, forwards the first `error` or `completed` once, and
/// ignores everything after that. When you subscribe, the signal does not send to your
/// observer directly: it sends to a fresh forwarding observer (a *sink*) that also stops
/// when the subscription is disposed, and that disposes the subscription's resources when
/// the first terminal event passes through it.
///
/// ```swift
/// let observer = Observer<Int, Never>(next: { print("got", $0) }, completed: { print("done") })
/// observer.send(value: 1)    // Prints: got 1
/// observer.sendCompleted()   // Prints: done
/// observer.send(value: 2)    // ignored: the observer has stopped
/// ```
///
/// - Important: An observer stops for good after its first terminal event. Subscribing the
///   same observer to two signals forwards both, and the first terminal event from either
///   stops it for both.
/// - Note: Values are delivered on whatever thread the source sends them; `Value` is not
///   required to be `Sendable` (as in Combine), so share non-`Sendable` values with care.
public final class Observer<Value, Failure: Error>: Sendable {
    @usableFromInline let _handler: @Sendable (Event<Value, Failure>) -> Void
    @usableFromInline let _stopped = Atomic<Bool>(false)

    // The subscription slot: what feeds this observer, and — for the sink of a subscription
    // made with `subscribe` — the reference that keeps that subscription alive until it ends.
    // Allocated on first use (most observers inside bind never need one) and guarded by the
    // library's lock, held only to read or swap references, never while user code runs.
    // `sequentiallyConsistent` pairs with the stores to `_stopped` on the terminal and
    // dispose paths: whichever of "install into the slot" and "stop" comes second sees the
    // other (see `_slotStorage(create:)`). `nonisolated(unsafe)`: `ManagedBuffer` is never
    // `Sendable`, but the slot's state is reached only under its lock.
    @usableFromInline nonisolated(unsafe) let _slot = Atomic<Unmanaged<_LockStorage<_ObserverSlot>>?>(nil)

    /// Creates an observer that hands every event to `send`.
    ///
    /// ```swift
    /// let observer = Observer<Int, Never> { event in print(event) }
    /// observer.send(value: 1) // Prints: next(1)
    /// ```
    @inlinable
    public init(_ send: @escaping @Sendable (Event<Value, Failure>) -> Void) {
        _handler = send
    }

    /// Creates an observer from one closure per kind of event; missing closures ignore
    /// their events.
    ///
    /// ```swift
    /// let observer = Observer<Int, Never>(next: { print($0) })
    /// observer.send(value: 7) // Prints: 7
    /// ```
    @inlinable
    public convenience init(
        next: (@Sendable (Value) -> Void)? = nil,
        error: (@Sendable (Failure) -> Void)? = nil,
        completed: (@Sendable () -> Void)? = nil
    ) {
        self.init { event in
            switch event {
            case .next(let value): next?(value)
            case .error(let failure): error?(failure)
            case .completed: completed?()
            }
        }
    }

    /// Sends an event, unless the observer has stopped. The first terminal event stops it.
    ///
    /// ```swift
    /// observer.send(.next(1))
    /// observer.send(.completed)
    /// ```
    @inlinable
    public func send(_ event: Event<Value, Failure>) {
        if case .next = event {
            if !_stopped.load(ordering: .acquiring) { _handler(event) }
        } else if !_stopped.exchange(true, ordering: .sequentiallyConsistent) {
            _handler(event)
            _disposeUpstream()
        }
    }

    /// Sends a value, unless the observer has stopped.
    ///
    /// ```swift
    /// observer.send(value: 1)
    /// ```
    @inlinable
    public func send(value: Value) {
        if !_stopped.load(ordering: .acquiring) { _handler(.next(value)) }
    }

    /// Sends a failure and stops, unless the observer has already stopped.
    ///
    /// ```swift
    /// observer.send(error: MyError.broken)
    /// ```
    @inlinable
    public func send(error: Failure) {
        send(.error(error))
    }

    /// Sends completion and stops, unless the observer has already stopped.
    ///
    /// ```swift
    /// observer.sendCompleted()
    /// ```
    @inlinable
    public func sendCompleted() {
        send(.completed)
    }

    /// Whether the observer ignores further events: true after a terminal event, or once
    /// the subscription it serves is disposed. A synchronous source checks it to stop early:
    ///
    /// ```swift
    /// for value in values where !observer.isStopped { observer.send(value: value) }
    /// ```
    @inlinable
    public var isStopped: Bool {
        _stopped.load(ordering: .acquiring)
    }

    /// A sink that nothing references any more can receive nothing more: release what fed it.
    deinit {
        guard let slot = _slot.load(ordering: .acquiring)?.takeRetainedValue() else { return }
        slot.withLock { $0.upstream.take() }?.dispose()
    }

    // MARK: - The subscription slot (kernel only)

    /// This observer's slot; created (once, by whoever comes first) if `create` is true.
    @usableFromInline
    func _slotStorage(create: Bool) -> _LockStorage<_ObserverSlot>? {
        if let slot = _slot.load(ordering: .sequentiallyConsistent) { return slot.takeUnretainedValue() }
        guard create else { return nil }
        let fresh = Unmanaged.passRetained(_LockStorage.make(_ObserverSlot()))
        let (exchanged, winner) = _slot.compareExchange(
            expected: nil, desired: fresh, ordering: .sequentiallyConsistent)
        if exchanged { return fresh.takeUnretainedValue() }
        fresh.release()
        return winner.unsafelyUnwrapped.takeUnretainedValue()
    }

    /// Installs the disposable of what currently feeds this observer, replacing (and
    /// releasing, not disposing) the previous one. If the observer has already stopped,
    /// `disposable` is disposed at once.
    @usableFromInline
    func _setUpstream(_ disposable: (any Disposable)?) {
        // No slot and nothing to install: there is nothing to replace either.
        guard let slot = _slotStorage(create: disposable != nil) else { return }
        let (previous, stopped) = slot.withLock { slot -> ((any Disposable)?, Bool) in
            let previous = slot.upstream
            if _stopped.load(ordering: .sequentiallyConsistent) {
                slot.upstream = nil
                return (previous, true)
            }
            slot.upstream = disposable
            return (previous, false)
        }
        if stopped {
            disposable?.dispose()
            previous?.dispose()
        }
    }

    /// Keeps this observer — the sink of a subscription made by `subscribe` — alive until
    /// its terminal event or its disposal, whatever its source keeps. Returns `false` if it
    /// has already stopped (then nothing is kept).
    @usableFromInline
    func _keepAliveUntilStopped() -> Bool {
        let slot = _slotStorage(create: true).unsafelyUnwrapped
        return slot.withLock { slot in
            if _stopped.load(ordering: .sequentiallyConsistent) { return false }
            slot.keepAlive = self
            return true
        }
    }

    /// Stops the observer without an event and disposes what feeds it. Idempotent.
    @usableFromInline
    func _dispose() {
        _stopped.store(true, ordering: .sequentiallyConsistent)
        _disposeUpstream()
    }

    /// Called once the observer has stopped: disposes what fed it and lets go of the
    /// reference that kept its subscription alive.
    @usableFromInline
    func _disposeUpstream() {
        guard let slot = _slotStorage(create: false) else { return }
        let (upstream, keepAlive) = slot.withLock { slot in
            (slot.upstream.take(), slot.keepAlive.take())
        }
        upstream?.dispose()
        withExtendedLifetime(keepAlive) {}
    }
}

/// A sink seen without its types, by the kernel's teardown (bind's shared state).
@usableFromInline
protocol _Sink: AnyObject, Sendable {
    /// Stops the sink without an event and disposes what feeds it.
    func _dispose()
}

extension Observer: _Sink {}

/// An observer's subscription slot (see `Observer._slot`).
@usableFromInline
struct _ObserverSlot {
    /// The disposable of what feeds the observer.
    @usableFromInline var upstream: (any Disposable)?
    /// The observer itself, while the subscription it is the sink of is live: the cycle that
    /// keeps a subscription alive whatever its source keeps, broken when it stops.
    @usableFromInline var keepAlive: AnyObject?

    @inlinable init() {}
}
