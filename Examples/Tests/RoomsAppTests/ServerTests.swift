import AsyncHTTPClient
import Foundation
import HummingbirdWSClient
import Logging
import NIOCore
import RoomsApp
import RoomsCore
import Synchronization
import Testing

/// The server as its clients see it: real HTTP on loopback, Server-Sent Events, WebSocket.
@Suite(.serialized, .timeLimit(.minutes(1))) struct ServerTests {
    @Test func postsArriveInOrderOverServerSentEventsAfterTheHistory() async throws {
        let server = try await RunningServer.start()
        for n in 1...3 { try await server.post("sse", author: "ann", text: "before \(n)") }
        let (events, task) = try await followEvents("\(server.base)/rooms/sse/events")
        for n in 1...20 { try await server.post("sse", author: "bob", text: "live \(n)") }
        let messages = try await events.messages(23)
        #expect(messages.map(\.text) == (1...3).map { "before \($0)" } + (1...20).map { "live \($0)" })
        #expect(messages.map(\.id) == messages.map(\.id).sorted())
        task.cancel()
        try await server.stop()
    }

    @Test func postsArriveInOrderOverWebSocketAndFramesPost() async throws {
        let server = try await RunningServer.start()
        try await server.post("ws", author: "ann", text: "before")
        let texts = Texts()
        try await WebSocketClient.connect(
            url: "ws://127.0.0.1:\(server.port)/rooms/ws/ws", logger: Logger(label: "test")
        ) { inbound, outbound, _ in
            // One message posted over HTTP, one as a frame on this socket.
            try await server.post("ws", author: "bob", text: "over http")
            try await outbound.write(.text(#"{"author":"cy","text":"over the socket"}"#))
            for try await frame in inbound.messages(maxSize: 1 << 16) {
                guard case .text(let json) = frame else { continue }
                let event = try JSONDecoder().decode(WireEvent.self, from: Data(json.utf8))
                if let message = event.message { texts.append("\(message.author): \(message.text)") }
                if texts.all.count == 3 { break }
            }
        }
        #expect(texts.all == ["ann: before", "bob: over http", "cy: over the socket"])
        try await server.eventually("the socket's subscription to be released") { server.rooms.liveSubscriptions == 0 }
        try await server.stop()
    }

    @Test func clientsThatGoAwayReleaseTheirSubscriptions() async throws {
        let server = try await RunningServer.start()
        var tasks: [Task<Void, any Error>] = []
        for room in ["a", "b", "c"] { tasks.append(try await followEvents("\(server.base)/rooms/\(room)/events").task) }
        tasks.append(try await followEvents("\(server.base)/admin/events").task)
        let socket = Task {
            try await WebSocketClient.connect(url: "ws://127.0.0.1:\(server.port)/rooms/a/ws", logger: Logger(label: "test")) { inbound, _, _ in
                for try await _ in inbound {}
            }
        }
        try await server.eventually("five live subscriptions") { server.rooms.liveSubscriptions == 5 }
        tasks.forEach { $0.cancel() }
        socket.cancel()
        try await server.eventually("every subscription to be released") { server.rooms.liveSubscriptions == 0 }
        try await server.stop()
    }

    @Test func shutdownWithOpenStreamsEndsThemAndStopsWithinFiveSeconds() async throws {
        let server = try await RunningServer.start()
        var follows: [(events: AsyncStream<ServerSentEvent>, task: Task<Void, any Error>)] = []
        for room in ["a", "b"] { follows.append(try await followEvents("\(server.base)/rooms/\(room)/events")) }
        follows.append(try await followEvents("\(server.base)/admin/events"))
        let socket = Task {
            try await WebSocketClient.connect(url: "ws://127.0.0.1:\(server.port)/rooms/a/ws", logger: Logger(label: "test")) { inbound, _, _ in
                for try await _ in inbound {}
            }
        }
        try await server.eventually("four live subscriptions") { server.rooms.liveSubscriptions == 4 }
        let start = ContinuousClock.now
        try await server.stop(within: .seconds(5))
        let elapsed = ContinuousClock.now - start
        #expect(elapsed < .seconds(5), "graceful shutdown took \(elapsed)")
        // Every stream ended from the server's side (the responses finished).
        let timedOut = Mutex(false)
        let drain = Task {
            for follow in follows { for await _ in follow.events {} }
        }
        let watchdog = Task {
            try await Task.sleep(for: .seconds(5))
            timedOut.withLock { $0 = true }
            follows.forEach { $0.task.cancel() }
        }
        await drain.value
        watchdog.cancel()
        socket.cancel()
        _ = await socket.result
        #expect(!timedOut.withLock { $0 }, "the open streams did not end with the server")
        #expect(server.rooms.liveSubscriptions == 0)
    }
}

/// `GET /metrics`: the Prometheus series a dashboard reads, after a real connection and post.
@Suite(.serialized, .timeLimit(.minutes(1))) struct MetricsTests {
    @Test func metricsShowConnectionsDeliveriesDropsAndBroadcastLatency() async throws {
        let server = try await RunningServer.start()
        let before = try await server.get("/metrics")
        #expect(before.status == 200)
        #expect(before.contentType?.hasPrefix("text/plain") == true)
        #expect(series(before.body)["rooms_live_connections"] == 0)

        let (events, task) = try await followEvents("\(server.base)/rooms/m/events")
        try await server.eventually("the follower to subscribe") { server.rooms.liveSubscriptions == 1 }
        try await server.post("m", author: "ann", text: "counted")
        #expect(try await events.messages(1).map(\.text) == ["counted"])

        let after = series(try await server.get("/metrics").body)
        #expect(after["rooms_live_connections"] == 1)
        #expect(after["rooms_live_subscriptions"] == 1)
        #expect(after["rooms_in_use"] == 1)
        #expect(after[#"rooms_deliveries_total{event="message"}"#] == 1)
        #expect(after[#"rooms_dropped_total{policy="dropOldest"}"#] == 0)
        // One post, so one broadcast recorded, and its time is in the histogram's sum.
        #expect(after["rooms_broadcast_seconds_count"] == 1)
        #expect((after["rooms_broadcast_seconds_sum"] ?? -1) >= 0)
        #expect(after[#"rooms_broadcast_seconds_bucket{le="+Inf"}"#] == 1)

        task.cancel()
        try await server.eventually("the connection to close") {
            server.rooms.liveSubscriptions == 0
        }
        // The gauge falls back when the response's loop ends (after the subscription's release).
        var closed = series(try await server.get("/metrics").body)
        for _ in 0..<250 where closed["rooms_live_connections"] != 0 {
            try await Task.sleep(for: .milliseconds(20))
            closed = series(try await server.get("/metrics").body)
        }
        #expect(closed["rooms_live_connections"] == 0)
        #expect(closed["rooms_live_subscriptions"] == 0)
        try await server.stop()
    }

    @Test func dropsForASlowFollowerAreCountedUnderTheirPolicy() async throws {
        // A follower that stops reading: its bounded buffer (4 here) drops the oldest events.
        let server = try await RunningServer.start()
        let feed = server.rooms.follow("slow", bufferSize: 4)
        var iterator = feed.makeAsyncIterator()
        _ = await iterator.next()  // subscribed; the loop stops reading here
        for n in 1...10 { try await server.post("slow", author: "ann", text: "\(n)") }
        let scraped = series(try await server.get("/metrics").body)
        // 10 posts into 4 places: 6 dropped, at least (a heartbeat may add one more).
        #expect((scraped[#"rooms_dropped_total{policy="dropOldest"}"#] ?? 0) >= 6)
        try await server.stop()
        _ = iterator
    }

    /// The samples of a Prometheus text exposition: `name{labels}` → value.
    func series(_ text: String) -> [String: Double] {
        var samples: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else { continue }
            samples[String(line[..<space])] = value
        }
        return samples
    }
}

/// Texts collected inside a WebSocket handler, read after it returns.
final class Texts: Sendable {
    private let texts = Mutex<[String]>([])
    func append(_ text: String) { texts.withLock { $0.append(text) } }
    var all: [String] { texts.withLock { $0 } }
}
