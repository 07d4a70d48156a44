// The workloads written with OpenCombine 0.14.0, as the same logic as the Signals versions.
//
// OpenCombine 0.14.0 has neither `merge` nor `combineLatest` (no Publishers.Merge*, no
// Publishers.CombineLatest*). Their nearest equivalents, used here, are:
//   merge of many      → `Publishers.Sequence(sequence: publishers).flatMap { $0 }`
//                        (Publishers.FlatMap with unlimited demand)
//   concat of an array → `Publishers.Sequence(sequence: publishers).flatMap(maxPublishers: .max(1)) { $0 }`
//   left-fold concat   → `Publishers.Concatenate(prefix:suffix:)` (`append`), type-erased at each step
//   combineLatest      → merge of the two subjects tagged by side, then `scan` keeping the latest
//                        of each side, then `compactMap` once both have a value (W6); for an
//                        array of N subjects (W15) the same with an index tag and an array
// It has the others used here: `switchToLatest` (W9), `zip` (W10), `scan`, `removeDuplicates`
// and `prefix` (W11), and `share` (W12; no replay, which W12 does not exercise: every
// subscriber joins before the first send).
// Where an OpenCombine operator has an eager overload that would skip the reactive stage
// (`Just.map` returns a `Just`), the operator struct is built explicitly so that both libraries
// subscribe through the same stages.

import OpenCombine
import WorkloadSpec

public enum OC {
    /// W1: `(0..<n).publisher` → map → filter → map → sink.
    @inline(never)
    public static func w1(_ n: Int) -> Int {
        let tally = Tally()
        let c = (0..<n).publisher
            .map { $0 &* 2 }
            .filter { $0 % 3 == 0 }
            .map { $0 &+ 1 }
            .sink { tally.add($0) }
        c.cancel()
        return tally.sum
    }

    /// W2: PassthroughSubject → map → filter → sink; n sends.
    @inline(never)
    public static func w2(_ n: Int) -> Int {
        let tally = Tally()
        let subject = PassthroughSubject<Int, Never>()
        let c = subject
            .map { $0 &* 2 }
            .filter { $0 % 3 == 0 }
            .sink { tally.add($0) }
        for i in 0..<n { subject.send(i) }
        c.cancel()
        return tally.sum
    }

    /// W3: `(0..<n).publisher.flatMap { Just($0) }`.
    @inline(never)
    public static func w3(_ n: Int) -> Int {
        let tally = Tally()
        let c = (0..<n).publisher
            .flatMap { Just($0) }
            .sink { tally.add($0) }
        c.cancel()
        return tally.sum
    }

    /// W3b: `(0..<n).publisher.flatMap { [$0].publisher }` (a non-constant synchronous inner).
    @inline(never)
    public static func w3b(_ n: Int) -> Int {
        let tally = Tally()
        let c = (0..<n).publisher
            .flatMap { [$0].publisher }
            .sink { tally.add($0) }
        c.cancel()
        return tally.sum
    }

    /// W4: merge of `sources` synchronous sources of `m` values each, as flatMap over a sequence.
    @inline(never)
    public static func w4(sources: Int, valuesPerSource m: Int) -> Int {
        let tally = Tally()
        let inners = (0..<sources).map { i in (i &* m ..< i &* m &+ m).publisher }
        let c = inners.publisher
            .flatMap { $0 }
            .sink { tally.add($0) }
        c.cancel()
        return tally.sum
    }

    /// W5 (array): concat of k `Just`s, as flatMap(maxPublishers: .max(1)) over a sequence.
    @inline(never)
    public static func w5Array(_ k: Int) -> Int {
        let tally = Tally()
        let inners = (0..<k).map { Just($0) }
        let c = inners.publisher
            .flatMap(maxPublishers: .max(1)) { $0 }
            .sink { tally.add($0) }
        c.cancel()
        return tally.sum
    }

    /// W5 (left fold): `Just(0).append(Just(1)).append(Just(2))…` (k sources), erased at each step.
    @inline(never)
    public static func w5Fold(_ k: Int) -> Int {
        let tally = Tally()
        var chain = Just(0).eraseToAnyPublisher()
        for i in 1..<k {
            chain = chain.append(Just(i)).eraseToAnyPublisher()
        }
        let c = chain.sink { tally.add($0) }
        c.cancel()
        return tally.sum
    }

    private enum Side { case a(Int), b(Int) }

    /// W6: "combineLatest" of two subjects (see the file comment), n alternating sends.
    @inline(never)
    public static func w6(_ n: Int) -> Int {
        let tally = Tally()
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let sides = [a.map(Side.a).eraseToAnyPublisher(), b.map(Side.b).eraseToAnyPublisher()]
        let c = sides.publisher
            .flatMap { $0 }
            .scan((Int?.none, Int?.none)) { latest, side in
                switch side {
                case .a(let v): (v, latest.1)
                case .b(let v): (latest.0, v)
                }
            }
            .compactMap { latest -> (Int, Int)? in
                guard let x = latest.0, let y = latest.1 else { return nil }
                return (x, y)
            }
            .sink { tally.add($0.0 &+ $0.1) }
        for i in 0..<n {
            if i & 1 == 0 { a.send(i) } else { b.send(i) }
        }
        c.cancel()
        return tally.sum
    }

