// Serialised output under real threads (Contracts.md, "bind"): the output observer
// is never entered concurrently, no value is lost or duplicated, the grammar holds.
// Run clean under `swift test --sanitize=thread --filter ConcurrencyTests`.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport
import Synchronization

/// An observer that checks the grammar and that it is never entered concurrently.
final class SerialityChecker: Sendable {
    private let inside = Atomic<Int>(0)
    let overlaps = Counter()
    let values = Locked<[Int]>([])
    let terminals = Locked<[Event<Int, Never>]>([])
    let eventsAfterTerminal = Counter()

    var observer: Observer<Int, Never> {
        Observer { [self] event in
            if inside.add(1, ordering: .sequentiallyConsistent).newValue != 1 { overlaps.increment() }
            if !terminals.value.isEmpty { eventsAfterTerminal.increment() }
            switch event {
            case .next(let value): values.append(value)
            case .completed: terminals.append(event)
            }
            inside.subtract(1, ordering: .sequentiallyConsistent)
        }
    }

    /// Whether, for each sender, its values arrived in the order it sent them.
    func keepsSendingOrder(senders: Int, perSender: Int) -> Bool {
        var last = [Int](repeating: -1, count: senders)
        for value in values.value {
            let sender = value / perSender
            if value <= last[sender] { return false }
            last[sender] = value
        }
        return true
    }
}

@Suite(.serialized) struct ConcurrencyTests {
    static let threads = 4
    static let perThread = testSize(50_000, quick: 10_000)   // SIGNALS_FULL=1: the sanitizer step

    @Test func twoMergedSubjectsFedByFourThreadsDeliverEveryValueOnceWithoutOverlap() {
        // Given: threads 0 and 1 send into `a`, threads 2 and 3 into `b`
        let a = Subject<Int, Never>(), b = Subject<Int, Never>()
        let checker = SerialityChecker()
        let subscription = a.signal.merge(b.signal).subscribe(checker.observer)
        // When
        measure("\(Self.threads) threads x \(Self.perThread) sends into two merged subjects") {
            runConcurrently(Self.threads) { thread in
                let subject = thread < 2 ? a : b
                for index in 0..<Self.perThread { subject.send(value: thread * Self.perThread + index) }
            }
        }
        a.sendCompleted()
        let completedAfterOne = !checker.terminals.value.isEmpty
        b.sendCompleted()
        // Then
        #expect(checker.overlaps.count == 0)
        let everyValueExactlyOnce = checker.values.value.sorted() == Array(0..<Self.threads * Self.perThread)
        #expect(everyValueExactlyOnce)
        #expect(checker.keepsSendingOrder(senders: Self.threads, perSender: Self.perThread))
        #expect(!completedAfterOne)
        #expect(checker.terminals.value == [.completed])
        #expect(checker.eventsAfterTerminal.count == 0)
        #expect(subscription.isDisposed)
    }

    @Test func innerSignalsSendingOnTheirOwnThreadsNeverEnterTheOutputConcurrently() {
        // Given: four inner signals whose sinks are fed directly by four threads (no Subject)
        let inners = (0..<Self.threads).map { _ in ManualSource<Int, Never>() }
        let checker = SerialityChecker()
        Signal.from(inners.map(\.signal)).flatten().subscribe(checker.observer)
        let sinks = inners.map(\.observer)
        // When
        measure("\(Self.threads) threads x \(Self.perThread) sends straight into flatten's inner sinks") {
            runConcurrently(Self.threads) { thread in
                let sink = sinks[thread]
                for index in 0..<Self.perThread { sink.send(value: thread * Self.perThread + index) }
                sink.sendCompleted()
            }
        }
        // Then
        #expect(checker.overlaps.count == 0)
        let everyValueExactlyOnce = checker.values.value.sorted() == Array(0..<Self.threads * Self.perThread)
        #expect(everyValueExactlyOnce)
        #expect(checker.keepsSendingOrder(senders: Self.threads, perSender: Self.perThread))
        #expect(checker.terminals.value == [.completed])
        #expect(checker.eventsAfterTerminal.count == 0)
    }

    @Test func concurrentSendsIntoOneSubjectAreSerialised() {
        // Given
        let subject = Subject<Int, Never>()
        let checker = SerialityChecker()
        subject.signal.subscribe(checker.observer)
        // When
        runConcurrently(Self.threads) { thread in
            for index in 0..<Self.perThread { subject.send(value: thread * Self.perThread + index) }
        }
        subject.sendCompleted()
        // Then
        #expect(checker.overlaps.count == 0)
        let everyValueExactlyOnce = checker.values.value.sorted() == Array(0..<Self.threads * Self.perThread)
        #expect(everyValueExactlyOnce)
        #expect(checker.keepsSendingOrder(senders: Self.threads, perSender: Self.perThread))
        #expect(checker.terminals.value == [.completed])
    }

