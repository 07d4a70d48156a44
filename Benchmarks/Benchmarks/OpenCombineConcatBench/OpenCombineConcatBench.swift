import BenchSupport
import OpenCombineWorkloads

// OpenCombine's concat cases (W5), alone in this target because OpenCombine overflows the
// stack on long concat chains: compare.sh first runs each one once in a child process
// (`workload-run opencombine <case>`) and skips here the ones that crashed.
let benchmarks: @Sendable () -> Void = {
    registerBenchmarks(OC.implementation, include: { $0.hasPrefix("W5") })
}
