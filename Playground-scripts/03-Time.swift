// Chapter 3 · Time: a type-ahead search on a virtual clock
//
// Every search box wants the same three things: wait until the user pauses typing
// (`debounce`), do not search again for the query you just searched (`distinctUntilChanged`),
// and when a new query comes, drop the answer to the old one (`flatMapLatest`). Written by
// hand with timers, that is a page of state and at least one data race. Here it is three
// operators, and every one of them is a composition over `Signal.timer`: none touches a
// clock or a thread itself.
//
// Because the time operators take their scheduler as a parameter, the whole pipeline runs
// on a `TestScheduler` (from SignalsTesting): a virtual clock that moves only when told.
// The user's typing is a *hot* marble diagram, one character per 100 ms; the run takes no
// real time at all, prints the same thing every time, and ends with the marble diagram of
// what happened - the way a test of this pipeline would read it.

import Signals
import SignalsPictures
import SignalsTesting
import Synchronization

extension Chapter {
    static let time = Chapter("time", title: "Time: a type-ahead search on a virtual clock") {
        typeAheadSearch()
    }
}

/// The search "server": answers `query` after 500 ms of virtual time, and says when a
/// search starts, answers, or is cancelled before answering.
private func search(_ query: String, on scheduler: TestScheduler) -> Signal<String, Never> {
    let answered = Mutex(false)
    return Signal.timer(after: .milliseconds(500), on: scheduler)
        .map { _ in "results for \(query)" }
        .on(
            subscribed: { print("  \(clock(scheduler))  search \"\(query)\" starts") },
            completed: { answered.withLock { $0 = true } },
            disposed: {
                if !answered.withLock({ $0 }) { print("  \(clock(scheduler))  search \"\(query)\" cancelled") }
            }
        )
}

/// The virtual time, as `1.7 s`.
private func clock(_ scheduler: TestScheduler) -> String {
    let milliseconds = Int(scheduler.now.offset.components.seconds) * 1000
        + Int(scheduler.now.offset.components.attoseconds / 1_000_000_000_000_000)
    return "\(milliseconds / 1000).\(milliseconds % 1000 / 100) s"
}

private func typeAheadSearch() {
    section("The pipeline")
    show("let queries = keys.debounce(.milliseconds(300), on: scheduler).distinctUntilChanged()")
    show("let results = queries.flatMapLatest { query in search(query, on: scheduler) }")

    let scheduler = TestScheduler(tick: .milliseconds(100))
    let typing = "-abc----de----f---g---------|"
    let letters: [Character: String] = [
        "a": "s", "b": "sw", "c": "swi", "d": "swif", "e": "swi", "f": "swif", "g": "swift",
    ]
    let keys = scheduler.hot(typing, values: letters)

    let queries = keys.signal.debounce(.milliseconds(300), on: scheduler).distinctUntilChanged()
    let results = queries.flatMapLatest { query in search(query, on: scheduler) }

    section("What the user types (one character = 100 ms)")
    print("s, sw, swi - a pause - swif, then backspace to swi - a pause - swif, swift.")

    section("Running it on the virtual clock")
    show("scheduler.run()")
    let queriesRecorder = queries.record(scheduler: scheduler)
    let resultsRecorder = results
        .on(next: { print("  \(clock(scheduler))  shows \"\($0)\"") }, completed: { print("  \(clock(scheduler))  done") })
        .record(scheduler: scheduler)
    scheduler.run()
    print("The run took \(clock(scheduler)) of virtual time and no real time.")

    section("The marble diagram")
    let queryLetters: [Character: String] = ["c": "swi", "f": "swif", "g": "swift"]
    let answerLetters: [Character: String] = ["X": "results for swi", "Y": "results for swift"]
    print("keys:     \(typing)")
    print("queries:  \(queriesRecorder.marbles(values: queryLetters))")
    print("results:  \(resultsRecorder.marbles(values: answerLetters))")
    print("""
        debounce waited for each pause (3 ticks): "swi" at 0.6 s; the second "swi" (after a
        backspace) was dropped by distinctUntilChanged; "swif" started a search that "swift"
        cancelled 100 ms before it would have answered (flatMapLatest).
        """)

    // With `--pictures DIR`, the same pipeline as a picture (SignalsTesting's MarbleDiagram).
    if let directory = picturesDirectory {
        writePicture(typeAheadSearchPicture(), named: "type-ahead-search.svg", in: directory)
    }
}

/// The README's picture of the type-ahead search (docs/pictures/type-ahead-search.svg, kept
/// current by PlaygroundTests' ReadmePictureTests): the same typing and pipeline on a fresh
/// virtual clock, run silently: the keys, what `debounce` lets through, what
/// `distinctUntilChanged` keeps, a lane for each search — the cancelled one's shading ends
/// early, at a dashed bar, and the answer it never gave is drawn faded — and the results.
/// Colour follows the event: a query takes its key's colour, a search and its results their
/// query's. The keys lane shows the key typed (`⌫` is a backspace; the marble's tooltip
/// names the text the field then holds), one character a marble, so that keys 100 ms apart
/// sit side by side on the line: 29 pixels a tick, and it reads at 830 pixels wide.
func typeAheadSearchPicture() -> String {
    typeAheadSearchLanes().svg
}

