// Algebraic laws, checked on generated signals: two spellings that the laws say are equal
// must deliver exactly the same events, in the library and in the model.

import Signals
import SignalsTesting
import SignalsTestSupport
import Testing

@Suite struct LawTests {
    /// Generated pipelines per law: 1,000 at full size (optimised, as CI runs this suite, or
    /// `SIGNALS_FULL=1`), 250 in a quick debug `swift test`.
    static let cases = testSize(1_000, quick: 250)

    /// The events a subscription delivers (then disposed, for never-terminating signals).
    static func trace(_ signal: DSignal) -> Trace {
        let recorder = Recorder(signal)
        defer { recorder.dispose() }
        return recorder.events.map(MEvent.init)
    }

    /// Runs `law` on `cases` generated pipelines; `law` returns the two sides to compare.
    static func check(
        _ name: String,
        _ law: (inout PipelineGenerator, LibraryInterpreter) -> (lhs: DSignal, rhs: DSignal, description: String),
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var generator = PipelineGenerator(seed: 0x4C41_5753, maxDepth: 3, maxSize: 8)
        for index in 0..<cases {
            let tracker = LifetimeTracker()
            let interpreter = LibraryInterpreter(tracker: tracker)
            let (lhsTrace, rhsTrace, description) = {
                let (lhs, rhs, description) = law(&generator, interpreter)
                return (trace(lhs), trace(rhs), description)
            }()
            if lhsTrace != rhsTrace {
                Issue.record("""
                    \(name) fails (case \(index)) for \(description)
                    left:  \(lhsTrace)
                    right: \(rhsTrace)
                    """, sourceLocation: sourceLocation)
                return
            }
            tracker.expectNothingAlive("after \(name), case \(index)", sourceLocation: sourceLocation)
        }
    }

    static func family(_ generator: inout PipelineGenerator) -> InnerFamily {
        InnerFamily(choices: (0..<Int.random(in: 1...3, using: &generator.rng)).map { _ in generator.pipeline() },
                    pairsWithValue: Bool.random(using: &generator.rng))
    }

    // MARK: flattenMap is a monad bind (`just` is its unit)

