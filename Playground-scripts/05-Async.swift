// Chapter 5 · Both worlds: signals and async/await
//
// Swift code lives in async/await; a signal lives in callbacks. Crossing between the two
// should lose nothing: not a value, not the error type, not cancellation.
//
// - `signal.values` is an `AsyncSequence` whose `Failure` is the signal's own error type:
//   a signal that cannot fail is read with plain `for await`; a failing one with
//   `for try await`, and the `catch` sees the signal's error type, not `any Error`.
//   Breaking out of the loop, or cancelling the task, disposes the subscription.
// - `Signal.task { … }` runs async work on every subscription; disposing cancels the task.
//   `Signal(asyncSequence)` does the same for any `AsyncSequence`.
// - `firstValue()`, `lastValue()`, `collectValues()`, `completion()` await a signal.
//
// The chapter's story is a search box: queries arrive as a signal (keystrokes are events),
// the search itself is an async function, and the results are read with `for await`.
//
// The tour prints from one task at a time, in a fixed order: each step awaits what it
// prints, so the transcript is the same on every run.

import Dispatch
import Signals
import SignalsTesting

extension Chapter {
    static let bothWorlds = Chapter("async", title: "Both worlds: signals and async/await") {
        runToEnd {
            await readingASignalWithForAwait()
            await theErrorTypeCrossesTheBridge()
            await asyncWorkAsASignal()
            await anAsyncSearch()
            await cancellationBothWays()
            await awaitingASignal()
        }
    }
}

// MARK: - The search service (async, and fake)

/// What the fake search throws.
private enum SearchError: Error, CustomStringConvertible {
    case offline
    var description: String { "SearchError.offline" }
}

/// An async search over a few words: suspends once (as a network call would), then answers.
private func search(_ query: String) async throws(SearchError) -> [String] {
    await Task.yield()
    if query == "offline" { throw .offline }
    return ["signal", "single", "swift", "switch", "sink"].filter { $0.hasPrefix(query) }
}

// MARK: - Lessons

private func readingASignalWithForAwait() async {
    section("A signal is an AsyncSequence: for await")
    show("for await word in Signal.from([\"one\", \"two\", \"three\"]).values { print(word) }")
    for await word in Signal.from(["one", "two", "three"]).values {
        print(word)
    }
    print("The signal cannot fail (Failure == Never), so there is no `try`.")
}

private func theErrorTypeCrossesTheBridge() async {
    section("The error type crosses the bridge")
    let results = Signal<String, SearchError>.from(["swift"]).concat(.error(.offline))
    show("for try await word in results.values { print(word) }   // Signal<String, SearchError>")
    do throws(SearchError) {
        for try await word in results.values { print(word) }
    } catch {
        // `error` is a SearchError here, not `any Error`: no cast needed.
        print("caught \(error), of type \(type(of: error))")
    }
}

private func asyncWorkAsASignal() async {
    section("Async work as a signal: Signal.task")
    show(#"let lookup = Signal.task { () throws(SearchError) in try await search("sw") }"#)
    let lookup = Signal<[String], SearchError>.task { () throws(SearchError) in try await search("sw") }
    print("Nothing runs yet: a signal is cold. Every subscription runs the task anew.")
    show("try await lookup.firstValue()")
    print((try? await lookup.firstValue()) ?? [])
    print("A thrown error becomes the error event:")
    let failing = Signal<[String], SearchError>.task { () throws(SearchError) in try await search("offline") }
    do throws(SearchError) {
        _ = try await failing.firstValue()
    } catch {
        print("error event: \(error)")
    }
    print("(Swift infers `throws(any Error)` for a closure with `try`: write `() throws(SearchError) in`")
    print(" to keep the error type, or get a Signal<[String], any Error>.)")
}

private func anAsyncSearch() async {
    section("An async search: queries are a signal, the search is async, results come by for await")
    let queries = Subject<String, Never>()
    let results = queries.signal
        .filter { $0.count >= 2 }
        .flatMap { (query: String) async -> String in
            let words = (try? await search(query)) ?? []
            return "\(query) → \(words.joined(separator: ", "))"
        }
    show("let results = queries.signal.filter { $0.count >= 2 }.flatMap { query in await search(query) }")
    var lines = results.values.makeAsyncIterator()
    for query in ["s", "si", "sig", "sw"] {
        show("queries.send(value: \"\(query)\")")
        queries.send(value: query)
        if query.count >= 2, let line = await lines.next() { print(line) }
    }
    print("(\"s\" was filtered out; each query became one task, and its answer one value.)")
}

private func cancellationBothWays() async {
    section("Cancellation, both ways")
    print("Breaking out of a loop disposes the subscription:")
    // The producer sends a tick only when the loop asks for one, so it never runs ahead of
    // the loop and never finishes on its own: the subscription ends because the loop broke.
    let (asks, ask) = AsyncStream.makeStream(of: Void.self)
    let ticks = traced("ticks", Signal<Int, Never>.task { observer in
        var tick = 0
        for await _ in asks {   // ends when disposal cancels the task
            tick += 1
            observer.send(value: tick)
        }
    })
    show("for await tick in ticks.values { print(\"tick\", tick); if tick == 3 { break } }")
    ask.yield()
    for await tick in ticks.values {
        print("tick", tick)
        if tick == 3 { break }
        ask.yield()   // ask for the next tick
    }
    print("(ticks come one per ask, endlessly: only the break ended the subscription)")

    print("Disposing a subscription cancels the task behind it:")
    let (notes, note) = AsyncStream.makeStream(of: String.self)
    let slowSearch = Signal<[String], Never>.task { _ in
        note.yield("[search started]")
        try? await Task.sleep(for: .seconds(3_600))
        note.yield("[search task: Task.isCancelled == \(Task.isCancelled)]")
        note.finish()
    }
    var log = notes.makeAsyncIterator()
    show("let subscription = slowSearch.subscribe(next: { print($0) })")
    let subscription = slowSearch.subscribe(next: { print($0) })
    if let line = await log.next() { print(line) }
    show("subscription.dispose()")
    subscription.dispose()
    if let line = await log.next() { print(line) }
}

private func awaitingASignal() async {
    section("Awaiting a signal: firstValue, lastValue, collectValues, completion")
    let words = Signal.from(["signal", "single", "swift"])
    show("await words.firstValue()")
    print(await words.firstValue() ?? "none")
    show("await words.lastValue()")
    print(await words.lastValue() ?? "none")
    show("await words.collectValues()")
    print(await words.collectValues())
    show("try await Signal<Int, SearchError>.error(.offline).completion()")
    do throws(SearchError) {
        try await Signal<Int, SearchError>.error(.offline).completion()
    } catch {
        print("completion() threw \(error)")
    }
    print("(Not first()/last()/collect(): those are operators returning signals.)")
}

// MARK: - Running async lessons from the tour

/// `@unchecked Sendable`: it holds only a semaphore, which is made to be shared.
private final class Completion: @unchecked Sendable {
    let done = DispatchSemaphore(value: 0)
}

/// Runs `body` in a task and waits for it: the tour's chapters are plain functions.
private func runToEnd(_ body: @escaping @Sendable () async -> Void) {
    let completion = Completion()
    Task.detached {
        await body()
        completion.done.signal()
    }
    completion.done.wait()
}
