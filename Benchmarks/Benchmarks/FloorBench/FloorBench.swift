import BenchSupport
import FloorWorkloads

let benchmarks: @Sendable () -> Void = {
    registerBenchmarks(Floor.implementation)
}
