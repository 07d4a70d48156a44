// The sizes of the workloads, shared by the Signals, OpenCombine and floor versions,
// by the benchmark targets and (through the benchmark names) by compare.sh.
//
// A benchmark is named "<case id> <implementation> n=<units>", e.g. "W1 signals n=1000000":
// compare.sh divides the time and the malloc count of one iteration by <units> to report
// them per unit.

import Foundation

public enum Spec {
    /// Every size below is divided by this (environment `WORKLOAD_DIVISOR`, default 1), to run the
    /// cases small under a profiler: `WORKLOAD_DIVISOR=100 valgrind --tool=callgrind
    /// .build/release/workload-run signals W6`. compare.sh always runs the full sizes.
    public static let divisor = max(1, Int(ProcessInfo.processInfo.environment["WORKLOAD_DIVISOR"] ?? "") ?? 1)
    private static func sized(_ n: Int) -> Int { max(1, n / divisor) }

    /// W1: `from(0..<n)` → map → filter → map, summed (per source value).
    public static let w1Values = sized(1_000_000)
    /// W2: a subject → map → filter → subscriber (per send).
    public static let w2Sends = sized(1_000_000)
    /// W3 / W3b: `from(0..<n).flattenMap { just($0) }` / `{ from([$0]) }` (per value).
    public static let w3Values = sized(1_000_000)
    /// W4: merge of `w4Sources` sources each emitting `w4ValuesPerSource` values (per value).
    public static let w4Sources = sized(10_000)
    public static let w4ValuesPerSource = 10
    /// W5: concat of K single-value sources from an array (per source).
    public static let w5ArrayKs = [1_000, 10_000, 100_000, 1_000_000].map(sized)
    /// W5: a left fold of K binary concats (per source).
    public static let w5FoldKs = [1_000, 2_000, 4_000, 10_000, 100_000].map(sized)
    /// W6: combineLatest of two subjects, alternating sends (per send).
    public static let w6Sends = sized(1_000_000)
    /// W7: subscribe to `just(1).map { $0 + 1 }` and dispose (per subscription).
    public static let w7Subscriptions = sized(1_000_000)
    /// W8: two threads each sending `w8SendsPerThread` values into two merged subjects (per value).
    public static let w8SendsPerThread = sized(500_000)
    /// W7b: subscribe to `subject.signal.map.filter` and dispose (per subscription): a live subscription.
    public static let w7bSubscriptions = sized(1_000_000)
    /// W9: `switchToLatest` over synchronous inners of 2 values each (per inner).
    public static let w9Inners = sized(1_000_000)
    /// W10: `zip` of two `from(0..<n)` (per pair).
    public static let w10Pairs = sized(1_000_000)
    /// W11: subject → scan → distinctUntilChanged → take(n) (per send).
    public static let w11Sends = sized(1_000_000)
    /// W12: `share(replay: 1)` fan-out to `w12Subscribers` subscribers, `w12Sends` sends (per delivery).
    public static let w12Subscribers = 100
    public static let w12Sends = sized(100_000)
    /// W14: `debounce(w14DueTime)` under a `TestScheduler`, sends in bursts of `w14Burst`
    /// (per send): see `w14Gap`.
    public static let w14Sends = sized(1_000_000)
    public static let w14DueTime = Duration.milliseconds(10)
    public static let w14Burst = 8
    /// W16: `throttle(w14DueTime, latest: true)` under a `TestScheduler`, W14's bursts (per send).
    public static let w16Sends = sized(1_000_000)
    /// W17: `timeout(w14DueTime)` restarted by every value, one value every millisecond on a
    /// `TestScheduler` (per value).
    public static let w17Values = sized(1_000_000)
    /// W18: `from(0..<n)` → `pairwise` (a user's operator, plain / `@inlinable`) or the built-in
    /// `combinePrevious` → subscriber (per value).
    public static let w18Values = sized(1_000_000)
    /// W15: `combineLatest` of an array of N subjects, N = 10 and 1,000; sends round-robin (per send).
    public static let w15Sources = [10, 1_000]
    public static let w15Sends = sized(1_000_000)
    /// W9b: `switchToLatest` of a subject of subjects: the outer sends a new inner subject,
    /// then the inner sends one value (per inner).
    public static let w9bInners = sized(1_000_000)
    /// W14-clock: W14's sends on the `TestScheduler` alone, without a signal: per send, the
    /// previous timer cancelled, a new one scheduled, the clock advanced (the floor of the
    /// virtual clock under debounce).
    public static let w14ClockSends = sized(1_000_000)
    /// W19: how cost grows with N. Each operator that holds a collection runs at N and 16·N
    /// (per unit, the two should agree within 1.5×); not divided (the sizes are the point).
    public static let w19Sizes = [1_000, 16_000]
    /// W19's groupBy also runs at this many keys, to show that it finishes.
    public static let w19GroupByLarge = 100_000
    /// W21: the Combine bridge. A Signals subject → `signal.publisher` → OpenCombine's `sink`
    /// (unlimited demand), against OpenCombine's own `PassthroughSubject` → `sink` (per send).
    public static let w21Sends = sized(1_000_000)
    /// W22: a composed driver with two subscribers, n sends (per send).
    public static let w22Sends = sized(100_000)
    /// W22: subscribe to a composed driver and dispose, n times (per subscription).
    public static let w22Subscriptions = sized(100_000)
    /// W23: W14's, W16's and W17's sends (per send), the scheduler held as `any Scheduler`.
    public static let w23Sends = sized(1_000_000)
}

