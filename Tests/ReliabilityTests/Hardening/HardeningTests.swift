// Kernel hardening: one regression test (or a few) per finding of the adversarial probe.
// Each test is named after the finding it pins (F1 ... F8); long-running scenarios are
// bounded by a watchdog and print their figures ("[figures] ...").

import Foundation
import Signals
import SignalsTesting
import SignalsTestSupport
import Synchronization
import Testing

@Suite struct HardeningTests {
    // MARK: F3 — concurrent sends into a raw observer

    /// Two threads inside one observer at once: thread A is held inside the handling of
    /// its value until thread B has sent too, so the overlap is certain, and the process
    /// must stop with a message that names the fix — never corrupt memory.
    @Test func f3ConcurrentSendsIntoARawObserverStopWithAMessageThatNamesTheFix() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let bSent = DispatchSemaphore(value: 0)
            let aInside = DispatchSemaphore(value: 0)
            let source = Signal<Int, Never> { observer in
                let group = DispatchGroup()
                DispatchQueue.global().async(group: group) { observer.send(value: 1) }
                DispatchQueue.global().async(group: group) {
                    aInside.wait()   // A is inside its value: B's send overlaps it, however busy the machine
                    observer.send(value: 2)
                    bSent.signal()
                }
                group.wait()
                return nil
            }
            source.map { value in
                if value == 1 {
                    aInside.signal()
                    _ = bSent.wait(timeout: .now() + 120)   // a hang guard: B's send stops the process first
                }
                return value
            }.subscribe(next: { _ in })
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("events sent concurrently into one observer; serialise them, e.g. through a Subject"))
    }

    /// Sends from different threads that do not overlap are within the grammar and pass.
    @Test func f3SerialSendsFromDifferentThreadsAreFine() {
        let recorder = Signal<Int, Never> { observer in
            for value in 0..<100 {
                // Each send on its own thread; the next starts after it has returned.
                let done = DispatchSemaphore(value: 0)
                Thread {
                    observer.send(value: value)
                    done.signal()
                }.start()
                done.wait()
            }
            observer.sendCompleted()
            return nil
        }.map { $0 * 2 }.record()
        #expect(recorder.values == (0..<100).map { $0 * 2 })
        #expect(recorder.isCompleted)
    }

    // MARK: F1 — a send waits for its turn instead of queueing and leaving

    /// One producer sends into a subject in a tight loop while a second thread sends every
    /// 100 ms; the subscriber spends 2 µs per value. Every send waits for its turn, so none
    /// is stuck delivering the other's backlog and memory stays flat; nothing is lost and
    /// each thread's values arrive in order. (Latencies are printed, not asserted.)
    @Test func f1ASendIntoABusySubjectWaitsForItsTurnInsteadOfDeliveringOthersBacklog() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            HardeningTests.turnTakingScenario("F1 subject, 1 tight-loop sender + 1 periodic", producers: 1, throughMerge: false)
        }
        relayFigures(result)
    }

    /// The same with four tight-loop senders.
    @Test func f1FourTightLoopSendersAndAPeriodicOneAllKeepBoundedLatencyAndMemory() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            HardeningTests.turnTakingScenario("F1 subject, 4 tight-loop senders + 1 periodic", producers: 4, throughMerge: false)
        }
        relayFigures(result)
    }

    /// The same through bind's output: a merge of one subject per thread, each sender
    /// being inside its own subject's delivery when it reaches the merge.
    @Test func f1SendersReachingAMergeFromInsideTheirOwnSubjectsTakeTurnsToo() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            HardeningTests.turnTakingScenario("F1 merge of 5 per-thread subjects, 4 tight-loop + 1 periodic", producers: 4, throughMerge: true)
        }
        relayFigures(result)
    }

    /// Two subjects feeding each other from two threads: each thread, inside one subject's
    /// delivery, sends into the other. Waiting there would close a cycle, so that send is
    /// queued instead: no deadlock, nothing lost, each observer entered serially.
    @Test func f1TwoSubjectsFeedingEachOtherFromTwoThreadsNeitherDeadlockNorLose() {
        let perThread = stressOperations(2_000)
        let depth = 20
        let a = Subject<Int, Never>(), b = Subject<Int, Never>()
        let deliveries = Counter()
        let probeA = SerialityProbe(), probeB = SerialityProbe()
        let subscriptionA = a.signal.subscribe(next: { value in
            probeA.enter()
            deliveries.increment()
            probeA.leave()
            if value > 0 { b.send(value: value - 1) }
        })
        let subscriptionB = b.signal.subscribe(next: { value in
            probeB.enter()
            deliveries.increment()
            probeB.leave()
            if value > 0 { a.send(value: value - 1) }
        })
        runConcurrently(2, timeout: .seconds(120), "two threads feeding two subjects into each other") { thread in
            let subject = thread == 0 ? a : b
            for _ in 0..<perThread { subject.send(value: depth) }
        }
        #expect(deliveries.count == 2 * perThread * (depth + 1))
        #expect(probeA.overlaps == 0 && probeB.overlaps == 0)
        // Neither subject ends, so each subscription lives until it is disposed.
        subscriptionA.dispose()
        subscriptionB.dispose()
    }

    /// Re-entrant sends from inside a callback still queue behind the event being
    /// delivered (waiting for one's own turn would never end), in order.
    @Test func f1AReentrantSendIsQueuedBehindTheCurrentEvent() {
        let subject = Subject<Int, Never>()
        let seen = Locked<[Int]>([])
        let subscription = subject.signal.subscribe(next: { value in
            seen.withLock { $0.append(value) }
            if value < 3 {
                subject.send(value: value + 10)
                subject.send(value: value + 1)
            }
        })
        subject.send(value: 0)
        #expect(seen.withLock { $0 } == [0, 10, 1, 11, 2, 12, 3])
        subscription.dispose()
    }

    // MARK: F5 — MergeInput.attach returns once the upstream is subscribed

    /// Sixteen threads each attach their own hot subject to one input and send into it at
    /// once: since `attach` returns only once the upstream is subscribed, every value
    /// arrives, in each thread's order.
    @Test func f5AttachReturnsOnceTheUpstreamIsSubscribed() {
        let threads = 16
        let perThread = stressOperations(200)
        let input = MergeInput<Int, Never>()
        let received = Locked<[[Int]]>(Array(repeating: [], count: threads))
        input.signal.subscribe(next: { value in
            received.withLock { $0[value / 1_000_000].append(value % 1_000_000) }
        })
        runConcurrently(threads, timeout: .seconds(120), "threads attaching and sending") { thread in
            for round in 0..<4 {
                let upstream = Subject<Int, Never>()
                input.attach(upstream.signal)
                for index in 0..<perThread { upstream.send(value: thread * 1_000_000 + round * perThread + index) }
                upstream.sendCompleted()
            }
        }
        let all = received.withLock { $0 }
        for thread in 0..<threads {
            #expect(all[thread] == Array(0..<(4 * perThread)), "thread \(thread)")
        }
    }

    // MARK: F2 — disposing many subscriptions of one Subject

    // How disposing grows with the number of subscribers (in order or in reverse; a removal
    // that scanned the list would make it quadratic) is measured in the Benchmarks package,
    // in instructions per subscriber at N and 16·N (W19 Subject, Subject-reverse), never by a
    // time here.

    /// Removing subscribers from the middle, the front and the back keeps the others, in
    /// subscription order, and a removed one receives nothing.
    @Test func f2RemovingSubscribersKeepsTheOthersInSubscriptionOrder() {
        let subject = Subject<Int, Never>()
        let received = Locked<[Int]>([])
        let subscriptions = (0..<100).map { index in
            subject.signal.subscribe(next: { value in received.withLock { $0.append(index * 1000 + value) } })
        }
        for index in stride(from: 0, to: 100, by: 3) { subscriptions[index].dispose() }
        subscriptions[99].dispose()
        subscriptions[99].dispose()
        subject.send(value: 1)
        let kept = (0..<99).filter { $0 % 3 != 0 }
        #expect(received.withLock { $0 } == kept.map { $0 * 1000 + 1 })
        for index in kept { subscriptions[index].dispose() }
        subject.send(value: 2)
        #expect(received.withLock { $0 }.count == kept.count)
    }

    // MARK: F4 — when concat subscribes the next link

    /// A link that completes while it is being subscribed, then sends into the hot signal
    /// that follows it: at every position the follower is subscribed only when the link's
    /// `subscribe` call has returned, so the 42 is never seen, and a later 43 always is.
    @Test func f4ConcatSubscribesTheNextLinkWhenTheCompletingLinksSubscribeReturnsAtEveryPosition() {
        final class Shapes: Sendable {
            let trigger = Subject<Int, Never>()
            var completesThenSends: Signal<Int, Never> {
                Signal { [trigger] observer in
                    observer.sendCompleted()
                    trigger.send(value: 42)
                    return nil
                }
            }
        }
        let shapes: [(String, (Shapes) -> Signal<Int, Never>)] = [
            ("concat([y, trigger])", { Signal.concat([$0.completesThenSends, $0.trigger.signal]) }),
            ("concat([from([0]), y, trigger])", { Signal.concat([.from([0]), $0.completesThenSends, $0.trigger.signal]) }),
            ("concat([just(0), just(1), y, trigger])", { Signal.concat([.just(0), .just(1), $0.completesThenSends, $0.trigger.signal]) }),
            ("concat(sequence)", { s in Signal.concat(OnlyASequence(elements: [.from([0]), s.completesThenSends, s.trigger.signal])) }),
            ("y.concat(trigger)", { $0.completesThenSends.concat($0.trigger.signal) }),
            ("from([0]).concat(y).concat(trigger)", { Signal.from([0]).concat($0.completesThenSends).concat($0.trigger.signal) }),
        ]
        for (label, make) in shapes {
            let fixture = Shapes()
            let recorder = make(fixture).record()
            fixture.trigger.send(value: 43)
            #expect(recorder.values.filter { $0 >= 42 } == [43], "\(label)")
            recorder.dispose()
        }
    }

    /// The order of the steps, at the first and at a later position: the link completes,
    /// its `subscribe` returns, then the next link is subscribed.
    @Test func f4TheNextLinkIsSubscribedAfterTheCompletingLinksSubscribeReturns() {
        for position in 0..<3 {
            let log = Locked<[String]>([])
            let link = Signal<Int, Never> { observer in
                observer.sendCompleted()
                log.withLock { $0.append("link returns") }
                return nil
            }
            let next = Signal<Int, Never>.deferred {
                log.withLock { $0.append("next subscribed") }
                return .empty
            }
            let before = Array(repeating: Signal<Int, Never>.just(0), count: position)
            _ = Signal.concat(before + [link, next]).record()
            #expect(log.withLock { $0 } == ["link returns", "next subscribed"], "position \(position)")
        }
    }

    /// A link that completes later (not inside its `subscribe`) has its successor
    /// subscribed inside its `sendCompleted()`, at every position.
    @Test func f4ALinkThatCompletesLaterHasItsSuccessorSubscribedInsideSendCompleted() {
        for position in 0..<3 {
            let gate = Subject<Int, Never>()
            let trigger = Subject<Int, Never>()
            let before = Array(repeating: Signal<Int, Never>.just(0), count: position)
            let recorder = Signal.concat(before + [gate.signal, trigger.signal]).record()
            gate.sendCompleted()
            trigger.send(value: 42)
            #expect(recorder.values == Array(repeating: 0, count: position) + [42], "position \(position)")
            recorder.dispose()
        }
    }

    // MARK: F7 — a re-entrant loop through a raw source

    /// Each value sent through `map` makes the subscriber send the next one into the raw
    /// source's observer, re-entrantly, 2,000,000 times. bind queues each re-entrant event
    /// behind the one being handled; the queue must stay one event long, so the peak
    /// resident memory of the (child) process grows by far less than the 32 MB that keeping
    /// the loop's history would take.
    @Test func f7AReentrantLoopThroughARawSourceRunsInFlatMemory() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let count = testSize(2_000_000, quick: 500_000)
            final class Box: @unchecked Sendable { var observer: Observer<Int, Never>? }
            let box = Box()
            let source = Signal<Int, Never> { observer in
                box.observer = observer
                observer.send(value: 0)
                return nil
            }
            let last = Atomic<Int>(0)
            let before = peakResidentMegabytes()
            let start = ContinuousClock.now
            let subscription = source.map { $0 + 1 }.subscribe(next: { value in
                last.store(value, ordering: .relaxed)
                if value < count { box.observer?.send(value: value) }
            })
            let growth = peakResidentMegabytes() - before
            printFigure("[figures] F7 re-entrant loop of \(count) through a raw source + map: peak RSS +\(growth) MB, \(ContinuousClock.now - start)")
            // The source never ends, so the subscription lives until it is disposed.
            subscription.dispose()
            box.observer = nil
            #expect(last.load(ordering: .relaxed) == count)
            // Keeping the loop's history would take 16 bytes per value: allow half of that.
            #expect(growth < count / 125_000, "peak RSS grew by \(growth) MB")
        }
        relayFigures(result)
    }
}

