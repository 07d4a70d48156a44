// The reference model checked against hand-computed expectations, so that the fuzzer's
// oracle is itself tested. Every expected trace here was worked out by hand from Contracts.md.

import Testing

private func n(_ value: Int) -> MEvent { .next(.int(value)) }
private func pair(_ a: Int, _ b: Int) -> MEvent { .next(.array([.int(a), .int(b)])) }
private let e1 = TestError(1), e2 = TestError(2)

@Suite struct ReferenceModelTests {
    @Test func mapAndFilterArePointwiseAndPassTheTerminalEventThrough() {
        #expect(Model.map([n(1), n(2), .error(e1)]) { .int($0.leafSum * 10) } == [n(10), n(20), .error(e1)])
        #expect(Model.filter([n(1), n(2), n(3), .completed]) { $0.leafSum != 2 } == [n(1), n(3), .completed])
        #expect(Model.map([n(1)]) { $0 } == [n(1)])
    }

    @Test func flattenMapRunsEachInnerToItsEndInSourceOrder() {
        let source: Trace = [n(1), n(2), .completed]
        let out = Model.flattenMap(source) { v in [n(v.leafSum * 10), n(v.leafSum * 10 + 1), .completed] }
        #expect(out == [n(10), n(11), n(20), n(21), .completed])
    }

    @Test func flattenMapStopsAtTheFirstInnerError() {
        let out = Model.flattenMap([n(1), n(2), n(3), .completed]) { v in
            v == .int(2) ? [n(20), .error(e1)] : [v == .int(1) ? n(10) : n(30), .completed]
        }
        #expect(out == [n(10), n(20), .error(e1)])
    }

    @Test func flattenMapNeverCompletesWhileAnInnerNeverTerminates() {
        let out = Model.flattenMap([n(1), n(2), .completed]) { v in v == .int(1) ? [n(10)] : [n(20), .completed] }
        #expect(out == [n(10), n(20)])
        // ... but a later source error is still forwarded.
        #expect(Model.flattenMap([n(1), .error(e2)]) { _ in [n(10)] } == [n(10), .error(e2)])
    }

    @Test func flattenMapOfANeverTerminatingSourceNeverCompletes() {
        #expect(Model.flattenMap([n(1)]) { _ in [n(10), .completed] } == [n(10)])
        #expect(Model.flattenMap([.completed]) { _ in [] } == [.completed])
    }

    @Test func mergeOfSynchronousSignalsIsInSubscriptionOrder() {
        #expect(Model.merge([[n(1), n(2), .completed], [n(3), .completed]]) == [n(1), n(2), n(3), .completed])
        #expect(Model.merge([]) == [.completed])
    }

    @Test func mergeEndsAtTheFirstErrorAndNeverSubscribesLaterSignals() {
        #expect(Model.merge([[n(1), .error(e1)], [n(3), .completed]]) == [n(1), .error(e1)])
        #expect(Model.merge([[n(1)], [n(2), .completed]]) == [n(1), n(2)])
        #expect(Model.merge([[n(1)], [.error(e2)]]) == [n(1), .error(e2)])
    }

