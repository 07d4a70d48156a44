// MarbleDiagram: pictures of recorded runs. Golden files (Tests/Pictures/*.svg) pin a handful
// of drawings byte for byte; every picture must parse as XML and come out the same twice.

import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import Signals
import SignalsTesting

/// Parses `svg` with Foundation's XML parser: the parse error, if any, and the element names.
func checkWellFormed(_ svg: String) -> (error: String?, elements: Set<String>) {
    final class Collector: NSObject, XMLParserDelegate {
        var elements: Set<String> = []
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            elements.insert(name)
        }
    }
    let parser = XMLParser(data: Data(svg.utf8))
    let collector = Collector()
    parser.delegate = collector
    let ok = parser.parse()
    return (ok ? nil : "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "unknown error")", collector.elements)
}

private let goldenDirectory = repositoryRoot.appendingPathComponent("Tests/Pictures")

/// The handful of golden diagrams.
private let goldenDiagrams: [(name: String, draw: @Sendable () -> MarbleDiagram)] = [
    ("hot-and-cold-inputs", {
        let scheduler = TestScheduler()
        let hot: TestSignal<String, Never> = scheduler.hot("-a--b-c-|"), cold: TestSignal<String, Never> = scheduler.cold("-x-y|")
        return scheduler.diagram("hot.merge(cold.delaySubscription(3))", inputs: ["hot": hot, "cold": cold],
                                 output: hot.signal.merge(cold.signal.delaySubscription(.seconds(3), on: scheduler)))
    }),
    ("failure-and-retry", {
        let scheduler = TestScheduler()
        let source = scheduler.cold("-1-#", values: ["1": 1], error: PictureFailure())
        return scheduler.diagram("retry(1)", inputs: ["source": source], output: source.signal.retry(1))
    }),
    ("disposed-before-the-end", {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.hot("-a-b-c-d-e-|")
        return scheduler.diagram("disposed at 6", inputs: ["source": source], output: source.signal, until: .seconds(6))
    }),
    ("written-by-hand-with-escaped-labels", {
        MarbleDiagram(title: "<escaped> & \"quoted\"", summary: "labels with XML's special characters", lanes: [
            .init("a<b", events: [.value("<1>", at: .seconds(1)), .value("&", at: .seconds(1)), .completed(at: .seconds(3))],
                  subscriptions: [TestSubscription(.zero, .seconds(3))]),
            .init("output", events: [.value("'quote'", at: .seconds(2)), .failed("a \"bad\" <error>", at: .seconds(4))],
                  subscriptions: [TestSubscription(.zero, .seconds(4))], isOutput: true),
        ])
    }),
    ("groups", {
        let scheduler = TestScheduler()
        let source: TestSignal<Int, Never> = scheduler.hot("-1-2-3-|")
        return scheduler.diagram("groupBy(odd/even)", inputs: ["source": source],
                                 output: source.signal.groupBy { $0.isMultiple(of: 2) ? "even" : "odd" },
                                 inner: { _, group in (group.key, group.signal) })
    }),
]

@Suite struct MarbleDiagramTests {
    @Test(arguments: goldenDiagrams.map(\.name))
    func aGoldenDiagramIsDrawnByteForByte(name: String) throws {
        let entry = try #require(goldenDiagrams.first { $0.name == name })
        let svg = entry.draw().svg
        let problem = compareWithCommitted(svg, at: goldenDirectory.appendingPathComponent("\(name).svg"))
        #expect(problem == nil, "\(problem ?? "")")
        #expect(checkWellFormed(svg).error == nil)
        #expect(entry.draw().svg == svg, "the same run gives the same bytes")
    }

