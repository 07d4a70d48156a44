// Differential fuzzing of genuinely interleaved schedules: the sources are Subjects driven by
// a generated schedule of (source, event), and the model replays the same schedule.

import Signals
import SignalsTesting
import SignalsTestSupport
import Testing

@Suite struct ScheduleFuzzTests {
    /// Schedules per test; `SIGNALS_FUZZ_CASES` raises it (to a tenth of its value).
    static var cases: Int { max(testSize(2_000, quick: 500), (environmentInteger("SIGNALS_FUZZ_CASES") ?? 0) / 10) }
    static let seed: UInt64 = 0x5348_4544

    /// Sends the schedule to fresh subjects (sources 0..<count) and records `build`'s output.
    static func drive(
        count: Int, _ schedule: [(source: Int, event: MEvent)], _ build: ([DSignal]) -> DSignal
    ) -> Trace {
        let subjects = (0..<count).map { _ in Subject<DValue, TestError>() }
        let recorder = Recorder(build(subjects.map(\.signal)))
        for (source, event) in schedule { subjects[source].send(event.libraryEvent) }
        let trace = recorder.events.map(MEvent.init)
        recorder.dispose()
        return trace
    }

    static func check(
        _ name: String, count: ClosedRange<Int>,
        model: (Int, [(source: Int, event: MEvent)]) -> Trace,
        build: @escaping ([DSignal]) -> DSignal,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var generator = PipelineGenerator(seed: seed)
        for index in 0..<cases {
            let n = Int.random(in: count, using: &generator.rng)
            let schedule = generator.schedule(count: n)
            let expected = model(n, schedule)
            let actual = drive(count: n, schedule, build)
            if actual != expected {
                Issue.record("""
                    \(name) of \(n) subjects disagrees with the model (case \(index)).
                    schedule: \(schedule.map { "\($0.source):\($0.event)" }.joined(separator: " "))
                    expected: \(expected)
                    actual:   \(actual)
                    """, sourceLocation: sourceLocation)
                return
            }
        }
    }

    @Test func combineLatestOfSubjectsFollowsTheModel() {
        Self.check("combineLatest([...])", count: 1...4, model: { Model.combineLatest(count: $0, schedule: $1) }) {
            Signal<[DValue], TestError>.combineLatest($0).map { .array($0) }
        }
    }

    @Test func combineLatestPairAndPackFormsFollowTheModel() {
        Self.check("combineLatest(a, b)", count: 2...2, model: { Model.combineLatest(count: $0, schedule: $1) }) {
            Signal<(DValue, DValue), TestError>.combineLatest($0[0], $0[1]).map { .array([$0.0, $0.1]) }
        }
        Self.check("combineLatest(a, b, c)", count: 3...3, model: { Model.combineLatest(count: $0, schedule: $1) }) {
            Signal<(DValue, DValue, DValue), TestError>.combineLatest($0[0], $0[1], $0[2]).map { .array([$0.0, $0.1, $0.2]) }
        }
    }

    @Test func mergeOfSubjectsFollowsTheModel() {
        Self.check("merge([...])", count: 0...4, model: { Model.merge(count: $0, schedule: $1) }) {
            DSignal.merge($0)
        }
        Self.check("a.merge(b).merge(c)", count: 1...4, model: { Model.merge(count: $0, schedule: $1) }) {
            $0.dropFirst().reduce($0[0]) { $0.merge($1) }
        }
    }

    @Test func concatOfSubjectsFollowsTheModel() {
        Self.check("concat([...])", count: 0...4, model: { Model.concat(count: $0, schedule: $1) }) {
            DSignal.concat($0)
        }
        Self.check("a.concat(b).concat(c)", count: 1...4, model: { Model.concat(count: $0, schedule: $1) }) {
            $0.dropFirst().reduce($0[0]) { $0.concat($1) }
        }
    }

    /// Source 0 is the source, source 1 the trigger (its error acts as a completion).
    @Test func skipUntilOfSubjectsFollowsTheModel() {
        Self.check("a.skip(until: b)", count: 2...2, model: { Model.skipUntil(schedule: $1) }) {
            $0[0].skip(until: LibraryInterpreter.trigger($0[1]))
        }
    }

    @Test func zipOfSubjectsFollowsTheModel() {
        Self.check("zip([...])", count: 1...4, model: { Model.zip(count: $0, schedule: $1) }) {
            Signal<[DValue], TestError>.zip($0).map { .array($0) }
        }
        Self.check("zip(a, b)", count: 2...2, model: { Model.zip(count: $0, schedule: $1) }) {
            Signal<(DValue, DValue), TestError>.zip($0[0], $0[1]).map { .array([$0.0, $0.1]) }
        }
        Self.check("zip(a, b, c)", count: 3...3, model: { Model.zip(count: $0, schedule: $1) }) {
            Signal<(DValue, DValue, DValue), TestError>.zip($0[0], $0[1], $0[2]).map { .array([$0.0, $0.1, $0.2]) }
        }
        Self.check("a.zip(with: b)", count: 2...2, model: { Model.zip(count: $0, schedule: $1) }) {
            $0[0].zip(with: $0[1]).map { .array([$0.0, $0.1]) }
        }
    }

