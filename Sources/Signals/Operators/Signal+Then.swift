// a.then(b) = bind with `.next -> nil`, `.error(e) -> .error(e)`, `.completed -> b`
//             (bind tail-calls b: it becomes b).

extension Signal {
    /// Ignores this signal's values; once it completes, continues with `next`.
    ///
    /// Completes: when `next` completes. Fails: when this signal fails (`next` is then never
    /// subscribed) or when `next` fails. Disposes: whichever is running.
    ///
    /// Composed of: `bind` with `.next -> nil`, `.error(e) -> .error(e)`, `.completed -> next`;
    /// bind tail-calls `next`, so chains of `then` run in constant stack.
    ///
    /// ```swift
    /// let save = Signal<Int, Never>.from([1, 2])     // progress values, then done
    /// save.then(Signal.just("saved")).subscribe(next: { print($0) })
    /// // Prints: saved
    /// ```
    /// ```
    /// self:   -1-2|
    /// next:       (subscribed here) -a|
    /// output: -----a|
    /// ```
    /// - SeeAlso: ReactiveCocoa `-then:`, ReactiveSwift `then(_:)`,
    ///   RxSwift `ignoreElements().andThen(_:)` (Completable), Combine `ignoreOutput()` + `append`.
    @inlinable
    public func then<U>(_ next: Signal<U, Failure>) -> Signal<U, Failure> {
        bind {
            { event, _ in
                switch event {
                case .next: return nil
                case .error(let error): return .error(error)
                case .completed: return next
                }
            }
        }
    }
}
