// The flatten strategies by their everyday names, each one line on `flatten(_:)` or
// `flattenMap(_:_:)` (Signal+Flatten.swift):
// concat()                = flatten(.concat)
// concatMap(f)            = flattenMap(.concat, f)
// switchToLatest()        = flatten(.latest)
// flatMapLatest(f)        = flattenMap(.latest, f)
// flatMapFirst(f)         = flattenMap(.first, f)
// merge(maxConcurrent: n) = flatten(.concurrent(limit: n))

extension Signal {
    /// Forwards the values of the signals this signal sends, one inner signal at a time:
    /// an inner signal that arrives while another runs waits its turn, in arrival order.
    ///
    /// Completes when this signal and every inner signal have completed; the first error
    /// fails it and disposes everything else.
    ///
    /// ![concat()](marble-concat-outer.svg)
    ///
    /// Composed of: `flatten(.concat)`.
    ///
    /// ```swift
    /// Signal.from([Signal.from([1, 2]), Signal.just(3)]).concat()
    ///     .subscribe(next: { print($0) })
    /// // Prints: 1, 2, 3
    /// ```
    /// ```
    /// outer:  -a--b----|
    /// a:       -1---2|
    /// b:          ...-3-|
    /// output: --1---2-3-|
    /// ```
    ///
    /// - SeeAlso: RxSwift `concat()`, ReactiveSwift `flatten(.concat)`,
    ///   Combine `flatMap(maxPublishers: .max(1)) { $0 }`.
    @inlinable
    public func concat<V>() -> Signal<V, Failure> where Value == Signal<V, Failure> {
        flatten(.concat)
    }

    /// Maps each value to a signal and forwards those signals one at a time, in order: a
    /// value that arrives while an inner signal runs waits, and is mapped when its turn comes.
    ///
    /// Completes when this signal and every inner signal have completed; the first error
    /// fails it and disposes everything else.
    ///
    /// ![concatMap { inner[$0]! }](marble-concatMap.svg)
    ///
    /// Composed of: `flattenMap(.concat, transform)`.
    ///
    /// ```swift
    /// Signal.from([1, 2]).concatMap { n in Signal.from([n, n * 10]) }
    ///     .subscribe(next: { print($0) })
    /// // Prints: 1, 10, 2, 20
    /// ```
    ///
    /// - SeeAlso: RxSwift `concatMap`, ReactiveSwift `flatMap(.concat)`,
    ///   Combine `flatMap(maxPublishers: .max(1))`.
    @inlinable
    public func concatMap<U>(_ transform: @escaping @Sendable (Value) -> Signal<U, Failure>) -> Signal<U, Failure> {
        flattenMap(.concat, transform)
    }

    /// Forwards the values of the latest signal this signal sent: each new inner signal
    /// disposes the previous one.
    ///
    /// Completes when this signal and the last inner signal have completed. Fails with an
    /// error of this signal or of the current inner signal (an inner signal that was
    /// switched away from is disposed, so it cannot fail the output).
    ///
    /// ![switchToLatest()](marble-switchToLatest.svg)
    ///
    /// Composed of: `flatten(.latest)`.
    ///
    /// ```swift
    /// let outer = Subject<Signal<Int, Never>, Never>()
    /// let a = Subject<Int, Never>(), b = Subject<Int, Never>()
    /// outer.signal.switchToLatest().subscribe(next: { print($0) })
    /// outer.send(value: a.signal); a.send(value: 1); outer.send(value: b.signal)
    /// a.send(value: 2); b.send(value: 3)
    /// // Prints: 1, 3
    /// ```
    /// ```
    /// outer:  -a-----b--------|
    /// a:       -1--2-(disposed)
    /// b:             ---3--4|
    /// output: --1--2----3--4--|
    /// ```
    ///
    /// - SeeAlso: RxSwift `switchLatest()`, ReactiveSwift `flatten(.latest)`,
    ///   Combine `switchToLatest()`.
    @inlinable
    public func switchToLatest<V>() -> Signal<V, Failure> where Value == Signal<V, Failure> {
        flatten(.latest)
    }