    /// Source 0 is the source, source 1 the trigger (its error acts as a completion).
    @Test func takeUntilOfSubjectsFollowsTheModel() {
        Self.check("a.take(until: b)", count: 2...2, model: { Model.takeUntil(schedule: $1) }) {
            $0[0].take(until: LibraryInterpreter.trigger($0[1]))
        }
    }

    @Test func withLatestFromOfSubjectsFollowsTheModel() {
        Self.check("a.withLatestFrom(b)", count: 2...2, model: { Model.withLatestFrom(schedule: $1) }) {
            $0[0].withLatestFrom($0[1]).map { .array([$0.0, $0.1]) }
        }
    }

    /// Source 0 is the source, source 1 the boundary.
    @Test func bufferBoundaryOfSubjectsFollowsTheModel() {
        Self.check("a.buffer(boundary: b)", count: 2...2, model: { Model.bufferBoundary(schedule: $1) }) {
            $0[0].buffer(boundary: $0[1]).map { .array($0) }
        }
    }

    /// The windows, each collected: the same arrays at the same moments as buffer(boundary:).
    @Test func windowBoundaryOfSubjectsFollowsTheModel() {
        Self.check("a.window(boundary: b)", count: 2...2, model: { Model.bufferBoundary(schedule: $1) }) {
            $0[0].window(boundary: $0[1]).flattenMap { $0.collect() }.map { .array($0) }
        }
    }

    /// Source 0 is the source, source 1 the trigger (its error acts as a completion).
    @Test func sampleOnSubjectsFollowsTheModel() {
        Self.check("a.sample(on: b)", count: 2...2, model: { Model.sample(schedule: $1) }) {
            $0[0].sample(on: LibraryInterpreter.trigger($0[1]))
        }
    }

    /// Source 0 is an outer subject whose values `.int(k)` send subject `k`'s signal.
    static func checkNested(
        _ name: String, model: (Int, [(source: Int, event: MEvent)]) -> Trace,
        build: @escaping (Signal<DSignal, TestError>) -> DSignal,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var generator = PipelineGenerator(seed: seed)
        for index in 0..<cases {
            let inners = Int.random(in: 1...3, using: &generator.rng)
            let schedule = generator.nestedSchedule(innerCount: inners)
            let expected = model(inners, schedule)
            let actual = drive(count: inners + 1, schedule) { signals in
                let subjects = Array(signals.dropFirst())
                return build(signals[0].map { value in
                    guard case .int(let k) = value else { return .error(TestError(99)) }
                    return subjects[k]
                })
            }
            if actual != expected {
                Issue.record("""
                    \(name) disagrees with the model (case \(index), \(inners) inner subjects).
                    schedule: \(schedule.map { "\($0.source):\($0.event)" }.joined(separator: " "))
                    expected: \(expected)
                    actual:   \(actual)
                    """, sourceLocation: sourceLocation)
                return
            }
        }
    }

    @Test func flattenOfSubjectsFollowsTheModel() {
        Self.checkNested("flatten()", model: { Model.flatten(innerCount: $0, schedule: $1) }) { $0.flatten() }
        Self.checkNested("flattenMap", model: { Model.flatten(innerCount: $0, schedule: $1) }) { $0.flattenMap { $0 } }
    }

    @Test func concatOfASubjectOfSubjectsFollowsTheModel() {
        Self.checkNested("concat()", model: { Model.concatAll(innerCount: $0, schedule: $1) }) { $0.concat() }
        Self.checkNested("flatten(.concat)", model: { Model.concatAll(innerCount: $0, schedule: $1) }) { $0.flatten(.concat) }
    }

    @Test func aBindThatCutsItsInnersFollowsTheModel() {
        // bind's control over its inners, directly: the outer value k picks inner subject k;
        // an even k cuts every live inner first (BindControl.cancelInners()).
        var generator = PipelineGenerator(seed: Self.seed)
        for index in 0..<Self.cases {
            let inners = Int.random(in: 1...3, using: &generator.rng)
            let schedule = generator.nestedSchedule(innerCount: inners)
            let expected = Model.cuttingMerge(innerCount: inners, schedule: schedule)
            let actual = Self.drive(count: inners + 1, schedule) { signals in
                let subjects = Array(signals.dropFirst())
                return signals[0].bind {
                    { event, control in
                        switch event {
                        case .next(let value):
                            guard case .int(let k) = value else { return .error(TestError(99)) }
                            if k % 2 == 0 { control.cancelInners() }
                            return subjects[k]
                        case .error(let error):
                            return .error(error)
                        case .completed:
                            return nil
                        }
                    }
                }
            }
            if actual != expected {
                Issue.record("""
                    a cutting bind disagrees with the model (case \(index), \(inners) inner subjects).
                    schedule: \(schedule.map { "\($0.source):\($0.event)" }.joined(separator: " "))
                    expected: \(expected)
                    actual:   \(actual)
                    """)
                return
            }
        }
    }

    @Test func switchToLatestOfASubjectOfSubjectsFollowsTheModel() {
        Self.checkNested("switchToLatest()", model: { Model.switchToLatest(innerCount: $0, schedule: $1) }) {
            $0.switchToLatest()
        }
        Self.checkNested("flatMapLatest", model: { Model.switchToLatest(innerCount: $0, schedule: $1) }) {
            $0.flatMapLatest { $0 }
        }
    }
}
