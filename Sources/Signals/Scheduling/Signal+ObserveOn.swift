// observe(on: s) = materialize()
//                    .flattenMap { event in timer(after: .zero, on: s).flattenMap { _ in .just(event) } }
//                    .dematerialize()
//   Each event rides a zero-delay timer; a scheduler runs same-time work first in, first out,
//   so the events arrive in their order, on the scheduler.
//   A composition, kept in Scheduling/ beside its pair subscribe(on:) (Signal+SubscribeOn.swift,
//   which is plumbing and cannot live in Operators/) and the bounded observe(on:bufferSize:…).

extension Signal {
    /// Delivers every event — values, completion and error — on `scheduler`, in order.
    ///
    /// Completes and fails as this signal does, one hop later. Disposing the output disposes
    /// this signal and cancels the events still waiting on the scheduler: nothing is
    /// delivered after the disposal returns.
    ///
    /// ![observe(on: queue)](marble-observe-on.svg)
    ///
    /// Composed of: `materialize()`, then `flattenMap` of each event into a zero-delay
    /// `Signal.timer(after: .zero, on: scheduler)` that sends it, then `dematerialize()`.
    /// Order holds because a scheduler runs work due at the same time first in, first out.
    ///
    /// ```swift
    /// Signal.from([1, 2]).observe(on: QueueScheduler.main)
    ///     .subscribe(next: { print($0) })
    /// // Prints: 1, 2 (on the main queue)
    /// ```
    /// ```
    /// source:            -a-b-|
    /// observe(on: test): -a-b-|   (same ticks: each event waits for the scheduler's next run)
    /// ```
    ///
    /// - Complexity: one scheduled action and one small subscription per event.
    /// - SeeAlso: ReactiveCocoa `deliverOn:`, RxSwift `observe(on:)`, ReactiveSwift
    ///   `observe(on:)`, Combine `receive(on:)`. For `@MainActor` closures use
    ///   `observe(on: .mainActor)`.
    @inlinable @inline(__always) @_disfavoredOverload
    public func observe(on scheduler: some Scheduler) -> Signal {
        scheduler._isSpecialisable ? _observe(on: scheduler) : _observe(on: scheduler._erased)
    }

    /// `observe(on:)`, specialised for the scheduler's type (`_ErasedScheduler` for one held
    /// as `any Scheduler`: Scheduler+Specialising.swift).
    @inlinable
    func _observe(on scheduler: some Scheduler) -> Signal {
        materialize()
            .flattenMap { event in
                let delivery = Signal<Event<Value, Failure>, Never>.just(event)
                return Signal<Int, Never>.timer(after: .zero, on: scheduler).flattenMap { _ in delivery }
            }
            .dematerialize()
    }
}
