// s.bindTrackingInners(makeBinding) = deferred {
//     let finished = Subject<Void, Never>()   // one "inner completed" notice per inner signal
//     finished.map { .innerCompleted }
//         .merge(s.bind { .source(event), or stop once the binding has stopped })
//         .bind { the binding on each step; every signal it returns is returned
//                 `followed(by:)` a notice; stop once the source is done and no inner runs }
// }
//   The notices are merged first, so the subject is subscribed before a synchronous source
//   starts (and finishes) its first inner signal. flatten(.concat / .first /
//   .concurrent(limit:)) are a binding on this one loop (Signal+Flatten.swift); measured
//   when they moved onto it (release, callgrind, per inner signal of `from(0..<n).concatMap
//   { from([$0, 1]) }`): 13,190 instructions against their own loop's 12,967 (+1.7%; .first
//   and .concurrent(limit: 2) +1.8%), the price of one loop instead of two.

import Synchronization

/// What the binding of ``Signal/bindTrackingInners(_:)`` sees: an event of the source, or
/// the completion of one of the inner signals it returned.
///
/// ```swift
/// let steps: Signal<String, Never> = Signal<Int, Never>.just(1).bindTrackingInners {
///     { event, _ in
///         if case .source(.next(let value)) = event { print("value \(value)"); return .empty }
///         if case .innerCompleted = event { print("inner completed") }
///         return nil
///     }
/// }
/// steps.subscribe(completed: { print("completed") })
/// // Prints: value 1, inner completed, completed
/// ```
public enum TrackedEvent<Value, Failure: Error> {
    /// An event of the source: its values and its terminal event, as a plain binding sees them.
    case source(Event<Value, Failure>)
    /// One of the signals the binding returned has completed (after its last value reached
    /// the output). A signal that fails fails the output instead; nothing is reported for
    /// an inner signal disposed because the output ended.
    case innerCompleted
}

extension TrackedEvent: Sendable where Value: Sendable {}