    @Test func concatAppendsUntilTheFirstTerminalEvent() {
        #expect(Model.concat([[n(1), .completed], [n(2), .completed], [n(3), .completed]])
                == [n(1), n(2), n(3), .completed])
        #expect(Model.concat([[n(1), .error(e1)], [n(2), .completed]]) == [n(1), .error(e1)])
        #expect(Model.concat([[n(1)], [n(2), .completed]]) == [n(1)])
        #expect(Model.concat([]) == [.completed])
    }

    @Test func concatAllWaitsForEachInnerAndForwardsTheOuterErrorAtOnce() {
        let inners: [DValue: Trace] = [.int(1): [n(10), .completed], .int(2): [n(20)], .int(3): [n(30), .completed]]
        #expect(Model.concatAll([n(1), n(3), .completed]) { inners[$0]! } == [n(10), n(30), .completed])
        #expect(Model.concatAll([n(1), n(2), n(3), .completed]) { inners[$0]! } == [n(10), n(20)])
        #expect(Model.concatAll([n(2), n(3), .error(e1)]) { inners[$0]! } == [n(20), .error(e1)])
    }

    @Test func combineLatestOfSynchronousSignalsRunsTheFirstToItsEndFirst() {
        // Story 4: ob1 sends 1, 2; ob2 sends "a", "b" (here 10, 11): [2, 10], [2, 11].
        #expect(Model.combineLatest([[n(1), n(2), .completed], [n(10), n(11), .completed]])
                == [pair(2, 10), pair(2, 11), .completed])
    }

    @Test func combineLatestCompletesAtOnceWhenASourceCompletesWithoutAValue() {
        #expect(Model.combineLatest([[.completed], [n(1), .error(e1)]]) == [.completed])
        #expect(Model.combineLatest([[n(1), .completed], [.completed]]) == [.completed])
        #expect(Model.combineLatest([[n(1)], [n(2)]]) == [pair(1, 2)])
    }

    @Test func combineLatestForwardsTheFirstError() {
        #expect(Model.combineLatest([[n(1), .error(e1)], [n(2), .completed]]) == [.error(e1)])
        #expect(Model.combineLatest([[n(1), .completed], [n(2), .error(e2)]]) == [pair(1, 2), .error(e2)])
    }

    @Test func combineLatestOnASchedule() {
        let schedule: [(source: Int, event: MEvent)] = [
            (0, n(1)), (1, n(10)), (0, n(2)), (0, .completed), (1, n(11)), (1, .completed), (0, n(99)),
        ]
        #expect(Model.combineLatest(count: 2, schedule: schedule)
                == [pair(1, 10), pair(2, 10), pair(2, 11), .completed])
        #expect(Model.combineLatest(count: 1, schedule: [(0, n(5))]) == [.next(.array([.int(5)]))])
    }

    @Test func mergeOnAScheduleIgnoresEventsAfterASourcesTerminalEvent() {
        let schedule: [(source: Int, event: MEvent)] = [
            (0, n(1)), (1, n(2)), (0, .completed), (0, n(3)), (1, n(4)), (1, .completed),
        ]
        #expect(Model.merge(count: 2, schedule: schedule) == [n(1), n(2), n(4), .completed])
    }

    @Test func concatOfSubjectsMissesValuesSentBeforeItsTurn() {
        let schedule: [(source: Int, event: MEvent)] = [
            (1, n(10)), (0, n(1)), (0, .completed), (1, n(11)), (2, n(20)), (2, .completed), (1, .completed),
        ]
        // Subject 2 completed before its turn, so its completion arrives at once when subscribed.
        #expect(Model.concat(count: 3, schedule: schedule) == [n(1), n(11), .completed])
        #expect(Model.concat(count: 2, schedule: [(1, .error(e1)), (0, .completed)]) == [.error(e1)])
        #expect(Model.concat(count: 0, schedule: []) == [.completed])
    }

    @Test func materializeTurnsEveryEventIntoAValueThenCompletes() {
        #expect(Model.materialize([n(1), .error(e1)]) == [.next(.event(n(1))), .next(.event(.error(e1))), .completed])
        #expect(Model.materialize([n(1)]) == [.next(.event(n(1)))])
    }

    @Test func dematerializeIsTheInverseOfMaterialize() {
        for trace: Trace in [[n(1), .error(e1)], [n(1), n(2), .completed], [n(3)], [], [.completed]] {
            #expect(Model.dematerialize(Model.materialize(trace)) == trace)
        }
        #expect(Model.dematerialize([.next(.event(.completed)), .next(.event(n(1)))]) == [.completed])
    }

    @Test func pipelineDematerializeUnwrapsEventValuesAndWrapsOthers() {
        let inner = Pipeline.materialize(.source(Source(events: [n(1), .error(e1)], style: .literal)))
        // materialize then the pipeline's dematerialize gives back the original trace.
        #expect(Pipeline.dematerialize(inner).modelTrace == [n(1), .error(e1)])
        let plain = Pipeline.source(Source(events: [n(4), .completed], style: .creators))
        #expect(Pipeline.dematerialize(plain).modelTrace == [n(4), .completed])
    }

    @Test func innerFamilyPicksByLeafSumAndPairsWithTheValue() {
        let family = InnerFamily(choices: [
            .source(Source(events: [n(0), .completed], style: .literal)),
            .source(Source(events: [n(1)], style: .literal)),
        ], pairsWithValue: true)
        #expect(family.modelTrace(for: .int(3)) == [pair(3, 1)])
        #expect(family.modelTrace(for: .int(-4)) == [pair(-4, 0), .completed])
    }
}

