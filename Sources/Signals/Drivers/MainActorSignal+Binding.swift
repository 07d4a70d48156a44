#if canImport(Dispatch)
// subscribe(with: owner, next: f) = subscribe(next: { [weak owner] v in
//                                       guard let owner else { return }; f(owner, v) })
//
// RxSwift 6's `subscribe(with:onNext:)`: the owner is held weakly and handed to the closure,
// so a view controller binds to itself without `[weak self]` and without a cycle. When the
// owner is gone the events are dropped — RxSwift's rule; the subscription itself lives until
// it is disposed or the signal ends, so keep it in the owner's bag (`.disposed(by: bag)`),
// whose deinit ends it with the owner.

extension Signal {
    /// Subscribes with closures that receive `owner`, held weakly: RxSwift 6's
    /// `subscribe(with:onNext:onError:onCompleted:)`.
    ///
    /// Once `owner` is gone, the events that still arrive are dropped (the closures are not
    /// called); the subscription ends when the returned disposable is disposed or the signal
    /// ends — keep it in the owner's bag, which the owner's deinit empties. The closures run
    /// on the thread that sends, as ``subscribe(next:error:completed:)``'s.
    ///
    /// Composed of: ``subscribe(next:error:completed:)`` with `[weak owner]` closures that
    /// drop the event when `owner` is `nil`.
    ///
    /// ```swift
    /// final class Log: Sendable { func write(_ line: String) { print(line) } }
    /// let log = Log()
    /// Signal.just("ready").subscribe(with: log, next: { log, line in log.write(line) })
    /// // Prints: ready
    /// ```
    /// - SeeAlso: RxSwift `subscribe(with:onNext:onError:onCompleted:onDisposed:)`.
    @discardableResult
    public func subscribe<Owner: AnyObject & Sendable>(
        with owner: Owner,
        next: (@Sendable (Owner, Value) -> Void)? = nil,
        error: (@Sendable (Owner, Failure) -> Void)? = nil,
        completed: (@Sendable (Owner) -> Void)? = nil
    ) -> any Disposable {
        subscribe(
            next: { [weak owner] value in if let owner { next?(owner, value) } },
            error: { [weak owner] failure in if let owner { error?(owner, failure) } },
            completed: { [weak owner] in if let owner { completed?(owner) } }
        )
    }
}

extension MainActorSignal {
    /// Subscribes with `@MainActor` closures that receive `owner`, held weakly: RxSwift 6's
    /// `drive(with:onNext:)` / `subscribe(with:onNext:)` for a view controller or a
    /// `@MainActor` view model.
    ///
    /// Callable from any context (as ``subscribe(next:error:completed:)``). Once `owner` is
    /// gone, the events that still arrive are dropped; the subscription ends when the
    /// returned disposable is disposed or the signal ends — keep it in the owner's bag.
    ///
    /// Composed of: ``subscribe(next:error:completed:)`` with `[weak owner]` closures that
    /// drop the event when `owner` is `nil`.
    ///
    /// ```swift
    /// @MainActor final class CounterView {
    ///     var text = ""
    ///     let bag = DisposeBag()
    ///     init(counts: MainActorSignal<Int, Never>) {
    ///         counts.subscribe(with: self, next: { view, count in view.text = "\(count)" })
    ///             .disposed(by: bag)
    ///     }
    /// }
    /// print(CounterView(counts: Signal.just(3).driver()).text) // Prints: 3
    /// ```
    /// - SeeAlso: RxCocoa `drive(with:onNext:)`, RxSwift `subscribe(with:onNext:)`.
    @discardableResult
    public func subscribe<Owner: AnyObject & Sendable>(
        with owner: Owner,
        next: (@MainActor (Owner, Value) -> Void)? = nil,
        error: (@MainActor (Owner, Failure) -> Void)? = nil,
        completed: (@MainActor (Owner) -> Void)? = nil
    ) -> any Disposable {
        subscribe(
            next: { @MainActor [weak owner] value in if let owner { next?(owner, value) } },
            error: { @MainActor [weak owner] failure in if let owner { error?(owner, failure) } },
            completed: { @MainActor [weak owner] in if let owner { completed?(owner) } }
        )
    }
}
#endif
