// The README's picture (docs/pictures/type-ahead-search.svg) is an artefact of this test, as
// the gallery's are of GalleryTests: it is redrawn from the time chapter's pipeline and
// compared byte for byte; SIGNALS_UPDATE_PICTURES=1 rewrites it. It must read in a README
// column, about 830 pixels wide: no text smaller than 10 pixels once scaled to that width.
// Colour follows the event through it, and the search that was cut shows what it never sent.

import Foundation
import Testing
@testable import playground
import Signals
import SignalsTestSupport

@Suite struct ReadmePictureTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/pictures/type-ahead-search.svg")

    @Test func theReadmePictureIsCurrentAndReadsAt830Pixels() throws {
        let svg = typeAheadSearchPicture()
        #expect(svg == typeAheadSearchPicture(), "the same run gives the same bytes")
        if ProcessInfo.processInfo.environment["SIGNALS_UPDATE_PICTURES"] == "1" {
            try svg.write(to: Self.file, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOf: Self.file, encoding: .utf8)
        #expect(committed == svg, "docs/pictures/type-ahead-search.svg is stale; run the tests with SIGNALS_UPDATE_PICTURES=1, review and commit it")
        // Its width, and its smallest text once scaled to 830 pixels.
        let width = try #require(svg.firstMatch(of: /width="([0-9.]+)"/).flatMap { Double($0.1) })
        let sizes = svg.matches(of: /font-size="([0-9.]+)"/).compactMap { Double($0.1) }
        let smallest = try #require(sizes.min())
        #expect(smallest * min(1, 830 / width) >= 10, "smallest text \(smallest) px in a picture \(width) px wide")
        // The inner searches are drawn, the cancelled one with a dashed bar where it was disposed.
        #expect(svg.contains(">search swif</text>") && svg.contains(">search swift</text>"))
        #expect(svg.contains("<title>search swif: disposed at "))
        #expect(!svg.contains("<script") && !svg.contains("href"))
        // The answer the cancelled search never gave is drawn, faded, after its cut.
        #expect(svg.contains("<title>search swif: results: swif at "), "the cut search's answer is drawn")
        #expect(svg.contains("not received (cut, ignored or dropped)"))
        #expect(svg.contains("@media (prefers-color-scheme: dark)"))
    }

    @Test func everyMarkIsOnItsLaneLineUnlessStackedAtItsTick() {
        // The gallery's layout rules: at its time, no overlap, off the line only when stacked
        // above another mark of the same tick (keys 100 ms apart sit side by side).
        let picture = typeAheadSearchLanes()
        let problems = layoutProblems(of: picture)
        #expect(problems.isEmpty, "\(problems.joined(separator: "; "))")
        let keys = picture.lanes[0]
        #expect(picture.placed(keys, on: picture.axis).marks.allSatisfy { $0.row == 0 }, "every key on the line")
        #expect(keys.marks.compactMap { mark -> String? in if case .value(let key) = mark.kind { key } else { nil } }
            == ["s", "w", "i", "f", "⌫", "f", "t"], "the keys typed")
    }

    @Test func colourFollowsTheEventFromKeyToQueryToSearchToResults() throws {
        let picture = typeAheadSearchLanes()
        #expect(picture.lanes.map(\.name) == ["keys", "debounce", "distinct", "search swi", "search swif", "search swift", "results"])
        func tones(_ lane: String) -> [(label: String, tones: [Int])] {
            picture.lanes.first { $0.name == lane }!.marks.compactMap { mark in
                if case .value(let label) = mark.kind, !mark.isFaded { (label, mark.tones) } else { nil }
            }
        }
        // No value is drawn without a colour from its source (no colour from a label).
        for lane in picture.lanes {
            for mark in lane.marks where !mark.isFaded {
                if case .value = mark.kind { #expect(!mark.tones.isEmpty && mark.tones != [-1], "\(mark.note)") }
            }
        }
        let keys = tones("keys"), debounced = tones("debounce"), queries = tones("distinct")
        // debounce lets swi, swi, swif, swift through: each in the colour of its key.
        #expect(debounced.map(\.label) == ["swi", "swi", "swif", "swift"])
        #expect(queries.map(\.label) == ["swi", "swif", "swift"], "the second swi is dropped on its own lane")
        // The f typed after the second pause: the field then reads swif.
        #expect(keys.map(\.label) == ["s", "w", "i", "f", "⌫", "f", "t"])
        let swif = keys[5]
        #expect(queries[1].tones == swif.tones, "swif takes its key's colour")
        #expect(queries[1].tones != keys[0].tones, "not the colour of s")
        let results = tones("results")
        #expect(results.map(\.label) == ["results: swi", "results: swift"])
        #expect(results[0].tones == queries[0].tones && results[1].tones == queries[2].tones, "results take their query's colour")
        #expect(tones("search swift").first?.tones == queries[2].tones)
    }
}
