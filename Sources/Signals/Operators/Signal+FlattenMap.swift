// flattenMap = bind with the binding `.next(v) -> transform(v)`, `.error(e) -> .error(e)`,
//              `.completed -> nil`.
// flatten    = flattenMap { $0 }.
// A constant source is flattened structurally: just(v).flattenMap(f) subscribes f(v)'s signal
// as the whole output, a tail call (as deferred { f(v) } would), so a recursion through
// flattenMap of a constant runs in constant stack; empty and error stay themselves.

extension Signal {
    /// Maps each value to a signal and merges the values of all those signals into one output.
    ///
    /// Inner signals run concurrently, as in `merge`. The output completes when this signal
    /// and every inner signal have completed; the first error, from this signal or any inner
    /// one, fails it and disposes everything else.
    ///
    /// ![flattenMap { inner[$0]! }](marble-flattenMap.svg)
    ///
    /// Composed of: `bind` with the binding `.next(v) -> transform(v)`,
    /// `.error(e) -> .error(e)`, `.completed -> nil`; over a constant (`just(v)`), the one
    /// inner signal `transform(v)` is the whole output, subscribed as a tail call, so that a
    /// recursion through `flattenMap` of a constant runs in constant stack.
    ///
    /// ```swift
    /// Signal.from([1, 2]).flattenMap { n in Signal.from([n, n * 10]) }
    ///     .subscribe(next: { print($0) })
    /// // Prints: 1, 10, 2, 20
    /// ```
    @inlinable @inline(__always)
    public func flattenMap<U>(_ transform: @escaping @Sendable (Value) -> Signal<U, Failure>) -> Signal<U, Failure> {
        if let ended: Signal<U, Failure> = _flattenedIfEnded() { return ended }
        // Over just(v), the output is transform(v)'s signal, subscribed as a tail call.
        return _mergeMap(transform, constantValueEnds: true)
    }

    /// flattenMap's bind (`map`, `filter` and `compactMap` use it as it is: their inner signals
    /// are constants, so no recursion nests through them). The transform is captured by this
    /// one closure only, so that the compiler inlines it into the binding: capturing it in a
    /// second closure (a `deferred` for the constant case) cost each stage a call through a
    /// partial-apply forwarder per value, and each subscription an allocation.
    @inlinable
    func _mergeMap<U>(
        _ transform: @escaping @Sendable (Value) -> Signal<U, Failure>,
        constantValueEnds: Bool = false
    ) -> Signal<U, Failure> {
        _bind(constantValueEnds: constantValueEnds) {
            { event, _ in
                switch event {
                case .next(let value): return transform(value)
                case .error(let error): return .error(error)
                case .completed: return nil
                }
            }
        }
    }

    /// Another name for ``flattenMap(_:)``, for readers coming from Combine and RxSwift.
    ///
    /// Composed of: `flattenMap`.
    ///
    /// ```swift
    /// ids.flatMap { id in load(id) }
    /// ```
    @inlinable
    public func flatMap<U>(_ transform: @escaping @Sendable (Value) -> Signal<U, Failure>) -> Signal<U, Failure> {
        flattenMap(transform)
    }

    /// Merges the values of the signals this signal sends.
    ///
    /// Completes when this signal and every inner signal have completed; the first error
    /// fails it and disposes everything else.
    ///
    /// ![flatten()](marble-flatten.svg)
    ///
    /// Composed of: `flattenMap { $0 }`.
    ///
    /// ```swift
    /// Signal.from([Signal.from([1, 2]), Signal.just(3)]).flatten()
    ///     .subscribe(next: { print($0) })
    /// // Prints: 1, 2, 3
    /// ```
    @inlinable
    public func flatten<V>() -> Signal<V, Failure> where Value == Signal<V, Failure> {
        flattenMap { $0 }
    }
}
