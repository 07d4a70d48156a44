// first()             = take(1).
// first(where: p)     = filter(p).take(1).
// last()              = a stateful bind keeping the last value: `.completed -> .just(last)`.
// replaceEmpty(with:) = a stateful bind: `.completed -> sawValue ? nil : .just(value)`.

extension Signal {
    /// Forwards the first value, then completes and disposes this signal.
    ///
    /// Completes after the first value, or without a value if this signal completes
    /// empty; fails with this signal's error if that comes first.
    ///
    /// ![first()](marble-first.svg)
    ///
    /// Composed of: `take(1)`.
    ///
    /// ```swift
    /// Signal.from(1...).first().subscribe(next: { print($0) })
    /// // Prints: 1
    /// ```
    /// ```
    /// source: -1-2-3-…
    /// output: -1|
    /// ```
    ///
    /// - SeeAlso: RxSwift `take(1)` (`first()` returns a Single there), ReactiveSwift
    ///   `take(first: 1)`, Combine `first()`.
    @inlinable
    public func first() -> Signal {
        take(1)
    }

    /// Forwards the first value for which `predicate` holds, then completes and disposes
    /// this signal.
    ///
    /// Completes after that value, or without a value if this signal completes first;
    /// fails with this signal's error if that comes first.
    ///
    /// ![first(where: { $0 > 3 })](marble-first-where.svg)
    ///
    /// Composed of: `filter(predicate).take(1)`.
    ///
    /// ```swift
    /// Signal.from(1...).first(where: { $0 % 5 == 0 }).subscribe(next: { print($0) })
    /// // Prints: 5
    /// ```
    /// ```
    /// source: -1-2-3-4-5-6-…
    /// output: ---------5|
    /// ```
    ///
    /// - SeeAlso: RxSwift `filter(_:).take(1)`, ReactiveSwift `filter(_:).take(first: 1)`,
    ///   Combine `first(where:)`.
    @inlinable
    public func first(where predicate: @escaping @Sendable (Value) -> Bool) -> Signal {
        filter(predicate).take(1)
    }

    /// Forwards the last value when this signal completes.
    ///
    /// Completes after that value, or without a value if this signal completes empty;
    /// fails with this signal's error (and sends no value).
    ///
    /// ![last()](marble-last.svg)
    ///
    /// Composed of: a stateful `bind` keeping the latest value:
    /// `.next(v) -> last = v; nil`, `.completed -> last.map(Signal.just)`.
    ///
    /// ```swift
    /// Signal.from([1, 2, 3]).last().subscribe(next: { print($0) })
    /// // Prints: 3
    /// ```
    /// ```
    /// source: -1-2-3-|
    /// output: -------3|
    /// ```
    ///
    /// - SeeAlso: RxSwift `takeLast(1)`, ReactiveSwift `take(last: 1)`, Combine `last()`.
    @inlinable
    public func last() -> Signal {
        bind {
            let last = _BindingState<Value?>(nil)
            return { event, _ in
                switch event {
                case .next(let value):
                    last.value = value
                    return nil
                case .error(let error):
                    return .error(error)
                case .completed:
                    guard let value = last.value else { return nil }
                    return .just(value)
                }
            }
        }
    }

    /// Forwards this signal's values; if it completes without any, sends `value` first.
    ///
    /// Completes when this signal completes; fails with its error (an empty signal that
    /// fails stays failed: nothing replaces it).
    ///
    /// ![replaceEmpty(with: "z")](marble-replaceEmpty.svg)
    ///
    /// Composed of: a stateful `bind`: `.next(v) -> sawValue = true; .just(v)`,
    /// `.completed -> sawValue ? nil : .just(value)`.
    ///
    /// ```swift
    /// Signal<Int, Never>.empty.replaceEmpty(with: 0).subscribe(next: { print($0) })
    /// // Prints: 0
    /// ```
    /// ```
    /// source: ----|
    /// output: ----0|
    /// ```
    ///
    /// - SeeAlso: RxSwift `ifEmpty(default:)`, ReactiveSwift (none; `collect` + `map`),
    ///   Combine `replaceEmpty(with:)`.
    @inlinable
    public func replaceEmpty(with value: Value) -> Signal {
        let replacement = Signal.just(value)
        return bind {
            let sawValue = _BindingState(false)
            return { event, _ in
                switch event {
                case .next(let element):
                    sawValue.value = true
                    return .just(element)
                case .error(let error):
                    return .error(error)
                case .completed:
                    return sawValue.value ? nil : replacement
                }
            }
        }
    }
}
