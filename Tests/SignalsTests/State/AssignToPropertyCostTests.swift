// What a write to a property costs when signals are bound into it: it reaches the property's
// own subscribers, never the bindings that feed it. Counted, not timed: the subscribers of
// the subject that delivers the property's writes (an internal count, hence `@testable`).

import Testing
@testable import Signals
import SignalsTestSupport

@Suite struct AssignToPropertyCostTests {
    /// How many observers a write to `property` is delivered to.
    static func observersReachedByAWrite<Value>(_ property: MutableProperty<Value>) -> Int {
        property._subject._engine._state.withLock { $0.subscribers.count }
    }

    /// Issue 35: each binding learnt of the property's end by subscribing to the property's
    /// own subject, so every write reached every binding (a write cost O(bindings)).
    @Test func aWriteReachesNoBinding() {
        let property = MutableProperty(0)
        let seen = Counter()
        property.changes.subscribe(next: { _ in seen.increment() })
        #expect(Self.observersReachedByAWrite(property) == 1)
        let sources = (0..<1_000).map { _ in Subject<Int, Never>() }
        let bindings = sources.map { $0.signal.assign(to: property) }
        #expect(Self.observersReachedByAWrite(property) == 1)
        sources[500].send(value: 7)
        property.value = 8
        #expect(property.value == 8)
        #expect(seen.count == 2)
        for binding in bindings { binding.dispose() }
    }

    @Test func aBindingStillEndsWhenThePropertyGoesAway() {
        let source = Subject<Int, Never>()
        let disposed = Flag()
        var property: MutableProperty<Int>? = MutableProperty(0)
        let binding = source.signal.on(disposed: { disposed.set() }).assign(to: property!)
        #expect(Self.observersReachedByAWrite(property!) == 0)
        property = nil
        #expect(disposed.isSet)
        #expect(binding.isDisposed)
    }
}
