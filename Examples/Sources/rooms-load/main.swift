// rooms-load: the rooms server on the Signals core and on its AsyncStream twin, measured
// over HTTP on loopback (release build):
//
//   swift run -c release --package-path Examples rooms-load          # full sizes
//   ROOMS_LOAD_QUICK=1 swift run -c release --package-path Examples rooms-load  # quick sizes
//
// Each implementation runs in a process of its own (this executable, started again with
// `--backend signals` or `--backend streams`), so neither inherits the other's heap, warm
// caches or connection pool; the runs alternate which goes first (`ROOMS_LOAD_RUNS`, 3 by
// default) and the table gives each row's median. `--scenario fanout|publishers|churn|slow|followers`
// (repeatable) runs only those (without it: all but `followers`, which has a run of its own), for a profiler:
//
//   rooms-load --backend signals --scenario churn
//
// Each scenario starts a fresh server (in the child, port 0):
//   fan-out    100 SSE clients follow one room; N messages are posted; deliveries/s until
//              every client has every message, and the peak of allocated heap bytes
//   publishers 32 concurrent clients POST messages to 8 rooms (with 8 followers); req/s, p99
//   churn      connect a follower, read its first message, disconnect; cost per connect
//   slow       one follower that never reads while N messages of 1 KB are posted; the
//              allocated bytes it holds, and live subscriptions after it disconnects
//   followers  10,000 SSE clients (ROOMS_LOAD_FOLLOWERS; 1,000 quick) follow one room: the
//              time to connect them all, the heap and threads they hold, then 5 broadcasts
//              (one POST each, in turn): the POST's latency and the time until the last
//              client has the message, medians of the 5. Run it alone:
//
//                swift run -c release --package-path Examples rooms-load --scenario followers
//              ROOMS_LOAD_ANSWER_FIRST=1: both servers answer a POST before broadcasting it
//              (`RoomsConfiguration.answersBeforeBroadcasting`)
//
//              The clients run in a process of their own (this executable again, with
//              `--clients N --port P`), so each process holds one descriptor per connection
//              (10,000 in each, under a `ulimit -n` of 20,000; the tool raises its soft limit
//              to the hard one), and the heap and threads measured are the server's alone.
//              The client process reports when its last follower read each message, on the
//              system's monotonic clock, which both processes read. It has
//              ROOMS_LOAD_CLIENT_TIMEOUT seconds (300) to connect, report every broadcast and
//              exit: past that it is killed, the figures so far are printed and rooms-load
//              exits with status 1 (the run's process with 3) and says which step it missed.
//              A watchdog thread ends the run's process a minute later if its tasks no longer
//              run at all (the AsyncStream twin's server once deadlocked its pool's threads).
// Client and server share the child process (and the allocator), the same for both twins.

import AsyncHTTPClient
import Foundation
import NIOCore
import RoomsApp
import RoomsCore
import RoomsStreams
import RoomsTestSupport
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
let followerCount = Int(ProcessInfo.processInfo.environment["ROOMS_LOAD_FOLLOWERS"] ?? "") ?? (quick ? 1_000 : 10_000)
let broadcastRounds = 5
/// `ROOMS_LOAD_ANSWER_FIRST=1`: the servers answer a POST before broadcasting
/// (`RoomsConfiguration.answersBeforeBroadcasting`), both implementations alike.
let answersFirst = ProcessInfo.processInfo.environment["ROOMS_LOAD_ANSWER_FIRST"] == "1"
/// How long the followers scenario waits for its client process (to connect every follower,
/// report each broadcast and exit), in seconds: `ROOMS_LOAD_CLIENT_TIMEOUT`, 300 by default.
/// Past it the client process is killed, the figures so far are printed, and the tool fails.
let clientTimeout = Int(ProcessInfo.processInfo.environment["ROOMS_LOAD_CLIENT_TIMEOUT"] ?? "") ?? 300

let client = HTTPClient(
    eventLoopGroupProvider: .singleton,
    configuration: .init(connectionPool: .init(idleTimeout: .seconds(30), concurrentHTTP1ConnectionsPerHostSoftLimit: 512))
)

// The heap bytes allocated: `allocatedBytes()` (RoomsTestSupport, glibc's `malloc_info`),
// which drops when memory is freed, so a peak is the peak of what was held.

