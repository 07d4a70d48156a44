// subscribe(on: s) = a source: subscribes to this signal inside `s.schedule`, and disposes
// that subscription inside `s.schedule` too (as RxSwift's subscribeOn does) — but stops it at
// once: disposing marks the source's observer stopped (through any operators in between), so
// a synchronous source running on `s` returns, and only the cleanup waits for `s`. It needs
// the plumbing (a disposable that schedules, the sink's stop), so it lives in Scheduling/.

import Synchronization

extension Signal {
    /// Subscribes to this signal — runs its subscription side effects — on `scheduler`; and
    /// disposes that subscription on `scheduler` too.
    ///
    /// Events are delivered wherever this signal sends them (use `observe(on:)` to move
    /// them). Completes and fails as this signal does. Disposes: at once, the subscription is
    /// stopped — nothing more is delivered, and the source's observer reports `isStopped`
    /// through any number of operators, so a synchronous source busy on `scheduler` (a loop
    /// over `Signal.from`, a `repeatForever()`) returns at its next check — and a start that
    /// has not run is cancelled; the cleanup (the disposables the source returned) runs on
    /// `scheduler` (RxSwift's rule).
    ///
    /// ![subscribe(on: queue)](marble-subscribe-on.svg)
    ///
    /// Composed of: a source — `scheduler.schedule { subscribe }`, and on disposal a stop at
    /// once plus `scheduler.schedule { dispose }`.
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
    @inlinable @inline(__always)
    public func subscribe(on scheduler: some Scheduler) -> Signal {
        scheduler._isSpecialisable ? _subscribing(on: scheduler) : _subscribing(on: scheduler._erased)
    }

    /// `subscribe(on:)`, specialised for the scheduler's type (`_ErasedScheduler` for one held
    /// as `any Scheduler`: Scheduler+Specialising.swift).
    @inlinable
    func _subscribing(on scheduler: some Scheduler) -> Signal {
        let source = self
        return Signal(_representation: .subscribe { downstream in
            let sink = Observer<Value, Failure> { downstream.send($0) }
            let subscription = _SubscribeOn(sink: sink) { cleanup in scheduler.schedule(cleanup) }
            // First, so that a downstream already stopped disposes it at once.
            downstream._setUpstream(subscription)
            subscription.scheduledStart.inner = scheduler.schedule {
                if !sink.isStopped { source._subscribe(sink) }
            }
        })
    }
}

/// One `subscribe(on:)` subscription: the sink its source sends to, the scheduled start, and
/// the disposal that stops the sink at once and leaves only the cleanup to the scheduler.
@usableFromInline
final class _SubscribeOn<Value, Failure: Error>: Disposable, _Stoppable {
    let sink: Observer<Value, Failure>
    /// The work that subscribes the source, until it has run.
    @usableFromInline let scheduledStart = SerialDisposable()
    let scheduleCleanup: @Sendable (@escaping @Sendable () -> Void) -> any Disposable
    let disposed = Atomic<Bool>(false)

    @usableFromInline
    init(
        sink: Observer<Value, Failure>,
        scheduleCleanup: @escaping @Sendable (@escaping @Sendable () -> Void) -> any Disposable
    ) {
        self.sink = sink
        self.scheduleCleanup = scheduleCleanup
    }

    /// Cancels the start if it has not run; stops the sink — and, through the operators
    /// upstream, the source's own observer — at once, so that a synchronous source busy on
    /// the scheduler returns; then disposes the subscription on the scheduler.
    @usableFromInline
    func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        scheduledStart.dispose()
        sink._stop()
        let sink = self.sink
        _ = scheduleCleanup { sink._dispose() }
    }

    @usableFromInline
    var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    @usableFromInline
    func _stop() {
        sink._stop()
    }
}
