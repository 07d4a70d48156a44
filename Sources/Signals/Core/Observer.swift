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
// Not `final`, so that the kernel's own sinks can be observers themselves (a bind's binder is
// the sink of its source: one object, not two); no subclass outside the library is possible
// (the class is not `open`), and every member but `_stop()` is `final`, so a call is never
// dispatched through the vtable. The subscription slot and the stopped flag live in the
// non-generic `_ObserverBase`. `@unchecked Sendable`: the stored state is immutable, atomic,
// or guarded by `_slotLock`.
public class Observer<Value, Failure: Error>: _ObserverBase, @unchecked Sendable {
    @usableFromInline let _handler: @Sendable (Event<Value, Failure>) -> Void
    /// An observer of values only (`Observer(next:)`, `subscribe(next:)`) keeps the closure it
    /// was given and calls it directly (`_valuesOnly`): no wrapping closure, whose context
    /// would be one more allocation per subscription. Every other observer has a closure
    /// that does nothing here, and `_handler` gets every event. Not optional: a closure
    /// unwrapped from an optional `let` was copied for the call (a retain and a release of
    /// its context per value, W3 +30%); a non-optional `let` is called as it is.
    @usableFromInline let _next: @Sendable (Value) -> Void
    /// A kernel sink that is its own handler (`_Binder`, `_InnerSink`, `_UsingSink`,
    /// `_passesSelf`): its events go to `_selfHandler`, called with this observer. (A closure
    /// of its own type, not `_handler` cast: a function value cast between types is not
    /// reabstracted, and specialised and generic code then disagree on how its arguments are
    /// passed.)
    @usableFromInline let _selfHandler: @Sendable (Observer<Value, Failure>, Event<Value, Failure>) -> Void

    @inlinable
    public init(_ send: @escaping @Sendable (Event<Value, Failure>) -> Void) {
        _handler = send
        _next = { _ in }
        _selfHandler = { _, _ in }
        super.init(teardown: { _ in })
    }

    /// An observer that gives every event to `send` and never stops: a terminal event is
    /// handed over like a value, and the observer stays live (`isStopped` stays `false`).
    init(_ send: @escaping @Sendable (Event<Value, Failure>) -> Void, neverStops: Bool) {
        _handler = send
        _next = { _ in }
        _selfHandler = { _, _ in }
        super.init(teardown: { _ in }, neverStops: neverStops)
    }

    /// An observer of values only: `next` is called for each value, terminal events only stop it.
    @inlinable
    init(_valuesOnly next: @escaping @Sendable (Value) -> Void) {
        _handler = { _ in }
        _next = next
        _selfHandler = { _, _ in }
        super.init(teardown: { _ in }, valuesOnly: true)
    }

