import AsyncBridgeWorkloads
import Benchmark

// W13 / W13b (the async/await bridge): Signals' `values` beside `AsyncStream` and
// `AsyncChannel`. One iteration = one whole case, measured inside the async closure (the
// tasks run on the global executor, so there is no big-stack thread here). Names sort so
// that the versions of one case run one after the other.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .nanoseconds,
        units: [.mallocCountTotal: .count],
        warmupIterations: 1,
        maxDuration: .seconds(4),
        maxIterations: 10
    )
    for c in AsyncBridge.cases {
        let run = c.run
        Benchmark("\(c.id) \(c.implementation) n=\(c.units)") { benchmark async in
            benchmark.startMeasurement()
            let sum = await run()
            benchmark.stopMeasurement()
            blackHole(sum)
        }
    }
}
