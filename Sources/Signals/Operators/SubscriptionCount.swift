// SubscriptionCount: the live count that `counting(into:)` keeps (Signal+Counting.swift), two
// atomics readable at any time.

import Synchronization

/// A live count of subscriptions, kept by ``Signal/counting(into:)``: how many are live
/// now (``live``) and how many have started so far (``total``). Readable at any time from
/// any thread, without a lock (two atomics).
///
/// ```swift
/// let followers = SubscriptionCount()
/// let feed = updates.signal.counting(into: followers)
/// // in a `/stats` route or a metrics gauge:
/// print("\(followers.live) following, \(followers.total) since start")
/// ```
public final class SubscriptionCount: Sendable {
    @usableFromInline let _live = Atomic<Int>(0)
    @usableFromInline let _total = Atomic<Int>(0)

    /// A count at zero.
    ///
    /// ```swift
    /// let connections = SubscriptionCount()
    /// ```
    public init() {}

    /// How many subscriptions are live now: subscribed and not yet ended.
    ///
    /// ```swift
    /// gauge.record(followers.live)
    /// ```
    public var live: Int { _live.load(ordering: .relaxed) }

    /// How many subscriptions have started since the count was made (ended ones included).
    ///
    /// ```swift
    /// print(followers.total - followers.live) // how many have ended
    /// ```
    public var total: Int { _total.load(ordering: .relaxed) }

    @usableFromInline
    func _subscribed() {
        _total.add(1, ordering: .relaxed)
        _live.add(1, ordering: .relaxed)
    }

    @usableFromInline
    func _disposed() {
        _live.subtract(1, ordering: .relaxed)
    }
}
