// `workload-run broadcast [FOLLOWERS [ROUNDS]]`: W24, one broadcast to FOLLOWERS suspended
// `for await` loops (default 10,000; 1,000 with WORKLOAD_DIVISOR ≥ 10), ROUNDS rounds
// (default 7), Signals' `subject.send` beside `continuation.yield` into as many AsyncStreams
// (AsyncBridgeWorkloads/Broadcast.swift). Prints one line per implementation:
//   <implementation> TAB W24 TAB ok|WRONG TAB sender <median> TAB last <median> TAB cpu <median>
// checked against followers × Σ round. Returns the exit code (1 if a sum is wrong).

import AsyncBridgeWorkloads
import Foundation

/// `@unchecked Sendable`: written by the task before `done.signal()`, read after `done.wait()`.
private final class FiguresBox: @unchecked Sendable {
    var figures: Broadcast.Figures?
}

func runBroadcast(_ arguments: [String]) -> Int32 {
    let followers = arguments.first.flatMap(Int.init) ?? Broadcast.followers
    let rounds = arguments.dropFirst().first.flatMap(Int.init) ?? 7
    let implementations: [(String, @Sendable () async -> Broadcast.Figures)] = [
        ("signals", { await Broadcast.signals(followers: followers, rounds: rounds) }),
        ("asyncstream", { await Broadcast.asyncStream(followers: followers, rounds: rounds) }),
    ]
    var failures = 0
    func format(_ duration: Duration) -> String {
        let microseconds = Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
        return microseconds >= 1_000 ? String(format: "%.2f ms", microseconds / 1_000) : String(format: "%.1f µs", microseconds)
    }
    for (name, run) in implementations {
        let box = FiguresBox()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            box.figures = await run()
            done.signal()
        }
        done.wait()
        let figures = box.figures!
        let ok = figures.sum == followers * rounds * (rounds + 1) / 2
        if !ok { failures += 1 }
        print("\(name)\tW24 n=\(followers)\t\(ok ? "ok" : "WRONG")\tsender \(format(figures.sender))\tlast \(format(figures.last))\tcpu \(format(figures.cpu))")
    }
    return failures == 0 ? 0 : 1
}
