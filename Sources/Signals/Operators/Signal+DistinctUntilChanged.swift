// distinctUntilChanged(by: isSame) = a stateful bind keeping the last value sent:
//     `.next(v) -> last != nil && isSame(last!, v) ? nil : (last = v; .just(v))`.
// distinctUntilChanged()           = distinctUntilChanged(by: ==).
// The last value lives in the binding, so no `Value: Sendable` is needed.

extension Signal {
    /// Forwards a value only if it differs from the last value forwarded, as judged by
    /// `isSame` (`true` means "the same": dropped). The first value always passes.
    ///
    /// Completes when this signal completes; fails with its error. Each value is compared
    /// with the last value *forwarded* (as in RxSwift), not with the last value received,
    /// which matters only when `isSame` is not transitive.
    ///
    /// ![distinctUntilChanged(by: { $0.lowercased() == $1.lowercased() })](marble-distinctUntilChanged-by.svg)
    ///
    /// Composed of: a stateful `bind` keeping the last value forwarded:
    /// `.next(v) -> isSame(last, v) ? nil : (last = v; .just(v))` (constants only: no
    /// allocation per value).
    ///
    /// ```swift
    /// Signal.from(["a", "A", "b"]).distinctUntilChanged(by: { $0.lowercased() == $1.lowercased() })
    ///     .subscribe(next: { print($0) })
    /// // Prints: a, b
    /// ```
    /// ```
    /// source: -a-A-b-|
    /// output: -a---b-|
    /// ```
    ///
    /// - SeeAlso: RxSwift `distinctUntilChanged(_:)`, ReactiveSwift `skipRepeats(_:)`,
    ///   Combine `removeDuplicates(by:)`.
    @inlinable
    public func distinctUntilChanged(by isSame: @escaping @Sendable (Value, Value) -> Bool) -> Signal {
        bind {
            let last = _BindingState<Value?>(nil)
            return { event, _ in
                switch event {
                case .next(let value):
                    if let previous = last.value, isSame(previous, value) { return nil }
                    last.value = value
                    return .just(value)
                case .error(let error):
                    return .error(error)
                case .completed:
                    return nil
                }
            }
        }
    }
}

// `SendableMetatype` (not `Sendable`): `==` is called on whichever thread delivers, so the
// conformance must not be isolated to an actor; every non-isolated type, Sendable or not,
// qualifies.
extension Signal where Value: Equatable & SendableMetatype {
    /// Forwards a value only if it differs (`!=`) from the last value forwarded. The first
    /// value always passes.
    ///
    /// Completes when this signal completes; fails with its error.
    ///
    /// ![distinctUntilChanged()](marble-distinctUntilChanged.svg)
    ///
    /// Composed of: `distinctUntilChanged(by: ==)`.
    ///
    /// `Value` needs no `Sendable` conformance; its `Equatable` conformance must not be
    /// isolated to a global actor (`SendableMetatype`), since `==` runs on whichever thread
    /// delivers.
    ///
    /// ```swift
    /// Signal.from([1, 1, 2, 2, 1]).distinctUntilChanged().subscribe(next: { print($0) })
    /// // Prints: 1, 2, 1
    /// ```
    /// ```
    /// source: -1-1-2-2-1-|
    /// output: -1---2---1-|
    /// ```
    ///
    /// - SeeAlso: RxSwift `distinctUntilChanged()`, ReactiveSwift `skipRepeats()`,
    ///   Combine `removeDuplicates()`.
    @inlinable
    public func distinctUntilChanged() -> Signal {
        distinctUntilChanged(by: ==)
    }
}
