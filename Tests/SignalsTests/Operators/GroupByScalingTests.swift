// groupBy costs each value one dictionary lookup and each new key one insert, whatever the
// number of open groups: a value reaches its own group, not every open one. Checked by
// counting (the key's hashing) and by a scaling ratio of the thread's CPU time (6 times the
// keys cost at most 8 times the work; a cost per value that grew with the open groups would
// make it 36 times), never by a wall time.

import Signals
import SignalsTestSupport
import Synchronization
import Testing
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

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

/// The CPU time this thread has used (not the wall clock: other processes do not count).
private func threadCPUTime() -> Duration {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
}

/// Every value of `keys` keys, each sent once, through `groupBy { $0 }.flatten(.merge)`.
private func groupEveryValue(_ keys: Int) -> Int {
    let received = Counter()
    Signal.from(0..<keys).groupBy { $0 }.flatten(.merge).subscribe(next: { _ in received.increment() })
    return received.count
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

    @Test func sixTimesTheKeysCostAtMostEightTimesTheWork() {
        // The best of five runs each, on this thread's CPU clock.
        func work(_ keys: Int) -> Duration {
            (0..<5).map { _ in
                let start = threadCPUTime()
                #expect(groupEveryValue(keys) == keys)
                return threadCPUTime() - start
            }.min()!
        }
        let small = testSize(4_000, quick: 2_000)
        _ = work(small) // warm up (allocator, code paths)
        let growth = work(6 * small) / work(small)
        printFigure("[figures] groupBy: \(6 * small) keys cost \(growth) times \(small) keys")
        #expect(growth <= 8, "6 times the keys cost \(growth) times the work (linear: about 6; a cost per value growing with the open groups: about 36)")
    }

    @Test func aHundredThousandKeysAndAMillionValuesFinish() {
        let values = testSize(1_000_000, quick: 200_000)
        let received = Counter()
        let groups = Counter()
        let completed = Counter()
        Signal.from(0..<values).groupBy { $0 % 100_000 }
            .on(next: { _ in groups.increment() })
            .flatten(.merge)
            .subscribe(next: { _ in received.increment() }, completed: { completed.increment() })
        #expect(groups.count == 100_000)
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
