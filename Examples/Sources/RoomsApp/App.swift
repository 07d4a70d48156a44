// The server: routes over `Rooms`, and the services that run and stop it.
//
//   GET  /                          the page (EventSource on /rooms/:room/events)
//   POST /rooms/:room/messages      {"author", "text"} -> 201 + the message
//   POST /rooms/:room/typing        {"author"} -> 204
//   GET  /rooms/:room/events        Server-Sent Events: last 50 messages, then live; typing; rate
//                                   (each message with its `id:`; Last-Event-ID: only the later ones)
//   GET  /rooms/:room/ws            the same events over WebSocket; text frames from the client post
//   GET  /admin/events              Server-Sent Events over every room (active / idle)
//   GET  /stats                     {"liveSubscriptions": n}
//   GET  /metrics                   Prometheus text format (Metrics.swift)
//
// Shutdown: SIGINT/SIGTERM start the ServiceGroup's graceful shutdown. `RoomsService` is shut
// down first (services stop in reverse order): it ends every feed through the rooms' one
// lifetime, so every open stream finishes its response and its connection closes; then the
// HTTP server stops, with nothing left open.

import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import RoomsCore
import RoomsPostgres
import ServiceLifecycle
import Signals

/// What a server is built from.
public struct RoomsConfiguration: Sendable {
    /// The address to bind; port 0 picks a free port (see `onRunning`).
    public var host: String
    public var port: Int
    /// The most unread events kept for one slow connection; beyond it, `whenFull` decides.
    public var bufferPerConnection: Int
    /// What a connection (a room's, or the admin stream's) does when its client falls
    /// `bufferPerConnection` events behind. `.dropOldest` (the default) skips the oldest unread events and keeps the client
    /// connected. `.finish` disconnects it: its response ends (a WebSocket closes), its
    /// subscription is released, and `BufferDrops.disconnected` counts it; an `EventSource`
    /// reconnects by itself with `Last-Event-ID` and is sent the messages it missed from the
    /// room's history (its last `historySize`) instead of having them skipped. `.dropNewest`
    /// keeps the oldest unread events. The `AsyncStream` twin drops the oldest only. The
    /// policy labels `rooms_dropped_total`.
    public var whenFull: BufferOverflow<Never>
    public var logLevel: Logger.Level
    /// A POST answers once its message has an id, and the broadcast runs afterwards on one
    /// serial `QueueScheduler` (in id order), instead of inside the handler (`false`, the
    /// default): with many followers, the request then costs its sender the numbering alone.
    public var answersBeforeBroadcasting: Bool

    public init(
        host: String = "127.0.0.1", port: Int = 8080, bufferPerConnection: Int = 256,
        whenFull: BufferOverflow<Never> = .dropOldest, logLevel: Logger.Level = .info,
        answersBeforeBroadcasting: Bool = false
    ) {
        self.host = host
        self.port = port
        self.bufferPerConnection = bufferPerConnection
        self.whenFull = whenFull
        self.logLevel = logLevel
        self.answersBeforeBroadcasting = answersBeforeBroadcasting
    }
}

/// Ends every feed of `rooms` when the service group shuts down.
public struct RoomsService<Backend: ServedRooms>: Service {
    let rooms: Backend
    public init(rooms: Backend) { self.rooms = rooms }
    public func run() async throws {
        // Waits until shutdown starts (or the group is cancelled), then ends every feed.
        try? await gracefulShutdown()
        rooms.endAllFeeds()
    }
}

/// The whole server: the HTTP application and the rooms' service, in one `ServiceGroup`
/// that shuts down on SIGINT and SIGTERM (or when `run()`'s task is cancelled).
///
/// `onRunning` receives the bound port once the server listens.
///
/// `@inlinable`, like `makeRouter` and `serverSentEvents`: the caller's module compiles them
/// for its concrete backend, so a connection's loop and its `Values` iterator run specialised
/// (compiled generically here, every event would look up generic metadata at run time).
@inlinable
public func makeServer<Backend: ServedRooms>(
    rooms: Backend,
    configuration: RoomsConfiguration = RoomsConfiguration(),
    metrics: RoomsMetrics = RoomsMetrics(),
    onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) -> ServiceGroup {
    var logger = Logger(label: "rooms")
    logger.logLevel = configuration.logLevel
    let router = makeRouter(rooms: rooms, configuration: configuration, metrics: metrics)
    let app = Application(
        router: router,
        server: .http1WebSocketUpgrade(webSocketRouter: router),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "rooms"),
        onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? configuration.port) },
        logger: logger
    )
    // Reverse order on shutdown: RoomsService first (ends the feeds), then the application,
    // then the rooms' own services (a database's listener and pool).
    return serviceGroup(rooms.services + [app, RoomsService(rooms: rooms)], logger: logger)
}

