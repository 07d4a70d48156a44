#if canImport(Dispatch)
// driver.subscribe(observer) = driver.signal.subscribe(observer)
//
// RxCocoa's `driver.drive(observer)` and RxSwift's `subscribe(observer)`: the commonest case
// is an action's inputs (`loginTaps.subscribe(signUp.inputs)`), which a driver of taps feeds
// as a signal of taps does.

extension MainActorSignal {
    /// Sends every event of this driver to `observer`, on the main actor, and returns the
    /// subscription's disposable.
    ///
    /// The observer receives what a subscriber of ``signal`` receives; its closures are not
    /// `@MainActor` (an ``Observer``'s never are), but they run on the main queue. The
    /// commonest observer is an action's ``Action/inputs``.
    ///
    /// Composed of: `signal.subscribe(observer)`.
    ///
    /// ```swift
    /// let double = Action<Int, Int, Never> { .just($0 * 2) }
    /// double.values.subscribe(next: { print($0) })
    /// Signal.just(21).driver().subscribe(double.inputs)
    /// // Prints: 42 (on the main queue)
    /// ```
    /// - SeeAlso: RxCocoa `drive(_:)` with an observer, RxSwift `subscribe(_:)`.
    @discardableResult
    public func subscribe(_ observer: Observer<Value, Failure>) -> any Disposable {
        signal.subscribe(observer)
    }
}
#endif
