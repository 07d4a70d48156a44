// Consecutive map / filter / compactMap are fused into one bind (Contracts.md, "Stack
// safety": fused stages): the events must be exactly those of the nested binds, whatever the run's length,
// its types, and what the subscriber does from its callbacks.

import Dispatch
import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct FusedStageTests {
    @Test func aRunOfMapFilterAndCompactMapGivesTheNestedBindsEvents() {
        // Given: every kind of stage, same-typed, in one run
        let signal: Signal<Int, Never> = Signal.from(0..<12)
            .map { (value: Int) -> Int in value * 3 }
            .filter { $0 % 2 == 0 }
            .compactMap { (value: Int) -> Int? in value % 4 == 0 ? value / 4 : nil }
            .map { (value: Int) -> Int in value + 100 }
        // Then: 0, 6, 12, …, 30 kept by the filter; of those, multiples of 4 divided by 4
        #expect(signal.record().events == [.next(100), .next(103), .next(106), .completed])
    }

    @Test func aStageThatChangesTheTypeContinuesTheRunWithTheSameEvents() {
        // Given: an Int run continued by a map to String, then String stages (one run)
        let numbers: Signal<Int, Never> = Signal.from(1...5)
            .filter { $0 != 3 }
            .map { (value: Int) -> Int in value * 2 }
        let signal: Signal<String, Never> = numbers
            .map { (value: Int) -> String in "v\(value)" }
            .filter { $0 != "v8" }
            .map { (text: String) -> String in text + "!" }
            .compactMap { (text: String) -> String? in text.count > 3 ? text : nil }
        // Then
        #expect(signal.record().events == [.next("v10!"), .completed])
    }

    @Test func runsLongerThanOneFusedStageComposeInOrder() {
        // Given: 1,000 stages, more than one run can hold: nine additions, then a filter that
        // drops the multiples of 9 (those that start as one)
        var signal = Signal<Int, Never>.from(0..<50)
        for index in 0..<1_000 {
            signal = index % 10 == 9 ? signal.filter { $0 % 9 != 0 } : signal.map { $0 + 1 }
        }
        // When
        let values = signal.record().values
        // Then: the same values as applying the stages one at a time, outside Signals
        let expected = (0..<50).compactMap { start -> Int? in
            var value = start
            for index in 0..<1_000 {
                if index % 10 == 9 {
                    if value % 9 == 0 { return nil }
                } else {
                    value += 1
                }
            }
            return value
        }
        #expect(expected.count == 44)
        #expect(values == expected)
    }

    @Test func runsThatChangeTheTypeAtEveryStageComposeInOrderPastOneRun() {
        // Given: 1,001 stages, more than one run can hold, alternating Int -> String -> Int,
        // with a compactMap that drops the value 520 (so the starts from 20 on)
        var signal = Signal<Int, Never>.from(0..<40)
        for _ in 0..<500 {
            signal = signal
                .map { (value: Int) -> String in String(value + 1) }
                .compactMap { (text: String) -> Int? in text == "520" ? nil : Int(text) }
        }
        let strings: Signal<String, Never> = signal.map { (value: Int) -> String in "#\(value)" }
        // When
        let values = strings.record().values
        // Then: the same values as applying the stages one at a time, outside Signals
        let expected = (0..<40).compactMap { start -> String? in
            var value = start
            for _ in 0..<500 {
                value += 1
                if String(value) == "520" { return nil }
            }
            return "#\(value)"
        }
        #expect(expected.count == 20)
        #expect(values == expected)
    }

    @Test func aRunThatChangesTheTypeSubscribesAndDisposesItsSourceOnce() {
        // Given
        let source = SpySource<Int, Never>()
        let recorder = source.signal
            .map { (value: Int) -> String in "\(value)" }
            .filter { $0 != "1" }
            .map { (text: String) -> Int in text.count * 10 }
            .record()
        source.send(value: 0)
        source.send(value: 1)
        source.send(value: 12)
        // When
        recorder.dispose()
        source.send(value: 2)
        // Then
        #expect(recorder.events == [.next(10), .next(20)])
        #expect(source.subscriptions.count == 1)
        #expect(source.disposals.count == 1)
    }

    @Test func aFusedRunSubscribesAndDisposesItsSourceOnce() {
        // Given
        let source = SpySource<Int, Never>()
        let recorder = source.signal.map { $0 + 1 }.filter { $0 > 1 }.map { $0 * 2 }.record()
        source.send(value: 0)
        source.send(value: 1)
        // When
        recorder.dispose()
        source.send(value: 2)
        // Then
        #expect(recorder.events == [.next(4)])
        #expect(source.subscriptions.count == 1)
        #expect(source.disposals.count == 1)
    }

    @Test func eachSubscriptionOfAFusedRunIsItsOwn() {
        // Given: one run, subscribed twice, the second after the first has ended
        let source = SpySource<Int, Never>()
        let signal = source.signal.map { $0 * 10 }.filter { $0 != 20 }
        let first = signal.record()
        source.send(value: 1)
        source.send(value: 2)
        first.dispose()
        let second = signal.record()
        // When
        source.send(value: 3)
        source.sendCompleted()
        // Then
        #expect(first.events == [.next(10)])
        #expect(second.events == [.next(30), .completed])
        #expect(source.subscriptions.count == 2)
    }

    @Test func aValueSentFromTheSubscriberIsDeliveredAfterTheOneInProgress() {
        // Given: the subscriber sends into the source while a value crosses the fused run
        let subject = Subject<Int, Never>()
        let seen = Locked<[String]>([])
        let subscription = subject.signal.map { $0 + 1 }.filter { $0 > 0 }.map { $0 * 2 }.subscribe(next: { value in
            seen.withLock { $0.append("begin \(value)") }
            if value == 2 { subject.send(value: 5) }
            seen.withLock { $0.append("end \(value)") }
        })
        // When
        subject.send(value: 0)
        // Then: the re-entrant value is queued, not delivered inside the first one's callback
        #expect(seen.value == ["begin 2", "end 2", "begin 12", "end 12"])
        subscription.dispose()
    }

    @Test func errorsAndCompletionPassThroughAFusedRun() {
        let failing = Signal<Int, Oops>.from([1, 2, 3]).concat(.error(Oops()))
            .map { $0 * 2 }.filter { $0 != 4 }.compactMap { $0 }
        #expect(failing.record().events == [.next(2), .next(6), .error(Oops())])
        let empty = Signal<Int, Never>.empty.map { $0 + 1 }.filter { _ in true }
        #expect(empty.record().events == [.completed])
    }

    @Test func aFusedRunOverAConstantIsDeliveredLikeTheNestedBinds() {
        #expect(Signal<Int, Never>.just(3).map { $0 + 1 }.filter { $0 == 4 }.record().events == [.next(4), .completed])
        #expect(Signal<Int, Never>.just(3).map { $0 + 1 }.filter { $0 == 5 }.record().events == [.completed])
    }

    @Test func aFusedRunThatIsTheSourceOfAnotherOperatorStillComposes() {
        // Given: a run used as an inner signal and as a bound source
        let inner = Signal.from([1, 2]).map { $0 * 10 }.filter { $0 > 0 }
        let signal = Signal.from([1, 2]).flattenMap { n in inner.map { $0 + n } }.scan(0, +)
        // Then
        #expect(signal.record().values == [11, 32, 44, 66])
    }

    @Test func optionalValuesKeepNilAsAValue() {
        // Given: a run of Int? values, where nil is a value, not a dropped one
        let signal = Signal<Int?, Never>.from([1, nil, 3])
            .map { $0.map { $0 * 2 } }
            .filter { $0 != 6 }
            .map { $0 }
        // Then
        #expect(signal.record().values == [2, nil])
    }

    @Test func aRunCrossesThreadsAsTheNestedBindsDo() async {
        // Given: four threads sending through one subject into one fused run
        let subject = Subject<Int, Never>()
        let total = Locked(0)
        let count = Locked(0)
        let subscription = subject.signal.map { $0 * 2 }.filter { $0 % 4 == 0 }.map { $0 / 2 }.subscribe(next: { value in
            total.withLock { $0 += value }
            count.withLock { $0 += 1 }
        })
        // When
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<4 {
                group.addTask {
                    for index in 0..<1_000 { subject.send(value: thread * 1_000 + index) }
                }
            }
        }
        // Then: the even numbers of 0..<4000, each once
        #expect(count.value == 2_000)
        #expect(total.value == stride(from: 0, to: 4_000, by: 2).reduce(0, +))
        subscription.dispose()
    }

    @Test func aLiveSubscriptionKeepsNothingOfTheRunsSourceAlive() {
        // Given: a replay subject and a plain subject, each subscribed through a fused run,
        // then dropped while the subscriptions are live (as through the nested binds)
        weak var replayed: Tracked?
        weak var weakReplay: ReplaySubject<Tracked, Never>?
        weak var weakSubject: Subject<Int, Never>?
        let first: any Disposable
        let second: any Disposable
        do {
            let replay = ReplaySubject<Tracked, Never>(capacity: 1)
            let value = Tracked(id: 2)
            replayed = value
            weakReplay = replay
            first = replay.signal.filter { _ in true }.map { $0 }.subscribe(next: { _ in })
            replay.send(value: value)
            let subject = Subject<Int, Never>()
            weakSubject = subject
            second = subject.signal.map { $0 + 1 }.filter { $0 > 0 }.subscribe(next: { _ in })
        }
        // Then: the subjects and the replay buffer are released; the subscriptions hold
        // only what the binds' binders held
        #expect(weakReplay == nil)
        #expect(replayed == nil)
        #expect(weakSubject == nil)
        first.dispose()
        second.dispose()
    }

    @Test func aLiveSubscriptionThroughARunThatChangesTheTypeKeepsNothingOfItsSourceAlive() {
        // Given: the same, through runs whose stages change the type
        weak var replayed: Tracked?
        weak var weakReplay: ReplaySubject<Tracked, Never>?
        weak var weakSubject: Subject<Int, Never>?
        let first: any Disposable
        let second: any Disposable
        do {
            let replay = ReplaySubject<Tracked, Never>(capacity: 1)
            let value = Tracked(id: 2)
            replayed = value
            weakReplay = replay
            first = replay.signal.map { $0.id }.map { "\($0)" }.subscribe(next: { _ in })
            replay.send(value: value)
            let subject = Subject<Int, Never>()
            weakSubject = subject
            second = subject.signal.filter { $0 > 0 }.map { Double($0) }.map { Int($0) }.subscribe(next: { _ in })
        }
        // Then
        #expect(weakReplay == nil)
        #expect(replayed == nil)
        #expect(weakSubject == nil)
        first.dispose()
        second.dispose()
    }

    @Test func subscriptionsThroughRunsOfAnyTypeLiveUntilTheyEndAndNotLongerUnderThreads() {
        // Given: rounds of four threads, each subscribing through a run that changes the type,
        // while the subject sends; half keep their disposable and dispose it, half drop it
        // (the subject is then all that keeps the subscription)
        for _ in 0..<testSize(2_000, quick: 100) {
            let subject = Subject<Int, Never>()
            let signal = subject.signal.map { Double($0) }.filter { $0 >= 0 }.map { Int($0) + 1 }
            let received = Locked([0, 0, 0, 0])
            let captured = Locked<[Int: WeakTracked]>([:])
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                let subscription: any Disposable
                do {
                    let tracked = Tracked(id: thread)
                    captured.withLock { $0[thread] = WeakTracked(tracked) }
                    subscription = signal.subscribe(next: { _ in
                        withExtendedLifetime(tracked) { received.withLock { $0[thread] += 1 } }
                    })
                }
                subject.send(value: thread)
                // Then (kept too briefly?): the subscription is live and has received its own value
                #expect(received.value[thread] >= 1)
                if thread % 2 == 0 { subscription.dispose() }
            }
            // Then (kept too long?): once disposed, nothing of it is kept. Checked once every
            // thread has returned: a send on another thread may still be delivering to the
            // subscription while it is disposed, and holds it until that delivery returns.
            #expect(captured.value[0]?.object == nil)
            #expect(captured.value[2]?.object == nil)
            // Then: the dropped subscriptions are still live until the subject completes
            let before = received.value
            subject.send(value: 100)
            #expect(received.value[1] == before[1] + 1)
            #expect(received.value[3] == before[3] + 1)
            #expect(received.value[0] == before[0])
            #expect(captured.value[1]?.object != nil)
            subject.sendCompleted()
            #expect(captured.value[1]?.object == nil)
            #expect(captured.value[3]?.object == nil)
        }
    }

    @Test func aStageAfterOneThatDisposedTheSubscriptionRunsButNothingIsDelivered() {
        // Given: the first stage of a run disposes the subscription while it handles a value
        let subject = Subject<Int, Never>()
        let calls = Locked<[String]>([])
        let subscription = SerialDisposable()
        subscription.inner = subject.signal
            .map { value -> Int in
                calls.withLock { $0.append("map \(value)") }
                subscription.dispose()
                return value
            }
            .filter { value in
                calls.withLock { $0.append("filter \(value)") }
                return true
            }
            .subscribe(next: { value in calls.withLock { $0.append("next \(value)") } })
        // When
        subject.send(value: 1)
        subject.send(value: 2)
        // Then: the run's transforms are one function, so the filter still sees the value
        // (as in Combine, whose map and filter fuse the same way), but nothing reaches the
        // subscriber, and the next value reaches no stage
        #expect(calls.value == ["map 1", "filter 1"])
    }
}
