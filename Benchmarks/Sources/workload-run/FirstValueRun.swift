// `workload-run first-value [CONNECTIONS [RUNS]]`: W25, the time from creating a `for await`
// loop's iterator to its first value, for a subject, a connected share, an interval (on a
// `QueueScheduler`, with the floor of its timer, and on a `TaskScheduler`) and their merge,
// each beside an `AsyncStream` follower (AsyncBridgeWorkloads/FirstValue.swift).
// CONNECTIONS per run (default 20,000; 2,000 with WORKLOAD_DIVISOR ≥ 10; the interval case
// makes a tenth), RUNS runs (default 5), the two followers of a feed taking turns run by run so
// that they share the machine's load. Prints one line per run and case:
//   <implementation> TAB W25 <feed> TAB ok|WRONG TAB median <per connection> TAB mean <…>
// then, per case, the median of the runs' medians:
//   <implementation> TAB W25 <feed> TAB runs <RUNS> TAB median of medians <…>
// Returns the exit code (1 if a sum is wrong).

import AsyncBridgeWorkloads
import Foundation

/// `@unchecked Sendable`: written by the task before `done.signal()`, read after `done.wait()`.
private final class FirstValueBox: @unchecked Sendable {
    var figures: FirstValue.Figures?
}

func runFirstValue(_ arguments: [String]) -> Int32 {
    let connections = arguments.first.flatMap(Int.init) ?? FirstValue.connections
    let runs = arguments.dropFirst().first.flatMap(Int.init) ?? 5
    var failures = 0
    var medians: [String: [Int]] = [:]
    func format(_ nanoseconds: Int) -> String {
        nanoseconds >= 1_000_000 ? String(format: "%.3f ms", Double(nanoseconds) / 1e6) : String(format: "%.2f µs", Double(nanoseconds) / 1e3)
    }
    for run in 1...runs {
        for c in FirstValue.cases {
            let box = FirstValueBox()
            let done = DispatchSemaphore(value: 0)
            let body = c.run
            Task.detached {
                box.figures = await body(connections)
                done.signal()
            }
            done.wait()
            let figures = box.figures!
            let ok = figures.sum == figures.expectedSum
            if !ok { failures += 1 }
            let name = "\(c.implementation)\tW25 \(c.feed)"
            medians[name, default: []].append(figures.median)
            print("\(name)\t\(ok ? "ok" : "WRONG")\trun \(run)\tmedian \(format(figures.median))\tmean \(format(figures.mean))")
        }
    }
    for c in FirstValue.cases {
        let name = "\(c.implementation)\tW25 \(c.feed)"
        let sorted = medians[name]!.sorted()
        print("\(name)\truns \(runs)\tmedian of medians \(format(sorted[sorted.count / 2]))")
    }
    return failures == 0 ? 0 : 1
}
