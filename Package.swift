// swift-tools-version: 6.1
//
// Signals: signals of signals, every operator derived from one primitive, `bind`.
// The library has no dependencies; the benchmarks live in their own package (Benchmarks/).
// SignalsPictures draws (SVG) what Signals records and SignalsTesting's marble diagrams: apps
// that only record a trace link no drawing code.
// SignalsCombine (the Combine bridge) compiles on Apple platforms, where Combine is; on Linux
// the same sources are compiled against OpenCombine and tested in CombineBridge/.
import PackageDescription

let package = Package(
    name: "Signals",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Signals", targets: ["Signals"]),
        .library(name: "SignalsTesting", targets: ["SignalsTesting"]),
        .library(name: "SignalsPictures", targets: ["SignalsPictures"]),
        .library(name: "SignalsMigration", targets: ["SignalsMigration"]),
        .library(name: "SignalsCombine", targets: ["SignalsCombine"]),
        .executable(name: "playground", targets: ["playground"]),
    ],
    targets: [
        .target(name: "Signals"),
        .target(name: "SignalsPictures", dependencies: ["Signals"]),
        .target(name: "SignalsTesting", dependencies: ["Signals", "SignalsPictures"]),
        .target(name: "SignalsMigration", dependencies: ["Signals"]),
        .target(name: "SignalsCombine", dependencies: ["Signals"]),
        .target(name: "SignalsTestSupport", dependencies: ["Signals", "SignalsPictures"], path: "Tests/Support"),
        .executableTarget(name: "playground", dependencies: ["Signals", "SignalsTesting", "SignalsPictures"], path: "Playground-scripts"),
        .testTarget(name: "SignalsTests", dependencies: ["Signals", "SignalsTesting", "SignalsPictures", "SignalsTestSupport"]),
        .testTarget(name: "PlaygroundTests", dependencies: ["playground", "Signals", "SignalsTestSupport"], resources: [.copy("Golden")]),
        .testTarget(name: "ReliabilityTests", dependencies: ["Signals", "SignalsTesting", "SignalsTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
