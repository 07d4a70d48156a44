// counting(into: count) = on(subscribed: { count.live += 1; count.total += 1 },
//                            disposed:   { count.live -= 1 })
//   `subscribed` and `disposed` are `on`'s pair (disposed runs if and only if subscribed ran,
//   then exactly once), so `live` never goes below zero and ends at zero when every
//   subscription has ended. The count is two atomics: readable at any time, from any thread,
//   without a lock (what a `/stats` route and a metrics gauge read).

import Synchronization

extension Signal {
    /// This signal, counting its live subscriptions in `count`: each subscription adds one
    /// to ``SubscriptionCount/live`` (and to ``SubscriptionCount/total``) before the source
    /// is subscribed, and takes it away once it has ended — after its terminal event has been
    /// forwarded, or when it is disposed. Read `count` at any time, from any thread: a server's
    /// number of connected followers, a metrics gauge.
    ///
    /// One count may be shared by several signals (every room's feed into one gauge); it
    /// counts them all.
    ///
    /// Completes / Fails / Disposes: as this signal; the events are not changed.
    ///
    /// Composed of: ``on(subscribed:started:next:error:completed:terminated:disposed:)``
    /// with `subscribed` and `disposed` only (no step on the events' path), whose pair rule
    /// keeps the count exact: `disposed` runs if and only if `subscribed` ran, then once.
    ///
    /// ```swift
    /// let followers = SubscriptionCount()
    /// let feed = room.signal.counting(into: followers)
    /// let subscription = feed.subscribe(next: { print($0) })
    /// print(followers.live) // Prints: 1
    /// subscription.dispose()
    /// print(followers.live) // Prints: 0
    /// ```
    ///
    /// - Note: A subscription counts from just before it subscribes the source until just
    ///   after it ends, so in `concatMap { $0.counting(into: count) }` the count reads 2 for
    ///   the moment the next inner is subscribed and the previous one is still ending.
    /// - SeeAlso: RxSwift's `Resources.total` (every resource of the process, debug builds
    ///   only); ReactiveSwift and Combine have no such operator: their users write this
    ///   `on`/`handleEvents` pair by hand.
    @inlinable
    public func counting(into count: SubscriptionCount) -> Signal {
        on(subscribed: { count._subscribed() }, disposed: { count._disposed() })
    }
}
