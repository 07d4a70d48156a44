// The playground is a book, and these tests keep it from rotting: each chapter's printed
// output must equal its golden transcript, Golden/<chapter file>.txt (e.g.
// Golden/10-Concat.txt), so a change in the library that changes what the tour teaches
// is seen at once.
//
// After changing a chapter on purpose, regenerate the transcripts and review the diff:
//
//     SIGNALS_RECORD_GOLDENS=1 swift test --filter PlaygroundTests
//     git diff Tests/PlaygroundTests/Golden
//
// Chapters print through the tour's own `print` (Playground-scripts/Support.swift), which
// records what it prints, so `chapter.run(echo: false)` returns the transcript without
// touching standard output.

import Foundation
import Testing
@testable import playground

@Suite("Playground transcripts", .serialized)
struct TranscriptTests {
    /// Set to regenerate the golden files instead of comparing with them.
    static let isRecording = ProcessInfo.processInfo.environment["SIGNALS_RECORD_GOLDENS"] != nil

    /// Each chapter's transcript from its first run in this process, by file name. The golden
    /// comparison and the stories below read it; `chaptersAreDeterministic` runs each chapter
    /// once more and compares. (Chapters 10 and 13 run a 100,000-step chain and the conformance
    /// kit: running every chapter once per test that reads it cost most of this suite's time.)
    static let firstTranscripts: [String: String] = Dictionary(
        uniqueKeysWithValues: chapters.map { ($0.fileName, $0.run(echo: false)) }
    )

