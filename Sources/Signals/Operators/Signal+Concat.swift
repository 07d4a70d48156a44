// a.followed(by: b)  = bind with `.next(v) -> .just(v)`, `.error(e) -> .error(e)`,
//                      `.completed -> b` (bind tail-calls b: it becomes b).
// concat of a sequence = deferred { empty.followed(by: first.followed(by: rest)) }, where
//                      `rest`, the same form over the remaining signals, is made only when
//                      `first` completes: the sequence is read one element at a time
//                      (the leading `empty` puts the first link in bind's tail-call loop too).
// a.concat(b), Signal.concat(a, b, c) = an associative fold node whose composition is the
//                      sequence form (long folds flatten into one list).

extension Signal {
    /// This signal, then — once it has completed — `next`. Internal building block of every
    /// concat: a bind whose binding returns `next` on completion, which bind turns into a
    /// tail call, so chains of any length run in constant stack and memory.
    @inlinable
    func _followed(by next: Signal) -> Signal {
        _bind(stateless: { event, _ in ._passing(event, then: { next }) })
    }

    /// The binding of `_followed(by:)`: values and a failure pass through; on completion,
    /// the signal that follows.
    @inlinable
    static func _passing(_ event: Event<Value, Failure>, then next: () -> Signal) -> Signal {
        switch event {
        case .next(let value): .just(value)
        case .error(let error): .error(error)
        case .completed: next()
        }
    }

    /// The signals of `sequence` one after another: each is subscribed only after the
    /// previous one has completed. An error ends the whole concatenation.
    ///
    /// The sequence is read lazily, one element each time the previous signal completes,
    /// so it may be long or even infinite. A million synchronous signals run in constant
    /// stack.
    ///
    /// When the next signal is subscribed, at every position: once the previous one has
    /// completed *and* its `subscribe` call has returned. A signal that completes while it is
    /// being subscribed has its successor subscribed right after that call returns (so what
    /// it causes between its completion and its return is not seen by the successor); one
    /// that completes later has its successor subscribed inside its `sendCompleted()`. RxSwift's
    /// `concat` follows the same rule.
    ///
    /// Composed of: `deferred` and `followed(by:)` (a bind that tail-calls the rest).
    ///
    /// ```swift
    /// Signal.concat([Signal.from([1, 2]), .just(3)]).subscribe(next: { print($0) })
    /// // Prints: 1, 2, 3
    /// ```
    /// ```
    /// a:       --1--2|
    /// b:              (subscribed here) --3|
    /// concat:  --1--2-----3|
    /// ```
    @inlinable
    public static func concat<S: Sequence & Sendable>(_ signals: S) -> Signal where S.Element == Signal {
        .deferred {
            _concatenating(_SequenceCursor(signals.makeIterator()))._asTailCall()
        }
    }

    /// `self`, subscribed by bind's tail-call loop (`empty` followed by `self`), so that the
    /// first link of a chain is subscribed the way every later link is: a link that completes
    /// while it is being subscribed has its successor subscribed when its `subscribe` call
    /// returns, at every position (Contracts.md, "When concat subscribes the next signal").
    @inlinable
    func _asTailCall() -> Signal {
        Signal.empty._followed(by: self)
    }

    /// The rest of a concatenation. The last signal is returned as it is, in tail position,
    /// so that bind tail-calls it: `just(n).concat(.deferred { countdown(n - 1) })` recurses
    /// in constant stack, as RxSwift's Concat unrolls a trailing concat.
    @inlinable
    static func _concatenating(_ cursor: _SequenceCursor<Signal>) -> Signal {
        guard let first = cursor.next() else { return .empty }
        if cursor.isExhausted { return first }
        // `first._followed(by: .deferred { _concatenating(cursor) })`, with the next link
        // made by the binding itself when `first` completes: one bind per link, no deferred.
        return first._bind(stateless: { event, _ in ._passing(event, then: { _concatenating(cursor) }) })
    }

    /// The signals of `signals` one after another; see the sequence form. For a collection
    /// the last signal is known without reading it early, and is tail-called.
    ///
    /// Composed of: `deferred` and `followed(by:)`.
    ///
    /// ```swift
    /// Signal.concat([Signal.just(1), .just(2)]).subscribe(next: { print($0) })
    /// // Prints: 1, 2
    /// ```
    @inlinable
    public static func concat<C: Collection & Sendable>(_ signals: C) -> Signal where C.Element == Signal {
        .deferred {
            _concatenating(_SequenceCursor(signals.makeIterator(), count: signals.count))._asTailCall()
        }
    }

    /// The given signals one after another.
    ///
    /// Composed of: `Signal.concat(sequence)` over the flattened list of arguments.
    ///
    /// ```swift
    /// Signal.concat(.just(1), .just(2), .just(3)).subscribe(next: { print($0) })
    /// // Prints: 1, 2, 3
    /// ```
    @inlinable
    public static func concat(_ first: Signal, _ rest: Signal...) -> Signal {
        Signal(associative: "concat", [first] + rest, compose: { Signal.concat($0) })
    }

    /// This signal, then `other`, which is subscribed only after this signal has completed.
    /// An error from this signal ends the output; `other` is then never subscribed.
    ///
    /// `a.concat(b).concat(c)` is `Signal.concat(a, b, c)`: nested concats are kept flat, so
    /// a left fold of 100,000 concats neither recurses nor costs 100,000 levels per value.
    ///
    /// ![a.concat(b)](marble-concat.svg)
    ///
    /// Composed of: `Signal.concat([self, other])` (as an associative fold).
    ///
    /// ```swift
    /// Signal.just(1).concat(.just(2)).concat(.just(3)).materialize()
    ///     .subscribe(next: { print($0) })
    /// // Prints: next(1), next(2), next(3), completed
    /// ```
    @inlinable
    public func concat(_ other: Signal) -> Signal {
        Signal(associative: "concat", [self, other], compose: { Signal.concat($0) })
    }
}
