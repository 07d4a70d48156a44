// The ring behind the async bridge's buffer and observe(on:bufferSize:)'s queue: first in,
// first out across wrap-arounds and growth (wrapped or not), a taken value released at once,
// and storage that stays near the most values held at once: a bounded ring grows by half up
// to its bound, an unbounded one doubles.
// Internal, hence `@testable`.

import Testing
@testable import Signals
import SignalsTestSupport

@Suite struct RingQueueTests {
    @Test func valuesComeOutInOrderAcrossWrapAroundsAndGrowth() {
        var ring = _RingQueue<Int>()
        var model: [Int] = []
        var next = 0
        // A seeded mix of appends and pops: the ring wraps, and grows both wrapped and not.
        var random = SplitMix64(seed: 38)
        for _ in 0..<5_000 {
            if random.next() % 5 < 3 {
                ring.append(next)
                model.append(next)
                next += 1
            } else {
                #expect(ring.popFirst() == model.first)
                if !model.isEmpty { model.removeFirst() }
            }
            #expect(ring.count == model.count)
        }
        while let value = ring.popFirst() { #expect(value == model.removeFirst()) }
        #expect(model.isEmpty)
        #expect(ring.isEmpty)
    }

    @Test func aWrappedRingGrowsWithItsValuesInOrder() {
        var ring = _RingQueue<Int>()
        for value in 0..<8 { ring.append(value) }       // 8 slots, full
        for value in 0..<5 { #expect(ring.popFirst() == value) }
        for value in 8..<13 { ring.append(value) }      // wraps: full again, head at 5
        ring.append(13)                                  // grows while wrapped
        #expect(ring.slots.count == 16)
        var out: [Int] = []
        while let value = ring.popFirst() { out.append(value) }
        #expect(out == Array(5...13))
    }

    @Test func aTakenValueIsReleasedAtOnceAndTheStorageStaysAtItsPeak() {
        let live = Counter()
        var ring = _RingQueue<LiveToken>()
        for _ in 0..<100 {
            ring.append(LiveToken(live))
            if ring.count > 4 { _ = ring.popFirst() }   // a bound of 4, dropping the oldest
        }
        #expect(live.count == 4)
        #expect(ring.slots.count == 8)
        _ = ring.popFirst()
        #expect(live.count == 3)
    }

    @Test func aBoundedRingGrowsByHalfUpToItsBoundAndPastItOnlyForMore() {
        var ring = _RingQueue<Int>(limit: 256)
        for value in 0..<200 { ring.append(value) }
        #expect(ring.slots.count == 202)                 // 8, 12, 18, 27, 40, 60, 90, 135, 202
        for value in 200..<256 { ring.append(value) }
        #expect(ring.slots.count == 256)                 // stops at the bound
        ring.append(256)                                 // more than the bound (a replay)
        #expect(ring.slots.count == 384)
        #expect(ring.popFirst() == 0)
        #expect(ring.count == 256)
    }
}
