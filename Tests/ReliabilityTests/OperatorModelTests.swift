// The reference model of the everyday operators checked against hand-computed expectations,
// so that the fuzzer's oracle is itself tested. Every expected trace was worked out by hand
// from the operators' written rules.

import Testing

private func n(_ value: Int) -> MEvent { .next(.int(value)) }
private func array(_ values: Int...) -> MEvent { .next(.array(values.map(DValue.int))) }
private let e1 = TestError(1)
private func odd(_ value: DValue) -> Bool { value.leafSum % 2 != 0 }

@Suite struct TransformModelTests {
    @Test func compactMapKeepsTheNonNilResults() {
        #expect(Model.compactMap([n(1), n(2), n(3), .completed]) { odd($0) ? .int($0.leafSum * 10) : nil }
                == [n(10), n(30), .completed])
        #expect(Model.compactMap([n(2), .error(e1)]) { _ in nil } == [.error(e1)])
    }

    @Test func scanEmitsEveryAccumulationButNotTheSeed() {
        let sum = { (a: DValue, b: DValue) in DValue.int(a.leafSum + b.leafSum) }
        #expect(Model.scan([n(1), n(2), n(3), .completed], .int(10), sum) == [n(11), n(13), n(16), .completed])
        #expect(Model.scan([.completed], .int(10), sum) == [.completed])
        #expect(Model.scan([n(1), .error(e1)], .int(0), sum) == [n(1), .error(e1)])
    }

    @Test func reduceEmitsTheLastAccumulationOrTheSeedOnCompletion() {
        let sum = { (a: DValue, b: DValue) in DValue.int(a.leafSum + b.leafSum) }
        #expect(Model.reduce([n(1), n(2), n(3), .completed], .int(10), sum) == [n(16), .completed])
        #expect(Model.reduce([.completed], .int(10), sum) == [n(10), .completed])
        #expect(Model.reduce([n(1), .error(e1)], .int(0), sum) == [.error(e1)])
        #expect(Model.reduce([n(1)], .int(0), sum) == [])
    }

    @Test func collectEmitsOneArrayOnCompletion() {
        #expect(Model.collect([n(1), n(2), .completed]) == [array(1, 2), .completed])
        #expect(Model.collect([.completed]) == [.next(.array([])), .completed])
        #expect(Model.collect([n(1), .error(e1)]) == [.error(e1)])
        #expect(Model.collect([n(1)]) == [])
    }

    @Test func collectCountEmitsFullChunksThenThePartialRestOnCompletion() {
        #expect(Model.collect([n(1), n(2), n(3), n(4), n(5), .completed], count: 2)
                == [array(1, 2), array(3, 4), array(5), .completed])
        #expect(Model.collect([n(1), n(2), .completed], count: 2) == [array(1, 2), .completed])
        #expect(Model.collect([n(1), n(2), n(3), .error(e1)], count: 2) == [array(1, 2), .error(e1)])
    }

    @Test func combinePreviousPairsEachValueWithTheOneBefore() {
        #expect(Model.combinePrevious([n(1), n(2), n(3), .completed], .int(0))
                == [array(0, 1), array(1, 2), array(2, 3), .completed])
        #expect(Model.combinePrevious([.error(e1)], .int(0)) == [.error(e1)])
    }

    @Test func scanWithoutSeedSendsTheFirstValueThenEveryAccumulation() {
        let sum = { (a: DValue, b: DValue) in DValue.int(a.leafSum + b.leafSum) }
        #expect(Model.scan([n(5), n(1), n(2), .completed], sum) == [n(5), n(6), n(8), .completed])
        #expect(Model.scan([.completed], sum) == [.completed])
        #expect(Model.scan([n(1), .error(e1)], sum) == [n(1), .error(e1)])
    }

    @Test func pairwisePairsFromTheSecondValueOn() {
        #expect(Model.pairwise([n(1), n(2), n(3), .completed]) == [array(1, 2), array(2, 3), .completed])
        #expect(Model.pairwise([n(1), .completed]) == [.completed])
        #expect(Model.pairwise([n(1), n(2), .error(e1)]) == [array(1, 2), .error(e1)])
    }

    @Test func enumeratedCountsFromZero() {
        #expect(Model.enumerated([n(7), n(8), .completed]) == [array(0, 7), array(1, 8), .completed])
        #expect(Model.enumerated([n(7), .error(e1)]) == [array(0, 7), .error(e1)])
    }

    @Test func chunkedOnSendsEachRunOfOneKeyWhenTheKeyChangesAndOnCompletion() {
        let parity = { (v: DValue) in DValue.int(v.leafSum % 2) }
        let chunk = { (key: Int, values: [Int]) in MEvent.next(.array([.int(key), .array(values.map(DValue.int))])) }
        #expect(Model.chunked([n(1), n(3), n(2), n(5), .completed], on: parity)
                == [chunk(1, [1, 3]), chunk(0, [2]), chunk(1, [5]), .completed])
        #expect(Model.chunked([.completed], on: parity) == [.completed])
        #expect(Model.chunked([n(1), n(2), n(4), .error(e1)], on: parity) == [chunk(1, [1]), .error(e1)])
    }

    @Test func ignoreValuesAndMapErrorTouchOnlyWhatTheyShould() {
        #expect(Model.ignoreValues([n(1), n(2), .completed]) == [.completed])
        #expect(Model.ignoreValues([n(1)]) == [])
        #expect(Model.mapError([n(1), .error(e1)]) { TestError($0.code + 5) } == [n(1), .error(TestError(6))])
        #expect(Model.mapError([n(1), .completed]) { _ in TestError(9) } == [n(1), .completed])
    }
}