    @Test func theTextFormListsEachLanesEventsAtTheirTicks() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.hot("-a-bc---d-|")
        let diagram = scheduler.diagram("debounce(2)", inputs: ["source": source],
                                        output: source.signal.debounce(.seconds(2), on: scheduler))
        #expect(diagram.description == """
            debounce(2)
            source  a@1 b@3 c@4 d@8 |@10
            output  c@6 d@10 |@10
            """)
    }

    @Test func aColdInputIsShadedForEachSubscriptionAndAHotOneShowsWhatItSentToNobody() {
        let scheduler = TestScheduler()
        let cold: TestSignal<String, Never> = scheduler.cold("-a|"), hot: TestSignal<String, Never> = scheduler.hot("-x-y-|")
        let diagram = scheduler.diagram("", inputs: ["cold": cold, "hot": hot],
                                        output: cold.signal.repeat(2).merge(hot.signal.skip(for: .seconds(2), on: scheduler).take(1)))
        #expect(diagram.lanes[0].subscriptions == [TestSubscription(.zero, .seconds(2)), TestSubscription(.seconds(2), .seconds(4))])
        #expect(diagram.lanes[0].events == [.value("a", at: .seconds(1)), .completed(at: .seconds(2)),
                                            .value("a", at: .seconds(3)), .completed(at: .seconds(4))])
        // The hot lane shows x, sent before anyone listened to its values, and is shaded from 0.
        #expect(diagram.lanes[1].events.first == .value("x", at: .seconds(1)))
        // At tick 3, y (scheduled when the hot signal was made) runs before the second a
        // (scheduled at tick 2): same-time work runs first-in-first-out.
        #expect(diagram.lanes[2].events == [.value("a", at: .seconds(1)), .value("y", at: .seconds(3)),
                                            .value("a", at: .seconds(3)), .completed(at: .seconds(4))])
    }

    @Test func thePictureIsPlainSVGWithATitleAndADescriptionForScreenReaders() {
        let svg = MarbleDiagram(title: "map", summary: "each value times ten", lanes: [.init("output", events: [])]).svg
        #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\""))
        #expect(svg.contains("<title id=\"title\">map</title>"))
        #expect(svg.contains("<desc id=\"desc\">each value times ten</desc>"))
        #expect(svg.contains("fill=\"#ffffff\""), "an opaque light card, legible on dark pages")
        #expect(!svg.contains("<script") && !svg.contains("href"))
    }

    @Test func labelsAreEscaped() {
        let svg = MarbleDiagram(title: "a<b & c", lanes: [.init("x\"y", events: [.value("<&>", at: .seconds(1))])]).svg
        #expect(svg.contains("a&lt;b &amp; c"))
        #expect(svg.contains("x&quot;y"))
        #expect(svg.contains("&lt;&amp;&gt;"))
        #expect(checkWellFormed(svg).error == nil)
    }

    @Test func aFailedExpectationWritesExpectedVersusActualAndNamesTheFile() throws {
        let scheduler = TestScheduler()
        let source = scheduler.cold("-a--b|", values: ["a": 1, "b": 2])
        let result = scheduler.expect(source.signal, "-a-b-|", values: ["a": 1, "b": 2])
        #expect(!result.isMet)
        let path = try #require(result.picture)
        #expect(result.description.hasSuffix("\npicture: \(path)"))
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        #expect(checkWellFormed(svg).error == nil)
        #expect(svg.contains(">expected</text>") && svg.contains(">actual</text>"))
        #expect(svg.contains("<title>actual: b at 4</title>"))
    }

    @Test func aMetExpectationWritesNoPicture() {
        let scheduler = TestScheduler()
        let result = scheduler.expect((scheduler.cold("-a|") as TestSignal<String, Never>).signal, "-a|")
        #expect(result.isMet)
        #expect(result.picture == nil)
    }

    // MARK: Size follows the events, not the time span

    /// The axis labels of `svg`: the `<text>` elements of the axis group.
    private func axisLabelCount(_ svg: String) -> Int {
        guard let axis = svg.range(of: "<g font-size=\"11\" fill=\"#5b6575\">") else { return 0 }
        return svg[axis.upperBound...].components(separatedBy: "<text ").count - 1
    }

    @Test func oneMarbleFarAlongTheAxisGivesASmallPictureWithABreak() {
        let diagram = MarbleDiagram(title: "far", lanes: [
            .init("output", events: [.value("a", at: .seconds(2_000_000))], isOutput: true),
        ])
        let svg = diagram.svg
        #expect(svg.utf8.count < 12_000, "a few kilobytes for one marble, got \(svg.utf8.count) bytes")
        #expect(axisLabelCount(svg) <= 12)
        #expect(svg.contains(">2000000</text>"), "the marble's tick is labelled after the break")
        #expect(checkWellFormed(svg).error == nil)
    }

    @Test func aDiagramRecordedAfterATrillionTicksReturnsWithABoundedAxis() {
        let scheduler = TestScheduler()
        scheduler.advance(by: .seconds(1_000_000_000_000))
        let source: TestSignal<String, Never> = scheduler.hot("-a-b-|")
        let diagram = scheduler.diagram("late", inputs: ["source": source], output: source.signal)
        let svg = diagram.svg
        #expect(svg.utf8.count < 16_000, "got \(svg.utf8.count) bytes")
        #expect(axisLabelCount(svg) <= 16)
        #expect(diagram.description.contains("a@1000000000001"))
        #expect(checkWellFormed(svg).error == nil)
    }

    @Test func theSizeGrowsWithTheEventsNotWithTheGapsBetweenThem() {
        func size(gap: Int) -> Int {
            MarbleDiagram(title: "gaps", lanes: [.init("output", events: (1...20).map { .value("v", at: .seconds($0 * gap)) })]).svg.utf8.count
        }
        #expect(size(gap: 100_000) < size(gap: 1_000) + 1_000, "gaps of any length are drawn as the same break (only the labels grow a digit)")
    }

    @Test func aMarbleAtAHugeTimeIsDrawnNotATrap() {
        let diagram = MarbleDiagram(title: "huge", lanes: [
            .init("output", events: [.value("a", at: .seconds(Int64.max / 2)), .completed(at: .seconds(Int64.max / 2))], isOutput: true),
        ])
        let svg = diagram.svg
        #expect(checkWellFormed(svg).error == nil)
        #expect(svg.utf8.count < 12_000)
        #expect(diagram.description.hasPrefix("huge\noutput  a@"))
    }

    @Test func aZeroTickIsAProgrammerErrorWithAMessage() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = MarbleDiagram(title: "zero", tick: .zero, lanes: [.init("output", events: [.value("a", at: .seconds(1))])]).svg
        }.map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(text.contains("Signals: MarbleDiagram needs a positive tick"), "\(text)")
        }
    }
}
