// A seeded generator of random pipelines over random synchronous sources.

import SignalsTestSupport

/// Generates pipelines of operator depth up to `maxDepth` and at most about `maxSize` nodes.
struct PipelineGenerator {
    var rng: SplitMix64
    var maxDepth = 6
    var maxSize = 14
    /// Operators not to generate (by their names in `operators`), e.g. to look past a known
    /// bug in a long run: `SIGNALS_FUZZ_EXCLUDE=concatAll`.
    let excluded: Set<String>
    /// The rows of `operators` that are not excluded.
    private let rows: [OperatorRow]
    private let totalWeight: Int
    private var budget = 0

    /// One operator the generator can produce: a name (for `SIGNALS_FUZZ_EXCLUDE`), how often
    /// it is drawn relative to the others, and how to build a node given the depth left for
    /// its operands. Adding an operator to the fuzzer is adding a row.
    struct OperatorRow: Sendable {
        let name: String
        var weight = 1
        let build: @Sendable (inout PipelineGenerator, _ below: Int) -> Pipeline
    }

    static let operatorNames = operators.map(\.name)

    init(seed: UInt64, maxDepth: Int = 6, maxSize: Int = 14, excluded: Set<String> = []) {
        rng = SplitMix64(seed: seed)
        self.maxDepth = maxDepth
        self.maxSize = maxSize
        self.excluded = excluded
        rows = Self.operators.filter { !excluded.contains($0.name) }
        totalWeight = rows.reduce(0) { $0 + $1.weight }
    }

    /// A fresh pipeline whose depth is drawn uniformly from `0...maxDepth`.
    mutating func pipeline() -> Pipeline {
        budget = maxSize
        let depth = Int.random(in: 0...maxDepth, using: &rng)
        return pipeline(depth: depth)
    }

    /// A source: 0 to 4 small values, then `completed` (60%), an error (20%) or nothing (20%).
    mutating func source() -> Source {
        var events: Trace = (0..<Int.random(in: 0...4, using: &rng)).map { _ in
            .next(.int(Int.random(in: 0...9, using: &rng)))
        }
        switch Int.random(in: 0..<10, using: &rng) {
        case 0..<6: events.append(.completed)
        case 6..<8: events.append(.error(TestError(Int.random(in: 1...3, using: &rng))))
        default: break
        }
        return Source(events: events, style: SourceStyle.allCases.randomElement(using: &rng)!)
    }

    private mutating func pipeline(depth: Int) -> Pipeline {
        budget -= 1
        if depth == 0 || budget <= 0 || rows.isEmpty { return .source(source()) }
        var draw = Int.random(in: 0..<totalWeight, using: &rng)
        for row in rows {
            if draw < row.weight { return row.build(&self, depth - 1) }
            draw -= row.weight
        }
        preconditionFailure("the draw is below the total weight")
    }

    /// A node with one operand, as deep as allowed.
    mutating func operand(_ below: Int) -> Pipeline { pipeline(depth: below) }

    mutating func list(depth: Int, count: ClosedRange<Int>) -> [Pipeline] {
        let n = Int.random(in: count, using: &rng)
        return (0..<n).map { index in pipeline(depth: index == 0 ? depth : Int.random(in: 0...depth, using: &rng)) }
    }

    mutating func family(depth: Int) -> InnerFamily {
        let n = Int.random(in: 1...3, using: &rng)
        let choices = (0..<n).map { _ in pipeline(depth: Int.random(in: 0...min(depth, 2), using: &rng)) }
        return InnerFamily(choices: choices, pairsWithValue: Bool.random(using: &rng))
    }

