import BenchSupport
import FloorWorkloads
import OpenCombineWorkloads
import SignalsWorkloads

// The concat cases (W5), alone in this target because long concat chains may crash
// (OpenCombine's overflow the stack): compare.sh first runs each case once in a child process
// (`workload-run`) and skips here (`--skip`) the ones that crashed, so that a crash costs one
// cell of the table, not the run.
let benchmarks: @Sendable () -> Void = {
    registerBenchmarks(
        [("signals", Sig.implementation), ("opencombine", OC.implementation), ("floor", Floor.implementation)],
        include: { _, id in id.hasPrefix("W5") }
    )
}
