// timestamp(on: s)     = map { value in Timestamped(value, time: s.now) }
// timeInterval(on: s)  = a stateful bind keeping the time of the previous value (at first, of
//                        the subscription): `.next(v) -> .just(Elapsed(v, since previous))`.

extension Signal {
    /// Sends each value paired with `scheduler.now` at the moment it passes.
    ///
    /// Completes, fails and disposes with this signal. The time is read when the value
    /// reaches this operator, on the thread that sends it: the scheduler is a clock here,
    /// nothing is scheduled on it.
    ///
    /// ![timestamp(on: scheduler)](marble-timestamp.svg)
    ///
    /// Composed of: `map { Timestamped(value: $0, time: scheduler.now) }`.
    ///
    /// ```swift
    /// let scheduler = TestScheduler(), clicks = Subject<String, Never>()
    /// clicks.signal.timestamp(on: scheduler).subscribe(next: { print($0.value, $0.time) })
    /// scheduler.advance(by: .seconds(2)); clicks.send(value: "a")
    /// // Prints: a 2.0 seconds
    /// ```
    /// With a tick of one second (from `TimestampTests`):
    /// ```
    /// self:   -a--b|
    /// output: -x--y|   x = (a, 1 s), y = (b, 4 s)
    /// ```
    ///
    /// - SeeAlso: RxJS `timestamp()` (RxSwift has none: `map { ($0, Date()) }`),
    ///   ReactiveSwift none, Combine none (`map { ($0, scheduler.now) }`).
    public func timestamp<S: Scheduler>(on scheduler: S) -> Signal<Timestamped<Value, S.Instant>, Failure> {
        map { Timestamped(value: $0, time: scheduler.now) }
    }

    /// Sends each value paired with the time since the previous value, on `scheduler`'s
    /// clock; the first value's is the time since the subscription.
    ///
    /// Completes, fails and disposes with this signal. Each subscription measures from its
    /// own start. As with ``timestamp(on:)``, the scheduler is only read, never scheduled on.
    ///
    /// ![timeInterval(on: scheduler)](marble-timeInterval.svg)
    ///
    /// Composed of: a stateful `bind` keeping the time of the previous value (first, of the
    /// subscription): `.next(v) -> .just(Elapsed(value: v, interval: previous to now))`.
    ///
    /// ```swift
    /// let scheduler = TestScheduler(), clicks = Subject<String, Never>()
    /// clicks.signal.timeInterval(on: scheduler).subscribe(next: { print($0.value, $0.interval) })
    /// scheduler.advance(by: .seconds(2)); clicks.send(value: "a")
    /// scheduler.advance(by: .seconds(1)); clicks.send(value: "b")
    /// // Prints: a 2.0 seconds, b 1.0 seconds
    /// ```
    /// With a tick of one second (from `TimeIntervalTests`):
    /// ```
    /// self:   -a--b|
    /// output: -x--y|   x = (a, 1 s), y = (b, 3 s)
    /// ```
    ///
    /// - SeeAlso: RxJS `timeInterval()` (RxSwift has none), ReactiveSwift none, Combine
    ///   `measureInterval(using:)` (the values dropped; the first since subscription too).
    public func timeInterval(on scheduler: some Scheduler) -> Signal<Elapsed<Value>, Failure> {
        bind {
            let previous = _BindingState(scheduler.now)
            return { event, _ in
                switch event {
                case .next(let value):
                    let now = scheduler.now
                    defer { previous.value = now }
                    return .just(Elapsed(value: value, interval: previous.value.duration(to: now)))
                case .error(let error):
                    return .error(error)
                case .completed:
                    return nil
                }
            }
        }
    }
}
