// catch(handler)       = bind with `.next(v) -> .just(v)`, `.error(e) -> handler(e)`,
//                        `.completed -> nil` (bind tail-calls the handler's signal).
// replaceError(with:)  = catch { _ in .just(value) }
// retry(n)             = catch { e in n == 0 ? .error(e) : retry(n - 1) }: each retry is a
//                        tail call into the same downstream, so a million run in constant stack.
// retry(when: handler) = per subscription, merge of the trigger (`handler(errors)`), a Subject
//                        of attempt failures and a start notice, into a stateful bind that
//                        starts an attempt on start and on each trigger value after a failure;
//                        then dematerialize.

extension Signal {
    /// On an error, continues with the signal `handler` makes from it.
    ///
    /// Values pass through until this signal fails; then its subscription is over and the
    /// output becomes `handler(error)` — its values, its completion, its error.
    /// Completes: when this signal completes, or when the handler's signal completes.
    /// Fails: only if the handler's signal fails. Disposes: whichever is running.
    ///
    /// ![catch { _ in fallback }](marble-catch.svg)
    ///
    /// Composed of: `bind` with `.next(v) -> .just(v)`, `.error(e) -> handler(e)`,
    /// `.completed -> nil`; bind tail-calls the handler's signal, so chains of catches run
    /// in constant stack.
    ///
    /// ```swift
    /// Signal<Int, Oops>.from([1, 2]).concat(.error(Oops()))
    ///     .catch { _ in Signal<Int, Never>.just(0) }
    ///     .subscribe(next: { print($0) })
    /// // Prints: 1, 2, 0
    /// ```
    /// ```
    /// self:    -1-2-X
    /// handler:      -0|
    /// output:  -1-2--0|
    /// ```
    /// - SeeAlso: RxSwift `catch(_:)`, ReactiveSwift `flatMapError(_:)`, Combine `catch(_:)`.
    @inlinable
    public func `catch`<F: Error>(_ handler: @escaping @Sendable (Failure) -> Signal<Value, F>) -> Signal<Value, F> {
        bind {
            { event, _ in
                switch event {
                case .next(let value): return .just(value)
                case .error(let error): return handler(error)
                case .completed: return nil
                }
            }
        }
    }

    /// On an error, sends `value` and completes.
    ///
    /// Completes: when this signal completes, or right after `value`. Never fails.
    /// Disposes: this signal's subscription.
    ///
    /// ![replaceError(with: "z")](marble-replaceError.svg)
    ///
    /// Composed of: `catch { _ in .just(value) }`.
    ///
    /// ```swift
    /// Signal<Int, Oops>.just(1).concat(.error(Oops())).replaceError(with: -1)
    ///     .subscribe(next: { print($0) })
    /// // Prints: 1, -1
    /// ```
    /// - SeeAlso: RxSwift `catchAndReturn(_:)`, ReactiveSwift `flatMapError { _ in SignalProducer(value:) }`,
    ///   Combine `replaceError(with:)`.
    @inlinable
    public func replaceError(with value: Value) -> Signal<Value, Never> {
        let replacement = Signal<Value, Never>.just(value)
        return self.catch { _ in replacement }
    }

    /// On an error, subscribes to this signal again, up to `count` more times; the error
    /// after the last retry fails the output.
    ///
    /// Completes: when a subscription completes. Fails: with the error of subscription
    /// `count + 1`. Disposes: the running subscription. `retry(0)` is this signal.
    /// Values of failed attempts have been delivered already; they are not taken back.
    ///
    /// ![retry(2)](marble-retry.svg)
    ///
    /// Composed of: `catch { error in count == 0 ? .error(error) : retry(count - 1) }`.
    /// Each retry is a tail call into the same downstream: `retry(1_000_000)` of a signal
    /// that fails synchronously runs in constant stack.
    ///
    /// ```swift
    /// let flaky = Signal<Int, Oops>.just(1).concat(.error(Oops()))
    /// flaky.retry(2).subscribe(next: { print($0) }, error: { _ in print("failed") })
    /// // Prints: 1, 1, 1, failed
    /// ```
    ///
    /// - Precondition: `count >= 0`.
    /// - SeeAlso: RxSwift `retry(_:)`, ReactiveSwift `retry(upTo:)`, Combine `retry(_:)`.
    @inlinable
    public func retry(_ count: Int) -> Signal {
        _precondition(count >= 0, "Signals: retry(_:) needs a count of 0 or more, got \(count); retry(0) subscribes once and never retries")
        return _retrying(count)
    }

