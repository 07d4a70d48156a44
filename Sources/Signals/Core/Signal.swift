/// A cold stream of events: nothing happens until you subscribe, and every subscription
/// runs the signal's work anew.
///
/// A subscription delivers `next*` then at most one of `error` / `completed`. After a
/// terminal event, or after its disposable is disposed, nothing more reaches the observer
/// and every resource of that subscription is released. It lives until then, whatever the
/// source keeps; the full rules are in <doc:Contracts>.
///
/// Every operator of the library is derived from one primitive, `bind(_:)`.
///
/// ```swift
/// let numbers = Signal<Int, Never> { observer in
///     observer.send(value: 1)
///     observer.send(value: 2)
///     observer.sendCompleted()
///     return nil
/// }
/// numbers.subscribe(next: { print($0) }, completed: { print("done") })
/// // Prints: 1, 2, done (one per line)
/// ```
///
/// - Note: `Value` is unconstrained, as in Combine: values are shared by subscriptions and
///   may be delivered on other threads. `Signal` itself is `Sendable`.
public struct Signal<Value, Failure: Error>: Sendable {
    /// How a signal produces its events. Constants are kept apart so that `bind` can deliver
    /// them without a subscription (its constant fast path), and associative compositions
    /// (`concat`, `merge`) keep their structure so that long folds flatten instead of nesting.
    ///
    /// `@unchecked Sendable`: the payloads are immutable; a constant's `Value` is only ever
    /// copied out to observers (`Value` is unconstrained by design: Contracts.md, "Swift 6").
    @usableFromInline
    enum _Representation: @unchecked Sendable {
        /// `just(value)`: the value, then completed.
        case value(Value)
        /// `empty`: completed.
        case completed
        /// `error(failure)`: the failure.
        case failure(Failure)
        /// Subscribes a sink: sends to it, and installs the subscription's resources in it
        /// with `Observer._setUpstream`.
        case subscribe(@Sendable (Observer<Value, Failure>) -> Void)
        /// An associative composition of many signals, kept flat (see `_AssociativeFold`).
        case fold(_AssociativeFold<Value, Failure>)
        /// A run of `map`, `filter` and `compactMap` over one source, fused into one bind
        /// (see `_ConstantStage`).
        case stage(_ConstantStage<Value, Failure>)
        /// `.subscribe`, of promptness `.holding` (a replaying subject, a timer: `_Promptness`).
        /// The promptness is in the representation, so that `Signal` stays one field: a
        /// signal made per value (`just`) is copied and destroyed as it was before promptness
        /// existed, and a timer made per value allocates nothing more.
        case holding(@Sendable (Observer<Value, Failure>) -> Void)
        /// `.subscribe`, of promptness `.quiet` (a subject, a bind over one).
        case quiet(@Sendable (Observer<Value, Failure>) -> Void)
        /// `.subscribe`, of promptness decided when subscribed (a share, a composition of
        /// one), kept in an object with its check.
        case declared(_DeclaredSource<Value, Failure>)
    }

    @usableFromInline let _representation: _Representation

    /// The representation alone: promptness `.unknown` for `.subscribe`, `.holding` for a
    /// constant, the object's own for the other cases.
    @inlinable
    init(_representation: _Representation) {
        self._representation = _representation
    }

    /// A signal of promptness `promptness` (the rules are in Promptness.swift), kept with
    /// the representation's objects (see `_Representation.declared`): `Signal` has no field
    /// of its own for it, as every signal made per value would copy and destroy it.
    @inlinable
    init(_representation: _Representation, _promptness promptness: _Promptness) {
        self._representation = _representation._declaring(promptness)
    }

    /// Creates a signal from a subscribe function, called once per subscription with the
    /// observer to send to. Return a disposable to release the subscription's resources,
    /// or `nil` if there are none.
    ///
    /// The observer you receive is a sink: it ignores events after a terminal event or after
    /// the subscription is disposed (check `observer.isStopped` to stop a long loop early).
    ///
    /// ```swift
    /// let answer = Signal<Int, Never> { observer in
    ///     observer.send(value: 42)
    ///     observer.sendCompleted()
    ///     return nil
    /// }
    /// ```
    @inlinable
    public init(_ subscribe: @escaping @Sendable (Observer<Value, Failure>) -> (any Disposable)?) {
        _representation = .subscribe { sink in
            sink._setUpstream(subscribe(sink))
        }
    }

