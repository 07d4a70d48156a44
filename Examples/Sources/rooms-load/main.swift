// rooms-load: the rooms server on the Signals core and on its AsyncStream twin, measured in
// one run over HTTP on loopback (release build):
//
//   swift run -c release --package-path Examples rooms-load          # full sizes
//   ROOMS_LOAD_QUICK=1 swift run --package-path Examples rooms-load  # a quick look
//
// Each scenario starts a fresh server (in this process, port 0) for each implementation:
//   fan-out    100 SSE clients follow one room; N messages are posted; deliveries/s until
//              every client has every message, and the process's peak resident memory
//   publishers 32 concurrent clients POST messages to 8 rooms (with 8 followers); req/s, p99
//   churn      connect a follower, read its first message, disconnect; cost per connect
//   slow       one follower that never reads while N messages of 1 KB are posted; the
//              resident memory added, and live subscriptions after it disconnects
// Client and server share the process (and the allocator), the same for both twins.

import AsyncHTTPClient
import Foundation
import NIOCore
import RoomsApp
import RoomsCore
import RoomsStreams
import Signals
#if canImport(Glibc)
import Glibc
#endif

let quick = ProcessInfo.processInfo.environment["ROOMS_LOAD_QUICK"] != nil
let fanOutClients = 100
let fanOutMessages = quick ? 200 : 2_000
let publishers = 32
let postsPerPublisher = quick ? 50 : 500
let churnConnects = quick ? 100 : 1_000
let slowMessages = quick ? 2_000 : 20_000

let client = HTTPClient(
    eventLoopGroupProvider: .singleton,
    configuration: .init(connectionPool: .init(idleTimeout: .seconds(30), concurrentHTTP1ConnectionsPerHostSoftLimit: 512))
)

/// The process's resident memory right now, in bytes (Linux: /proc/self/statm). The
/// allocator's own counters (glibc's mallinfo2) are not visible to Swift's Glibc module, and
/// freed memory is not always returned, so this over-counts; it is the same for both twins.
func allocatedBytes() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
          let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// Samples `allocatedBytes()` every 5 ms while `body` runs; returns the peak.
func peakAllocated<T>(_ body: () async throws -> T) async rethrows -> (T, Int) {
    let peak = Peak()
    let sampler = Task {
        while !Task.isCancelled {
            peak.record(allocatedBytes())
            try? await Task.sleep(for: .milliseconds(5))
        }
    }
    let result = try await body()
    sampler.cancel()
    _ = await sampler.value
    peak.record(allocatedBytes())
    return (result, peak.value)
}

final class Peak: @unchecked Sendable {
    private let lock = NSLock()
    private var peak = 0
    func record(_ value: Int) { lock.withLock { peak = max(peak, value) } }
    var value: Int { lock.withLock { peak } }
}

struct Server<Backend: RoomsBackend> {
    let backend: Backend
    let port: Int
    let stop: @Sendable () async throws -> Void
    var base: String { "http://127.0.0.1:\(port)" }
}

func start<Backend: RoomsBackend>(_ backend: Backend) async throws -> Server<Backend> {
    let (ports, continuation) = AsyncStream<Int>.makeStream()
    let group = makeServer(rooms: backend, configuration: RoomsConfiguration(port: 0, logLevel: .error)) { port in
        continuation.yield(port)
        continuation.finish()
    }
    let task = Task { try await group.run() }
    let port = await ports.first { _ in true } ?? 0
    return Server(backend: backend, port: port) {
        await group.triggerGracefulShutdown()
        try await task.value
    }
}

func post(_ base: String, room: String, text: String) async throws {
    var request = HTTPClientRequest(url: "\(base)/rooms/\(room)/messages")
    request.method = .POST
    request.headers.add(name: "content-type", value: "application/json")
    let json = #"{"author":"load","text":"\#(text)"}"#
    request.body = .bytes(ByteBuffer(string: json))
    let response = try await client.execute(request, timeout: .seconds(30))
    _ = try await response.body.collect(upTo: 1 << 16)
}

/// Follows `room` and counts message events until `count` have arrived, or until the event
/// whose text is `last` has (a slow follower's buffer drops the oldest, so it may never see
/// `count`; the newest is never dropped); returns the count seen (or when the stream ends).
/// `opened` is called once the response has started. A marker split across two chunks is
/// found: the scan keeps the tail of the previous chunk.
func follow(
    _ base: String, room: String, until count: Int, last: String? = nil,
    opened: @escaping @Sendable () -> Void
) async throws -> Int {
    let response = try await client.execute(HTTPClientRequest(url: "\(base)/rooms/\(room)/events"), timeout: .seconds(300))
    opened()
    var seen = 0
    let marker = Array("event: message".utf8)
    let end = last.map { Array("\"\($0)\"".utf8) }  // the text as a JSON string
    let keep = max(marker.count, end?.count ?? 0) - 1
    var carry: [UInt8] = []
    for try await var chunk in response.body {
        let bytes = carry + (chunk.readBytes(length: chunk.readableBytes) ?? [])
        let skip = carry.count  // markers wholly inside `carry` were counted with the last chunk
        seen += occurrences(of: marker, in: bytes, endingAfter: skip)
        if seen >= count { break }
        if let end, occurrences(of: end, in: bytes, endingAfter: skip) > 0 { break }
        carry = Array(bytes.suffix(keep))
    }
    return seen
}