@Suite struct FilterModelTests {
    @Test func takeCompletesAfterNValuesAndTakeZeroCompletesAtOnce() {
        #expect(Model.take([n(1), n(2), n(3), .completed], 2) == [n(1), n(2), .completed])
        #expect(Model.take([n(1), n(2)], 2) == [n(1), n(2), .completed])
        #expect(Model.take([n(1), .error(e1)], 2) == [n(1), .error(e1)])
        #expect(Model.take([.error(e1)], 0) == [.completed])
        #expect(Model.take([], 0) == [.completed])
    }

    @Test func takeWhileCompletesAtTheFirstFailingValueWithoutIt() {
        #expect(Model.take([n(1), n(3), n(4), n(5), .completed], while: odd) == [n(1), n(3), .completed])
        #expect(Model.take([n(1), .error(e1)], while: odd) == [n(1), .error(e1)])
    }

    @Test func takeWhileInclusiveSendsTheFirstFailingValueThenCompletes() {
        #expect(Model.take([n(1), n(3), n(4), n(5), .completed], whileInclusive: odd) == [n(1), n(3), n(4), .completed])
        #expect(Model.take([n(1), .completed], whileInclusive: odd) == [n(1), .completed])
        #expect(Model.take([n(1), .error(e1)], whileInclusive: odd) == [n(1), .error(e1)])
    }

    @Test func takeLastEmitsTheLastValuesOnCompletion() {
        #expect(Model.takeLast([n(1), n(2), n(3), .completed], 2) == [n(2), n(3), .completed])
        #expect(Model.takeLast([n(1), .completed], 2) == [n(1), .completed])
        #expect(Model.takeLast([n(1), n(2), .completed], 0) == [.completed])
        #expect(Model.takeLast([n(1), .error(e1)], 2) == [.error(e1)])
        #expect(Model.takeLast([n(1)], 2) == [])
    }

    @Test func skipAndSkipWhileDropALeadingPart() {
        #expect(Model.skip([n(1), n(2), n(3), .completed], 2) == [n(3), .completed])
        #expect(Model.skip([n(1), .error(e1)], 0) == [n(1), .error(e1)])
        #expect(Model.skip([n(1), n(3), n(4), n(5), .completed], while: odd) == [n(4), n(5), .completed])
    }

    @Test func distinctUntilChangedComparesWithTheLastEmittedValue() {
        #expect(Model.distinctUntilChanged([n(1), n(1), n(2), n(1), n(1), .completed], by: ==)
                == [n(1), n(2), n(1), .completed])
        // Not transitive: 4 is close to 3 (dropped); 5 is compared with 3, the last emitted.
        let close = { (a: DValue, b: DValue) in abs(a.leafSum - b.leafSum) <= 1 }
        #expect(Model.distinctUntilChanged([n(3), n(4), n(5), n(6), .completed], by: close) == [n(3), n(5), .completed])
    }

    @Test func firstAndFirstWhereCompleteAfterOneValueOrWithoutOne() {
        #expect(Model.first([n(2), n(3), n(5), .completed], where: odd) == [n(3), .completed])
        #expect(Model.first([n(2), .completed], where: odd) == [.completed])
        #expect(Model.first([n(2), .error(e1)], where: odd) == [.error(e1)])
        #expect(Model.first([n(2), n(3)], where: odd) == [n(3), .completed])
    }

    @Test func lastEmitsTheLastValueOnCompletion() {
        #expect(Model.last([n(1), n(2), .completed]) == [n(2), .completed])
        #expect(Model.last([.completed]) == [.completed])
        #expect(Model.last([n(1), .error(e1)]) == [.error(e1)])
    }

    @Test func replaceEmptyEmitsTheValueOnlyForAnEmptySource() {
        #expect(Model.replaceEmpty([.completed], with: .int(7)) == [n(7), .completed])
        #expect(Model.replaceEmpty([n(1), .completed], with: .int(7)) == [n(1), .completed])
        #expect(Model.replaceEmpty([.error(e1)], with: .int(7)) == [.error(e1)])
    }

    @Test func countAllSatisfyAndContainsEmitOneValue() {
        #expect(Model.count([n(5), n(5), .completed]) == [n(2), .completed])
        #expect(Model.count([.completed]) == [n(0), .completed])
        #expect(Model.allSatisfy([n(1), n(3), .completed], odd) == [n(1), .completed])
        #expect(Model.allSatisfy([n(1), n(2), n(3)], odd) == [n(0), .completed])
        #expect(Model.allSatisfy([n(1), .error(e1)], odd) == [.error(e1)])
        #expect(Model.contains([n(2), n(3), n(4)], where: odd) == [n(1), .completed])
        #expect(Model.contains([n(2), .completed], where: odd) == [n(0), .completed])
        #expect(Model.contains([n(2), .error(e1)], where: odd) == [.error(e1)])
    }
}

