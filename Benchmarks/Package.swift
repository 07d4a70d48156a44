// swift-tools-version: 6.1
//
// Benchmarks for Signals, side by side with OpenCombine and a plain-loop floor.
// A separate package so that the library itself stays dependency-free.
//
//   bash Benchmarks/compare.sh                         # the comparison table (release build)
//   swift package --package-path Benchmarks benchmark  # the raw ordo-one/benchmark output
//
// Every workload W1…W8 is written three times, as the same logic:
//   Sources/SignalsWorkloads      Signals
//   Sources/OpenCombineWorkloads  OpenCombine 0.14.0
//   Sources/FloorWorkloads        a plain Swift loop (the floor)
// and measured by the benchmark targets Benchmarks/Workloads and Benchmarks/ConcatWorkloads
// (wall clock + malloc count). The concat cases (W5) live in their own target, and compare.sh first runs every case once
// in a child process (`workload-run`) to check its result and to catch crashes (OpenCombine
// overflows the stack on long concat chains): a crash is reported, never measured.
// W13 (the async/await bridge: `signal.values` beside `AsyncStream` and swift-async-algorithms'
// `AsyncChannel`) lives in Sources/AsyncBridgeWorkloads and the benchmark target AsyncBridge.
// W14 (`debounce` under SignalsTesting's `TestScheduler`), W16 (`throttle(latest: true)`) and W17
// (`timeout`) have no OpenCombine version: OpenCombine has no virtual-time scheduler. W18
// (`pairwise` written in a module of its own, Sources/UserOperators, plain and `@inlinable`,
// beside the built-in `combinePrevious`) is Signals against itself and the floor. W20 (a server's
// fan-out to 100 clients, each with `map` and a bounded buffer) lives in Sources/FanOutWorkloads
// with all four of its implementations (Signals, OpenCombine, AsyncStream, AsyncChannel) and the
// benchmark target FanOut. W21 (the Combine bridge: a Signals subject through `signal.publisher`
// into OpenCombine's `sink`, beside OpenCombine's `PassthroughSubject` → `sink`) uses the bridge
// as CombineBridge/ compiles it against OpenCombine (its module SignalsOpenCombine).
import PackageDescription
import class Foundation.ProcessInfo

// Benchmark another checkout of the library with SIGNALS_PACKAGE_PATH=/path/to/checkout.
let signalsPath = ProcessInfo.processInfo.environment["SIGNALS_PACKAGE_PATH"] ?? ".."

let benchmarkDeps: [Target.Dependency] = [.product(name: "Benchmark", package: "benchmark")]
let allWorkloads: [Target.Dependency] = ["BenchSupport", "SignalsWorkloads", "OpenCombineWorkloads", "FloorWorkloads"]
let benchmarkPlugins: [Target.PluginUsage] = [.plugin(name: "BenchmarkPlugin", package: "benchmark")]

let package = Package(
    name: "SignalsBenchmarks",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [
        .package(name: "Signals", path: signalsPath),
        .package(name: "CombineBridge", path: "\(signalsPath)/CombineBridge"),
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/apple/swift-async-algorithms", from: "1.1.4"),
    ],
    targets: [
        // The workloads, one module per implementation, sharing the sizes in WorkloadSpec.
        .target(name: "WorkloadSpec"),
        // W18: an operator written as a user would, in a module of its own.
        .target(name: "UserOperators", dependencies: [.product(name: "Signals", package: "Signals")]),
        .target(
            name: "SignalsWorkloads",
            dependencies: [
                "WorkloadSpec", "UserOperators", .product(name: "Signals", package: "Signals"),
                .product(name: "SignalsTesting", package: "Signals"),
                .product(name: "SignalsOpenCombine", package: "CombineBridge"),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ]
        ),
        .target(
            name: "OpenCombineWorkloads",
            dependencies: ["WorkloadSpec", .product(name: "OpenCombine", package: "OpenCombine")]
        ),
        .target(name: "FloorWorkloads", dependencies: ["WorkloadSpec"]),
        .target(
            name: "AsyncBridgeWorkloads",
            dependencies: [
                "WorkloadSpec", .product(name: "Signals", package: "Signals"),
                .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
            ]
        ),

        // W20: a server's fan-out to 100 clients, Signals beside OpenCombine, AsyncStream and
        // AsyncChannel (one file per implementation: their names collide).
        .target(
            name: "FanOutWorkloads",
            dependencies: [
                "WorkloadSpec", .product(name: "Signals", package: "Signals"),
                .product(name: "OpenCombine", package: "OpenCombine"),
                .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
            ]
        ),

        .target(name: "BenchSupport", dependencies: ["WorkloadSpec", .product(name: "Benchmark", package: "benchmark")]),

        // Runs cases once and checks their checksums against the floor; also the crash probe
        // for OpenCombine's concat cases (a crash kills only this child process).
        .executableTarget(
            name: "workload-run",
            dependencies: [
                "SignalsWorkloads", "OpenCombineWorkloads", "FloorWorkloads", "AsyncBridgeWorkloads", "FanOutWorkloads",
                "WorkloadSpec",
            ]
        ),

        // The stack per operator level, release and debug (compare.sh's depth rows): the library only.
        .executableTarget(name: "depth-probe", dependencies: [.product(name: "Signals", package: "Signals")]),

        // ordo-one/benchmark suites (Benchmarks/<Name>/<Name>.swift), each with all three implementations.
        .executableTarget(
            name: "Workloads",
            dependencies: benchmarkDeps + allWorkloads,
            path: "Benchmarks/Workloads",
            plugins: benchmarkPlugins
        ),
        .executableTarget(
            name: "ConcatWorkloads",
            dependencies: benchmarkDeps + allWorkloads,
            path: "Benchmarks/ConcatWorkloads",
            plugins: benchmarkPlugins
        ),
        .executableTarget(
            name: "AsyncBridge",
            dependencies: benchmarkDeps + ["AsyncBridgeWorkloads"],
            path: "Benchmarks/AsyncBridge",
            plugins: benchmarkPlugins
        ),
        .executableTarget(
            name: "FanOut",
            dependencies: benchmarkDeps + ["FanOutWorkloads"],
            path: "Benchmarks/FanOut",
            plugins: benchmarkPlugins
        ),
    ],
    swiftLanguageModes: [.v6]
)
