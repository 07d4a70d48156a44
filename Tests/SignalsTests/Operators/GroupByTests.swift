// groupBy(_:): one hot signal per key, sent before its first value; the source's terminal
// event ends every group, then the outer signal; the source lives while the outer
// subscription or any group subscription does. The cases of RxSwift's
// Observable+GroupByTests, on virtual time (RxSwift's time 200 is tick 0, one tick per 10).

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

/// RxSwift's input: words whose key is the word lowercased without its spaces, at 220, 240,
/// 270, … 530, completing at 570 (ticks 2, 4, 7, … 33, 37).
private let wordMarbles = "--a-b--c---d---ef--g--h----ij--k-l---|"
private let wordErrorMarbles = "--a-b--c---d---ef--g--h----ij--k-l---#"
private let words: [Character: String] = [
    "a": "  foo", "b": " FoO ", "c": "baR  ", "d": "foO ", "e": " Baz   ", "f": "  qux ",
    "g": "   bar", "h": " BAR  ", "i": "FOO ", "j": "baz  ", "k": " bAZ ", "l": "    fOo    ",
]
private func key(_ word: String) -> String { word.lowercased().filter { $0 != " " } }

/// Each event as "tick value", "tick |" or "tick #", at the scheduler's absolute time.
private func timeline<Value, Failure: Error>(_ recorder: Recorder<Value, Failure>) -> [String] {
    recorder.timedEvents.map { timed in
        let tick = timed.time.components.seconds
        switch timed.event {
        case .next(let value): return "\(tick) \(value)"
        case .completed: return "\(tick) |"
        case .error: return "\(tick) #"
        }
    }
}

/// The groups an outer subscription received, each recorded from when it was subscribed.
private final class GroupRecorders: Sendable {
    let scheduler: TestScheduler
    let recorders = Locked<[String: Recorder<String, TestError>]>([:])
    init(_ scheduler: TestScheduler) { self.scheduler = scheduler }

    /// Subscribes `group` now, or `delay` later.
    func subscribe(_ group: GroupedSignal<String, String, TestError>, after delay: Duration? = nil) {
        guard let delay else { return record(group) }
        _ = scheduler.schedule(after: delay) { self.record(group) }
    }

    private func record(_ group: GroupedSignal<String, String, TestError>) {
        let recorder = Recorder(group.signal, scheduler: scheduler)
        recorders.withLock { $0[group.key] = recorder }
    }

    subscript(key: String) -> [String] { recorders.value[key].map(timeline) ?? ["not subscribed"] }
    func dispose(_ key: String) { recorders.value[key]?.dispose() }
    func disposeAll() { for recorder in recorders.value.values { recorder.dispose() } }
    var count: Int { recorders.value.count }
}

@Suite struct GroupByTests {
    private func source(_ scheduler: TestScheduler, failing: Bool = false) -> TestSignal<String, TestError> {
        scheduler.hot(failing ? wordErrorMarbles : wordMarbles, values: words, error: TestError(1))
    }

    @Test func sendsEachGroupWhenItsFirstValueArrivesAndEndsWithTheSource() {
        // RxSwift testGroupBy_OuterComplete: the keys, in order of first arrival.
        let scheduler = TestScheduler()
        let xs = source(scheduler)
        let keyCalls = Counter()
        let result = scheduler.expect(
            xs.signal.groupBy { word -> String in keyCalls.increment(); return key(word) }.map(\.key),
            "--a----b-------de--------------------|",
            values: ["a": "foo", "b": "bar", "d": "baz", "e": "qux"])
        #expect(result.isMet, "\(result)")
        #expect(xs.subscriptionMarbles == ["^------------------------------------!"])
        #expect(keyCalls.count == 12)
    }

