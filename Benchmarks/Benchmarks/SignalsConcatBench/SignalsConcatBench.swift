import BenchSupport
import SignalsWorkloads

// Signals' concat cases (W5), in their own target like OpenCombine's: compare.sh first runs
// each one once in a child process (`workload-run signals <case>`) and skips here the ones
// that crashed, so that a crash costs one row of the table, not the run.
let benchmarks: @Sendable () -> Void = {
    registerBenchmarks(Sig.implementation, include: { $0.hasPrefix("W5") })
}
