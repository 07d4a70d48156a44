// `rooms` processes on one PostgreSQL database, and the clients that talk to them.

import AsyncHTTPClient
import Foundation
import NIOCore
import RoomsApp
import RoomsCore
import RoomsTestSupport
import Synchronization
import Testing

/// The database the process tests use: `ROOMS_POSTGRES_URL`, which `.ci/run` sets after
/// starting PostgreSQL on loopback (`bash .ci/postgres.sh start` does the same by hand).
/// Without it the suites that need it are skipped, saying so; under CI (`CI=true`) they run
/// and fail instead.
enum TestDatabase {
    static let url = ProcessInfo.processInfo.environment["ROOMS_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    static let isRequired = ProcessInfo.processInfo.environment["CI"] == "true"
    static let isAvailable = url != nil || isRequired
    static let skipped: Comment = """
        ROOMS_POSTGRES_URL is not set, so the PostgreSQL tests are skipped: \
        eval "$(bash .ci/postgres.sh start)" starts a database on loopback and sets it (.ci/run does)
        """

    static func requireURL() throws -> String {
        guard let url else {
            Issue.record("CI=true but ROOMS_POSTGRES_URL is not set: .ci/run starts PostgreSQL before these tests")
            throw Missing()
        }
        return url
    }

    struct Missing: Error {}
}

/// A name no earlier run used (the table keeps every run's messages).
func freshRoom(_ prefix: String) -> String {
    "\(prefix)-\(UUID().uuidString.prefix(8).lowercased())"
}

/// One `rooms` process, as an operator runs it: `PORT=0`, with or without a database.
final class RoomsProcess: Sendable {
    let process: Process
    let port: Int
    var base: String { "http://127.0.0.1:\(port)" }

    private init(process: Process, port: Int) {
        self.process = process
        self.port = port
    }