    @Test func combineLatestOfSubjectsFedByTwoThreadsKeepsTheGrammar() {
        // Given
        let a = Subject<Int, Never>(), b = Subject<Int, Never>()
        let combinations = Locked<[[Int]]>([])
        let overlaps = Counter()
        let inside = Counter()
        let completions = Counter()
        Signal.combineLatest(a.signal, b.signal).subscribe(
            next: { pair in
                if inside.increment() != 1 { overlaps.increment() }
                combinations.append([pair.0, pair.1])
                inside.decrement()
            },
            completed: { completions.increment() })
        a.send(value: -1)
        b.send(value: -1)
        // When
        runConcurrently(2) { thread in
            let subject = thread == 0 ? a : b
            for index in 0..<Self.perThread { subject.send(value: index) }
            subject.sendCompleted()
        }
        // Then
        let all = combinations.value
        let eachSideOnlyMovesForward = zip(all, all.dropFirst()).allSatisfy { $1[0] >= $0[0] && $1[1] >= $0[1] }
        #expect(overlaps.count == 0)
        #expect(all.count == 1 + 2 * Self.perThread)
        #expect(all.last == [Self.perThread - 1, Self.perThread - 1])
        #expect(eachSideOnlyMovesForward)
        #expect(completions.count == 1)
    }

    @Test func mergeInputFedByUpstreamsAttachedFromSeveralThreadsLosesNoValue() {
        // Given
        let input = MergeInput<Int, Never>()
        let checker = SerialityChecker()
        input.signal.subscribe(checker.observer)
        let perThread = 2_000
        // When: each thread attaches synchronous upstreams, one value each
        runConcurrently(Self.threads) { thread in
            for index in 0..<perThread { input.attach(.from([thread * perThread + index])) }
        }
        input.cancel()
        // Then
        #expect(checker.overlaps.count == 0)
        let everyValueExactlyOnce = checker.values.value.sorted() == Array(0..<Self.threads * perThread)
        #expect(everyValueExactlyOnce)
        #expect(checker.keepsSendingOrder(senders: Self.threads, perSender: perThread))
        #expect(checker.terminals.value == [.completed])
    }

    @Test func disposingWhileInnerThreadsSendStartsNoNewDeliveryAndDisposesEveryInnerOnce() {
        // Given: after dispose() returns no delivery starts; at most one already under way per
        // sending thread may finish (Core/Disposable.swift). Values are `thread * stride + index`.
        let stride = 100_000_000
        let inners = (0..<Self.threads).map { _ in ManualSource<Int, Never>() }
        let received = Counter()
        let afterDisposeReturned = Locked<[Int]>([])
        let disposeReturned = Flag()
        let subscription = Signal.from(inners.map(\.signal)).flatten().subscribe(next: { value in
            if disposeReturned.isSet { afterDisposeReturned.append(value) }
            received.increment()
        })
        let sinks = inners.map(\.observer)
        let senders = (0..<Self.threads).map { thread in
            TestThread {
                var index = 0
                while !sinks[thread].isStopped && index < 10_000_000 {
                    sinks[thread].send(value: thread * stride + index)
                    index += 1
                }
            }
        }
        // When
        waitUntil { received.count >= 10_000 }
        subscription.dispose()
        disposeReturned.set()
        for sender in senders { sender.join() }
        // Then
        let lateByThread = Dictionary(grouping: afterDisposeReturned.value, by: { $0 / stride })
        #expect(lateByThread.values.allSatisfy { $0.count <= 1 }, "late deliveries per thread: \(lateByThread)")
        #expect(inners.map(\.disposals.count) == [1, 1, 1, 1])
        let everySinkStopped = sinks.allSatisfy(\.isStopped)
        #expect(everySinkStopped)
    }

    @Test func subscribingAndDisposingWhileAnotherThreadSendsKeepsEachSubscriptionInOrder() {
        // Given
        let subject = Subject<Int, Never>()
        let outOfOrder = Counter()
        // When: thread 0 sends increasing values; thread 1 subscribes and disposes repeatedly
        runConcurrently(2) { thread in
            if thread == 0 {
                for value in 0..<Self.perThread { subject.send(value: value) }
            } else {
                for _ in 0..<2_000 {
                    let last = Locked(-1)
                    let subscription = subject.signal.map { $0 }.subscribe(next: { value in
                        let inOrder = last.withLock { last -> Bool in
                            defer { last = value }
                            return value > last
                        }
                        if !inOrder { outOfOrder.increment() }
                    })
                    subscription.dispose()
                }
            }
        }
        subject.sendCompleted()
        // Then
        #expect(outOfOrder.count == 0)
    }

