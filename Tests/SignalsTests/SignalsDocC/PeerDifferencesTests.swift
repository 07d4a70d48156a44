// Contracts.md lists, per peer library, each rule where Signals differs and the test that pins
// it ("Where Signals differs from RxSwift", "… ReactiveSwift", "… ReactiveCocoa 2.5",
// "… Combine", "… CombineExt"). This test keeps those lists honest: every test a row names exists, and each
// library has its section.

import Foundation
import Testing

@Suite struct PeerDifferencesTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The text of Contracts.md from its first "Where Signals differs from" heading on.
    static func differences() throws -> Substring {
        let contracts = try String(
            contentsOf: root.appendingPathComponent("Sources/Signals/Signals.docc/Contracts.md"), encoding: .utf8)
        let start = try #require(contracts.range(of: "## Where Signals differs from"))
        return contracts[start.lowerBound...]
    }

    /// Every `Suite.test` named in the last column of a row.
    static func pinningTests() throws -> [(suite: String, test: String)] {
        let pinned = try Regex(#"`([A-Z][A-Za-z0-9]*)\.([a-z][A-Za-z0-9]*)`"#)
        var names: [(String, String)] = []
        for line in try differences().split(separator: "\n") where line.hasPrefix("|") {
            guard let lastCell = line.split(separator: "|").last else { continue }
            for match in lastCell.matches(of: pinned) {
                if let suite = match.output[1].substring, let test = match.output[2].substring {
                    names.append((String(suite), String(test)))
                }
            }
        }
        return names
    }

    /// The text of every Swift file under Tests/.
    static func testSources() throws -> String {
        let tests = root.appendingPathComponent("Tests")
        let files = try #require(FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }
            .filter { $0.pathExtension == "swift" }
        return try files.map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
    }

    @Test func everyPeerHasItsSection() throws {
        let text = try Self.differences()
        for peer in ["RxSwift", "ReactiveSwift", "ReactiveCocoa 2.5", "Combine", "CombineExt"] {
            #expect(text.contains("### Where Signals differs from \(peer)\n"), "no section for \(peer)")
        }
    }

    @Test func everyRowNamesATestThatExists() throws {
        let pinning = try Self.pinningTests()
        #expect(pinning.count >= 30, "the scan found only \(pinning.count) tests")
        let sources = try Self.testSources()
        for (suite, test) in pinning {
            // The suite is declared, and the test is declared in it (before the next suite).
            guard let declaration = sources.range(of: "struct \(suite) {") else {
                Issue.record("Contracts.md names \(suite).\(test), but there is no suite \(suite)")
                continue
            }
            let rest = sources[declaration.upperBound...]
            let body = rest[..<(rest.range(of: "@Suite")?.lowerBound ?? rest.endIndex)]
            #expect(body.contains("func \(test)("), "Contracts.md names \(suite).\(test), but \(suite) has no such test")
        }
    }
}
