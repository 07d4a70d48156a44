// TestScheduler.diagram(_:inputs:output:subscribers:…): one signal drawn with several
// subscribers, each joining and leaving at its own tick.

import Testing
import Signals
import SignalsPictures
import SignalsTesting

@Suite struct MarbleDiagramSubscribersTests {
    @Test func eachSubscriberIsDrawnFromItsJoinToItsLeaveAfterTheInputs() {
        let scheduler = TestScheduler()
        let source: TestSignal<Int, Never> = scheduler.hot("-1-2-3-4-|")
        let diagram = scheduler.diagram(
            "source.signal.share()", inputs: ["source": source], output: source.signal.share(),
            subscribers: ["A": TestSubscription(.zero, .seconds(4)), "B": TestSubscription(.seconds(2))])
        #expect(diagram.lanes.map(\.name) == ["source", "A", "B"])
        #expect(diagram.lanes.map(\.isOutput) == [false, true, true])
        let a = diagram.lanes[1], b = diagram.lanes[2]
        #expect(a.events == [.value("1", at: .seconds(1)), .value("2", at: .seconds(3))])
        #expect(a.subscriptions == [TestSubscription(.zero, .seconds(4))], "A leaves at 4")
        #expect(b.events == [.value("2", at: .seconds(3)), .value("3", at: .seconds(5)), .value("4", at: .seconds(7)), .completed(at: .seconds(9))])
        #expect(b.subscriptions == [TestSubscription(.seconds(2), .seconds(9))], "B joins at 2, its subscription ends with the completion")
        #expect(source.subscriptions == [TestSubscription(.zero, .seconds(9))], "one upstream subscription for both")
        #expect(diagram.description == """
            source.signal.share()
            source  1@1 2@3 3@5 4@7 |@9
            A       1@1 2@3
            B       2@3 3@5 4@7 |@9
            """)
    }

    @Test func theSourcesShadingShowsADisconnectionAndAReconnection() {
        let scheduler = TestScheduler()
        let source: TestSignal<Int, Never> = scheduler.hot("-1-2-3-4-5-|")
        let diagram = scheduler.diagram(
            "refCount", inputs: ["source": source], output: source.signal.publish().refCount(),
            subscribers: ["A": TestSubscription(.zero, .seconds(4)), "B": TestSubscription(.seconds(2), .seconds(6)),
                          "C": TestSubscription(.seconds(8))])
        #expect(diagram.lanes[0].subscriptions == [TestSubscription(.zero, .seconds(6)), TestSubscription(.seconds(8), .seconds(11))])
        #expect(diagram.lanes[3].events == [.value("5", at: .seconds(9)), .completed(at: .seconds(11))])
    }

    @Test func aSubscriberWhoseTimeNeverComesHasAnEmptyUnshadedLane() {
        let scheduler = TestScheduler()
        let diagram = scheduler.diagram(
            "never", output: Signal<Int, Never>.never,
            subscribers: ["A": TestSubscription(.seconds(1), .seconds(2)), "B": TestSubscription(.seconds(5))], until: .seconds(3))
        #expect(diagram.lanes[0].subscriptions == [TestSubscription(.seconds(1), .seconds(2))])
        #expect(diagram.lanes[1].events.isEmpty)
        #expect(diagram.lanes[1].subscriptions.isEmpty, "B would join at 5; the run ended at 3")
    }

    @Test func aSubscriberWhoseTimeHasComeSubscribesAtOnceInTheOrderGiven() {
        let scheduler = TestScheduler()
        scheduler.advance(by: .seconds(2))
        let diagram = scheduler.diagram(
            "just", output: Signal<Int, Never>.just(7),
            subscribers: ["A": TestSubscription(.zero), "B": TestSubscription(.seconds(1))])
        #expect(diagram.lanes[0].events == [.value("7", at: .seconds(2)), .completed(at: .seconds(2))])
        #expect(diagram.lanes[1].events == [.value("7", at: .seconds(2)), .completed(at: .seconds(2))])
    }

    @Test func aLateSubscribersReplayKeepsTheColourOfTheValueItRepeats() {
        let scheduler = TestScheduler()
        let source: TestSignal<Int, Never> = scheduler.hot("-1-2-3-|")
        let diagram = scheduler.diagram(
            "share(replay: 1)", inputs: ["source": source], output: source.signal.share(replay: 1),
            subscribers: ["A": TestSubscription(.zero), "B": TestSubscription(.seconds(4))])
        let picture = diagram._picture
        func tones(_ lane: Int) -> [[Int]] {
            picture.lanes[lane].marks.compactMap { mark in
                if case .value = mark.kind { mark.tones } else { nil }
            }
        }
        #expect(diagram.lanes[2].events.first == .value("2", at: .seconds(4)))
        #expect(tones(2).first == tones(0)[1], "B's replayed 2 is drawn in the source's 2's colour")
        #expect(tones(1) == tones(0), "A's values keep their sources' colours")
    }
}
