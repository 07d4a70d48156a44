// enumerated() = a stateful bind keeping the next offset:
//                `.next(v) -> .just((offset, v)); offset += 1`.

extension Signal {
    /// Pairs each value with its offset, counting from 0: `(offset: 0, element: first)`,
    /// `(offset: 1, element: second)`, …
    ///
    /// Completes when this signal completes; fails with its error. Each subscription counts
    /// from 0 again.
    ///
    /// ![enumerated()](marble-enumerated.svg)
    ///
    /// Composed of: a stateful `bind` keeping the next offset:
    /// `.next(v) -> .just((offset, v)); offset += 1` (constants only: no allocation per
    /// value).
    ///
    /// ```swift
    /// Signal.from(["a", "b"]).enumerated().subscribe(next: { print("\($0.offset): \($0.element)") })
    /// // Prints: 0: a, 1: b
    /// ```
    /// ```
    /// source: -a-----b-----|
    /// output: -(0,a)-(1,b)-|
    /// ```
    ///
    /// - SeeAlso: RxSwift `enumerated()` (labels `index`, `element`), Swift's
    ///   `Sequence.enumerated()` (whose labels these are); ReactiveSwift and Combine have none
    ///   (CombineExt `enumerated()`).
    @inlinable
    public func enumerated() -> Signal<(offset: Int, element: Value), Failure> {
        bind {
            let offset = _BindingState(0)
            return { event, _ in
                switch event {
                case .next(let value):
                    defer { offset.value += 1 }
                    return .just((offset: offset.value, element: value))
                case .error(let error):
                    return .error(error)
                case .completed:
                    return nil
                }
            }
        }
    }
}
