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

    /// W7b: one observer object added to a list and removed again per "subscription".
    @inline(never)
    public static func w7b(_ n: Int) -> Int {
        let tally = Tally()
        let sink: (Int) -> Void = opaque { tally.add($0) }
        var observers: [FloorObserver] = opaque([])
        for i in 0..<n {
            observers.append(FloorObserver { v in let a = v &+ 1; if a > 0 { sink(a) } })
            if i & 1023 == 0 { for o in observers { o.send(i) } }
            observers.removeLast()
        }
        return tally.sum
    }

    /// W9: n inner "sources" of 2 values each, run one after the other.
    @inline(never)
    public static func w9(_ n: Int) -> Int {
        let tally = Tally()
        let sink: (Int) -> Void = opaque { tally.add($0) }
        let inner: (Int, (Int) -> Void) -> Void = opaque { i, emit in for v in i ..< i &+ 2 { emit(v) } }
        for i in 0..<n { inner(i, sink) }
        return tally.sum
    }

    /// W10: the first source's values queued, then paired with the second's.
    @inline(never)
    public static func w10(_ n: Int) -> Int {
        let tally = Tally()
        let sink: ((Int, Int)) -> Void = opaque { tally.add($0.0 &+ $0.1) }
        let value: (Int) -> Int = opaque { $0 }
        var queue: [Int] = []
        queue.reserveCapacity(n)
        for i in 0..<n { queue.append(value(i)) }
        for i in 0..<n { sink((queue[i], value(i))) }
        return tally.sum
    }

    /// W11: a running result, repeats dropped, at most n passed on.
    @inline(never)
    public static func w11(_ n: Int) -> Int {
        let tally = Tally()
        let step: (Int, Int) -> Int = opaque { w11Step($0, $1) }
        let sink: (Int) -> Void = opaque { tally.add($0) }
        var accumulator = 0
        var last: Int? = nil
        var taken = 0
        for i in 0..<n {
            accumulator = step(accumulator, i)
            if accumulator != last {
                last = accumulator
                if taken < n { taken += 1; sink(accumulator) }
            }
        }
        return tally.sum
    }

    /// W12: a list of observer closures, each send delivered to all of them.
    @inline(never)
    public static func w12(subscribers: Int, sends: Int) -> Int {
        let tally = Tally()
        let observers: [(Int) -> Void] = opaque((0..<subscribers).map { _ in { tally.add($0) } })
        for i in 0..<sends {
            for observer in observers { observer(i) }
        }
        return tally.sum
    }

    /// W14: a pending value and its deadline on a virtual clock: a send replaces both, the
    /// value goes to the sink once the clock reaches the deadline (or at the end).
    @inline(never)
    public static func w14(_ n: Int) -> Int {
        let tally = Tally()
        let sink: (Int) -> Void = opaque { tally.add($0) }
        var now = Duration.zero
        var deadline = Duration.zero
        var pending: Int? = nil
        for i in 0..<n {
            pending = i
            deadline = now + Spec.w14DueTime
            now += w14Gap(i)
            if let value = pending, now >= deadline { pending = nil; sink(value) }
        }
        if let value = pending { sink(value) }
        return tally.sum
    }

    /// W16: throttle's window on a virtual clock: a send passes when the window has passed
    /// since the last value sent, else it is kept; the kept value goes to the sink when the
    /// clock reaches the window's end (and opens the next window). Not at the end: W16
    /// disposes before any more time passes.
    @inline(never)
    public static func w16(_ n: Int) -> Int {
        let tally = Tally()
        let sink: (Int) -> Void = opaque { tally.add($0) }
        let d = Spec.w14DueTime
        var now = Duration.zero
        var lastSent: Duration? = nil
        var kept: Int? = nil
        for i in 0..<n {
            if let last = lastSent, now - last < d {
                kept = i
            } else if let value = kept {
                sink(value); kept = i; lastSent = now
            } else {
                sink(i); lastSent = now
            }
            now += w14Gap(i)
            if let value = kept, let last = lastSent, last + d <= now {
                sink(value); kept = nil; lastSent = last + d
            }
        }
        return tally.sum
    }

    /// W23: the floor of W14, W16 and W17 (a floor has no scheduler to hold as `any Scheduler`).
    @inline(never)
    public static func w23(_ kind: W23, _ n: Int) -> Int {
        switch kind {
        case .debounce: w14(n)
        case .throttle: w16(n)
        case .timeout: w17(n)
        }
    }

    /// W17: a deadline restarted by every value on a virtual clock; each value to the sink.
    @inline(never)
    public static func w17(_ n: Int) -> Int {
        let tally = Tally()
        let sink: (Int) -> Void = opaque { tally.add($0) }
        var now = Duration.zero
        var deadline = Spec.w14DueTime
        for i in 0..<n {
            if now >= deadline { sink(-1); break }
            sink(i)
            deadline = now + Spec.w14DueTime
            now += .milliseconds(1)
        }
        return tally.sum
    }

    /// W18: each value with the previous one, from the second on.
    @inline(never)
    public static func w18(_ n: Int) -> Int {
        let tally = Tally()
        let sink: ((Int, Int)) -> Void = opaque { tally.add($0.0 &+ $0.1) }
        var previous: Int? = nil
        for i in 0..<n {
            if let p = previous { sink((p, i)) }
            previous = i
        }
        return tally.sum
    }

    /// W15: the latest value of each of `sources` inputs; once all have one, every send passes
    /// on a copy of the array.
    @inline(never)
    public static func w15(sources: Int, sends: Int) -> Int {
        let tally = Tally()
        let sink: ([Int]) -> Void = opaque { tally.add($0[0] &+ $0[$0.count &- 1]) }
        var latest = [Int](repeating: 0, count: sources)
        var missing = sources
        for i in 0..<sends {
            if i < sources { missing -= 1 }
            latest[i % sources] = i
            if missing == 0 { sink(latest.map { $0 }) }
        }
        return tally.sum
    }

    /// W9b: per inner, the latest inner's value to the sink (the floor has no subscription).
    @inline(never)
    public static func w9b(_ n: Int) -> Int {
        let tally = Tally()
        let sink: (Int) -> Void = opaque { tally.add($0) }
        for i in 0..<n { sink(i) }
        return tally.sum
    }

    /// W19: the checksum each Signals version computes, with one closure call per unit.
    @inline(never)
    public static func w19(_ op: W19, _ n: Int) -> Int? {
        let tally = Tally()
        let sink: (Int) -> Void = opaque { tally.add($0) }
        switch op {
        case .groupBy, .merge, .combineLatest, .zip, .window, .compound, .compoundReverse:
            if op == .combineLatest { if n > 0 { sink(n &- 1) } } else { for i in 0..<n { sink(i) } }
        case .share, .shareReplay, .subject, .subjectReverse, .replaySubjectReverse, .behaviorSubjectReverse:
            for i in 0..<n { sink(i) }
        }
        return tally.sum
    }
}

extension Floor {
    /// W21: a "subject" (a list of observer closures) → sink, per send.
    @inline(never)
    public static func w21(_ n: Int) -> Int {
        let tally = Tally()
        let sink: (Int) -> Void = opaque { tally.add($0) }
        let observers: [(Int) -> Void] = opaque([{ v in sink(v) }])
        for i in 0..<n {
            for observer in observers { observer(i) }
        }
        return tally.sum
    }

    /// W22: each send through the three closures, then to each subscriber's sink (two per
    /// send; one for the subscription cases).
    @inline(never)
    public static func w22(_ kind: W22, _ n: Int) -> Int {
        let tally = Tally()
        let double: (Int) -> Int = opaque { $0 &* 2 }
        let keep: (Int) -> Bool = opaque { $0 % 3 == 0 }
        let plusOne: (Int) -> Int = opaque { $0 &+ 1 }
        let sink: (Int) -> Void = opaque { tally.add($0) }
        let subscribers = kind.isSubscription ? 1 : 2
        for i in 0..<n {
            let a = double(i)
            guard keep(a) else { continue }
            let b = plusOne(a)
            for _ in 0..<subscribers { sink(b) }
        }
        return tally.sum
    }
}