    @Test func theSourcesErrorFailsTheOuterSignal() {
        // RxSwift testGroupBy_OuterError.
        let scheduler = TestScheduler()
        let xs = source(scheduler, failing: true)
        let result = scheduler.expect(
            xs.signal.groupBy(key).map(\.key), "--a----b-------de--------------------#",
            values: ["a": "foo", "b": "bar", "d": "baz", "e": "qux"], error: TestError(1))
        #expect(result.isMet, "\(result)")
        #expect(xs.subscriptionMarbles == ["^------------------------------------!"])
    }

    @Test func disposingTheOuterSubscriptionWithNoGroupSubscribedDisposesTheSource() {
        // RxSwift testGroupBy_OuterDispose: disposed at 355 (between ticks 15 and 16).
        let scheduler = TestScheduler()
        let xs = source(scheduler)
        let keyCalls = Counter()
        let outer = Recorder(
            xs.signal.groupBy { word -> String in keyCalls.increment(); return key(word) }.map(\.key),
            scheduler: scheduler)
        // Scheduled after the source's events, so it runs after the value at tick 15.
        _ = scheduler.schedule(after: .seconds(15)) { outer.dispose() }
        scheduler.advance(to: .init(offset: .seconds(100)))
        #expect(timeline(outer) == ["2 foo", "7 bar", "15 baz"])
        #expect(xs.subscriptionMarbles == ["^--------------!"])
        #expect(keyCalls.count == 5)
    }

    @Test func aGroupSubscribedInsideTheOuterCallbackReceivesEveryValueOfItsKey() {
        // RxSwift testGroupBy_InnerCompleteAll.
        let scheduler = TestScheduler()
        let xs = source(scheduler)
        let groups = GroupRecorders(scheduler)
        let outer = Recorder(xs.signal.groupBy(key).on(next: { groups.subscribe($0) }), scheduler: scheduler)
        scheduler.advance(to: .init(offset: .seconds(100)))
        #expect(groups.count == 4)
        #expect(groups["foo"] == ["2   foo", "4  FoO ", "11 foO ", "27 FOO ", "33     fOo    ", "37 |"])
        #expect(groups["bar"] == ["7 baR  ", "19    bar", "22  BAR  ", "37 |"])
        #expect(groups["baz"] == ["15  Baz   ", "28 baz  ", "31  bAZ ", "37 |"])
        #expect(groups["qux"] == ["16   qux ", "37 |"])
        #expect(outer.isCompleted)
        #expect(xs.subscriptionMarbles == ["^------------------------------------!"])
    }

    @Test func aGroupSubscribedLaterLosesTheValuesSentMeanwhile() {
        // RxSwift testGroupBy_InnerComplete: each group subscribed 10 ticks after it arrived.
        let scheduler = TestScheduler()
        let xs = source(scheduler)
        let groups = GroupRecorders(scheduler)
        let outer = Recorder(
            xs.signal.groupBy(key).on(next: { groups.subscribe($0, after: .seconds(10)) }), scheduler: scheduler)
        scheduler.advance(to: .init(offset: .seconds(100)))
        #expect(groups["foo"] == ["27 FOO ", "33     fOo    ", "37 |"])
        #expect(groups["bar"] == ["19    bar", "22  BAR  ", "37 |"])
        #expect(groups["baz"] == ["28 baz  ", "31  bAZ ", "37 |"])
        #expect(groups["qux"] == ["37 |"])
        #expect(outer.isCompleted)
        #expect(xs.subscriptionMarbles == ["^------------------------------------!"])
    }

    @Test func theSourcesErrorReachesEveryGroup() {
        // RxSwift testGroupBy_InnerError.
        let scheduler = TestScheduler()
        let xs = source(scheduler, failing: true)
        let groups = GroupRecorders(scheduler)
        let outer = Recorder(
            xs.signal.groupBy(key).on(next: { groups.subscribe($0, after: .seconds(10)) }), scheduler: scheduler)
        scheduler.advance(to: .init(offset: .seconds(100)))
        #expect(groups["foo"] == ["27 FOO ", "33     fOo    ", "37 #"])
        #expect(groups["bar"] == ["19    bar", "22  BAR  ", "37 #"])
        #expect(groups["baz"] == ["28 baz  ", "31  bAZ ", "37 #"])
        #expect(groups["qux"] == ["37 #"])
        #expect(outer.error == TestError(1))
        #expect(xs.subscriptionMarbles == ["^------------------------------------!"])
    }

