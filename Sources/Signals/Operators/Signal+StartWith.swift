// startWith(values...) = Signal.concat(values.map(just) + [self])
// startWith(signal)    = signal.concat(self)

extension Signal {
    /// Sends `values` first, then the events of this signal, which is subscribed only after
    /// the values have been sent.
    ///
    /// Completes / Fails: as this signal. Disposes: this signal's subscription.
    ///
    /// ![startWith("s")](marble-startWith.svg)
    ///
    /// Composed of: `Signal.concat(values.map { .just($0) } + [self])`.
    ///
    /// ```swift
    /// Signal.from([3, 4]).startWith(1, 2).subscribe(next: { print($0) })
    /// // Prints: 1, 2, 3, 4
    /// ```
    /// ```
    /// self:   ----3-4|
    /// output: 1-2-3-4|
    /// ```
    /// - SeeAlso: RxSwift `startWith(_:)`, ReactiveSwift `prefix(values:)`, Combine `prepend(_:)`.
    @inlinable
    public func startWith(_ values: Value...) -> Signal {
        .concat(values.map { Signal.just($0) } + [self])
    }

    /// Sends the events of `signal` first; once it has completed, subscribes to this signal.
    ///
    /// Completes: when this signal completes. Fails: when `signal` fails (this signal is
    /// then never subscribed) or when this signal fails. Disposes: whichever is running.
    ///
    /// Composed of: `signal.concat(self)`.
    ///
    /// ```swift
    /// Signal.just(3).startWith(Signal.from([1, 2])).subscribe(next: { print($0) })
    /// // Prints: 1, 2, 3
    /// ```
    /// ```
    /// signal: -1-2|
    /// self:       (subscribed here) -3|
    /// output: -1-2-3|
    /// ```
    /// - SeeAlso: RxSwift `concat` (`signal.concat(self)`), ReactiveSwift `prefix(_:)`,
    ///   Combine `prepend(_:)` with a publisher.
    @inlinable
    public func startWith(_ signal: Signal) -> Signal {
        signal.concat(self)
    }
}