/// W23's cases: W14 (`debounce`), W16 (`throttle(latest: true)`) and W17 (`timeout`) as they are,
/// with one difference: the operator is given the `TestScheduler` held as `any Scheduler` (how a
/// server or a testable view model keeps its scheduler). Each is compared with its own row.
public enum W23: String, CaseIterable, Sendable {
    /// W14 with the scheduler held as `any Scheduler` (per send).
    case debounce
    /// W16 with the scheduler held as `any Scheduler` (per send).
    case throttle
    /// W17 with the scheduler held as `any Scheduler` (per value).
    case timeout

    /// The row the case is compared with: the same workload on the concrete `TestScheduler`.
    public var concreteRow: String {
        switch self {
        case .debounce: "W14"
        case .throttle: "W16"
        case .timeout: "W17"
        }
    }
}

/// W22's cases: a composed driver — a subject's `driver()`, then `map`, `filter`, `map` — as
/// drivers are now (shared after every operator) beside the two ways it could be built before:
/// a recipe each subscriber runs, and that recipe ended by one `driver()` (the old workaround).
/// Run on the main thread (the main queue's thread), where a driver delivers inline.
public enum W22: String, CaseIterable, Sendable {
    /// Shared after every operator (today's drivers): two subscribers, one run of the chain (per send).
    case shared
    /// The chain as a recipe, unshared: two subscribers, two runs of the chain (per send).
    case recipe
    /// The recipe shared once at its end by `driver()`: two subscribers, one run (per send).
    case sharedOnce = "shared-once"
    /// Subscribe to today's composed driver (four shared stages connect) and dispose (per subscription).
    case subscribeShared = "subscribe-shared"
    /// Subscribe to the recipe (one shared stage connects) and dispose (per subscription).
    case subscribeRecipe = "subscribe-recipe"

    public var isSubscription: Bool { self == .subscribeShared || self == .subscribeRecipe }
}