    /// W7: subscribe to `Just(1)` through one map stage and cancel, n times.
    @inline(never)
    public static func w7(_ n: Int) -> Int {
        let tally = Tally()
        let publisher = Publishers.Map(upstream: Just(1)) { $0 + 1 }
        for _ in 0..<n {
            let c = publisher.sink { tally.add($0) }
            c.cancel()
        }
        return tally.sum
    }

    /// W8: two threads send into two subjects merged (flatMap over a sequence) into one sink.
    @inline(never)
    public static func w8(_ perThread: Int) -> (sum: Int, count: Int) {
        let tally = LockedTally()
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let c = [a, b].publisher
            .flatMap { $0 }
            .sink { tally.add($0) }
        let sa = UncheckedSendable(a), sb = UncheckedSendable(b)
        onTwoThreads(
            { for i in 0..<perThread { sa.value.send(i) } },
            { for i in perThread..<(2 * perThread) { sb.value.send(i) } }
        )
        c.cancel()
        return (tally.sum, tally.count)
    }

    /// W7b: subscribe to `subject.map.filter` and cancel, n times: a live subscription.
    @inline(never)
    public static func w7b(_ n: Int) -> Int {
        let tally = Tally()
        let subject = PassthroughSubject<Int, Never>()
        let publisher = subject.map { $0 &+ 1 }.filter { $0 > 0 }
        for i in 0..<n {
            let c = publisher.sink { tally.add($0) }
            if i & 1023 == 0 { subject.send(i) }
            c.cancel()
        }
        return tally.sum
    }

    /// W9: `switchToLatest` over n synchronous inners of 2 values each.
    @inline(never)
    public static func w9(_ n: Int) -> Int {
        let tally = Tally()
        let c = (0..<n).publisher
            .map { i in (i ..< i &+ 2).publisher }
            .switchToLatest()
            .sink { tally.add($0) }
        c.cancel()
        return tally.sum
    }

    /// W10: `zip` of two `(0..<n).publisher`.
    @inline(never)
    public static func w10(_ n: Int) -> Int {
        let tally = Tally()
        let c = (0..<n).publisher.zip((0..<n).publisher)
            .sink { tally.add($0.0 &+ $0.1) }
        c.cancel()
        return tally.sum
    }

    /// W11: subject → scan → removeDuplicates → prefix(n); n sends.
    @inline(never)
    public static func w11(_ n: Int) -> Int {
        let tally = Tally()
        let subject = PassthroughSubject<Int, Never>()
        let c = subject
            .scan(0) { w11Step($0, $1) }
            .removeDuplicates()
            .prefix(n)
            .sink { tally.add($0) }
        for i in 0..<n { subject.send(i) }
        c.cancel()
        return tally.sum
    }

    /// W12: `share()` of a subject, `subscribers` sinks, `sends` sends.
    @inline(never)
    public static func w12(subscribers: Int, sends: Int) -> Int {
        let tally = Tally()
        let subject = PassthroughSubject<Int, Never>()
        let shared = subject.share()
        let cs = (0..<subscribers).map { _ in shared.sink { tally.add($0) } }
        for i in 0..<sends { subject.send(i) }
        for c in cs { c.cancel() }
        return tally.sum
    }

    private struct Latest {
        var values: [Int?]
        var missing: Int
    }

    /// W15: "combineLatest" of an array of `sources` subjects (see the file comment).
    @inline(never)
    public static func w15(sources: Int, sends: Int) -> Int {
        let tally = Tally()
        let subjects = (0..<sources).map { _ in PassthroughSubject<Int, Never>() }
        let tagged = subjects.enumerated().map { index, subject in
            subject.map { (index, $0) }.eraseToAnyPublisher()
        }
        let c = tagged.publisher
            .flatMap { $0 }
            .scan(Latest(values: Array(repeating: nil, count: sources), missing: sources)) { latest, tagged in
                var latest = latest
                if latest.values[tagged.0] == nil { latest.missing -= 1 }
                latest.values[tagged.0] = tagged.1
                return latest
            }
            .compactMap { latest -> [Int]? in latest.missing == 0 ? latest.values.map { $0! } : nil }
            .sink { tally.add($0[0] &+ $0[$0.count &- 1]) }
        for i in 0..<sends { subjects[i % sources].send(i) }
        c.cancel()
        return tally.sum
    }

    /// W9b: `switchToLatest` of a subject of subjects: per inner, the outer sends a new inner
    /// subject, then that inner sends one value.
    @inline(never)
    public static func w9b(_ n: Int) -> Int {
        let tally = Tally()
        let outer = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
        let c = outer.switchToLatest().sink { tally.add($0) }
        for i in 0..<n {
            let inner = PassthroughSubject<Int, Never>()
            outer.send(inner)
            inner.send(i)
        }
        c.cancel()
        return tally.sum
    }
}

extension OC {
    /// W21: PassthroughSubject → sink; n sends (the path the Combine bridge is measured against).
    @inline(never)
    public static func w21(_ n: Int) -> Int {
        let tally = Tally()
        let subject = PassthroughSubject<Int, Never>()
        let c = subject.sink { tally.add($0) }
        for i in 0..<n { subject.send(i) }
        c.cancel()
        return tally.sum
    }
}
