// `workload-run fanout [IMPLEMENTATION…]`: runs W20 (the server fan-out, FanOutWorkloads) once
// for each named implementation (all five if none is named: signals, opencombine, asyncstream,
// asyncchannel, signals-observe) and prints one line per implementation:
//   <implementation> TAB W20 TAB ok|WRONG TAB <checksum> TAB <units>
// checked against clients × Σ(i + 1); on standard error, the wall time per delivered value of
// that one run (a rough figure: the benchmark target FanOut measures properly). compare.sh
// also runs it under callgrind at two sizes (WORKLOAD_DIVISOR) and takes the difference, so
// that start-up and the 100 clients' set-up are not counted. Returns the exit code (1 if any
// checksum is wrong).

import FanOutWorkloads
import Foundation

/// `@unchecked Sendable`: written by the task before `done.signal()`, read after `done.wait()`.
private final class FanOutSum: @unchecked Sendable {
    var sum = 0
}

func runFanOutCases(_ wanted: Set<String>) -> Int32 {
    var failures = 0
    for c in FanOut.cases where wanted.isEmpty || wanted.contains(c.implementation) {
        let box = FanOutSum()
        let done = DispatchSemaphore(value: 0)
        let run = c.run
        let sends = FanOut.sends
        let start = ContinuousClock.now
        Task.detached {
            box.sum = await run(sends)
            done.signal()
        }
        done.wait()
        let elapsed = ContinuousClock.now - start
        FileHandle.standardError.write(Data("\(c.id) \(c.implementation): \(elapsed / c.units) per delivered value\n".utf8))
        let ok = box.sum == FanOut.expected(sends: sends)
        if !ok { failures += 1 }
        print("\(c.implementation)\t\(c.id)\t\(ok ? "ok" : "WRONG")\t\(box.sum)\t\(c.units)")
    }
    return failures == 0 ? 0 : 1
}