/// The README's picture before it is drawn (ReadmePictureTests reads its colours).
func typeAheadSearchLanes() -> _LanePicture {
    let scheduler = TestScheduler(tick: .milliseconds(100))
    let keys = scheduler.hot("abc---de---f---g----|", values: [
        "a": "s", "b": "sw", "c": "swi", "d": "swif", "e": "swi", "f": "swif", "g": "swift",
    ])
    let answer = Duration.milliseconds(500)
    let searches = Mutex<[MarbleDiagram.Lane]>([])
    @Sendable func search(_ query: String) -> Signal<String, Never> {
        Signal.deferred {
            let index = searches.withLock { lanes in
                lanes.append(MarbleDiagram.Lane("search \(query)", events: [], subscriptions: [TestSubscription(scheduler.now.offset)], isOutput: true))
                return lanes.count - 1
            }
            return Signal.timer(after: answer, on: scheduler)
                .map { _ in "results: \(query)" }
                .on(
                    next: { value in searches.withLock { $0[index].events.append(.value(value, at: scheduler.now.offset)) } },
                    completed: { searches.withLock { $0[index].events.append(.completed(at: scheduler.now.offset)) } },
                    disposed: { searches.withLock { $0[index].subscriptions[0].disposed = scheduler.now.offset } })
        }
    }
    let debounced = keys.signal.debounce(.milliseconds(300), on: scheduler)
    let queries = debounced.distinctUntilChanged()
    let debouncedRecorder = debounced.record(scheduler: scheduler)
    let queriesRecorder = queries.record(scheduler: scheduler)
    let resultsRecorder = queries.flatMapLatest(search).record(scheduler: scheduler)
    scheduler.run()
    var resultsLane = resultsRecorder.marbleLane(named: "results")
    resultsLane.isOutput = true
    // A search cut before it answered: the answer it would have given, faded.
    let searchLanes = searches.withLock { $0 }.map { lane -> MarbleDiagram.Lane in
        var lane = lane
        if let subscription = lane.subscriptions.first, let cut = subscription.disposed, lane.events.isEmpty {
            let due = subscription.subscribed + answer
            if due > cut {
                lane.unreceived = [.value("results: " + lane.name.dropFirst("search ".count), at: due), .completed(at: due)]
            }
        }
        return lane
    }
    var diagram = MarbleDiagram(
        title: "Type-ahead search on a virtual clock",
        summary: "Keys typed 100 ms apart (s, w, i; f, a backspace; f; t); debounce(300 ms) lets swi, swi and swift through after their pauses "
            + "and swif at the end of the second; distinctUntilChanged drops the second swi; flatMapLatest starts "
            + "a search for each query, and swift's arrival cancels the search for swif before it answers; "
            + "the results are those of swi and swift.",
        tick: .milliseconds(100),
        lanes: [keys.marbleLane(named: "keys"), debouncedRecorder.marbleLane(named: "debounce"),
                queriesRecorder.marbleLane(named: "distinct")]
            + searchLanes + [resultsLane])
    diagram.tickWidth = 29
    // What debounce and distinctUntilChanged let through takes the colour of its key; each
    // search and its results take their query's colour.
    var picture = diagram._picture
    let keyLane = picture.lanes[0]
    for laneIndex in [1, 2] {
        for markIndex in picture.lanes[laneIndex].marks.indices {
            let mark = picture.lanes[laneIndex].marks[markIndex]
            guard case .value(let label) = mark.kind else { continue }
            let typed = keyLane.marks.last { key in
                if case .value(label) = key.kind { key.position <= mark.position } else { false }
            }
            if let typed { picture.lanes[laneIndex].marks[markIndex].tones = typed.tones }
        }
    }
    let queryLane = picture.lanes[2]
    for laneIndex in picture.lanes.indices where picture.lanes[laneIndex].isOutput {
        for markIndex in picture.lanes[laneIndex].marks.indices {
            let mark = picture.lanes[laneIndex].marks[markIndex]
            guard !mark.isFaded, case .value(let label) = mark.kind, label.hasPrefix("results: ") else { continue }
            let query = String(label.dropFirst("results: ".count))
            let asked = queryLane.marks.last { mark in
                if case .value(query) = mark.kind { mark.position <= picture.lanes[laneIndex].marks[markIndex].position } else { false }
            }
            if let asked { picture.lanes[laneIndex].marks[markIndex].tones = asked.tones }
        }
    }
    // The keys lane shows the key typed, not the text: the marbles of keys 100 ms apart fit
    // side by side on the line. The tooltip still names the text.
    var previous = ""
    for markIndex in keyLane.marks.indices {
        guard case .value(let text) = keyLane.marks[markIndex].kind else { continue }
        let key = text.count > previous.count ? String(text.dropFirst(previous.count)) : "⌫"
        picture.lanes[0].marks[markIndex].kind = .value(key)
        picture.lanes[0].marks[markIndex].note = "keys: \(key) at \(_fmt(keyLane.marks[markIndex].position)), the field reads \(text)"
        previous = text
    }
    return picture
}
