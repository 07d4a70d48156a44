#if canImport(Dispatch)
// property.driver(on: s) = property.signal.driver(on: s)
//
// RxCocoa's `relay.asDriver()`: the current value at subscription, then every change, on the
// main actor — inline when subscribed (or changed) on the main actor.

extension PropertyProtocol {
    /// The property's value and its changes as a driver: delivered on the main actor, the
    /// current value first (inline when subscribing on the main actor, so a `@MainActor`
    /// model that binds in its `init` holds the value when `init` returns), then every change
    /// (inline when made on the main actor, on a later turn of the main queue otherwise).
    ///
    /// Completes when the property's signal completes (the property goes away, or its source
    /// completes). Fails: never. The result composes as any driver (`map`, `combineLatest`,
    /// `withLatestFrom`, …).
    ///
    /// Composed of: `signal.driver(on: scheduler)`.
    ///
    /// ```swift
    /// @MainActor final class Form {
    ///     var greeting = ""
    ///     let bag = DisposeBag()
    ///     init(name: MutableProperty<String>) {
    ///         name.driver().map { "Hello, \($0)" }.assign(to: \.greeting, on: self).disposed(by: bag)
    ///     }
    /// }
    /// print(Form(name: MutableProperty("Ada")).greeting) // Prints: Hello, Ada
    /// ```
    /// - SeeAlso: RxCocoa `BehaviorRelay.asDriver()`, ReactiveSwift
    ///   `property.producer.observe(on: UIScheduler())`.
    public func driver(on scheduler: MainActorScheduler = .mainActor) -> MainActorSignal<Value, Never> {
        signal.driver(on: scheduler)
    }
}
#endif
