// The sources of time. Every time operator is a composition over these two signals (and the
// internal variants below, which hand a value to a timer in one subscription); they are the
// only signals that schedule work. `throttle` also reads the scheduler's clock (`now`) to
// compare instants, which schedules nothing.
//
// timer(after: d, on: s)  = one value, 0, when `d` has passed, then completed.
// interval(p, on: s)      = 0, 1, 2, … every `p`, never completes.

extension Signal where Value == Int {
    /// Sends one value, `0`, once `delay` has passed on `scheduler`, then completes.
    ///
    /// Completes right after its value; never fails; disposing it before it fires cancels
    /// the scheduled work, and nothing is sent. A delay of zero or less fires as soon as the
    /// scheduler runs work scheduled for now.
    ///
    /// The value is the index of its single tick, `0`, as RxSwift's `timer` sends, so that
    /// a timer reads as the first tick of an `interval(_:on:)`.
    ///
    /// ![Signal.timer(after: 3)](marble-timer.svg)
    ///
    /// Composed of: a source (`scheduler.schedule(after:)`); the time operators compose over it.
    ///
    /// ```swift
    /// Signal<Int, Never>.timer(after: .milliseconds(10), on: QueueScheduler.main)
    ///     .subscribe(next: { print($0) }, completed: { print("done") })
    /// // Prints: 0, done (10 ms later, on the main queue)
    /// ```
    /// ```
    /// timer(after: 3 ticks): ---(0|)
    /// ```
    ///
    /// - SeeAlso: RxSwift `Observable.timer(_:scheduler:)`, ReactiveSwift
    ///   `SignalProducer.timer` (repeating), Combine `Just(…).delay(for:scheduler:)`.
    @inlinable @inline(__always)
    public static func timer(after delay: Duration, on scheduler: some Scheduler) -> Signal {
        scheduler._isSpecialisable ? _timer(after: delay, on: scheduler) : _timer(after: delay, on: scheduler._erased)
    }

    /// Sends `0`, `1`, `2`, … on `scheduler`, the first once `period` has passed, then one
    /// every `period`. Never completes; disposing it cancels the scheduled work.
    ///
    /// `period` must be positive.
    ///
    /// ![Signal.interval(2).take(4)](marble-interval.svg)
    ///
    /// Composed of: a source (`scheduler.schedule(after:repeating:)`).
    ///
    /// ```swift
    /// let ticks = Signal<Int, Never>.interval(.seconds(1), on: QueueScheduler.main)
    ///     .subscribe(next: { print($0) })
    /// // Prints: 0, 1, 2, … (one a second, until disposed)
    /// ```
    /// ```
    /// interval(2 ticks): --0-1-2-3-…
    /// ```
    ///
    /// - SeeAlso: RxSwift `Observable.interval(_:scheduler:)`, ReactiveSwift
    ///   `SignalProducer.timer(interval:on:)`, Combine `Timer.publish(every:on:in:)`.
    @inlinable @inline(__always)
    public static func interval(_ period: Duration, on scheduler: some Scheduler) -> Signal {
        scheduler._isSpecialisable ? _interval(period, on: scheduler) : _interval(period, on: scheduler._erased)
    }

    /// A timer's subscribe function installs the scheduled work in the sink itself (one
    /// closure: `Signal.init(_:)` would wrap the subscribe function in a second one, an
    /// allocation more per timer, which `debounce` and `throttle` make per value).
    @inlinable
    static func _timer(after delay: Duration, on scheduler: some Scheduler) -> Signal {
        Signal(_representation: .subscribe { observer in
            observer._setUpstream(scheduler.schedule(after: delay) {
                observer.send(value: 0)
                observer.sendCompleted()
            })
        }, _promptness: .holding) // schedules; sends at once only if the scheduler runs it at once
    }

    @inlinable
    static func _interval(_ period: Duration, on scheduler: some Scheduler) -> Signal {
        _precondition(period > .zero, "Signals: Signal.interval(_:on:) needs a positive period, got \(period); pass a Duration greater than .zero")
        return Signal { observer in
            let ticks = _Locked(0)
            return scheduler.schedule(after: period, repeating: period) {
                // Repeating work runs serially, so the ticks are counted and sent in order.
                let tick = ticks.withLock { count in
                    defer { count += 1 }
                    return count
                }
                observer.send(value: tick)
            }
        }._declaring(.holding) // schedules; at most one tick at once (an immediate scheduler)
    }
}

extension Signal {
    /// When `delay` has passed on `scheduler`, continues with the signal `next()` gives:
    /// `timer(after:on:)` followed by a signal chosen when it fires, for the time operators
    /// that hand a value to a timer (`debounce`: `.just(value)` if the value is still
    /// pending, else `.empty`). One subscription, where `timer(…).then(…)` would add binds.
    @inlinable
    static func _timer(
        after delay: Duration,
        on scheduler: some Scheduler,
        then next: @escaping @Sendable () -> Signal
    ) -> Signal {
        Signal(_representation: .subscribe { observer in
            observer._setUpstream(scheduler.schedule(after: delay) {
                next()._subscribe(observer)
            })
        })
    }
}

extension Signal {
    /// Sends `first` at once, then, when `delay` has passed on `scheduler`, continues with the
    /// signal `next()` gives: `.just(first)` followed by `_timer(after:on:then:)` in one
    /// subscription, for `timeout`, whose every value restarts the clock.
    @inlinable
    static func _timer(
        after delay: Duration,
        on scheduler: some Scheduler,
        sendingFirst first: Value,
        then next: @escaping @Sendable () -> Signal
    ) -> Signal {
        // The value is only read, once per subscription, as `just(first)` would.
        nonisolated(unsafe) let first = first
        return Signal { observer in
            observer.send(value: first)
            return scheduler.schedule(after: delay) {
                next()._subscribe(observer)
            }
        }
    }
}

extension Signal where Value == Int, Failure == Never {
    /// Sends `0` once `delay` has passed on `scheduler`, then completes; a signal that cannot
    /// fail, so `Signal.timer(after:on:)` is a `Signal<Int, Never>`.
    ///
    /// Composed of: a source (`scheduler.schedule(after:)`).
    ///
    /// ```swift
    /// Signal.timer(after: .seconds(1), on: QueueScheduler.main).subscribe(next: { print($0) })
    /// // Prints: 0 (a second later)
    /// ```
    ///
    /// - SeeAlso: RxSwift `Observable.timer(_:scheduler:)`.
    @inlinable @inline(__always)
    public static func timer(after delay: Duration, on scheduler: some Scheduler) -> Signal {
        scheduler._isSpecialisable
            ? Signal<Int, Never>._timer(after: delay, on: scheduler)
            : Signal<Int, Never>._timer(after: delay, on: scheduler._erased)
    }

    /// Sends `0`, `1`, `2`, … every `period` on `scheduler`; a signal that cannot fail.
    ///
    /// Composed of: a source (`scheduler.schedule(after:repeating:)`).
    ///
    /// ```swift
    /// Signal.interval(.seconds(1), on: QueueScheduler.main).subscribe(next: { print($0) })
    /// // Prints: 0, 1, 2, … (one a second)
    /// ```
    ///
    /// - SeeAlso: RxSwift `Observable.interval(_:scheduler:)`.
    @inlinable @inline(__always)
    public static func interval(_ period: Duration, on scheduler: some Scheduler) -> Signal {
        scheduler._isSpecialisable
            ? Signal<Int, Never>._interval(period, on: scheduler)
            : Signal<Int, Never>._interval(period, on: scheduler._erased)
    }
}
