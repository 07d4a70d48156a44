// `generate(first:while:next:)` and `range(start:count:)`: synchronous sources that compute
// their values, checking `observer.isStopped` before each one so that a downstream stop ends
// even an endless generation.

extension Signal {
    /// Sends `first`, then `next(first)`, `next(next(first))`, … while `condition` holds,
    /// synchronously on subscription, then completes.
    ///
    /// ![Signal.generate(first: 1, while: { $0 < 10 }, next: { $0 * 2 })](marble-generate.svg)
    ///
    /// Stops early when the subscription is disposed (it checks before each value), so an
    /// endless generation is fine when something downstream stops it. Each subscription
    /// starts again from `first`.
    ///
    /// ```swift
    /// Signal<Int, Never>.generate(first: 1, while: { $0 < 20 }, next: { $0 * 3 })
    ///     .subscribe(next: { print($0) })
    /// // Prints: 1, 3, 9
    /// ```
    ///
    /// - SeeAlso: RxSwift `Observable.generate(initialState:condition:iterate:)`; Swift's
    ///   `sequence(first:next:)`; ReactiveSwift and Combine have none.
    @inlinable
    public static func generate(
        first: Value,
        while condition: @escaping @Sendable (Value) -> Bool = { _ in true },
        next: @escaping @Sendable (Value) -> Value
    ) -> Signal {
        _generate(first: first, while: condition, next: next)
    }

    @inlinable
    static func _generate(
        first: Value,
        while condition: @escaping @Sendable (Value) -> Bool,
        next: @escaping @Sendable (Value) -> Value
    ) -> Signal {
        let seed = _GeneratorSeed(first)
        return Signal(_representation: .subscribe { observer in
            var state = seed.value
            while !observer.isStopped && condition(state) {
                observer.send(value: state)
                state = next(state)
            }
            observer.sendCompleted()
        })
    }

    /// Sends `count` consecutive integers from `start`, then completes.
    ///
    /// ![Signal.range(start: 5, count: 3)](marble-range.svg)
    ///
    /// ```swift
    /// Signal<Int, Never>.range(start: 5, count: 3).subscribe(next: { print($0) })
    /// // Prints: 5, 6, 7
    /// ```
    ///
    /// - Precondition: `count >= 0`.
    /// - SeeAlso: RxSwift `Observable.range(start:count:)`; Combine `(start..<start + count).publisher`;
    ///   ReactiveSwift `SignalProducer(start..<start + count)`.
    @inlinable
    public static func range(start: Int, count: Int) -> Signal where Value == Int {
        _precondition(count >= 0, "Signals: Signal.range(start:count:) needs a count of 0 or more, got \(count); a count of 0 is empty")
        return .from(start..<start + count)
    }
}

extension Signal where Failure == Never {
    /// Sends `first`, then `next(first)`, … while `condition` holds, then completes; a
    /// signal that cannot fail, so `Signal.generate(first: 1, next: { $0 + 1 })` is a
    /// `Signal<Int, Never>`.
    ///
    /// ```swift
    /// Signal.generate(first: 1, while: { $0 < 20 }, next: { $0 * 3 }).subscribe(next: { print($0) })
    /// // Prints: 1, 3, 9
    /// ```
    @inlinable
    public static func generate(
        first: Value,
        while condition: @escaping @Sendable (Value) -> Bool = { _ in true },
        next: @escaping @Sendable (Value) -> Value
    ) -> Signal {
        _generate(first: first, while: condition, next: next)
    }

    /// Sends `count` consecutive integers from `start`, then completes; a signal that cannot
    /// fail, so `Signal.range(start: 1, count: 3)` is a `Signal<Int, Never>`.
    ///
    /// ```swift
    /// Signal.range(start: 1, count: 3).subscribe(next: { print($0) }) // Prints: 1, 2, 3
    /// ```
    ///
    /// - Precondition: `count >= 0`.
    @inlinable
    public static func range(start: Int, count: Int) -> Signal where Value == Int {
        _precondition(count >= 0, "Signals: Signal.range(start:count:) needs a count of 0 or more, got \(count); a count of 0 is empty")
        return .from(start..<start + count)
    }
}

/// The first state of a generation, copied out by every subscription.
///
/// `@unchecked Sendable`: `value` is immutable and only copied out (as a `just` signal's is).
@usableFromInline
struct _GeneratorSeed<Value>: @unchecked Sendable {
    @usableFromInline let value: Value
    @inlinable init(_ value: Value) { self.value = value }
}
