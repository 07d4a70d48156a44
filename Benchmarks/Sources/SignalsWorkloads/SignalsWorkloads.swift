// The workloads written with Signals, as the same logic as the OpenCombine and floor versions.

import Signals
import SignalsTesting
import UserOperators
import WorkloadSpec

/// Every workload uses `Int` values and never fails.
public typealias IntSignal = Signal<Int, Never>

public enum Sig {
    /// W1: `from(0..<n)` → map → filter → map → subscriber.
    @inline(never)
    public static func w1(_ n: Int) -> Int {
        let tally = Tally()
        let d = IntSignal.from(0..<n)
            .map { $0 &* 2 }
            .filter { $0 % 3 == 0 }
            .map { $0 &+ 1 }
            .subscribe(next: { tally.add($0) })
        d.dispose()
        return tally.sum
    }

    /// W2: Subject → map → filter → subscriber; n sends.
    @inline(never)
    public static func w2(_ n: Int) -> Int {
        let tally = Tally()
        let subject = Subject<Int, Never>()
        let d = subject.signal
            .map { $0 &* 2 }
            .filter { $0 % 3 == 0 }
            .subscribe(next: { tally.add($0) })
        for i in 0..<n { subject.send(value: i) }
        d.dispose()
        return tally.sum
    }

    /// W3: `from(0..<n).flattenMap { just($0) }` — bind's constant fast path.
    @inline(never)
    public static func w3(_ n: Int) -> Int {
        let tally = Tally()
        let d = IntSignal.from(0..<n)
            .flattenMap { IntSignal.just($0) }
            .subscribe(next: { tally.add($0) })
        d.dispose()
        return tally.sum
    }

    /// W3b: `from(0..<n).flattenMap { from([$0]) }` — a non-constant synchronous inner signal.
    @inline(never)
    public static func w3b(_ n: Int) -> Int {
        let tally = Tally()
        let d = IntSignal.from(0..<n)
            .flattenMap { IntSignal.from([$0]) }
            .subscribe(next: { tally.add($0) })
        d.dispose()
        return tally.sum
    }

    /// W4: `merge` of `sources` synchronous sources of `m` values each.
    @inline(never)
    public static func w4(sources: Int, valuesPerSource m: Int) -> Int {
        let tally = Tally()
        let inners = (0..<sources).map { i in IntSignal.from(i &* m ..< i &* m &+ m) }
        let d = IntSignal.merge(inners)
            .subscribe(next: { tally.add($0) })
        d.dispose()
        return tally.sum
    }

    /// W5 (array): `Signal.concat` of k `just`s.
    @inline(never)
    public static func w5Array(_ k: Int) -> Int {
        let tally = Tally()
        let inners = (0..<k).map { IntSignal.just($0) }
        let d = IntSignal.concat(inners)
            .subscribe(next: { tally.add($0) })
        d.dispose()
        return tally.sum
    }

    /// W5 (left fold): `just(0).concat(just(1)).concat(just(2))…` (k sources).
    @inline(never)
    public static func w5Fold(_ k: Int) -> Int {
        let tally = Tally()
        var chain: IntSignal = .just(0)
        for i in 1..<k {
            chain = chain.concat(IntSignal.just(i))
        }
        let d = chain.subscribe(next: { tally.add($0) })
        d.dispose()
        return tally.sum
    }

    /// W6: `combineLatest` of two subjects, n alternating sends.
    @inline(never)
    public static func w6(_ n: Int) -> Int {
        let tally = Tally()
        let a = Subject<Int, Never>()
        let b = Subject<Int, Never>()
        let d = Signal<(Int, Int), Never>.combineLatest(a.signal, b.signal)
            .subscribe(next: { tally.add($0.0 &+ $0.1) })
        for i in 0..<n {
            if i & 1 == 0 { a.send(value: i) } else { b.send(value: i) }
        }
        d.dispose()
        return tally.sum
    }

    /// W7: subscribe to `just(1).map { $0 + 1 }` and dispose, n times.
    @inline(never)
    public static func w7(_ n: Int) -> Int {
        let tally = Tally()
        let signal = IntSignal.just(1).map { $0 + 1 }
        for _ in 0..<n {
            let d = signal.subscribe(next: { tally.add($0) })
            d.dispose()
        }
        return tally.sum
    }

