// `workload-run async [CASE-ID…]`: runs each async-bridge case (W13, W13b) of every
// implementation once and prints one line per case:
//   <implementation> TAB <case id> TAB ok|WRONG TAB <checksum>
// checked against n(n-1)/2, and on standard error the wall time per value of that one run
// (a rough figure; the benchmark target AsyncBridge measures properly). Returns the process
// exit code (1 if any sum is wrong).

import AsyncBridgeWorkloads
import Foundation
import WorkloadSpec

/// `@unchecked Sendable`: written by the task before `done.signal()`, read after `done.wait()`.
private final class SumBox: @unchecked Sendable {
    var sum = 0
}

func runAsyncBridgeCases(_ wanted: Set<String>) -> Int32 {
    var failures = 0
    for c in AsyncBridge.cases where wanted.isEmpty || wanted.contains(c.id) {
        let box = SumBox()
        let done = DispatchSemaphore(value: 0)
        let run = c.run
        let start = ContinuousClock.now
        Task.detached {
            box.sum = await run()
            done.signal()
        }
        done.wait()
        let elapsed = ContinuousClock.now - start
        FileHandle.standardError.write(Data("\(c.id) \(c.implementation): \(elapsed / c.units) per value\n".utf8))
        let ok = box.sum == Expected.sumOfRange(c.units)
        if !ok { failures += 1 }
        print("\(c.implementation)\t\(c.id)\t\(ok ? "ok" : "WRONG")\t\(box.sum)")
    }
    return failures == 0 ? 0 : 1
}
