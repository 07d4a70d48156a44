// swift-tools-version: 6.1
//
// The Combine bridge (the root package's SignalsCombine product) compiled and tested against
// OpenCombine 0.14, on every platform. A separate package so that the library itself stays
// dependency-free: Sources/SignalsOpenCombine is a symlink to the root's Sources/SignalsCombine,
// so the sources tested here are the ones Apple platforms compile against Combine (their
// `#if canImport(Combine) && !SIGNALS_OPENCOMBINE … #else` picks the framework; this package
// defines SIGNALS_OPENCOMBINE, so it tests OpenCombine on Apple platforms too). The module is
// named SignalsOpenCombine because SwiftPM wants target names unique across a package graph,
// and the root package, which this one depends on, declares SignalsCombine.
//
//   swift test --package-path CombineBridge
//
// Targets:
//   Sources/SignalsOpenCombine    the bridge (symlink), against OpenCombine
//   Tests/SignalsCombineTests     demand, buffering policies, cancellation, round trips,
//                                 lifetimes, properties, bags, schedulers
// The ```swift combine blocks of the DocC articles (ComingFromCombine.md's "Moving one screen at
// a time") are type-checked against this package's modules by .ci/check-combine-snippets.sh.
import PackageDescription
import class Foundation.ProcessInfo

// Build against another checkout of the library with SIGNALS_PACKAGE_PATH=/path/to/checkout.
let signalsPath = ProcessInfo.processInfo.environment["SIGNALS_PACKAGE_PATH"] ?? ".."

let package = Package(
    name: "CombineBridge",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "SignalsOpenCombine", targets: ["SignalsOpenCombine"]),
    ],
    dependencies: [
        .package(name: "Signals", path: signalsPath),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    ],
    targets: [
        .target(
            name: "SignalsOpenCombine",
            dependencies: [
                .product(name: "Signals", package: "Signals"),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ],
            swiftSettings: [.define("SIGNALS_OPENCOMBINE")]
        ),
        .testTarget(
            name: "SignalsCombineTests",
            dependencies: [
                "SignalsOpenCombine",
                .product(name: "Signals", package: "Signals"),
                .product(name: "SignalsTesting", package: "Signals"),
                .product(name: "OpenCombine", package: "OpenCombine"),
                .product(name: "OpenCombineDispatch", package: "OpenCombine"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
