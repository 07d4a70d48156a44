// trace(_:in:) and SignalTrace: a bounded, thread-safe timeline of named pipeline stages,
// drawn as SVG (the marble diagrams' drawing) and as text.

import Foundation
import Testing
import Signals
import SignalsPictures
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
        #expect(svg.contains(">query (") && svg.contains(">upper ("), "each lane names its thread")
        #expect(svg.contains("a&lt;b"))
        let lines = timeline.text.split(separator: "\n")
        #expect(lines.count == timeline.entries.count)
        #expect(lines.contains { $0.contains(" ms  query  next(a<b)  (") })
    }

    @Test func aValueKeepsItsColourFromLaneToLaneAndNoColourComesFromALabelsHash() {
        // "swi" passes two stages: one colour on both lanes; each new value the next colour.
        let timeline = SignalTrace()
        let recorder = Signal.from(["s", "swi", "swif"]).trace("keys", in: timeline)
            .filter { $0.count > 1 }.trace("queries", in: timeline).record()
        #expect(recorder.values == ["swi", "swif"])
        let lanes = timeline._picture(title: "t").lanes
        func tones(_ lane: Int) -> [String: [Int]] {
            var result: [String: [Int]] = [:]
            for mark in lanes[lane].marks { if case .value(let label) = mark.kind { result[label] = mark.tones } }
            return result
        }
        let keys = tones(0), queries = tones(1)
        #expect(keys.values.allSatisfy { $0.count == 1 }, "every value has a colour of its own: \(keys)")
        #expect(Set(keys.values.map { $0[0] }).count == 3)
        #expect(queries["swi"] == keys["swi"] && queries["swif"] == keys["swif"], "\(keys) \(queries)")
    }

    @Test func anEntryOnAQueueSchedulerNamesTheQueueAndItsTagIsSpelledOut() async throws {
        let timeline = SignalTrace()
        let queue = QueueScheduler(name: "com.example.search")
        let subject = Subject<Int, Never>()
        let recorder = subject.signal.trace("typed", in: timeline)
            .observe(on: queue).trace("searched", in: timeline).record()
        subject.send(value: 1)
        subject.sendCompleted()
        _ = try await recorder.completion()
        let searched = timeline.entries.filter { $0.stage == "searched" && $0.kind == .value("1") }
        #expect(searched.map(\.thread) == ["com.example.search"])
        let picture = timeline._picture(title: "hop")
        // "searched" was subscribed on this thread and received on the queue: tagged.
        #expect(picture.footnote?.contains("search = com.example.search") == true, "\(picture.footnote ?? "none")")
    }

    @Test func anEntryInATaskSchedulersTaskNamesTheScheduler() async throws {
        let timeline = SignalTrace()
        let tasks = TaskScheduler(name: "com.example.feeds")
        #expect(tasks.name == "com.example.feeds" && TaskScheduler().name == "Signals.TaskScheduler")
        let subject = Subject<Int, Never>()
        let recorder = subject.signal.trace("sent", in: timeline)
            .observe(on: tasks).trace("fed", in: timeline).record()
        subject.send(value: 1)
        subject.sendCompleted()
        _ = try await recorder.completion()
        let fed = timeline.entries.filter { $0.stage == "fed" && ($0.kind == .value("1") || $0.kind == .completed) }
        #expect(fed.map(\.thread) == ["com.example.feeds", "com.example.feeds"])
        // Tagged by the name's last part, spelled out under the key.
        let picture = timeline._picture(title: "hop")
        #expect(picture.footnote?.contains("feeds = com.example.feeds") == true, "\(picture.footnote ?? "none")")
        // A default name loses its Scheduler suffix in the tag.
        #expect(_threadTag("Signals.TaskScheduler") == "Task" && _threadTag("TestScheduler") == "Test")
    }

    @Test func anEntryInATestSchedulersWorkNamesTheTestSchedulerAndItsTagIsSpelledOut() throws {
        let timeline = SignalTrace()
        let scheduler = TestScheduler()
        let subject = Subject<String, Never>()
        // sent directly on this thread, then delayed by the test scheduler's work.
        let recorder = subject.signal.trace("typed", in: timeline)
            .delay(.seconds(1), on: scheduler).trace("delayed", in: timeline).record()
        subject.send(value: "a")
        scheduler.advance(by: .seconds(1))
        #expect(recorder.values == ["a"])
        let delayed = try #require(timeline.entries.first { $0.stage == "delayed" && $0.kind == .value("a") })
        let typed = try #require(timeline.entries.first { $0.stage == "typed" && $0.kind == .value("a") })
        #expect(delayed.thread == "TestScheduler")
        #expect(typed.thread != "TestScheduler", "sent outside the scheduler's work: \(typed.thread)")
        // "delayed" was subscribed on this thread and received in the scheduler's work: tagged.
        let picture = timeline._picture(title: "delay")
        #expect(picture.footnote?.contains("Test = TestScheduler") == true, "\(picture.footnote ?? "none")")
        #expect(picture.svg.contains(">a Test</text>"), "the marble carries the tag")
        recorder.dispose()
    }

    @Test func anEntryInAMainActorSchedulersWorkIsNamedMain() async throws {
        // The main queue is named main, whichever thread drains it (on Linux, not always the
        // process's first one).
        let timeline = SignalTrace()
        let recorder = Signal.just(1).subscribe(on: MainActorScheduler()).trace("onMain", in: timeline).record()
        _ = try await recorder.completion()
        let entry = try #require(timeline.entries.first { $0.kind == .value("1") })
        #expect(entry.thread == "main")
    }

    @Test func anEntryOnANamedThreadNamesTheThread() throws {
        let timeline = SignalTrace()
        let subject = Subject<Int, Never>()
        let recorder = subject.signal.trace("values", in: timeline).record()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            #if os(Linux)
            // What pthread_setname_np does for the calling thread (Foundation's Thread.name
            // setter can run before the thread knows its own pthread, and then names nothing).
            try? "feed-reader".write(toFile: "/proc/thread-self/comm", atomically: false, encoding: .utf8)
            #else
            Thread.current.name = "feed-reader"
            #endif
            subject.send(value: 1)
            done.signal()
        }
        thread.start()
        done.wait()
        #expect(recorder.values == [1])
        let entry = try #require(timeline.entries.first { $0.kind == .value("1") })
        #expect(entry.thread == "feed-reader")
        recorder.dispose()
    }

    @Test func aSchedulersNameIsOnlyLookedAtWhileItsWorkRuns() {
        // After the work, this thread is named as before.
        let timeline = SignalTrace()
        let before = Signal.just(1).trace("before", in: timeline).record()
        let scheduler = TestScheduler()
        let inside = Signal.just(2).subscribe(on: scheduler).trace("inside", in: timeline).record()
        scheduler.advance()
        let after = Signal.just(3).trace("after", in: timeline).record()
        let threads = Dictionary(timeline.entries.filter { if case .value = $0.kind { true } else { false } }.map { ($0.stage, $0.thread) },
                                 uniquingKeysWith: { a, _ in a })
        #expect(threads["inside"] == "TestScheduler")
        #expect(threads["before"] == threads["after"] && threads["before"] != "TestScheduler", "\(threads)")
        _ = (before, inside, after)
    }

    @Test func resetForgetsEverything() {
        let timeline = SignalTrace(capacity: 2)
        _ = Signal.from([1, 2, 3]).trace("x", in: timeline).record()
        #expect(timeline.droppedCount > 0)
        timeline.reset()
        #expect(timeline.entries.isEmpty && timeline.droppedCount == 0)
    }

    @Test func aLargeValuesLabelIsCutToABoundedLength() {
        let timeline = SignalTrace()
        let big = Array(repeating: 123_456_789, count: 10_000)
        let recorder = Signal.from(Array(repeating: big, count: 50)).trace("arrays", in: timeline).record()
        #expect(recorder.values.count == 50)
        let labels = timeline.entries.compactMap { entry -> String? in
            if case .value(let label) = entry.kind { label } else { nil }
        }
        #expect(labels.count == 50)
        #expect(labels.allSatisfy { $0.utf8.count <= 256 }, "longest label: \(labels.map(\.utf8.count).max() ?? 0) bytes")
        #expect(labels.allSatisfy { $0.hasPrefix("[123456789, 123456789") && $0.hasSuffix("…") })
        // A short description is kept whole, and a cut never splits a character.
        let short = SignalTrace()
        _ = Signal.from(["héllo", String(repeating: "é", count: 300)]).trace("s", in: short).record()
        let shortLabels = short.entries.compactMap { entry -> String? in
            if case .value(let label) = entry.kind { label } else { nil }
        }
        #expect(shortLabels.first == "héllo")
        #expect(shortLabels.last.map { $0.utf8.count <= 256 && $0.hasPrefix("éé") && $0.hasSuffix("é…") } == true)
    }

    @Test func drawingManyStagesReturnsWithALanePerStage() {
        // One entry per stage: drawing used to look every entry's stage up in a list of the
        // stages (quadratic); it returns at this size only when the lookup is constant-time.
        let stages = ProcessInfo.processInfo.environment["SIGNALS_FULL"] == "1" ? 100_000 : 20_000
        let timeline = SignalTrace(capacity: stages)
        for stage in 0..<stages { _ = Signal<Int, Never>.never.trace("s\(stage)", in: timeline).subscribe(next: { _ in }) }
        #expect(timeline.entries.count == stages)
        let svg = timeline.svg(title: "many")
        #expect(svg.components(separatedBy: "<g>\n<text class=\"ink\" x=\"14\"").count - 1 == stages)
    }

    @Test func thePictureReadsLanesInPipelineOrderWithBurstsGroupedAndAFittedAxis() {
        let timeline = SignalTrace()
        let subject = Subject<Int, Never>()
        let recorder = subject.signal.trace("source", in: timeline).map { $0 * 10 }.trace("tens", in: timeline)
            .filter { $0 > 10 }.trace("big", in: timeline).record()
        for value in 1...50 { subject.send(value: value) }
        subject.sendCompleted()
        #expect(recorder.values.count == 49)
        let picture = timeline._picture(title: "burst")
        #expect(picture.lanes.map { $0.name.prefix { $0 != " " } } == ["source", "tens", "big"], "the source at the top")
        // 50 values within a fraction of a millisecond: a few marbles with counts, not 50.
        let sourceMarks = picture.lanes[0].marks.filter { !$0.isTerminal }
        #expect(sourceMarks.count < 50)
        let counted = sourceMarks.map { mark -> Int in
            guard case .value(let label) = mark.kind else { return 0 }
            return label.hasPrefix("×") ? Int(String(label.dropFirst().prefix { $0.isNumber })) ?? 0 : 1
        }
        #expect(counted.reduce(0, +) == 50, "every value is counted once")
        let axis = picture.axis
        for lane in picture.lanes {
            let placed = picture.placed(lane, on: axis).marks
            for (index, a) in placed.enumerated() {
                for b in placed[(index + 1)...] where a.row == b.row {
                    #expect(abs(a.x - b.x) >= (a.width + b.width) / 2, "\(a.mark.note) overlaps \(b.mark.note)")
                }
            }
        }
        #expect(picture.unit == "µs" || picture.unit == "ms")
        let svg = timeline.svg(title: "burst")
        #expect(checkWellFormed(svg).error == nil)
    }
}