    static let disposals = 20_000

    @Test func observersDisposedWhileAnotherThreadDeliversAreAllReleasedWithoutAFurtherSend() {
        // Given: observers that each hold a token, which only their closure references
        let subject = Subject<Int, Never>()
        let tokens = Locked<[WeakReference<Tracked>]>([])
        // When: thread 0 sends; thread 1 subscribes and disposes repeatedly, so that many
        // disposals land while a delivery is reading the subscriber list
        let disposing = Atomic<Bool>(true)
        runConcurrently(2) { thread in
            if thread == 0 {
                var value = 0
                while disposing.load(ordering: .relaxed) {
                    subject.send(value: value)
                    value += 1
                }
            } else {
                defer { disposing.store(false, ordering: .relaxed) }
                for _ in 0..<Self.disposals {
                    let token = Tracked()
                    let reference = WeakReference<Tracked>()
                    reference.object = token
                    tokens.append(reference)
                    let subscription = subject.signal.subscribe(next: { _ = $0 + token.id })
                    subscription.dispose()
                }
            }
        }
        // Then: no list of subscribers read by a delivery was kept after it: every token is
        // gone, with no send after the last disposal
        let alive = tokens.value.filter { $0.object != nil }.count
        #expect(alive == 0)
        #expect(tokens.value.count == Self.disposals)
        // and the subject still delivers to a later subscriber
        let late = subject.signal.record()
        subject.send(value: -1)
        #expect(late.values == [-1])
        late.dispose()
    }

    // MARK: Races between terminal events and disposal

    static let raceRounds = 200

    @Test func completesExactlyOnceWhenTheSourceAndInnersFinishOnDifferentThreads() {
        for _ in 0..<Self.raceRounds {
            // Given
            let outer = ManualSource<Signal<Int, Never>, Never>()
            let inners = [ManualSource<Int, Never>(), ManualSource<Int, Never>()]
            let checker = SerialityChecker()
            outer.signal.flatten().subscribe(checker.observer)
            for inner in inners { outer.observer.send(value: inner.signal) }
            let outerSink = outer.observer, sinks = inners.map(\.observer)
            // When
            runConcurrently(3) { thread in
                if thread < 2 {
                    sinks[thread].send(value: thread)
                    sinks[thread].sendCompleted()
                } else {
                    outerSink.sendCompleted()
                }
            }
            // Then
            #expect(checker.overlaps.count == 0)
            #expect(checker.values.value.sorted() == [0, 1])
            #expect(checker.terminals.value == [.completed])
            #expect(checker.eventsAfterTerminal.count == 0)
        }
    }

    @Test func innersFailingOnDifferentThreadsAtOnceDeliverExactlyOneError() {
        for _ in 0..<Self.raceRounds {
            // Given
            let inners = [ManualSource<Int, TestError>(), ManualSource<Int, TestError>()]
            let events = Locked<[Event<Int, TestError>]>([])
            Signal.merge(inners.map(\.signal)).subscribe(Observer { events.append($0) })
            let sinks = inners.map(\.observer)
            // When
            runConcurrently(2) { thread in sinks[thread].send(error: TestError(thread)) }
            // Then
            let recorded = events.value
            #expect(recorded.count == 1)
            #expect(recorded.first?.error != nil)
        }
    }

    @Test func disposeRacingCompletionEndsTheSubscriptionOnceAndDisposesEachInnerAtMostOnce() {
        for _ in 0..<Self.raceRounds {
            // Given
            let inners = [ManualSource<Int, Never>(), ManualSource<Int, Never>()]
            let checker = SerialityChecker()
            let subscription = Signal.merge(inners.map(\.signal)).subscribe(checker.observer)
            let sinks = inners.map(\.observer)
            // When
            runConcurrently(3) { thread in
                if thread < 2 {
                    sinks[thread].send(value: thread)
                    sinks[thread].sendCompleted()
                } else {
                    subscription.dispose()
                }
            }
            // Then
            #expect(checker.overlaps.count == 0)
            #expect(checker.terminals.value.count <= 1)
            #expect(checker.eventsAfterTerminal.count == 0)
            #expect(inners.allSatisfy { $0.disposals.count <= 1 })
            #expect(subscription.isDisposed)
        }
    }
}
