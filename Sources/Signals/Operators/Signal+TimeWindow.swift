// take(for: d, on: s)          = take(until: timer(after: d, on: s))
// skip(for: d, on: s)          = d <= 0 ? self : skip(until: timer(after: d, on: s))
// delaySubscription(d, on: s)  = timer(after: d, on: s).then(self)
//   A window of time is a timer used as a trigger: the filters that already take a trigger
//   signal get their time forms for free.

extension Signal {
    /// Forwards the values sent during `duration` after the subscription, then completes
    /// and disposes this signal.
    ///
    /// Completes: when `duration` has passed on `scheduler`, or earlier with this signal.
    /// Fails: with this signal's error, if it comes first. Disposes: this signal and the
    /// timer. A duration of zero or less completes at the scheduler's next run, after what
    /// this signal sent synchronously on subscription (as RxSwift).
    ///
    /// ![take(for: 4)](marble-take-for.svg)
    ///
    /// Composed of: `take(until: Signal.timer(after: duration, on: scheduler))`.
    ///
    /// ```swift
    /// let scheduler = TestScheduler(), taps = Subject<String, Never>()
    /// taps.signal.take(for: .seconds(2), on: scheduler).subscribe(next: { print($0) }, completed: { print("done") })
    /// taps.send(value: "a"); scheduler.advance(by: .seconds(2)); taps.send(value: "b")
    /// // Prints: a, done
    /// ```
    /// For four ticks (from `TakeForTests`):
    /// ```
    /// self:   -a-b-c-d|
    /// output: -a-b|
    /// ```
    ///
    /// - SeeAlso: RxSwift `take(for:scheduler:)`, ReactiveSwift `take(during:)` with a
    ///   timer, Combine `prefix(untilOutputFrom:)` with a timer.
    @inlinable @inline(__always)
    public func take(for duration: Duration, on scheduler: some Scheduler) -> Signal {
        // The timer picks the scheduler's specialised form (Scheduler+Specialising.swift).
        take(until: Signal<Int, Never>.timer(after: duration, on: scheduler))
    }

    /// Drops the values sent during `duration` after the subscription, then forwards the rest.
    ///
    /// Completes and fails with this signal (an error during the window is forwarded).
    /// Disposes: this signal and the timer. A duration of zero or less drops nothing, not
    /// even what this signal sends synchronously on subscription: the output is this signal
    /// (RxSwift would drop those until its zero timer ran).
    ///
    /// ![skip(for: 4)](marble-skip-for.svg)
    ///
    /// Composed of: `skip(until: Signal.timer(after: duration, on: scheduler))`.
    ///
    /// ```swift
    /// let scheduler = TestScheduler(), taps = Subject<String, Never>()
    /// taps.signal.skip(for: .seconds(2), on: scheduler).subscribe(next: { print($0) })
    /// taps.send(value: "a"); scheduler.advance(by: .seconds(2)); taps.send(value: "b")
    /// // Prints: b
    /// ```
    /// For four ticks (from `SkipForTests`):
    /// ```
    /// self:   -a-b-c-d|
    /// output: -----c-d|
    /// ```
    ///
    /// - SeeAlso: RxSwift `skip(_:scheduler:)` (a time interval), ReactiveSwift
    ///   `skip(until:)` with a timer, Combine `drop(untilOutputFrom:)` with a timer.
    @inlinable @inline(__always)
    public func skip(for duration: Duration, on scheduler: some Scheduler) -> Signal {
        // The timer picks the scheduler's specialised form (Scheduler+Specialising.swift).
        guard duration > .zero else { return self }
        return skip(until: Signal<Int, Never>.timer(after: duration, on: scheduler))
    }

    /// Subscribes to this signal once `delay` has passed on `scheduler`, instead of at once.
    ///
    /// Completes and fails with this signal; its events are not shifted, only its start.
    /// Disposes: the waiting timer, or this signal once subscribed (disposing before the
    /// delay means this signal is never subscribed). The subscription happens on
    /// `scheduler`.
    ///
    /// ![delaySubscription(2)](marble-delaySubscription.svg)
    ///
    /// Composed of: `Signal.timer(after: delay, on: scheduler).then(self)`.
    ///
    /// ```swift
    /// let scheduler = TestScheduler()
    /// Signal.just("hi").delaySubscription(.seconds(3), on: scheduler).subscribe(next: { print($0) })
    /// scheduler.advance(by: .seconds(3))
    /// // Prints: hi (3 s after subscribing)
    /// ```
    /// With a delay of three ticks (from `DelaySubscriptionTests`):
    /// ```
    /// self:   -a-b|
    /// output: ----a-b|
    /// ```
    ///
    /// - SeeAlso: RxSwift `delaySubscription(_:scheduler:)`, ReactiveSwift `delay` on the
    ///   producer's start (`SignalProducer.timer` + `then`), Combine `delay` +
    ///   `flatMap` (none built in).
    @inlinable @inline(__always)
    public func delaySubscription(_ delay: Duration, on scheduler: some Scheduler) -> Signal {
        // The timer picks the scheduler's specialised form (Scheduler+Specialising.swift).
        Signal<Int, Failure>.timer(after: delay, on: scheduler).then(self)
    }
}
