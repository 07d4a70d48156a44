// flattenMap(.merge, f)  = flattenMap(f) (plain bind).
// flattenMap(.latest, f) = bind { .next(v) -> cut the running inner (BindControl), then f(v) }.
// flattenMap(.concat / .concurrent(limit:) / .first, f) = bindTrackingInners { a binding
//     that starts inner signals up to the limit, queues (.concat, .concurrent) or drops
//     (.first) the rest, and starts a queued one on each .innerCompleted }.
// flattenMap(any, f) over a constant just(v) = deferred { f(v) } (one inner signal, whatever
//     the strategy: a recursion through concatMap of a constant runs in constant stack).
// flatten(strategy)      = flattenMap(strategy) { $0 }.
// flatMap(strategy, f)   = flattenMap(strategy, f).
// The one-liners on these (concat(), switchToLatest(), ...) are in Signal+FlattenStrategies.swift;
// FlattenStrategy itself is in FlattenStrategy.swift.

extension Signal {
    /// Maps each value to a signal with `transform` and flattens those signals with
    /// `strategy`.
    ///
    /// Completes when this signal and every inner signal it started have completed; fails
    /// at the first error of this signal or of a running inner signal, disposing the rest;
    /// disposing the output disposes this signal and every running inner signal. `transform`
    /// is called when an inner signal starts: a value waiting its turn (`.concat`,
    /// `.concurrent`) is mapped when its turn comes, as RxSwift's `concatMap` does, and a
    /// value ignored by `.first` is never mapped. With `.latest`, an inner signal is disposed
    /// as soon as the next one arrives (after `transform` has made it), so it can no longer
    /// fail the output.
    ///
    /// Composed of: `.merge` is `flattenMap(_:)`; `.latest` is a `bind` whose binding cuts the
    /// running inner subscription (`BindControl.cancelInners()`) and returns the next; the others are
    /// `bindTrackingInners(_:)` with a binding that starts, queues or drops inner signals and
    /// starts a queued one each time a running one completes.
    ///
    /// ```swift
    /// Signal.from([1, 2]).flattenMap(.concat) { n in Signal.from([n, n * 10]) }
    ///     .subscribe(next: { print($0) })
    /// // Prints: 1, 10, 2, 20
    /// ```
    ///
    /// - Complexity: per inner signal, beyond `flattenMap(_:)`'s subscription: with `.latest`
    ///   nothing (the cut is bind's); with the others `bindTrackingInners(_:)`'s
    ///   `followed(by:)` link and notice.
    /// - Precondition: `.concurrent(limit:)` has a `limit` of at least 1.
    /// - SeeAlso: ReactiveSwift `flatMap(_:_:)`; RxSwift `flatMap`, `concatMap`,
    ///   `flatMapLatest`, `flatMapFirst`; Combine `flatMap(maxPublishers:_:)`.
    @inlinable
    public func flattenMap<U>(
        _ strategy: FlattenStrategy,
        _ transform: @escaping @Sendable (Value) -> Signal<U, Failure>
    ) -> Signal<U, Failure> {
        if case .concurrent(let limit) = strategy._kind { _ = _checkedLimit(limit) }  // even over a constant
        if let single = _flattenedIfConstant(transform) { return single }
        return switch strategy._kind {
        case .merge: flattenMap(transform)
        case .latest: _switchingMap(transform)
        case .concat: _limitedMap(limit: 1, dropsOverflow: false, transform)
        case .first: _limitedMap(limit: 1, dropsOverflow: true, transform)
        case .concurrent(let limit): _limitedMap(limit: _checkedLimit(limit), dropsOverflow: false, transform)
        }
    }

    /// Another name for `flattenMap(_:_:)` with a strategy, for readers coming from
    /// ReactiveSwift and RxSwift.
    ///
    /// Composed of: `flattenMap(strategy, transform)`.
    ///
    /// ```swift
    /// Signal.from([1, 2]).flatMap(.concat) { n in Signal.from([n, n * 100]) }
    ///     .subscribe(next: { print($0) })
    /// // Prints: 1, 100, 2, 200
    /// ```
    ///
    /// - SeeAlso: ReactiveSwift `flatMap(_:_:)`.
    @inlinable
    public func flatMap<U>(
        _ strategy: FlattenStrategy,
        _ transform: @escaping @Sendable (Value) -> Signal<U, Failure>
    ) -> Signal<U, Failure> {
        flattenMap(strategy, transform)
    }

