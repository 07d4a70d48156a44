// Stress: Subjects, merge, flatten and combineLatest under 4-8 threads sending, subscribing and
// disposing at once. Each test checks that observer calls never overlap, that no value is
// lost or duplicated, that nothing follows a terminal event or a dispose, and that nothing
// stays alive; each is bounded by a watchdog. `SIGNALS_STRESS_SCALE` multiplies the work.

import Signals
import SignalsTestSupport
import Synchronization
import Testing

private struct Boom: Error, Equatable {}

/// An observer's view: every event, checked for overlapping calls.
private final class Probe<Value: Sendable>: Sendable {
    let seriality = SerialityProbe()
    let events = Locked<[Event<Value, Boom>]>([])

    var observer: Observer<Value, Boom> {
        Observer { [self] event in
            seriality.enter()
            events.append(event)
            seriality.leave()
        }
    }

    var values: [Value] { events.value.compactMap(\.value) }

    /// `next*` then at most one terminal event.
    var obeysGrammar: Bool { events.value.dropLast().allSatisfy { !$0.isTerminating } }
}

@Suite struct StressTests {
    static let threads = 8

    @Test func concurrentSendsIntoASubjectAreSerialisedAndNoneIsLostOrDuplicated() {
        let perThread = stressOperations(2_000)
        let tracker = LifetimeTracker()
        let subject = Subject<Int, Boom>()
        let direct = Probe<Int>(), mapped = Probe<Int>(), merged = Probe<Int>()
        let mergedSubscription = {
            let token = tracker.instance()
            subject.signal.subscribe(direct.observer)
            subject.signal.map { _ = token; return $0 }.subscribe(mapped.observer)
            return subject.signal.merge(.never).subscribe(merged.observer)
        }()
        runConcurrently(Self.threads, "senders") { thread in
            for index in 0..<perThread { subject.send(value: thread * perThread + index) }
        }
        subject.sendCompleted()
        subject.send(value: -1)
        let everything = Array(0..<(Self.threads * perThread))
        for probe in [direct, mapped] {
            #expect(probe.seriality.overlaps == 0)
            #expect(probe.values.sorted() == everything)
            #expect(probe.events.value.last == .completed)
            #expect(probe.obeysGrammar)
            // Each thread's own sends keep their order.
            for thread in 0..<Self.threads {
                let mine = probe.values.filter { $0 / perThread == thread }
                #expect(mine == mine.sorted())
            }
        }
        #expect(merged.seriality.overlaps == 0)
        #expect(merged.values.sorted() == everything)
        #expect(merged.events.value.last?.isTerminating != true)   // merged with never
        mergedSubscription.dispose()
        tracker.expectNothingAlive()   // the map closure was released on completion
    }

    @Test func mergeOfSubjectsFedFromManyThreadsDeliversEveryValueOnceWithoutOverlap() {
        let perThread = stressOperations(2_000)
        let tracker = LifetimeTracker()
        let subjects = (0..<Self.threads).map { _ in Subject<Int, Boom>() }
        let merged = Probe<Int>(), flattened = Probe<Int>(), folded = Probe<Int>()
        do {
            let token = tracker.instance()
            Signal.merge(subjects.map(\.signal)).subscribe(merged.observer)
            Signal.from(subjects.map(\.signal)).flattenMap { signal in signal.map { _ = token; return $0 } }
                .subscribe(flattened.observer)
            subjects.dropFirst().map(\.signal).reduce(subjects[0].signal) { $0.merge($1) }.subscribe(folded.observer)
        }
        runConcurrently(Self.threads, "senders") { thread in
            for index in 0..<perThread { subjects[thread].send(value: thread * perThread + index) }
            subjects[thread].sendCompleted()
        }
        let everything = Array(0..<(Self.threads * perThread))
        for probe in [merged, flattened, folded] {
            #expect(probe.seriality.overlaps == 0)
            #expect(probe.values.sorted() == everything)
            #expect(probe.events.value.last == .completed)
            #expect(probe.obeysGrammar)
            for thread in 0..<Self.threads {
                let mine = probe.values.filter { $0 / perThread == thread }
                #expect(mine == mine.sorted())
            }
        }
        tracker.expectNothingAlive()
    }

