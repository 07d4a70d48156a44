// on(subscribed:next:error:completed:terminated:disposed:)
//   = using({ () }, release: { disposed() }) { _ in
//         deferred { subscribed(); return self }.bind { event in hook(event); return event as a constant }
//     }
//   (without `disposed`, the same minus `using`).

extension Signal {
    /// Runs side effects for the events of each subscription, without changing them.
    ///
    /// Each hook runs *before* the event is forwarded downstream: `subscribed` before the
    /// source is subscribed, `next` before each value, `error` or `completed` and then
    /// `terminated` before the terminal event. `terminated` runs for an error or a completion,
    /// not for a dispose. `disposed` runs exactly once however the subscription ends — after
    /// the terminal event has been forwarded, or when the output is disposed.
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
        let started: Signal = subscribed.map { subscribed in
            .deferred {
                subscribed()
                return source
            }
        } ?? source
        let observed: Signal = started.bind {
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
        guard let disposed else { return observed }
        return .using({ () }, release: { _ in disposed() }, { _ in observed })
    }
}
