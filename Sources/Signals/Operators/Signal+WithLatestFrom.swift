// a.withLatestFrom(b) = merge of b and a (b first), each materialized and tagged, into a
//                       stateful bind keeping b's latest value and pairing each value of a with it.
// a.withLatestFrom(b, resultSelector: f) = a.withLatestFrom(b).map { f($0.0, $0.1) }
// a.sample(on: t)     = merge of a and t, each materialized and tagged, into a stateful bind
//                       keeping a's unsampled value and sending it on each value of t.
// a.sample(every: t, on: s) = a.sample(on: interval(t, on: s))

extension Signal {
    /// Pairs each value of this signal with the latest value of `other`; values that arrive
    /// before `other` has sent one are dropped.
    ///
    /// `other` is subscribed first, so a value it sends synchronously is there for this
    /// signal's first value. Completes: when this signal completes (`other` is disposed);
    /// `other`'s completion changes nothing — its last value stays the latest. Fails: when
    /// either fails. Disposes: both. (As RxSwift's `withLatestFrom`.)
    ///
    /// ![a.withLatestFrom(b)](marble-withLatestFrom.svg)
    ///
    /// Composed of: `merge` of `other` and `self`, each `materialize`d and tagged, into a
    /// stateful `bind` keeping `other`'s latest value.
    ///
    /// ```swift
    /// let taps = Subject<Void, Never>(), text = Subject<String, Never>()
    /// taps.signal.withLatestFrom(text.signal).subscribe(next: { print($0.1) })
    /// taps.send(value: ()); text.send(value: "a"); text.send(value: "ab"); taps.send(value: ())
    /// // Prints: ab
    /// ```
    /// ```
    /// self:   -x---y---z|
    /// other:  --a-b--c----
    /// output: -----Y---Z|      Y = (y, b), Z = (z, c)
    /// ```
    /// RxSwift's `withLatestFrom(_:)` sends `other`'s value alone; this form sends the pair
    /// (ReactiveSwift's `withLatest(from:)`), so write `.map(\.1)` — or
    /// ``withLatestFrom(_:resultSelector:)-(Signal<Other,Failure>,_)`` — for RxSwift's result.
    ///
    /// - SeeAlso: RxSwift `withLatestFrom(_:)` (≈: the other's value, not the pair),
    ///   ReactiveSwift `withLatest(from:)`; Combine has none. CombineExt's `withLatestFrom` is
    ///   close but not the same (≈): it subscribes to its upstream only once `other` has a
    ///   value, so a cold upstream's early values wait instead of being dropped, and it ignores
    ///   `other`'s failure (Contracts.md, "Where Signals differs from CombineExt").
    @inlinable
    public func withLatestFrom<Other>(_ other: Signal<Other, Failure>) -> Signal<(Value, Other), Failure> {
        typealias Tagged = _EitherEvent<Value, Other, Failure>
        let tagged = other.materialize().map(Tagged.second).merge(materialize().map(Tagged.first))
        return tagged.bind {
            let latest = _BindingState<Other?>(nil)
            return { event, stop in
                guard case .next(let tagged) = event else { return nil }
                switch tagged {
                case .first(.next(let value)):
                    guard let current = latest.value else { return nil }
                    return .just((value, current))
                case .second(.next(let value)):
                    latest.value = value
                    return nil
                case .first(.error(let error)), .second(.error(let error)):
                    return .error(error)
                case .first(.completed):
                    stop = true
                    return nil
                case .second(.completed):
                    return nil
                }
            }
        }
    }

    /// Combines each value of this signal with the latest value of `other` through
    /// `resultSelector`; values that arrive before `other` has sent one are dropped.
    ///
    /// RxSwift's form: `other` has the same failure type, as for ``withLatestFrom(_:)-(Signal<Other,Failure>)``.
    /// Completes: when this signal completes; `other`'s completion changes nothing. Fails:
    /// when either fails. Disposes: both.
    ///
    /// ![a.withLatestFrom(b) { n, s in String(repeating: s, count: n) }](marble-withLatestFrom-resultSelector.svg)
    ///
    /// Composed of: ``withLatestFrom(_:)-(Signal<Other,Failure>)`` + `map { resultSelector($0.0, $0.1) }`.
    ///
    /// ```swift
    /// let taps = Subject<Void, Never>(), text = Subject<String, Never>()
    /// taps.signal.withLatestFrom(text.signal) { _, text in text.uppercased() }
    ///     .subscribe(next: { print($0) })
    /// text.send(value: "ab"); taps.send(value: ())
    /// // Prints: AB
    /// ```
    /// ```
    /// self:   -x---y---z|
    /// other:  --a-b--c----
    /// output: -----Y---Z|      Y = f(y, b), Z = f(z, c)
    /// ```
    /// - SeeAlso: RxSwift `withLatestFrom(_:resultSelector:)`, ReactiveSwift
    ///   `withLatest(from:)` + `map`; CombineExt `withLatestFrom(_:resultSelector:)` (≈: it
    ///   waits for `other`'s first value before subscribing to its upstream, see
    ///   ``withLatestFrom(_:)-(Signal<Other,Failure>)``).
    @inlinable
    public func withLatestFrom<Other, Result>(
        _ other: Signal<Other, Failure>,
        resultSelector: @escaping @Sendable (Value, Other) -> Result
    ) -> Signal<Result, Failure> {
        withLatestFrom(other).map { resultSelector($0.0, $0.1) }
    }

