// Registers every case of an `Implementation` as an ordo-one/benchmark benchmark.

import Benchmark
import WorkloadSpec

/// Registers the cases of `implementation` whose id passes `include`.
///
/// One benchmark iteration runs one whole case (e.g. 1,000,000 values through W1), building the
/// pipeline included, on a thread with an 8 MiB stack (the thread's creation is not measured); compare.sh divides the iteration's wall time and malloc count by the
/// case's unit count (the "n=" in its name).
public func registerBenchmarks(_ implementation: Implementation, include: (String) -> Bool = { _ in true }) {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        timeUnits: .nanoseconds,
        warmupIterations: 1,
        maxDuration: .seconds(1),
        maxIterations: 10
    )
    for c in implementation.cases where include(c.id) {
        let run = c.run
        Benchmark(c.name) { benchmark in
            // Measure inside the thread, so that creating it is not part of the measurement.
            let b = UncheckedSendable(benchmark)
            let sum = onWorkloadThread {
                b.value.startMeasurement()
                let result = run()
                b.value.stopMeasurement()
                return result.sum
            }
            blackHole(sum)
        }
    }
}
