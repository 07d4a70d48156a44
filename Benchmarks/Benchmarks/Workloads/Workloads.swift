import BenchSupport
import FloorWorkloads
import OpenCombineWorkloads
import SignalsWorkloads

// Every case but the concat ones (W5), for the three implementations. The benchmark tool runs
// benchmarks sorted by name, so the three versions of one workload run one after the other
// ("W1 floor", "W1 opencombine", "W1 signals"), which keeps their ratios fair on a busy machine.
let benchmarks: @Sendable () -> Void = {
    registerBenchmarks(
        [("signals", Sig.implementation), ("opencombine", OC.implementation), ("floor", Floor.implementation)],
        // W19 (how cost grows with N) is counted in instructions only (compare.sh step 4), and
        // so are W22 (drivers), which must run on the main thread to deliver inline, and W23
        // (W14, W16 and W17 with the scheduler held as `any Scheduler`: a ratio of instructions).
        include: { _, id in !id.hasPrefix("W5") && !id.hasPrefix("W19") && !id.hasPrefix("W22") && !id.hasPrefix("W23") }
    )
}
