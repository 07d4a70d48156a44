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
