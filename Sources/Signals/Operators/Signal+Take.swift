// take(n)         = n == 0 ? .empty : a stateful bind counting down:
//                   `.next(v) -> stop when the n-th; .just(v)`.
// take(while: p)  = bind: `.next(v) -> p(v) ? .just(v) : stop`.
// take(while: p, inclusive: true) = bind: `.next(v) -> p(v) ? .just(v) : (stop; .just(v))`.
// takeLast(n)     = a stateful bind keeping the last n values:
//                   `.completed -> Signal.merge(last.map(Signal.just))`.
// Stopping disposes the source, so an endless synchronous source ends too.

extension Signal {
    /// Forwards the first `count` values, then completes and disposes this signal.
    ///
    /// Completes after the `count`-th value, or when this signal completes first; fails
    /// with its error if that comes first. `take(0)` completes at once without subscribing
    /// to this signal (as RxSwift does).
    ///
    /// ![take(2)](marble-take.svg)
    ///
    /// Composed of: a stateful `bind` counting down: `.next(v) -> .just(v)`, setting `stop`
    /// on the `count`-th value (which disposes the source).
    ///
    /// ```swift
    /// Signal.from(1...).take(3).subscribe(next: { print($0) })
    /// // Prints: 1, 2, 3
    /// ```
    /// ```
    /// source: -1-2-3-4-5-…
    /// output: -1-2-3|
    /// ```
    ///
    /// - Precondition: `count >= 0`.
    /// - SeeAlso: RxSwift `take(_:)`, ReactiveSwift `take(first:)`, Combine `prefix(_:)`.
    @inlinable
    public func take(_ count: Int) -> Signal {
        _precondition(count >= 0, "Signals: take(_:) needs a count of 0 or more, got \(count); take(0) completes at once")
        guard count > 0 else { return .empty }
        return bind {
            let remaining = _BindingState(count)
            return { event, stop in
                switch event {
                case .next(let value):
                    remaining.value -= 1
                    if remaining.value == 0 { stop = true }
                    return .just(value)
                case .error(let error):
                    return .error(error)
                case .completed:
                    return nil
                }
            }
        }
    }

    /// Forwards values while `predicate` holds; at the first value for which it does not,
    /// completes (without that value) and disposes this signal.
    ///
    /// Completes at the first failing value, or when this signal completes; fails with
    /// its error.
    ///
    /// ![take(while: { $0 < 4 })](marble-take-while.svg)
    ///
    /// Composed of: `bind` with `.next(v) -> predicate(v) ? .just(v) : stop`.
    ///
    /// ```swift
    /// Signal.from([1, 2, 5, 1]).take(while: { $0 < 3 }).subscribe(next: { print($0) })
    /// // Prints: 1, 2
    /// ```
    /// ```
    /// source: -1-2-5-1-|
    /// output: -1-2-|
    /// ```
    ///
    /// - SeeAlso: RxSwift `take(while:)`, ReactiveSwift `take(while:)`,
    ///   Combine `prefix(while:)`.
    @inlinable
    public func take(while predicate: @escaping @Sendable (Value) -> Bool) -> Signal {
        bind {
            { event, stop in
                switch event {
                case .next(let value):
                    if predicate(value) { return .just(value) }
                    stop = true
                    return nil
                case .error(let error):
                    return .error(error)
                case .completed:
                    return nil
                }
            }
        }
    }

    /// Forwards values while `predicate` holds; at the first value for which it does not,
    /// completes and disposes this signal — after sending that value too when `inclusive`
    /// is `true`.
    ///
    /// `take(while: p, inclusive: false)` is ``take(while:)``. With `inclusive: true` the
    /// value that ends the prefix is part of it (RxJS's `takeWhile(p, true)`): a search that
    /// stops at its answer, a countdown that ends on zero.
    ///
    /// Completes right after the first failing value (sent first when `inclusive`), or when
    /// this signal completes; fails with its error.
    ///
    /// ![take(while: { $0 < 4 }, inclusive: true)](marble-take-while-inclusive.svg)
    ///
    /// Composed of: `bind` with `.next(v) -> predicate(v) ? .just(v) : stop`, returning
    /// `.just(v)` with the stop when `inclusive`.
    ///
    /// ```swift
    /// Signal.from([3, 2, 1, 0, 5]).take(while: { $0 > 0 }, inclusive: true)
    ///     .subscribe(next: { print($0) })
    /// // Prints: 3, 2, 1, 0
    /// ```
    /// ```
    /// source: -3-2-0-5-|
    /// output: -3-2-(0|)
    /// ```
    ///
    /// - SeeAlso: RxJS `takeWhile(predicate, true)`; RxSwift `take(while:behavior: .inclusive)`;
    ///   ReactiveSwift and Combine have none (`prefix(while:)` is exclusive).
    @inlinable
    public func take(while predicate: @escaping @Sendable (Value) -> Bool, inclusive: Bool) -> Signal {
        guard inclusive else { return take(while: predicate) }
        return bind {
            { event, stop in
                switch event {
                case .next(let value):
                    if !predicate(value) { stop = true }
                    return .just(value)
                case .error(let error):
                    return .error(error)
                case .completed:
                    return nil
                }
            }
        }
    }

    /// Forwards the last `count` values, in order, when this signal completes.
    ///
    /// Completes after those values; fails with this signal's error, dropping what was
    /// kept. `takeLast(0)` forwards only the terminal event.
    ///
    /// ![takeLast(2)](marble-takeLast.svg)
    ///
    /// Composed of: a stateful `bind` keeping the last `count` values in a queue:
    /// `.next(v) -> keep v, drop the oldest; nil`,
    /// `.completed -> Signal.merge(kept.map(Signal.just))` (constants, delivered in order).
    ///
    /// ```swift
    /// Signal.from(1...5).takeLast(2).subscribe(next: { print($0) })
    /// // Prints: 4, 5
    /// ```
    /// ```
    /// source: -1-2-3-4-5-|
    /// output: -----------(45)|
    /// ```
    ///
    /// - Precondition: `count >= 0`.
    /// - Complexity: O(`count`) memory; amortised O(1) per value.
    /// - SeeAlso: RxSwift `takeLast(_:)`, ReactiveSwift `take(last:)`, Combine (none;
    ///   `suffix` exists only on sequences).
    @inlinable
    public func takeLast(_ count: Int) -> Signal {
        _precondition(count >= 0, "Signals: takeLast(_:) needs a count of 0 or more, got \(count); takeLast(0) completes with no value")
        return bind {
            let kept = _BindingState(_Queue<Value>())
            let keptCount = _BindingState(0)
            return { event, _ in
                switch event {
                case .next(let value):
                    guard count > 0 else { return nil }
                    kept.value.append(value)
                    if keptCount.value == count { _ = kept.value.popFirst() } else { keptCount.value += 1 }
                    return nil
                case .error(let error):
                    return .error(error)
                case .completed:
                    var last: [Signal] = []
                    last.reserveCapacity(keptCount.value)
                    while let value = kept.value.popFirst() { last.append(.just(value)) }
                    return last.isEmpty ? nil : .merge(last)
                }
            }
        }
    }
}