/// W19's operators: each is run at every size in `Spec.w19Sizes` (see the implementations
/// for what one unit is).
public enum W19: String, CaseIterable, Sendable {
    /// `from(0..<n).groupBy { $0 % n }.flatten(.merge)`: n keys, one value each (per key).
    case groupBy
    /// `merge` of n subjects: subscribe, one send into each, dispose (per source).
    case merge
    /// `combineLatest` of an array of n subjects: subscribe, one send into each, dispose (per source).
    case combineLatest
    /// `zip` of two `from(0..<n)`: the first is buffered whole, then paired (per pair).
    case zip
    /// `share()` of a subject: n subscribers join, one send, all leave (per subscriber).
    case share
    /// `share(replay: 1)` of a subject: as `share` (per subscriber).
    case shareReplay = "share-replay"
    /// `from(0..<n).window(count: 10).flatten(.merge)` (per value).
    case window
    /// `CompoundDisposable`: n disposables added, then each removed, in order (per disposable).
    case compound = "CompoundDisposable"
    /// `CompoundDisposable`: n disposables added, then each removed, last first (per disposable).
    case compoundReverse = "CompoundDisposable-reverse"
    /// A `Subject`: n subscribers join, one send, all leave in order (per subscriber).
    case subject = "Subject"
    /// A `Subject`: n subscribers join, one send, all leave, last first (per subscriber).
    case subjectReverse = "Subject-reverse"
    /// A `ReplaySubject(capacity: 1)`: n subscribers join, one send, all leave, last first (per subscriber).
    case replaySubjectReverse = "ReplaySubject-reverse"
    /// A `BehaviorSubject`: n subscribers join, one send, all leave, last first (per subscriber).
    case behaviorSubjectReverse = "BehaviorSubject-reverse"
}

/// The checksums the workloads return: they must agree between the three implementations
/// (compare.sh's `verify` step checks them), and they keep the optimizer honest.
public enum Expected {
    public static func w1(_ n: Int) -> Int {
        var sum = 0
        for i in 0..<n { let a = i &* 2; if a % 3 == 0 { sum &+= a &+ 1 } }
        return sum
    }
    public static func sumOfRange(_ n: Int) -> Int { n &* (n &- 1) / 2 }
}

/// W11's accumulator: counts the odd values seen, so that about half of the running results
/// repeat the previous one (which `distinctUntilChanged` drops).
@inline(__always) public func w11Step(_ count: Int, _ value: Int) -> Int { count &+ (value & 1) }

/// W14's virtual time between send `i` and the next: 1 ms inside a burst (the pending value's
/// timer is rescheduled by the next send), the due time after the last send of a burst (its
/// value comes through).
@inline(__always) public func w14Gap(_ i: Int) -> Duration {
    i % Spec.w14Burst == Spec.w14Burst &- 1 ? Spec.w14DueTime : .milliseconds(1)
}

/// W7b's and W12's sink-side object in the floor: what a subscription must at least allocate.
public final class FloorObserver: @unchecked Sendable {  // used on one thread
    public let send: (Int) -> Void
    public init(_ send: @escaping (Int) -> Void) { self.send = send }
}

/// A sink's state. Every library under test serialises the calls to one subscriber
/// (Signals' bind and OpenCombine's operators both guarantee it), so a plain class is enough
/// on one thread; W8 uses `LockedTally` instead.
///
/// `@exclusivity(unchecked)`: the sink is the same for all three implementations, and dynamic
/// exclusivity checks (~75 instructions per access) would dominate the floor.
public final class Tally: @unchecked Sendable {  // accessed serially: see above
    @exclusivity(unchecked) public var sum = 0
    @exclusivity(unchecked) public var count = 0
    public init() {}
    @inline(__always) public func add(_ value: Int) { sum &+= value; count &+= 1 }
}

/// The W8 sink: two producer threads, one subscriber; counts under a lock so that a lost or
/// duplicated value shows up whatever the library does.
public final class LockedTally: @unchecked Sendable {  // all state behind a lock
    private let lock = NSLock()
    private var _sum = 0
    private var _count = 0
    public init() {}
    @inline(__always) public func add(_ value: Int) {
        lock.lock(); _sum &+= value; _count &+= 1; lock.unlock()
    }
    public var sum: Int { lock.lock(); defer { lock.unlock() }; return _sum }
    public var count: Int { lock.lock(); defer { lock.unlock() }; return _count }
}