extension SignalTraceTests {
    @Test func aSubscriptionEndedByItsOwnTerminalEventIsShadedToItNotDrawnAsCancelled() throws {
        let timeline = SignalTrace()
        _ = Signal<Int, Never>.from([1, 2]).trace("done", in: timeline).record()
        let cancelled = Subject<Int, Never>()
        cancelled.signal.trace("cancelled", in: timeline).record().dispose()
        let picture = timeline._picture(title: "ends")
        let done = try #require(picture.lanes.first { $0.name.hasPrefix("done") })
        let completion = try #require(done.marks.first { $0.isTerminal })
        // The disposal entry comes after the completion; the shading ends at the bar, so it
        // is not drawn as a dashed (cancelled) end.
        #expect(done.active.count == 1)
        #expect(done.active.first?.1 == completion.position, "\(done.active)")
        #expect(timeline.entries.last { $0.stage == "done" }?.kind == .disposed)
        // A subscription disposed before any terminal event ends at its disposal.
        let other = try #require(picture.lanes.first { $0.name.hasPrefix("cancelled") })
        let disposal = try #require(timeline.entries.last { $0.stage == "cancelled" })
        #expect(disposal.kind == .disposed)
        #expect(other.active.first?.1 != nil)
        #expect(other.marks.isEmpty)
    }