extension Signal {
    /// bind, with a binding that also learns when an inner signal it started has finished:
    /// for operators that start work and must know when it is done — `exhaustMap` (ignore
    /// values while the work runs), `concatMap` (start the next queued value), a rate limit
    /// (a quiet period is an inner signal that completes).
    ///
    /// `makeBinding` is called once per subscription; the binding it returns is called
    /// serially, never re-entrantly, once per ``TrackedEvent``: `.source(event)` for each
    /// event of this signal (values and the terminal event), and `.innerCompleted` each time
    /// a signal it returned has completed — *every* non-`nil` signal it returns, `just` and
    /// `empty` included, is reported once when it completes, in the order the completions
    /// happen. The output:
    /// - forwards the values of every signal the binding returns, as `bind(_:)` does;
    /// - **completes by itself** once the source has finished (terminal event, or `stop`) and
    ///   every signal the binding returned has completed — no bookkeeping of the binding's own;
    /// - fails as soon as a returned signal fails (return `.error(e)` to pass a source error
    ///   on), disposing everything else;
    /// - disposing it disposes the source and every running inner signal.
    ///
    /// Setting `stop` ends the source early, as in `bind(_:)`: the binding sees no more
    /// `.source` events (it still sees `.innerCompleted` for the inner signals that run, and
    /// the output completes when they have); the source's subscription is disposed when its
    /// next event arrives or when the output ends, whichever comes first. Set it when the
    /// operator needs no more values (`take`-like operators): returning `nil` for every
    /// later value instead would keep an endless source running for ever.
    ///
    /// The binding's private state belongs in `makeBinding` (a captured `var`, or a
    /// ``BindingState`` cell on hot paths), as with `bind(_:)`: the binding's calls never
    /// overlap.
    ///
    /// ![bindTrackingInners: exhaustMap, busy until .innerCompleted](marble-bindTrackingInners.svg)
    ///
    /// Composed of: `deferred`, a `Subject` of notices `merge`d with this signal's events, and
    /// one `bind` that returns each signal of the binding `followed(by:)` its notice.
    /// `flatten(.concat)`, `.first` and `.concurrent(limit:)` are bindings on it.
    ///
    /// ```swift
    /// // exhaustMap: values that arrive while the work runs are ignored.
    /// let taps = Signal<Int, Never>.from([1, 2])
    /// let exhausted: Signal<String, Never> = taps.bindTrackingInners {
    ///     var busy = false
    ///     return { event, _ in
    ///         switch event {
    ///         case .source(.next(let tap)):
    ///             if busy { return nil }
    ///             busy = true
    ///             return .from(["tap \(tap)", "done"])
    ///         case .source(.error(let error)): return .error(error)
    ///         case .source(.completed): return nil
    ///         case .innerCompleted: busy = false; return nil
    ///         }
    ///     }
    /// }
    /// exhausted.subscribe(next: { print($0) })
    /// // Prints: tap 1, done, tap 2, done
    /// ```
    /// (The inner signals here are synchronous, so the first completes before the second
    /// tap; with a request that takes time, the second tap would be ignored.)
    ///
    /// - Complexity: per signal the binding returns, one `followed(by:)` link and one notice
    ///   through the subject, beside bind's inner subscription.
    /// - SeeAlso: RxSwift implements `flatMapFirst`/`concatMap` with sinks that observe
    ///   their inner subscriptions; ReactiveSwift's `flatten` strategies do so through
    ///   `Lifetime`s; Combine's `flatMap(maxPublishers:)` through demand.
    @inlinable
    public func bindTrackingInners<U, F: Error>(
        _ makeBinding: @escaping @Sendable () -> (TrackedEvent<Value, Failure>, inout Bool) -> Signal<U, F>?
    ) -> Signal<U, F> {
        let source = self
        return .deferred {
            let finished = Subject<Void, Never>()
            let stopped = _TrackingStopFlag()
            let notice: Signal<U, F> = .deferred {
                finished.send(value: ())
                return .empty
            }
            typealias Tracked = TrackedEvent<Value, Failure>
            let notices: Signal<Tracked, Never> = finished.signal.map { _ in .innerCompleted }
            // `materialize().map(.source)`, in one bind that stops once the binding has.
            let events: Signal<Tracked, Never> = source.bind {
                { event, stop in
                    if stopped.isSet {
                        stop = true
                        return nil
                    }
                    return .just(.source(event))
                }
            }
            return notices.merge(events).bind {
                let binding = makeBinding()
                let book = BindingState(_TrackingBook())
                return { step, stop in
                    guard case .next(let tracked) = step else { return nil }
                    switch tracked {
                    case .source(let event):
                        if book.value.sourceIsDone { return nil }   // after the binding's stop
                        if event.isTerminating { book.value.sourceIsDone = true }
                    case .innerCompleted:
                        book.value.running -= 1
                    }
                    var stopsSource = false
                    let result = binding(tracked, &stopsSource)
                    if stopsSource && !book.value.sourceIsDone {
                        book.value.sourceIsDone = true
                        stopped.set()
                    }
                    guard let result else {
                        stop = book.value.isDone
                        return nil
                    }
                    book.value.running += 1
                    return result._followed(by: notice)
                }
            }
        }
    }
}

/// The tracking bind's bookkeeping: how many returned signals run, and whether the source
/// is done (finished, or stopped by the binding).
@usableFromInline
struct _TrackingBook {
    @usableFromInline var running = 0
    @usableFromInline var sourceIsDone = false

    @inlinable init() {}

    /// The source is done and no returned signal runs: the output may complete.
    @inlinable
    var isDone: Bool { sourceIsDone && running == 0 }
}

/// Set by the tracking binding when it stops the source; read by the source's own bind (on
/// the source's thread), which then stops it.
@usableFromInline
final class _TrackingStopFlag: Sendable {
    @usableFromInline let flag = Atomic<Bool>(false)

    @inlinable init() {}

    @inlinable var isSet: Bool { flag.load(ordering: .acquiring) }

    @inlinable func set() { flag.store(true, ordering: .releasing) }
}