    /// The observer part of a kernel sink that handles its own events (`_Binder`, the sink of
    /// its source): `handler` is called with this observer and each event it lets through.
    /// A sink that is its downstream's upstream (`_Binder`, `_UsingSink`) also gives the
    /// `teardown` that disposing it runs (`_setUpstream(kernelSink:)`). Made where the
    /// subclass is specialised, the closures capture nothing (no allocation).
    @inlinable
    init(
        _passingSelf handler: @escaping @Sendable (Observer<Value, Failure>, Event<Value, Failure>) -> Void,
        teardown: @escaping @Sendable (_ObserverBase) -> Void = { _ in }
    ) {
        _handler = { _ in }
        _selfHandler = handler
        _next = { _ in }
        super.init(teardown: teardown, passesSelf: true)
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
        // Only values wanted (the common case): the closure is kept as it is and called
        // directly, which costs each value less than testing three optionals, and the
        // subscription one allocation less than a handler wrapping it.
        if let next, error == nil, completed == nil {
            self.init(_valuesOnly: next)
            return
        }
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
    public final func send(_ event: Event<Value, Failure>) {
        // A kernel sink (`_passesSelf`) is tested first: every operator's hop is one.
        if case .next(let value) = event {
            if !_stopped.load(ordering: .acquiring) {
                if _passesSelf {
                    _selfHandler(self, event)
                } else if _valuesOnly {
                    _next(value)
                } else {
                    _handler(event)
                }
            }
        } else if _neverStops {
            _handler(event)
        } else if !_stopped.exchange(true, ordering: .sequentiallyConsistent) {
            if _passesSelf { _selfHandler(self, event) } else { _handler(event) }
            _disposeUpstream()
        }
    }

    /// Sends a value, unless the observer has stopped.
    ///
    /// ```swift
    /// observer.send(value: 1)
    /// ```
    @inlinable @inline(__always)
    public final func send(value: Value) {
        if !_stopped.load(ordering: .acquiring) {
            if _passesSelf {
                _selfHandler(self, .next(value))
            } else if _valuesOnly {
                _next(value)
            } else {
                _handler(.next(value))
            }
        }
    }

    /// Sends a failure and stops, unless the observer has already stopped.
    ///
    /// ```swift
    /// observer.send(error: MyError.broken)
    /// ```
    @inlinable
    public final func send(error: Failure) {
        send(.error(error))
    }

    /// Sends completion and stops, unless the observer has already stopped.
    ///
    /// ```swift
    /// observer.sendCompleted()
    /// ```
    @inlinable
    public final func sendCompleted() {
        send(.completed)
    }

    /// Whether the observer ignores further events: true after a terminal event, or once
    /// the subscription it serves is disposed. A synchronous source checks it to stop early:
    ///
    /// ```swift
    /// for value in values where !observer.isStopped { observer.send(value: value) }
    /// ```
    @inlinable
    public final var isStopped: Bool {
        _stopped.load(ordering: .acquiring)
    }

}

/// The part of every ``Observer`` that does not depend on its types: the stopped flag and the
/// subscription slot. Kernel only: it has no public member, and nothing outside the library
/// can make or subclass one (it is public only because `Observer`, its subclass, is).
///
/// Not generic, so that a subscription's teardown — emptying a slot, disposing a kernel sink
/// that is its downstream's upstream, stopping the sinks that feed a binder — calls
/// non-generic code, or a closure made where the sink's types are known (`_teardown`),
/// never a witness of a generic class, which would run unspecialised.
// `@unchecked Sendable`: the stored state is immutable, atomic, or guarded by `_slotLock`.
public class _ObserverBase: @unchecked Sendable {
    @usableFromInline final let _stopped = Atomic<Bool>(false)

    // The subscription slot: what feeds this observer (`_upstream`) and — for the sink of a
    // subscription made with `subscribe` — the cell that keeps that subscription alive until
    // it ends (`_keepAlive`: the disposable `subscribe` returned, which holds this sink
    // strongly until the sink lets go of it). Both are guarded by `_slotLock`, which lives in the
    // observer (no allocation) and is held only to read or swap them, never while user code
    // runs. Whichever of "install an upstream" and "stop" comes second sees the other: the
    // install checks `_stopped` under the lock, and a stop stores `_stopped` before it takes
    // the lock to empty the slot.
    //
    // A subscription to a subject (or a replaying subject) needs no disposable of its own: the
    // slot holds the list this observer was added to (a `_SlotOwner`: a subject's core) and
    // its id there (`_upstreamSlot`, -1 for any other upstream), and emptying the slot
    // removes that id from the list. A kernel sink that is its downstream's upstream (a
    // binder, `using`'s sink) is held with the marker `_kernelSinkSlot`: emptying the slot runs
    // that sink's `_teardown`, specialised code, not `Disposable.dispose()` through a witness.
    @usableFromInline final let _slotLock = _InlineLock()
    // The kind of observer, in the bytes beside the flag and the lock (declared here, in
    // this order, so that they take no word of their own: every sink of a subscription
    // carries them). Read by `Observer.send`:
    /// An observer of values only (`Observer(next:)`): `Observer._next` gets the values.
    @usableFromInline final let _valuesOnly: Bool
    /// A kernel sink that handles its own events (`Observer._selfHandler`).
    @usableFromInline final let _passesSelf: Bool
    /// An observer that takes terminal events as ordinary calls of its handler and never
    /// stops (`Action.inputs`: RxSwift's inputs ignore a completion and keep applying).
    @usableFromInline final let _neverStops: Bool
    @usableFromInline @exclusivity(unchecked) nonisolated(unsafe) final var _upstream: (any Disposable)?
    @usableFromInline @exclusivity(unchecked) nonisolated(unsafe) final var _upstreamSlot = -1
    @usableFromInline @exclusivity(unchecked) nonisolated(unsafe) final var _keepAlive: _SubscriptionCell?

    /// What disposing this sink runs when it is its downstream's upstream (`_Binder.dispose()`,
    /// `_UsingSink.dispose()`), made where the sink's types are known; a closure that does
    /// nothing for any other observer. Not optional: a closure in an `Optional` is kept at the
    /// most general abstraction, so a closure made for it got a reabstraction thunk (one more
    /// allocation per sink).
    @usableFromInline final let _teardown: @Sendable (_ObserverBase) -> Void