@Suite struct GeneratorAndShrinkerTests {
    @Test func theSameSeedGivesTheSamePipelines() {
        var a = PipelineGenerator(seed: 42), b = PipelineGenerator(seed: 42)
        for _ in 0..<200 { #expect(a.pipeline() == b.pipeline()) }
    }

    @Test func generatedPipelinesReachDepthSixAndObeyTheGrammar() {
        var generator = PipelineGenerator(seed: 7)
        var maxDepth = 0
        for _ in 0..<2_000 {
            let pipeline = generator.pipeline()
            maxDepth = max(maxDepth, pipeline.depth)
            #expect(pipeline.depth <= 6)
            #expect(pipeline.modelTrace.obeysGrammar)
        }
        #expect(maxDepth == 6)
    }

    @Test func shrinkingFindsAMinimalPipelineForAPlantedFault() {
        // Planted fault: "the output contains error(e2)". Minimal: a source with just that error.
        var generator = PipelineGenerator(seed: 1)
        var shrunkAny = false
        for _ in 0..<500 {
            let pipeline = generator.pipeline()
            let fails = { (p: Pipeline) in p.modelTrace.contains(.error(TestError(2))) }
            guard fails(pipeline) else { continue }
            let minimal = Shrinker.shrink(pipeline, fails: fails)
            #expect(minimal == .source(Source(events: [.error(TestError(2))], style: .literal)), "\(pipeline)")
            shrunkAny = true
        }
        #expect(shrunkAny)
    }

    @Test func everyOperatorRowIsGeneratedAndBuildsItsOwnOperator() {
        var generator = PipelineGenerator(seed: 11)
        var seen: Set<String> = []
        for _ in 0..<3_000 { seen.formUnion(generator.pipeline().operatorNames) }
        #expect(seen == Set(PipelineGenerator.operatorNames))
        #expect(PipelineGenerator.operatorNames.count == Set(PipelineGenerator.operatorNames).count, "row names are unique")
    }

    @Test func anExcludedOperatorIsNeverGenerated() {
        let excluded: Set<String> = ["map", "take", "flatten"]
        var generator = PipelineGenerator(seed: 12, excluded: excluded)
        for _ in 0..<1_000 { #expect(generator.pipeline().operatorNames.isDisjoint(with: excluded)) }
    }

    @Test func everyShrinkCandidateIsNoLarger() {
        var generator = PipelineGenerator(seed: 3)
        for _ in 0..<200 {
            let pipeline = generator.pipeline()
            for candidate in Shrinker.candidates(pipeline) { #expect(candidate.size <= pipeline.size) }
        }
    }
}

@Suite struct HotReferenceModelTests {
    @Test func flattenOfSubjectsSeesOnlyWhatEachSubjectSendsAfterItIsSubscribed() {
        let schedule: [(source: Int, event: MEvent)] = [
            (1, n(100)), (0, n(0)), (1, n(1)), (0, n(1)), (2, n(2)), (1, n(3)), (0, .completed),
            (1, .completed), (2, n(4)), (2, .completed),
        ]
        #expect(Model.flatten(innerCount: 2, schedule: schedule) == [n(1), n(2), n(3), n(4), .completed])
    }

    @Test func flattenOfTheSameSubjectTwiceDeliversEachValueTwice() {
        let schedule: [(source: Int, event: MEvent)] = [(0, n(0)), (0, n(0)), (1, n(7)), (1, .error(e1))]
        #expect(Model.flatten(innerCount: 1, schedule: schedule) == [n(7), n(7), .error(e1)])
    }

    @Test func flattenOfAnAlreadyFailedSubjectFailsAtOnce() {
        let schedule: [(source: Int, event: MEvent)] = [(1, .error(e2)), (0, n(0)), (0, n(0))]
        #expect(Model.flatten(innerCount: 1, schedule: schedule) == [.error(e2)])
    }

    @Test func concatOfSubjectsRunsOneAtATimeInArrivalOrder() {
        let schedule: [(source: Int, event: MEvent)] = [
            (0, n(1)), (0, n(0)), (1, n(10)), (2, n(20)), (2, n(21)), (0, .completed), (2, .completed),
            (1, n(11)), (1, .completed),
        ]
        // Subject 0 (source 1) waits for subject 1 (source 2) and misses the 10 it sends while
        // waiting; once subject 1 completed, subject 0's 11 flows; it completes last.
        #expect(Model.concatAll(innerCount: 2, schedule: schedule) == [n(20), n(21), n(11), .completed])
    }

    @Test func concatOfSubjectsForwardsTheOuterErrorWhileAnInnerRuns() {
        let schedule: [(source: Int, event: MEvent)] = [(0, n(0)), (1, n(5)), (0, .error(e1)), (1, n(6))]
        #expect(Model.concatAll(innerCount: 1, schedule: schedule) == [n(5), .error(e1)])
    }
}
