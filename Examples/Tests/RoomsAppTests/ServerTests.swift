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

/// Texts collected inside a WebSocket handler, read after it returns.
final class Texts: Sendable {
    private let texts = Mutex<[String]>([])
    func append(_ text: String) { texts.withLock { $0.append(text) } }
    var all: [String] { texts.withLock { $0 } }
}
