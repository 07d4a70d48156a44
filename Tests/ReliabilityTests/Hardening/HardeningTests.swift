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
}
