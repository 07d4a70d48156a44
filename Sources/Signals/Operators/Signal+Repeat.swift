// repeat(n)        = Signal.concat(repeatElement(self, count: n))
// repeatForever()  = Signal.concat(an endless sequence of self), read lazily.
// Both are concatenations, whose links bind tail-calls into one downstream: a million
// repeats of a synchronous signal run in constant stack and memory.

extension Signal {
    /// Subscribes to this signal `count` times in all, one subscription after the other:
    /// each starts when the previous one has completed.
    ///
    /// Completes: when the last subscription completes; `repeat(0)` completes at once and
    /// `repeat(1)` is this signal. Fails: at the first error, without repeating.
    /// Disposes: the running subscription.
    ///
    /// ![repeat(3)](marble-repeat.svg)
    ///
    /// Composed of: `Signal.concat(repeatElement(self, count: count))`.
    ///
    /// ```swift
    /// Signal.from([1, 2]).repeat(3).subscribe(next: { print($0) })
    /// // Prints: 1, 2, 1, 2, 1, 2
    /// ```
    /// ```
    /// self:   -1-2|
    /// output: -1-2-1-2-1-2|
    /// ```
    ///
    /// - Precondition: `count >= 0`.
    /// - SeeAlso: ReactiveSwift `repeat(_:)`; RxSwift `Observable.concat(Array(repeating:count:))`;
    ///   Combine has none.
    @inlinable
    public func `repeat`(_ count: Int) -> Signal {
        _precondition(count >= 0, "Signals: repeat(_:) needs a count of 0 or more, got \(count); repeat(0) is empty, repeatForever() never stops")
        return .concat(repeatElement(self, count: count))
    }

    /// Subscribes to this signal again each time it completes, forever.
    ///
    /// Never completes; fails at the first error. Disposing the output (or a downstream
    /// operator that stops, such as `take(_:)`) disposes the running subscription, and no
    /// new one starts. A signal that completes synchronously without a value loops forever
    /// on the subscribing thread, as in RxSwift.
    ///
    /// ![repeatForever().take(5)](marble-repeatForever.svg)
    ///
    /// Composed of: `Signal.concat` of an endless sequence of `self`, read lazily.
    ///
    /// ```swift
    /// Signal.just("tick").repeatForever().take(3).subscribe(next: { print($0) })
    /// // Prints: tick, tick, tick
    /// ```
    /// ```
    /// self:   -a|
    /// output: -a-a-a-a-a-a-…
    /// ```
    ///
    /// - SeeAlso: ReactiveCocoa `-repeat`; RxSwift `Observable.concat` of an endless
    ///   sequence (RxSwiftExt `repeatWithBehavior`); ReactiveSwift `repeat(Int.max)`;
    ///   Combine has none.
    @inlinable
    public func repeatForever() -> Signal {
        .concat(_Endless(self))
    }
}

/// The same element, forever.
@usableFromInline
struct _Endless<Element: Sendable>: Sequence, IteratorProtocol, Sendable {
    @usableFromInline let element: Element

    @inlinable
    init(_ element: Element) {
        self.element = element
    }

    @inlinable
    func next() -> Element? { element }
}
