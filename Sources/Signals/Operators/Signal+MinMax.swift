// min(by: areInIncreasingOrder) = a stateful bind keeping the least value so far:
//                                 `.completed -> least.map(Signal.just)`.
// max(by: areInIncreasingOrder) = min(by: { areInIncreasingOrder($1, $0) }).
// min() / max()                 = min(by: <) / max(by: <).

extension Signal {
    /// Sends the least value when this signal completes, as ordered by
    /// `areInIncreasingOrder`; of equal least values, the first.
    ///
    /// Completes: after that value, or without a value if this signal completes empty.
    /// Fails: with this signal's error, sending no value. Disposes: this signal.
    ///
    /// Composed of: a stateful `bind` keeping the least value so far:
    /// `.next(v) -> least = v if it orders before; nil`, `.completed -> least.map(Signal.just)`.
    ///
    /// ```swift
    /// Signal.from(["pear", "fig", "banana"]).min(by: { $0.count < $1.count }).subscribe(next: { print($0) })
    /// // Prints: fig
    /// ```
    /// (from `MinMaxTests`)
    /// ```
    /// self:   -c-a-b|
    /// output: ------(a|)
    /// ```
    ///
    /// - SeeAlso: RxJS `min(comparer)` (RxSwift has none: `reduce`), ReactiveSwift none,
    ///   Combine `min(by:)`.
    public func min(by areInIncreasingOrder: @escaping @Sendable (Value, Value) -> Bool) -> Signal {
        bind {
            let least = _BindingState<Value?>(nil)
            return { event, _ in
                switch event {
                case .next(let value):
                    if let current = least.value, !areInIncreasingOrder(value, current) { return nil }
                    least.value = value
                    return nil
                case .error(let error):
                    return .error(error)
                case .completed:
                    return least.value.map { .just($0) }
                }
            }
        }
    }

    /// Sends the greatest value when this signal completes, as ordered by
    /// `areInIncreasingOrder`; of equal greatest values, the first.
    ///
    /// Completes: after that value, or without a value if this signal completes empty.
    /// Fails: with this signal's error, sending no value. Disposes: this signal.
    ///
    /// Composed of: `min(by: { areInIncreasingOrder($1, $0) })`.
    ///
    /// ```swift
    /// Signal.from(["pear", "fig", "banana"]).max(by: { $0.count < $1.count }).subscribe(next: { print($0) })
    /// // Prints: banana
    /// ```
    /// (from `MinMaxTests`)
    /// ```
    /// self:   -b-c-a|
    /// output: ------(c|)
    /// ```
    ///
    /// - SeeAlso: RxJS `max(comparer)` (RxSwift has none: `reduce`), ReactiveSwift none,
    ///   Combine `max(by:)`.
    public func max(by areInIncreasingOrder: @escaping @Sendable (Value, Value) -> Bool) -> Signal {
        min(by: { areInIncreasingOrder($1, $0) })
    }
}

// `SendableMetatype`, as `distinctUntilChanged()`: `<` runs on whichever thread delivers.
extension Signal where Value: Comparable & SendableMetatype {
    /// Sends the least value when this signal completes; of equal least values, the first.
    ///
    /// Completes: after that value, or without a value if this signal completes empty.
    /// Fails: with this signal's error, sending no value.
    ///
    /// ![min()](marble-min.svg)
    ///
    /// Composed of: `min(by: <)`.
    ///
    /// ```swift
    /// Signal.from([3, 1, 2]).min().subscribe(next: { print($0) })
    /// // Prints: 1
    /// ```
    /// ```
    /// self:   -c-a-b|
    /// output: ------(a|)
    /// ```
    ///
    /// - SeeAlso: RxJS `min()`, Combine `min()`.
    public func min() -> Signal {
        min(by: { $0 < $1 })
    }

    /// Sends the greatest value when this signal completes; of equal greatest values, the first.
    ///
    /// Completes: after that value, or without a value if this signal completes empty.
    /// Fails: with this signal's error, sending no value.
    ///
    /// ![max()](marble-max.svg)
    ///
    /// Composed of: `max(by: <)`.
    ///
    /// ```swift
    /// Signal.from([3, 1, 2]).max().subscribe(next: { print($0) })
    /// // Prints: 3
    /// ```
    /// ```
    /// self:   -b-c-a|
    /// output: ------(c|)
    /// ```
    ///
    /// - SeeAlso: RxJS `max()`, Combine `max()`.
    public func max() -> Signal {
        max(by: { $0 < $1 })
    }
}
