import BenchSupport
import SignalsWorkloads

// Everything but the concat cases (W5), which are in SignalsConcatBench (see there).
let benchmarks: @Sendable () -> Void = {
    registerBenchmarks(Sig.implementation, include: { !$0.hasPrefix("W5") })
}
