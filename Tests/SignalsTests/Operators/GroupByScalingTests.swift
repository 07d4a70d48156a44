// groupBy costs each value one dictionary lookup and each new key one insert, whatever the
// number of open groups: a value reaches its own group, not every open one. Checked by
// counting the key's hashing and comparisons at 1,000 and 6,000 keys, never by a time: how the
// cost per key grows with N is measured in the Benchmarks package (W19 groupBy, instructions
// per key at N = 1,000 and 16,000).

import Signals
import SignalsTestSupport
import Synchronization
import Testing

/// A key that counts how often it is hashed or compared (the dictionary's work).
private struct CountedKey: Hashable, Sendable {
    let value: Int
    let work: Counter

    func hash(into hasher: inout Hasher) {
        work.increment()
        hasher.combine(value)
    }

    static func == (lhs: CountedKey, rhs: CountedKey) -> Bool {
        lhs.work.increment()
        return lhs.value == rhs.value
    }
}

@Suite struct GroupByScalingTests {
    @Test func eachValueCostsOneLookupAndEachKeyOneInsert() {
        for (values, keys) in [(6_000, 1_000), (36_000, 6_000)] {
            let work = Counter()
            let received = Counter()
            Signal.from(0..<values).groupBy { CountedKey(value: $0 % keys, work: work) }
                .flatten(.merge)
                .subscribe(next: { _ in received.increment() })
            #expect(received.count == values)
            // A lookup per value (a hash and a comparison); per key, a missed lookup, an
            // insert, and the rehashing of a growing table (amortised, a few per key).
            #expect(work.count <= 2 * values + 16 * keys, "\(work.count) hashes and comparisons for \(values) values over \(keys) keys")
        }
    }

    /// A hundred thousand keys and a million values at full size (SIGNALS_FULL=1, optimised
    /// builds); a quick run opens 20,000 groups of two values each (each group costs a subject
    /// and an inner subscription of merge). That each value costs one lookup whatever the
    /// number of open groups is counted above, at any size.
    @Test func aHundredThousandKeysAndAMillionValuesFinish() {
        let keys = testSize(100_000, quick: 20_000)
        let values = testSize(1_000_000, quick: 40_000)
        let received = Counter()
        let groups = Counter()
        let completed = Counter()
        Signal.from(0..<values).groupBy { $0 % keys }
            .on(next: { _ in groups.increment() })
            .flatten(.merge)
            .subscribe(next: { _ in received.increment() }, completed: { completed.increment() })
        #expect(groups.count == keys)
        #expect(received.count == values)
        #expect(completed.count == 1)
    }

    @Test func manyWindowsKeptSubscribedCostEachValueTheSame() {
        // window(count: 1) opens a window per value; every window is subscribed (by merge)
        // until it completes.
        let values = testSize(200_000, quick: 50_000)
        let received = Counter()
        Signal.from(0..<values).window(count: 1).flatten(.merge).subscribe(next: { _ in received.increment() })
        #expect(received.count == values)
    }
}
