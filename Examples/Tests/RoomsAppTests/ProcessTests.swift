import AsyncHTTPClient
import Foundation
import Testing

/// The `rooms` executable as an operator runs it: SIGINT with streams open, and the process
/// exits promptly.
@Suite(.serialized, .timeLimit(.minutes(1))) struct ProcessTests {
    @Test func theServerExitsPromptlyOnSIGINTWithStreamsOpen() async throws {
        // `swift test` builds every product next to the test bundle.
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let executable = directory.appendingPathComponent("rooms")
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            Issue.record("the rooms executable is not at \(executable.path); build it with `swift build --package-path Examples --build-tests`")
            return
        }
        let server = Process()
        server.executableURL = executable
        server.environment = ProcessInfo.processInfo.environment.merging(["PORT": "0"]) { $1 }
        let output = Pipe()
        server.standardOutput = output
        try server.run()
        defer { if server.isRunning { server.terminate() } }

        // The first line names the port (a server that never prints it is stopped after 30 s).
        let watchdog = Task {
            try await Task.sleep(for: .seconds(30))
            server.terminate()
        }
        defer { watchdog.cancel() }
        var line = ""
        while !line.hasSuffix("\n") {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty { break }
            line += String(decoding: byte, as: UTF8.self)
        }
        guard let port = line.split(separator: ":").last.flatMap({ Int($0.filter(\.isNumber)) }) else {
            Issue.record("the server printed no port: \(line)")
            return
        }
        let base = "http://127.0.0.1:\(port)"
        let streams = try await [followEvents("\(base)/rooms/a/events"), followEvents("\(base)/admin/events")]

        let start = ContinuousClock.now
        kill(server.processIdentifier, SIGINT)
        while server.isRunning && ContinuousClock.now - start < .seconds(10) {
            try await Task.sleep(for: .milliseconds(20))
        }
        let elapsed = ContinuousClock.now - start
        #expect(!server.isRunning && elapsed < .seconds(5), "the server took \(elapsed) to exit (still running: \(server.isRunning))")
        #expect(server.terminationReason == .exit && server.terminationStatus == 0)
        for stream in streams {
            for await _ in stream.events {}
        }
        let rest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(rest.contains("rooms: stopped"))
    }
}
