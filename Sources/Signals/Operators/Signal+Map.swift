// map    = flattenMap { .just(transform($0)) }
// filter = flattenMap { isIncluded($0) ? .just($0) : .empty }
// Both return constants, which bind delivers directly: no allocation per value.

extension Signal {
    /// Transforms each value with `transform`.
    ///
    /// Completion and errors pass through unchanged.
    ///
    /// Composed of: `flattenMap { .just(transform($0)) }` (bind's constant fast path: no
    /// subscription and no allocation per value).
    ///
    /// ```swift
    /// Signal.from([1, 2, 3]).map { $0 * 10 }.subscribe(next: { print($0) })
    /// // Prints: 10, 20, 30
    /// ```
    @inlinable
    public func map<U>(_ transform: @escaping @Sendable (Value) -> U) -> Signal<U, Failure> {
        flattenMap { .just(transform($0)) }
    }

    /// Keeps only the values for which `isIncluded` returns true.
    ///
    /// Completion and errors pass through unchanged.
    ///
    /// Composed of: `flattenMap { isIncluded($0) ? .just($0) : .empty }`.
    ///
    /// ```swift
    /// Signal.from(1...6).filter { $0 % 2 == 0 }.subscribe(next: { print($0) })
    /// // Prints: 2, 4, 6
    /// ```
    @inlinable
    public func filter(_ isIncluded: @escaping @Sendable (Value) -> Bool) -> Signal {
        flattenMap { isIncluded($0) ? .just($0) : .empty }
    }
}
