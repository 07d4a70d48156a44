// A seeded generator of random pipelines over random synchronous sources.

/// SplitMix64: tiny, fast, and the same sequence on every platform for a given seed.
struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Generates pipelines of operator depth up to `maxDepth` and at most about `maxSize` nodes.
struct PipelineGenerator {
    var rng: SplitMix64
    var maxDepth = 6
    var maxSize = 14
    /// Operators not to generate (by `operatorNames`), e.g. to look past a known bug in a long
    /// run: `SIGNALS_FUZZ_EXCLUDE=concatAll`.
    var excluded: Set<String> = []
    private var budget = 0

    static let operatorNames = [
        "map", "filter", "flattenMap", "flatten", "concatAll", "merge", "concat", "combineLatest",
        "materialize", "dematerialize",
    ]

    init(seed: UInt64, maxDepth: Int = 6, maxSize: Int = 14, excluded: Set<String> = []) {
        rng = SplitMix64(seed: seed)
        self.maxDepth = maxDepth
        self.maxSize = maxSize
        self.excluded = excluded
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
        if depth == 0 || budget <= 0 { return .source(source()) }
        let below = depth - 1
        var choice = Int.random(in: 0..<11, using: &rng)
        if choice < Self.operatorNames.count && excluded.contains(Self.operatorNames[choice]) { choice = 10 }
        switch choice {
        case 0: return .map(pipeline(depth: below), mapFunction())
        case 1: return .filter(pipeline(depth: below), Predicate.allCases.randomElement(using: &rng)!)
        case 2: return .flattenMap(pipeline(depth: below), family(depth: below))
        case 3: return .flatten(pipeline(depth: below), family(depth: below))
        case 4: return .concatAll(pipeline(depth: below), family(depth: below))
        case 5: return .merge(list(depth: below, count: 0...4), ListForm.allCases.randomElement(using: &rng)!)
        case 6: return .concat(list(depth: below, count: 0...4), ListForm.allCases.randomElement(using: &rng)!)
        case 7:
            let form = CombineForm.allCases.randomElement(using: &rng)!
            let count = switch form {
            case .pair: 2
            case .pack: 3
            case .array: Int.random(in: 1...4, using: &rng)
            }
            return .combineLatest(list(depth: below, count: count...count), form)
        case 8: return .materialize(pipeline(depth: below))
        case 9: return .dematerialize(pipeline(depth: below))
        default:
            // Keep one operand at full depth so deep trees actually occur.
            return .map(pipeline(depth: below), mapFunction())
        }
    }

    private mutating func list(depth: Int, count: ClosedRange<Int>) -> [Pipeline] {
        let n = Int.random(in: count, using: &rng)
        return (0..<n).map { index in pipeline(depth: index == 0 ? depth : Int.random(in: 0...depth, using: &rng)) }
    }

    private mutating func family(depth: Int) -> InnerFamily {
        let n = Int.random(in: 1...3, using: &rng)
        let choices = (0..<n).map { _ in pipeline(depth: Int.random(in: 0...min(depth, 2), using: &rng)) }
        return InnerFamily(choices: choices, pairsWithValue: Bool.random(using: &rng))
    }

    private mutating func mapFunction() -> MapFunction {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: .add(Int.random(in: 1...5, using: &rng))
        case 1: .wrap(Int.random(in: 0...3, using: &rng))
        case 2: .sum
        default: .constant(Int.random(in: 0...3, using: &rng))
        }
    }

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
