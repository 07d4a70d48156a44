// debounce(d, on: s) = bind {
//     .next(v)   -> hand v over; cut the running timer (BindControl.cancelInners()) if its value
//                   was still unsent; return a timer that sends v when `d` has passed, if v is
//                   still the one handed over;
//     .completed -> the value still handed over (if any), cutting its timer, then completed
//                   (a timer already sending its value finishes first);
//     .error(e)  -> .error(e) (the pending value is dropped).
// }
//   A newer value cuts the timer of the previous one, so only a value that `d` has passed
//   without a newer one gets through. The hand-over (`_Handoff`) makes sure that a timer
//   firing on another thread while the source completes sends the value, or the completion
//   does — exactly once.

extension Signal {
    /// Sends a value once `dueTime` has passed on `scheduler` without a newer value; a value
    /// followed sooner by another is dropped. On completion, sends the pending value (if
    /// any) at once, then completes.
    ///
    /// Completes when this signal completes, right after the pending value. Fails as soon
    /// as this signal fails, dropping the pending value (as RxSwift). Disposing the output
    /// disposes this signal and cancels the pending timer. A due time of zero or less sends
    /// a value at the scheduler's next run, unless a newer one arrived first.
    ///
    /// ![debounce(2)](marble-debounce.svg)
    ///
    /// Composed of: one `bind` whose binding, for each value, cuts the running timer
    /// (`BindControl.cancelInners()`) and returns a timer that sends the value when
    /// `dueTime` has passed; on completion it cuts the timer and returns the pending value.
    ///
    /// ```swift
    /// let scheduler = TestScheduler(), query = Subject<String, Never>()
    /// query.signal.debounce(.seconds(1), on: scheduler).subscribe(next: { print($0) })
    /// query.send(value: "s"); query.send(value: "sw")
    /// scheduler.advance(by: .seconds(1))
    /// // Prints: sw
    /// ```
    /// With a due time of two ticks (from `DebounceTests`):
    /// ```
    /// source: -a--bc---d|
    /// output: ---a---c--(d|)
    /// ```
    ///
    /// - Complexity: per value, one timer and one inner subscription.
    /// - SeeAlso: RxSwift `debounce(_:scheduler:)`, ReactiveSwift `debounce(_:on:)`,
    ///   Combine `debounce(for:scheduler:)`.
    @inlinable @inline(__always)
    public func debounce(_ dueTime: Duration, on scheduler: some Scheduler) -> Signal {
        scheduler._isSpecialisable ? _debounce(dueTime, on: scheduler) : _debounce(dueTime, on: scheduler._erased)
    }

    /// `debounce(_:on:)`, specialised for the scheduler's type (`_ErasedScheduler` for one
    /// held as `any Scheduler`: Scheduler+Specialising.swift).
    @inlinable
    func _debounce(_ dueTime: Duration, on scheduler: some Scheduler) -> Signal {
        bind {
            let pending = _Handoff<Value>()
            return { event, control in
                switch event {
                case .next(let value):
                    let (ticket, replacedUnsent) = pending.hold(value)
                    if replacedUnsent { control.cancelInners() }  // never a timer sending its value
                    let send = Signal.just(value)
                    return ._timer(after: dueTime, on: scheduler) { pending.claim(ticket) ? send : .empty }
                case .error(let error):
                    return .error(error)
                case .completed:
                    guard let value = pending.takeHeld() else { return nil }  // sent, or being sent
                    control.cancelInners()
                    return .just(value)
                }
            }
        }
    }
}