    @Test func aStageOnSeveralThreadsTagsEachValueAndItsFailureWithItsThread() throws {
        let timeline = SignalTrace()
        let subject = Subject<Int, PictureFailure>()
        let recorder = subject.signal.trace("values", in: timeline).record()
        subject.send(value: 1)
        let group = DispatchGroup()
        DispatchQueue(label: "other").async(group: group) {
            subject.send(value: 2)
            subject.send(error: PictureFailure())
        }
        group.wait()
        #expect(recorder.values == [1, 2])
        let threads = timeline.entries.filter { $0.stage == "values" && $0.kind != .subscribed && $0.kind != .disposed }.map(\.thread)
        #expect(threads.count == 3 && threads[0] != threads[1] && threads[1] == threads[2], "\(threads)")
        let picture = timeline._picture(title: "threads")
        let lane = try #require(picture.lanes.first)
        #expect(lane.name == "values", "several threads: not in the lane's name")
        let labels = lane.marks.map { mark -> String in
            switch mark.kind {
            case .value(let label), .failed(let label): label
            case .completed: "|"
            }
        }
        func tag(_ thread: String) -> String { thread == "main" ? "m" : "t" + thread.dropFirst("thread ".count) }
        #expect(labels == ["1 \(tag(threads[0]))", "2 \(tag(threads[1]))", "oops \(tag(threads[1]))"], "\(labels)")
    }
}