    @Test func disposingTheOuterAndEveryGroupDisposesTheSource() {
        // RxSwift testGroupBy_InnerDispose: everything disposed at 400 (tick 20).
        let scheduler = TestScheduler()
        let xs = source(scheduler)
        let groups = GroupRecorders(scheduler)
        let outer = Recorder(xs.signal.groupBy(key).on(next: { groups.subscribe($0) }), scheduler: scheduler)
        _ = scheduler.schedule(after: .seconds(20)) {
            outer.dispose()
            groups.disposeAll()
        }
        scheduler.advance(to: .init(offset: .seconds(100)))
        #expect(groups["foo"] == ["2   foo", "4  FoO ", "11 foO "])
        #expect(groups["bar"] == ["7 baR  ", "19    bar"])
        #expect(groups["baz"] == ["15  Baz   "])
        #expect(groups["qux"] == ["16   qux "])
        #expect(xs.subscriptionMarbles == ["^-------------------!"])
    }

    @Test func disposingTheOuterSubscriptionKeepsTheSubscribedGroupsRunning() {
        // RxSwift testGroupBy_OuterIndependence: the outer subscription disposed at 320.
        let scheduler = TestScheduler()
        let xs = source(scheduler)
        let groups = GroupRecorders(scheduler)
        let outer = Recorder(xs.signal.groupBy(key).on(next: { groups.subscribe($0) }).map(\.key), scheduler: scheduler)
        _ = scheduler.schedule(after: .seconds(12)) { outer.dispose() }
        scheduler.advance(to: .init(offset: .seconds(100)))
        #expect(timeline(outer) == ["2 foo", "7 bar"])
        #expect(groups.count == 2)
        #expect(groups["foo"] == ["2   foo", "4  FoO ", "11 foO ", "27 FOO ", "33     fOo    ", "37 |"])
        #expect(groups["bar"] == ["7 baR  ", "19    bar", "22  BAR  ", "37 |"])
        #expect(xs.subscriptionMarbles == ["^------------------------------------!"])
    }

    @Test func disposingOneGroupLeavesTheOthers() {
        // RxSwift testGroupBy_InnerIndependence: foo disposed at 320.
        let scheduler = TestScheduler()
        let xs = source(scheduler)
        let groups = GroupRecorders(scheduler)
        let outer = Recorder(xs.signal.groupBy(key).on(next: { groups.subscribe($0) }), scheduler: scheduler)
        _ = scheduler.schedule(after: .seconds(12)) { groups.dispose("foo") }
        scheduler.advance(to: .init(offset: .seconds(100)))
        #expect(groups["foo"] == ["2   foo", "4  FoO ", "11 foO "])
        #expect(groups["bar"] == ["7 baR  ", "19    bar", "22  BAR  ", "37 |"])
        #expect(groups["baz"] == ["15  Baz   ", "28 baz  ", "31  bAZ ", "37 |"])
        #expect(groups["qux"] == ["16   qux ", "37 |"])
        #expect(outer.isCompleted)
    }

    @Test func disposingEveryGroupLeavesTheOuterSubscriptionAndTheSourceRunning() {
        // RxSwift testGroupBy_InnerMultipleIndependence: bar at 280, foo at 320, baz at 355,
        // qux at 400; the source runs until it completes.
        let scheduler = TestScheduler()
        let xs = source(scheduler)
        let groups = GroupRecorders(scheduler)
        let outer = Recorder(xs.signal.groupBy(key).on(next: { groups.subscribe($0) }), scheduler: scheduler)
        _ = scheduler.schedule(after: .seconds(8)) { groups.dispose("bar") }
        _ = scheduler.schedule(after: .seconds(12)) { groups.dispose("foo") }
        _ = scheduler.schedule(after: .seconds(15)) { groups.dispose("baz") }
        _ = scheduler.schedule(after: .seconds(20)) { groups.dispose("qux") }
        scheduler.advance(to: .init(offset: .seconds(100)))
        #expect(groups["foo"] == ["2   foo", "4  FoO ", "11 foO "])
        #expect(groups["bar"] == ["7 baR  "])
        #expect(groups["baz"] == ["15  Baz   "])
        #expect(groups["qux"] == ["16   qux "])
        #expect(outer.isCompleted)
        #expect(xs.subscriptionMarbles == ["^------------------------------------!"])
    }

