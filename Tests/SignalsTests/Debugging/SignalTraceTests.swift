// trace(_:in:) and SignalTrace: a bounded, thread-safe timeline of named pipeline stages,
// drawn as SVG (the marble diagrams' drawing) and as text.

import Foundation
import Testing
import Signals
import SignalsTesting

@Suite struct SignalTraceTests {
    @Test func recordsEachStagesSubscriptionValuesTerminalEventAndDisposalInOrder() {
        let timeline = SignalTrace()
        let recorder = Signal.from([1, 2]).trace("numbers", in: timeline).map { $0 * 10 }.trace("tens", in: timeline).record()
        #expect(recorder.values == [10, 20])
        let seen = timeline.entries.map { "\($0.stage) \($0.kind)" }
        #expect(Array(seen.prefix(8)) == [
            "tens subscribed", "numbers subscribed",
            "numbers value(\"1\")", "tens value(\"10\")", "numbers value(\"2\")", "tens value(\"20\")",
            "numbers completed", "tens completed",
        ])
        #expect(Set(seen.suffix(2)) == ["numbers disposed", "tens disposed"])
        #expect(seen.count == 10)
        #expect(Set(timeline.entries.map(\.stage)) == ["numbers", "tens"])
        #expect(timeline.entries.filter { $0.kind == .completed }.count == 2)
        #expect(timeline.entries.map(\.time) == timeline.entries.map(\.time).sorted(), "times never go back")
    }

    @Test func eachSubscriptionOfAStageHasItsOwnNumber() {
        let timeline = SignalTrace()
        let traced = Signal.just(1).trace("one", in: timeline)
        _ = traced.record()
        _ = traced.record()
        let subscriptions = timeline.entries.filter { $0.kind == .subscribed }.map(\.subscription)
        #expect(subscriptions.count == 2 && Set(subscriptions).count == 2)
    }

    @Test func keepsOnlyTheLatestEntriesAThousandByDefault() {
        let timeline = SignalTrace()
        #expect(timeline.capacity == 1000)
        let subject = Subject<Int, Never>()
        let recorder = subject.signal.trace("burst", in: timeline).record()
        for value in 0..<5000 { subject.send(value: value) }
        // 1 subscription + 5,000 values recorded; the timeline holds the latest 1,000.
        #expect(timeline.entries.count == 1000)
        #expect(timeline.droppedCount == 4001)
        #expect(timeline.entries.first?.kind == .value("4000"))
        #expect(timeline.entries.last?.kind == .value("4999"))
        #expect(timeline.text.hasPrefix("(4001 earlier entries dropped)\n"))
        recorder.dispose()
    }

    @Test func recordsFromManyThreadsAtOnceAndNamesTheThreads() {
        let timeline = SignalTrace(capacity: 10_000)
        let subject = Subject<Int, Never>()
        let recorder = subject.signal.trace("values", in: timeline).record()
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for value in 0..<500 { subject.send(value: thread * 1000 + value) }
        }
        #expect(recorder.values.count == 2000)
        let values = timeline.entries.filter { if case .value = $0.kind { true } else { false } }
        #expect(values.count == 2000)
        #expect(values.allSatisfy { $0.thread == "main" || $0.thread.hasPrefix("thread ") })
        recorder.dispose()
    }

    @Test func drawsTheStagesAsLanesInWellFormedSVGAndListsThemAsText() {
        let timeline = SignalTrace()
        let subject = Subject<String, Never>()
        let recorder = subject.signal.trace("query", in: timeline).map { $0.uppercased() }.trace("upper", in: timeline).record()
        subject.send(value: "a<b")
        subject.sendCompleted()
        #expect(recorder.values == ["A<B"])
        let svg = timeline.svg(title: "search")
        #expect(checkWellFormed(svg).error == nil)
        #expect(svg.contains("<title id=\"title\">search</title>"))
        #expect(svg.contains(">query</text>") && svg.contains(">upper</text>"))
        #expect(svg.contains("a&lt;b"))
        let lines = timeline.text.split(separator: "\n")
        #expect(lines.count == timeline.entries.count)
        #expect(lines.contains { $0.contains(" ms  query  next(a<b)  (") })
    }

    @Test func resetForgetsEverything() {
        let timeline = SignalTrace(capacity: 2)
        _ = Signal.from([1, 2, 3]).trace("x", in: timeline).record()
        #expect(timeline.droppedCount > 0)
        timeline.reset()
        #expect(timeline.entries.isEmpty && timeline.droppedCount == 0)
    }
}
