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
