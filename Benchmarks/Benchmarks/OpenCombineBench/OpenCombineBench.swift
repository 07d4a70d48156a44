import BenchSupport
import OpenCombineWorkloads

// Everything but the concat cases (W5), which are in OpenCombineConcatBench: they may crash.
let benchmarks: @Sendable () -> Void = {
    registerBenchmarks(OC.implementation, include: { !$0.hasPrefix("W5") })
}
