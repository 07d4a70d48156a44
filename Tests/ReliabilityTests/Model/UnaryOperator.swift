// The one-operand operators of fuzzed pipelines (`Pipeline.unary`), with their generated
// arguments, their meaning in the model, and how they print.

/// The two-argument functions `scan` and `reduce` are generated with.
enum Accumulator: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// `.int(sum(acc) + sum(v))`.
    case sum
    /// `[acc, v]`: keeps the whole history, so the output shows every step.
    case pair
    /// `v`.
    case latest
    /// `acc`.
    case seed

    func callAsFunction(_ accumulated: DValue, _ value: DValue) -> DValue {
        switch self {
        case .sum: .int(accumulated.leafSum &+ value.leafSum)
        case .pair: .array([accumulated, value])
        case .latest: value
        case .seed: accumulated
        }
    }

    var description: String {
        switch self {
        case .sum: "{ sum($0) + sum($1) }"
        case .pair: "{ [$0, $1] }"
        case .latest: "{ $1 }"
        case .seed: "{ acc, _ in acc }"
        }
    }
}

/// The "same value" relations `distinctUntilChanged(by:)` is generated with. `closeSums` is
/// not transitive, so comparing with the last emitted value and with the last received
/// value give different outputs.
enum Sameness: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case sameSum, sameParity, closeSums, always, never

    func callAsFunction(_ a: DValue, _ b: DValue) -> Bool {
        switch self {
        case .sameSum: a.leafSum == b.leafSum
        case .sameParity: (a.leafSum &- b.leafSum) % 2 == 0
        case .closeSums: (-1...1).contains(a.leafSum &- b.leafSum)
        case .always: true
        case .never: false
        }
    }

    var description: String {
        switch self {
        case .sameSum: "{ sum($0) == sum($1) }"
        case .sameParity: "{ sum($0) and sum($1) have the same parity }"
        case .closeSums: "{ |sum($0) - sum($1)| <= 1 }"
        case .always: "{ _, _ in true }"
        case .never: "{ _, _ in false }"
        }
    }
}

/// An operator with one operand. Booleans are emitted as `.int(1)` / `.int(0)`, arrays and
/// tuples as `.array`.
enum UnaryOperator: Hashable, Sendable, CustomStringConvertible {
    /// `compactMap { isIncluded($0) ? transform($0) : nil }`.
    case compactMap(Predicate, MapFunction)
    /// `scan(seed, f)`, or `scan(into: seed) { $0 = f($0, $1) }` when `into`.
    case scan(DValue, Accumulator, into: Bool)
    case reduce(DValue, Accumulator)
    /// `scan(f)`: no seed, the first value starts the accumulation.
    case scanWithoutSeed(Accumulator)
    /// `pairwise().map { [$0, $1] }`.
    case pairwise
    /// `enumerated().map { [offset, element] }`.
    case enumerated
    /// `chunked(on: k).map { [key, values] }`.
    case chunkedOn(MapFunction)
    case collect
    case collectCount(Int)
    /// `combinePrevious(initial).map { [$0, $1] }`.
    case combinePrevious(DValue)
    case take(Int)
    case takeWhile(Predicate)
    /// `take(while: p, inclusive: true)`.
    case takeWhileInclusive(Predicate)
    case takeLast(Int)
    case skip(Int)
    case skipWhile(Predicate)
    case distinctUntilChanged
    case distinctUntilChangedBy(Sameness)
    case first
    case firstWhere(Predicate)
    case last
    case replaceEmpty(DValue)
    case count
    case allSatisfy(Predicate)
    case containsWhere(Predicate)
    case ignoreValues
    /// `mapError { TestError($0.code + k) }`.
    case mapError(Int)
    /// `startWith(v1, v2, ...)`.
    case startWith([DValue])
    /// `replaceError(with: v).promoteError()`.
    case replaceError(DValue)
    case retry(Int)
    case `repeat`(Int)
    /// `let s = p.share()` (`replay` 0), `p.share(replay: n)` or `p.replayLazily(upTo: n)`,
    /// then `Signal.merge` of `copies` subscriptions to `s`; a fresh `s` for each subscription
    /// to the node (`deferred`), so that the node, like every other, sends the same events to
    /// every subscription.
    case shared(replay: Int, lazily: Bool, copies: Int)
    /// `groupBy { k($0) }.flatten(.merge)`: the source again (the law).
    case groupByMerge(MapFunction)
    /// `window(count: n).flatten(.concat)`: the source again (the law).
    case windowConcat(Int)