    /// W8: two threads send into two subjects merged into one subscriber.
    @inline(never)
    public static func w8(_ perThread: Int) -> (sum: Int, count: Int) {
        let tally = LockedTally()
        let a = Subject<Int, Never>()
        let b = Subject<Int, Never>()
        let d = IntSignal.merge(a.signal, b.signal)
            .subscribe(next: { tally.add($0) })
        onTwoThreads(
            { for i in 0..<perThread { a.send(value: i) } },
            { for i in perThread..<(2 * perThread) { b.send(value: i) } }
        )
        d.dispose()
        return (tally.sum, tally.count)
    }

    /// W7b: subscribe to `subject.signal.map.filter` and dispose, n times: a live subscription
    /// (the subject keeps the observer until the subscription is disposed).
    @inline(never)
    public static func w7b(_ n: Int) -> Int {
        let tally = Tally()
        let subject = Subject<Int, Never>()
        let signal = subject.signal.map { $0 &+ 1 }.filter { $0 > 0 }
        for i in 0..<n {
            let d = signal.subscribe(next: { tally.add($0) })
            if i & 1023 == 0 { subject.send(value: i) }   // the subscription is live
            d.dispose()
        }
        return tally.sum
    }

    /// W9: `switchToLatest` over n synchronous inners of 2 values each.
    @inline(never)
    public static func w9(_ n: Int) -> Int {
        let tally = Tally()
        let d = IntSignal.from(0..<n)
            .map { i in IntSignal.from(i ..< i &+ 2) }
            .switchToLatest()
            .subscribe(next: { tally.add($0) })
        d.dispose()
        return tally.sum
    }

    /// W10: `zip` of two `from(0..<n)`.
    @inline(never)
    public static func w10(_ n: Int) -> Int {
        let tally = Tally()
        let d = Signal<(Int, Int), Never>.zip(IntSignal.from(0..<n), IntSignal.from(0..<n))
            .subscribe(next: { tally.add($0.0 &+ $0.1) })
        d.dispose()
        return tally.sum
    }

    /// W11: subject → scan → distinctUntilChanged → take(n); n sends.
    @inline(never)
    public static func w11(_ n: Int) -> Int {
        let tally = Tally()
        let subject = Subject<Int, Never>()
        let d = subject.signal
            .scan(0) { w11Step($0, $1) }
            .distinctUntilChanged()
            .take(n)
            .subscribe(next: { tally.add($0) })
        for i in 0..<n { subject.send(value: i) }
        d.dispose()
        return tally.sum
    }

    /// W12: `share(replay: 1)` of a subject, `subscribers` subscribers, `sends` sends.
    @inline(never)
    public static func w12(subscribers: Int, sends: Int) -> Int {
        let tally = Tally()
        let subject = Subject<Int, Never>()
        let shared = subject.signal.share(replay: 1)
        let ds = (0..<subscribers).map { _ in shared.subscribe(next: { tally.add($0) }) }
        for i in 0..<sends { subject.send(value: i) }
        for d in ds { d.dispose() }
        return tally.sum
    }

    /// W14: subject → `debounce` on a `TestScheduler` → subscriber; n sends, the virtual clock
    /// advanced by `w14Gap(i)` after send i; completing sends the pending value, if any.
    @inline(never)
    public static func w14(_ n: Int) -> Int {
        let tally = Tally()
        let scheduler = TestScheduler()
        let subject = Subject<Int, Never>()
        let d = subject.signal
            .debounce(Spec.w14DueTime, on: scheduler)
            .subscribe(next: { tally.add($0) })
        for i in 0..<n {
            subject.send(value: i)
            scheduler.advance(by: w14Gap(i))
        }
        subject.sendCompleted()
        d.dispose()
        return tally.sum
    }

    /// W16: subject → `throttle(latest: true)` on a `TestScheduler` → subscriber; W14's sends
    /// and clock. The value kept at completion is not sent: the subscription is disposed first.
    @inline(never)
    public static func w16(_ n: Int) -> Int {
        let tally = Tally()
        let scheduler = TestScheduler()
        let subject = Subject<Int, Never>()
        let d = subject.signal
            .throttle(Spec.w14DueTime, on: scheduler, latest: true)
            .subscribe(next: { tally.add($0) })
        for i in 0..<n {
            subject.send(value: i)
            scheduler.advance(by: w14Gap(i))
        }
        subject.sendCompleted()
        d.dispose()
        return tally.sum
    }

    /// W17: subject → `timeout` on a `TestScheduler` → subscriber; a value every millisecond,
    /// each restarting the clock of `w14DueTime`, so it never runs out.
    @inline(never)
    public static func w17(_ n: Int) -> Int {
        let tally = Tally()
        let scheduler = TestScheduler()
        let subject = Subject<Int, Never>()
        let d = subject.signal
            .timeout(Spec.w14DueTime, on: scheduler, switchTo: .just(-1))
            .subscribe(next: { tally.add($0) })
        for i in 0..<n {
            subject.send(value: i)
            scheduler.advance(by: .milliseconds(1))
        }
        subject.sendCompleted()
        d.dispose()
        return tally.sum
    }

