// take(until: trigger) = merge of the trigger (its values become `nil`) and this signal
//     materialized (its events become `.some(event)`, in one bind), the trigger subscribed
//     first (the merge of the two written as a bind over `just(())`), into a bind that
//     forwards the source's values and errors and stops at the first `nil` or at the
//     source's completion (`_take(untilNil:)`, which flatMapLatest also uses
//     with a trigger that already sends `nil`).

extension Signal {
    /// Forwards this signal's values until `trigger` sends its first value, then completes.
    ///
    /// Completes when `trigger` sends a value (even one sent synchronously on subscription:
    /// the trigger is subscribed first, and then this signal never is) or when this signal
    /// completes. The trigger's completion alone changes nothing: the output goes on until
    /// this signal ends. Fails with this signal's error. Disposes this signal and the trigger
    /// when it ends, however it ends.
    ///
    /// ![take(until: trigger)](marble-take-until.svg)
    ///
    /// Composed of: `merge` of `trigger.map { _ in nil }` and this signal materialized into
    /// optionals (`bind { event in .just(event) }`), into a `bind` that returns `.just(v)`
    /// for a value, `.error(e)` for an error, and stops at the trigger's value or the
    /// source's completion.
    ///
    /// ```swift
    /// let values = Subject<Int, Never>(), stopper = Subject<Void, Never>()
    /// values.signal.take(until: stopper.signal).subscribe(next: { print($0) }, completed: { print("done") })
    /// values.send(value: 1); stopper.send(value: ()); values.send(value: 2)
    /// // Prints: 1, done
    /// ```
    /// ```
    /// source:  -1--2--3--4-|
    /// trigger: --------x----
    /// output:  -1--2--3|
    /// ```
    ///
    /// - SeeAlso: RxSwift `take(until:)` (`takeUntil`), ReactiveSwift `take(until:)`,
    ///   Combine `prefix(untilOutputFrom:)`.
    @inlinable
    public func take<T>(until trigger: Signal<T, Never>) -> Signal {
        // Subscribing it subscribes the two, in turn: as prompt as the less prompt of them
        // (a subject cut by a lifetime's `ended` is).
        _take(untilNil: trigger.map { _ -> Event<Value, Failure>? in nil })._promptness(composing: self, trigger)
    }

    /// `take(until:)` with its trigger already in the merged form: each `nil` of `stops`
    /// cuts this signal (non-`nil` values are never sent by a trigger). `flatMapLatest`
    /// cuts its inner signals with it, straight from a subject of that type (one bind less
    /// per inner signal than `take(until: subject.signal)`).
    @inlinable
    func _take(untilNil stops: Signal<Event<Value, Failure>?, Never>) -> Signal {
        // `materialize()` and the wrap into an optional, in one bind.
        let events: Signal<Event<Value, Failure>?, Never> = bind {
            { event, _ in .just(event) }
        }
        // `merge([stops, events])`, as bind over `just(())`: the value starts `stops`, the
        // completion `events` (in that order). A constant source, so no subscription of its
        // own, where the sequence form subscribes to `from(array)`.
        // Its binding keeps no state and runs twice per subscription: `_bind(stateless:)`,
        // which allocates neither a binding per subscription nor a box for the constant.
        let merged: Signal<Event<Value, Failure>?, Never> = Signal<Void, Never>.just(())
            ._bind(stateless: { event, _ in event.isTerminating ? events : stops })
        return merged.bind {
            { event, stop in
                switch event {
                case .next(.some(.next(let value))):
                    return .just(value)
                case .next(.some(.error(let error))):
                    return .error(error)
                case .next(.some(.completed)), .next(nil):
                    stop = true
                    return nil
                case .completed:
                    return nil
                }
            }
        }
    }
}
