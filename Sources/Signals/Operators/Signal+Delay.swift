// delay(d, on: s) = materialize()
//                     .flattenMap { event in timer(after: d, on: s) then .just(event) }   // one source
//                     .dematerialize()
//   Every event — values, completion, error — rides its own timer of `d`. The timers start
//   in the order of the events and last the same, and a scheduler runs work due at the same
//   time first in, first out, so the events come out in their order, each `d` later.

extension Signal {
    /// Sends every event of this signal — values, completion and error — `delay` later, on
    /// `scheduler`, in order.
    ///
    /// Completes and fails as this signal does, `delay` later: an error is delayed too, like
    /// the values before it (RxSwift and ReactiveSwift deliver errors at once). Disposing the
    /// output disposes this signal and cancels the events still waiting: nothing is
    /// delivered after the disposal returns. A delay of zero or less delivers at the
    /// scheduler's next run, as `observe(on:)` does.
    ///
    /// ![delay(2)](marble-delay.svg)
    ///
    /// Composed of: `materialize()`, then `flattenMap` of each event into a timer of `delay`
    /// that continues with `.just(event)` (one scheduling source, where
    /// `Signal.timer(after:on:).then(.just(event))` added a bind per event), then
    /// `dematerialize()`.
    ///
    /// ```swift
    /// let scheduler = TestScheduler()
    /// Signal.from([1, 2]).delay(.seconds(2), on: scheduler).subscribe(next: { print($0) })
    /// scheduler.advance(by: .seconds(2))
    /// // Prints: 1, 2 (two seconds after the subscription)
    /// ```
    /// With a delay of two ticks (from `DelayTests`):
    /// ```
    /// source: -a-b-|
    /// output: ---a-b-|
    /// ```
    ///
    /// - Complexity: one timer and one small subscription per event.
    /// - SeeAlso: RxSwift `delay(_:scheduler:)`, ReactiveSwift `delay(_:on:)`,
    ///   Combine `delay(for:scheduler:)`.
    @inlinable @inline(__always)
    public func delay(_ delay: Duration, on scheduler: some Scheduler) -> Signal {
        scheduler._isSpecialisable ? _delay(delay, on: scheduler) : _delay(delay, on: scheduler._erased)
    }

    /// `delay(_:on:)`, specialised for the scheduler's type (`_ErasedScheduler` for one held
    /// as `any Scheduler`: Scheduler+Specialising.swift).
    @inlinable
    func _delay(_ delay: Duration, on scheduler: some Scheduler) -> Signal {
        materialize()
            .flattenMap { event in
                let send = Signal<Event<Value, Failure>, Never>.just(event)
                return ._timer(after: delay, on: scheduler) { send }
            }
            .dematerialize()
    }
}
