// Lifetime: how long something lives (a server, a connection, an owner), as a value that
// other code can observe.
//
//   Lifetime.make()        = a lifetime and the token that ends it (on `end()` or deinit)
//   lifetime.observeEnded  = an action in the lifetime's table, run once when it ends, or at
//                            once if it has ended; its disposable takes it out of the table
//   lifetime.ended         = a signal over observeEnded: `()` then `completed`
//   disposable.disposed(by: lifetime) = observeEnded { disposable.dispose() }
//
// A mechanism, not an operator, so it lives here with the app-level state types (its state,
// `hasEnded`, is what users read); `take(during:)` is the operator over it
// (Operators/Signal+TakeDuring.swift). It keeps its own small table of actions rather than a
// `Subject`, so that the table's size can be read (`_observerCount`): the tests check that
// ended subscriptions leave nothing behind in a lifetime that lives for a whole server run.

/// How long something lives — a server, a connection, a screen — as a value you can hand
/// out: code that holds a `Lifetime` can ask whether it ``hasEnded``, run an action when it
/// ends (``observeEnded(_:)``), and end its signals with it (``Signal/take(during:)``).
///
/// A lifetime is made with the ``Token`` that ends it: ``make()`` returns both. Keep the
/// token where the thing lives (the server's run, the connection's handler) and hand out the
/// lifetime. The lifetime ends when the token is ended with ``Token/end()``, or released
/// (its deinit ends it), whichever comes first; ending it again does nothing.
///
/// When it ends, the lifetime runs the actions observing it, in the order they were added,
/// on the thread that ended it, then lets go of them: an ended lifetime holds nothing of its
/// observers. An observation disposed before the end is taken out of the lifetime at once,
/// so a lifetime that lasts as long as a server does not grow with the subscriptions that
/// came and went during it: its table shrinks when it falls below a quarter of its
/// capacity, so a burst of 100,000 connections leaves no storage behind once they are gone.
///
/// Composed of: a locked table of actions (its own mechanism, not a composition);
/// ``ended`` is a signal over ``observeEnded(_:)``.
///
/// ```swift
/// let (lifetime, token) = Lifetime.make()
/// lifetime.observeEnded { print("shutting down") }
/// Signal.from([1, 2]).take(during: lifetime).subscribe(next: { print($0) })
/// token.end()
/// // Prints: 1, 2, shutting down
/// ```
///
/// - SeeAlso: ReactiveSwift `Lifetime` and `Lifetime.Token` (the same idea and names; its
///   `ended` signal only completes, ours sends `()` first); RxSwift's `DisposeBag` ties
///   subscriptions to an owner the same way; Combine's `Set<AnyCancellable>`.
public final class Lifetime: Sendable {
    private let _state: _Locked<_LifetimeState>

    private init(hasEnded: Bool) {
        _state = _Locked(_LifetimeState(hasEnded: hasEnded))
    }

    /// Makes a lifetime and the token that ends it.
    ///
    /// The lifetime does not keep the token: releasing the token (the last reference to it)
    /// ends the lifetime, as ending it explicitly does.
    ///
    /// ```swift
    /// let (lifetime, token) = Lifetime.make()
    /// print(lifetime.hasEnded) // Prints: false
    /// token.end()
    /// print(lifetime.hasEnded) // Prints: true
    /// ```
    public static func make() -> (lifetime: Lifetime, token: Token) {
        let lifetime = Lifetime(hasEnded: false)
        return (lifetime, Token(lifetime))
    }

    /// A lifetime that has already ended: ``observeEnded(_:)`` runs its action at once and
    /// ``Signal/take(during:)`` completes at once.
    ///
    /// ```swift
    /// print(Lifetime.empty.hasEnded) // Prints: true
    /// ```
    public static let empty = Lifetime(hasEnded: true)

    /// Whether the lifetime has ended. It is `true` already while the actions observing the
    /// end run.
    ///
    /// ```swift
    /// let (lifetime, token) = Lifetime.make()
    /// token.end()
    /// print(lifetime.hasEnded) // Prints: true
    /// ```
    public var hasEnded: Bool {
        _state.withLock { $0.hasEnded }
    }

    /// A signal that sends `()` and completes when the lifetime ends; subscribed after the
    /// end, it sends them at once. It never fails.
    ///
    /// ![lifetime.ended](marble-lifetime-ended.svg)
    ///
    /// It sends a value before completing (ReactiveSwift's `ended` only completes) so that
    /// `take(until: lifetime.ended)` works as ``Signal/take(during:)`` does: `take(until:)`
    /// stops on its trigger's first value, not on its completion.
    ///
    /// Composed of: a subscription is an ``observeEnded(_:)`` that sends `()` and
    /// `completed`; disposing the subscription disposes the observation.
    ///
    /// ```swift
    /// let (lifetime, token) = Lifetime.make()
    /// lifetime.ended.subscribe(next: { print("ended") }, completed: { print("completed") })
    /// token.end()
    /// // Prints: ended, completed
    /// ```
    public var ended: Signal<Void, Never> {
        // A source that holds what it sends (`values` subscribes it on the loop's thread):
        // subscribing adds an action, or sends the two events at once after the end.
        Signal { [self] observer in
            observeEnded {
                observer.send(value: ())
                observer.sendCompleted()
            }
        }._declaring(.holding)
    }