    @Test func flattenMapLeftIdentity() {
        Self.check("just(a).flattenMap(f) == f(a)") { generator, library in
            let a = DValue.int(Int.random(in: 0...9, using: &generator.rng))
            let f = Self.family(&generator)
            #expect(Pipeline.flattenMap(.source(Source(events: [.next(a), .completed], style: .creators)), f).modelTrace
                    == f.modelTrace(for: a))
            return (DSignal.just(a).flattenMap { library.signal(f, for: $0) }, library.signal(f, for: a), "a = \(a), f = \(f)")
        }
    }

    @Test func flattenMapRightIdentity() {
        Self.check("m.flattenMap(just) == m") { generator, library in
            let m = generator.pipeline()
            return (library.signal(m).flattenMap { DSignal.just($0) }, library.signal(m), "m = \(m)")
        }
    }

    @Test func flattenMapAssociativity() {
        Self.check("m.flattenMap(f).flattenMap(g) == m.flattenMap { f($0).flattenMap(g) }") { generator, library in
            let m = generator.pipeline(), f = Self.family(&generator), g = Self.family(&generator)
            let lhs = library.signal(m).flattenMap { library.signal(f, for: $0) }.flattenMap { library.signal(g, for: $0) }
            let rhs = library.signal(m).flattenMap { x in library.signal(f, for: x).flattenMap { library.signal(g, for: $0) } }
            #expect(Pipeline.flattenMap(.flattenMap(m, f), g).modelTrace
                    == Model.flattenMap(m.modelTrace) { x in Model.flattenMap(f.modelTrace(for: x), g.modelTrace) })
            return (lhs, rhs, "m = \(m), f = \(f), g = \(g)")
        }
    }

    // MARK: merge and concat are associative with unit `empty`

    @Test func mergeIsAssociative() {
        Self.check("merge(merge(a, b), c) == merge(a, merge(b, c))") { generator, library in
            let (a, b, c) = (generator.pipeline(), generator.pipeline(), generator.pipeline())
            let (sa, sb, sc) = (library.signal(a), library.signal(b), library.signal(c))
            return (DSignal.merge([DSignal.merge([sa, sb]), sc]), DSignal.merge([sa, DSignal.merge([sb, sc])]),
                    "a = \(a), b = \(b), c = \(c)")
        }
        Self.check("a.merge(b).merge(c) == a.merge(b.merge(c))") { generator, library in
            let (a, b, c) = (generator.pipeline(), generator.pipeline(), generator.pipeline())
            let (sa, sb, sc) = (library.signal(a), library.signal(b), library.signal(c))
            return (sa.merge(sb).merge(sc), sa.merge(sb.merge(sc)), "a = \(a), b = \(b), c = \(c)")
        }
    }

    @Test func mergeHasEmptyAsUnit() {
        Self.check("merge(a, empty) == a == merge(empty, a)") { generator, library in
            let a = generator.pipeline()
            #expect(Model.merge([a.modelTrace, [.completed]]) == a.modelTrace)
            return (DSignal.merge([library.signal(a), .empty]), library.signal(a), "a = \(a)")
        }
        Self.check("merge(empty, a) == a") { generator, library in
            let a = generator.pipeline()
            return (DSignal.empty.merge(library.signal(a)), library.signal(a), "a = \(a)")
        }
    }

    @Test func concatIsAssociative() {
        Self.check("concat(concat(a, b), c) == concat(a, concat(b, c))") { generator, library in
            let (a, b, c) = (generator.pipeline(), generator.pipeline(), generator.pipeline())
            let (sa, sb, sc) = (library.signal(a), library.signal(b), library.signal(c))
            return (DSignal.concat([DSignal.concat([sa, sb]), sc]), DSignal.concat([sa, DSignal.concat([sb, sc])]),
                    "a = \(a), b = \(b), c = \(c)")
        }
        Self.check("a.concat(b).concat(c) == a.concat(b.concat(c))") { generator, library in
            let (a, b, c) = (generator.pipeline(), generator.pipeline(), generator.pipeline())
            let (sa, sb, sc) = (library.signal(a), library.signal(b), library.signal(c))
            return (sa.concat(sb).concat(sc), sa.concat(sb.concat(sc)), "a = \(a), b = \(b), c = \(c)")
        }
    }

    @Test func concatHasEmptyAsUnit() {
        Self.check("concat(a, empty) == a") { generator, library in
            let a = generator.pipeline()
            return (DSignal.concat([library.signal(a), .empty]), library.signal(a), "a = \(a)")
        }
        Self.check("empty.concat(a) == a") { generator, library in
            let a = generator.pipeline()
            return (DSignal.empty.concat(library.signal(a)), library.signal(a), "a = \(a)")
        }
    }

    // MARK: splitting a signal and joining it back

    /// groupBy sends each group before its first value, and flatten(.merge) subscribes it
    /// inside that delivery, so every value comes back, in order, with the source's ending.
    /// Keys: one group (`constant`), a group per value (`add(0)`, `wrap`), or per leaf sum.
    @Test func groupByFlattenedWithMergeIsTheSource() {
        let keys: [MapFunction] = [.constant(0), .add(0), .wrap(1), .sum]
        Self.check("m.groupBy(k).flatten(.merge) == m") { generator, library in
            let m = generator.pipeline()
            let k = keys.randomElement(using: &generator.rng)!
            return (library.signal(m).groupBy { k($0) }.flatten(.merge), library.signal(m), "m = \(m), k = \(k)")
        }
    }

    /// Each window is sent before its first value (the next one as soon as the previous is
    /// full), so concatenating them gives every value back, in order.
    @Test func windowFlattenedWithConcatIsTheSource() {
        Self.check("m.window(count: n).flatten(.concat) == m") { generator, library in
            let m = generator.pipeline()
            let n = generator.count(1...4)
            return (library.signal(m).window(count: n).flatten(.concat), library.signal(m), "m = \(m), n = \(n)")
        }
    }

    // MARK: map fusion

    @Test func mapFusion() {
        let functions: [MapFunction] = [.add(1), .add(3), .wrap(0), .wrap(2), .sum, .constant(1)]
        Self.check("m.map(f).map(g) == m.map { g(f($0)) }") { generator, library in
            let m = generator.pipeline()
            let f = functions.randomElement(using: &generator.rng)!, g = functions.randomElement(using: &generator.rng)!
            return (library.signal(m).map { f($0) }.map { g($0) }, library.signal(m).map { g(f($0)) },
                    "m = \(m), f = \(f), g = \(g)")
        }
    }
}
