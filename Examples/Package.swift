// swift-tools-version: 6.1
//
// A live chat-rooms server built on Signals, with Hummingbird 2.
// A separate package so that the library itself stays dependency-free.
//
//   swift run --package-path Examples rooms                       # the server (PORT=8080 by default)
//   swift test --package-path Examples                            # core on virtual time, HTTP, browser
//   swift run -c release --package-path Examples rooms-load       # Signals against AsyncStream
//
// Targets:
//   Sources/RoomsCore     the Signals pipelines (rooms, history, typing, rate, admin); no HTTP
//   Sources/RoomsStreams  the same core on AsyncStream + swift-async-algorithms (the twin)
//   Sources/RoomsPostgres rooms across processes: history in a PostgreSQL table, LISTEN/NOTIFY into signals
//   Sources/RoomsApp      routes, SSE, WebSocket, the page at `/`, services and shutdown
//   Sources/rooms         the executable
//   Sources/rooms-load    the load tool measuring both cores over HTTP
//   Sources/rooms-core-bench  both cores without HTTP, for callgrind (core-bench.sh)
//   Sources/RoomsTestSupport  what the tests and rooms-load share: allocated bytes, a POST, a child's deadline
//   Sources/scheduler-lateness  how late TaskScheduler's and QueueScheduler's timers fire on a busy pool
import PackageDescription

let package = Package(
    name: "SignalsExamples",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "rooms", targets: ["rooms"]),
        .executable(name: "rooms-load", targets: ["rooms-load"]),
        .executable(name: "rooms-core-bench", targets: ["rooms-core-bench"]),
        .executable(name: "scheduler-lateness", targets: ["scheduler-lateness"]),
    ],
    dependencies: [
        .package(name: "Signals", path: ".."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", exact: "2.8.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/swift-server/async-http-client", exact: "1.37.0"),
        .package(url: "https://github.com/apple/swift-async-algorithms", exact: "1.1.4"),
        .package(url: "https://github.com/apple/swift-metrics", exact: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", exact: "2.4.1"),
        .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
    ],
    targets: [
        .target(name: "RoomsCore", dependencies: [.product(name: "Signals", package: "Signals")]),
        .target(
            name: "RoomsStreams",
            dependencies: ["RoomsCore", .product(name: "AsyncAlgorithms", package: "swift-async-algorithms")]
        ),
        .target(
            name: "RoomsPostgres",
            dependencies: [
                "RoomsCore", .product(name: "Signals", package: "Signals"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "RoomsApp",
            dependencies: [
                "RoomsCore", "RoomsStreams", "RoomsPostgres",
                .product(name: "Signals", package: "Signals"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]
        ),
        .target(
            name: "RoomsTestSupport",
            dependencies: ["RoomsApp", "RoomsCore", .product(name: "AsyncHTTPClient", package: "async-http-client")]
        ),
        .executableTarget(name: "rooms", dependencies: ["RoomsApp", "RoomsPostgres", .product(name: "Signals", package: "Signals")]),
        .executableTarget(
            name: "rooms-load",
            dependencies: [
                "RoomsApp", "RoomsTestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .executableTarget(name: "rooms-core-bench", dependencies: ["RoomsApp", "RoomsCore", "RoomsStreams"]),
        .executableTarget(name: "scheduler-lateness", dependencies: [.product(name: "Signals", package: "Signals")]),
        .testTarget(
            name: "RoomsCoreTests",
            dependencies: [
                "RoomsCore", "RoomsStreams", "RoomsTestSupport", .product(name: "Signals", package: "Signals"),
                .product(name: "SignalsTesting", package: "Signals"),
            ]
        ),
        .testTarget(
            name: "RoomsAppTests",
            dependencies: [
                "RoomsApp", "RoomsCore", "RoomsTestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
            ]
        ),
        .testTarget(
            name: "RoomsPostgresTests",
            dependencies: [
                "RoomsPostgres", "RoomsApp", "RoomsCore", "RoomsTestSupport", .product(name: "Signals", package: "Signals"),
                .product(name: "SignalsTesting", package: "Signals"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