    /// The slot marker of a kernel sink (see `_teardown`).
    @inlinable
    static var _kernelSinkSlot: Int { -2 }

    @inlinable
    init(
        teardown: @escaping @Sendable (_ObserverBase) -> Void,
        valuesOnly: Bool = false, passesSelf: Bool = false, neverStops: Bool = false
    ) {
        _valuesOnly = valuesOnly
        _passesSelf = passesSelf
        _neverStops = neverStops
        _teardown = teardown
    }

    /// A sink that nothing references any more can receive nothing more: release what fed it.
    deinit {
        Self._release(_upstream, slot: _upstreamSlot)
    }

    // MARK: - The subscription slot (kernel only)

    /// Installs what feeds this observer, replacing (without disposing) what was there; if
    /// the observer has already stopped, disposes it (and what was there) instead.
    @usableFromInline
    final func _setUpstream(_ disposable: (any Disposable)?) {
        _setUpstream(disposable, slot: -1)
    }

    /// Installs the list this observer was added to as `id` (a subject's core) as what feeds
    /// it (`owner.remove(id:)` ends it): `_setUpstream` without a disposable object.
    @inlinable
    final func _setUpstream(addedTo owner: _SlotOwner, id: Int) {
        _setUpstream(owner, slot: id)
    }

    /// Installs a kernel sink that has a `_teardown` (a binder, `using`'s sink) as what feeds
    /// this observer: emptying the slot runs its teardown.
    @inlinable
    final func _setUpstream<Sink: _ObserverBase & Disposable>(kernelSink sink: Sink) {
        _setUpstream(sink, slot: Self._kernelSinkSlot)
    }

    @usableFromInline
    final func _setUpstream(_ disposable: (any Disposable)?, slot: Int) {
        _slotLock.lock()
        let previous = _upstream
        let previousSlot = _upstreamSlot
        if _stopped.load(ordering: .sequentiallyConsistent) {
            _upstream = nil
            _upstreamSlot = -1
            _slotLock.unlock()
            Self._release(disposable, slot: slot)
            Self._release(previous, slot: previousSlot)
            return
        }
        _upstream = disposable
        _upstreamSlot = slot
        _slotLock.unlock()
    }

    /// Ends what a slot held: removes this observer's id from a subject's core, runs a kernel
    /// sink's teardown, or disposes the disposable.
    @usableFromInline @inline(__always)
    static func _release(_ upstream: (any Disposable)?, slot: Int) {
        guard let upstream else { return }
        if slot >= 0 {
            unsafeDowncast(upstream as AnyObject, to: _SlotOwner.self).remove(id: slot)
        } else if slot == _kernelSinkSlot {
            let sink = unsafeDowncast(upstream as AnyObject, to: _ObserverBase.self)
            sink._teardown(sink)
        } else {
            upstream.dispose()
        }
    }

    /// Makes this sink and `cell` (which holds it) keep each other alive until the sink
    /// stops, when the sink lets go of the cell and empties it; false if it has already
    /// stopped.
    @usableFromInline
    final func _keepAliveUntilStopped(_ cell: _SubscriptionCell) -> Bool {
        _slotLock.lock()
        defer { _slotLock.unlock() }
        if _stopped.load(ordering: .sequentiallyConsistent) { return false }
        _keepAlive = cell
        return true
    }

    /// Stops this observer and disposes what feeds it (the subscription's dispose).
    @usableFromInline
    final func _dispose() {
        _stopped.store(true, ordering: .sequentiallyConsistent)
        _disposeUpstream()
    }

    /// Stops this observer and everything that feeds it — the sinks of the operators upstream
    /// that take part (`_Stoppable`) — without disposing anything: a synchronous source
    /// upstream sees `isStopped` at once and returns, while the cleanup (`_dispose`, or
    /// `_disposeUpstream`) is left to run later, elsewhere (`subscribe(on:)` runs it on its
    /// scheduler). An upstream installed after this is disposed at once (`_setUpstream`).
    @usableFromInline
    func _stop() {
        _stopped.store(true, ordering: .sequentiallyConsistent)
        _slotLock.lock()
        let upstream = _upstream
        let slot = _upstreamSlot
        _slotLock.unlock()
        guard let upstream else { return }
        if slot == Self._kernelSinkSlot {
            unsafeDowncast(upstream as AnyObject, to: _ObserverBase.self)._stop()
        } else {
            (upstream as? any _Stoppable)?._stop()
        }
    }