    /// W23: W14, W16 or W17 with one difference: the operator is given the `TestScheduler`
    /// held as `any Scheduler`, as a server or a view model holds it.
    @inline(never)
    public static func w23(_ kind: W23, _ n: Int) -> Int {
        let tally = Tally()
        let scheduler = TestScheduler()
        let held = heldAsAnyScheduler(scheduler)
        let subject = Subject<Int, Never>()
        let signal: IntSignal = switch kind {
        case .debounce: subject.signal.debounce(Spec.w14DueTime, on: held)
        case .throttle: subject.signal.throttle(Spec.w14DueTime, on: held, latest: true)
        case .timeout: subject.signal.timeout(Spec.w14DueTime, on: held, switchTo: .just(-1))
        }
        let d = signal.subscribe(next: { tally.add($0) })
        for i in 0..<n {
            subject.send(value: i)
            scheduler.advance(by: kind == .timeout ? .milliseconds(1) : w14Gap(i))
        }
        subject.sendCompleted()
        d.dispose()
        return tally.sum
    }

    /// The scheduler as `any Scheduler`, out of the optimizer's sight (as one kept in a stored
    /// property of another module would be), so that W23's operators cannot see its type.
    @inline(never) @_optimize(none)
    static func heldAsAnyScheduler(_ scheduler: TestScheduler) -> any Scheduler { scheduler }

    /// W18: `from(0..<n)` → a user's `pairwise` from another module, plain → subscriber.
    @inline(never)
    public static func w18Plain(_ n: Int) -> Int {
        let tally = Tally()
        IntSignal.from(0..<n).pairwisePlain().subscribe(next: { tally.add($0.0 &+ $0.1) })
        return tally.sum
    }

    /// W18: the same, `@inlinable`.
    @inline(never)
    public static func w18Inlinable(_ n: Int) -> Int {
        let tally = Tally()
        IntSignal.from(0..<n).pairwiseInlinable().subscribe(next: { tally.add($0.0 &+ $0.1) })
        return tally.sum
    }

    /// W18: the built-in `combinePrevious`, skipping its first pair (with the seed) as
    /// `pairwise` has none.
    @inline(never)
    public static func w18Builtin(_ n: Int) -> Int {
        let tally = Tally()
        IntSignal.from(0..<n).combinePrevious(-1).subscribe(next: { if $0.0 >= 0 { tally.add($0.0 &+ $0.1) } })
        return tally.sum
    }

    /// W15: `combineLatest` of an array of `sources` subjects; `sends` sends round-robin.
    @inline(never)
    public static func w15(sources: Int, sends: Int) -> Int {
        let tally = Tally()
        let subjects = (0..<sources).map { _ in Subject<Int, Never>() }
        let d = Signal<[Int], Never>.combineLatest(subjects.map(\.signal))
            .subscribe(next: { tally.add($0[0] &+ $0[$0.count &- 1]) })
        for i in 0..<sends { subjects[i % sources].send(value: i) }
        d.dispose()
        return tally.sum
    }

    /// W9b: `switchToLatest` of a subject of subjects: per inner, the outer sends a new inner
    /// subject's signal, then that inner sends one value.
    @inline(never)
    public static func w9b(_ n: Int) -> Int {
        let tally = Tally()
        let outer = Subject<IntSignal, Never>()
        let d = outer.signal.switchToLatest().subscribe(next: { tally.add($0) })
        for i in 0..<n {
            let inner = Subject<Int, Never>()
            outer.send(value: inner.signal)
            inner.send(value: i)
        }
        d.dispose()
        return tally.sum
    }

    /// W14-clock: W14's sends and clock on a `TestScheduler`, without a signal: each send
    /// cancels the pending timer and schedules a new one, as `debounce` does.
    @inline(never)
    public static func w14Clock(_ n: Int) -> Int {
        let tally = Tally()
        let scheduler = TestScheduler()
        var pending: (any Disposable)?
        for i in 0..<n {
            pending?.dispose()
            pending = scheduler.schedule(after: Spec.w14DueTime) { tally.add(i) }
            scheduler.advance(by: w14Gap(i))
        }
        scheduler.run()
        return tally.sum
    }

