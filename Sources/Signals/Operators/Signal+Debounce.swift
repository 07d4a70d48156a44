// debounce(d, on: s) = deferred {
//     let ended = Subject()   // sent just before the source's completion is forwarded
//     on(completed: { ended.send(()) }).flatMapLatest { value in
//         timer(after: d, on: s).merge(ended).take(1).then(.just(value))
//     }
// }
//   Each value waits for the first of its timer and the source's completion; a newer value
//   cuts it (flatMapLatest), so only a value that `d` has passed without a newer one gets
//   through — or the pending one, at once, when the source completes.

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
    /// Composed of: `deferred { … }` around `on(completed:)` — which sends into a `Subject`
    /// just before the completion goes on — then `flatMapLatest` of each value into
    /// `Signal.timer(after: dueTime, on: scheduler).merge(ended).take(1).then(.just(value))`.
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
    /// - Complexity: per value, one timer and the subscriptions of one `flatMapLatest` inner
    ///   signal.
    /// - SeeAlso: RxSwift `debounce(_:scheduler:)`, ReactiveSwift `debounce(_:on:)`,
    ///   Combine `debounce(for:scheduler:)`.
    @inlinable
    public func debounce(_ dueTime: Duration, on scheduler: some Scheduler) -> Signal {
        let source = self
        return .deferred {
            let ended = Subject<Int, Failure>()
            return source
                .on(completed: { ended.send(value: 0) })
                .flatMapLatest { value in
                    Signal<Int, Failure>.timer(after: dueTime, on: scheduler)
                        .merge(ended.signal)
                        .take(1)
                        .then(.just(value))
                }
        }
    }
}