    mutating func mapFunction() -> MapFunction {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: .add(Int.random(in: 1...5, using: &rng))
        case 1: .wrap(Int.random(in: 0...3, using: &rng))
        case 2: .sum
        default: .constant(Int.random(in: 0...3, using: &rng))
        }
    }

    mutating func predicate() -> Predicate { Predicate.allCases.randomElement(using: &rng)! }
    mutating func smallValue() -> DValue { .int(Int.random(in: 0...3, using: &rng)) }
    mutating func count(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }

    /// A schedule for `count` hot sources: each source gets 0 to 4 values and a terminal event
    /// with the same odds as `source()`, and the sources' events are interleaved at random.
    /// Occasionally an event is sent after its source's terminal event (which must be ignored).
    mutating func schedule(count: Int) -> [(source: Int, event: MEvent)] {
        var perSource = (0..<count).map { _ in source().events }
        for index in perSource.indices where perSource[index].isTerminated && Int.random(in: 0..<8, using: &rng) == 0 {
            perSource[index].append(.next(.int(99)))
        }
        var schedule: [(source: Int, event: MEvent)] = []
        var cursors = [Int](repeating: 0, count: count)
        while true {
            let live = (0..<count).filter { cursors[$0] < perSource[$0].count }
            guard let index = live.randomElement(using: &rng) else { return schedule }
            schedule.append((index, perSource[index][cursors[index]]))
            cursors[index] += 1
        }
    }

    /// A schedule for `flatten`/`concat()` over subjects: source 0 is the outer signal, whose
    /// values `.int(k)` pick one of `innerCount` subjects (sources 1...innerCount).
    mutating func nestedSchedule(innerCount: Int) -> [(source: Int, event: MEvent)] {
        var schedule = self.schedule(count: innerCount + 1)
        for index in schedule.indices where schedule[index].source == 0 {
            if case .next = schedule[index].event {
                schedule[index].event = .next(.int(Int.random(in: 0..<innerCount, using: &rng)))
            }
        }
        return schedule
    }
}

