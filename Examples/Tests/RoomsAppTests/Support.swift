// A server on an ephemeral port for each test, and the clients that talk to it.

import AsyncHTTPClient
import Foundation
import NIOCore
import RoomsApp
import RoomsCore
import RoomsTestSupport
import ServiceLifecycle
import Signals
import Synchronization
import Testing

/// A server running in this process on a port of its own, with heartbeats every 200 ms.
struct RunningServer: Sendable {
    let rooms: Rooms
    let metrics: RoomsMetrics
    let port: Int
    let group: ServiceGroup
    let task: Task<Void, any Error>

    var base: String { "http://127.0.0.1:\(port)" }

    static func start(configuration: RoomsConfiguration = RoomsConfiguration(port: 0, logLevel: .warning)) async throws -> RunningServer {
        let rooms = Rooms(scheduler: TaskScheduler(), heartbeat: .milliseconds(200))
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let metrics = RoomsMetrics()
        let group = makeServer(rooms: rooms, configuration: configuration, metrics: metrics) { port in
            continuation.yield(port)
            continuation.finish()
        }
        let task = Task { try await group.run() }
        guard let port = await ports.first(where: { _ in true }) else {
            task.cancel()
            throw ServerDidNotStart()
        }
        return RunningServer(rooms: rooms, metrics: metrics, port: port, group: group, task: task)
    }

    /// Shuts the server down gracefully and waits for it to stop: a failure if that takes
    /// longer than `limit` (the server is then cancelled, so the test ends either way).
    func stop(within limit: Duration = .seconds(10)) async throws {
        await group.triggerGracefulShutdown()
        let finished = Mutex(false)
        let task = task
        let watchdog = Task {
            try await Task.sleep(for: limit)
            if !finished.withLock({ $0 }) {
                Issue.record("the server did not stop within \(limit) of its graceful shutdown")
                task.cancel()
            }
        }
        _ = await task.result
        finished.withLock { $0 = true }
        watchdog.cancel()
    }

    @discardableResult
    func post(_ room: String, author: String, text: String) async throws -> Message {
        try await postMessage(base, room: room, author: author, text: text)
    }

    /// The body of `GET path` as text.
    func get(_ path: String) async throws -> (status: Int, contentType: String?, body: String) {
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: "\(base)\(path)"), timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 1 << 20)
        return (Int(response.status.code), response.headers.first(name: "content-type"), String(buffer: body))
    }

    /// Polls until `condition` holds, or fails after `timeout`.
    func eventually(_ what: String, timeout: Duration = .seconds(5), _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + timeout
        while !condition() {
            if ContinuousClock.now > deadline {
                Issue.record("timed out waiting for \(what) (live subscriptions: \(rooms.liveSubscriptions))")
                throw TimedOut()
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}

struct ServerDidNotStart: Error {}
struct TimedOut: Error {}

/// One Server-Sent Event as a client reads it.
struct ServerSentEvent: Sendable, Equatable {
    var event: String
    var data: String
}

/// Follows `path` over Server-Sent Events: each event (comments skipped) goes into the
/// returned stream, which finishes when the response ends. Cancelling `task` closes the
/// connection.
func followEvents(_ url: String) async throws -> (events: AsyncStream<ServerSentEvent>, task: Task<Void, any Error>) {
    let request = HTTPClientRequest(url: url)
    let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
    #expect(response.status == .ok)
    #expect(response.headers.first(name: "content-type") == "text/event-stream")
    let (events, continuation) = AsyncStream<ServerSentEvent>.makeStream()
    let task = Task {
        defer { continuation.finish() }
        var pending = ""
        for try await chunk in response.body {
            pending += String(buffer: chunk)
            while let end = pending.range(of: "\n\n") {
                let block = pending[..<end.lowerBound]
                pending = String(pending[end.upperBound...])
                var event = ServerSentEvent(event: "message", data: "")
                var isComment = true
                for line in block.split(separator: "\n") {
                    if line.hasPrefix("event: ") { event.event = String(line.dropFirst(7)); isComment = false }
                    if line.hasPrefix("data: ") { event.data = String(line.dropFirst(6)); isComment = false }
                }
                if !isComment { continuation.yield(event) }
            }
        }
    }
    return (events, task)
}

extension AsyncStream where Element == ServerSentEvent {
    /// The first `count` messages of the stream (other events skipped).
    func messages(_ count: Int) async throws -> [Message] {
        var messages: [Message] = []
        for await event in self where event.event == "message" {
            let wire = try JSONDecoder().decode(WireEvent.self, from: Data(event.data.utf8))
            if let message = wire.message { messages.append(message) }
            if messages.count == count { break }
        }
        return messages
    }
}
