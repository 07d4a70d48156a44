// combinePrevious(initial) = a stateful bind keeping the previous value:
//                            `.next(v) -> .just((previous, v)); previous = v`.
// pairwise()               = the same bind with `previous: Value?`, sending nothing for the
//                            first value.

extension Signal {
    /// Pairs each value with the one before it: `(previous, current)`; the first value is
    /// paired with `initial`.
    ///
    /// Completes when this signal completes; fails with its error. Each subscription starts
    /// again from `initial`.
    ///
    /// ![combinePrevious(0)](marble-combinePrevious.svg)
    ///
    /// Composed of: a stateful `bind` keeping the previous value:
    /// `.next(v) -> .just((previous, v)); previous = v` (constants only: no allocation per
    /// value).
    ///
    /// ```swift
    /// Signal.from([1, 2, 3]).combinePrevious(0).subscribe(next: { print($0) })
    /// // Prints: (0, 1), (1, 2), (2, 3)
    /// ```
    /// ```
    /// source: -1-----2-----3-----|
    /// output: -(0,1)-(1,2)-(2,3)-|
    /// ```
    ///
    /// - SeeAlso: RxSwift (none; `scan` with a pair), ReactiveSwift `combinePrevious(_:)`,
    ///   Combine (none; `scan` with a pair).
    @inlinable
    public func combinePrevious(_ initial: Value) -> Signal<(Value, Value), Failure> {
        // Each subscription copies `initial` into its own state; the seed itself is only
        // read, as a `just(initial)` would be (values are shared by subscriptions).
        nonisolated(unsafe) let seed = initial
        return bind {
            let previous = _BindingState(seed)
            return { event, _ in
                switch event {
                case .next(let value):
                    defer { previous.value = value }
                    return .just((previous.value, value))
                case .error(let error):
                    return .error(error)
                case .completed:
                    return nil
                }
            }
        }
    }

    /// Pairs each value with the one before it, `(previous, current)`, from the second value
    /// on: the first value is only kept.
    ///
    /// ``combinePrevious(_:)`` without a seed. Completes when this signal completes (a signal
    /// of one value sends nothing); fails with its error. Each subscription starts again
    /// without a previous value.
    ///
    /// ![pairwise()](marble-pairwise.svg)
    ///
    /// Composed of: a stateful `bind` keeping the previous value (`nil` at first):
    /// `.next(v) -> previous.map { .just(($0, v)) }; previous = v`.
    ///
    /// ```swift
    /// Signal.from([1, 2, 4]).pairwise().map { $1 - $0 }.subscribe(next: { print($0) })
    /// // Prints: 1, 2
    /// ```
    /// ```
    /// source: -1-----2-----3-----|
    /// output: -------(1,2)-(2,3)-|
    /// ```
    ///
    /// - SeeAlso: RxSwiftExt and CombineExt `pairwise()`, RxJS `pairwise()`,
    ///   swift-async-algorithms `adjacentPairs()`; ReactiveSwift `combinePrevious()` (no seed).
    @inlinable
    public func pairwise() -> Signal<(Value, Value), Failure> {
        bind {
            let previous = _BindingState<Value?>(nil)
            return { event, _ in
                switch event {
                case .next(let value):
                    defer { previous.value = value }
                    return previous.value.map { .just(($0, value)) }
                case .error(let error):
                    return .error(error)
                case .completed:
                    return nil
                }
            }
        }
    }
}
