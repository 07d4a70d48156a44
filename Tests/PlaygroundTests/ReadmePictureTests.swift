// The README's picture (docs/pictures/type-ahead-search.svg) is an artefact of this test, as
// the gallery's are of GalleryTests: it is redrawn from the time chapter's pipeline and
// compared byte for byte; SIGNALS_UPDATE_PICTURES=1 rewrites it. It must read in a README
// column, about 830 pixels wide: no text smaller than 10 pixels once scaled to that width.

import Foundation
import Testing
@testable import playground

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
    }
}
