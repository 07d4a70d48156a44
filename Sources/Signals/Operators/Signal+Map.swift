// map           = flattenMap { .just(transform($0)) }
// map(\.path)   = map { $0[keyPath: path] }
// filter        = flattenMap { isIncluded($0) ? .just($0) : .empty }
// compactMap    = flattenMap { transform($0).map(just) ?? .empty }
// ignoreValues  = filter { _ in false }
// All return constants, which bind delivers directly: no allocation per value; and Core fuses
// consecutive ones of one type into one bind (bind's associativity: Contracts.md, "Stack safety").

extension Signal {
    /// Transforms each value with `transform`.
    ///
    /// Completion and errors pass through unchanged.
    ///
    /// ![map { $0 * 10 }](marble-map.svg)
    ///
    /// Composed of: `flattenMap { .just(transform($0)) }` (bind's constant fast path: no
    /// subscription and no allocation per value). Consecutive `map`, `filter` and `compactMap`
    /// that keep the value type are fused into one bind (by associativity: the same events,
    /// one subscription); a `map` that changes the type ends such a run.
    ///
    /// ```swift
    /// Signal.from([1, 2, 3]).map { $0 * 10 }.subscribe(next: { print($0) })
    /// // Prints: 10, 20, 30
    /// ```
    ///
    /// - SeeAlso: RxSwift `map`, ReactiveSwift `map`, Combine `map`.
    @inlinable
    public func map<U>(_ transform: @escaping @Sendable (Value) -> U) -> Signal<U, Failure> {
        _flattenMapToConstants { .some(transform($0)) }
    }

    /// Replaces each value with the property at `keyPath`.
    ///
    /// Completion and errors pass through unchanged.
    ///
    /// ![map(\.count)](marble-map-keyPath.svg)
    ///
    /// Composed of: `map { $0[keyPath: keyPath] }`.
    ///
    /// ```swift
    /// Signal.from(["a", "bcd"]).map(\.count).subscribe(next: { print($0) })
    /// // Prints: 1, 3
    /// ```
    ///
    /// - SeeAlso: ReactiveSwift `map(_ keyPath:)`, Combine `map(_ keyPath:)`.
    @inlinable
    public func map<U>(_ keyPath: KeyPath<Value, U> & Sendable) -> Signal<U, Failure> {
        map { $0[keyPath: keyPath] }
    }

    /// Keeps only the values for which `isIncluded` returns true.
    ///
    /// Completion and errors pass through unchanged.
    ///
    /// ![filter { $0.isMultiple(of: 2) }](marble-filter.svg)
    ///
    /// Composed of: `flattenMap { isIncluded($0) ? .just($0) : .empty }`, fused with the
    /// `map`, `filter` and `compactMap` of the same type around it into one bind.
    ///
    /// ```swift
    /// Signal.from(1...6).filter { $0 % 2 == 0 }.subscribe(next: { print($0) })
    /// // Prints: 2, 4, 6
    /// ```
    ///
    /// - SeeAlso: RxSwift `filter`, ReactiveSwift `filter`, Combine `filter`.
    @inlinable
    public func filter(_ isIncluded: @escaping @Sendable (Value) -> Bool) -> Signal {
        _flattenMapToConstants { isIncluded($0) ? $0 : nil }
    }

    /// Transforms each value with `transform` and forwards the results that are not `nil`.
    ///
    /// Completion and errors pass through unchanged.
    ///
    /// ![compactMap { Int($0) }](marble-compactMap.svg)
    ///
    /// Composed of: `flattenMap { transform($0).map(Signal.just) ?? .empty }` (constants
    /// only: no allocation per value), fused with the `map`, `filter` and `compactMap` around
    /// it into one bind.
    ///
    /// ```swift
    /// Signal.from(["1", "x", "3"]).compactMap { Int($0) }.subscribe(next: { print($0) })
    /// // Prints: 1, 3
    /// ```
    ///
    /// - SeeAlso: RxSwift `compactMap`, ReactiveSwift `compactMap` (`filterMap`),
    ///   Combine `compactMap`.
    @inlinable
    public func compactMap<U>(_ transform: @escaping @Sendable (Value) -> U?) -> Signal<U, Failure> {
        _flattenMapToConstants(transform)
    }

    /// Drops every value and forwards only the terminal event: a signal that says *when*
    /// this one has finished, and how.
    ///
    /// Completes when this signal completes; fails with its error.
    ///
    /// ![ignoreValues()](marble-ignoreValues.svg)
    ///
    /// Composed of: `filter { _ in false }`.
    ///
    /// ```swift
    /// Signal.from([1, 2]).ignoreValues().subscribe(next: { print($0) }, completed: { print("done") })
    /// // Prints: done
    /// ```
    ///
    /// - SeeAlso: ReactiveCocoa `ignoreValues`, RxSwift `ignoreElements`, ReactiveSwift (none;
    ///   `filter { _ in false }`), Combine `ignoreOutput`.
    @inlinable
    public func ignoreValues() -> Signal {
        filter { _ in false }
    }
}