    /// On each error, asks a trigger whether to subscribe to this signal again: `handler`
    /// receives the signal of this signal's errors and returns the trigger; each trigger
    /// value after an error starts a new subscription.
    ///
    /// As in RxSwift's `retry(when:)`, `handler` is called once per subscription, and the
    /// trigger is subscribed before this signal. The trigger's completion completes the
    /// output at once (disposing a running attempt); the trigger's error fails it. RxSwift
    /// lets the running attempt go on until it ends instead (its `testRetryWhen_Never`
    /// completes with the attempt): ours makes a completed trigger mean "stop now", as
    /// `take(until:)` does, and never leaves an attempt running whose error nobody could
    /// retry or report.
    /// Completes: also when an attempt completes. Never fails with this signal's error: the
    /// error goes to the trigger, which decides. Disposes: the attempt and the trigger.
    /// A trigger value that arrives while an attempt is running is ignored (RxSwift would
    /// restart the attempt): retries answer errors.
    ///
    /// The errors signal is typed `Signal<Failure, Failure>` (it never fails) so that the
    /// trigger can give up with one of them: `errors.flattenMap { .error($0) }`.
    ///
    /// ![retry(when: { _ in trigger })](marble-retry-when.svg)
    ///
    /// Composed of: `deferred`; `merge` of the trigger (materialized), a `Subject` of attempt
    /// failures and a start notice, into a stateful `bind` that runs one attempt at a time;
    /// `dematerialize`.
    ///
    /// ```swift
    /// let flaky = Signal<Int, Oops>.just(1).concat(.error(Oops()))
    /// flaky.retry(when: { errors in
    ///     errors.zip(with: .from(1...3)).flattenMap { error, attempt in attempt < 3 ? .just(()) : .error(error) }
    /// })
    /// .subscribe(next: { print($0) }, error: { _ in print("failed") })
    /// // Prints: 1, 1, 1, failed
    /// ```
    /// - SeeAlso: RxSwift `retry(when:)` (`retryWhen`); ReactiveSwift and Combine have none.
    @inlinable
    public func retry<Trigger>(
        when handler: @escaping @Sendable (Signal<Failure, Failure>) -> Signal<Trigger, Failure>
    ) -> Signal {
        let source = self
        return .deferred {
            let failures = Subject<Failure, Never>()
            let errors = Subject<Failure, Failure>()
            typealias Step = _RetryStep<Trigger, Failure>
            let attempt: Signal<Event<Value, Failure>, Never> = source.materialize().flattenMap { event in
                guard case .error(let error) = event else { return .just(event) }
                failures.send(value: error)
                return .empty
            }
            let steps = Signal<Step, Never>.merge(
                failures.signal.map(Step.failed),
                handler(errors.signal).materialize().map(Step.trigger),
                .just(.start)
            )
            return steps.bind {
                let isRunning = _BindingState(false)
                return { event, _ in
                    guard case .next(let step) = event else { return nil }
                    switch step {
                    case .start, .trigger(.next):
                        if isRunning.value { return nil }
                        isRunning.value = true
                        return attempt
                    case .failed(let error):
                        isRunning.value = false
                        errors.send(value: error)
                        return nil
                    case .trigger(.error(let error)):
                        return .just(.error(error))
                    case .trigger(.completed):
                        return .just(.completed)
                    }
                }
            }
            .dematerialize()
        }
    }
}

extension Signal {
    /// `retry(count)` without the precondition check at every step.
    @inlinable
    func _retrying(_ count: Int) -> Signal {
        self.catch { error in count == 0 ? .error(error) : self._retrying(count - 1) }
    }
}

/// What `retry(when:)` reacts to: the first start, a failed attempt, or a trigger event.
@usableFromInline
enum _RetryStep<Trigger, Failure: Error> {
    case start
    case failed(Failure)
    case trigger(Event<Trigger, Failure>)
}
