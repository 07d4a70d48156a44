// merge of a sequence = Signal.from(signals).flatten()
// a.merge(b), Signal.merge(a, b, c) = an associative fold node whose composition is the
// sequence form, so that long folds flatten into one merge (Contracts.md, "Stack safety").

extension Signal {
    /// Forwards the values of every signal in `signals`, all subscribed at once, in order.
    ///
    /// Completes when every signal has completed; the first error fails the output and
    /// disposes the others.
    ///
    /// Composed of: `Signal.from(signals).flatten()`.
    ///
    /// ```swift
    /// Signal.merge([Signal.from([1, 2]), Signal.just(3)]).subscribe(next: { print($0) })
    /// // Prints: 1, 2, 3
    /// ```
    ///
    /// Timing, with `a` and `b` emitting over time:
    /// ```
    /// a:      --1-----3--|
    /// b:      ----2-------4--|
    /// merged: --1-2---3---4--|
    /// ```
    @inlinable
    public static func merge<Parts: Sequence<Signal> & Sendable>(_ signals: Parts) -> Signal {
        let merged = Signal<Signal, Failure>.from(signals).flatten()
        // An array is the parts a fold would hold: as prompt as its least prompt part
        // (Promptness.swift). Another sequence is not read here (it may be lazy or one-pass).
        // (A type comparison, not a dynamic cast: constant once specialised.)
        guard Parts.self == [Signal].self else { return merged }
        return merged._promptness(composing: unsafeBitCast(signals, to: [Signal].self))
    }

    /// Forwards the values of all the given signals, subscribed at once, in order.
    ///
    /// Composed of: `Signal.merge(sequence)` over the flattened list of arguments.
    ///
    /// ```swift
    /// Signal.merge(.just(1), .just(2), .just(3)).subscribe(next: { print($0) })
    /// // Prints: 1, 2, 3
    /// ```
    @inlinable
    public static func merge(_ first: Signal, _ rest: Signal...) -> Signal {
        Signal(associative: "merge", [first] + rest, compose: { Signal.merge($0) })
    }

    /// Forwards the values of this signal and `other`, both subscribed at once.
    ///
    /// Completes when both have completed; the first error fails the output and disposes
    /// the other. `a.merge(b).merge(c)` is `Signal.merge(a, b, c)`: nested merges are kept
    /// flat, so a left fold of 100,000 merges costs one level per value, not 100,000.
    ///
    /// ![a.merge(b)](marble-merge.svg)
    ///
    /// Composed of: `Signal.merge([self, other])` (as an associative fold).
    ///
    /// ```swift
    /// letters.merge(numbers).subscribe(next: { print($0) })
    /// ```
    /// ```
    /// self:   --A-----C--|
    /// other:  ----1---------2--|
    /// merged: --A-1---C-----2--|
    /// ```
    @inlinable
    public func merge(_ other: Signal) -> Signal {
        Signal(associative: "merge", [self, other], compose: { Signal.merge($0) })
    }
}
