// The layout of every gallery picture: each mark is drawn at its time (never pushed to a
// later tick when it shares one), no two marks overlap, and marks stay on their lane's line
// unless stacked at their tick (the rules are in Tests/Support/PictureLayout.swift).

import Testing
import Signals
import SignalsPictures
import SignalsTesting
import SignalsTestSupport

/// The problems of a diagram's layout: the rules of Tests/Support/PictureLayout.swift, which
/// the README picture's test checks too.
func layoutProblems(of diagram: MarbleDiagram) -> [String] {
    layoutProblems(of: diagram._picture)
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
        #expect(placed.marks.map(\.row) == [0, 1, 0], "the completion on the line, b stacked above it")
        #expect(layoutProblems(of: diagram).isEmpty)
    }

    @Test func rowsLineUpFromLaneToLane() {
        // A lane with a stack and a lane without: each lane's line is row 0, and a row is the
        // same height above its line on both, so the pictures' marks line up.
        let diagram = MarbleDiagram(title: "rows", lanes: [
            .init("a", events: [.value("x", at: .seconds(1)), .value("y", at: .seconds(1)), .value("z", at: .seconds(1))]),
            .init("b", events: [.value("w", at: .seconds(1))], isOutput: true),
        ])
        let svg = diagram.svg
        let picture = diagram._picture
        let rows = picture.lanes.map { picture.placed($0, on: picture.axis).marks.map(\.row) }
        #expect(rows == [[0, 1, 2], [0]])
        #expect(_LanePicture.rise(ofRow: 1) == 30 && _LanePicture.rise(ofRow: 2) == 60)
        // Lane a's line (its foot) is 60 pixels below its top row; z is drawn there.
        let ys = svg.matches(of: /<rect x="[0-9.]+" y="([0-9.]+)" width="26" height="26" rx="13" fill="#/).compactMap { Double($0.1) }
        #expect(ys.count == 4)
        #expect(ys[0] - ys[1] == 30 && ys[1] - ys[2] == 30, "x on the line, y and z one and two rows above: \(ys)")
    }

    // MARK: What switch and exhaust drop

    /// The faded (not received) marks of a picture, with the lanes they are on.
    private func faded(_ diagram: MarbleDiagram) -> [(lane: _LanePicture.Lane, mark: _LanePicture.Mark)] {
        diagram._picture.lanes.flatMap { lane in lane.marks.filter(\.isFaded).map { (lane, $0) } }
    }

    @Test(arguments: ["flatMapLatest", "switchToLatest", "flatten-latest"])
    func aSwitchDrawsTheInnerSignalItCutFadedAfterTheCut(name: String) throws {
        let picture = try #require(allGalleryPictures.first { $0.name == name })
        let diagram = picture.diagram
        let cut = faded(diagram)
        #expect(!cut.isEmpty, "\(name): the cut inner signal's rest is drawn")
        for (lane, mark) in cut {
            // After the dashed bar that ended the lane's subscription.
            let ends = lane.active.compactMap(\.end)
            #expect(ends.contains { $0 <= mark.position }, "\(mark.note) is after its lane's cut")
        }
        #expect(diagram.svg.contains("not received (cut, ignored or dropped)"), "the key explains the faded marks")
    }

    @Test(arguments: ["flatMapFirst", "flatten-first"])
    func anExhaustDrawsTheInnerSignalItIgnoredFaded(name: String) throws {
        let picture = try #require(allGalleryPictures.first { $0.name == name })
        let ignored = faded(picture.diagram)
        #expect(!ignored.isEmpty, "\(name): the ignored inner signal is drawn")
        // b was offered while a ran and never subscribed: its lane is faded, unshaded.
        let lane = try #require(ignored.first?.lane)
        #expect(lane.name == "b" && lane.active.isEmpty && lane.marks.allSatisfy(\.isFaded), "\(lane.name)")
    }

    @Test func aColdSignalCutShortShowsItsRestAndAnEndedOneShowsNothingMore() {
        let scheduler = TestScheduler()
        let cut = scheduler.cold("-1-2-3|", values: ["1": 1, "2": 2, "3": 3]), whole = scheduler.cold("-4|", values: ["4": 4])
        let diagram = scheduler.diagram("take(2)", inputs: ["cut": cut, "whole": whole],
                                        output: cut.signal.take(2).merge(whole.signal))
        let lanes = diagram.lanes
        #expect(cut.subscriptions == [TestSubscription(.zero, .seconds(3))])
        #expect(lanes[0].unreceived == [.value("3", at: .seconds(5)), .completed(at: .seconds(6))], "\(lanes[0])")
        #expect(lanes[1].unreceived.isEmpty)
        #expect(diagram.description.contains("cut     1@1 2@3\n"), "the text keeps what happened only: \(diagram)")
    }

    // MARK: What a bounded buffer drops

    /// The labels of a lane's marks, received or faded.
    private func labels(_ marks: [_LanePicture.Mark]) -> [String] {
        marks.compactMap { mark in if case .value(let label) = mark.kind { "\(label)@\(_fmt(mark.position))" } else { nil } }
    }

    @Test func aBoundedBufferDrawsTheValuesItDroppedFadedAtTheTickItDroppedThem() throws {
        // The gallery's picture: a loop reads every 3 ticks from a buffer of 2; under
        // .dropOldest, d's arrival at 4 drops b, the oldest.
        let picture = try #require(allGalleryPictures.first { $0.name == "values-bufferSize" }).diagram._picture
        let loop = picture.lanes[1]
        #expect(labels(loop.marks.filter { !$0.isFaded }) == ["a@1", "c@4", "d@7", "e@10"])
        #expect(labels(loop.marks.filter(\.isFaded)) == ["b@4"])
        #expect(loop.marks.last { !$0.isFaded }?.isTerminal == true, "the loop sees the end at its next read")
        #expect(picture.svg.contains("not received (cut, ignored or dropped)"))
        // Under .dropNewest the arriving value goes: d, at 4; b and c are read.
        let newest = boundedBufferPicture(TestScheduler(), policy: .dropNewest, title: "dropNewest")._picture.lanes[1]
        #expect(labels(newest.marks.filter { !$0.isFaded }) == ["a@1", "b@4", "c@7", "e@10"])
        #expect(labels(newest.marks.filter(\.isFaded)) == ["d@4"])
    }

    // MARK: The gallery's examples stay unambiguous

    @Test func withLatestFromsResultsTakeTheColoursOfTheValuesThatSentThem() throws {
        let diagram = try #require(allGalleryPictures.first { $0.name == "withLatestFrom-resultSelector" }).diagram
        // a sends 1, 2, 3 (lane 0); the results a1, b2, b3 (lane 2) are drawn in their colours.
        #expect(tones(diagram, lane: 2) == tones(diagram, lane: 0), "\(diagram)")
    }

    @Test func debounceRestsOnNoTieAndScanWithAndWithoutASeedDiffer() throws {
        // No value of debounce's output is sent at a tick where its source sends: which came
        // first would be a tie the picture cannot show.
        let debounce = try #require(allGalleryPictures.first { $0.name == "debounce" }).diagram._picture
        let sourceTicks = Set(debounce.lanes[0].marks.filter { !$0.isTerminal }.map(\.position))
        let outputTicks = debounce.lanes[1].marks.filter { !$0.isTerminal }.map(\.position)
        #expect(!outputTicks.isEmpty && outputTicks.allSatisfy { !sourceTicks.contains($0) }, "\(debounce.text)")
        let seeded = try #require(allGalleryPictures.first { $0.name == "scan" }).diagram
        let unseeded = try #require(allGalleryPictures.first { $0.name == "scan-noSeed" }).diagram
        #expect(seeded.lanes[1].events != unseeded.lanes[1].events, "scan(10, +) and scan(+) draw different outputs")
    }

    @Test(arguments: ["on", "log", "publish", "using"])
    func hookAndCallLanesAreDrawnAsNotesNotAsSignals(name: String) throws {
        // What a hook wrote or a call made is a log lane: notes on a dotted line, never shaded.
        let picture = try #require(allGalleryPictures.first { $0.name == name }).diagram._picture
        let logs = picture.lanes.filter(\.isLog)
        #expect(!logs.isEmpty, "\(name): its log lane is drawn as notes")
        #expect(picture.svg.contains("log entry, call"), "the key explains the notes")
    }

    // MARK: Dark mode

    @Test(arguments: allGalleryPictures.map(\.name))
    func everyPictureHasADarkColourScheme(name: String) throws {
        let svg = try #require(allGalleryPictures.first { $0.name == name }).diagram.svg
        #expect(svg.contains("<style>@media (prefers-color-scheme: dark){"))
        // The card, its ink and its shading change with the scheme.
        #expect(svg.contains("<rect class=\"card\"") && svg.contains("class=\"ink\"") && svg.contains("class=\"line\""))
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

    @Test func delaysOutputsKeepTheirSourcesColours() {
        // The clock sends these values, two ticks after their sources; `map` makes their
        // labels differ from the sources', so only the recorded cause can colour them.
        let scheduler = TestScheduler()
        let source = scheduler.hot("-1-2-3-|", values: ["1": 1, "2": 2, "3": 3])
        let diagram = scheduler.diagram("delay", inputs: ["source": source],
                                        output: source.signal.delay(.seconds(2), on: scheduler).map { $0 * 10 })
        let sourceTones = tones(diagram, lane: 0)
        #expect(Set(sourceTones.map { $0[0] }).count == 3, "each input value has its own colour")
        #expect(tones(diagram, lane: 1) == sourceTones, "10, 20, 30, sent by the clock, are drawn in the colours of 1, 2, 3: \(diagram)")
    }

    @Test func debouncesOutputKeepsTheColourOfTheValueItSends() {
        let scheduler = TestScheduler()
        let source = scheduler.hot("-1--23---4---|", values: ["1": 1, "2": 2, "3": 3, "4": 4])
        let diagram = scheduler.diagram("debounce", inputs: ["source": source],
                                        output: source.signal.debounce(.seconds(2), on: scheduler).map { $0 * 10 })
        let sourceTones = tones(diagram, lane: 0)
        #expect(Set(sourceTones.map { $0[0] }).count == 4)
        // 10 after 1's pause, 30 after 3's (2 is replaced), 40 after 4's.
        #expect(tones(diagram, lane: 1) == [sourceTones[0], sourceTones[2], sourceTones[3]], "\(diagram)")
    }

    @Test func aValuePassedOnKeepsItsOwnColourNotTheTriggersOrTheTimers() {
        // sample(on:) sends the source's value while the trigger is delivered, and
        // throttle(latest:) sends at the window's end the latest value, not the one that
        // started the window's timer: each output is drawn in the colour of the value it is.
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.hot("-a-b-----|"), trigger: TestSignal<String, Never> = scheduler.hot("--x---x--|")
        let sampled = scheduler.diagram("sample", inputs: ["source": source, "trigger": trigger], output: source.signal.sample(on: trigger.signal))
        #expect(tones(sampled, lane: 2) == [tones(sampled, lane: 0)[0], tones(sampled, lane: 0)[1]], "\(sampled)")

        let clock = TestScheduler()
        let burst: TestSignal<String, Never> = clock.hot("-abc-----|")
        let throttled = clock.diagram("throttle", inputs: ["source": burst], output: burst.signal.throttle(.seconds(3), on: clock, latest: true))
        let burstTones = tones(throttled, lane: 0)
        #expect(tones(throttled, lane: 1) == [burstTones[0], burstTones[2]], "a at once, c at the window's end: \(throttled)")
    }

    @Test func anArrayShowsTheColoursOfItsValuesAndAnEmptyOneIsGrey() {
        // buffer's window timer is started while 2 is delivered; the arrays the clock sends
        // later hold other values (or none) and are drawn in their colours, not 2's.
        let scheduler = TestScheduler()
        let source = scheduler.hot("-12-----3----|", values: ["1": 1, "2": 2, "3": 3])
        let diagram = scheduler.diagram("buffer", inputs: ["source": source],
                                        output: source.signal.buffer(timeSpan: .seconds(4), count: 2, on: scheduler),
                                        label: { "[" + $0.map(String.init).joined(separator: ",") + "]" })
        let sourceTones = tones(diagram, lane: 0)
        let output = tones(diagram, lane: 1)
        #expect(output.first == sourceTones[0] + sourceTones[1], "[1,2]: \(diagram)")
        #expect(output.contains(sourceTones[2]), "[3] in 3's colour: \(diagram)")
        #expect(output.dropFirst().allSatisfy { $0 == sourceTones[2] || $0 == [-1] }, "no array is drawn in 2's colour: \(diagram)")
    }

    @Test func workScheduledByRestoredWorkRemembersNoCause() {
        // concatMap subscribes 2's inner signal when 1's inner timer ends 1's: its values
        // must not be drawn in 1's colour (no colour is better than a wrong one).
        let scheduler = TestScheduler()
        let source = scheduler.hot("-12--------|", values: ["1": 1, "2": 2])
        let diagram = scheduler.diagram("concatMap", inputs: ["source": source], output: source.signal.concatMap { n in
            Signal<Int, Never>.timer(after: .seconds(2), on: scheduler).map { _ in n * 10 }
        })
        let sourceTones = tones(diagram, lane: 0)
        #expect(tones(diagram, lane: 1) == [sourceTones[0], [-1]], "10 in 1's colour, 20 grey: \(diagram)")
    }

    @Test func aWindowOpenedByTheClockIsNotDrawnInTheColourOfTheValueThatStartedItsTimer() {
        // 2 fills w0 and opens w1 at once (w1 in 2's colour); w1's timer, started then,
        // opens w2 four ticks later: w2 is the clock's, not 2's.
        let scheduler = TestScheduler()
        let source = scheduler.hot("-12--------|", values: ["1": 1, "2": 2])
        let diagram = scheduler.diagram("window", inputs: ["source": source],
                                        output: source.signal.window(timeSpan: .seconds(4), count: 2, on: scheduler),
                                        inner: { index, window in ("w\(index)", window) })
        let output = tones(diagram, lane: 1)
        #expect(output.count >= 3, "\(diagram)")
        #expect(output[1] == tones(diagram, lane: 0)[1], "w1 opened by 2: \(diagram)")
        #expect(output[2] == [-1], "w2 opened by the clock: \(diagram)")
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
