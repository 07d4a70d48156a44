// timeout(d, on: s, switchTo: other) =
//     map(Optional.some).startWith(nil)          // nil: the subscription
//         .bind { event, control in               // the clock: one timer, cut by each event
//             cut the running clock (BindControl.cancelInners());
//             nil      -> a timer that sends "timed out" after d;
//             value v  -> v as a step at once, then "timed out" after d (one source);
//             terminal -> the terminal event as a step }
//         .bind { value -> .just(value); error -> .error; completed -> stop;
//                 timed out -> stop and return `other` (bind tail-calls it) }
//   The clock starts at the subscription and restarts at every value: each event cuts the
//   previous clock. A value delivered at the very instant of the deadline, before the
//   clock's work runs, cuts the clock and is in time (RxSwift's testTimeout_Duetime_Timeout_Exact).
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
    /// At the exact boundary: a value that arrives at the very instant the due time runs out,
    /// before the scheduler runs the clock's work for that instant, is in time and restarts
    /// the clock (as RxSwift, `testTimeout_Duetime_Timeout_Exact`); on `TestScheduler` a
    /// source's work scheduled before the clock's runs first.
    ///
    /// Composed of: `map(Optional.some).startWith(nil)` (`nil` marks the subscription), a
    /// `bind` that cuts the running clock at every event (`BindControl.cancelInners()`) and
    /// returns the event followed by one timer sending "timed out", and a `bind` that
    /// forwards the events and, on "timed out", stops and returns `other`.
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
    /// ![timeout(3, switchTo: fallback)](marble-timeout-switchTo.svg)
    ///
    /// - Complexity: per value, one timer and one inner subscription.
    /// - SeeAlso: RxSwift `timeout(_:other:scheduler:)`, ReactiveSwift none (its `timeout`
    ///   fails), Combine none (`timeout` + `catch`).
    @inlinable @inline(__always)
    public func timeout(_ dueTime: Duration, on scheduler: some Scheduler, switchTo other: Signal) -> Signal {
        scheduler._isSpecialisable
            ? _timeout(dueTime, on: scheduler, switchTo: other)
            : _timeout(dueTime, on: scheduler._erased, switchTo: other)
    }

    /// `timeout(_:on:switchTo:)`, specialised for the scheduler's type (`_ErasedScheduler` for
    /// one held as `any Scheduler`: Scheduler+Specialising.swift).
    @inlinable
    func _timeout(_ dueTime: Duration, on scheduler: some Scheduler, switchTo other: Signal) -> Signal {
        typealias Step = _TimeoutStep<Value, Failure>
        let timedOut: @Sendable () -> Signal<Step, Never> = { .just(.timedOut) }
        let clocked: Signal<Step, Never> = map { Optional($0) }
            .startWith(nil)
            .bind {
                { event, control in
                    control.cancelInners()
                    switch event {
                    case .next(let value?):
                        return ._timer(after: dueTime, on: scheduler, sendingFirst: .source(.next(value)), then: timedOut)
                    case .next(nil):
                        return ._timer(after: dueTime, on: scheduler, then: timedOut)
                    case .error(let error):
                        return .just(.source(.error(error)))
                    case .completed:
                        return .just(.source(.completed))
                    }
                }
            }
        return clocked.bind {
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
    /// ![timeout(3, error: oops)](marble-timeout.svg)
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
    @inlinable @inline(__always)
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