    /// The model's output for the operand's trace.
    func modelTrace(_ source: Trace) -> Trace {
        switch self {
        case .compactMap(let isIncluded, let transform):
            Model.compactMap(source) { isIncluded($0) ? transform($0) : nil }
        case .scan(let seed, let f, _): Model.scan(source, seed, f.callAsFunction)
        case .reduce(let seed, let f): Model.reduce(source, seed, f.callAsFunction)
        case .scanWithoutSeed(let f): Model.scan(source, f.callAsFunction)
        case .pairwise: Model.pairwise(source)
        case .enumerated: Model.enumerated(source)
        case .chunkedOn(let key): Model.chunked(source, on: key.callAsFunction)
        case .collect: Model.collect(source)
        case .collectCount(let n): Model.collect(source, count: n)
        case .combinePrevious(let initial): Model.combinePrevious(source, initial)
        case .take(let n): Model.take(source, n)
        case .takeWhile(let p): Model.take(source, while: p.callAsFunction)
        case .takeWhileInclusive(let p): Model.take(source, whileInclusive: p.callAsFunction)
        case .takeLast(let n): Model.takeLast(source, n)
        case .skip(let n): Model.skip(source, n)
        case .skipWhile(let p): Model.skip(source, while: p.callAsFunction)
        case .distinctUntilChanged: Model.distinctUntilChanged(source, by: ==)
        case .distinctUntilChangedBy(let same): Model.distinctUntilChanged(source, by: same.callAsFunction)
        case .first: Model.first(source) { _ in true }
        case .firstWhere(let p): Model.first(source, where: p.callAsFunction)
        case .last: Model.last(source)
        case .replaceEmpty(let value): Model.replaceEmpty(source, with: value)
        case .count: Model.count(source)
        case .allSatisfy(let p): Model.allSatisfy(source, p.callAsFunction)
        case .containsWhere(let p): Model.contains(source, where: p.callAsFunction)
        case .ignoreValues: Model.ignoreValues(source)
        case .mapError(let k): Model.mapError(source) { TestError($0.code + k) }
        case .startWith(let values): values.map(MEvent.next) + source
        case .replaceError(let value): Model.replaceError(source, with: value)
        case .retry(let n): Model.retry(source, n)
        case .repeat(let n): Model.repeat(source, n)
        case .shared(let replay, let lazily, let copies): Model.shared(source, replay: replay, keepsCache: lazily, copies: copies)
        case .groupByMerge, .windowConcat: source
        }
    }

    /// The name of the generator row that makes this operator.
    var name: String {
        switch self {
        case .compactMap: "compactMap"
        case .scan: "scan"
        case .reduce: "reduce"
        case .scanWithoutSeed: "scanWithoutSeed"
        case .pairwise: "pairwise"
        case .enumerated: "enumerated"
        case .chunkedOn: "chunkedOn"
        case .collect: "collect"
        case .collectCount: "collectCount"
        case .combinePrevious: "combinePrevious"
        case .take: "take"
        case .takeWhile: "takeWhile"
        case .takeWhileInclusive: "takeWhileInclusive"
        case .takeLast: "takeLast"
        case .skip: "skip"
        case .skipWhile: "skipWhile"
        case .distinctUntilChanged: "distinctUntilChanged"
        case .distinctUntilChangedBy: "distinctUntilChangedBy"
        case .first: "first"
        case .firstWhere: "firstWhere"
        case .last: "last"
        case .replaceEmpty: "replaceEmpty"
        case .count: "count"
        case .allSatisfy: "allSatisfy"
        case .containsWhere: "containsWhere"
        case .ignoreValues: "ignoreValues"
        case .mapError: "mapError"
        case .startWith: "startWith"
        case .replaceError: "replaceError"
        case .retry: "retry"
        case .repeat: "repeat"
        case .shared(let replay, let lazily, _): lazily ? "replayLazily" : replay == 0 ? "share" : "shareReplay"
        case .groupByMerge: "groupByMerge"
        case .windowConcat: "windowConcat"
        }
    }

    /// Simpler arguments for the same operator, for the shrinker.
    var simpler: [UnaryOperator] {
        switch self {
        case .compactMap(let p, let f):
            (p == .always ? [] : [.compactMap(.always, f)]) + (f == .add(0) ? [] : [.compactMap(p, .add(0))])
        case .scan(let seed, let f, let into): into ? [.scan(seed, f, into: false)] : []
        case .take(let n) where n > 1: [.take(n - 1)]
        case .takeLast(let n) where n > 1: [.takeLast(n - 1)]
        case .skip(let n) where n > 0: [.skip(n - 1)]
        case .collectCount(let n) where n > 1: [.collectCount(n - 1)]
        case .startWith(let values) where !values.isEmpty: [.startWith(Array(values.dropLast()))]
        case .retry(let n) where n > 0: [.retry(n - 1)]
        case .repeat(let n) where n > 1: [.repeat(n - 1)]
        case .groupByMerge(let k) where k != .constant(0): [.groupByMerge(.constant(0))]
        case .windowConcat(let n) where n > 1: [.windowConcat(n - 1)]
        case .shared(let replay, let lazily, let copies) where copies > 1:
            [.shared(replay: replay, lazily: lazily, copies: copies - 1)]
        default: []
        }
    }

