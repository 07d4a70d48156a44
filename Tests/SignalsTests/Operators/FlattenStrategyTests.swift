// The flatten strategies: `.merge` (all at once), `.concat` and `.concurrent(limit:)` (at most
// `limit` at once, the rest queued in arrival order), `.latest` (a new inner signal disposes
// the previous one), `.first` (inner signals that arrive while one runs are ignored), and
// the one-liners named after them.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

/// Every strategy, for the rules they share.
private let allStrategies: [FlattenStrategy] = [.merge, .concat, .latest, .first, .concurrent(limit: 2)]

@Suite struct FlattenStrategyTests {
    // MARK: Rules shared by every strategy

    @Test(arguments: allStrategies)
    func aSynchronousOuterOfSynchronousInnersDeliversEveryValueInOrder(strategy: FlattenStrategy) {
        // When
        let recorder = Signal.from(0..<4).map { Signal<Int, Never>.from([$0, $0 * 10]) }.flatten(strategy).record()
        // Then
        #expect(recorder.events == [.next(0), .next(0), .next(1), .next(10), .next(2), .next(20), .next(3), .next(30), .completed])
    }

    @Test(arguments: allStrategies)
    func anEmptyOuterCompletesAtOnce(strategy: FlattenStrategy) {
        #expect(Signal<Signal<Int, Never>, Never>.empty.flatten(strategy).record().events == [.completed])
    }

    @Test(arguments: allStrategies)
    func anOuterErrorFailsTheOutputAndDisposesTheRunningInner(strategy: FlattenStrategy) {
        // Given
        let outer = Subject<Signal<Int, TestError>, TestError>()
        let a = SpySource<Int, TestError>()
        let recorder = outer.signal.flatten(strategy).record()
        outer.send(value: a.signal)
        a.send(value: 1)
        // When
        outer.send(error: TestError(1))
        a.send(value: 2)
        // Then
        #expect(recorder.events == [.next(1), .error(TestError(1))])
        #expect(a.disposals.count == 1)
    }

    @Test(arguments: allStrategies)
    func anInnerErrorFailsTheOutputAndDisposesTheOuter(strategy: FlattenStrategy) {
        // Given
        let outer = SpySource<Signal<Int, TestError>, TestError>()
        let a = SpySource<Int, TestError>()
        let recorder = outer.signal.flatten(strategy).record()
        outer.send(value: a.signal)
        // When
        a.send(error: TestError(2))
        outer.send(value: .just(3))
        // Then
        #expect(recorder.events == [.error(TestError(2))])
        #expect(outer.disposals.count == 1)
        #expect(a.disposals.count == 1)
    }

