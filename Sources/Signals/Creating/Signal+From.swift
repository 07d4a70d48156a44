// `from(sequence)` and `deferred`.

extension Signal {
    /// Sends every element of `sequence` in order, synchronously on subscription, then
    /// completes. Stops early if the subscription is disposed (it checks
    /// `observer.isStopped` before each element), so an infinite sequence is fine when
    /// something downstream stops it.
    ///
    /// ![Signal.from([1, 2, 3])](marble-from.svg)
    ///
    /// ```swift
    /// Signal<Int, MyError>.from(1...3).subscribe(next: { print($0) }) // Prints: 1, 2, 3
    /// ```
    ///
    /// - Complexity: O(1) per element; no allocation per element.
    @inlinable
    public static func from<S: Sequence & Sendable>(_ sequence: S) -> Signal where S.Element == Value {
        _from(sequence)
    }

    @inlinable
    static func _from<S: Sequence & Sendable>(_ sequence: S) -> Signal where S.Element == Value {
        Signal(_representation: .subscribe { observer in
            for element in sequence {
                if observer.isStopped { return }
                observer.send(value: element)
            }
            observer.sendCompleted()
        })
    }

    /// Calls `make` on every subscription and subscribes to the signal it returns: a
    /// fresh signal, built at subscription time, for each subscriber.
    ///
    /// ![Signal.deferred { .just(ticksSoFar()) }](marble-deferred.svg)
    ///
    /// ```swift
    /// let now = Signal<Int, Never>.deferred { .just(counter.next()) }
    /// now.subscribe(next: { print($0) }) // Prints: 1
    /// now.subscribe(next: { print($0) }) // Prints: 2
    /// ```
    ///
    /// The signal `make` returns is the whole output, so it is subscribed as a tail call
    /// (<doc:Contracts#Stack-safety>): a recursion through `deferred` — a signal that defers
    /// to itself, directly or through `flattenMap` of a constant — runs in constant stack.
    @inlinable
    public static func deferred(_ make: @escaping @Sendable () -> Signal) -> Signal {
        Signal(_representation: .subscribe { observer in
            _TailCalls.run(make(), into: observer)
        })
    }
}

extension Signal where Failure == Never {
    /// Sends every element of `sequence`, then completes; a signal that cannot fail, so
    /// `Signal.from([1, 2])` is a `Signal<Int, Never>`.
    ///
    /// ```swift
    /// Signal.from([1, 2]).subscribe(next: { print($0) }) // Prints: 1, 2
    /// ```
    @inlinable
    public static func from<S: Sequence & Sendable>(_ sequence: S) -> Signal where S.Element == Value {
        _from(sequence)
    }
}
