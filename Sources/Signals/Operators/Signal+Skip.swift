// skip(n)            = a stateful bind counting down: `.next(v) -> n > 0 ? nil : .just(v)`.
// skip(while: p)     = a stateful bind: drops values while p holds, then forwards all.
// skip(until: t)     = merge of `t.take(1)` (a gate-opening notice) and this signal's
//                      events, materialized and tagged, into a stateful bind that forwards
//                      values once the gate is open and stops when this signal ends.

extension Signal {
    /// Drops the first `count` values and forwards the rest.
    ///
    /// Completes when this signal completes; fails with its error, even while still
    /// dropping.
    ///
    /// ![skip(2)](marble-skip.svg)
    ///
    /// Composed of: a stateful `bind` counting down: `.next(v) -> remaining > 0 ? nil : .just(v)`.
    ///
    /// ```swift
    /// Signal.from(1...5).skip(2).subscribe(next: { print($0) })
    /// // Prints: 3, 4, 5
    /// ```
    /// ```
    /// source: -1-2-3-4-5-|
    /// output: -----3-4-5-|
    /// ```
    ///
    /// - Precondition: `count >= 0`.
    /// - SeeAlso: RxSwift `skip(_:)`, ReactiveSwift `skip(first:)`, Combine `dropFirst(_:)`.
    @inlinable
    public func skip(_ count: Int) -> Signal {
        _precondition(count >= 0, "Signals: skip(_:) needs a count of 0 or more, got \(count); skip(0) skips nothing")
        return bind {
            let remaining = _BindingState(count)
            return { event, _ in
                switch event {
                case .next(let value):
                    guard remaining.value == 0 else {
                        remaining.value -= 1
                        return nil
                    }
                    return .just(value)
                case .error(let error):
                    return .error(error)
                case .completed:
                    return nil
                }
            }
        }
    }

    /// Drops values while `predicate` holds; from the first value for which it does not,
    /// forwards that value and every later one (`predicate` is not called again).
    ///
    /// Completes when this signal completes; fails with its error.
    ///
    /// ![skip(while: { $0 < 4 })](marble-skip-while.svg)
    ///
    /// Composed of: a stateful `bind`: `.next(v) -> dropping && predicate(v) ? nil : .just(v)`,
    /// `dropping` turning false at the first failing value.
    ///
    /// ```swift
    /// Signal.from([1, 2, 5, 1]).skip(while: { $0 < 3 }).subscribe(next: { print($0) })
    /// // Prints: 5, 1
    /// ```
    /// ```
    /// source: -1-2-5-1-|
    /// output: -----5-1-|
    /// ```
    ///
    /// - SeeAlso: RxSwift `skip(while:)`, ReactiveSwift `skip(while:)`, Combine `drop(while:)`.
    @inlinable
    public func skip(while predicate: @escaping @Sendable (Value) -> Bool) -> Signal {
        bind {
            let isDropping = _BindingState(true)
            return { event, _ in
                switch event {
                case .next(let value):
                    if isDropping.value {
                        if predicate(value) { return nil }
                        isDropping.value = false
                    }
                    return .just(value)
                case .error(let error):
                    return .error(error)
                case .completed:
                    return nil
                }
            }
        }
    }

    /// Drops values until `trigger` sends a value, then forwards every later value.
    ///
    /// Completes when this signal completes (disposing `trigger` if it still runs); fails
    /// with this signal's error. `trigger` is subscribed first, so a trigger that sends
    /// synchronously lets every value through; it is disposed after its first value. If it
    /// completes without a value, no value ever passes (as in RxSwift). The output completes
    /// with this signal even if the trigger never fired; RxSwift then sends no completion,
    /// leaving its subscriber waiting for ever for a signal that has ended.
    ///
    /// ![skip(until: trigger)](marble-skip-until.svg)
    ///
    /// Composed of: `merge` of `trigger.take(1)` mapped to a gate-opening notice and this
    /// signal's events (`materialize`, tagged), into a stateful `bind`:
    /// `.next(v) -> isOpen ? .just(v) : nil`; this signal's terminal event ends the output
    /// (`stop`).
    ///
    /// ```swift
    /// let values = Subject<Int, Never>(), start = Subject<Void, Never>()
    /// values.signal.skip(until: start.signal).subscribe(next: { print($0) })
    /// values.send(value: 1); start.send(value: ()); values.send(value: 2)
    /// // Prints: 2
    /// ```
    /// ```
    /// source:  -1---2-3-|
    /// trigger: ---x-----
    /// output:  -----2-3-|
    /// ```
    ///
    /// - SeeAlso: RxSwift `skip(until:)`, ReactiveSwift `skip(until:)`,
    ///   Combine `drop(untilOutputFrom:)`.
    @inlinable
    public func skip<T>(until trigger: Signal<T, Never>) -> Signal {
        typealias Step = _SkipUntilStep<Value, Failure>
        let opening: Signal<Step, Never> = trigger.take(1).map { _ in .open }
        let steps = opening.merge(materialize().map(Step.source))
        return steps.bind {
            let isOpen = _BindingState(false)
            return { event, stop in
                guard case .next(let step) = event else { return nil }
                switch step {
                case .open:
                    isOpen.value = true
                    return nil
                case .source(.next(let value)):
                    return isOpen.value ? .just(value) : nil
                case .source(.error(let error)):
                    return .error(error)
                case .source(.completed):
                    stop = true
                    return nil
                }
            }
        }
    }
}

/// What `skip(until:)` reacts to: the trigger's first value, or an event of the source.
@usableFromInline
enum _SkipUntilStep<Value, Failure: Error> {
    case open
    case source(Event<Value, Failure>)
}