    /// Maps each value to a signal and forwards only the latest one: each new value
    /// disposes the inner signal of the previous one (type-ahead search).
    ///
    /// Completes when this signal and the last inner signal have completed; fails with an
    /// error of this signal or of the current inner signal.
    ///
    /// ![flatMapLatest { inner[$0]! }](marble-flatMapLatest.svg)
    ///
    /// Composed of: `flattenMap(.latest, transform)`.
    ///
    /// ```swift
    /// let query = Subject<String, Never>()
    /// let answers = ["s": Subject<String, Never>(), "sw": Subject<String, Never>()]
    /// query.signal.flatMapLatest { answers[$0]!.signal }.subscribe(next: { print($0) })
    /// query.send(value: "s"); query.send(value: "sw")
    /// answers["s"]!.send(value: "stale"); answers["sw"]!.send(value: "swift")
    /// // Prints: swift
    /// ```
    ///
    /// - Complexity: per value, one inner subscription; cutting the previous one is part of
    ///   bind (`BindControl.cancelInners()`), with no operator around the inner signal.
    ///
    /// - SeeAlso: RxSwift `flatMapLatest`, ReactiveSwift `flatMap(.latest)`,
    ///   Combine `map(_:).switchToLatest()`.
    @inlinable
    public func flatMapLatest<U>(_ transform: @escaping @Sendable (Value) -> Signal<U, Failure>) -> Signal<U, Failure> {
        flattenMap(.latest, transform)
    }

    /// Maps each value to a signal and forwards it, ignoring the values that arrive while
    /// an inner signal runs (they are not mapped): a button that ignores taps while its
    /// request runs.
    ///
    /// Completes when this signal and the running inner signal have completed; the first
    /// error fails it and disposes everything else.
    ///
    /// ![flatMapFirst { inner[$0]! }](marble-flatMapFirst.svg)
    ///
    /// Composed of: `flattenMap(.first, transform)`.
    ///
    /// ```swift
    /// let taps = Subject<Int, Never>(), request = Subject<String, Never>()
    /// taps.signal.flatMapFirst { _ in request.signal }.subscribe(next: { print($0) })
    /// taps.send(value: 1); taps.send(value: 2); request.send(value: "once")
    /// // Prints: once
    /// ```
    ///
    /// - SeeAlso: RxSwift `flatMapFirst`, ReactiveSwift `flatMap(.throttle, …)`
    ///   (`flatten(.throttle)`), Combine none.
    @inlinable
    public func flatMapFirst<U>(_ transform: @escaping @Sendable (Value) -> Signal<U, Failure>) -> Signal<U, Failure> {
        flattenMap(.first, transform)
    }

    /// Forwards the values of the signals this signal sends, at most `maxConcurrent` of them
    /// at once; the others wait their turn, in arrival order.
    ///
    /// Completes when this signal and every inner signal have completed; the first error
    /// fails it and disposes everything else.
    ///
    /// ![merge(maxConcurrent: 2)](marble-merge-maxConcurrent.svg)
    ///
    /// Composed of: `flatten(.concurrent(limit: maxConcurrent))`.
    ///
    /// ```swift
    /// let a = Subject<Int, Never>(), b = Subject<Int, Never>()
    /// Signal.from([a.signal, b.signal, .just(3)]).merge(maxConcurrent: 2)
    ///     .subscribe(next: { print($0) })
    /// b.send(value: 2); a.sendCompleted() // .just(3) starts in a's place
    /// // Prints: 2, 3
    /// ```
    ///
    /// - Precondition: `maxConcurrent` is at least 1.
    /// - SeeAlso: RxSwift `merge(maxConcurrent:)`, ReactiveSwift `flatten(.concurrent(limit:))`,
    ///   Combine `flatMap(maxPublishers: .max(n)) { $0 }`.
    @inlinable
    public func merge<V>(maxConcurrent: Int) -> Signal<V, Failure> where Value == Signal<V, Failure> {
        flatten(.concurrent(limit: maxConcurrent))
    }
}