@Suite struct TriggerModelTests {
    @Test func skipUntilASynchronousTriggerLetsEverythingOrNothingThrough() {
        #expect(Model.skip([n(1), n(2), .completed], untilTrigger: [n(0)]) == [n(1), n(2), .completed])
        #expect(Model.skip([n(1), n(2), .completed], untilTrigger: [.completed]) == [.completed])
        #expect(Model.skip([n(1), .error(e1)], untilTrigger: []) == [.error(e1)])
    }

    @Test func skipUntilAHotTriggerOpensAtItsFirstValue() {
        let schedule: [(source: Int, event: MEvent)] = [
            (0, n(1)), (1, n(0)), (0, n(2)), (1, .completed), (0, n(3)), (0, .completed), (0, n(4)),
        ]
        #expect(Model.skipUntil(schedule: schedule) == [n(2), n(3), .completed])
        // A trigger that completes without a value keeps the gate shut.
        #expect(Model.skipUntil(schedule: [(1, .completed), (1, n(0)), (0, n(1)), (0, .completed)]) == [.completed])
    }
}

@Suite struct CombineAndErrorModelTests {
    private let e2 = TestError(2)

    @Test func zipPairsInOrderAndCompletesWhenACompletedSourceIsUsedUp() {
        #expect(Model.zip([[n(1), n(2), n(3), .completed], [n(10), n(20), .completed]])
                == [array(1, 10), array(2, 20), .completed])
        // The first source completed with a value still buffered: the output waits for it.
        #expect(Model.zip(count: 2, schedule: [(0, n(1)), (0, n(2)), (0, .completed), (1, n(10)), (1, n(20)), (1, n(30))])
                == [array(1, 10), array(2, 20), .completed])
        #expect(Model.zip([[.completed], [n(1), .completed]]) == [.completed])
        #expect(Model.zip([[n(1)], [n(2), .error(e1)]]) == [array(1, 2), .error(e1)])
        #expect(Model.zip([[n(1), n(2)], [n(3)]]) == [array(1, 3)])
    }

    @Test func thenDropsTheValuesAndContinuesOnCompletion() {
        #expect(Model.then([n(1), n(2), .completed], [n(10), .completed]) == [n(10), .completed])
        #expect(Model.then([n(1), .error(e1)], [n(10), .completed]) == [.error(e1)])
        #expect(Model.then([n(1)], [n(10), .completed]) == [])
    }

    @Test func raceIsWonByTheFirstSourceToSendAnything() {
        #expect(Model.race([[], [.completed], [n(1), .completed]]) == [.completed])
        #expect(Model.race([[n(1)], [n(2), .completed]]) == [n(1)])
        #expect(Model.race([[], []]) == [])
    }

    @Test func catchSwitchesToTheHandlersSignalOnAnError() {
        let handler = { (error: TestError) -> Trace in [n(error.code * 100), .completed] }
        #expect(Model.catch([n(1), .error(e2)], handler) == [n(1), n(200), .completed])
        #expect(Model.catch([n(1), .completed], handler) == [n(1), .completed])
        #expect(Model.replaceError([n(1), .error(e1)], with: .int(7)) == [n(1), n(7), .completed])
    }

    @Test func retryResubscribesUpToNMoreTimes() {
        #expect(Model.retry([n(1), .error(e1)], 2) == [n(1), n(1), n(1), .error(e1)])
        #expect(Model.retry([n(1), .completed], 2) == [n(1), .completed])
        #expect(Model.retry([.error(e1)], 0) == [.error(e1)])
    }

    @Test func repeatSubscribesNTimesInAll() {
        #expect(Model.repeat([n(1), n(2), .completed], 2) == [n(1), n(2), n(1), n(2), .completed])
        #expect(Model.repeat([n(1), .completed], 0) == [.completed])
        #expect(Model.repeat([n(1), .error(e1)], 3) == [n(1), .error(e1)])
        #expect(Model.repeat([n(1)], 3) == [n(1)])
    }

    @Test func flattenStrategiesOverSynchronousInners() {
        let inners: [DValue: Trace] = [.int(1): [n(10), .completed], .int(2): [n(20)], .int(3): [n(30), .completed]]
        let source: Trace = [n(1), n(2), n(3), .completed]
        // merge: every inner; the endless one keeps the output from completing.
        #expect(Model.flatten(source, limit: .max) { inners[$0]! } == [n(10), n(20), n(30)])
        // concat: inner 3 waits forever behind the endless inner 2.
        #expect(Model.flatten(source, limit: 1) { inners[$0]! } == [n(10), n(20)])
        #expect(Model.flatten(source, limit: 2) { inners[$0]! } == [n(10), n(20), n(30)])
        // latest: inner 2 is disposed when 3 arrives; 3 completes, so the output completes.
        #expect(Model.switchToLatest(source) { inners[$0]! } == [n(10), n(20), n(30), .completed])
        #expect(Model.switchToLatest([n(3), n(2), .completed]) { inners[$0]! } == [n(30), n(20)])
        // first: 3 is dropped while the endless 2 runs.
        #expect(Model.flattenFirst(source) { inners[$0]! } == [n(10), n(20)])
        #expect(Model.flattenFirst([n(1), n(3), .completed]) { inners[$0]! } == [n(10), n(30), .completed])
    }

    @Test func takeUntilCompletesAtTheTriggersFirstValue() {
        #expect(Model.take([n(1), .completed], untilTrigger: [n(0)]) == [.completed])
        #expect(Model.take([n(1), .completed], untilTrigger: [.completed]) == [n(1), .completed])
        let schedule: [(source: Int, event: MEvent)] = [(0, n(1)), (1, .completed), (0, n(2)), (1, n(0)), (0, n(3))]
        // The trigger completed first: its later value is ignored, and nothing ends the output.
        #expect(Model.takeUntil(schedule: schedule) == [n(1), n(2), n(3)])
        #expect(Model.takeUntil(schedule: [(0, n(1)), (1, n(0)), (0, n(2))]) == [n(1), .completed])
    }

    @Test func withLatestFromAndSampleOnHotSources() {
        let schedule: [(source: Int, event: MEvent)] = [
            (0, n(1)), (1, n(10)), (0, n(2)), (1, n(11)), (1, .completed), (0, n(3)), (0, .completed),
        ]
        #expect(Model.withLatestFrom(schedule: schedule) == [array(2, 10), array(3, 11), .completed])
        let ticks: [(source: Int, event: MEvent)] = [
            (1, n(0)), (0, n(1)), (0, n(2)), (1, n(0)), (1, n(0)), (0, n(3)), (1, .completed), (1, n(0)), (0, .completed),
        ]
        // The trigger's completion sends the pending 3 and completes.
        #expect(Model.sample(schedule: ticks) == [n(2), n(3), .completed])
        // The source's completion waits for the next trigger value to send the pending value.
        #expect(Model.sample(schedule: [(0, n(1)), (0, .completed), (1, n(0))]) == [n(1), .completed])
        #expect(Model.sample(schedule: [(0, n(1)), (1, n(0)), (0, .completed), (1, n(0))]) == [n(1), .completed])
    }

    @Test func sharedSignalsReconnectOrReplayAsDocumented() {
        let finite: Trace = [n(1), n(2), .completed]
        // share: the first subscriber ran it to its end; the second connects anew.
        #expect(Model.shared(finite, replay: 0, keepsCache: false, copies: 2) == [n(1), n(2), n(1), n(2), .completed])
        // replayLazily: the second gets the cache (the last value) and the terminal event.
        #expect(Model.shared(finite, replay: 1, keepsCache: true, copies: 2) == [n(1), n(2), n(2), .completed])
        // Still connected: later subscribers get the replay only.
        #expect(Model.shared([n(1), n(2)], replay: 1, keepsCache: false, copies: 3) == [n(1), n(2), n(2), n(2)])
        #expect(Model.shared([n(1), .error(e1)], replay: 0, keepsCache: false, copies: 2) == [n(1), .error(e1)])
    }

    @Test func switchToLatestOfSubjectsListensOnlyToTheLatestInner() {
        let schedule: [(source: Int, event: MEvent)] = [
            (0, n(0)), (1, n(1)), (0, n(1)), (1, n(2)), (2, n(3)), (0, .completed), (2, .completed), (1, .completed),
        ]
        #expect(Model.switchToLatest(innerCount: 2, schedule: schedule) == [n(1), n(3), .completed])
    }
}
