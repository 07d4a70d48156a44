// Registers the cases of the implementations as ordo-one/benchmark benchmarks.

import Benchmark
import WorkloadSpec

/// Registers, for every (implementation name, implementation) pair, the cases that pass
/// `include(name, case id)`, as benchmarks named "<case id> <implementation name> n=<units>".
///
/// One benchmark iteration runs one whole case (e.g. 1,000,000 values through W1), building
/// the pipeline included, on a thread with an 8 MiB stack (creating the thread is not
/// measured); compare.sh divides the iteration's wall time and malloc count by the units.
/// Each benchmark runs 10 iterations (after one warm-up) or for `maxDuration`, whichever comes
/// first: enough samples that the fastest one is seldom disturbed by other processes.
public func registerBenchmarks(
    _ implementations: [(String, Implementation)],
    maxDuration: Duration = .seconds(4),
    include: (_ implementation: String, _ caseID: String) -> Bool
) {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .nanoseconds,
        units: [.mallocCountTotal: .count],
        warmupIterations: 1,
        maxDuration: maxDuration,
        maxIterations: 10
    )
    for (implementationName, implementation) in implementations {
        for c in implementation.cases where include(implementationName, c.id) {
            let run = c.run
            Benchmark("\(c.id) \(implementationName) n=\(c.units)") { benchmark in
                // Measure inside the thread, so that creating it is not part of the measurement.
                let b = UncheckedSendable(benchmark)
                let sum = runOnBigStack {
                    b.value.startMeasurement()
                    let result = run()
                    b.value.stopMeasurement()
                    return result.sum
                }
                blackHole(sum)
            }
        }
    }
}
