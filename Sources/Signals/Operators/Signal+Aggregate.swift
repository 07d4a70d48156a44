// count()              = reduce(0) { count, _ in count + 1 }.
// allSatisfy(p)        = a bind: `.next(v) -> p(v) ? nil : stop; .just(false)`,
//                        `.completed -> .just(true)`.
// contains(where: p)   = a bind: `.next(v) -> p(v) ? stop; .just(true) : nil`,
//                        `.completed -> .just(false)`.
// The early answers set `stop`, which disposes the source: an endless source ends too.

extension Signal {
    /// Sends how many values this signal sent, when it completes.
    ///
    /// Completes right after the count (`0` for an empty signal); fails with this signal's
    /// error (and sends no count).
    ///
    /// ![count()](marble-count.svg)
    ///
    /// Composed of: `reduce(0) { count, _ in count + 1 }`.
    ///
    /// ```swift
    /// Signal.from(["a", "b", "c"]).count().subscribe(next: { print($0) })
    /// // Prints: 3
    /// ```
    /// ```
    /// source: -a-b-c-|
    /// output: -------3|
    /// ```
    ///
    /// - SeeAlso: RxSwift `reduce(0) { $0 + 1 }`, ReactiveSwift (none; `reduce`),
    ///   Combine `count()`.
    @inlinable
    public func count() -> Signal<Int, Failure> {
        reduce(0) { count, _ in count + 1 }
    }

    /// Sends whether every value satisfies `predicate`: `false` at the first value that
    /// does not (then completes and disposes this signal), `true` when this signal
    /// completes (also when it is empty).
    ///
    /// Completes right after its one value; fails with this signal's error if that comes
    /// before the answer.
    ///
    /// ![allSatisfy { $0.isMultiple(of: 2) }](marble-allSatisfy.svg)
    ///
    /// Composed of: `bind` with `.next(v) -> predicate(v) ? nil : (stop; .just(false))`,
    /// `.completed -> .just(true)`.
    ///
    /// ```swift
    /// Signal.from(1...).allSatisfy { $0 < 3 }.subscribe(next: { print($0) })
    /// // Prints: false
    /// ```
    /// ```
    /// source: -1-2-3-…
    /// output: -----false|
    /// ```
    ///
    /// - SeeAlso: RxSwift (none; `filter` + `isEmpty`), ReactiveSwift (none),
    ///   Combine `allSatisfy(_:)`.
    @inlinable
    public func allSatisfy(_ predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Bool, Failure> {
        bind {
            { event, stop in
                switch event {
                case .next(let value):
                    if predicate(value) { return nil }
                    stop = true
                    return .just(false)
                case .error(let error):
                    return .error(error)
                case .completed:
                    return .just(true)
                }
            }
        }
    }

    /// Sends whether some value satisfies `predicate`: `true` at the first that does (then
    /// completes and disposes this signal), `false` when this signal completes without one.
    ///
    /// Completes right after its one value; fails with this signal's error if that comes
    /// before the answer.
    ///
    /// ![contains(where: { $0 > 3 })](marble-contains-where.svg)
    ///
    /// Composed of: `bind` with `.next(v) -> predicate(v) ? (stop; .just(true)) : nil`,
    /// `.completed -> .just(false)`.
    ///
    /// ```swift
    /// Signal.from(1...).contains(where: { $0 == 3 }).subscribe(next: { print($0) })
    /// // Prints: true
    /// ```
    /// ```
    /// source: -1-2-3-…
    /// output: -----true|
    /// ```
    ///
    /// - SeeAlso: RxSwift (none; `filter` + `take(1)`), ReactiveSwift (none),
    ///   Combine `contains(where:)`.
    @inlinable
    public func contains(where predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Bool, Failure> {
        bind {
            { event, stop in
                switch event {
                case .next(let value):
                    guard predicate(value) else { return nil }
                    stop = true
                    return .just(true)
                case .error(let error):
                    return .error(error)
                case .completed:
                    return .just(false)
                }
            }
        }
    }
}