    @Test("Each chapter prints its golden transcript", arguments: chapters.map(\.fileName))
    func chapterMatchesItsGoldenTranscript(fileName: String) throws {
        let transcript = try #require(Self.firstTranscripts[fileName])

        if Self.isRecording {
            try transcript.write(to: Self.sourceGoldenURL(fileName), atomically: true, encoding: .utf8)
            return
        }
        let url = try #require(
            Bundle.module.url(forResource: fileName, withExtension: "txt", subdirectory: "Golden"),
            "No golden transcript for \(fileName); run SIGNALS_RECORD_GOLDENS=1 swift test --filter PlaygroundTests"
        )
        let golden = try String(contentsOf: url, encoding: .utf8)
        #expect(transcript == golden, "\(fileName): \(Self.firstDifference(transcript, golden))")
    }

    @Test("Each chapter prints the same transcript every time")
    func chaptersAreDeterministic() {
        for chapter in chapters {
            #expect(chapter.run(echo: false) == Self.firstTranscripts[chapter.fileName], "\(chapter.fileName) changed between runs")
        }
    }

    // MARK: The three seed transcripts (the stories of chapters 9, 10 and 11)

    @Test("Letters and numbers, flattened, print A 1 B C 2")
    func lettersAndNumbers() throws {
        let lines = try Self.lines(of: "09-FlattenAndMerge")
        #expect(lines.contains("A 1 B C 2"))
    }

    @Test("just(1).concat(just(2)).concat(just(3)) prints next(1), next(2), next(3), completed")
    func concatOfThreeJusts() throws {
        let lines = try Self.lines(of: "10-Concat")
        let expected = ["next(1)", "next(2)", "next(3)", "completed"]
        let start = try #require(lines.firstIndex(of: "next(1)"))
        #expect(Array(lines[start..<min(start + 4, lines.count)]) == expected)
    }

    @Test("combineLatest of ob1 (1, 2) and ob2 (a, b) prints 1:2-2:a then 1:2-2:b")
    func combineLatestOfObOneAndObTwo() throws {
        let lines = try Self.lines(of: "11-CombineLatest")
        let start = try #require(lines.firstIndex(of: "1:2-2:a"))
        #expect(lines.indices.contains(start + 1) && lines[start + 1] == "1:2-2:b")
        #expect(!lines.contains("1:1-2:a")) // ob1's 1 was replaced by 2 before ob2 sent a value
    }

    // MARK: The tour's order

    @Test("The tour opens with use (five minutes, everyday operators, time, splitting, async), then explains")
    func theTourOpensWithUse() {
        #expect(chapters.prefix(5).map(\.name) == ["start", "everyday", "time", "splitting", "async"])
        #expect(chapters.dropFirst(5).prefix(8).map(\.name) == [
            "signals", "disposables", "bind", "flatten", "concat", "combinelatest", "mergeinput", "operators",
        ])
        #expect(chapters.dropFirst(13).map(\.name) == ["state"])
    }

    @Test("The bind chapter teaches cutting the inners: the old inner is released before the new one starts")
    func theBindChapterTeachesCancelInners() throws {
        let lines = try Self.lines(of: "08-Bind")
        #expect(lines.contains("-- Cutting the inners: BindControl.cancelInners()"))
        let released = try #require(lines.firstIndex(of: "[first released]"))
        let subscribed = try #require(lines.firstIndex(of: "[second subscribed]"))
        #expect(released < subscribed)
        #expect(lines.contains("output: a") && lines.contains("output: c") && !lines.contains("output: b"))
    }

    @Test("Breaking out of a for-await loop releases the subscription, after the values it read")
    func breakingOutOfALoopReleasesTheSubscription() throws {
        let lines = try Self.lines(of: "05-Async")
        let tick3 = try #require(lines.firstIndex(of: "tick 3"))
        #expect(lines[tick3 - 3...tick3 + 1] == ["[ticks subscribed]", "tick 1", "tick 2", "tick 3", "[ticks released]"])
    }

    @Test("The app-state chapter follows only the latest execution with executions.switchToLatest()")
    func theAppStateChapterShowsSwitchToLatest() throws {
        let lines = try Self.lines(of: "14-AppState")
        #expect(lines.contains("  results for 'signals'"))
        #expect(!lines.contains("  results for 'si'") && !lines.contains("  results for 'sig'"))
        #expect(lines.contains("  apply failed: disabled"))
    }

    // MARK: Choosing chapters on the command line

    @Test("Chapters are numbered 1, 2, 3 ... in list order, and their files sort in that order")
    func chaptersAreNumberedInOrder() {
        #expect(chapters.map(\.number) == Array(1...chapters.count))
        #expect(chapters.map(\.fileName) == chapters.map(\.fileName).sorted())
        #expect(Set(chapters.map(\.name)).count == chapters.count, "two chapters share a name")
    }

    @Test("A chapter is found by number, name or file name; anything else by nothing")
    func findingChapters() {
        #expect(chapter(named: "concat")?.number == 10)
        #expect(chapter(named: "8")?.name == "bind")
        #expect(chapter(named: "08")?.name == "bind")
        #expect(chapter(named: "10-Concat")?.number == 10)
        #expect(chapter(named: "FlattenAndMerge")?.number == 9)
        #expect(chapter(named: "CombineLatest")?.number == 11)
        #expect(chapter(named: "start")?.number == 1)
        #expect(chapter(named: "nope") == nil)
        #expect(chapter(named: "0") == nil)
        #expect(chapter(named: "99") == nil)
    }

    // MARK: Helpers

    static func lines(of fileName: String) throws -> [String] {
        let transcript = try #require(firstTranscripts[fileName])
        return transcript.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    static func sourceGoldenURL(_ fileName: String, file: StaticString = #filePath) -> URL {
        URL(fileURLWithPath: "\(file)")
            .deletingLastPathComponent()
            .appendingPathComponent("Golden")
            .appendingPathComponent("\(fileName).txt")
    }

    static func firstDifference(_ actual: String, _ expected: String) -> String {
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(actualLines.count, expectedLines.count) {
            let got = index < actualLines.count ? String(actualLines[index]) : "<end>"
            let want = index < expectedLines.count ? String(expectedLines[index]) : "<end>"
            if got != want {
                return "line \(index + 1): printed \"\(got)\", golden has \"\(want)\""
            }
        }
        return "no difference"
    }
}
