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

    // The subscription's resources, disposed on the first terminal event or on dispose.
    // Guarded by the spin flag `_slotBusy` (held for a pointer swap only, never while user
    // code runs).
    private let _slotBusy = Atomic<Bool>(false)
    @exclusivity(unchecked) nonisolated(unsafe) private var _upstream: (any Disposable)?

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
        } else if !_stopped.exchange(true, ordering: .acquiringAndReleasing) {
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
        _upstream?.dispose()
    }

    // MARK: - The subscription slot (kernel only)

    /// Installs the disposable of what currently feeds this observer, replacing (and
    /// releasing, not disposing) the previous one. If the observer has already stopped,
    /// `disposable` is disposed at once.
    @usableFromInline
    func _setUpstream(_ disposable: (any Disposable)?) {
        _lockSlot()
        if _stopped.load(ordering: .acquiring) {
            let previous = _upstream
            _upstream = nil
            _unlockSlot()
            disposable?.dispose()
            previous?.dispose()
            return
        }
        let previous = _upstream
        _upstream = disposable
        _unlockSlot()
        _ = previous
    }

    /// Stops the observer without an event and disposes what feeds it. Idempotent.
    @usableFromInline
    func _dispose() {
        _stopped.store(true, ordering: .releasing)
        _disposeUpstream()
    }

    @usableFromInline
    func _disposeUpstream() {
        _lockSlot()
        let upstream = _upstream
        _upstream = nil
        _unlockSlot()
        upstream?.dispose()
    }

    private func _lockSlot() {
        while _slotBusy.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged == false {
            _spinWait()
        }
    }

    private func _unlockSlot() {
        _slotBusy.store(false, ordering: .releasing)
    }
}

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

@inline(never)
func _spinWait() {
    sched_yield()
}
