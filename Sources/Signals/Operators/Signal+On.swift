// on(subscribed:next:error:completed:terminated:disposed:)
//   = using({ subscribed() }, release: { disposed() }) { _ in
//         self.bind { event in hook(event); return event as a constant }
//     }
//   (without `disposed`: deferred { subscribed(); return self }.bind { … }). `subscribed` is
//   using's acquisition, so `disposed` (its release) runs exactly once if and only if it ran.

extension Signal {
    /// Runs side effects for the events of each subscription, without changing them.
    ///
    /// Each hook runs *before* the event is forwarded downstream: `subscribed` before the
    /// source is subscribed, `next` before each value, `error` or `completed` and then
    /// `terminated` before the terminal event. `terminated` runs for an error or a completion,
    /// not for a dispose. `disposed` runs exactly once however the subscription ends — after
    /// the terminal event has been forwarded, or when the output is disposed.
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
    /// Composed of: `Signal.using` (for `disposed`), `deferred` (for `subscribed`) and a
    /// `bind` that runs the hook and returns the event as a constant.
    ///
    /// ```swift
    /// Signal.from([1, 2]).on(next: { print("saw", $0) }, completed: { print("done") })
    ///     .subscribe(next: { print($0) })
    /// // Prints: saw 1, 1, saw 2, 2, done
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
        next: (@Sendable (Value) -> Void)? = nil,
        error: (@Sendable (Failure) -> Void)? = nil,
        completed: (@Sendable () -> Void)? = nil,
        terminated: (@Sendable () -> Void)? = nil,
        disposed: (@Sendable () -> Void)? = nil
    ) -> Signal {
        let source = self
        func observing(_ started: Signal) -> Signal {
            started.bind {
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
            guard let subscribed else { return observing(source) }
            return observing(.deferred {
                subscribed()
                return source
            })
        }
        let observed = observing(source)
        return .using({ subscribed?() }, release: { _ in disposed() }, { _ in observed })
    }
}