/// The services in one group that shuts down gracefully on SIGTERM and SIGINT.
@usableFromInline
func serviceGroup(_ services: [any Service], logger: Logger) -> ServiceGroup {
    ServiceGroup(configuration: .init(services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
}

/// The routes.
@inlinable
public func makeRouter<Backend: ServedRooms>(
    rooms: Backend, configuration: RoomsConfiguration, metrics: RoomsMetrics = RoomsMetrics()
) -> Router<BasicWebSocketRequestContext> {
    let router = Router(context: BasicWebSocketRequestContext.self)
    let buffer = configuration.bufferPerConnection, whenFull = configuration.whenFull
    // The one serial sender of the broadcasts, when a POST answers first.
    let sender = configuration.answersBeforeBroadcasting ? QueueScheduler(name: "rooms.broadcast") : nil

    router.get("/") { _, _ in
        Response(
            status: .ok,
            headers: [.contentType: "text/html; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: page))
        )
    }

    router.post("/rooms/:room/messages") { request, context -> Response in
        let room = try context.parameters.require("room")
        let body = try await request.decode(as: PostBody.self, context: context)
        // The broadcast runs inside `publish`, on this handler's task: its time is what
        // `rooms_broadcast_seconds` records. With a `sender`, only the numbering runs here, and
        // the broadcast after it, on the sender's queue.
        let message = try await metrics.broadcast {
            if let sender { return try await rooms.publish(to: room, author: body.author, text: body.text, broadcastingOn: sender) }
            return try await rooms.publish(to: room, author: body.author, text: body.text)
        }
        let json = try JSONEncoder().encode(message)
        return Response(status: .created, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: json)))
    }

    router.post("/rooms/:room/typing") { request, context -> HTTPResponse.Status in
        let room = try context.parameters.require("room")
        let body = try await request.decode(as: TypingBody.self, context: context)
        try await rooms.publishTyping(in: room, author: body.author)
        return .noContent
    }

    router.get("/rooms/:room/events") { request, context -> Response in
        let room = try context.parameters.require("room")
        // A reconnecting EventSource sends the id of the last message it received.
        let lastID = request.headers.first { $0.name.canonicalName == "last-event-id" }.flatMap { Int($0.value) }
        return serverSentEvents(
            request: request, rooms.follow(room, after: lastID, bufferSize: buffer, whenFull: whenFull),
            metrics: metrics, as: WireEvent.init
        )
    }

    if let rooms = (rooms as? Rooms) ?? (rooms as? PostgresRooms)?.rooms {
        router.get("/admin/events") { request, _ -> Response in
            serverSentEvents(
                request: request, rooms.admin.values(bufferSize: buffer, whenFull: whenFull, dropped: rooms.drops),
                metrics: metrics, as: WireEvent.init
            )
        }
    }

    router.get("/stats") { _, _ -> Response in
        let json = "{\"liveSubscriptions\":\(rooms.liveSubscriptions)}"
        return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: json)))
    }

    router.get("/metrics") { _, _ -> Response in
        Response(
            status: .ok,
            headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: metrics.exposition(of: rooms, whenFull: whenFull)))
        )
    }

    router.ws("/rooms/:room/ws") { _, context in
        (try? context.parameters.require("room")) == nil ? .dontUpgrade : .upgrade()
    } onUpgrade: { inbound, outbound, context in
        let room = try context.requestContext.parameters.require("room")
        let feed = rooms.follow(room, after: nil, bufferSize: buffer, whenFull: whenFull)
        metrics.connectionOpened()
        defer { metrics.connectionClosed() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            // The client's frames: each text frame posts a message. Ends when the client closes.
            group.addTask {
                for try await frame in inbound.messages(maxSize: 64 * 1024) {
                    guard case .text(let text) = frame,
                          let body = try? JSONDecoder().decode(PostBody.self, from: Data(text.utf8)) else { continue }
                    _ = try await rooms.publish(to: room, author: body.author, text: body.text)
                }
            }
            // The room's events, one text frame each. Ends when the server shuts down, or
            // when the client falls behind under `whenFull: .finish`.
            group.addTask {
                for await event in feed where event != .heartbeat {
                    let wire = WireEvent(event)
                    try await outbound.write(.text(wire.json))
                    metrics.delivered(wire.type)
                }
            }
            // Whichever ends first ends the connection; the other is cancelled, which
            // disposes its subscription.
            try await group.next()
            group.cancelAll()
        }
    }
    return router
}

/// A `text/event-stream` response that follows `events` until they end (shutdown) or the
/// client goes away: closing the connection cancels the loop, which disposes the subscription.
///
/// Each event becomes its `WireEvent` inside the loop (`wire`), not through an
/// `AsyncSequence.map` in front of it: the standard library's map sequence makes its base's
/// iterator through the protocol, unspecialised, and a `Signal.Values` iterator made that way
/// runs its per-event code generically (a generic-metadata lookup for every event).
@inlinable
func serverSentEvents<Events: AsyncSequence<Element, Never> & Sendable, Element>(
    request: Request, _ events: Events, metrics: RoomsMetrics, as wire: @escaping @Sendable (Element) -> WireEvent
) -> Response {
    Response(
        status: .ok,
        headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
        body: .init { writer in
            metrics.connectionOpened()
            defer { metrics.connectionClosed() }
            try await request.body.consumeWithCancellationOnInboundClose { _ in
                // Sent at once, so a client sees the stream open before the first event.
                try await writer.write(ByteBuffer(string: ": open\n\n"))
                for await event in events {
                    let event = wire(event)
                    try await writer.write(ByteBuffer(string: event.serverSentEvent))
                    metrics.delivered(event.type)
                }
            }
            try await writer.finish(nil)
        }
    )
}
