// groupBy(_:duration:): a group ends (completes) at the first event of its duration signal,
// and the key's next value starts a new group; ended groups leave the operator's table (the
// key objects it kept are released); the source's terminal event ends the open groups and
// disposes their duration signals; groupBy(k, duration: d).flatten(.merge) is the source.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

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

/// A key object that counts the live instances of its kind: what the operator's table keeps.
private final class LiveKey: Hashable, Sendable {
    let id: Int
    let live: Counter
    init(_ id: Int, live: Counter) {
        self.id = id
        self.live = live
        live.increment()
    }
    deinit { live.decrement() }
    static func == (lhs: LiveKey, rhs: LiveKey) -> Bool { lhs.id == rhs.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

@Suite struct GroupByDurationTests {
    @Test func followsItsTimeline() {
        // The timeline of the doc comment: key = the letter ignoring case; a group ends after
        // 2 ticks without a value.
        // source: -a-A---b-a---|
        // outer:  -x-----y-z---|
        // x:       a-A-|
        // y:             b-|
        // z:               a-|
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-a-A---b-a---|")
        let groups = Locked<[Recorder<String, Never>]>([])
        let outer = source.signal
            .groupBy({ $0.lowercased() }) { group in group.signal.debounce(.seconds(2), on: scheduler) }
            .on(next: { group in groups.append(Recorder(group.signal, scheduler: scheduler)) })
            .map(\.key)
            .record(scheduler: scheduler)
        scheduler.run()
        #expect(timeline(outer) == ["1 a", "7 b", "9 a", "13 |"])
        #expect(groups.value.map(timeline) == [
            ["1 a", "3 A", "5 |"],
            ["7 b", "9 |"],
            ["9 a", "11 |"],
        ])
    }

    @Test func aGroupEndsAtItsDurationsFirstValueAndTheKeyStartsANewGroup() {
        let source = Subject<Int, Never>()
        let closers = Locked<[Int: Subject<Void, Never>]>([:])
        let groups = Locked<[Recorder<Int, Never>]>([])
        let outer = source.signal
            .groupBy({ $0 % 2 }) { group in
                let closer = Subject<Void, Never>()
                closers.withLock { $0[group.key] = closer }
                return closer.signal
            }
            .on(next: { groups.append($0.signal.record()) })
            .map(\.key)
            .record()
        source.send(value: 1)
        source.send(value: 2)
        source.send(value: 3)
        closers.value[1]!.send(value: ())
        source.send(value: 5)
        source.send(value: 4)
        #expect(outer.values == [1, 0, 1])
        #expect(groups.value.map(\.events) == [[.next(1), .next(3), .completed], [.next(2), .next(4)], [.next(5)]])
    }

    @Test func aDurationsCompletionOrErrorAlsoEndsTheGroupAndTheErrorGoesNoFurther() {
        let source = Subject<String, Never>()
        let groups = Locked<[String: Recorder<String, Never>]>([:])
        let completers = Subject<Void, Never>(), failers = Subject<Void, TestError>()
        let outer = source.signal
            .groupBy({ $0 }) { group -> Signal<Void, TestError> in
                group.key == "c" ? completers.signal.promoteError() : failers.signal
            }
            .on(next: { group in groups.withLock { $0[group.key] = group.signal.record() } })
            .record()
        source.send(value: "c")
        source.send(value: "f")
        completers.sendCompleted()
        failers.send(error: TestError(1))
        #expect(groups.value["c"]?.events == [.next("c"), .completed])
        #expect(groups.value["f"]?.events == [.next("f"), .completed])
        #expect(outer.error == nil && !outer.isCompleted)
        source.send(value: "c")
        #expect(outer.values.map(\.key) == ["c", "f", "c"])
    }

    @Test func theSourcesEndReachesTheOpenGroupsAndDisposesTheirDurations() {
        for failing in [false, true] {
            let source = Subject<Int, TestError>()
            let durationsDisposed = Counter()
            let groups = Locked<[Recorder<Int, TestError>]>([])
            let outer = source.signal
                .groupBy({ $0 % 3 }) { _ in
                    Signal<Void, Never>.never.on(disposed: { durationsDisposed.increment() })
                }
                .on(next: { groups.append($0.signal.record()) })
                .record()
            source.send(value: 0)
            source.send(value: 1)
            if failing { source.send(error: TestError(7)) } else { source.sendCompleted() }
            let end: Event<Int, TestError> = failing ? .error(TestError(7)) : .completed
            #expect(groups.value.map(\.events) == [[.next(0), end], [.next(1), end]])
            #expect(failing ? outer.error == TestError(7) : outer.isCompleted)
            #expect(durationsDisposed.count == 2)
        }
    }

    @Test func aDurationThatEndsAtOnceMakesAGroupPerValue() {
        let recorder = Signal.from([1, 1, 2, 1])
            .groupBy({ $0 }) { _ in Signal<Void, Never>.empty }
            .flattenMap { group in group.signal.map { "\(group.key):\($0)" }.concat(.just("end")) }
            .record()
        #expect(recorder.values == ["1:1", "end", "1:1", "end", "2:2", "end", "1:1", "end"])
        #expect(recorder.isCompleted)
    }

    @Test func endedGroupsLeaveNothingBehind() {
        // The keys the operator's table keeps are objects that count themselves: while groups
        // are open, one per open key; once they have ended, none — however many came and went.
        let scheduler = TestScheduler()
        let live = Counter()
        let source = Subject<Int, Never>()
        let keys = testSize(10_000, quick: 1_000)
        let received = Counter(), groupsMade = Counter()
        let subscription = source.signal
            .groupBy({ LiveKey($0, live: live) }) { _ in Signal<Int, Never>.timer(after: .seconds(1), on: scheduler) }
            .on(next: { _ in groupsMade.increment() })
            .flatten(.merge)
            .subscribe(next: { _ in received.increment() })
        for round in 1...3 {
            for value in 0..<keys { source.send(value: value) }
            #expect(live.count == keys, "round \(round): one key per open group")
            scheduler.advance(by: .seconds(1))
            #expect(live.count == 0, "round \(round): \(live.count) keys kept after every group ended")
        }
        #expect(groupsMade.count == 3 * keys)
        #expect(received.count == 3 * keys)
        subscription.dispose()
    }

    @Test func flatteningTheGroupsGivesTheSourceBack() {
        // The law, on virtual time, with groups ending and restarting between the values.
        let scheduler = TestScheduler()
        let marbles = "-a-b-ab--c-a---bc-a-b---c-|"
        let values: [Character: Int] = ["a": 1, "b": 2, "c": 3]
        for idle in 1...4 {
            let source: TestSignal<Int, Never> = scheduler.cold(marbles, values: values)
            let grouped = source.signal
                .groupBy({ $0 % 2 }) { group in group.signal.debounce(.seconds(idle), on: scheduler) }
                .flatten(.merge)
            let result = scheduler.expect(grouped, marbles, values: values)
            #expect(result.isMet, "idle \(idle): \(result)")
        }
    }

    @Test func disposingTheOutputDisposesTheSourceAndTheDurations() {
        let source = SpySource<Int, Never>()
        let durationsDisposed = Counter()
        let recorder = source.signal
            .groupBy({ $0 }) { _ in Signal<Void, Never>.never.on(disposed: { durationsDisposed.increment() }) }
            .flatten(.merge)
            .record()
        source.send(value: 1)
        source.send(value: 2)
        recorder.dispose()
        #expect(source.isDisposed)
        #expect(durationsDisposed.count == 2)
        #expect(recorder.values == [1, 2])
    }
}