    @Test func anErrorRacingWithValuesFromOtherThreadsEndsTheOutputOnce() {
        let rounds = stressOperations(200)
        for _ in 0..<rounds {
            let subjects = (0..<4).map { _ in Subject<Int, Boom>() }
            let merged = Probe<Int>()
            Signal.merge(subjects.map(\.signal)).subscribe(merged.observer)
            runConcurrently(4, "senders racing an error") { thread in
                for index in 0..<50 {
                    if thread == 0 && index == 25 { subjects[0].send(error: Boom()) }
                    subjects[thread].send(value: index)
                }
                subjects[thread].sendCompleted()
            }
            #expect(merged.seriality.overlaps == 0)
            #expect(merged.obeysGrammar)
            #expect(merged.events.value.last == .error(Boom()))
            #expect(merged.events.value.filter(\.isTerminating).count == 1)
        }
    }

    /// Every thread subscribes to one subject, sends, and disposes, as fast as it can: the
    /// subject's subscriber list and each subscription's slot are contended all the time.
    /// No lock hand-over may be lost (the watchdog would fire), each subscriber sees the
    /// value it sent itself, and afterwards the subject delivers to its live subscribers only.
    @Test func subscribeSendDisposeOnOneSubjectFromEveryThreadLosesNoWakeUp() {
        let perThread = stressOperations(5_000)
        let subject = Subject<Int, Boom>()
        let missed = Counter()
        runConcurrently(Self.threads, "subscribe, send, dispose on one subject") { thread in
            for round in 0..<perThread {
                let mine = thread * perThread + round
                let sawMine = Atomic<Bool>(false)
                let subscription = subject.signal.map { $0 }.subscribe(next: { value in
                    if value == mine { sawMine.store(true, ordering: .relaxed) }
                })
                subject.send(value: mine)
                subscription.dispose()
                if !sawMine.load(ordering: .relaxed) { missed.increment() }
            }
        }
        #expect(missed.count == 0, "a subscriber missed the value it sent itself")
        let after = Counter()
        let last = subject.signal.subscribe(next: { _ in after.increment() })
        subject.send(value: -1)
        #expect(after.count == 1)
        last.dispose()
    }

    @Test func subscribingAndDisposingWhileOthersSendNeverDeliversAfterDispose() {
        let perThread = stressOperations(400)
        let senders = 2, subscribers = 4
        let tracker = LifetimeTracker()
        let subject = Subject<Int, Boom>()
        let violations = Counter(), overlaps = Counter(), finishedSubscribers = Counter()
        let completedSends = (0..<senders).map { _ in Counter() }
        /// Returns once every sender has completed another send, so that any send in flight
        /// when it was called has finished (and the senders have sent again).
        @Sendable func awaitEverySenderProgress() {
            let marks = completedSends.map(\.count)
            for (tally, mark) in zip(completedSends, marks) {
                while tally.count <= mark { pauseBriefly() }
            }
        }
        runConcurrently(senders + subscribers, "senders and subscribers") { [tracker] thread in
            if thread < senders {
                var value = 0
                while finishedSubscribers.count < subscribers {
                    subject.send(value: value)
                    completedSends[thread].increment()
                    value += 1
                    // A send that finds another delivering only queues its event, and the
                    // delivering send drains the queue: pausing now and then lets it return.
                    if value % 4 == 0 { pauseBriefly() }
                }
                return
            }
            for round in 0..<perThread {
                let token = tracker.instance()
                let probe = Probe<Int>()
                let signal: Signal<Int, Boom> = switch round % 4 {
                case 0: subject.signal.map { _ = token; return $0 }
                case 1: subject.signal.merge(subject.signal)
                case 2: Signal.just(0).flattenMap { _ in subject.signal.filter { _ = token; return $0 >= 0 } }
                default: Signal<[Int], Boom>.combineLatest([subject.signal, .just(1)]).map { $0[0] }
                }
                let subscription = signal.subscribe(probe.observer)
                if round % 3 == 0 { yieldThread() }
                subscription.dispose()
                // Sends in flight during dispose() may still deliver; sends that begin after
                // it returned must not.
                awaitEverySenderProgress()
                let seen = probe.events.value.count
                awaitEverySenderProgress()
                if probe.events.value.count != seen { violations.increment() }
                overlaps.add(probe.seriality.overlaps)
            }
            finishedSubscribers.increment()
        }
        #expect(violations.count == 0, "events delivered by sends that began after dispose() returned")
        #expect(overlaps.count == 0)
        tracker.expectNothingAlive()
    }