extension SignalTraceTests {
    /// The trace of a source sending `a` at 1 ms and `b` at `gap` ms later, completing at 100 ms,
    /// on a virtual clock: its picture's axis width in pixels and the row of each mark.
    private func twoValues(apart gap: Int) -> (width: Double, rows: [Int]) {
        let scheduler = TestScheduler(tick: .milliseconds(1))
        let timeline = SignalTrace(clock: { (scheduler.now.offset, "main") })
        let marbles = "-a" + String(repeating: "-", count: gap - 1) + "b" + String(repeating: "-", count: 98 - gap) + "|"
        let source: TestSignal<String, Never> = scheduler.hot(marbles)
        let recorder = source.signal.trace("source", in: timeline).record(scheduler: scheduler)
        scheduler.run()
        #expect(recorder.values == ["a", "b"])
        let picture = timeline._picture(title: "two values")
        let axis = picture.axis
        return (axis.x(picture.length) - axis.x(0), picture.placed(picture.lanes[0], on: axis).marks.map(\.row))
    }

    @Test func theAxisWidensUpToTwiceSoThatValuesAtDifferentInstantsSitOnTheLine() {
        // 100 ms on 800 pixels: 8 a millisecond. Two 26-pixel marbles need about 30 pixels.
        let far = twoValues(apart: 4)
        #expect(far.width == 800 && far.rows == [0, 0, 0], "32 pixels apart: no widening")
        let near = twoValues(apart: 2)
        #expect(near.width > 800 && near.width <= 1600 && near.rows == [0, 0, 0], "widened: \(near)")
        // 1 ms apart would need 3,000 pixels: the axis stops at twice its width and b is stacked.
        let crowded = twoValues(apart: 1)
        #expect(crowded.width == 1600 && crowded.rows.contains(1), "\(crowded)")
    }
}
