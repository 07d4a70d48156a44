// throttle(d, on: s, latest:) = deferred {
//     let opens = Subject()   // the binding sends here when it opens a window
//     merge of `opens.flatMapLatest { timer(after: d, on: s) }` ("the window ended") and
//     this signal materialized, into a stateful bind: a value with no window open is sent
//     and opens one; a value in a window is kept (`latest: true`) or dropped; at the end of
//     a window the kept value is sent and opens the next window.
// }
//   The window timers belong to the bind's *source*, not to its inner signals, so stopping
//   the bind (completion, error, disposal) cancels the running window at once.

extension Signal {
    /// Sends at most one value per window of `interval`: the first value at once, opening a
    /// window; with `latest: true`, at the end of the window the latest value that arrived
    /// in it (which opens the next window); with `latest: false`, the values that arrive in
    /// a window are dropped.
    ///
    /// These are RxSwift's rules. Completes when this signal completes — but a value kept for
    /// the end of the window is sent first, at the end of the window, and the output
    /// completes right after it. Fails as soon as this signal fails, dropping a kept value.
    /// Disposing the output disposes this signal and cancels the window. An interval of zero
    /// or less ends each window at the scheduler's next run.
    ///
    /// Composed of: `deferred { … }` around `merge` of
    /// `opens.signal.flatMapLatest { _ in Signal.timer(after: interval, on: scheduler) }` (a
    /// `Subject` the binding sends into when it opens a window) and `materialize()`, into a
    /// stateful `bind` keeping whether a window is open and the latest value in it.
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
    /// - SeeAlso: RxSwift `throttle(_:latest:scheduler:)`, ReactiveSwift `throttle(_:on:)`,
    ///   Combine `throttle(for:scheduler:latest:)`.
    @inlinable
    public func throttle(_ interval: Duration, on scheduler: some Scheduler, latest: Bool = true) -> Signal {
        let source = self
        return .deferred {
            let opens = Subject<Void, Never>()
            let windowEnds: Signal<_WindowStep<Value, Failure>, Never> = opens.signal
                .flatMapLatest { _ in Signal<Int, Never>.timer(after: interval, on: scheduler) }
                .map { _ in .windowEnded }
            // The window ends are merged first, so `opens` is listened to before a
            // synchronous source sends its first value.
            let steps = windowEnds.merge(source.materialize().map { .source($0) })
            return steps.bind {
                let isOpen = _BindingState(false)
                let kept = _BindingState<Value?>(nil)
                let sourceIsDone = _BindingState(false)
                return { event, stop in
                    guard case .next(let step) = event else { return nil }
                    switch step {
                    case .source(.next(let value)):
                        if !isOpen.value {
                            isOpen.value = true
                            opens.send(value: ())
                            return .just(value)
                        }
                        if latest { kept.value = value }
                        return nil
                    case .source(.error(let error)):
                        return .error(error)
                    case .source(.completed):
                        sourceIsDone.value = true
                        stop = kept.value == nil
                        return nil
                    case .windowEnded:
                        guard let value = kept.value else {
                            isOpen.value = false
                            return nil
                        }
                        kept.value = nil
                        if sourceIsDone.value {
                            stop = true
                        } else {
                            opens.send(value: ())
                        }
                        return .just(value)
                    }
                }
            }
        }
    }
}

/// What `throttle` and `buffer` react to: an event of the source, or the end of a window.
@usableFromInline
enum _WindowStep<Value, Failure: Error> {
    case source(Event<Value, Failure>)
    case windowEnded
}
