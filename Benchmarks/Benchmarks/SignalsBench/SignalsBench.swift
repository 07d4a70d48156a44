import BenchSupport
import SignalsWorkloads

let benchmarks: @Sendable () -> Void = {
    registerBenchmarks(Sig.implementation)
}