    @Test(arguments: allStrategies)
    func waitsForTheOuterAndEveryStartedInnerToComplete(strategy: FlattenStrategy) {
        // Given
        let outer = Subject<Signal<Int, Never>, Never>()
        let a = Subject<Int, Never>()
        let recorder = outer.signal.flatten(strategy).record()
        outer.send(value: a.signal)
        // When / Then: the inner is still running when the outer completes.
        outer.sendCompleted()
        a.send(value: 1)
        #expect(recorder.events == [.next(1)])
        a.sendCompleted()
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test(arguments: allStrategies)
    func disposingMidStreamDisposesTheOuterAndEveryRunningInnerOnce(strategy: FlattenStrategy) {
        // Given
        let outer = SpySource<Signal<Int, Never>, Never>()
        let a = SpySource<Int, Never>(), b = SpySource<Int, Never>()
        let recorder = outer.signal.flatten(strategy).record()
        outer.send(value: a.signal)
        outer.send(value: b.signal)
        a.send(value: 1)
        b.send(value: 2)
        let before = recorder.events
        // When
        recorder.dispose()
        a.send(value: 3)
        b.send(value: 4)
        outer.send(value: .just(5))
        a.sendCompleted()
        recorder.dispose()
        // Then: nothing after, and each subscription that was made is disposed exactly once.
        #expect(recorder.events == before)
        #expect(outer.disposals.count == 1)
        #expect(a.disposals.count == a.subscriptions.count)
        #expect(b.disposals.count == b.subscriptions.count)
        #expect(a.subscriptions.count == 1)
    }

    @Test(arguments: allStrategies)
    func anInnerThatSendsIntoTheOuterFromACallbackIsHandledInOrder(strategy: FlattenStrategy) {
        // Given: each value received sends the next inner signal into the outer subject.
        let outer = Subject<Signal<Int, Never>, Never>()
        let received = Locked<[Int]>([])
        let completed = Flag()
        outer.signal.flatten(strategy).subscribe(next: { value in
            received.append(value)
            if value < 3 { outer.send(value: .from([value + 1])) } else { outer.sendCompleted() }
        }, completed: { completed.set() })
        // When
        outer.send(value: .from([0]))
        // Then
        #expect(received.value == [0, 1, 2, 3])
        #expect(completed.isSet)
    }

    @Test(arguments: allStrategies)
    func innersSendingOnOtherThreadsReachTheOutputSerialised(strategy: FlattenStrategy) {
        // Given: two inner signals (only one runs under .concat, .latest and .first).
        let outer = Subject<Signal<Int, Never>, Never>()
        let inners = [Subject<Int, Never>(), Subject<Int, Never>()]
        let inside = Counter(), overlaps = Counter(), received = Counter()
        outer.signal.flatten(strategy).subscribe(next: { _ in
            if inside.increment() > 1 { overlaps.increment() }
            received.increment()
            inside.decrement()
        })
        for inner in inners { outer.send(value: inner.signal) }
        // When
        runConcurrently(2) { index in
            for value in 0..<2_000 { inners[index].send(value: value) }
        }
        // Then
        #expect(overlaps.count == 0)
        let expected = strategy == .merge || strategy == .concurrent(limit: 2) ? 4_000 : 2_000
        #expect(received.count == expected)
    }

    @Test(arguments: allStrategies)
    func nothingCapturedOutlivesCompletion(strategy: FlattenStrategy) {
        let outer = Subject<Int, Never>(), inner = Subject<Int, Never>()
        let recorder = expectReleased({ token in
            outer.signal.flattenMap(strategy) { _ in _ = token; return inner.signal }
        }, after: { _ in
            outer.send(value: 1)
            outer.send(value: 2)
            inner.send(value: 10)
            outer.sendCompleted()
            inner.sendCompleted()
        })
        #expect(recorder.isCompleted)
    }

    @Test(arguments: allStrategies)
    func nothingCapturedOutlivesAnError(strategy: FlattenStrategy) {
        let outer = Subject<Int, Oops>(), inner = Subject<Int, Oops>()
        let recorder = expectReleased({ token in
            outer.signal.flattenMap(strategy) { _ in _ = token; return inner.signal }
        }, after: { _ in
            outer.send(value: 1)
            outer.send(value: 2)
            inner.send(error: Oops())
        })
        #expect(recorder.error == Oops())
    }

    @Test(arguments: allStrategies)
    func nothingCapturedOutlivesDispose(strategy: FlattenStrategy) {
        let outer = Subject<Int, Never>(), inner = Subject<Int, Never>()
        expectReleased({ token in
            outer.signal.flattenMap(strategy) { _ in _ = token; return inner.signal }
        }, after: { recorder in
            outer.send(value: 1)
            outer.send(value: 2)
            recorder.dispose()
        })
    }

    @Test(arguments: allStrategies)
    func asynchronousInnersOnOtherThreadsKeepTheGrammarAndSerialiseTheOutput(strategy: FlattenStrategy) {
        // Given: 200 inner signals, each sending two values then completing on a thread of
        // its own (not a global queue, which the test runner's own threads may occupy).
        let count = 200
        let threads = Locked<[TestThread]>([])
        let inside = Counter(), overlaps = Counter()
        let events = Locked<[Event<Int, Never>]>([])
        let outer = Signal.from(0..<count).map { index in
            Signal<Int, Never> { observer in
                threads.append(TestThread {
                    observer.send(value: index * 2)
                    observer.send(value: index * 2 + 1)
                    observer.sendCompleted()
                })
                return nil
            }
        }
        // When
        outer.flatten(strategy).subscribe(Observer { event in
            if inside.increment() > 1 { overlaps.increment() }
            events.append(event)
            inside.decrement()
        })
        // Then
        #expect(waitUntil { events.value.last?.isTerminating == true }, "the output completes")
        for thread in threads.value { thread.join() }
        let recorded = events.value
        let values = recorded.compactMap(\.value)
        #expect(overlaps.count == 0)
        #expect(recorded.filter(\.isTerminating) == [.completed])
        switch strategy {
        case .concat:
            #expect(values == Array(0..<count * 2), "one inner at a time, in order")
        case .merge, .concurrent(limit: 2):
            #expect(values.sorted() == Array(0..<count * 2), "every value exactly once")
        default:  // .latest, .first
            #expect(Set(values).count == values.count, "no value twice")
        }
    }

    @Test func concurrentNeverRunsMoreThanItsLimitWithInnersEndingOnOtherThreads() {
        // Given: inner signals that count how many of them run at once.
        let running = Counter(), peak = Locked(0)
        let threads = Locked<[TestThread]>([])
        let outer = Signal.from(0..<100).map { index in
            Signal<Int, Never> { observer in
                let now = running.increment()
                peak.withLock { $0 = max($0, now) }
                threads.append(TestThread {
                    observer.send(value: index)
                    running.decrement()
                    observer.sendCompleted()
                })
                return nil
            }
        }
        // When
        let recorder = outer.flatten(.concurrent(limit: 3)).record()
        // Then
        #expect(waitUntil { recorder.isCompleted })
        for thread in threads.value { thread.join() }
        #expect(recorder.values.sorted() == Array(0..<100))
        #expect(peak.value <= 3)
    }

    // MARK: The documented examples

    @Test func theDocumentedExamplesPrintWhatTheySay() {
        let outer = Signal.from([Signal.from([1, 2]), Signal.from([3])])
        #expect(outer.flatten(.concat).record().values == [1, 2, 3])
        #expect(Signal.from([1, 2]).flattenMap(.concat) { n in Signal.from([n, n * 10]) }.record().values == [1, 10, 2, 20])
        #expect(Signal.from([1, 2]).flatMap(.concat) { n in Signal.from([n, n * 100]) }.record().values == [1, 100, 2, 200])
        let four = Signal.from([Signal.from([1, 2]), Signal.from([3, 4])])
        #expect(four.flatten(.concurrent(limit: 1)).record().values == [1, 2, 3, 4])
        #expect(Signal.from([Signal.from([1, 2]), Signal.just(3)]).concat().record().values == [1, 2, 3])
        #expect(Signal.from([1, 2]).concatMap { n in Signal.from([n, n * 10]) }.record().values == [1, 10, 2, 20])

        let switching = Subject<Signal<Int, Never>, Never>()
        let a = Subject<Int, Never>(), b = Subject<Int, Never>()
        let switched = switching.signal.switchToLatest().record()
        switching.send(value: a.signal); a.send(value: 1); switching.send(value: b.signal)
        a.send(value: 2); b.send(value: 3)
        #expect(switched.values == [1, 3])

        let query = Subject<String, Never>()
        let answers = ["s": Subject<String, Never>(), "sw": Subject<String, Never>()]
        let latest = query.signal.flatMapLatest { answers[$0]!.signal }.record()
        query.send(value: "s"); query.send(value: "sw")
        answers["s"]!.send(value: "stale"); answers["sw"]!.send(value: "swift")
        #expect(latest.values == ["swift"])

        let taps = Subject<Int, Never>(), request = Subject<String, Never>()
        let first = taps.signal.flatMapFirst { _ in request.signal }.record()
        taps.send(value: 1); taps.send(value: 2); request.send(value: "once")
        #expect(first.values == ["once"])

        let c = Subject<Int, Never>(), d = Subject<Int, Never>()
        let limited = Signal.from([c.signal, d.signal, .just(3)]).merge(maxConcurrent: 2).record()
        d.send(value: 2); c.sendCompleted()
        #expect(limited.values == [2, 3])
    }

    @Test func flattenMergeIsFlatten() {
        let outer = Signal.from([Signal.from([1, 2]), Signal.just(3)])
        #expect(outer.flatten(.merge).record().events == outer.flatten().record().events)
    }

    // MARK: .merge

    @Test func mergeRunsEveryInnerAtOnce() {
        // Given
        let outer = Subject<Signal<Int, Never>, Never>()
        let a = Subject<Int, Never>(), b = Subject<Int, Never>()
        let recorder = outer.signal.flatten(.merge).record()
        outer.send(value: a.signal)
        outer.send(value: b.signal)
        // When
        b.send(value: 1)
        a.send(value: 2)
        // Then
        #expect(recorder.values == [1, 2])
    }

    // MARK: .concurrent(limit:)

    @Test func concurrentRunsAtMostLimitInnersAndQueuesTheRestInArrivalOrder() {
        // Given
        let outer = Subject<Signal<Int, Never>, Never>()
        let sources = (0..<4).map { _ in SpySource<Int, Never>() }
        let recorder = outer.signal.merge(maxConcurrent: 2).record()
        // When
        for source in sources { outer.send(value: source.signal) }
        // Then
        #expect(sources.map(\.subscriptions.count) == [1, 1, 0, 0])
        sources[1].send(value: 1)
        sources[1].sendCompleted()
        #expect(sources.map(\.subscriptions.count) == [1, 1, 1, 0])
        sources[0].sendCompleted()
        #expect(sources.map(\.subscriptions.count) == [1, 1, 1, 1])
        sources[3].send(value: 3)
        sources[2].send(value: 2)
        outer.sendCompleted()
        sources[2].sendCompleted()
        #expect(!recorder.isCompleted)
        sources[3].sendCompleted()
        #expect(recorder.events == [.next(1), .next(3), .next(2), .completed])
    }

    @Test func concurrentLimitTwoFollowsItsTimeline() {
        // The timeline of `flatten(_:)`'s documentation, one column per step:
        // outer:  -a-b-c---------|
        // a:       -1---2|
        // b:         -3------4|
        // c:           ..--5---|
        // output: --1-3-2--5-4---|
        let outer = Subject<Signal<Int, Never>, Never>()
        let a = Subject<Int, Never>(), b = Subject<Int, Never>(), c = SpySource<Int, Never>()
        let recorder = outer.signal.flatten(.concurrent(limit: 2)).record()
        outer.send(value: a.signal)   // 1
        a.send(value: 1)              // 2
        outer.send(value: b.signal)   // 3
        b.send(value: 3)              // 4
        outer.send(value: c.signal)   // 5: two run, c waits
        #expect(c.subscriptions.count == 0)
        a.send(value: 2)              // 6
        a.sendCompleted()             // 7: c starts
        #expect(c.subscriptions.count == 1)
        c.send(value: 5)              // 9
        b.send(value: 4)              // 11
        b.sendCompleted()             // 12
        c.sendCompleted()             // 13
        #expect(!recorder.isCompleted)
        outer.sendCompleted()         // 15
        #expect(recorder.events == [.next(1), .next(3), .next(2), .next(5), .next(4), .completed])
    }

    @Test func concurrentMapsAQueuedValueWhenItsTurnComes() {
        // Given
        let outer = Subject<Int, Never>()
        let gates = (0..<3).map { _ in Subject<Int, Never>() }
        let mapped = Locked<[Int]>([])
        let recorder = outer.signal.flattenMap(.concurrent(limit: 2)) { index in
            mapped.append(index)
            return gates[index].signal
        }.record()
        // When
        for index in 0..<3 { outer.send(value: index) }
        // Then
        #expect(mapped.value == [0, 1])
        gates[1].sendCompleted()
        #expect(mapped.value == [0, 1, 2])
        gates[2].send(value: 20)
        #expect(recorder.values == [20])
    }

    @Test func concurrentWithAQueueStillCompletesOnceEverythingHasRun() {
        // When: an outer of five synchronous inners, at most two at a time.
        let recorder = Signal.from(0..<5).flattenMap(.concurrent(limit: 2)) { Signal<Int, Never>.from([$0]) }.record()
        // Then
        #expect(recorder.events == [.next(0), .next(1), .next(2), .next(3), .next(4), .completed])
    }

    @Test func concurrentWithALimitBelowOneIsAProgrammerError() async {
        await #expect(processExitsWith: .failure) {
            _ = Signal<Signal<Int, Never>, Never>.empty.flatten(.concurrent(limit: 0))
        }
    }

