// throttle(d, on: s, latest:) = bind {
//     .next(v)   -> if `d` has passed since the last value sent (now - lastSent >= d): send v
//                   at once (a window kept for its end is sent first — see below);
//                   else with `latest: true` keep v, and if it is the first kept value of
//                   the window, return a timer that sends the kept value at the window's end
//                   (which opens the next window); with `latest: false` drop v;
//     .completed -> nothing: the window's timer, if any, sends the kept value, then bind
//                   completes (its last inner has ended);
//     .error(e)  -> .error(e) (a kept value is dropped, unless its window ended at this very
//                   instant: then it is sent first).
// }
//   The window is a time, not a timer: a value is compared with the instant the last value
//   was sent, so a value at the exact end of a window passes however the scheduler orders
//   the work of one instant. Per window, one timer (latest: true only) and one inner
//   subscription; the window's state is shared with that timer under a lock.
//   Order: a timer takes its kept value under the lock but hands it to bind after; until it
//   has, any value that would be sent (by the source, or by a later timer) is queued behind
//   it and delivered by that same timer's inner, after its own (`_deliverInOrder`), so the
//   output keeps the source's order even when a timer is delayed by a whole window.

extension Signal {
    /// Sends at most one value per window of `interval`: the first value at once, opening a
    /// window; with `latest: true`, at the end of the window the latest value that arrived
    /// in it (which opens the next window); with `latest: false`, the values that arrive in
    /// a window are dropped.
    ///
    /// A value passes when `interval` has passed since the last value sent
    /// (`now - lastSent >= interval`, RxSwift's rule): a window opened at `t` covers
    /// `[t, t + interval)`, and a value arriving at exactly `t + interval` is sent at once,
    /// even if the window's end is due at the same instant. With `latest: true` and a value
    /// kept for that end, the kept value is sent first, at `t + interval`, and opens the
    /// next window, in which the new value is kept (RxSwift, whose test scheduler runs the
    /// source first at that instant, sends the new value and drops the kept one; here no
    /// value is lost and the rule does not depend on the order of work at one instant).
    ///
    /// Completes when this signal completes — but a value kept for the end of the window is
    /// sent first, at the end of the window, and the output completes right after it. Fails
    /// as soon as this signal fails, dropping a kept value (unless its window ends at that very
    /// instant: then it is sent first). Disposing the output disposes
    /// this signal and cancels the window. An interval of zero or less lets every value
    /// through.
    ///
    /// ![throttle(3, latest: true)](marble-throttle-latest.svg)
    ///
    /// ![throttle(3, latest: false)](marble-throttle-first.svg)
    ///
    /// Composed of: one `bind` that compares `scheduler.now` with the instant of the last
    /// value sent and, for a value kept for the end of the window (`latest: true`), returns
    /// one `Signal.timer`-like source that sends it there.
    ///
    /// ```swift
    /// let scheduler = TestScheduler(), taps = Subject<Int, Never>()
    /// taps.signal.throttle(.seconds(1), on: scheduler).subscribe(next: { print($0) })
    /// taps.send(value: 1); taps.send(value: 2); taps.send(value: 3)
    /// scheduler.advance(by: .seconds(1))
    /// // Prints: 1, 3
    /// ```
    /// With an interval of three ticks (from `ThrottleTests`):
    /// ```
    /// source:                -abc-----d-e----|
    /// throttle(latest: true):  -a--c----d--e---|
    /// throttle(latest: false): -a-------d------|
    /// ```
    ///
    /// Order: values are delivered in the order this signal sent them, always — also on a
    /// real scheduler whose timer is delayed by a whole window while this signal sends from
    /// another thread: a value decided while a window's timer is still delivering its kept
    /// value waits behind it (Contracts.md, "Ties at the boundary").
    ///
    /// - Complexity: per value, a look at the clock; per window with a kept value, one timer
    ///   and one inner subscription.
    /// - SeeAlso: RxSwift `throttle(_:latest:scheduler:)`, ReactiveSwift `throttle(_:on:)`;
    ///   Combine `throttle(for:scheduler:latest:)` (and swift-async-algorithms' `_throttle`) is
    ///   close but not the same: without `latest` it sends the *first* value of each interval
    ///   at the interval's end instead of dropping it, and a value at an interval's end counts
    ///   into that interval — on `abcdefghijk|` at 2 ticks it sends `a-c-e-g-i-k|` with
    ///   `latest`, `a-b-d-f-h-j|` without (Contracts.md, "Where Signals differs from Combine").
    @inlinable @inline(__always)
    public func throttle<S: Scheduler>(_ interval: Duration, on scheduler: S, latest: Bool = true) -> Signal {
        scheduler._isSpecialisable
            ? _throttle(interval, on: scheduler, latest: latest)
            : _throttle(interval, on: scheduler._erased, latest: latest)
    }

    /// `throttle(_:on:latest:)`, specialised for the scheduler's type (`_ErasedScheduler` for
    /// one held as `any Scheduler`: Scheduler+Specialising.swift).
    @inlinable
    func _throttle<S: Scheduler>(_ interval: Duration, on scheduler: S, latest: Bool) -> Signal {
        bind {
            let window = _ThrottleWindow<Value, S.Instant>()
            return { event, control in
                switch event {
                case .next(let value):
                    switch window.receive(value, at: scheduler.now, interval: interval, keeping: latest) {
                    case .send:
                        return .just(value)
                    case .drop:
                        return nil
                    case .keep(let remaining, let id):
                        return ._timer(after: remaining, on: scheduler) { ._endOfThrottleWindow(id, window, scheduler) }
                    case .sendEndedWindowThenKeep(let ended, let id):
                        let timer: Signal = ._timer(after: interval, on: scheduler) { ._endOfThrottleWindow(id, window, scheduler) }
                        // A timer is delivering: the ended value was queued behind it.
                        guard let ended else { return timer }
                        // The window's timer is due at this very instant but has not run:
                        // cut it, send its value now, and start the next window's timer.
                        control.cancelInners()
                        return timer.startWith(ended)
                    }
                case .error(let error):
                    // A window that ended at this very instant sends its kept value first.
                    guard let ended = window.takeEnded(at: scheduler.now, interval: interval) else { return .error(error) }
                    control.cancelInners()
                    return Signal.error(error).startWith(ended)
                case .completed:
                    return nil
                }
            }
        }
    }
}

/// What `throttle` and `buffer` react to: an event of the source, or the end of a window.
extension Signal {
    /// The end of throttle window `id`: the kept value, if this timer is the one to deliver
    /// it, followed by every value queued behind it meanwhile, in order.
    @inlinable
    static func _endOfThrottleWindow<S: Scheduler>(
        _ id: Int, _ window: _ThrottleWindow<Value, S.Instant>, _ scheduler: S
    ) -> Signal {
        guard let kept = window.endOfWindow(id, at: scheduler.now) else { return .empty }
        return _deliverInOrder(kept, window)
    }

    /// `value`, then — once it has been handed on — the next value queued in `window`, and so
    /// on until none is left (a concatenation read lazily: constant stack).
    @inlinable
    static func _deliverInOrder<Instant>(_ value: Value, _ window: _ThrottleWindow<Value, Instant>) -> Signal {
        Signal.just(value).concat(.deferred {
            guard let next = window.nextQueued() else { return .empty }
            return _deliverInOrder(next, window)
        })
    }
}

@usableFromInline
enum _WindowStep<Value, Failure: Error> {
    case source(Event<Value, Failure>)
    case windowEnded
}