    /// Subscribes `observer`: runs the signal's work and delivers its events to `observer`.
    ///
    /// ```swift
    /// let subscription = signal.subscribe(Observer { print($0) })
    /// subscription.dispose()
    /// ```
    ///
    /// The subscription is live from here until its terminal event or until the returned
    /// disposable is disposed, whatever the source keeps: a source that keeps no reference
    /// to its observer (one that only holds a resource until disposed) is not torn down
    /// early. Dropping the disposable does not end the subscription (as in RxSwift and
    /// ReactiveSwift; put it in a ``DisposeBag`` to tie it to an owner). Once the
    /// subscription has ended, nothing of it is kept through the disposable.
    ///
    /// - Returns: a disposable that ends the subscription; `isDisposed` is `false` while the
    ///   subscription is live. If the subscription has already ended when `subscribe`
    ///   returns, the disposable is already disposed.
    @discardableResult
    @inlinable
    public func subscribe(_ observer: Observer<Value, Failure>) -> any Disposable {
        switch _representation {
        case .value(let value):
            observer.send(value: value)
            observer.sendCompleted()
            return _DisposedDisposable.shared
        case .completed:
            observer.sendCompleted()
            return _DisposedDisposable.shared
        case .failure(let failure):
            observer.send(error: failure)
            return _DisposedDisposable.shared
        case .subscribe, .fold, .stage, .holding, .quiet, .declared:
            let sink = Observer<Value, Failure>._checkingConcurrentEntry(Observer { observer.send($0) })
            return _subscribeSink(sink)
        }
    }

    /// Subscribes with one closure per kind of event; missing closures ignore their events.
    ///
    /// The subscription lives until its terminal event or until the returned disposable is
    /// disposed (see ``subscribe(_:)``); then the closures, and what they capture, are
    /// released even if you keep the disposable.
    ///
    /// ```swift
    /// Signal.from([1, 2]).subscribe(next: { print($0) }, completed: { print("done") })
    /// // Prints: 1, 2, done
    /// ```
    @discardableResult
    @inlinable
    public func subscribe(
        next: (@Sendable (Value) -> Void)? = nil,
        error: (@Sendable (Failure) -> Void)? = nil,
        completed: (@Sendable () -> Void)? = nil
    ) -> any Disposable {
        _subscribeSink(Observer._checkingConcurrentEntry(Observer(next: next, error: error, completed: completed)))
    }

    /// Subscribes a fresh sink and returns the disposable that stops it. A subscription still
    /// live when its source's subscribe function returns is kept alive, whatever the source
    /// keeps, by its sink and its disposable holding each other until the sink stops
    /// (`_SubscriptionCell`).
    @inlinable
    func _subscribeSink(_ sink: Observer<Value, Failure>) -> any Disposable {
        _subscribe(sink)
        if sink.isStopped { return _DisposedDisposable.shared }
        let cell = _SubscriptionCell(sink)
        if !sink._keepAliveUntilStopped(cell) { return _DisposedDisposable.shared }
        return cell
    }

    /// The kernel's subscribe: sends to `sink` itself (no extra forwarding observer) and
    /// installs the subscription's resources in `sink`'s upstream slot.
    ///
    /// A subscribe function, or a fused run, is called straight away; the other cases are out of line, so that
    /// this frame, which a subscription through nested operators pays at every level, stays
    /// small (release: 320 → 288 → … bytes a level with `_Binder.start`'s constant path).
    @inlinable
    func _subscribe(_ sink: Observer<Value, Failure>) {
        switch _representation {
        case .subscribe(let subscribe): subscribe(sink)
        case .stage(let stage): stage.subscribe(sink)
        default: _subscribeOther(sink)
        }
    }

    /// `_subscribe` of a constant, a fold, or a source of a declared promptness (in debug
    /// builds each case's payload takes a slot in the frame, and `_subscribe`'s frame is paid
    /// at every level of a nested subscription).
    @inlinable @inline(never)
    func _subscribeOther(_ sink: Observer<Value, Failure>) {
        switch _representation {
        case .value(let value):
            sink.send(value: value)
            sink.sendCompleted()
        case .completed:
            sink.sendCompleted()
        case .failure(let failure):
            sink.send(error: failure)
        case .subscribe(let subscribe), .holding(let subscribe), .quiet(let subscribe):
            subscribe(sink)
        case .fold(let fold):
            fold.composition()._subscribe(sink)
        case .stage(let stage):
            stage.subscribe(sink)
        case .declared(let declared):
            declared.subscribe(sink)
        }
    }
}

extension Signal where Failure == Never {
    /// Subscribes to a signal that cannot fail, with closures for values and completion.
    ///
    /// ```swift
    /// Signal.just(1).subscribe(next: { print($0) }) // Prints: 1
    /// ```
    @discardableResult
    @inlinable
    public func subscribe(
        next: (@Sendable (Value) -> Void)? = nil,
        completed: (@Sendable () -> Void)? = nil
    ) -> any Disposable {
        _subscribeSink(Observer._checkingConcurrentEntry(Observer(next: next, error: nil, completed: completed)))
    }
}

/// A disposable that stops a sink and disposes what feeds it, holding the sink weakly: the
/// handle `share` and `publish` keep on a connection's upstream sink before subscribing it
/// (the disposable `subscribe` returns is a `_SubscriptionCell`).
@usableFromInline
final class _SinkDisposable<Value, Failure: Error>: Disposable {
    @usableFromInline weak let _sink: Observer<Value, Failure>?

    @inlinable
    init(_ sink: Observer<Value, Failure>) {
        _sink = sink
    }

    @usableFromInline
    func dispose() {
        _sink?._dispose()
    }

    @usableFromInline
    var isDisposed: Bool { _sink?.isStopped ?? true }
}