    // MARK: .concat

    @Test func concatFollowsItsTimeline() {
        // The timeline of `concat()`'s documentation:
        // outer:  -a--b----|
        // a:       -1---2|
        // b:          ...-3-|
        // output: --1---2-3-|
        let outer = Subject<Signal<Int, Never>, Never>()
        let a = Subject<Int, Never>(), b = SpySource<Int, Never>()
        let recorder = outer.signal.concat().record()
        outer.send(value: a.signal)   // 1
        a.send(value: 1)              // 2
        outer.send(value: b.signal)   // 4: b waits
        #expect(b.subscriptions.count == 0)
        a.send(value: 2)              // 6
        a.sendCompleted()             // 7: b starts
        #expect(b.subscriptions.count == 1)
        b.send(value: 3)              // 8
        outer.sendCompleted()         // 9
        #expect(!recorder.isCompleted)
        b.sendCompleted()             // 10
        #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
    }

    @Test func concatMapRunsOneInnerAtATimeInOrder() {
        // Given
        let outer = Subject<Int, Never>()
        let gates = (0..<2).map { _ in Subject<String, Never>() }
        let recorder = outer.signal.concatMap { gates[$0].signal }.record()
        outer.send(value: 0)
        outer.send(value: 1)
        // When
        gates[1].send(value: "ignored: not subscribed yet")
        gates[0].send(value: "a")
        gates[0].sendCompleted()
        gates[1].send(value: "b")
        outer.sendCompleted()
        gates[1].sendCompleted()
        // Then
        #expect(recorder.events == [.next("a"), .next("b"), .completed])
    }

