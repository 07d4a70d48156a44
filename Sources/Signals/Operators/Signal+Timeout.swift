// timeout(d, on: s, switchTo: other) =
//     materialize().map(Optional.some).startWith(nil)   // nil: the subscription
//         .flatMapLatest { event in the event (if any), then — unless it is terminal —
//                          timer(after: d, on: s) as "timed out" }
//         .bind { value -> .just(value); error -> .error; completed -> stop;
//                 timed out -> stop and return `other` (bind tail-calls it) }
//   The clock starts at the subscription and restarts at every value: each event cuts the
//   previous clock (flatMapLatest).
// timeout(d, on: s, error: e) = timeout(d, on: s, switchTo: .error(e)).

extension Signal {
    /// Mirrors this signal while it sends a value at least every `dueTime`; when `dueTime`
    /// passes on `scheduler` without one (counted from the subscription, then from each
    /// value), disposes it and continues with `other`.
    ///
    /// Completes or fails as this signal does before the timeout, and as `other` does after
    /// it. Disposing the output disposes this signal (or `other`) and cancels the clock.
    /// A due time of zero or less times out at the scheduler's next run, unless a value
    /// arrived first.
    ///
    /// Composed of: `materialize()`, `startWith` a marker for the subscription, then
    /// `flatMapLatest` of each event into `.just(event)` followed (unless it is terminal) by
    /// `Signal.timer(after: dueTime, on: scheduler)` as "timed out"; a `bind` forwards the
    /// events and, on "timed out", stops and returns `other`.
    ///
    /// ```swift
    /// let scheduler = TestScheduler(), replies = Subject<String, Never>()
    /// replies.signal.timeout(.seconds(5), on: scheduler, switchTo: .just("cached"))
    ///     .subscribe(next: { print($0) })
    /// scheduler.advance(by: .seconds(5))
    /// // Prints: cached
    /// ```
    /// With a due time of three ticks and `other` = `-x|` (from `TimeoutTests`):
    /// ```
    /// source: -a-b-----c|
    /// output: -a-b---x|
    /// ```
    ///
    /// - Complexity: per value, one timer and the subscriptions of one `flatMapLatest` inner
    ///   signal.
    /// - SeeAlso: RxSwift `timeout(_:other:scheduler:)`, ReactiveSwift none (its `timeout`
    ///   fails), Combine none (`timeout` + `catch`).
    @inlinable
    public func timeout(_ dueTime: Duration, on scheduler: some Scheduler, switchTo other: Signal) -> Signal {
        typealias Step = _TimeoutStep<Value, Failure>
        let clock = Signal<Int, Never>.timer(after: dueTime, on: scheduler).map { _ in Step.timedOut }
        return materialize()
            .map { Optional($0) }
            .startWith(nil)
            .flatMapLatest { event -> Signal<Step, Never> in
                guard let event else { return clock }
                let step = Signal<Step, Never>.just(.source(event))
                return event.isTerminating ? step : step.concat(clock)
            }
            .bind {
                { event, stop in
                    guard case .next(let step) = event else { return nil }
                    switch step {
                    case .source(.next(let value)):
                        return .just(value)
                    case .source(.error(let error)):
                        return .error(error)
                    case .source(.completed):
                        stop = true
                        return nil
                    case .timedOut:
                        stop = true
                        return other
                    }
                }
            }
    }

    /// Mirrors this signal while it sends a value at least every `dueTime`; when `dueTime`
    /// passes on `scheduler` without one (counted from the subscription, then from each
    /// value), disposes it and fails with `error`.
    ///
    /// Completes or fails as this signal does before the timeout. Disposing the output
    /// disposes this signal and cancels the clock. A signal that cannot fail
    /// (`Failure == Never`) takes a failure type first: `setFailureType(to:)`.
    ///
    /// Composed of: `timeout(dueTime, on: scheduler, switchTo: .error(error))`.
    ///
    /// ```swift
    /// struct TimedOut: Error {}
    /// let scheduler = TestScheduler(), replies = Subject<String, TimedOut>()
    /// replies.signal.timeout(.seconds(5), on: scheduler, error: TimedOut())
    ///     .subscribe(error: { print("timed out") })
    /// scheduler.advance(by: .seconds(5))
    /// // Prints: timed out
    /// ```
    /// With a due time of three ticks (from `TimeoutTests`):
    /// ```
    /// source: -a-b-----c|
    /// output: -a-b--#
    /// ```
    ///
    /// - SeeAlso: RxSwift `timeout(_:scheduler:)` (fails with `RxError.timeout`),
    ///   ReactiveSwift `timeout(after:raising:on:)` (a total time, not restarted),
    ///   Combine `timeout(_:scheduler:customError:)`.
    @inlinable
    public func timeout(_ dueTime: Duration, on scheduler: some Scheduler, error: Failure) -> Signal {
        timeout(dueTime, on: scheduler, switchTo: .error(error))
    }
}

/// What `timeout`'s bind reacts to: an event of the source, or the clock running out.
@usableFromInline
enum _TimeoutStep<Value, Failure: Error> {
    case source(Event<Value, Failure>)
    case timedOut
}