    /// Empties the slot: disposes the upstream, and empties the keep-alive cell (so that a
    /// disposable kept after the subscription has ended keeps nothing of it).
    @usableFromInline
    final func _disposeUpstream() {
        _slotLock.lock()
        let upstream = _upstream.take()
        let slot = _upstreamSlot
        _upstreamSlot = -1
        let keepAlive = _keepAlive.take()
        _slotLock.unlock()
        Self._release(upstream, slot: slot)
        keepAlive?._letGo()
    }
}


/// A list of observers that an observer's upstream slot may hold with the observer's id in
/// it (`Observer._setUpstream(addedTo:id:)`), in place of a disposable object per
/// subscription: emptying the slot calls `remove(id:)`. Not generic, so that the call is
/// specialised code wherever the slot is emptied. The `Disposable` conformance only lets it
/// sit in the slot; the slot never calls `dispose()` on it.
///
/// An observer holds its list strongly while it is subscribed, and the list holds the
/// observer: a live subscription lives until it ends, whether or not its subject is kept
/// (Contracts.md, "Disposal and lifetimes"); once it has ended, neither holds the other.
@usableFromInline
class _SlotOwner: Disposable, @unchecked Sendable {
    @inlinable init() {}

    /// Removes the observer added as `id`, if it is still there.
    @usableFromInline
    func remove(id: Int) {}

    @usableFromInline
    final func dispose() {}

    @usableFromInline
    final var isDisposed: Bool { false }
}

/// A `_SlotOwner` whose removal is a closure (made where the list's types are known, so the
/// removal runs specialised code): a replaying subject's list of subscribers.
///
/// `@unchecked Sendable`: `_remove` is set once, by the owner's initialiser, before the owner
/// is shared (and so before any slot holds this).
@usableFromInline
final class _ClosureSlotOwner: _SlotOwner, @unchecked Sendable {
    @usableFromInline @exclusivity(unchecked) var _remove: @Sendable (Int) -> Void = { _ in }

    @inlinable
    override init() {}

    @usableFromInline
    override func remove(id: Int) {
        _remove(id)
    }
}

/// The disposable returned by `subscribe` (Contracts.md, "Lifetime"): a small cancellation
/// cell that holds the subscription's sink strongly while the subscription is live, and that
/// the sink empties when it stops (terminal event or dispose).
///
/// While the subscription is live, the sink keeps the cell (its `_keepAlive` slot) and the
/// cell keeps the sink: the subscription lives whatever the source keeps, even if the
/// disposable is dropped. When it ends, the sink lets go of the cell and the cell of the
/// sink, so a disposable kept after that (`self.subscription = …subscribe { self… }`) keeps
/// nothing of the subscription: not the observer's closures, nor what they capture. No weak
/// reference (and so no side table) is needed. Not generic: disposing through
/// `any Disposable` runs specialised code.
///
/// `@unchecked Sendable`: `_sink` is guarded by `_lock`.
@usableFromInline
final class _SubscriptionCell: Disposable, @unchecked Sendable {
    @usableFromInline let _lock = _InlineLock()
    @usableFromInline @exclusivity(unchecked) var _sink: _ObserverBase?

    @inlinable
    init(_ sink: _ObserverBase) {
        _sink = sink
    }

    /// Stops the sink and disposes what feeds it (the sink then empties this cell).
    @inlinable
    func dispose() {
        _lock.lock()
        let sink = _sink.take()
        _lock.unlock()
        sink?._dispose()
    }

    /// Whether the subscription has ended: the cell is empty, or its sink has stopped (a
    /// terminal event being delivered).
    @inlinable
    var isDisposed: Bool {
        _lock.lock()
        defer { _lock.unlock() }
        guard let sink = _sink else { return true }
        return sink._stopped.load(ordering: .acquiring)
    }

    /// Called by the sink when it stops: lets go of it (released outside the lock).
    @inlinable
    func _letGo() {
        _lock.lock()
        let sink = _sink.take()
        _lock.unlock()
        withExtendedLifetime(sink) {}
    }
}

/// What can be stopped ahead of its cleanup: an ``Observer`` and a binder, which pass the
/// stop on to the sinks that feed them (`Observer._stop()`).
@usableFromInline
protocol _Stoppable: AnyObject, Sendable {
    /// Stops delivering, and stops what feeds this, without disposing anything.
    func _stop()
}

extension _ObserverBase: _Stoppable {}