    // MARK: .latest

    @Test func latestDisposesThePreviousInnerWhenANewOneArrives() {
        // Given
        let outer = Subject<Signal<Int, Never>, Never>()
        let a = SpySource<Int, Never>(), b = SpySource<Int, Never>()
        let recorder = outer.signal.switchToLatest().record()
        outer.send(value: a.signal)
        a.send(value: 1)
        // When
        outer.send(value: b.signal)
        a.send(value: 2)
        b.send(value: 3)
        // Then
        #expect(recorder.values == [1, 3])
        #expect(a.disposals.count == 1)
        #expect(b.disposals.count == 0)
    }

    @Test func switchToLatestFollowsItsTimeline() {
        // The timeline of `switchToLatest()`'s documentation:
        // outer:  -a-----b--------|
        // a:       -1--2-(disposed)
        // b:             ---3--4|
        // output: --1--2----3--4--|
        let outer = Subject<Signal<Int, Never>, Never>()
        let a = SpySource<Int, Never>(), b = Subject<Int, Never>()
        let recorder = outer.signal.switchToLatest().record()
        outer.send(value: a.signal)   // 1
        a.send(value: 1)              // 2
        a.send(value: 2)              // 5
        outer.send(value: b.signal)   // 7: a is disposed
        #expect(a.disposals.count == 1)
        a.send(value: 99)
        b.send(value: 3)              // 10
        b.send(value: 4)              // 13
        b.sendCompleted()             // 14
        #expect(!recorder.isCompleted)
        outer.sendCompleted()         // 16
        #expect(recorder.events == [.next(1), .next(2), .next(3), .next(4), .completed])
    }

