// a.then(b) = bind with `.next -> nil`, `.error(e) -> .error(e)`, `.completed -> b`
//             (bind tail-calls b: it becomes b).
// a.then(b), both of one type = an associative fold node "then": then[p1, …, pk] is
//             concat(p1.ignoreValues(), …, p(k-1).ignoreValues(), pk). `then` is associative
//             (a.then(b).then(c) and a.then(b.then(c)) both ignore a's and b's values and end
//             with c), so a chain built one step at a time (`s = s.then(step)`) subscribes as
//             one flat concat, however long.

extension Signal {
    /// Ignores this signal's values; once it completes, continues with `next`.
    ///
    /// Completes: when `next` completes. Fails: when this signal fails (`next` is then never
    /// subscribed) or when `next` fails. Disposes: whichever is running.
    ///
    /// ![a.then(b)](marble-then.svg)
    ///
    /// Composed of: `bind` with `.next -> nil`, `.error(e) -> .error(e)`, `.completed -> next`;
    /// bind tail-calls `next`, so chains of `then` run in constant stack.
    ///
    /// ```swift
    /// let save = Signal<Int, Never>.from([1, 2])     // progress values, then done
    /// save.then(Signal.just("saved")).subscribe(next: { print($0) })
    /// // Prints: saved
    /// ```
    /// ```
    /// self:   -1-2|
    /// next:       (subscribed here) -a|
    /// output: -----a|
    /// ```
    /// - SeeAlso: ReactiveCocoa `-then:`, ReactiveSwift `then(_:)`,
    ///   RxSwift `ignoreElements().andThen(_:)` (Completable), Combine `ignoreOutput()` + `append`.
    @inlinable
    public func then<U>(_ next: Signal<U, Failure>) -> Signal<U, Failure> {
        _ignoringThen(next)
    }

    /// Ignores this signal's values; once it completes, continues with `next`, a signal of
    /// the same type — the form a loop builds (`s = s.then(step)`), kept as a flat list so
    /// that a chain of any length runs in constant stack.
    ///
    /// Completes: when `next` completes. Fails: when this signal fails (`next` is then never
    /// subscribed) or when `next` fails. Disposes: whichever is running.
    ///
    /// Composed of: an associative fold, `then[a, b, …, z]` =
    /// `Signal.concat([a.ignoreValues(), b.ignoreValues(), …, z])`: a chain built one `then`
    /// at a time subscribes as one flat `concat`.
    ///
    /// ```swift
    /// var steps = Signal<String, Never>.just("start")
    /// for step in ["load", "parse", "save"] { steps = steps.then(.just(step)) }
    /// steps.subscribe(next: { print($0) })
    /// // Prints: save
    /// ```
    ///
    /// - SeeAlso: ReactiveCocoa `-then:`, ReactiveSwift `then(_:)`,
    ///   RxSwift `ignoreElements().andThen(_:)`, Combine `ignoreOutput()` + `append`.
    @inlinable
    public func then(_ next: Signal) -> Signal {
        Signal(associative: "then", [self, next]) { parts in
            Signal.concat(parts.indices.map { index in
                index == parts.count - 1 ? parts[index] : parts[index].ignoreValues()
            })
        }
    }

    @inlinable
    func _ignoringThen<U>(_ next: Signal<U, Failure>) -> Signal<U, Failure> {
        bind {
            { event, _ in
                switch event {
                case .next: return nil
                case .error(let error): return .error(error)
                case .completed: return next
                }
            }
        }
    }
}