/// The CPU time this process has used so far (user and system, every thread), in seconds:
/// what a scenario costs, steadier than its wall time on a machine shared with other work.
func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
    return user + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
}

/// Samples `allocatedBytes()` every 10 ms while `body` runs; returns the peak.
func peakAllocated<T>(_ body: () async throws -> T) async rethrows -> (T, Int) {
    let peak = Peak()
    let sampler = Task {
        while !Task.isCancelled {
            peak.record(allocatedBytes())
            try? await Task.sleep(for: .milliseconds(10))
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
    let group = makeServer(rooms: backend, configuration: RoomsConfiguration(port: 0, logLevel: .error, answersBeforeBroadcasting: answersFirst)) { port in
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

/// The threads of this process now (`Threads:` in /proc/self/status).
func threadCount() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("Threads:") }
    return line.flatMap { Int($0.dropFirst("Threads:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
}

/// Raises this process's open-file limit to `wanted` (or as far as it may); returns the limit.
func raiseOpenFileLimit(to wanted: Int) -> Int {
    var limit = rlimit()
    getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    if Int(limit.rlim_cur) >= wanted { return Int(limit.rlim_cur) }
    var raised = rlimit(rlim_cur: rlim_t(wanted), rlim_max: max(limit.rlim_max, rlim_t(wanted)))
    if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) != 0 {  // not privileged: up to the hard limit
        raised = rlimit(rlim_cur: limit.rlim_max, rlim_max: limit.rlim_max)
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised)
    }
    getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    return Int(limit.rlim_cur)
}

/// The system's monotonic clock in nanoseconds: the same in every process.
func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// When each broadcast reached every follower: followers report each message they read.
final class Arrivals: @unchecked Sendable {
    private let lock = NSLock()
    private let followers: Int
    private var counts: [Int]
    private var last: [UInt64?]
    init(followers: Int, rounds: Int) {
        self.followers = followers
        counts = Array(repeating: 0, count: rounds)
        last = Array(repeating: nil, count: rounds)
    }
    /// A follower read its `n`th message (1-based).
    func arrived(_ n: Int) {
        guard n >= 1, n <= counts.count else { return }
        let now = monotonicNanoseconds()
        let all = lock.withLock { () -> Bool in
            counts[n - 1] += 1
            if counts[n - 1] == followers { last[n - 1] = now }
            return counts[n - 1] == followers
        }
        if all {
            // The client process's report to the server's: `round <n> <nanoseconds>`.
            FileHandle.standardOutput.write(Data("round \(n) \(now)\n".utf8))
        }
    }
}

/// Follows `room`, reporting each message read to `arrivals`, until `rounds` messages have
/// arrived.
func follow(_ client: HTTPClient, _ base: String, room: String, rounds: Int, arrivals: Arrivals, opened: @escaping @Sendable () -> Void) async throws {
    let response = try await client.execute(HTTPClientRequest(url: "\(base)/rooms/\(room)/events"), timeout: .seconds(600))
    opened()
    var seen = 0
    let marker = Array("event: message".utf8)
    var carry: [UInt8] = []
    for try await var chunk in response.body {
        let bytes = carry + (chunk.readBytes(length: chunk.readableBytes) ?? [])
        for _ in 0..<occurrences(of: marker, in: bytes, endingAfter: carry.count) {
            seen += 1
            arrivals.arrived(seen)
        }
        if seen >= rounds { break }
        carry = Array(bytes.suffix(marker.count - 1))
    }
}

func median(_ values: [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// The client process's reports: when its last follower read each message.
final class Reports: @unchecked Sendable {
    private let lock = NSLock()
    private var rounds: [Int: UInt64] = [:]
    func add(_ round: Int, _ at: UInt64) { lock.withLock { rounds[round] = at } }
    func at(_ round: Int) -> UInt64? { lock.withLock { rounds[round] } }
}

/// The client process of the followers scenario: `count` SSE followers of room "many" on
/// `port`; reports `round <n> <ns>` when the last of them has read the `n`th message, and
/// exits once they all have read `broadcastRounds`.
func runClients(count: Int, port: Int) async throws {
    let limit = raiseOpenFileLimit(to: count + 1_024)
    precondition(limit >= count + 64, "rooms-load: \(count) followers need \(count + 64) open files, the limit is \(limit) (ulimit -n)")
    let many = HTTPClient(
        eventLoopGroupProvider: .singleton,
        configuration: .init(connectionPool: .init(idleTimeout: .seconds(600), concurrentHTTP1ConnectionsPerHostSoftLimit: count + 64))
    )
    let arrivals = Arrivals(followers: count, rounds: broadcastRounds)
    let opened = Counter()
    let base = "http://127.0.0.1:\(port)"
    try await withThrowingTaskGroup(of: Void.self) { group in
        for n in 0..<count {
            group.addTask {
                try await follow(many, base, room: "many", rounds: broadcastRounds, arrivals: arrivals) { opened.add() }
            }
            // 250 connecting at a time: a burst of 10,000 would overflow the listen queue.
            if n % 250 == 249 { while opened.value < n - 250 { try await Task.sleep(for: .milliseconds(1)) } }
        }
        try await group.waitForAll()
    }
    try await many.shutdown()
}

/// Seconds in `duration`.
func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// Runs the scenarios named in `scenarios` on fresh servers over `make()`'s rooms; returns
/// each row's figure by the row's key (see `rowsInOrder`).
func measure<Backend: RoomsBackend>(_ scenarios: Set<String>, _ make: () -> Backend) async throws -> [String: Double] {
    var results: [String: Double] = [:]

    if scenarios.contains("fanout") {
        let server = try await start(make())
        let opened = Counter()
        let before = allocatedBytes()
        let ((elapsed, cpu, received), peak) = try await peakAllocated { () async throws -> (Duration, Double, Int) in
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<fanOutClients {
                    group.addTask {
                        try await follow(server.base, room: "fan", until: fanOutMessages, last: "message \(fanOutMessages - 1)") { opened.add() }
                    }
                }
                while server.backend.liveSubscriptions < fanOutClients { try await Task.sleep(for: .milliseconds(5)) }
                let (start, cpuStart) = (ContinuousClock.now, cpuSeconds())
                for n in 0..<fanOutMessages { server.backend.post(to: "fan", author: "load", text: "message \(n)") }
                var received = 0
                for try await count in group { received += count }
                return (ContinuousClock.now - start, cpuSeconds() - cpuStart, received)
            }
        }
        results["fanout.rate"] = Double(received) / seconds(elapsed)
        results["fanout.cpu"] = cpu * 1e6 / Double(received)
        results["fanout.received"] = Double(received)
        results["fanout.peak"] = Double(peak - before) / 1e6
        try await server.stop()
    }

    if scenarios.contains("publishers") {
        let server = try await start(make())
        let followers = (0..<8).map { room in Task { try await follow(server.base, room: "pub\(room)", until: .max) {} } }
        while server.backend.liveSubscriptions < 8 { try await Task.sleep(for: .milliseconds(5)) }
        let (start, cpuStart) = (ContinuousClock.now, cpuSeconds())
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
        let p99 = latencies[Int(Double(latencies.count) * 0.99)]
        results["publishers.rate"] = Double(latencies.count) / seconds(elapsed)
        results["publishers.cpu"] = (cpuSeconds() - cpuStart) * 1e6 / Double(latencies.count)
        results["publishers.p99"] = seconds(p99) * 1000
        followers.forEach { $0.cancel() }
        try await server.stop()
    }

    if scenarios.contains("churn") {
        let server = try await start(make())
        server.backend.post(to: "churn", author: "load", text: "the first")
        let (start, cpuStart) = (ContinuousClock.now, cpuSeconds())
        for _ in 0..<churnConnects {
            _ = try await follow(server.base, room: "churn", until: 1) {}
        }
        let elapsed = ContinuousClock.now - start
        results["churn.cost"] = seconds(elapsed) * 1e6 / Double(churnConnects)
        results["churn.cpu"] = (cpuSeconds() - cpuStart) * 1e6 / Double(churnConnects)
        let deadline = ContinuousClock.now + .seconds(10)
        while server.backend.liveSubscriptions > 0 && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        results["churn.live"] = Double(server.backend.liveSubscriptions)
        try await server.stop()
    }

    if scenarios.contains("slow") {
        let server = try await start(make())
        let socket = try RawSocket(port: server.port)
        try socket.send("GET /rooms/slow/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        while server.backend.liveSubscriptions < 1 { try await Task.sleep(for: .milliseconds(5)) }
        let before = allocatedBytes()
        let text = String(repeating: "x", count: 1_000)
        for _ in 0..<slowMessages { server.backend.post(to: "slow", author: "load", text: text) }
        try await Task.sleep(for: .milliseconds(500))
        let held = allocatedBytes() - before
        results["slow.held"] = Double(held) / 1e6
        socket.close()
        let deadline = ContinuousClock.now + .seconds(30)
        while server.backend.liveSubscriptions > 0 && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        results["slow.live"] = Double(server.backend.liveSubscriptions)
        try await server.stop()
    }

    if scenarios.contains("followers") {
        _ = raiseOpenFileLimit(to: followerCount + 1_024)
        let server = try await start(make())
        let heapBefore = allocatedBytes()
        // The clients, in a process of their own; their reports arrive on its output. They
        // have `clientTimeout` seconds for all of it (one run once hung waiting for a report).
        let deadline = ContinuousClock.now + .seconds(clientTimeout)
        let clients = Process()
        clients.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        clients.arguments = ["--clients", "\(followerCount)", "--port", "\(server.port)"]
        let output = Pipe()
        clients.standardOutput = output
        let reports = Reports()
        let connectStart = ContinuousClock.now
        try clients.run()
        // The same deadline, a minute later, on a thread of its own: for when this process's
        // tasks no longer run at all (every thread of the cooperative pool blocked), where the
        // waits below cannot see the time.
        let watchdog = Watchdog(after: Double(clientTimeout + 60)) {
            killProcess(clients)
            FileHandle.standardError.write(Data("rooms-load: this server's followers scenario did not end within \(clientTimeout + 60) s and its tasks no longer run (blocked); the client process was killed\n".utf8))
            exit(3)
        }
        let reader = Thread {
            var pending = ""
            while true {
                let data = output.fileHandleForReading.availableData
                if data.isEmpty { break }
                pending += String(decoding: data, as: UTF8.self)
                while let end = pending.firstIndex(of: "\n") {
                    let parts = pending[..<end].split(separator: " ")
                    if parts.count == 3, parts[0] == "round", let n = Int(parts[1]), let at = UInt64(parts[2]) { reports.add(n, at) }
                    pending = String(pending[pending.index(after: end)...])
                }
            }
        }
        reader.start()
        while server.backend.liveSubscriptions < followerCount {
            guard clients.isRunning else {
                giveUp(clients, results, "the client process ended (status \(clients.terminationStatus)) before every follower connected (\(server.backend.liveSubscriptions) of \(followerCount))")
            }
            if ContinuousClock.now > deadline {
                giveUp(clients, results, "the client process did not connect every follower within \(clientTimeout) s (\(server.backend.liveSubscriptions) of \(followerCount); ROOMS_LOAD_CLIENT_TIMEOUT)")
            }
            try await Task.sleep(for: .milliseconds(2))
        }
        results["followers.connect"] = seconds(ContinuousClock.now - connectStart)
        try await Task.sleep(for: .milliseconds(500))  // settle: the last responses' buffers
        results["followers.heap"] = Double(allocatedBytes() - heapBefore) / Double(followerCount) / 1e3
        results["followers.threads"] = Double(threadCount())
        var posts: [Double] = [], lasts: [Double] = []
        let cpuStart = cpuSeconds()
        for round in 1...broadcastRounds {
            let start = monotonicNanoseconds()
            try await post(server.base, room: "many", text: "broadcast \(round)")
            posts.append(Double(monotonicNanoseconds() - start) / 1e6)
            var last: UInt64?
            while last == nil {
                if ContinuousClock.now > deadline || !clients.isRunning {
                    results["followers.post"] = median(posts)
                    results["followers.last"] = median(lasts)
                    giveUp(clients, results, "the client process did not report broadcast \(round) of \(broadcastRounds) \(clients.isRunning ? "within \(clientTimeout) s (ROOMS_LOAD_CLIENT_TIMEOUT)" : "before it ended (status \(clients.terminationStatus))")")
                }
                try await Task.sleep(for: .milliseconds(1))
                last = reports.at(round)
            }
            lasts.append(Double(last! - start) / 1e6)
        }
        results["followers.cpu"] = (cpuSeconds() - cpuStart) * 1000 / Double(broadcastRounds)
        results["followers.post"] = median(posts)
        results["followers.last"] = median(lasts)
        guard await waitForExit(of: clients, until: deadline) else {
            giveUp(clients, results, "the client process had every broadcast but did not exit within \(clientTimeout) s (ROOMS_LOAD_CLIENT_TIMEOUT)")
        }
        results["followers.connected"] = clients.terminationStatus == 0 ? Double(followerCount) : 0
        try await server.stop()
        watchdog.cancel()
    }
    return results
}

/// Ends a run whose client process failed or ran out of time: kills the client process,
/// prints the figures measured so far (as a finished run does) and `why` on standard error,
/// and exits with status 3, which the parent reports.
func giveUp(_ clients: Process, _ results: [String: Double], _ why: String) -> Never {
    killProcess(clients)
    for (key, value) in results.sorted(by: { $0.key < $1.key }) { print("\(key)\t\(value)") }
    FileHandle.standardError.write(Data("rooms-load: \(why); the client process was killed; the figures so far are on standard output\n".utf8))
    exit(3)
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

// MARK: The run

/// The table's rows: key, label, how the figure is printed, and whether more is better
/// (`nil`: a count that must be equal on both sides, such as live subscriptions left).
let rowsInOrder: [(key: String, label: String, format: String, moreIsBetter: Bool?)] = [
    ("fanout.rate", "fan-out deliveries/s", "%.0f", true),
    ("fanout.cpu", "fan-out CPU µs per delivery (client + server)", "%.2f", false),
    ("fanout.peak", "fan-out peak allocated MB (above start)", "%.2f", false),
    ("fanout.received", "fan-out received (of \(fanOutClients * fanOutMessages))", "%.0f", nil),
    ("publishers.rate", "publishers req/s", "%.0f", true),
    ("publishers.p99", "publishers p99 ms", "%.2f", false),
    ("publishers.cpu", "publishers CPU µs per request (client + server)", "%.1f", false),
    ("churn.cost", "churn µs per connect", "%.0f", false),
    ("churn.cpu", "churn CPU µs per connect (client + server)", "%.0f", false),
    ("churn.live", "churn: live subscriptions after", "%.0f", nil),
    ("slow.held", "slow client: allocated MB held (\(slowMessages) × 1 KB posted)", "%.2f", false),
    ("slow.live", "slow client: live subscriptions after close", "%.0f", nil),
    ("followers.connect", "\(followerCount) followers: s to connect all", "%.2f", false),
    ("followers.heap", "\(followerCount) followers: server heap KB per connection", "%.1f", false),
    ("followers.threads", "\(followerCount) followers: server threads", "%.0f", false),
    ("followers.post", "\(followerCount) followers: broadcasting POST ms (median of \(broadcastRounds))", "%.1f", false),
    ("followers.last", "\(followerCount) followers: ms until the last has it (median of \(broadcastRounds))", "%.1f", false),
    ("followers.cpu", "\(followerCount) followers: server CPU ms per broadcast", "%.0f", false),
    ("followers.connected", "\(followerCount) followers: connected", "%.0f", nil),
]

let arguments = Array(CommandLine.arguments.dropFirst())
let allScenarios: Set<String> = ["fanout", "publishers", "churn", "slow", "followers"]
var scenarios = Set(zip(arguments, arguments.dropFirst()).filter { $0.0 == "--scenario" }.map(\.1))
if scenarios.isEmpty { scenarios = allScenarios.subtracting(["followers"]) }
precondition(scenarios.isSubset(of: allScenarios), "rooms-load: --scenario is one of \(allScenarios.sorted())")

func loadAverage() -> String {
    (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
}

if let index = arguments.firstIndex(of: "--clients"), index + 1 < arguments.count, let count = Int(arguments[index + 1]),
   let portIndex = arguments.firstIndex(of: "--port"), portIndex + 1 < arguments.count, let port = Int(arguments[portIndex + 1]) {
    // The followers scenario's client process.
    try await runClients(count: count, port: port)
    try await client.shutdown().get()
} else if let index = arguments.firstIndex(of: "--backend"), index + 1 < arguments.count {
    // A child: one implementation, its figures on stdout as `key<TAB>value` lines.
    let results: [String: Double]
    switch arguments[index + 1] {
    case "signals": results = try await measure(scenarios) { Rooms(scheduler: TaskScheduler()) }
    case "streams": results = try await measure(scenarios) { StreamRooms() }
    default: preconditionFailure("rooms-load: --backend is signals or streams, got \(arguments[index + 1])")
    }
    for (key, value) in results.sorted(by: { $0.key < $1.key }) { print("\(key)\t\(value)") }
    try await client.shutdown().get()
} else {
    // The parent: each implementation in a fresh process, alternating which goes first.
    let runs = Int(ProcessInfo.processInfo.environment["ROOMS_LOAD_RUNS"] ?? "") ?? 3
    precondition(runs > 0, "rooms-load: ROOMS_LOAD_RUNS must be 1 or more")
    let backends = ["signals", "streams"]
    var figures: [String: [String: [Double]]] = [:]  // backend -> key -> one figure per run
    let loadBefore = loadAverage()
    print("rooms-load: \(quick ? "quick" : "full") sizes, \(runs) run(s) of each implementation\(answersFirst ? ", POSTs answered before broadcasting" : ""); load average before: \(loadBefore)")
    for run in 0..<runs {
        for backend in run % 2 == 0 ? backends : backends.reversed() {
            let child = Process()
            child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            child.arguments = ["--backend", backend] + scenarios.sorted().flatMap { ["--scenario", $0] }
            let output = Pipe()
            child.standardOutput = output
            try child.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            child.waitUntilExit()
            var measured: [(key: String, value: Double)] = []
            for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
                let parts = line.split(separator: "\t")
                guard parts.count == 2, let value = Double(parts[1]) else { continue }
                measured.append((String(parts[0]), value))
            }
            guard child.terminationStatus == 0 else {
                // Its reason is on standard error, above; what it measured before failing, here.
                print("rooms-load: run \(run + 1) of \(backend) failed (status \(child.terminationStatus)); what it measured:")
                for (key, value) in measured { print("  \(key)\t\(value)") }
                print("and the runs before it (Signals; AsyncStream):")
                for row in rowsInOrder {
                    let a = (figures["signals"]?[row.key] ?? []).map { String(format: row.format, $0) }
                    let b = (figures["streams"]?[row.key] ?? []).map { String(format: row.format, $0) }
                    if !a.isEmpty || !b.isEmpty { print("  \(row.label): \(a.joined(separator: ", ")); \(b.joined(separator: ", "))") }
                }
                try await client.shutdown().get()
                exit(1)
            }
            for (key, value) in measured { figures[backend, default: [:]][key, default: []].append(value) }
            print("  run \(run + 1) \(backend): done (load \(loadAverage()))")
        }
    }
    print("")
    print("| measure (median of \(runs)) | Signals | AsyncStream | Signals ahead? |")
    print("|---|---:|---:|:---:|")
    for row in rowsInOrder {
        guard let a = median(figures["signals"]?[row.key] ?? []), let b = median(figures["streams"]?[row.key] ?? []) else { continue }
        let ahead: String
        switch row.moreIsBetter {
        case true?: ahead = a > b ? "yes" : "no"
        case false?: ahead = a < b ? "yes" : "no"
        case nil: ahead = a == b ? "same" : "differs"
        }
        print("| \(row.label) | \(String(format: row.format, a)) | \(String(format: row.format, b)) | \(ahead) |")
    }
    print("")
    print("Every run (Signals; AsyncStream):")
    for row in rowsInOrder {
        let a = (figures["signals"]?[row.key] ?? []).map { String(format: row.format, $0) }
        let b = (figures["streams"]?[row.key] ?? []).map { String(format: row.format, $0) }
        if !a.isEmpty || !b.isEmpty { print("  \(row.label): \(a.joined(separator: ", ")); \(b.joined(separator: ", "))") }
    }
    print("")
    print("load average before: \(loadBefore); after: \(loadAverage()); \(ProcessInfo.processInfo.activeProcessorCount) cores")
    try await client.shutdown().get()
}