    var description: String {
        switch self {
        case .compactMap(let p, let f): "compactMap { \(p)($0) ? \(f)($0) : nil }"
        case .scan(let seed, let f, false): "scan(\(seed), \(f))"
        case .scan(let seed, let f, true): "scan(into: \(seed)) { $0 = \(f)($0, $1) }"
        case .reduce(let seed, let f): "reduce(\(seed), \(f))"
        case .scanWithoutSeed(let f): "scan(\(f))"
        case .pairwise: "pairwise()"
        case .enumerated: "enumerated()"
        case .chunkedOn(let key): "chunked(on: \(key))"
        case .collect: "collect()"
        case .collectCount(let n): "collect(count: \(n))"
        case .combinePrevious(let initial): "combinePrevious(\(initial))"
        case .take(let n): "take(\(n))"
        case .takeWhile(let p): "take(while: \(p))"
        case .takeWhileInclusive(let p): "take(while: \(p), inclusive: true)"
        case .takeLast(let n): "takeLast(\(n))"
        case .skip(let n): "skip(\(n))"
        case .skipWhile(let p): "skip(while: \(p))"
        case .distinctUntilChanged: "distinctUntilChanged()"
        case .distinctUntilChangedBy(let same): "distinctUntilChanged(by: \(same))"
        case .first: "first()"
        case .firstWhere(let p): "first(where: \(p))"
        case .last: "last()"
        case .replaceEmpty(let value): "replaceEmpty(with: \(value))"
        case .count: "count()"
        case .allSatisfy(let p): "allSatisfy(\(p))"
        case .containsWhere(let p): "contains(where: \(p))"
        case .ignoreValues: "ignoreValues()"
        case .mapError(let k): "mapError { e($0.code + \(k)) }"
        case .startWith(let values): "startWith(\(values.map(\.description).joined(separator: ", ")))"
        case .replaceError(let value): "replaceError(with: \(value))"
        case .retry(let n): "retry(\(n))"
        case .repeat(let n): "repeat(\(n))"
        case .shared(let replay, let lazily, let copies):
            "\(lazily ? "replayLazily(upTo: \(replay))" : replay == 0 ? "share()" : "share(replay: \(replay))") merged \(copies) times"
        case .groupByMerge(let k): "groupBy { \(k)($0) }.flatten(.merge)"
        case .windowConcat(let n): "window(count: \(n)).flatten(.concat)"
        }
    }
}

/// An operator with two operands: the signal it is called on and another one (a trigger, a
/// follow-up, ...). A trigger must not fail, so the interpreter feeds it the operand's
/// values only (`materialize().compactMap(\.value)`): a failing trigger pipeline acts as one
/// that completes.
enum BinaryOperator: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// `a.skip(until: b)`.
    case skipUntil
    /// `a.take(until: b)`.
    case takeUntil
    /// `a.then(b)`.
    case then
    /// `a.startWith(b)`.
    case startWithSignal
    /// `a.zip(with: b)`, pairs as `.array`.
    case zipWith

    /// The model's output for the operands' traces.
    func modelTrace(_ a: Trace, _ b: Trace) -> Trace {
        switch self {
        case .skipUntil: Model.skip(a, untilTrigger: b)
        case .takeUntil: Model.take(a, untilTrigger: b)
        case .then: Model.then(a, b)
        case .startWithSignal: Model.concat([b, a])
        case .zipWith: Model.zip([a, b])
        }
    }

    var name: String {
        switch self {
        case .skipUntil: "skipUntil"
        case .takeUntil: "takeUntil"
        case .then: "then"
        case .startWithSignal: "startWithSignal"
        case .zipWith: "zipWith"
        }
    }

    func spell(_ a: Pipeline, _ b: Pipeline) -> String {
        switch self {
        case .skipUntil: "\(a).skip(until: \(b))"
        case .takeUntil: "\(a).take(until: \(b))"
        case .then: "\(a).then(\(b))"
        case .startWithSignal: "\(a).startWith(\(b))"
        case .zipWith: "\(a).zip(with: \(b))"
        }
    }

    var description: String { name }
}
