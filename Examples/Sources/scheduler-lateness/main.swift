// scheduler-lateness: does a TaskScheduler's delay wait behind a busy cooperative pool?
//
//   swift run -c release --package-path Examples scheduler-lateness
//
// A TaskScheduler serves every delay with one sleeping task; when `clock.sleep` returns, that
// task must get a thread of its executor to move the due work on, and so must the task that
// runs the work. On the global concurrent executor these are the cooperative pool's threads
// (one per core). This measures how late timers fire:
//
//   idle     nothing else runs
//   busy     2 × cores tasks do CPU work in slices of SLICE_MS (20 ms by default) with a
//            `Task.yield()` between slices, as request handlers that each broadcast to
//            thousands of followers would
//
// on three schedulers: `TaskScheduler()` (the global executor), `TaskScheduler(executor:)`
// with an executor on a Dispatch queue of its own, and `QueueScheduler` (a serial Dispatch
// queue, whose timers fire on Dispatch's threads, outside the cooperative pool). Each samples
// TIMERS (100) timers of 10 ms, one after the other; lateness = when the action ran minus
// its deadline. It prints p50, p99 and the worst, in ms, and the machine's load.

import Dispatch
import Foundation
import Signals
import Synchronization

let environment = ProcessInfo.processInfo.environment
let slice = Duration.milliseconds(Int(environment["SLICE_MS"] ?? "") ?? 20)
let timers = Int(environment["TIMERS"] ?? "") ?? 100
let busyTasks = 2 * ProcessInfo.processInfo.activeProcessorCount

/// A `TaskExecutor` on a serial Dispatch queue of its own (threads outside the cooperative
/// pool): what `TaskScheduler(executor:)` can be given.
final class QueueExecutor: TaskExecutor {
    let queue = DispatchQueue(label: "scheduler-lateness.executor")
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}

/// Lateness of `timers` one-shot timers of 10 ms on `scheduler`, one after the other, in ms.
func lateness(on scheduler: some Scheduler) async -> [Double] {
    var samples: [Double] = []
    for _ in 0..<timers {
        let deadline = ContinuousClock.now + .milliseconds(10)
        let fired: ContinuousClock.Instant = await withCheckedContinuation { continuation in
            scheduler.schedule(after: .milliseconds(10)) { continuation.resume(returning: ContinuousClock.now) }
        }
        let late = deadline.duration(to: fired)
        samples.append(Double(late.components.seconds) * 1e3 + Double(late.components.attoseconds) / 1e15)
    }
    return samples.sorted()
}

/// Keeps the cooperative pool busy until `stop` is set: `busyTasks` tasks of CPU work in
/// `slice`s, yielding between slices.
func busy(until stop: Flag) async {
    await withTaskGroup(of: Void.self) { group in
        for _ in 0..<busyTasks {
            group.addTask {
                var x: UInt64 = 1
                while !stop.isSet {
                    let end = ContinuousClock.now + slice
                    while ContinuousClock.now < end { x = x &* 6364136223846793005 &+ 1 }
                    await Task.yield()
                }
                if x == 0 { print("") }  // keeps the loop
            }
        }
    }
}

func loadAverage() -> String {
    (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
}

func row(_ name: String, _ load: String, _ samples: [Double]) {
    func at(_ q: Double) -> Double { samples[min(samples.count - 1, Int(Double(samples.count) * q))] }
    print("| \(name) | \(load) | \(String(format: "%.2f", at(0.5))) | \(String(format: "%.2f", at(0.99))) | \(String(format: "%.2f", samples.last ?? 0)) |")
}

/// A flag set from one task and read by others.
final class Flag: Sendable {
    private let value = Atomic<Bool>(false)
    var isSet: Bool { value.load(ordering: .relaxed) }
    func set(_ on: Bool) { value.store(on, ordering: .relaxed) }
}

let stopFlag = Flag()
print("scheduler-lateness: \(timers) timers of 10 ms each; busy = \(busyTasks) tasks in slices of \(slice); load before: \(loadAverage())")
print("")
print("| scheduler | cooperative pool | p50 ms late | p99 ms late | worst ms |")
print("|---|---|---:|---:|---:|")
let schedulers: [(String, any Scheduler)] = [
    ("TaskScheduler() (global executor)", TaskScheduler()),
    ("TaskScheduler(executor: own queue)", TaskScheduler(executor: QueueExecutor())),
    ("QueueScheduler", QueueScheduler(name: "scheduler-lateness.queue")),
]
for (name, scheduler) in schedulers {
    row(name, "idle", await lateness(on: scheduler))
}
for (name, scheduler) in schedulers {
    stopFlag.set(false)
    // The busy work runs in unstructured tasks so that this loop's own task is one more
    // task waiting for the pool, like any handler's.
    let load = Task.detached { await busy(until: stopFlag) }
    try? await Task.sleep(for: .milliseconds(50))
    let samples = await lateness(on: scheduler)
    stopFlag.set(true)
    await load.value
    row(name, "busy", samples)
}
print("")
print("load after: \(loadAverage()); \(ProcessInfo.processInfo.activeProcessorCount) cores")