    /// `ROOMS_EXECUTABLE`, or the debug `rooms` that `swift test` builds next to the test bundle.
    static var executable: URL {
        if let path = ProcessInfo.processInfo.environment["ROOMS_EXECUTABLE"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("rooms")
    }

    /// Starts `rooms` on a free port (on `database` when given) and returns once it listens.
    static func start(database: String?) async throws -> RoomsProcess {
        let executable = executable
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            Issue.record("the rooms executable is not at \(executable.path); build it with `swift build --package-path Examples --build-tests`")
            throw NotStarted()
        }
        let process = Process()
        process.executableURL = executable
        var environment = ProcessInfo.processInfo.environment.merging(["PORT": "0"]) { $1 }
        environment["ROOMS_DATABASE_URL"] = database
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // Reads lines on a thread of its own until the one that names the port; a server that
        // never prints it is stopped after 30 s (and the reader sees the pipe close).
        let reader = output.fileHandleForReading
        let named = Flag()
        let watchdog = Task {
            try await Task.sleep(for: .seconds(30))
            if !named.isSet { process.terminate() }
        }
        defer { watchdog.cancel() }
        let line = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<String, any Error>) in
            Thread.detachNewThread {
                var line = ""
                while true {
                    let byte = reader.readData(ofLength: 1)
                    if byte.isEmpty { continuation.resume(throwing: NotStarted()); return }
                    line += String(decoding: byte, as: UTF8.self)
                    guard line.hasSuffix("\n") else { continue }
                    if line.contains("listening on") {
                        named.set()
                        continuation.resume(returning: line)
                        return
                    }
                    line = ""
                }
            }
        }
        guard let port = line.split(separator: ":").last.flatMap({ Int($0.filter(\.isNumber)) }) else {
            process.terminate()
            throw NotStarted()
        }
        // Whatever it prints later is read and dropped, so that it never blocks on a full pipe.
        Thread.detachNewThread { while !reader.readData(ofLength: 4096).isEmpty {} }
        return RoomsProcess(process: process, port: port)
    }

    /// SIGTERM (graceful shutdown: open streams end), then waits for the process to exit.
    func stop() async {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        let start = ContinuousClock.now
        while process.isRunning && ContinuousClock.now - start < .seconds(10) {
            try? await Task.sleep(for: .milliseconds(20))
        }
        if process.isRunning { process.terminate() }
    }

    /// The process's `/stats` live-subscription count.
    func liveSubscriptions() async throws -> Int {
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: "\(base)/stats"), timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 1 << 16)
        let json = try JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Int]
        return json?["liveSubscriptions"] ?? -1
    }

    /// Waits until the process counts `count` live subscriptions (its followers are in).
    func waitForFollowers(_ count: Int, timeout: Duration = .seconds(10)) async throws {
        let deadline = ContinuousClock.now + timeout
        while try await liveSubscriptions() != count {
            guard ContinuousClock.now < deadline else {
                Issue.record("\(base) never counted \(count) live subscriptions")
                throw TimedOut()
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    @discardableResult
    func post(_ room: String, author: String, text: String) async throws -> Message {
        try await postMessage(base, room: room, author: author, text: text)
    }

    struct NotStarted: Error {}
}

struct TimedOut: Error {}

/// A flag that one thread sets and another reads.
final class Flag: Sendable {
    private let value = Mutex(false)
    func set() { value.withLock { $0 = true } }
    var isSet: Bool { value.withLock { $0 } }
}

/// A follower over Server-Sent Events: the messages it receives (other events skipped), each
/// with the moment it arrived, until the response ends or `task` is cancelled.
struct Follower: Sendable {
    let messages: AsyncStream<(Message, ContinuousClock.Instant)>
    let task: Task<Void, any Error>

    /// Follows `room` on `base`, sending `Last-Event-ID: lastID` when given (as a reconnecting
    /// `EventSource` does). Returns once the response has started.
    static func follow(_ base: String, room: String, lastID: Int? = nil) async throws -> Follower {
        var request = HTTPClientRequest(url: "\(base)/rooms/\(room)/events")
        if let lastID { request.headers.add(name: "Last-Event-ID", value: "\(lastID)") }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(120))
        #expect(response.status == .ok)
        let (messages, continuation) = AsyncStream<(Message, ContinuousClock.Instant)>.makeStream()
        let task = Task {
            defer { continuation.finish() }
            var pending = ""
            for try await chunk in response.body {
                let now = ContinuousClock.now
                pending += String(buffer: chunk)
                while let end = pending.range(of: "\n\n") {
                    let block = pending[..<end.lowerBound]
                    pending = String(pending[end.upperBound...])
                    guard block.split(separator: "\n").contains("event: message"),
                          let data = block.split(separator: "\n").first(where: { $0.hasPrefix("data: ") }),
                          let message = try JSONDecoder().decode(WireEvent.self, from: Data(data.dropFirst(6).utf8)).message
                    else { continue }
                    continuation.yield((message, now))
                }
            }
        }
        return Follower(messages: messages, task: task)
    }

    /// The next `count` messages, or fewer if the stream ends or `timeout` passes first (the
    /// follower is then closed).
    func next(_ count: Int, timeout: Duration = .seconds(20)) async -> [Message] {
        await nextTimed(count, timeout: timeout).map(\.0)
    }

    func nextTimed(_ count: Int, timeout: Duration = .seconds(20)) async -> [(Message, ContinuousClock.Instant)] {
        let task = task
        let watchdog = Task {
            try await Task.sleep(for: timeout)
            task.cancel()
        }
        defer { watchdog.cancel() }
        var received: [(Message, ContinuousClock.Instant)] = []
        guard count > 0 else { return [] }
        for await item in messages {
            received.append(item)
            if received.count == count { break }
        }
        return received
    }

    /// Every message until the stream ends (the server closed it), or `timeout` passes.
    func rest(timeout: Duration = .seconds(20)) async -> [Message] {
        await next(.max, timeout: timeout)
    }
}