/// Wraps a non-Sendable value (an OpenCombine subject) to hand it to a thread whose use of it
/// is serialised by the library under test.
public struct UncheckedSendable<T>: @unchecked Sendable {  // the wrapped object is thread-safe (a subject)
    public let value: T
    public init(_ value: T) { self.value = value }
}

/// Runs two closures on two new threads at once and returns when both are done.
public func onTwoThreads(_ first: @escaping @Sendable () -> Void, _ second: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    let start = DispatchSemaphore(value: 0)
    for body in [first, second] {
        let thread = Thread {
            start.wait()
            body()
            done.signal()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }
    start.signal(); start.signal()
    done.wait(); done.wait()
}

/// Hides a value from the optimizer, so that the floor really calls its closures.
@inline(never) @_optimize(none)
public func opaque<T>(_ value: T) -> T { value }

/// One implementation of every workload (Signals, OpenCombine or the floor).
/// Each function returns a checksum (the sum of the values the subscriber received).
public struct Implementation: Sendable {
    public var w1: @Sendable (Int) -> Int
    public var w2: @Sendable (Int) -> Int
    public var w3: @Sendable (Int) -> Int
    public var w3b: @Sendable (Int) -> Int
    public var w4: @Sendable (_ sources: Int, _ valuesPerSource: Int) -> Int
    public var w5Array: @Sendable (Int) -> Int
    public var w5Fold: @Sendable (Int) -> Int
    public var w6: @Sendable (Int) -> Int
    public var w7: @Sendable (Int) -> Int
    public var w8: @Sendable (_ perThread: Int) -> (sum: Int, count: Int)
    public var w7b: @Sendable (Int) -> Int
    public var w9: @Sendable (Int) -> Int
    public var w10: @Sendable (Int) -> Int
    public var w11: @Sendable (Int) -> Int
    public var w12: @Sendable (_ subscribers: Int, _ sends: Int) -> Int
    public var w15: @Sendable (_ sources: Int, _ sends: Int) -> Int
    /// nil where the implementation has no equivalent (OpenCombine has no virtual-time scheduler).
    public var w14: (@Sendable (Int) -> Int)?
    public var w16: (@Sendable (Int) -> Int)?
    public var w17: (@Sendable (Int) -> Int)?
    /// W18's three versions: a user's `pairwise` plain, the same `@inlinable`, the built-in.
    public var w18Plain: (@Sendable (Int) -> Int)?
    public var w18Inlinable: (@Sendable (Int) -> Int)?
    public var w18Builtin: (@Sendable (Int) -> Int)?
    /// W9b: switch to latest over subject inners; nil where not written.
    public var w9b: (@Sendable (Int) -> Int)?
    /// W14-clock: the virtual clock alone (Signals' `TestScheduler`, and the floor's).
    public var w14Clock: (@Sendable (Int) -> Int)?
    /// W19: `(operator, n) -> checksum`; nil where not written (the operator is listed in `W19`).
    public var w19: (@Sendable (W19, Int) -> Int?)?
    /// W21: one value through the Combine bridge (Signals) or a `PassthroughSubject` (OpenCombine).
    public var w21: (@Sendable (Int) -> Int)?
    /// W22: `(case, n) -> checksum`; nil where not written (Signals' drivers and the floor only).
    public var w22: (@Sendable (W22, Int) -> Int)?
    /// W23: `(case, n) -> checksum`; nil where not written (Signals and the floor only).
    public var w23: (@Sendable (W23, Int) -> Int)?

    public init(
        w1: @escaping @Sendable (Int) -> Int, w2: @escaping @Sendable (Int) -> Int,
        w3: @escaping @Sendable (Int) -> Int, w3b: @escaping @Sendable (Int) -> Int,
        w4: @escaping @Sendable (Int, Int) -> Int,
        w5Array: @escaping @Sendable (Int) -> Int, w5Fold: @escaping @Sendable (Int) -> Int,
        w6: @escaping @Sendable (Int) -> Int, w7: @escaping @Sendable (Int) -> Int,
        w8: @escaping @Sendable (Int) -> (sum: Int, count: Int),
        w7b: @escaping @Sendable (Int) -> Int, w9: @escaping @Sendable (Int) -> Int,
        w10: @escaping @Sendable (Int) -> Int, w11: @escaping @Sendable (Int) -> Int,
        w12: @escaping @Sendable (Int, Int) -> Int, w15: @escaping @Sendable (Int, Int) -> Int,
        w14: (@Sendable (Int) -> Int)? = nil,
        w16: (@Sendable (Int) -> Int)? = nil, w17: (@Sendable (Int) -> Int)? = nil,
        w18Plain: (@Sendable (Int) -> Int)? = nil, w18Inlinable: (@Sendable (Int) -> Int)? = nil,
        w18Builtin: (@Sendable (Int) -> Int)? = nil,
        w9b: (@Sendable (Int) -> Int)? = nil, w14Clock: (@Sendable (Int) -> Int)? = nil,
        w19: (@Sendable (W19, Int) -> Int?)? = nil,
        w21: (@Sendable (Int) -> Int)? = nil,
        w22: (@Sendable (W22, Int) -> Int)? = nil,
        w23: (@Sendable (W23, Int) -> Int)? = nil
    ) {
        self.w1 = w1; self.w2 = w2; self.w3 = w3; self.w3b = w3b; self.w4 = w4
        self.w5Array = w5Array; self.w5Fold = w5Fold; self.w6 = w6; self.w7 = w7; self.w8 = w8
        self.w7b = w7b; self.w9 = w9; self.w10 = w10; self.w11 = w11; self.w12 = w12; self.w15 = w15
        self.w14 = w14; self.w16 = w16; self.w17 = w17
        self.w18Plain = w18Plain; self.w18Inlinable = w18Inlinable; self.w18Builtin = w18Builtin
        self.w9b = w9b; self.w14Clock = w14Clock; self.w19 = w19; self.w21 = w21; self.w22 = w22
        self.w23 = w23
    }

    /// One measured case: a workload at one size.
    public struct Case: Sendable {
        /// "W1", "W5-array K=1000", …
        public let id: String
        /// The number of units (values, sends, sources, subscriptions) one run handles.
        public let units: Int
        /// Runs the workload once; returns (checksum, number of values received or nil if not counted).
        public let run: @Sendable () -> (sum: Int, count: Int?)
    }

    /// Every case, in table order (a case whose closure is nil is left out).
    public var cases: [Case] {
        func c(_ id: String, _ units: Int, _ body: @escaping @Sendable () -> Int) -> Case {
            Case(id: id, units: units, run: { (body(), nil) })
        }
        var all: [Case] = [
            c("W1", Spec.w1Values) { w1(Spec.w1Values) },
            c("W2", Spec.w2Sends) { w2(Spec.w2Sends) },
            c("W3", Spec.w3Values) { w3(Spec.w3Values) },
            c("W3b", Spec.w3Values) { w3b(Spec.w3Values) },
            c("W4", Spec.w4Sources * Spec.w4ValuesPerSource) { w4(Spec.w4Sources, Spec.w4ValuesPerSource) },
        ]
        for k in Spec.w5ArrayKs { all.append(c("W5-array K=\(k)", k) { w5Array(k) }) }
        for k in Spec.w5FoldKs { all.append(c("W5-fold K=\(k)", k) { w5Fold(k) }) }
        all += [
            c("W6", Spec.w6Sends) { w6(Spec.w6Sends) },
            c("W7", Spec.w7Subscriptions) { w7(Spec.w7Subscriptions) },
            c("W7b", Spec.w7bSubscriptions) { w7b(Spec.w7bSubscriptions) },
            Case(id: "W8", units: 2 * Spec.w8SendsPerThread, run: {
                let r = w8(Spec.w8SendsPerThread); return (r.sum, r.count)
            }),
            c("W9", Spec.w9Inners) { w9(Spec.w9Inners) },
            c("W10", Spec.w10Pairs) { w10(Spec.w10Pairs) },
            c("W11", Spec.w11Sends) { w11(Spec.w11Sends) },
            c("W12", Spec.w12Subscribers * Spec.w12Sends) { w12(Spec.w12Subscribers, Spec.w12Sends) },
        ]
        if let w9b { all.append(c("W9b", Spec.w9bInners) { w9b(Spec.w9bInners) }) }
        if let w14 { all.append(c("W14", Spec.w14Sends) { w14(Spec.w14Sends) }) }
        if let w14Clock { all.append(c("W14-clock", Spec.w14ClockSends) { w14Clock(Spec.w14ClockSends) }) }
        if let w16 { all.append(c("W16", Spec.w16Sends) { w16(Spec.w16Sends) }) }
        if let w17 { all.append(c("W17", Spec.w17Values) { w17(Spec.w17Values) }) }
        if let w18Plain { all.append(c("W18 plain", Spec.w18Values) { w18Plain(Spec.w18Values) }) }
        if let w18Inlinable { all.append(c("W18 inlinable", Spec.w18Values) { w18Inlinable(Spec.w18Values) }) }
        if let w18Builtin { all.append(c("W18 builtin", Spec.w18Values) { w18Builtin(Spec.w18Values) }) }
        for n in Spec.w15Sources { all.append(c("W15 N=\(n)", Spec.w15Sends) { w15(n, Spec.w15Sends) }) }
        if let w21 { all.append(c("W21", Spec.w21Sends) { w21(Spec.w21Sends) }) }
        if let w19 {
            for op in W19.allCases {
                var sizes = Spec.w19Sizes
                if op == .groupBy { sizes.append(Spec.w19GroupByLarge) }
                for n in sizes where w19(op, 0) != nil {
                    all.append(c("W19 \(op.rawValue) N=\(n)", n) { w19(op, n) ?? 0 })
                }
            }
        }
        if let w22 {
            for kind in W22.allCases {
                let n = kind.isSubscription ? Spec.w22Subscriptions : Spec.w22Sends
                all.append(c("W22 \(kind.rawValue)", n) { w22(kind, n) })
            }
        }
        if let w23 {
            for kind in W23.allCases {
                all.append(c("W23 \(kind.rawValue)", Spec.w23Sends) { w23(kind, Spec.w23Sends) })
            }
        }
        return all
    }
}

/// The stack every measured run gets: 8 MiB, the size of a Linux or macOS main thread.
/// Running each case on its own thread of that size makes a stack overflow (OpenCombine's
/// concat chains) happen at the same depth in the benchmark runner and in the probe.
public let workloadStackSize = 8 << 20

private final class ResultBox<T>: @unchecked Sendable {  // written by the worker before `done.signal()`, read after `done.wait()`
    var value: T?
}

/// Runs `body` on a new thread with `workloadStackSize` of stack and returns its result.
public func runOnBigStack<T>(_ body: @escaping @Sendable () -> T) -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.value = body()
        done.signal()
    }
    thread.stackSize = workloadStackSize
    thread.start()
    done.wait()
    return box.value!
}

/// Runs `body`. Exists to mark the measured region for a profiler: profile.sh counts
/// instructions only inside this function (`valgrind --toggle-collect='*measuredRegion*'`).
@inline(never)
public func measuredRegion(_ body: () -> (sum: Int, count: Int?)) -> (sum: Int, count: Int?) {
    body()
}
