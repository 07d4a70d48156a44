// Testing a pipeline that contains `Signal.task` on virtual time: the task-making closure is
// a parameter; the app passes one that makes tasks, the test one that makes virtual-time
// signals. And what a marble test says when it is handed a real task instead.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

private struct SearchError: Error, Equatable {}

/// Type-ahead as an app writes it: debounce the query, search the latest one.
private func results(
    for query: Signal<String, Never>,
    search: @escaping @Sendable (String) -> Signal<[String], SearchError>,
    on scheduler: some Scheduler
) -> Signal<[String], SearchError> {
    query.debounce(.seconds(2), on: scheduler)
        .promoteError()
        .flatMapLatest(search)
}

/// The app's search: a real task (never run in these tests but for the marble hint).
private func appSearch(_ query: String) -> Signal<[String], SearchError> {
    .task { () async throws(SearchError) -> [String] in
        try? await Task.sleep(for: .seconds(60))
        return [query]
    }
}

@Suite struct TaskOnVirtualTimeTests {
    @Test func aPipelineWhoseTaskIsInjectedRunsOnVirtualTime() {
        // Given: each search answers two ticks after it starts
        let scheduler = TestScheduler()
        let query = scheduler.hot("-a-b------c---|", values: ["a": "s", "b": "si", "c": "sig"])
        let search: @Sendable (String) -> Signal<[String], SearchError> = { text in
            scheduler.cold("--(r|)", values: ["r": [text]], error: SearchError()).signal
        }
        // When
        let output = results(for: query.signal, search: search, on: scheduler)
        // Then: "s" is cut by "si", which is searched at 5 and answered at 7; "sig" is
        // searched at 12 and answered at 14, where the output completes with it
        let result = scheduler.expect(output, "-------x------(y|)", values: ["x": ["si"], "y": ["sig"]])
        #expect(result.isMet, "\(result)")
    }

    @Test func aNewQueryCancelsTheSearchInFlight() {
        let scheduler = TestScheduler()
        let query = scheduler.hot("-a-b|", values: ["a": "s", "b": "si"])
        let searches = scheduler.cold("---(r|)", values: ["r": ["found"]], error: SearchError())
        let output = query.signal.promoteError().flatMapLatest { _ in searches.signal }
        let result = scheduler.expect(output, "------(r|)", values: ["r": ["found"]])
        #expect(result.isMet, "\(result)")
        #expect(searches.subscriptionMarbles == ["-^-!", "---^--!"])
    }

    @Test func aMarbleTestHandedARealTaskSaysNoEventsWereRecordedAndWhy() {
        let scheduler = TestScheduler()
        let result = scheduler.expect(appSearch("s"), "--(r|)", values: ["r": ["s"]])
        #expect(!result.isMet)
        #expect(result.actual == "")
        // The message ends with the events, then the line naming the picture of the mismatch.
        #expect(result.description.contains("""
            actual events:   no events were recorded (work on another task or thread, such as \
            Signal.task, a QueueScheduler or an AsyncSequence, does not run on the TestScheduler: \
            inject it as a signal the test replaces, e.g. with scheduler.cold(…), or await it \
            with Recorder.next(timeout:))
            """))
    }

    @Test func aMismatchWithEventsDoesNotMentionNoEvents() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-a|")
        let result = scheduler.expect(source.signal, "--a|")
        #expect(!result.isMet)
        #expect(!result.description.contains("no events were recorded"))
    }
}
