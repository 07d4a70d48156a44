// MutableProperty.modify nested on two properties in opposite orders on two threads deadlocks
// (as in ReactiveSwift): documented in `modify` and in Contracts.md, "State: properties and
// actions". Debug builds name the cause once, when a `modify` has waited for its lock longer
// than a threshold (5 s; shortened here). The deadlock happens in a child process (an exit
// test), which ends itself once the message is out, so the test run never hangs.

#if DEBUG
import Foundation
import Signals
import SignalsTestSupport
import Testing

@Suite struct NestedModifyConcurrencyTests {
    /// Issue 35: AB/BA nesting deadlocked with no word. Each thread holds its first property
    /// before it asks for the second, so the deadlock is certain.
    @Test func modifyNestedInOppositeOrdersIsNamed() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            _NestedModifyDiagnostic.settings.withLock { $0.threshold = .milliseconds(50) }
            let a = MutableProperty(0), b = MutableProperty(0)
            let aHeld = DispatchSemaphore(value: 0), bHeld = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                a.modify { _ in
                    aHeld.signal()
                    bHeld.wait()
                    b.modify { $0 += 1 }
                }
            }
            Thread.detachNewThread {
                b.modify { _ in
                    bHeld.signal()
                    aHeld.wait()
                    a.modify { $0 += 1 }
                }
            }
            // The threads stay deadlocked; the process ends once the message is out, or fails
            // after a generous bound.
            let named = waitUntil(seconds: 30) { _NestedModifyDiagnostic.settings.withLock { $0.hasReported } }
            usleep(100_000)  // let the message reach standard error
            exit(named ? 0 : 1)
        }
        let printed = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(printed.contains("Signals: a MutableProperty.modify has waited more than a few seconds"))
        #expect(printed.contains("opposite"))
        #expect(printed.components(separatedBy: "Signals: a MutableProperty.modify").count == 2)  // once
    }

    /// Nesting in one order everywhere holds.
    @Test func modifyNestedInTheSameOrderOnTwoThreadsHolds() {
        let a = MutableProperty(0), b = MutableProperty(0)
        #expect(runConcurrently(2, timeout: .seconds(60)) { _ in
            for _ in 0..<200 { a.modify { _ in b.modify { $0 += 1 } } }
        })
        #expect(b.value == 400)
    }
}
#endif