extension PipelineGenerator {
    /// Every operator the fuzzer knows. Map is drawn more often so that long chains of
    /// operands at full depth occur.
    static let operators: [OperatorRow] = [
        OperatorRow(name: "map", weight: 3) { g, below in .map(g.operand(below), g.mapFunction()) },
        OperatorRow(name: "filter", weight: 2) { g, below in .filter(g.operand(below), g.predicate()) },
        OperatorRow(name: "flattenMap", weight: 2) { g, below in .flattenMap(g.operand(below), g.family(depth: below)) },
        OperatorRow(name: "flatten", weight: 2) { g, below in .flatten(g.operand(below), g.family(depth: below)) },
        OperatorRow(name: "concatAll", weight: 2) { g, below in .concatAll(g.operand(below), g.family(depth: below)) },
        OperatorRow(name: "merge", weight: 2) { g, below in
            .merge(g.list(depth: below, count: 0...4), ListForm.allCases.randomElement(using: &g.rng)!)
        },
        OperatorRow(name: "concat", weight: 2) { g, below in
            .concat(g.list(depth: below, count: 0...4), ListForm.allCases.randomElement(using: &g.rng)!)
        },
        OperatorRow(name: "combineLatest", weight: 2) { g, below in
            let form = CombineForm.allCases.randomElement(using: &g.rng)!
            let count = switch form {
            case .pair: 2
            case .pack: 3
            case .array: g.count(1...4)
            }
            return .combineLatest(g.list(depth: below, count: count...count), form)
        },
        OperatorRow(name: "materialize") { g, below in .materialize(g.operand(below)) },
        OperatorRow(name: "dematerialize") { g, below in .dematerialize(g.operand(below)) },
        // Transform.
        unary("compactMap") { g in .compactMap(g.predicate(), g.mapFunction()) },
        unary("scan") { g in .scan(g.smallValue(), Accumulator.allCases.randomElement(using: &g.rng)!, into: Bool.random(using: &g.rng)) },
        unary("reduce") { g in .reduce(g.smallValue(), Accumulator.allCases.randomElement(using: &g.rng)!) },
        unary("collect") { _ in .collect },
        unary("collectCount") { g in .collectCount(g.count(1...3)) },
        unary("combinePrevious") { g in .combinePrevious(g.smallValue()) },
        unary("scanWithoutSeed") { g in .scanWithoutSeed(Accumulator.allCases.randomElement(using: &g.rng)!) },
        unary("pairwise") { _ in .pairwise },
        unary("enumerated") { _ in .enumerated },
        unary("chunkedOn") { g in .chunkedOn([.constant(0), .add(0), .sum].randomElement(using: &g.rng)!) },
        unary("ignoreValues") { _ in .ignoreValues },
        unary("mapError") { g in .mapError(g.count(1...3)) },
        // Filter.
        unary("take") { g in .take(g.count(0...3)) },
        unary("takeWhile") { g in .takeWhile(g.predicate()) },
        unary("takeWhileInclusive") { g in .takeWhileInclusive(g.predicate()) },
        unary("takeLast") { g in .takeLast(g.count(0...3)) },
        unary("skip") { g in .skip(g.count(0...3)) },
        unary("skipWhile") { g in .skipWhile(g.predicate()) },
        unary("distinctUntilChanged") { _ in .distinctUntilChanged },
        unary("distinctUntilChangedBy") { g in .distinctUntilChangedBy(Sameness.allCases.randomElement(using: &g.rng)!) },
        unary("first") { _ in .first },
        unary("firstWhere") { g in .firstWhere(g.predicate()) },
        unary("last") { _ in .last },
        unary("replaceEmpty") { g in .replaceEmpty(g.smallValue()) },
        unary("count") { _ in .count },
        unary("allSatisfy") { g in .allSatisfy(g.predicate()) },
        unary("containsWhere") { g in .containsWhere(g.predicate()) },
        binary(.skipUntil),
        // Combine.
        binary(.takeUntil),
        binary(.then),
        binary(.startWithSignal),
        binary(.zipWith),
        unary("startWith") { g in .startWith((0..<g.count(0...2)).map { _ in g.smallValue() }) },
        OperatorRow(name: "zip") { g, below in
            let form = CombineForm.allCases.randomElement(using: &g.rng)!
            let count = switch form {
            case .pair: 2
            case .pack: 3
            case .array: g.count(1...4)
            }
            return .list(g.list(depth: below, count: count...count), .zip(form))
        },
        OperatorRow(name: "race") { g, below in .list(g.list(depth: below, count: 1...4), .race(variadic: Bool.random(using: &g.rng))) },
        // Errors and repetition.
        OperatorRow(name: "catch") { g, below in .nested(g.operand(below), .catchError, g.family(depth: below)) },
        unary("replaceError") { g in .replaceError(g.smallValue()) },
        unary("retry") { g in .retry(g.count(0...3)) },
        unary("repeat") { g in .repeat(g.count(0...3)) },
        // Flatten strategies.
        strategy(.merge),
        strategy(.concat),
        strategy(.latest),
        strategy(.first),
        OperatorRow(name: "strategyConcurrent") { g, below in
            let form = StrategyForm.allCases.randomElement(using: &g.rng)!
            return .nested(g.operand(below), .strategy(.concurrent(g.count(1...3)), form), g.family(depth: below))
        },
        // Sharing.
        unary("share") { g in .shared(replay: 0, lazily: false, copies: g.count(1...3)) },
        unary("shareReplay") { g in .shared(replay: g.count(1...3), lazily: false, copies: g.count(1...3)) },
        unary("replayLazily") { g in .shared(replay: g.count(1...3), lazily: true, copies: g.count(1...3)) },
        // Splitting, joined back: the model is the source (the laws of groupBy and window).
        unary("groupByMerge") { g in .groupByMerge([.constant(0), .add(0), .wrap(1), .sum].randomElement(using: &g.rng)!) },
        unary("windowConcat") { g in .windowConcat(g.count(1...3)) },
    ]

    /// A row for a flatten strategy, in any of its spellings.
    static func strategy(_ strategy: Strategy) -> OperatorRow {
        let name = NestedOperator.strategy(strategy, .flatten).name
        return OperatorRow(name: name) { g, below in
            let form = StrategyForm.allCases.randomElement(using: &g.rng)!
            return .nested(g.operand(below), .strategy(strategy, form), g.family(depth: below))
        }
    }

    /// A row for a two-operand operator; the second operand is at most 2 deep.
    static func binary(_ op: BinaryOperator, weight: Int = 1) -> OperatorRow {
        OperatorRow(name: op.name, weight: weight) { g, below in
            let a = g.operand(below)
            return .binary(a, op, g.operand(min(below, g.count(0...2))))
        }
    }

    /// A row for a one-operand operator whose arguments `make` draws.
    static func unary(
        _ name: String, weight: Int = 1, _ make: @escaping @Sendable (inout PipelineGenerator) -> UnaryOperator
    ) -> OperatorRow {
        OperatorRow(name: name, weight: weight) { g, below in
            let operand = g.operand(below)
            return .unary(operand, make(&g))
        }
    }
}