extension HardeningTests {
    /// F1's scenarios: `producers` threads send in a tight loop and one more sends every
    /// 100 ms (20 times), into one subject or, `throughMerge`, each into its own subject,
    /// all merged. The subscriber spends 2 µs per value and checks that each thread's values
    /// arrive exactly once and in order. Prints the longest single send (of the periodic
    /// sender and of all) and the growth of the peak resident memory; expects that growth
    /// to stay under 50 MB. Runs in a child process, which a watchdog ends after 120 s.
    static func turnTakingScenario(_ label: String, producers: Int, throughMerge: Bool) {
        Thread {
            Thread.sleep(forTimeInterval: 120)
            printFigure("[figures] \(label): watchdog fired (a send is stuck)")
            exit(3)
        }.start()
        let threads = producers + 1
        let subjects = (0..<(throughMerge ? threads : 1)).map { _ in Subject<Int, Never>() }
        let signal = throughMerge ? Signal.merge(subjects.map(\.signal)) : subjects[0].signal
        final class Checker: @unchecked Sendable {   // touched only by the (serial) subscriber
            var next: [Int]
            var faults = 0
            init(_ threads: Int) { next = Array(repeating: 0, count: threads) }
        }
        let checker = Checker(threads)
        let subscription = signal.subscribe(next: { value in
            let end = ContinuousClock.now + .microseconds(2)
            while ContinuousClock.now < end {}
            let (thread, sequence) = (value >> 40, value & ((1 << 40) - 1))
            if checker.next[thread] != sequence { checker.faults += 1 }
            checker.next[thread] = sequence + 1
        })
        let stop = Atomic<Bool>(false)
        let longest = Locked<(periodic: Duration, any: Duration)>((.zero, .zero))
        let sent = Locked<[Int]>(Array(repeating: 0, count: threads))
        let before = peakResidentMegabytes()
        runConcurrently(threads, timeout: .seconds(110), label) { thread in
            let subject = throughMerge ? subjects[thread] : subjects[0]
            var sequence = 0
            var worst = Duration.zero
            func timedSend() {
                let start = ContinuousClock.now
                subject.send(value: thread << 40 | sequence)
                worst = max(worst, ContinuousClock.now - start)
                sequence += 1
            }
            if thread < producers {
                while !stop.load(ordering: .relaxed) { timedSend() }
            } else {
                // 2 s of tight loops at full size; half a second in the README's quick run.
                for _ in 0..<testSize(20, quick: 5) {
                    Thread.sleep(forTimeInterval: 0.1)
                    timedSend()
                }
                stop.store(true, ordering: .relaxed)
            }
            let periodic = thread == producers
            longest.withLock { $0 = (periodic ? worst : $0.periodic, max($0.any, worst)) }
            sent.withLock { $0[thread] = sequence }
        }
        let growth = peakResidentMegabytes() - before
        let (periodic, any) = longest.withLock { $0 }
        let total = sent.withLock { $0.reduce(0, +) }
        printFigure("[figures] \(label): \(total) sends, longest periodic send \(periodic), longest send \(any), peak RSS \(peakResidentMegabytes()) MB (+\(growth) MB during the run)")
        #expect(checker.faults == 0, "values lost, duplicated or out of order")
        #expect(checker.next == sent.withLock { $0 }, "every value delivered")
        #expect(growth < 50, "peak RSS grew by \(growth) MB")
        // The subjects never end, so the subscription lives until it is disposed.
        subscription.dispose()
    }
}

/// A sequence that is not a collection (to reach the sequence form of `concat`).
struct OnlyASequence<Element: Sendable>: Sequence, Sendable {
    let elements: [Element]
    func makeIterator() -> IndexingIterator<[Element]> { elements.makeIterator() }
}

/// The process's peak resident set size so far, in MiB.
func peakResidentMegabytes() -> Int {
    var usage = rusage()
    #if canImport(Darwin)
    getrusage(RUSAGE_SELF, &usage)
    return Int(usage.ru_maxrss) / (1 << 20)
    #else
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Int(usage.ru_maxrss) / 1024
    #endif
}

/// Prints the figures a child process printed.
func relayFigures(_ result: ExitTest.Result?) {
    guard let result else { return }
    let output = String(decoding: result.standardOutputContent, as: UTF8.self)
    for line in output.split(separator: "\n") where line.hasPrefix("[figures]") { printFigure(String(line)) }
}
