// Kernel hardening: one regression test (or a few) per finding of the adversarial probe.
// Each test is named after the finding it pins (F1 ... F8); long-running scenarios are
// bounded by a watchdog and print their figures ("[figures] ...").

import Foundation
import Signals
import SignalsTesting
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
            let source = Signal<Int, Never> { observer in
                let group = DispatchGroup()
                DispatchQueue.global().async(group: group) { observer.send(value: 1) }
                DispatchQueue.global().async(group: group) {
                    Thread.sleep(forTimeInterval: 0.05)
                    observer.send(value: 2)
                    bSent.signal()
                }
                group.wait()
                return nil
            }
            source.map { value in
                if value == 1 { _ = bSent.wait(timeout: .now() + 5) }
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

    // MARK: F2 — disposing many subscriptions of one Subject

    /// Disposing n subscriptions of one subject, in subscription order or in reverse, costs
    /// O(n log n) at most: 100,000 take far less than 100 times as long as 10,000 (a removal
    /// that scanned the list would take 100 times as long). The ratio of the best of three
    /// runs is compared, not a time.
    @Test func f2DisposingManySubscriptionsOfOneSubjectIsNotQuadratic() {
        func disposalTime(_ count: Int, reversed: Bool) -> Duration {
            (0..<3).map { _ in
                let subject = Subject<Int, Never>()
                var subscriptions = (0..<count).map { _ in subject.signal.subscribe(next: { _ in }) }
                if reversed { subscriptions.reverse() }
                let start = ContinuousClock.now
                for subscription in subscriptions { subscription.dispose() }
                return ContinuousClock.now - start
            }.min()!
        }
        for reversed in [false, true] {
            let small = disposalTime(10_000, reversed: reversed)
            let large = disposalTime(100_000, reversed: reversed)
            let ratio = large / small
            print("[figures] F2 disposing subscribers of one Subject\(reversed ? " (reverse order)" : ""): 10,000 in \(small), 100,000 in \(large), ratio \(ratio)")
            #expect(ratio < 35, "100,000 disposals took \(ratio) times as long as 10,000")
        }
    }

    /// Removing subscribers from the middle, the front and the back keeps the others, in
    /// subscription order, and a removed one receives nothing.
    @Test func f2RemovingSubscribersKeepsTheOthersInSubscriptionOrder() {
        let subject = Subject<Int, Never>()
        let received = Mutex<[Int]>([])
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
        }
    }

    /// The order of the steps, at the first and at a later position: the link completes,
    /// its `subscribe` returns, then the next link is subscribed.
    @Test func f4TheNextLinkIsSubscribedAfterTheCompletingLinksSubscribeReturns() {
        for position in 0..<3 {
            let log = Mutex<[String]>([])
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
            let count = 2_000_000
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
            source.map { $0 + 1 }.subscribe(next: { value in
                last.store(value, ordering: .relaxed)
                if value < count { box.observer?.send(value: value) }
            })
            let growth = peakResidentMegabytes() - before
            print("[figures] F7 re-entrant loop of \(count) through a raw source + map: peak RSS +\(growth) MB, \(ContinuousClock.now - start)")
            box.observer = nil
            #expect(last.load(ordering: .relaxed) == count)
            #expect(growth < 16, "peak RSS grew by \(growth) MB")
        }
        relayFigures(result)
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
    for line in output.split(separator: "\n") where line.hasPrefix("[figures]") { print(line) }
}