    @Test func disposingFromAnotherThreadDuringDeliveryReleasesEverything() {
        let rounds = stressOperations(300)
        let tracker = LifetimeTracker()
        for _ in 0..<rounds {
            let subjects = (0..<3).map { _ in Subject<Int, Boom>() }
            let probe = Probe<Int>()
            let subscription = SerialDisposable()
            do {
                let token = tracker.instance()
                let sources = subjects.map { subject in
                    Signal<Int, Boom> { observer in
                        let open = tracker.subscriptionOpened()
                        let inner = subject.signal.map { _ = token; return $0 }.subscribe(observer)
                        return AnyDisposable { open.close(); inner.dispose() }
                    }
                }
                subscription.inner = Signal.merge(sources).flattenMap { .just($0) }.subscribe(probe.observer)
            }
            runConcurrently(4, "senders and a disposer") { thread in
                if thread == 3 {
                    yieldThread()
                    subscription.dispose()
                    return
                }
                for index in 0..<100 { subjects[thread].send(value: index) }
            }
            #expect(probe.seriality.overlaps == 0)
            #expect(probe.obeysGrammar)
            #expect(tracker.openSubscriptionCount == 0)
        }
        tracker.expectNothingAlive()
    }

    @Test func combineLatestUnderConcurrentSourcesEndsWithTheLatestOfEach() {
        let perThread = stressOperations(2_000)
        let sources = 4
        let subjects = (0..<sources).map { _ in Subject<Int, Boom>() }
        let probe = Probe<[Int]>()
        Signal<[Int], Boom>.combineLatest(subjects.map(\.signal)).subscribe(probe.observer)
        runConcurrently(sources, "combineLatest senders") { thread in
            for index in 0..<perThread { subjects[thread].send(value: index) }
        }
        let values = probe.values
        #expect(probe.seriality.overlaps == 0)
        #expect(values.last == Array(repeating: perThread - 1, count: sources))
        // Each source's component never goes backwards.
        for source in 0..<sources {
            let column = values.map { $0[source] }
            #expect(column == column.sorted())
        }
        for subject in subjects { subject.sendCompleted() }
        #expect(probe.events.value.last == .completed)
        #expect(probe.obeysGrammar)
    }

    @Test func mergeInputAttachedFromManyThreadsDeliversEveryValue() {
        let perThread = stressOperations(500)
        let input = MergeInput<Int, Boom>()
        let probe = Probe<Int>()
        input.signal.subscribe(probe.observer)
        runConcurrently(Self.threads, "attachers") { thread in
            for index in 0..<perThread {
                let value = thread * perThread + index
                if index % 2 == 0 { input.attach(.just(value)) } else { Signal.just(value).merge(into: input) }
            }
        }
        input.cancel()
        #expect(probe.seriality.overlaps == 0)
        #expect(probe.values.sorted() == Array(0..<(Self.threads * perThread)))
        #expect(probe.obeysGrammar)
    }

    @Test func innersEmittingFromOtherThreadsWhileTheBindingCutsThemDeliverNothingAfterTheCut() {
        // One thread sends inner k into a bind that cuts the live inners (cancelInners) and
        // subscribes inner k; three threads send into the inners meanwhile. A value sent into
        // an inner after its cut has returned must never arrive; nothing overlaps; the output
        // obeys the grammar and completes.
        let rounds = stressOperations(400)
        let outer = Subject<Int, Boom>()
        let inners = (0..<rounds).map { _ in Subject<Int, Boom>() }
        /// Inners below this index have been cut (their cut has returned).
        let cutBelow = Locked(0)
        let sentAfterCut = Locked<Set<Int>>([])
        let finished = Locked(false)
        let probe = Probe<Int>()
        outer.signal.bind {
            { event, control in
                switch event {
                case .next(let index):
                    control.cancelInners()
                    return inners[index].signal
                case .error(let error):
                    return .error(error)
                case .completed:
                    return nil
                }
            }
        }.subscribe(probe.observer)
        runConcurrently(4, "binding and inner senders") { thread in
            if thread == 0 {
                for index in 0..<rounds {
                    outer.send(value: index)
                    cutBelow.withLock { $0 = index }
                }
                finished.withLock { $0 = true }
                return
            }
            var serial = 0
            while !finished.value {
                let current = cutBelow.value
                // Mostly the inner just cut or about to be cut, sometimes the current one.
                for index in [max(0, current - 1), current] {
                    serial += 1
                    let value = (index * 4 + thread) * 1_000_000 + serial
                    let isCut = cutBelow.value > index
                    if isCut { sentAfterCut.withLock { _ = $0.insert(value) } }
                    inners[index].send(value: value)
                }
            }
        }
        for inner in inners { inner.sendCompleted() }
        outer.sendCompleted()
        let late = Set(probe.values).intersection(sentAfterCut.value)
        #expect(late.isEmpty, "values sent after their inner was cut arrived: \(late.prefix(5))")
        #expect(probe.seriality.overlaps == 0)
        #expect(probe.obeysGrammar)
        #expect(probe.events.value.last == .completed)
    }
}