    /// On each value of `trigger`, sends the latest value of this signal if a new one has
    /// arrived since the last sample; otherwise sends nothing.
    ///
    /// Completes: when this signal has completed and its last value has been sampled — at
    /// once if it completes with nothing pending, else at the next trigger value, after that
    /// value (as RxSwift). When `trigger` completes, the pending value (if any) is sent and
    /// the output completes, since nothing can be sampled any more (RxSwift would send it and
    /// then wait for this signal's completion). Fails: when this signal fails.
    /// Disposes: both.
    ///
    /// ![sample(on: trigger)](marble-sample-on.svg)
    ///
    /// Composed of: `merge` of `self` and `trigger`, each `materialize`d and tagged, into a
    /// stateful `bind` keeping the unsampled value.
    ///
    /// ```swift
    /// let values = Subject<Int, Never>(), ticks = Subject<Void, Never>()
    /// values.signal.sample(on: ticks.signal).subscribe(next: { print($0) })
    /// values.send(value: 1); values.send(value: 2); ticks.send(value: ()); ticks.send(value: ())
    /// // Prints: 2
    /// ```
    /// ```
    /// self:    -1-2--3-|
    /// trigger: ----t--t---
    /// output:  ----2--3|
    /// ```
    /// - SeeAlso: RxSwift `sample(_:)`, ReactiveSwift `sample(on:)` (which re-sends the latest
    ///   value on every trigger), Combine has none.
    @inlinable
    public func sample<T>(on trigger: Signal<T, Never>) -> Signal {
        typealias Step = _SampleStep<Value, Failure, T>
        let steps = materialize().map(Step.source).merge(trigger.materialize().map(Step.trigger))
        return steps.bind {
            let pending = _BindingState<Value?>(nil)
            let isDone = _BindingState(false)
            return { event, stop in
                guard case .next(let step) = event else { return nil }
                switch step {
                case .source(.next(let value)):
                    pending.value = value
                    return nil
                case .source(.error(let error)):
                    return .error(error)
                case .source(.completed):
                    isDone.value = true
                    stop = pending.value == nil
                    return nil
                case .trigger(let tick):
                    stop = isDone.value || tick.isTerminating
                    guard let value = pending.value else { return nil }
                    pending.value = nil
                    return .just(value)
                }
            }
        }
    }

    /// At the end of each period of `period` on `scheduler`, sends the latest value of this
    /// signal if a new one arrived during the period; otherwise sends nothing.
    ///
    /// Completes as `sample(on:)` does: at once when this signal completes with nothing
    /// pending, else at the end of the period, after the pending value. Fails as soon as
    /// this signal fails. Disposing the output disposes this signal and cancels the clock.
    ///
    /// ![sample(every: 3)](marble-sample-every.svg)
    ///
    /// Composed of: `sample(on: Signal.interval(period, on: scheduler))`.
    ///
    /// ```swift
    /// let scheduler = TestScheduler(), position = Subject<Int, Never>()
    /// position.signal.sample(every: .seconds(1), on: scheduler).subscribe(next: { print($0) })
    /// position.send(value: 1); position.send(value: 2)
    /// scheduler.advance(by: .seconds(2))
    /// // Prints: 2
    /// ```
    /// With a period of two ticks (from `SampleEveryTests`):
    /// ```
    /// source: -a-b---c-d-|
    /// output: --a-b---c-d|
    /// ```
    ///
    /// - Precondition: `period > .zero`.
    /// - SeeAlso: RxSwift `sample(_:)` over `interval`, ReactiveSwift `sample(on:)` over a
    ///   timer, Combine `throttle(for:scheduler:latest: true)` (close, but sends at once).
    @inlinable @inline(__always)
    public func sample(every period: Duration, on scheduler: some Scheduler) -> Signal {
        _precondition(period > .zero, "Signals: sample(every:on:) needs a positive period, got \(period); pass a Duration greater than .zero")
        // The interval picks the scheduler's specialised form (Scheduler+Specialising.swift).
        return sample(on: Signal<Int, Never>.interval(period, on: scheduler))
    }
}

/// What `sample(on:)` reacts to: an event of the source or of the trigger.
@usableFromInline
enum _SampleStep<Value, Failure: Error, Trigger> {
    case source(Event<Value, Failure>)
    case trigger(Event<Trigger, Never>)
}
