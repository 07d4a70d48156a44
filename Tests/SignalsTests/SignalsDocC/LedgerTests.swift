// The operator ledger (Sources/Signals/Signals.docc/Operators.md) lists every public operator
// with its composition and its names in the other libraries. This test keeps it complete:
// every public function or static property declared in a `Signal+*.swift` source file must
// have a row whose first column names it.

import Foundation
import Testing

@Suite struct LedgerTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `name` for every `public func name` / `public static func name` / `public static var name`
    /// in the `Signal+*.swift` files under Sources/Signals.
    static func publicOperatorNames() throws -> Set<String> {
        let sources = root.appendingPathComponent("Sources/Signals")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }
            .filter { $0.lastPathComponent.hasPrefix("Signal+") && $0.pathExtension == "swift" }
        let declaration = try Regex(#"^\s*public\s+(?:static\s+)?(?:func|var)\s+`?([A-Za-z_][A-Za-z0-9_]*)"#)
        var names: Set<String> = []
        for file in files {
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                if let match = line.firstMatch(of: declaration), let name = match.output[1].substring {
                    names.insert(String(name))
                }
            }
        }
        return names
    }

    /// The names in the first column of the ledger's tables (each written as `` `name` `` or
    /// `` `name(…)` ``).
    static func ledgerNames() throws -> Set<String> {
        let ledger = try String(
            contentsOf: root.appendingPathComponent("Sources/Signals/Signals.docc/Operators.md"), encoding: .utf8)
        let firstColumn = try Regex(#"^\|\s*([^|]*)\|"#)
        let name = try Regex(#"`(?:Signal\.|\.)?([A-Za-z_][A-Za-z0-9_]*)"#)
        var names: Set<String> = []
        for line in ledger.split(separator: "\n") {
            guard let cell = line.firstMatch(of: firstColumn)?.output[1].substring else { continue }
            for match in cell.matches(of: name) {
                if let found = match.output[1].substring { names.insert(String(found)) }
            }
        }
        return names
    }

    @Test func everyPublicOperatorHasALedgerRow() throws {
        let missing = try Self.publicOperatorNames().subtracting(Self.ledgerNames()).sorted()
        #expect(missing == [], "add a row to Signals.docc/Operators.md for: \(missing.joined(separator: ", "))")
    }

    @Test func theScanFindsTheSeedOperators() throws {
        // Guards the test above against a scan that silently finds nothing.
        let names = try Self.publicOperatorNames()
        #expect(names.isSuperset(of: ["map", "filter", "flattenMap", "merge", "concat", "combineLatest", "just"]))
    }
}
