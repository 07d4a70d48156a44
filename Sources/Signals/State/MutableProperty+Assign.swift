// signal.assign(to: mutableProperty)
//   = take(until: the property's ended-only signal, which sends once, at its deinit)
//       .subscribe(next: { [weak property] in property?.value = $0 })
//
// A terminal (it subscribes and returns a Disposable), like `assign(to:on:)` on the
// main-actor signal: so it lives beside MutableProperty, not in a `Signal+` operator file.

extension Signal {
    /// Binds this signal into `property`: each value becomes the property's value, until
    /// either side ends.
    ///
    /// ![source.signal.assign(to: property); property.signal](marble-assign-to.svg)
    ///
    /// Completes / Fails: the binding ends when this signal completes or fails (the property
    /// keeps its last value; an error is not sent anywhere), or when `property` is
    /// deinitialised (this signal's subscription is then disposed). Disposes: disposing the
    /// returned disposable ends the binding. The binding holds `property` weakly, so it never
    /// keeps the property alive. Callable from any thread or actor: each value is written with
    /// the property's setter, on the thread that sends it.
    ///
    /// Cost: a binding learns of the property's end from a signal that sends only that end
    /// (as ReactiveSwift's bindings end with the property's lifetime), so a write to the
    /// property reaches its subscribers and no binding: it costs the same however many
    /// signals are bound into the property.
    ///
    /// Composed of: `take(until:)` a subject that sends once, when the property is
    /// deinitialised, and `subscribe(next:)` with the property held weakly.
    ///
    /// ```swift
    /// let name = MutableProperty("")
    /// let typed = Subject<String, Never>()
    /// let binding = typed.signal.assign(to: name)
    /// typed.send(value: "Ada")
    /// print(name.value) // Prints: Ada
    /// binding.dispose()
    /// ```
    ///
    /// - SeeAlso: ReactiveSwift `property <~ signal`; RxSwift `bind(to: relay)`; Combine
    ///   `assign(to: &$published)`.
    @discardableResult
    public func assign(to property: MutableProperty<Value>) -> any Disposable {
        take(until: property._ended.signal).subscribe(Observer { [weak property] event in
            if case .next(let value) = event { property?.value = value }
        })
    }
}
