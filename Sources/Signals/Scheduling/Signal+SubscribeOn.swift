// subscribe(on: s) = a source: subscribes to this signal inside `s.schedule`, and disposes
// that subscription inside `s.schedule` too (as RxSwift's subscribeOn does). It needs the
// plumbing (a disposable that schedules), so it lives in Scheduling/.

extension Signal {
    /// Subscribes to this signal — runs its subscription side effects — on `scheduler`; and
    /// disposes that subscription on `scheduler` too.
    ///
    /// Events are delivered wherever this signal sends them (use `observe(on:)` to move
    /// them). Completes and fails as this signal does. Disposing the output stops delivery at
    /// once and cancels the subscription if it has not started yet; a subscription already
    /// made is disposed by work scheduled on `scheduler` (RxSwift's rule).
    ///
    /// Composed of: a source — `scheduler.schedule { subscribe }`, and on disposal
    /// `scheduler.schedule { dispose }`.
    ///
    /// ```swift
    /// Signal<Int, Never>.deferred { .just(expensiveSetUp()) }
    ///     .subscribe(on: QueueScheduler(name: "setup"))
    ///     .subscribe(next: { print($0) })
    /// // The set-up runs on the "setup" queue.
    /// ```
    /// ```
    /// source (cold):        -a-b-|
    /// subscribe(on: test):  -a-b-|   (subscribed at the scheduler's next run, at the same tick)
    /// ```
    ///
    /// - SeeAlso: RxSwift `subscribe(on:)`, ReactiveSwift `start(on:)`, Combine
    ///   `subscribe(on:)`.
    @inlinable
    public func subscribe(on scheduler: some Scheduler) -> Signal {
        let source = self
        return Signal { observer in
            let subscription = SerialDisposable()
            let scheduled = scheduler.schedule {
                subscription.inner = source.subscribe(observer)
            }
            return AnyDisposable {
                scheduled.dispose()
                scheduler.schedule { subscription.dispose() }
            }
        }
    }
}
