// Small pieces the rooms need.

import Synchronization

/// A count read from any thread (live subscriptions).
final class LiveCount: Sendable {
    private let count = Atomic<Int>(0)
    func add(_ delta: Int) { count.add(delta, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}
