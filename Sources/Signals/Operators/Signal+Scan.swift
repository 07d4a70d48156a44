// scan(into:, update)  = a stateful bind: `.next(v) -> update(&acc, v); .just(acc)`.
// scan(initial, next)  = scan(into: initial) { acc, v in acc = next(acc, v) }.
// scan(next)           = a stateful bind keeping `acc: Value?`:
//                        `.next(v) -> acc = acc.map { next($0, v) } ?? v; .just(acc!)`.
// reduce(initial, next) = a stateful bind: `.next(v) -> acc = next(acc, v); nil`,
//                        `.completed -> .just(acc)`.
// The accumulator lives in the binding, so each subscription starts again from the seed.

extension Signal {
    /// Accumulates the values with `nextPartialResult`, starting from `initialResult`, and
    /// sends every accumulation (not the seed).
    ///
    /// Completes when this signal completes; fails with its error. Each subscription
    /// accumulates afresh from `initialResult`.
    ///
    /// ![scan(0, +)](marble-scan.svg)
    ///
    /// Composed of: `scan(into: initialResult) { acc, v in acc = nextPartialResult(acc, v) }`
    /// (a stateful `bind` returning constants only: no allocation per value).
    ///
    /// ```swift
    /// Signal.from([1, 2, 3]).scan(0, +).subscribe(next: { print($0) })
    /// // Prints: 1, 3, 6
    /// ```
    /// ```
    /// source: -1--2--3--|
    /// output: -1--3--6--|
    /// ```
    ///
    /// - SeeAlso: RxSwift `scan`, ReactiveSwift `scan`, Combine `scan`.
    @inlinable
    public func scan<Result>(
        _ initialResult: Result,
        _ nextPartialResult: @escaping @Sendable (Result, Value) -> Result
    ) -> Signal<Result, Failure> {
        scan(into: initialResult) { accumulator, value in
            accumulator = nextPartialResult(accumulator, value)
        }
    }

    /// Accumulates the values with `nextPartialResult`, without a seed: the first value
    /// starts the accumulation and is sent as it is; each later one is combined with the
    /// accumulation so far, and every accumulation is sent.
    ///
    /// Completes when this signal completes (an empty signal sends nothing); fails with its
    /// error. Each subscription starts again from its own first value.
    ///
    /// ![scan(+)](marble-scan-noSeed.svg)
    ///
    /// Composed of: a stateful `bind` keeping the accumulation (`nil` until the first value):
    /// `.next(v) -> acc = acc.map { nextPartialResult($0, v) } ?? v; .just(acc)`.
    ///
    /// ```swift
    /// Signal.from([3, 1, 4]).scan { max($0, $1) }.subscribe(next: { print($0) })
    /// // Prints: 3, 3, 4
    /// ```
    /// ```
    /// source: -1--2--3--|
    /// output: -1--3--6--|      scan(+)
    /// ```
    ///
    /// - SeeAlso: RxJS `scan(accumulator)` without a seed, Kotlin `runningReduce`; RxSwift,
    ///   ReactiveSwift and Combine have none (their `scan` needs a seed).
    @inlinable
    public func scan(_ nextPartialResult: @escaping @Sendable (Value, Value) -> Value) -> Signal {
        bind {
            let accumulator = _BindingState<Value?>(nil)
            return { event, _ in
                switch event {
                case .next(let value):
                    let next = accumulator.value.map { nextPartialResult($0, value) } ?? value
                    accumulator.value = next
                    return .just(next)
                case .error(let error):
                    return .error(error)
                case .completed:
                    return nil
                }
            }
        }
    }

    /// Accumulates the values by updating an accumulator in place, starting from
    /// `initialResult`, and sends a copy of every accumulation (not the seed).
    ///
    /// Completes when this signal completes; fails with its error. Each subscription
    /// accumulates afresh from `initialResult`.
    ///
    /// Composed of: a stateful `bind` whose binding keeps the accumulator:
    /// `.next(v) -> updateAccumulatingResult(&acc, v); .just(acc)`.
    ///
    /// ```swift
    /// Signal.from(["a", "b"]).scan(into: [String]()) { $0.append($1) }
    ///     .subscribe(next: { print($0) })
    /// // Prints: ["a"], ["a", "b"]
    /// ```
    ///
    /// - Complexity: O(1) per value for the update itself; a copy-on-write accumulator
    ///   (an array) is copied on the next update while the value sent is still held.
    /// - SeeAlso: RxSwift `scan(into:)`, ReactiveSwift `scan(into:)`, Combine `scan`.
    @inlinable
    public func scan<Result>(
        into initialResult: Result,
        _ updateAccumulatingResult: @escaping @Sendable (inout Result, Value) -> Void
    ) -> Signal<Result, Failure> {
        // Each subscription copies the seed into its own accumulator; the seed itself is
        // only read, as a `just(seed)` would be (values are shared by subscriptions).
        nonisolated(unsafe) let seed = initialResult
        return bind {
            let accumulator = _BindingState(seed)
            return { event, _ in
                switch event {
                case .next(let value):
                    updateAccumulatingResult(&accumulator.value, value)
                    return .just(accumulator.value)
                case .error(let error):
                    return .error(error)
                case .completed:
                    return nil
                }
            }
        }
    }

    /// Accumulates the values with `nextPartialResult`, starting from `initialResult`, and
    /// sends the last accumulation when this signal completes: the seed itself for an
    /// empty signal.
    ///
    /// Completes right after its one value; fails with this signal's error (and sends no
    /// value).
    ///
    /// ![reduce(0, +)](marble-reduce.svg)
    ///
    /// Composed of: a stateful `bind`: `.next(v) -> acc = nextPartialResult(acc, v); nil`,
    /// `.completed -> .just(acc)`.
    ///
    /// ```swift
    /// Signal.from([1, 2, 3]).reduce(0, +).subscribe(next: { print($0) })
    /// // Prints: 6
    /// ```
    /// ```
    /// source: -1--2--3--|
    /// output: ----------6|
    /// ```
    ///
    /// - SeeAlso: RxSwift `reduce`, ReactiveSwift `reduce`, Combine `reduce`.
    @inlinable
    public func reduce<Result>(
        _ initialResult: Result,
        _ nextPartialResult: @escaping @Sendable (Result, Value) -> Result
    ) -> Signal<Result, Failure> {
        // As in `scan(into:_:)`: the seed is only read, once per subscription.
        nonisolated(unsafe) let seed = initialResult
        return bind {
            let accumulator = _BindingState(seed)
            return { event, _ in
                switch event {
                case .next(let value):
                    accumulator.value = nextPartialResult(accumulator.value, value)
                    return nil
                case .error(let error):
                    return .error(error)
                case .completed:
                    return .just(accumulator.value)
                }
            }
        }
    }
}
