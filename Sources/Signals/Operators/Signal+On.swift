// on(subscribed:started:next:error:completed:terminated:disposed:)
//   = using({ subscribed() }, release: { disposed() }) { _ in
//         started(self).bind { event in hook(event); return event as a constant }
//     }
//   (without `disposed`: deferred { subscribed(); return started(self) }.bind { … }).
//   `subscribed` is using's acquisition, so `disposed` (its release) runs exactly once if and
//   only if it ran.
//
// started(source) = merge(source.materialize().map(Optional.some), deferred { started(); return just(nil) })
//                     .bind { nil marks "started ran": a source error waits for it }
//   merge subscribes its parts in order, so the deferred marker runs `started` once the
//   source's subscribe call has returned; the merge completes only after the marker, and the
//   bind holds a source error until the marker has passed, so a synchronous terminal event
//   reaches downstream after `started`.

extension Signal {
    /// Runs side effects for the events of each subscription, without changing them.
    ///
    /// Each hook runs *before* the event is forwarded downstream: `subscribed` before the
    /// source is subscribed, `next` before each value, `error` or `completed` and then
    /// `terminated` before the terminal event. `terminated` runs for an error or a completion,
    /// not for a dispose. `disposed` runs exactly once however the subscription ends — after
    /// the terminal event has been forwarded, or when the output is disposed.
    ///
    /// `started` runs *after* the source has been subscribed: once the source's `subscribe`
    /// call has returned, so the values a synchronous source sends while it is being
    /// subscribed come before it. A terminal event the source sends during that call is held
    /// until `started` has run. A subscription disposed before the source's `subscribe` call
    /// returns (a `take(1)` after a synchronous source) does not run it: nobody listens any
    /// more.
    ///
    /// Which to use: `subscribed` for what must be in place *before* the source can send —
    /// counting subscriptions, starting a spinner, opening what the source reads. `started`
    /// for what needs the pipeline to be listening — sending a first value into a subject
    /// that feeds this same pipeline (a feedback loop's initial state), or logging that a
    /// connection is up. A value sent from `subscribed` into such a subject is lost, because
    /// nothing is subscribed to the subject yet; from `started` it is delivered. They are
    /// RxSwift's `do(onSubscribe:)` and `do(onSubscribed:)`, and ReactiveSwift's `starting`
    /// and `started`.
    ///
    /// `subscribed` and `disposed` are a pair: `disposed` runs if and only if `subscribed`
    /// ran, and then exactly once, even when the output is disposed from another thread while
    /// it is being subscribed (a `firstValue()` task cancelled as it starts). So a counter
    /// of live subscriptions is `on(subscribed: { active += 1 }, disposed: { active -= 1 })`.
    /// Because `disposed` runs *after* the terminal event has been forwarded, the previous
    /// inner's `disposed` runs after the next inner's `subscribed` in
    /// `concatMap { $0.on(subscribed:disposed:) }`: the counter reads 2 for that moment. To
    /// count work that is running rather than subscriptions alive, decrement in `terminated`
    /// and in `disposed` only when `terminated` has not run (a per-subscription flag, made in
    /// `Signal.deferred`).
    ///
    /// Completes / Fails: as this signal. Disposes: disposing the output disposes this
    /// signal's subscription, then runs `disposed`.
    ///
    /// ![on(next: { log($0) }, disposed: { log("end") }).take(2)](marble-on.svg)
    ///
    /// Composed of: `Signal.using` (for `disposed`), `deferred` (for `subscribed`), a
    /// `merge` of the materialized source and a `deferred` marker that runs `started`, with a
    /// `bind` holding a source error until the marker has passed (for `started`), and a `bind`
    /// that runs the hook and returns the event as a constant (only when a per-event hook —
    /// `next`, `error`, `completed`, `terminated` — is given: `on(subscribed:disposed:)`
    /// alone adds no step to the events' path).
    ///
    /// ```swift
    /// Signal.from([1, 2]).on(next: { print("saw", $0) }, completed: { print("done") })
    ///     .subscribe(next: { print($0) })
    /// // Prints: saw 1, 1, saw 2, 2, done
    /// ```
    ///
    /// ```swift
    /// let events = Subject<Int, Never>()
    /// events.signal.scan(0) { $0 + $1 }
    ///     .on(started: { events.send(value: 1) })   // the initial event, once listening
    ///     .subscribe(next: { print($0) })
    /// // Prints: 1
    /// ```
    ///
    /// ```swift
    /// let active = Atomic<Int>(0)
    /// let counted = work.on(subscribed: { active.add(1, ordering: .relaxed) },
    ///                       disposed: { active.subtract(1, ordering: .relaxed) })
    /// ```
    ///
    /// - SeeAlso: RxSwift `do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)`,
    ///   ReactiveSwift `on(starting:started:event:failed:completed:interrupted:terminated:disposed:value:)`,
    ///   Combine `handleEvents(receiveSubscription:receiveOutput:receiveCompletion:receiveCancel:receiveRequest:)`.
    @inlinable
    public func on(
        subscribed: (@Sendable () -> Void)? = nil,
        started: (@Sendable () -> Void)? = nil,
        next: (@Sendable (Value) -> Void)? = nil,
        error: (@Sendable (Failure) -> Void)? = nil,
        completed: (@Sendable () -> Void)? = nil,
        terminated: (@Sendable () -> Void)? = nil,
        disposed: (@Sendable () -> Void)? = nil
    ) -> Signal {
        let source = started.map { _startingAfterSubscription($0) } ?? self
        // Adds only the caller's closures around this signal's subscription: as prompt as
        // this signal (`_promptness(composing:)`).
        func observing(_ subscribedSource: Signal) -> Signal {
            // Nothing to call per event (only `subscribed`, `started` or `disposed`): no bind
            // for the events to pass through.
            if next == nil && error == nil && completed == nil && terminated == nil { return subscribedSource }
            return subscribedSource.bind {
                { event, _ in
                    switch event {
                    case .next(let value):
                        next?(value)
                        return .just(value)
                    case .error(let failure):
                        error?(failure)
                        terminated?()
                        return .error(failure)
                    case .completed:
                        completed?()
                        terminated?()
                        return nil
                    }
                }
            }
        }
        guard let disposed else {
            guard let subscribed else { return observing(source)._promptness(composing: [self]) }
            return observing(.deferred {
                subscribed()
                return source
            })._promptness(composing: [self])
        }
        let observed = observing(source)
        return Signal.using({ subscribed?() }, release: { _ in disposed() }, { _ in observed })._promptness(composing: [self])
    }
}

extension Signal {
    /// This signal, with `started` run once its subscribe call has returned, before any
    /// terminal event it sent during that call is forwarded (`on(started:)`).
    @usableFromInline
    func _startingAfterSubscription(_ started: @escaping @Sendable () -> Void) -> Signal {
        // `nil` is the marker: `started` has run. The source's events ride as `.some`.
        let events = materialize().map { Optional.some($0) }
        let marker = Signal<Event<Value, Failure>?, Never>.deferred {
            started()
            return .just(nil)
        }
        return Signal<Event<Value, Failure>?, Never>.merge(events, marker).bind {
            var hasStarted = false
            var heldError: Failure?
            return { event, _ in
                // The merge's own completion comes after the marker's: it ends the output.
                guard case .next(let step) = event else { return nil }
                switch step {
                case .none:
                    hasStarted = true
                    return heldError.map { .error($0) }
                case .next(let value)?:
                    return .just(value)
                case .error(let failure)?:
                    guard hasStarted else {
                        heldError = failure
                        return nil
                    }
                    return .error(failure)
                case .completed?:
                    return nil
                }
            }
        }
    }
}
