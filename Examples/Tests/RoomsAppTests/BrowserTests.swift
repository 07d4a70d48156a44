import Foundation
import RoomsApp
import RoomsCore
import Testing

/// The page at `/` in a real browser: headless Chromium loads it, follows the room over
/// EventSource, and the test reads the rendered page.
///
/// Chromium is required: when it is missing the test fails and says how to install it
/// (`apt-get install -y chromium`; `.ci/run` installs it).
@Suite(.serialized, .timeLimit(.minutes(2))) struct BrowserTests {
    @Test func thePageShowsTheHistoryAndLiveMessages() async throws {
        guard let chromium = findChromium() else {
            Issue.record("Chromium is not installed: the browser test needs it. Install it with `apt-get install -y chromium` (Debian), or set CHROMIUM to its path.")
            return
        }
        let server = try await RunningServer.start()
        try await server.post("browser", author: "ann", text: "history one")
        try await server.post("browser", author: "bob", text: "history two")

        // The page closes its EventSource after 4 messages (an open stream keeps
        // --dump-dom waiting), then the DOM is printed.
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("rooms-chromium-\(UUID())")
        defer { try? FileManager.default.removeItem(at: profile) }
        let browser = Process()
        browser.executableURL = URL(fileURLWithPath: chromium)
        browser.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
            "--user-data-dir=\(profile.path)", "--virtual-time-budget=60000", "--dump-dom",
            "\(server.base)/?room=browser&close=4",
        ]
        let output = Pipe()
        browser.standardOutput = output
        browser.standardError = FileHandle.nullDevice
        let dom = Task.detached { output.fileHandleForReading.readDataToEndOfFile() }
        try browser.run()

        // Live messages once the page follows the room.
        try await server.eventually("the page to follow the room", timeout: .seconds(60)) { server.rooms.liveSubscriptions >= 1 }
        try await server.post("browser", author: "cy", text: "live three")
        try await server.post("browser", author: "di", text: "live four")

        let killer = Task {
            try await Task.sleep(for: .seconds(60))
            browser.terminate()
        }
        let page = String(decoding: await dom.value, as: UTF8.self)
        browser.waitUntilExit()
        killer.cancel()

        let shown = renderedMessages(page)
        #expect(shown == ["ann: history one", "bob: history two", "cy: live three", "di: live four"], "page was:\n\(page)")
        #expect(page.contains("<title>done</title>"))
        try await server.eventually("the page's subscription to be released") { server.rooms.liveSubscriptions == 0 }
        try await server.stop()
    }
}

func findChromium() -> String? {
    if let path = ProcessInfo.processInfo.environment["CHROMIUM"] { return path }
    let candidates = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]
    let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
    for name in candidates {
        for directory in directories {
            let path = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
    }
    return nil
}

/// The texts of the `<li class="message">` items of a dumped page, in order.
func renderedMessages(_ html: String) -> [String] {
    var texts: [String] = []
    var rest = html[...]
    while let open = rest.range(of: "<li class=\"message\""),
          let tagEnd = rest[open.upperBound...].range(of: ">"),
          let close = rest[tagEnd.upperBound...].range(of: "</li>") {
        texts.append(String(rest[tagEnd.upperBound..<close.lowerBound]))
        rest = rest[close.upperBound...]
    }
    return texts
}