    /// Flattens the signals this signal sends with `strategy`.
    ///
    /// Completes when this signal and every inner signal it started have completed; fails
    /// at the first error of this signal or of a running inner signal, disposing the rest;
    /// disposing the output disposes this signal and every running inner signal.
    /// `flatten(.merge)` is exactly `flatten()`.
    ///
    /// ![flatten(.merge)](marble-flatten-merge.svg)
    ///
    /// ![flatten(.concat)](marble-flatten-concat.svg)
    ///
    /// ![flatten(.latest)](marble-flatten-latest.svg)
    ///
    /// ![flatten(.first)](marble-flatten-first.svg)
    ///
    /// Composed of: `flattenMap(strategy) { $0 }`.
    ///
    /// ```swift
    /// let outer = Signal.from([Signal.from([1, 2]), Signal.from([3, 4])])
    /// outer.flatten(.concurrent(limit: 1)).subscribe(next: { print($0) })
    /// // Prints: 1, 2, 3, 4
    /// ```
    /// With `.concurrent(limit: 2)` (c waits while a and b run, and starts when a completes):
    /// ```
    /// outer:  -a-b-c---------|
    /// a:       -1---2|
    /// b:         -3------4|
    /// c:           ..--5---|
    /// output: --1-3-2--5-4---|
    /// ```
    ///
    /// - Precondition: `.concurrent(limit:)` has a `limit` of at least 1.
    /// - SeeAlso: ReactiveSwift `flatten(_:)`; RxSwift `merge()`, `concat()`,
    ///   `switchLatest()`, `merge(maxConcurrent:)`; Combine `flatMap(maxPublishers:)`.
    @inlinable
    public func flatten<V>(_ strategy: FlattenStrategy) -> Signal<V, Failure> where Value == Signal<V, Failure> {
        flattenMap(strategy) { $0 }
    }
}

extension Signal {
    /// `.latest`: every inner signal runs until the next one starts: the binding cuts the
    /// running inner subscription (`BindControl.cancelInners()`) and returns the new one. A
    /// cut inner leaves bind's count, so the output completes when the outer signal and the
    /// last inner signal have.
    @inlinable
    func _switchingMap<U>(_ transform: @escaping @Sendable (Value) -> Signal<U, Failure>) -> Signal<U, Failure> {
        bind {
            { event, control in
                switch event {
                case .next(let value):
                    let inner = transform(value)   // made first, then the previous one is cut
                    control.cancelInners()
                    return inner
                case .error(let error):
                    return .error(error)
                case .completed:
                    return nil
                }
            }
        }
    }

    /// `.concat`, `.concurrent(limit:)`, `.first`: at most `limit` inner signals at once; over
    /// the limit a value waits its turn (or, with `dropsOverflow`, is dropped). The binding
    /// learns that an inner signal has finished from `bindTrackingInners(_:)`, which also
    /// completes the output once the outer signal and every started inner signal are done.
    @inlinable
    func _limitedMap<U>(
        limit: Int,
        dropsOverflow: Bool,
        _ transform: @escaping @Sendable (Value) -> Signal<U, Failure>
    ) -> Signal<U, Failure> {
        bindTrackingInners {
            let book = _BindingState(_FlattenBook<Value>(limit: limit, dropsOverflow: dropsOverflow))
            return { event, _ in
                switch event {
                case .source(.next(let value)):
                    return book.value.admit(value).map(transform)
                case .source(.error(let error)):
                    return .error(error)
                case .source(.completed):
                    return nil
                case .innerCompleted:
                    return book.value.innerFinished().map(transform)
                }
            }
        }
    }
}

@inlinable
func _checkedLimit(_ limit: Int) -> Int {
    _precondition(limit >= 1, "Signals: FlattenStrategy.concurrent(limit:) needs a limit of 1 or more, got \(limit); .concat runs one at a time, .merge has no limit")
    return limit
}

/// The limited strategies' bookkeeping: how many inner signals run and the values waiting
/// their turn (when the output completes is `bindTrackingInners(_:)`'s business).
@usableFromInline
struct _FlattenBook<Value> {
    @usableFromInline let limit: Int
    @usableFromInline let dropsOverflow: Bool
    @usableFromInline var running = 0
    @usableFromInline var waiting = _Queue<Value>()

    @inlinable
    init(limit: Int, dropsOverflow: Bool) {
        self.limit = limit
        self.dropsOverflow = dropsOverflow
    }

    /// A value arrived: returns it if its inner signal starts now; otherwise queues or
    /// drops it.
    @inlinable
    mutating func admit(_ value: Value) -> Value? {
        if running < limit {
            running += 1
            return value
        }
        if !dropsOverflow { waiting.append(value) }
        return nil
    }

    /// An inner signal finished: returns the value whose inner signal starts in its place.
    @inlinable
    mutating func innerFinished() -> Value? {
        if let next = waiting.popFirst() { return next }
        running -= 1
        return nil
    }
}