    /// W19: one operator that holds a collection, at size n (see `W19`). Checksums: the sum of
    /// the values received (groupBy, zip's pairs, window), or of what each source or subscriber
    /// received.
    @inline(never)
    public static func w19(_ op: W19, _ n: Int) -> Int? {
        let tally = Tally()
        switch op {
        case .groupBy:
            let d = IntSignal.from(0..<n).groupBy { $0 % max(n, 1) }.flatten(.merge)
                .subscribe(next: { tally.add($0) })
            d.dispose()
        case .merge:
            let subjects = (0..<n).map { _ in Subject<Int, Never>() }
            let d = IntSignal.merge(subjects.map(\.signal)).subscribe(next: { tally.add($0) })
            for (i, subject) in subjects.enumerated() { subject.send(value: i) }
            d.dispose()
        case .combineLatest:
            let subjects = (0..<n).map { _ in Subject<Int, Never>() }
            let d = Signal<[Int], Never>.combineLatest(subjects.map(\.signal))
                .subscribe(next: { tally.add($0[$0.count &- 1]) })
            for (i, subject) in subjects.enumerated() { subject.send(value: i) }
            d.dispose()
        case .zip:
            let d = Signal<(Int, Int), Never>.zip(IntSignal.from(0..<n), IntSignal.from(0..<n))
                .subscribe(next: { tally.add($0.0) })
            d.dispose()
        case .share, .shareReplay:
            let subject = Subject<Int, Never>()
            let shared = op == .share ? subject.signal.share() : subject.signal.share(replay: 1)
            let ds = (0..<n).map { i in shared.subscribe(next: { tally.add($0 &+ i) }) }
            subject.send(value: 0)
            for d in ds { d.dispose() }
        case .window:
            let d = IntSignal.from(0..<n).window(count: 10).flatten(.merge).subscribe(next: { tally.add($0) })
            d.dispose()
        case .compound, .compoundReverse:
            let compound = CompoundDisposable()
            let parts = (0..<n).map { i in AnyDisposable { tally.add(i) } }
            for part in parts { compound.add(part) }
            for part in op == .compound ? parts : parts.reversed() { compound.remove(part) }
            for part in parts { part.dispose() }
            compound.dispose()
        case .subject, .subjectReverse, .replaySubjectReverse, .behaviorSubjectReverse:
            let subject = Subject<Int, Never>()
            let replaying = ReplaySubject<Int, Never>(capacity: 1)
            let behavior = BehaviorSubject<Int, Never>(value: 0)
            let signal = switch op {
            case .replaySubjectReverse: replaying.signal
            case .behaviorSubjectReverse: behavior.signal
            default: subject.signal
            }
            var ds = (0..<n).map { i in signal.subscribe(next: { tally.add($0 &+ i) }) }
            // The behavior subject has sent its value 0 to each subscriber already: no send.
            subject.send(value: 0)
            replaying.send(value: 0)
            if op != .subject { ds.reverse() }
            for d in ds { d.dispose() }
        }
        return tally.sum
    }
}

extension Sig {
    /// W22: a composed driver — a subject's `driver()`, then `map`, `filter`, `map` — shared
    /// after every operator (today's drivers), as a recipe each subscriber runs, or as that
    /// recipe shared once at its end. Subscribers read `.signal` (plain closures). Run on the
    /// main thread, where the driver's hop delivers inline (elsewhere every value would wait
    /// for a turn of the main queue, and the checksum would be wrong).
    /// Per send: two subscribers, n sends. Per subscription: subscribe, one send, dispose.
    @inline(never)
    public static func w22(_ kind: W22, _ n: Int) -> Int {
        let tally = Tally()
        let subject = Subject<Int, Never>()
        let driver = subject.signal.driver()
        let chain: IntSignal
        switch kind {
        case .shared, .subscribeShared:
            chain = driver.map { $0 &* 2 }.filter { $0 % 3 == 0 }.map { $0 &+ 1 }.signal
        case .recipe, .subscribeRecipe:
            chain = driver.signal.map { $0 &* 2 }.filter { $0 % 3 == 0 }.map { $0 &+ 1 }
        case .sharedOnce:
            chain = driver.signal.map { $0 &* 2 }.filter { $0 % 3 == 0 }.map { $0 &+ 1 }.driver().signal
        }
        if kind.isSubscription {
            for i in 0..<n {
                let d = chain.subscribe(next: { tally.add($0) })
                subject.send(value: i)
                d.dispose()
            }
        } else {
            let a = chain.subscribe(next: { tally.add($0) })
            let b = chain.subscribe(next: { tally.add($0) })
            for i in 0..<n { subject.send(value: i) }
            a.dispose()
            b.dispose()
        }
        return tally.sum
    }
}