/// How many times `pattern` occurs in `bytes` ending after index `skip` (so not counted before).
func occurrences(of pattern: [UInt8], in bytes: [UInt8], endingAfter skip: Int) -> Int {
    var found = 0
    var i = max(0, skip - pattern.count + 1)
    while i + pattern.count <= bytes.count {
        if bytes[i] == pattern[0] && bytes[i..<i + pattern.count].elementsEqual(pattern) {
            found += 1
            i += pattern.count
        } else {
            i += 1
        }
    }
    return found
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    func add() { lock.withLock { n += 1 } }
    var value: Int { lock.withLock { n } }
}

struct Row {
    var name: String
    var signals: String
    var streams: String
}
var rows: [Row] = []

func measure<Backend: RoomsBackend>(_ name: String, _ make: () -> Backend) async throws -> [String: String] {
    var results: [String: String] = [:]

    // Fan-out.
    do {
        let server = try await start(make())
        let opened = Counter()
        let before = allocatedBytes()
        let ((elapsed, received), peak) = try await peakAllocated { () async throws -> (Duration, Int) in
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<fanOutClients {
                    group.addTask {
                        try await follow(server.base, room: "fan", until: fanOutMessages, last: "message \(fanOutMessages - 1)") { opened.add() }
                    }
                }
                while server.backend.liveSubscriptions < fanOutClients { try await Task.sleep(for: .milliseconds(5)) }
                let start = ContinuousClock.now
                for n in 0..<fanOutMessages { server.backend.post(to: "fan", author: "load", text: "message \(n)") }
                var received = 0
                for try await count in group { received += count }
                return (ContinuousClock.now - start, received)
            }
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        results["fan-out deliveries/s"] = String(format: "%.0f", Double(received) / seconds)
        results["fan-out received"] = "\(received)/\(fanOutClients * fanOutMessages)"
        results["fan-out peak resident MB (above start)"] = String(format: "%.1f", Double(peak - before) / 1e6)
        try await server.stop()
    }

    // Publishers.
    do {
        let server = try await start(make())
        let followers = (0..<8).map { room in Task { try await follow(server.base, room: "pub\(room)", until: .max) {} } }
        while server.backend.liveSubscriptions < 8 { try await Task.sleep(for: .milliseconds(5)) }
        let start = ContinuousClock.now
        let latencies = try await withThrowingTaskGroup(of: [Duration].self) { group in
            for p in 0..<publishers {
                group.addTask {
                    var latencies: [Duration] = []
                    for n in 0..<postsPerPublisher {
                        let t = ContinuousClock.now
                        try await post(server.base, room: "pub\(p % 8)", text: "p\(p) n\(n)")
                        latencies.append(ContinuousClock.now - t)
                    }
                    return latencies
                }
            }
            var all: [Duration] = []
            for try await part in group { all += part }
            return all.sorted()
        }
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let p99 = latencies[Int(Double(latencies.count) * 0.99)]
        results["publishers req/s"] = String(format: "%.0f", Double(latencies.count) / seconds)
        results["publishers p99 ms"] = String(format: "%.2f", Double(p99.components.attoseconds) / 1e15 + Double(p99.components.seconds) * 1000)
        followers.forEach { $0.cancel() }
        try await server.stop()
    }

    // Churn.
    do {
        let server = try await start(make())
        server.backend.post(to: "churn", author: "load", text: "the first")
        let start = ContinuousClock.now
        for _ in 0..<churnConnects {
            _ = try await follow(server.base, room: "churn", until: 1) {}
        }
        let elapsed = ContinuousClock.now - start
        results["churn µs per connect"] = String(format: "%.0f", Double(elapsed.components.attoseconds) / 1e12 / Double(churnConnects) + Double(elapsed.components.seconds) * 1e6 / Double(churnConnects))
        let deadline = ContinuousClock.now + .seconds(10)
        while server.backend.liveSubscriptions > 0 && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        results["churn live after"] = "\(server.backend.liveSubscriptions)"
        try await server.stop()
    }

    // A client that never reads.
    do {
        let server = try await start(make())
        let socket = try RawSocket(port: server.port)
        try socket.send("GET /rooms/slow/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        while server.backend.liveSubscriptions < 1 { try await Task.sleep(for: .milliseconds(5)) }
        let before = allocatedBytes()
        let text = String(repeating: "x", count: 1_000)
        for _ in 0..<slowMessages { server.backend.post(to: "slow", author: "load", text: text) }
        try await Task.sleep(for: .milliseconds(500))
        let held = allocatedBytes() - before
        results["slow client: resident MB added by \(slowMessages) × 1 KB"] = String(format: "%.1f", Double(held) / 1e6)
        socket.close()
        let deadline = ContinuousClock.now + .seconds(30)
        while server.backend.liveSubscriptions > 0 && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        results["slow client: live after close"] = "\(server.backend.liveSubscriptions)"
        try await server.stop()
    }
    return results
}

/// A TCP connection that sends a request and never reads.
final class RawSocket {
    let fd: Int32
    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        // A small receive buffer, so the server meets back-pressure early.
        var size: Int32 = 4096
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if result != 0 { throw POSIXError(.ECONNREFUSED) }
    }
    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, 0) }
    }
    func close() { _ = Glibc.close(fd) }
}

let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
print("rooms-load: \(quick ? "quick" : "full") sizes; load average before: \(load)")
let signals = try await measure("Signals") {
    Rooms(scheduler: TaskScheduler())
}
let streams = try await measure("AsyncStream") {
    StreamRooms()
}
let loadAfter = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
print("")
print("| measure | Signals | AsyncStream |")
print("|---|---:|---:|")
for key in signals.keys.sorted() {
    print("| \(key) | \(signals[key] ?? "") | \(streams[key] ?? "") |")
}
print("")
print("load average after: \(loadAfter); \(ProcessInfo.processInfo.activeProcessorCount) cores")
try await client.shutdown().get()