    @Test func latestCompletesWhenTheOuterAndTheLastInnerHaveCompleted() {
        // Given
        let outer = Subject<Signal<Int, Never>, Never>()
        let a = Subject<Int, Never>(), b = Subject<Int, Never>()
        let recorder = outer.signal.switchToLatest().record()
        outer.send(value: a.signal)
        outer.send(value: b.signal)
        // When / Then
        outer.sendCompleted()
        #expect(!recorder.isCompleted)
        b.send(value: 1)
        b.sendCompleted()
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test func latestIgnoresAnErrorOfAnInnerItSwitchedAwayFrom() {
        // Given
        let outer = Subject<Signal<Int, TestError>, TestError>()
        let a = Subject<Int, TestError>(), b = Subject<Int, TestError>()
        let recorder = outer.signal.switchToLatest().record()
        outer.send(value: a.signal)
        outer.send(value: b.signal)
        // When
        a.send(error: TestError(1))
        b.send(value: 2)
        b.send(error: TestError(2))
        // Then
        #expect(recorder.events == [.next(2), .error(TestError(2))])
    }

    @Test func flatMapLatestKeepsOnlyTheLatestRequest() {
        // Given: type-ahead search, each query answered by a hand-driven request.
        let query = Subject<String, Never>()
        let requests = Locked<[String: Subject<String, Never>]>([:])
        let recorder = query.signal.flatMapLatest { text in
            let request = Subject<String, Never>()
            requests.withLock { $0[text] = request }
            return request.signal
        }.record()
        query.send(value: "s")
        query.send(value: "sw")
        // When: the first request answers late, after the second query.
        requests.value["s"]!.send(value: "results for s")
        requests.value["sw"]!.send(value: "results for sw")
        // Then
        #expect(recorder.values == ["results for sw"])
    }

    @Test func latestSwitchesWhenTheCurrentInnerSendsANewInnerFromItsCallback() {
        // Given
        let outer = Subject<Signal<Int, Never>, Never>()
        let a = SpySource<Int, Never>(), b = Subject<Int, Never>()
        let received = Locked<[Int]>([])
        outer.signal.switchToLatest().subscribe(next: { value in
            received.append(value)
            if value == 1 { outer.send(value: b.signal) }
        })
        outer.send(value: a.signal)
        // When
        a.send(value: 1)
        a.send(value: 2)
        b.send(value: 3)
        // Then
        #expect(received.value == [1, 3])
        #expect(a.disposals.count == 1)
    }

    // MARK: .first

    @Test func firstIgnoresInnersThatArriveWhileOneRuns() {
        // Given
        let outer = Subject<Signal<Int, Never>, Never>()
        let a = Subject<Int, Never>(), ignored = SpySource<Int, Never>(), c = Subject<Int, Never>()
        let recorder = outer.signal.flatten(.first).record()
        outer.send(value: a.signal)
        // When
        outer.send(value: ignored.signal)
        a.send(value: 1)
        a.sendCompleted()
        outer.send(value: c.signal)
        c.send(value: 3)
        // Then
        #expect(ignored.subscriptions.count == 0)
        #expect(recorder.values == [1, 3])
    }

    @Test func flatMapFirstDoesNotMapAnIgnoredValue() {
        // Given
        let taps = Subject<Int, Never>()
        let request = Subject<String, Never>()
        let mapped = Locked<[Int]>([])
        let recorder = taps.signal.flatMapFirst { tap in
            mapped.append(tap)
            return request.signal
        }.record()
        // When
        taps.send(value: 1)
        taps.send(value: 2)
        request.send(value: "once")
        // Then
        #expect(mapped.value == [1])
        #expect(recorder.values == ["once"])
    }

    // MARK: The strategy type

    @Test func strategiesAreEqualOnlyToTheSameSpellingAndPrintAsSpelled() {
        // Given: every strategy, and a limit spelled twice.
        let spelled = allStrategies.map(\.description)
        // Then
        #expect(spelled == [".merge", ".concat", ".latest", ".first", ".concurrent(limit: 2)"])
        #expect(FlattenStrategy.concurrent(limit: 2) == .concurrent(limit: 2))
        #expect(FlattenStrategy.concurrent(limit: 2) != .concurrent(limit: 3))
        #expect(FlattenStrategy.concat != .concurrent(limit: 1), "alike in behaviour, not the same strategy")
        for (index, strategy) in allStrategies.enumerated() {
            #expect(allStrategies.indices.filter { allStrategies[$0] == strategy } == [index])
        }
    }

    @Test func aSwitchOverAStrategyMatchesByEqualityWithADefaultBranch() {
        // Given: a switch as a user writes it now that strategies are not enum cases.
        func name(_ strategy: FlattenStrategy) -> String {
            switch strategy {
            case .merge: "merge"
            case .concat: "concat"
            case .concurrent(limit: 2): "two at once"
            default: "another"
            }
        }
        // Then
        #expect(allStrategies.map(name) == ["merge", "concat", "another", "another", "two at once"])
    }
}

/// A million synchronous inner signals on a 512 KiB stack, with the figures printed as in
/// `StackSafetyTests` (each runs in a child process, so an overflow fails only that test).
@Suite(.serialized) struct FlattenStrategyStackSafetyTests {
    @Test func switchToLatestOverAMillionSynchronousInners() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let count = StackSafetyTests.millionSteps
            StackSafetyTests.expectAllValues(0..<count, "switchToLatest over \(count) Signal.from([x])") {
                Signal.from(0..<count).map { Signal<Int, Never>.from([$0]) }.switchToLatest()
            }
        }
        StackSafetyTests.relay(result)
    }

    @Test func concatMapOverAMillionSynchronousInners() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let count = StackSafetyTests.millionSteps
            StackSafetyTests.expectAllValues(0..<count, "concatMap over \(count) values, each Signal.from([x])") {
                Signal.from(0..<count).concatMap { Signal<Int, Never>.from([$0]) }
            }
        }
        StackSafetyTests.relay(result)
    }

    @Test func concurrentLimitTwoOverAMillionSynchronousInners() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let count = StackSafetyTests.millionSteps
            StackSafetyTests.expectAllValues(0..<count, "flatten(.concurrent(limit: 2)) over \(count) Signal.from([x])") {
                Signal.from(0..<count).map { Signal<Int, Never>.from([$0]) }.flatten(.concurrent(limit: 2))
            }
        }
        StackSafetyTests.relay(result)
    }

    @Test func concurrentLimitTwoDrainsAQueueOfAHundredThousandInners() async {
        // The inners queue behind two that are held open, then run one after another from
        // the "inner finished" notices: the queue drains in a loop, not a recursion.
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let count = StackSafetyTests.steps(100_000)
            let (values, isCompleted) = runOnThread(stackSize: StackSafetyTests.stackSize) {
                measure("flatten(.concurrent(limit: 2)) draining a queue of \(count) Signal.from([x]) (512 KiB stack)") {
                    let gates = [Subject<Int, Never>(), Subject<Int, Never>()]
                    let held = gates.map(\.signal)
                    let rest = (0..<count).map { Signal<Int, Never>.from([$0]) }
                    let recorder = Signal.from(held + rest).flatten(.concurrent(limit: 2)).record()
                    gates[0].sendCompleted()
                    gates[1].sendCompleted()
                    return (recorder.values, recorder.isCompleted)
                }
            }
            let allInOrder = values == Array(0..<count)
            #expect(allInOrder, "values arrive exactly once, in order")
            #expect(isCompleted)
        }
        StackSafetyTests.relay(result)
    }
}