    /// Runs `action` once, when the lifetime ends, on the thread that ends it (after the
    /// actions added before it); if the lifetime has already ended, runs it at once, on this
    /// thread.
    ///
    /// Disposing the returned disposable before the end takes the action out of the
    /// lifetime (it will not run, and is released). After the end, the lifetime holds
    /// nothing of the action, whether or not the disposable is kept.
    ///
    /// ```swift
    /// let (lifetime, token) = Lifetime.make()
    /// let observation = lifetime.observeEnded { print("closing the database") }
    /// token.end() // Prints: closing the database
    /// print(observation.isDisposed) // Prints: true
    /// ```
    @discardableResult
    public func observeEnded(_ action: @escaping @Sendable () -> Void) -> any Disposable {
        let id = _state.withLock { state -> Int? in
            if state.hasEnded { return nil }
            return state.add(action)
        }
        guard let id else {
            action()
            return _DisposedDisposable.shared
        }
        return _LifetimeObservation(lifetime: self, id: id)
    }

    /// The number of actions waiting for the end (observations and `ended` subscriptions
    /// that are still live): what a lifetime keeps. For the tests.
    package var _observerCount: Int {
        _state.withLock { $0.actions.count }
    }

    /// Ends the lifetime: runs every waiting action in order, outside the lock, and lets go
    /// of them. Only the first call has an effect.
    fileprivate func _end() {
        let actions = _state.withLock { state -> [(id: Int, action: @Sendable () -> Void)] in
            if state.hasEnded { return [] }
            state.hasEnded = true
            defer { state.actions = [:] }
            return state.actions.map { (id: $0.key, action: $0.value) }
        }
        for entry in actions.sorted(by: { $0.id < $1.id }) { entry.action() }
    }

    fileprivate func _remove(_ id: Int) {
        let removed = _state.withLock { state in
            (state.actions.removeValue(forKey: id), state.releaseSparseStorage())
        }
        _ = removed // released here, outside the lock
    }

    fileprivate func _isWaiting(_ id: Int) -> Bool {
        _state.withLock { $0.actions[id] != nil }
    }

    /// What ends a ``Lifetime``: ``end()``, or the token's deinit, whichever comes first.
    ///
    /// Keep the token where the thing that lives is kept (a server's run, a connection's
    /// handler, an owner's stored property), and give out only its ``Lifetime``.
    ///
    /// ```swift
    /// final class Connection {
    ///     private let token: Lifetime.Token
    ///     let lifetime: Lifetime
    ///     init() { (lifetime, token) = Lifetime.make() }
    /// }   // the connection's deinit releases the token: its lifetime ends
    /// ```
    ///
    /// - SeeAlso: ReactiveSwift `Lifetime.Token` (`dispose()` there).
    public final class Token: Sendable {
        /// The lifetime this token ends.
        ///
        /// ```swift
        /// let (_, token) = Lifetime.make()
        /// token.lifetime.observeEnded { print("ended") }
        /// ```
        public let lifetime: Lifetime

        fileprivate init(_ lifetime: Lifetime) {
            self.lifetime = lifetime
        }

        /// Ends the lifetime now: the actions observing it run on this thread before
        /// `end()` returns. Only the first call (or the deinit, if it comes first) has an
        /// effect.
        ///
        /// ```swift
        /// let (lifetime, token) = Lifetime.make()
        /// lifetime.observeEnded { print("ended") }
        /// token.end() // Prints: ended
        /// token.end() // nothing
        /// ```
        public func end() {
            lifetime._end()
        }

        deinit {
            lifetime._end()
        }
    }
}

extension Disposable {
    /// Ties this disposable to `lifetime`: it is disposed when the lifetime ends (at once if
    /// the lifetime has already ended).
    ///
    /// The lifetime keeps the disposable until it ends, even if it is disposed earlier: for
    /// a subscription that may end long before the lifetime does (a request's feed inside a
    /// server's lifetime), prefer ``Signal/take(during:)``, which leaves nothing behind in the
    /// lifetime when the subscription ends.
    ///
    /// Composed of: `lifetime.observeEnded { self.dispose() }`.
    ///
    /// ```swift
    /// let (lifetime, token) = Lifetime.make()
    /// ticks.subscribe(next: { print($0) }).disposed(by: lifetime)
    /// token.end() // the subscription is disposed
    /// ```
    ///
    /// - SeeAlso: ReactiveSwift `lifetime += disposable`; RxSwift `disposed(by: bag)`.
    public func disposed(by lifetime: Lifetime) {
        lifetime.observeEnded { self.dispose() }
    }
}

/// The state of a ``Lifetime``, under its lock: whether it has ended, and the actions
/// waiting for the end, by increasing id (the order they were added in).
private struct _LifetimeState {
    var hasEnded: Bool
    var actions: [Int: @Sendable () -> Void] = [:]
    var nextID = 0

    init(hasEnded: Bool) {
        self.hasEnded = hasEnded
    }

    mutating func add(_ action: @escaping @Sendable () -> Void) -> Int {
        defer { nextID += 1 }
        actions[nextID] = action
        return nextID
    }

    /// When the table has fallen below a quarter of a capacity sized by a past peak (a
    /// server's lifetime after a burst of connections), moves the actions left to a table with
    /// room to double, and returns the old one, for the caller to release outside the lock.
    /// Amortised O(1) per removal.
    mutating func releaseSparseStorage() -> [Int: @Sendable () -> Void]? {
        guard actions.capacity > 64, actions.count < actions.capacity / 4 else { return nil }
        var smaller = [Int: @Sendable () -> Void](minimumCapacity: actions.count * 2)
        for (id, action) in actions { smaller[id] = action }
        defer { actions = smaller }
        return actions
    }
}

/// One action waiting in a ``Lifetime``: disposing it takes the action out. It is disposed
/// once the action has run or been taken out.
private final class _LifetimeObservation: Disposable {
    private let lifetime: Lifetime
    private let id: Int

    init(lifetime: Lifetime, id: Int) {
        self.lifetime = lifetime
        self.id = id
    }

    func dispose() {
        lifetime._remove(id)
    }

    var isDisposed: Bool {
        !lifetime._isWaiting(id)
    }
}
