import Benchmark
import FanOutWorkloads

// W20 (a server's fan-out to 100 clients): Signals beside OpenCombine, AsyncStream and
// AsyncChannel. One iteration = one whole run (the 100 clients' set-up included), measured
// inside the async closure; compare.sh divides by the units (values delivered). Names sort
// so that the four versions run one after the other.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .nanoseconds,
        units: [.mallocCountTotal: .count],
        warmupIterations: 1,
        maxDuration: .seconds(4),
        maxIterations: 10
    )
    for c in FanOut.cases {
        let run = c.run
        let sends = FanOut.sends
        Benchmark("\(c.id) \(c.implementation) n=\(c.units)") { benchmark async in
            benchmark.startMeasurement()
            let sum = await run(sends)
            benchmark.stopMeasurement()
            blackHole(sum)
        }
    }
}
