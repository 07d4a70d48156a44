// The server's metrics: swift-metrics handles on a Prometheus registry of the server's own,
// read at `GET /metrics` in Prometheus' text format.
//
//   rooms_live_connections            gauge     open SSE and WebSocket connections
//   rooms_live_subscriptions          gauge     the rooms' live subscriptions (read at scrape)
//   rooms_in_use                      gauge     rooms whose typing and rate run (not pruned)
//   rooms_deliveries_total{event}     counter   events written to connections, by type
//   rooms_dropped_total{policy}       counter   events dropped for followers that fell behind,
//                                               under the server's policy (`RoomsConfiguration.whenFull`)
//   rooms_broadcast_seconds           histogram how long a post's broadcast held its sender
//
// The registry is the server's, not the process-wide `MetricsSystem`: a process (a test, the
// load tool) can run several servers, each with its own numbers. A deployment that wants the
// global one bootstraps `MetricsSystem` with `PrometheusMetricsFactory(registry:)` over the
// same registry.

import Metrics
import Signals
import Synchronization
import class Prometheus.PrometheusCollectorRegistry
import struct Prometheus.PrometheusMetricsFactory

/// The rooms server's metrics, exposed at `GET /metrics`.
///
/// Made with a registry of its own (or one you give); `makeServer` takes one, so a test or a
/// dashboard reads the same object the routes update.
///
/// ```swift
/// let metrics = RoomsMetrics()
/// let server = makeServer(rooms: Rooms(scheduler: TaskScheduler()), metrics: metrics)
/// // GET /metrics: rooms_live_connections 0 …
/// ```
public final class RoomsMetrics: Sendable {
    /// Where the metrics live; `exposition(of:)` renders it.
    public let registry: PrometheusCollectorRegistry
    private let connections: Meter
    private let subscriptions: Gauge
    private let roomsInUse: Gauge
    private let deliveries: [String: Counter]
    private let otherDeliveries: Counter
    private let factory: PrometheusMetricsFactory
    /// `rooms_dropped_total`, by the policy named at the scrapes (one per server).
    private let dropped = Mutex<[String: Counter]>([:])
    /// The backend's drop count at the last scrape (the counter grows by the difference).
    private let droppedSeen = Mutex(0)
    private let broadcasts: Metrics.Timer

    /// The `policy` label of `rooms_dropped_total` for a server whose connections follow
    /// their rooms with `whenFull` (`RoomsConfiguration.whenFull`): `dropOldest`,
    /// `dropNewest` or `finish`.
    public static func dropPolicy(_ whenFull: BufferOverflow<Never>) -> String {
        switch whenFull {
        case .dropOldest: "dropOldest"
        case .dropNewest: "dropNewest"
        case .finish: "finish"
        }
    }

    /// Creates the metrics in `registry` (a new one unless you give yours).
    public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
        var factory = PrometheusMetricsFactory(registry: registry)
        // Broadcasts take microseconds to tens of milliseconds (10,000 followers).
        factory.defaultDurationHistogramBuckets = [
            .microseconds(10), .microseconds(100), .milliseconds(1), .milliseconds(5), .milliseconds(10),
            .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .seconds(1),
        ]
        connections = Meter(label: "rooms_live_connections", factory: factory)
        subscriptions = Gauge(label: "rooms_live_subscriptions", factory: factory)
        roomsInUse = Gauge(label: "rooms_in_use", factory: factory)
        var deliveries: [String: Counter] = [:]
        for event in ["message", "typing", "rate", "heartbeat", "active", "idle"] {
            deliveries[event] = Counter(label: "rooms_deliveries_total", dimensions: [("event", event)], factory: factory)
        }
        self.deliveries = deliveries
        otherDeliveries = Counter(label: "rooms_deliveries_total", dimensions: [("event", "other")], factory: factory)
        broadcasts = Metrics.Timer(label: "rooms_broadcast_seconds", factory: factory)
        self.factory = factory
        connections.set(0)
    }

    /// A connection opened (an SSE response started, a WebSocket upgraded).
    public func connectionOpened() { connections.increment() }

    /// A connection closed.
    public func connectionClosed() { connections.decrement() }

    /// An event of type `event` (`WireEvent.type`) was written to a connection.
    public func delivered(_ event: String) { (deliveries[event] ?? otherDeliveries).increment() }

    /// Runs `post` (a post and its broadcast to every follower) and records how long it held
    /// its caller, the request handler.
    public func broadcast<T>(_ post: () async throws -> T) async rethrows -> T {
        let start = ContinuousClock.now
        defer { broadcasts.record(duration: start.duration(to: .now)) }
        return try await post()
    }

    /// The metrics in Prometheus' text format, with the gauges read from `rooms` now, the
    /// drops labelled with the connections' policy, `whenFull`.
    public func exposition(of rooms: some ServedRooms, whenFull: BufferOverflow<Never> = .dropOldest) -> [UInt8] {
        subscriptions.record(rooms.liveSubscriptions)
        roomsInUse.record(rooms.roomsInUse)
        let total = rooms.droppedEvents
        let new = droppedSeen.withLock { seen -> Int in
            defer { seen = max(seen, total) }
            return total - seen
        }
        let policy = Self.dropPolicy(whenFull)
        let dropped = dropped.withLock { counters in
            if let counter = counters[policy] { return counter }
            let counter = Counter(label: "rooms_dropped_total", dimensions: [("policy", policy)], factory: factory)
            counters[policy] = counter
            return counter
        }
        if new > 0 { dropped.increment(by: new) }
        return registry.emitToBuffer()
    }
}
