// What the server does with a connection whose client falls behind: `RoomsConfiguration.whenFull`,
// `.dropOldest` by default (skip the oldest unread events, stay connected; MetricsTests), or
// `.finish` (disconnect it: the library's `BufferOverflow.finish`, no error type declared).

import AsyncHTTPClient
import Foundation
import HummingbirdWSClient
import Logging
import NIOCore
import RoomsApp
import RoomsCore
import Signals
import Synchronization
import Testing

@Suite(.serialized, .timeLimit(.minutes(1))) struct SlowFollowerTests {
    @Test func theDefaultKeepsASlowFollowerConnectedAndDropsItsOldestEvents() async throws {
        // Given: a follower with a buffer of 4 that stops reading after its first event
        let server = try await RunningServer.start()
        var iterator = server.rooms.follow("slow", after: nil, bufferSize: 4, whenFull: RoomsConfiguration().whenFull)
            .makeAsyncIterator()
        _ = await iterator.next()
        // When: ten posts arrive
        for n in 1...10 { try await server.post("slow", author: "ann", text: "\(n)") }
        // Then: it is still connected, and reads the newest four (a heartbeat may be among them)
        var texts: [String] = []
        for _ in 0..<4 { if case .message(let message) = await iterator.next() { texts.append(message.text) } }
        #expect(texts.last == "10")
        #expect(!iterator.isDisconnected)
        #expect(server.rooms.drops.disconnected == 0)
        #expect(server.rooms.liveSubscriptions == 1)
        try await server.stop()
        _ = iterator
    }

    @Test func finishDisconnectsAFollowerThatFallsBehindAndReleasesItsSubscription() async throws {
        // Given: a follower with a buffer of 4 under `.finish`, that stops reading
        let server = try await RunningServer.start()
        var iterator = server.rooms.follow("slow", after: nil, bufferSize: 4, whenFull: .finish).makeAsyncIterator()
        _ = await iterator.next()
        // When: ten posts arrive
        for n in 1...10 { try await server.post("slow", author: "ann", text: "\(n)") }
        // Then: its loop ends (no error to declare: the feed cannot fail), marked as a
        // disconnection, counted, and its subscription is released
        #expect(await iterator.next() == nil)
        #expect(iterator.isDisconnected)
        #expect(server.rooms.drops.disconnected == 1)
        try await server.eventually("the subscription to be released") { server.rooms.liveSubscriptions == 0 }
        // …and the metrics label its drops with the server's policy
        let scraped = String(decoding: server.metrics.exposition(of: server.rooms, whenFull: .finish), as: UTF8.self)
        #expect(scraped.contains(#"rooms_dropped_total{policy="finish"}"#))
        #expect(!scraped.contains(#"policy="dropOldest""#))
        try await server.stop()
    }

    @Test func aServerWithFinishDisconnectsTheClientThatStopsReadingAndKeepsTheOneThatReads() async throws {
        // Given: a server under `.finish` with 16 events per connection, and two followers of
        // one room over SSE: one reads everything, the other stops reading once its response
        // has started (its HTTP client stops taking bytes from the socket)
        let server = try await RunningServer.start(
            configuration: RoomsConfiguration(port: 0, bufferPerConnection: 16, whenFull: .finish, logLevel: .warning)
        )
        let (events, reader) = try await followEvents("\(server.base)/rooms/big/events")
        let received = Received()
        let counting = Task { for await event in events where event.event == "message" { received.add() } }
        let stalled = try await HTTPClient.shared.execute(HTTPClientRequest(url: "\(server.base)/rooms/big/events"), timeout: .seconds(60))
        #expect(stalled.status == .ok)
        try await server.eventually("both followers to subscribe") { server.rooms.liveSubscriptions == 2 }
        // When: large posts arrive, eight at a time, each batch once the reader has the last
        // (so the reader is never more than eight messages behind), until the socket buffers
        // of the stalled one are full and its 16 places too
        let text = String(repeating: "x", count: 16 * 1024)
        var posted = 0
        while server.rooms.drops.disconnected == 0 && posted < 4_000 {
            for _ in 0..<8 { server.rooms.post(to: "big", author: "ann", text: text) }
            posted += 8
            try await server.eventually("the reader to have message \(posted)", timeout: .seconds(20)) { received.count == posted }
        }
        // Then: the stalled client was disconnected (its response ends once it reads again)…
        #expect(server.rooms.drops.disconnected == 1)
        try await server.eventually("the stalled follower's subscription to be released") {
            server.rooms.liveSubscriptions == 1
        }
        var bytes = 0
        for try await chunk in stalled.body { bytes += chunk.readableBytes }
        #expect(bytes > 0)
        // …and the one that reads is still connected and gets the next post
        server.rooms.post(to: "big", author: "ann", text: "after")
        try await server.eventually("the reader to have the next post") { received.count == posted + 1 }
        #expect(server.rooms.liveSubscriptions == 1)
        reader.cancel()
        counting.cancel()
        try await server.stop()
    }

    @Test func aServerWithFinishClosesTheWebSocketOfAClientThatStopsReading() async throws {
        // Given: a server under `.finish` with 16 events per connection, and a WebSocket
        // client that stops reading once it is connected
        let server = try await RunningServer.start(
            configuration: RoomsConfiguration(port: 0, bufferPerConnection: 16, whenFull: .finish, logLevel: .warning)
        )
        let frames = Received()
        try await WebSocketClient.connect(
            url: "ws://127.0.0.1:\(server.port)/rooms/wsbig/ws", logger: Logger(label: "test")
        ) { inbound, _, _ in
            try await server.eventually("the socket to subscribe") { server.rooms.liveSubscriptions == 1 }
            // When: posts of 4 KB (a frame within the client's 16 KB limit) arrive, sixteen a
            // millisecond, until the server has disconnected it (once its socket's buffers are full,
            // or sooner if its loop falls 16 events behind the posts)
            let text = String(repeating: "x", count: 4 * 1024)
            var posted = 0
            while server.rooms.drops.disconnected == 0 && posted < 16_000 {
                for _ in 0..<16 { server.rooms.post(to: "wsbig", author: "ann", text: text) }
                posted += 16
                try await Task.sleep(for: .milliseconds(1))
            }
            // Then: the server closes the socket: reading again, the client gets what was
            // sent before, then the end
            for try await _ in inbound.messages(maxSize: 1 << 20) { frames.add() }
        }
        #expect(server.rooms.drops.disconnected == 1)
        #expect(frames.count > 0)
        try await server.eventually("the socket's subscription to be released") { server.rooms.liveSubscriptions == 0 }
        try await server.stop()
    }
}

/// How many messages a follower has received, read from the test's task.
final class Received: Sendable {
    private let count_ = Atomic<Int>(0)
    func add() { count_.add(1, ordering: .relaxed) }
    var count: Int { count_.load(ordering: .relaxed) }
}
