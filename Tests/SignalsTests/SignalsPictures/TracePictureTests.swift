// The trace picture on trace(_:in:)'s page (Sources/Signals/Signals.docc/Resources/trace-search.svg)
// is an artefact of this test: the type-ahead search traced stage by stage, on a virtual clock
// whose work runs "on" named threads, so the same run draws the same bytes.
// SIGNALS_UPDATE_PICTURES=1 rewrites it.

import Foundation
import Testing
import Signals
import SignalsPictures
import SignalsTesting
import SignalsTestSupport

/// A scheduler on the test clock whose actions run "on" a named thread: while one runs, the
/// trace's clock reports that name.
private struct NamedThread: Scheduler {
    let clock: TestScheduler
    let name: String
    let current: _Locked<String>
    var now: TestScheduler.Instant { clock.now }
    private func on(_ action: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
        { [current, name] in
            let previous = current.withLock { value in
                defer { value = name }
                return value
            }
            action()
            current.withLock { $0 = previous }
        }
    }
    @discardableResult
    func schedule(_ action: @escaping @Sendable () -> Void) -> any Disposable {
        clock.schedule(on(action))
    }
    @discardableResult
    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        clock.schedule(after: delay, on(action))
    }
    @discardableResult
    func schedule(after delay: Duration, repeating interval: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        clock.schedule(after: delay, repeating: interval, on(action))
    }
}

/// The traced type-ahead search: keys typed on the main thread, debounced and searched on a
/// worker thread ("thread 2"), shown back on the main thread.
func tracedSearchPicture() -> _LanePicture {
    let scheduler = TestScheduler(tick: .milliseconds(100))
    let current = _Locked("main")
    let timeline = SignalTrace(clock: { (scheduler.now.offset, current.withLock { $0 }) })
    let worker = NamedThread(clock: scheduler, name: "thread 2", current: current)
    let main = NamedThread(clock: scheduler, name: "main", current: current)
    let keys = scheduler.hot("-abc----de----f---g---------|", values: [
        "a": "s", "b": "sw", "c": "swi", "d": "swif", "e": "swi", "f": "swif", "g": "swift",
    ])
    let shown = keys.signal.trace("keys", in: timeline)
        .debounce(.milliseconds(300), on: worker).trace("debounced", in: timeline)
        .distinctUntilChanged().trace("queries", in: timeline)
        .flatMapLatest { query in
            Signal<Int, Never>.timer(after: .milliseconds(500), on: worker).map { _ in "results: \(query)" }
        }
        .trace("results", in: timeline)
        .observe(on: main).trace("shown", in: timeline)
        .record(scheduler: scheduler)
    scheduler.run()
    _ = shown
    return timeline._picture(title: "trace: the type-ahead search")
}

@Suite struct TracePictureTests {
    static let file = repositoryRoot.appendingPathComponent("Sources/Signals/Signals.docc/Resources/trace-search.svg")

    @Test func theTracePictureIsCurrentAndShownOnTracesPage() throws {
        let svg = tracedSearchPicture().svg
        #expect(svg == tracedSearchPicture().svg, "the same run draws the same bytes")
        let problem = compareWithCommitted(svg, at: Self.file)
        #expect(problem == nil, "\(problem ?? "")")
        let page = try String(contentsOf: repositoryRoot.appendingPathComponent("Sources/Signals/Operators/Signal+Trace.swift"), encoding: .utf8)
        #expect(page.contains("(trace-search.svg)"))
    }

    @Test func itReadsValuesLaneNamesAndThreadTags() {
        let picture = tracedSearchPicture()
        #expect(picture.lanes.map(\.name) == ["keys (main)", "debounced", "queries", "results", "shown (main)"])
        // Values, not ×N groups: every value of the run has its own marble.
        let labels = picture.lanes.flatMap(\.marks).compactMap { mark -> String? in
            if case .value(let label) = mark.kind { label } else { nil }
        }
        #expect(!labels.contains { $0.hasPrefix("×") }, "\(labels)")
        // Every value is coloured by its value (no colour from a label's hash), and keeps it.
        #expect(picture.lanes.flatMap(\.marks).allSatisfy { mark in
            if case .value = mark.kind { mark.tones.count == 1 && mark.tones[0] >= 0 } else { true }
        })
        // The stages used two threads: the tags are spelled out under the key.
        #expect(picture.footnote == "Threads: m = main, t2 = thread 2")
        #expect(picture.svg.contains(">Threads: m = main, t2 = thread 2</text>"))
        // Every lane's name fits before its lane.
        #expect(picture.lanes.allSatisfy { _LanePicture.nameWidth(of: $0.name) + 14 < picture.left })
    }

    @Test func theTracePictureKeepsTheLayoutRules() {
        // The rules of Tests/Support/PictureLayout.swift, as for the gallery: every mark at its
        // time, no two overlapping, a mark off its lane's line only when stacked above another
        // mark of its tick, terminal events on the line. A trace has no ticks (its instants
        // are measured), so "its tick" is its exact instant: the axis widens (up to twice its
        // 800 pixels) until marks at different instants sit side by side. This run needs it
        // (sw 100 ms after s, swi 100 ms after swif); at 800 pixels they were lifted. A burst
        // too dense for twice the width is still stacked or counted `×N`, which this rule
        // cannot accept: this picture has no such burst, and SignalTraceTests checks bursts.
        let problems = layoutProblems(of: tracedSearchPicture())
        #expect(problems.isEmpty, "\(problems.joined(separator: "; "))")
    }
}