    @Test func theSourceLivesUntilTheLastGroupSubscriptionEnds() {
        // The ref-counted rule: outer disposed at 12, foo at 15, bar (the last) at 20.
        let scheduler = TestScheduler()
        let xs = source(scheduler)
        let groups = GroupRecorders(scheduler)
        let outer = Recorder(xs.signal.groupBy(key).on(next: { groups.subscribe($0) }), scheduler: scheduler)
        _ = scheduler.schedule(after: .seconds(12)) { outer.dispose() }
        _ = scheduler.schedule(after: .seconds(15)) { groups.dispose("foo") }
        _ = scheduler.schedule(after: .seconds(20)) { groups.dispose("bar") }
        scheduler.advance(to: .init(offset: .seconds(100)))
        #expect(groups["bar"] == ["7 baR  ", "19    bar"])
        #expect(xs.subscriptionMarbles == ["^-------------------!"])
    }

    @Test func aGroupSubscribedOutsideTheOuterCallbackMissesItsFirstValue() {
        let subject = Subject<Int, Never>()
        let groups = Locked<[GroupedSignal<Int, Int, Never>]>([])
        let outer = subject.signal.groupBy { $0 % 2 }.subscribe(next: { group in _ = groups.append(group) })
        subject.send(value: 1)
        let odd = groups.value[0].signal.record()
        subject.send(value: 3)
        subject.sendCompleted()
        #expect(odd.events == [.next(3), .completed])
        outer.dispose()
    }

    @Test func flatteningTheGroupsWithMergeGivesTheSourceBack() {
        // RxSwift testGroupBy_TwoGroup, and the law groupBy(k).flatten(.merge) == source.
        let scheduler = TestScheduler()
        let xs: TestSignal<Int, Never> = scheduler.cold("-12-3--4-5-6-7--8--9---|")
        let indexed = xs.signal.groupBy { $0 % 2 }
            .scan((index: -1, group: GroupedSignal<Int, Int, Never>?.none)) { ($0.index + 1, $1) }
            .flattenMap { pair in pair.group!.signal.map { "\(pair.index) \($0)" } }
        let result = scheduler.expect(
            indexed, "-ab-c--d-e-f-g--h--i---|",
            values: ["a": "0 1", "b": "1 2", "c": "0 3", "d": "1 4", "e": "0 5", "f": "1 6", "g": "0 7", "h": "1 8", "i": "0 9"])
        #expect(result.isMet, "\(result)")
        #expect(Signal.from(1...9).groupBy { $0 % 3 }.flatten(.merge).record().values == Array(1...9))
    }

    @Test func theOuterSignalAndTheGroupsTimeline() {
        // The timeline in groupBy's doc comment.
        let scheduler = TestScheduler()
        let xs: TestSignal<Int, Never> = scheduler.cold("-1-2-3-4-|")
        let groups = Locked<[Int: Recorder<Int, Never>]>([:])
        let outer = Recorder(
            xs.signal.groupBy { $0 % 2 }
                .on(next: { group in groups.withLock { $0[group.key] = Recorder(group.signal, scheduler: scheduler) } })
                .map { $0.key == 1 ? "x" : "y" },
            scheduler: scheduler)
        scheduler.run()
        #expect(outer.marbles() == "-x-y-----|")
        #expect(groups.value[1]?.marbles() == "1---3---|")
        #expect(groups.value[0]?.marbles() == "2---4-|")
    }
}
