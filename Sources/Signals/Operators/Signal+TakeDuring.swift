// take(during: lifetime) = take(until: lifetime.ended): `ended` sends `()` when the lifetime
//     ends (at once if it has ended), which is the trigger's first value.
//     `@inlinable`, like take(until:): not inlinable, its binds were compiled once, generic, in
//     the library, and looked up type metadata for every value.

extension Signal {
    /// Forwards this signal's values while `lifetime` lasts, and completes when it ends.
    ///
    /// Completes when `lifetime` ends (at once, without subscribing to this signal, if it has
    /// already ended) or when this signal completes. Fails with this signal's error. Disposes
    /// this signal when it ends, however it ends, and then leaves nothing behind in the
    /// lifetime: a server's lifetime does not grow with the feeds that came and went.
    ///
    /// This is how a server ends its endless feeds (a heartbeat `interval`, a subject that is
    /// never completed) at shutdown: tie each one to the server's lifetime and end the
    /// lifetime's token when the server stops.
    ///
    /// ![take(during: lifetime)](marble-take-during.svg)
    ///
    /// Composed of: `take(until: lifetime.ended)`.
    ///
    /// ```swift
    /// let (lifetime, token) = Lifetime.make()
    /// let heartbeat = Signal<Int, Never>.interval(.seconds(15), on: QueueScheduler.main)
    ///     .take(during: lifetime)
    /// heartbeat.subscribe(next: { print("ping \($0)") }, completed: { print("closed") })
    /// token.end() // Prints: closed
    /// ```
    /// From `TakeDuringTests` (an `interval` of 2 ticks; the token ended at 5):
    /// ```
    /// interval: --0-1-2-3-…
    /// lifetime: -----x
    /// output:   --0-1|
    /// ```
    ///
    /// - SeeAlso: ReactiveSwift `take(during:)`; RxSwift and Combine tie a subscription to an
    ///   owner with `take(until:)` / `prefix(untilOutputFrom:)` on a hand-made subject.
    @inlinable
    public func take(during lifetime: Lifetime) -> Signal {
        take(until: lifetime.ended)
    }
}
