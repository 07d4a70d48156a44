// The layout of every gallery picture: each mark is drawn at its time (never pushed to a
// later tick when it shares one), and no two marks overlap.

import Testing
import Signals
import SignalsTesting

/// The problems of a picture's layout: marks more than a quarter tick from their time, and
/// pairs of marks whose boxes overlap.
func layoutProblems(of diagram: MarbleDiagram) -> [String] {
    let picture = diagram._picture
    let axis = picture.axis
    var problems: [String] = []
    for lane in picture.lanes {
        let placed = picture.placed(lane, on: axis).marks
        for mark in placed {
            let distance = abs(mark.x - axis.x(mark.mark.position))
            if distance > picture.scale / 4 {
                problems.append("\(mark.mark.note): drawn \(distance / picture.scale) of a tick from its time")
            }
        }
        for (index, a) in placed.enumerated() {
            for b in placed[(index + 1)...] where a.row == b.row && abs(a.x - b.x) < (a.width + b.width) / 2 {
                problems.append("\(a.mark.note) overlaps \(b.mark.note)")
            }
        }
    }
    return problems
}

@Suite struct PictureLayoutTests {
    @Test(arguments: allGalleryPictures.map(\.name))
    func everyMarkIsAtItsTimeAndNoTwoMarksOverlap(name: String) throws {
        let picture = try #require(allGalleryPictures.first { $0.name == name })
        let problems = layoutProblems(of: picture.diagram)
        #expect(problems.isEmpty, "\(problems.joined(separator: "; "))")
    }

    @Test func eventsSharingATickAreStackedAtThatTick() {
        let diagram = MarbleDiagram(title: "take(2)", lanes: [
            .init("output", events: [.value("a", at: .seconds(1)), .value("b", at: .seconds(3)), .completed(at: .seconds(3))], isOutput: true),
        ])
        let picture = diagram._picture
        let placed = picture.placed(picture.lanes[0], on: picture.axis)
        #expect(placed.rows == 2)
        #expect(placed.marks.map(\.x) == [150, 230, 230], "b and the completion both at tick 3")
        #expect(placed.marks.map(\.row) == [0, 0, 1])
        #expect(layoutProblems(of: diagram).isEmpty)
    }

    // MARK: Colour follows the event

    /// Each value marble's colours on `lane`, as the palette indices the picture draws.
    private func tones(_ diagram: MarbleDiagram, lane: Int) -> [[Int]] {
        diagram._picture.lanes[lane].marks.compactMap { mark in
            if case .value = mark.kind { mark.tones } else { nil }
        }
    }

    @Test func mapsOutputsKeepTheirSourcesColours() {
        let scheduler = TestScheduler()
        let source = scheduler.hot("-1-2-3-|", values: ["1": 1, "2": 2, "3": 3])
        let diagram = scheduler.diagram("map", inputs: ["source": source], output: source.signal.map { $0 * 10 })
        let sourceTones = tones(diagram, lane: 0)
        #expect(Set(sourceTones.map { $0[0] }).count == 3, "each input value has its own colour")
        #expect(tones(diagram, lane: 1) == sourceTones, "10, 20, 30 are drawn in the colours of 1, 2, 3")
    }

    @Test func colourFollowsTheCauseNotTheLabel() {
        // Two inputs send the same label; the output's value takes the colour of the one
        // that was delivered, whatever its label.
        let scheduler = TestScheduler()
        let a: TestSignal<String, Never> = scheduler.hot("-x---|"), b: TestSignal<String, Never> = scheduler.hot("---x-|")
        let diagram = scheduler.diagram("merge", inputs: ["a": a, "b": b], output: a.signal.merge(b.signal).map { _ in "same" })
        let output = tones(diagram, lane: 2)
        #expect(output == [tones(diagram, lane: 0)[0], tones(diagram, lane: 1)[0]])
        #expect(output[0] != output[1])
    }

    @Test func aCombinedValueShowsTheColoursOfBothSources() {
        let scheduler = TestScheduler()
        let a = scheduler.hot("-1---|", values: ["1": 1]), b: TestSignal<String, Never> = scheduler.hot("---a-|")
        let diagram = scheduler.diagram("combineLatest", inputs: ["a": a, "b": b],
                                        output: Signal.combineLatest(a.signal, b.signal), label: { "(\($0.0), \($0.1))" })
        #expect(tones(diagram, lane: 2) == [tones(diagram, lane: 0)[0] + tones(diagram, lane: 1)[0]], "\(diagram)")
        #expect(diagram.svg.contains("fill=\"none\" stroke="), "the striped marble is outlined once")
    }
}
