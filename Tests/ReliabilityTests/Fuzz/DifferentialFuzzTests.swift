// Differential fuzzing: random pipelines run through the real library and through the
// reference model must deliver exactly the same events.
//
// CI runs a fixed budget (`defaultCases`, split over `shards` parallel tests, same seeds
// every run). Long runs: `SIGNALS_FUZZ_CASES=1000000 swift test -c release --filter DifferentialFuzz`;
// another region of seeds: `SIGNALS_FUZZ_SEED=<n>`; to look past a known bug, leave operators
// out: `SIGNALS_FUZZ_EXCLUDE=concatAll,merge` (the row names of `PipelineGenerator.operators`;
// default `knownBugExclusions`, empty to fuzz everything). A failure prints the case's seed, the
// generated pipeline and a minimal pipeline that still fails.

import Signals
import SignalsTesting
import SignalsTestSupport
import Testing

/// What went wrong with one pipeline, or nil.
struct FuzzMismatch: CustomStringConvertible {
    var check: String
    var expected: Trace
    var actual: Trace
    var description: String { "\(check)\n  expected: \(expected)\n  actual:   \(actual)" }
}

enum DifferentialCheck {
    /// Subscribes to the pipeline once, compares with the model, checks that everything was
    /// released, then subscribes again and disposes from inside the callback after `cut`
    /// events, expecting exactly the model's first `cut` events.
    static func run(_ pipeline: Pipeline, cut: Int? = nil) -> FuzzMismatch? {
        let expected = pipeline.modelTrace
        let tracker = LifetimeTracker()
        if let mismatch = runWhole(pipeline, expected, tracker) { return mismatch }
        if tracker.liveObjectCount != 0 || tracker.openSubscriptionCount != 0 {
            return FuzzMismatch(
                check: "leak: \(tracker.liveObjectCount) objects, \(tracker.openSubscriptionCount) subscriptions alive after the test",
                expected: expected, actual: expected)
        }
        let nexts = expected.count - (expected.isTerminated ? 1 : 0)
        guard nexts > 0 else { return nil }
        // Deterministic (unlike `hashValue`), so that a seed reproduces the same case.
        let digest = pipeline.description.utf8.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFF_FFFF }
        let cut = cut ?? (1 + digest % nexts)
        return runDisposingInside(pipeline, expected, cut: cut, tracker)
    }

    private static func runWhole(_ pipeline: Pipeline, _ expected: Trace, _ tracker: LifetimeTracker) -> FuzzMismatch? {
        let recorder = Recorder(LibraryInterpreter(tracker: tracker).signal(pipeline))
        let actual = recorder.events.map(MEvent.init)
        if actual != expected { recorder.dispose(); return FuzzMismatch(check: "events", expected: expected, actual: actual) }
        if expected.isTerminated && tracker.openSubscriptionCount != 0 {
            let open = tracker.openSubscriptionCount
            recorder.dispose()
            return FuzzMismatch(check: "\(open) source subscriptions still open after the terminal event", expected: expected, actual: actual)
        }
        recorder.dispose()
        if tracker.openSubscriptionCount != 0 {
            return FuzzMismatch(check: "\(tracker.openSubscriptionCount) source subscriptions still open after dispose()", expected: expected, actual: actual)
        }
        let after = recorder.events.map(MEvent.init)
        if after != actual { return FuzzMismatch(check: "events after dispose()", expected: actual, actual: after) }
        return nil
    }

    private static func runDisposingInside(_ pipeline: Pipeline, _ expected: Trace, cut: Int, _ tracker: LifetimeTracker) -> FuzzMismatch? {
        let trigger = Subject<Int, TestError>()
        let inner = LibraryInterpreter(tracker: tracker).signal(pipeline)
        let output = trigger.signal.flattenMap { _ in inner }
        let received = Locked<[MEvent]>([])
        let subscription = SerialDisposable()
        subscription.inner = output.subscribe(Observer { event in
            if received.append(MEvent(event)) == cut { subscription.dispose() }
        })
        trigger.send(value: 0)
        let actual = received.value
        let open = tracker.openSubscriptionCount
        subscription.dispose()
        trigger.sendCompleted()
        if actual != Array(expected.prefix(cut)) {
            return FuzzMismatch(check: "dispose inside the callback after \(cut) events", expected: Array(expected.prefix(cut)), actual: actual)
        }
        if open != 0 {
            return FuzzMismatch(check: "\(open) source subscriptions open after dispose inside the callback", expected: expected, actual: actual)
        }
        return nil
    }
}

@Suite struct DifferentialFuzzTests {
    static let defaultCases = testSize(20_000, quick: 4_000)
    static let shards = 4
    /// Operators left out while a bug they trip is open, each pinned by a regression test
    /// marked `withKnownIssue`. `SIGNALS_FUZZ_EXCLUDE=` (empty) fuzzes them anyway.
    static let knownBugExclusions: [String] = []

    @Test(arguments: 0..<shards)
    func libraryDeliversExactlyTheModelsEvents(shard: Int) {
        let cases = (environmentInteger("SIGNALS_FUZZ_CASES") ?? Self.defaultCases) / Self.shards
        let base = UInt64(environmentInteger("SIGNALS_FUZZ_SEED") ?? 0x5167_4E41)
        let excluded = Set(
            environmentString("SIGNALS_FUZZ_EXCLUDE")?.split(separator: ",").map(String.init) ?? Self.knownBugExclusions)
        let unknown = excluded.subtracting(PipelineGenerator.operatorNames)
        #expect(unknown.isEmpty, "SIGNALS_FUZZ_EXCLUDE names no operator: \(unknown.sorted()); known: \(PipelineGenerator.operatorNames)")
        var failures = 0
        for index in 0..<cases {
            let seed = base &+ UInt64(index * Self.shards + shard)
            var generator = PipelineGenerator(seed: seed, excluded: excluded)
            let pipeline = generator.pipeline()
            guard let mismatch = DifferentialCheck.run(pipeline) else { continue }
            let minimal = Shrinker.shrink(pipeline) { DifferentialCheck.run($0) != nil }
            let minimalMismatch = DifferentialCheck.run(minimal).map(String.init(describing:)) ?? "?"
            Issue.record("""
                Library and model disagree (seed \(seed)).
                pipeline: \(pipeline)
                \(mismatch)
                minimal:  \(minimal)
                \(minimalMismatch)
                """)
            failures += 1
            if failures == 3 { return }
        }
    }
}
