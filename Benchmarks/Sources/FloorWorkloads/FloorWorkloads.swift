// The floor: each workload as a plain Swift loop, with one (opaque, not inlined) closure call
// per stage, and no reactive machinery. What no library can beat.

import Foundation
import WorkloadSpec

public enum Floor {
    /// W1: source value → map → filter → map → sum, one closure call per stage.
    @inline(never)
    public static func w1(_ n: Int) -> Int {
        let double: (Int) -> Int = opaque { $0 &* 2 }
        let keep: (Int) -> Bool = opaque { $0 % 3 == 0 }
        let inc: (Int) -> Int = opaque { $0 &+ 1 }
        let tally = Tally()
        let sink: (Int) -> Void = opaque { tally.add($0) }
        for i in 0..<n {
            let a = double(i)
            if keep(a) { sink(inc(a)) }
        }
        return tally.sum
    }

    /// W2: a "subject" (a list of observer closures) → map → filter → sink, per send.
    @inline(never)
    public static func w2(_ n: Int) -> Int {
        let tally = Tally()
        let double: (Int) -> Int = opaque { $0 &* 2 }
        let keep: (Int) -> Bool = opaque { $0 % 3 == 0 }
        let sink: (Int) -> Void = opaque { tally.add($0) }
        let observers: [(Int) -> Void] = opaque([{ v in let a = double(v); if keep(a) { sink(a) } }])
        for i in 0..<n {
            for observer in observers { observer(i) }
        }
        return tally.sum
    }

    /// W3: each value goes through a closure that returns the "inner" value, then to the sink.
    @inline(never)
    public static func w3(_ n: Int) -> Int {
        let tally = Tally()
        let inner: (Int) -> Int = opaque { $0 }
        let sink: (Int) -> Void = opaque { tally.add($0) }
        for i in 0..<n { sink(inner(i)) }
        return tally.sum
    }

    /// W3b: each value builds a one-element array (a non-constant inner source) and iterates it.
    @inline(never)
    public static func w3b(_ n: Int) -> Int {
        let tally = Tally()
        let inner: (Int) -> [Int] = opaque { [$0] }
        let sink: (Int) -> Void = opaque { tally.add($0) }
        for i in 0..<n { for v in inner(i) { sink(v) } }
        return tally.sum
    }

    /// W4: 10,000 sources (closures emitting 10 values each), run one after the other.
    @inline(never)
    public static func w4(sources: Int, valuesPerSource m: Int) -> Int {
        let tally = Tally()
        let sink: (Int) -> Void = opaque { tally.add($0) }
        let emitters: [((Int) -> Void) -> Void] = (0..<sources).map { i in
            { emit in for v in i &* m ..< i &* m &+ m { emit(v) } }
        }
        for emit in emitters { emit(sink) }
        return tally.sum
    }

    /// W5: K single-value sources (closures) run in order.
    @inline(never)
    public static func w5(_ k: Int) -> Int {
        let tally = Tally()
        let sink: (Int) -> Void = opaque { tally.add($0) }
        let sources: [((Int) -> Void) -> Void] = (0..<k).map { i in { emit in emit(i) } }
        for source in sources { source(sink) }
        return tally.sum
    }

    /// W6: the latest value of each of two inputs, combined and sent on for every send.
    @inline(never)
    public static func w6(_ n: Int) -> Int {
        let tally = Tally()
        let sink: ((Int, Int)) -> Void = opaque { tally.add($0.0 &+ $0.1) }
        var a: Int? = nil
        var b: Int? = nil
        for i in 0..<n {
            if i & 1 == 0 { a = i } else { b = i }
            if let a, let b { sink((a, b)) }
        }
        return tally.sum
    }

    /// W7: one closure call per "subscription" (no allocation).
    @inline(never)
    public static func w7(_ n: Int) -> Int {
        let tally = Tally()
        let subscribe: (Int) -> Int = opaque { $0 + 1 }
        let sink: (Int) -> Void = opaque { tally.add($0) }
        for _ in 0..<n { sink(subscribe(1)) }
        return tally.sum
    }

    /// W8: two threads each calling a lock-protected sink.
    @inline(never)
    public static func w8(_ perThread: Int) -> (sum: Int, count: Int) {
        let tally = LockedTally()
        onTwoThreads(
            { for i in 0..<perThread { tally.add(i) } },
            { for i in perThread..<(2 * perThread) { tally.add(i) } }
        )
        return (tally.sum, tally.count)
    }
}
