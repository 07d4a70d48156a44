// The gallery: one marble picture per operator, each produced by running the operator itself
// on virtual time. GalleryTests compares them with the files committed in the DocC catalog
// (Sources/Signals/Signals.docc/Resources/marble-<name>.svg) and fails when one is stale.

import Signals
import SignalsTesting

/// An error for the pictures, drawn as `oops`.
struct PictureFailure: Error, Equatable, CustomStringConvertible {
    var description: String { "oops" }
}

extension TestScheduler {
    /// A hot or cold test signal of `Int` (digits) or `String` (letters), by its marbles.
    fileprivate func hotInts(_ marbles: String) -> TestSignal<Int, Never> { hot(marbles) }
    fileprivate func coldInts(_ marbles: String) -> TestSignal<Int, Never> { cold(marbles) }
    fileprivate func hotStrings(_ marbles: String) -> TestSignal<String, Never> { hot(marbles) }
    fileprivate func coldStrings(_ marbles: String) -> TestSignal<String, Never> { cold(marbles) }
}

/// One picture of the gallery: its file name (`marble-<name>.svg`), the operator it shows,
/// and the run that draws it.
struct GalleryPicture: Sendable {
    let name: String
    let operatorName: String
    let section: String
    let draw: @Sendable (TestScheduler) -> MarbleDiagram

    init(_ name: String, _ operatorName: String, _ section: String, _ draw: @escaping @Sendable (TestScheduler) -> MarbleDiagram) {
        self.name = name
        self.operatorName = operatorName
        self.section = section
        self.draw = draw
    }

    /// The picture, from a fresh scheduler.
    var diagram: MarbleDiagram { draw(TestScheduler()) }
}

private let transforming = "Transforming and filtering"
private let combining = "Combining"
private let flattening = "Flattening"
private let splitting = "Splitting: signals of signals"
private let time = "Time"
private let errors = "Errors"

/// The labels of `[1, 2]` as `[1,2]`.
private func arrayLabel(_ values: [Int]) -> String { "[" + values.map(String.init).joined(separator: ",") + "]" }
private func pairLabel<A, B>(_ pair: (A, B)) -> String { "(\(pair.0), \(pair.1))" }

/// Every picture, in the gallery's order.
let galleryPictures: [GalleryPicture] = [
    // MARK: Transforming and filtering
    GalleryPicture("map", "map(_:)", transforming) { s in
        let source = s.hotInts("-1-2-3-|")
        return s.diagram("map { $0 * 10 }", inputs: ["source": source], output: source.signal.map { $0 * 10 })
    },
    GalleryPicture("filter", "filter(_:)", transforming) { s in
        let source = s.hotInts("-1-2-3-4-|")
        return s.diagram("filter { $0.isMultiple(of: 2) }", inputs: ["source": source], output: source.signal.filter { $0.isMultiple(of: 2) })
    },
    GalleryPicture("compactMap", "compactMap(_:)", transforming) { s in
        let source = s.hotStrings("-a-1-b-2-|")
        return s.diagram("compactMap { Int($0) }", inputs: ["source": source], output: source.signal.compactMap { Int($0) })
    },
    GalleryPicture("scan", "scan(_:_:)", transforming) { s in
        let source = s.hotInts("-1-2-3-4-|")
        return s.diagram("scan(0, +)", inputs: ["source": source], output: source.signal.scan(0, +))
    },
    GalleryPicture("reduce", "reduce(_:_:)", transforming) { s in
        let source = s.hotInts("-1-2-3-4-|")
        return s.diagram("reduce(0, +)", inputs: ["source": source], output: source.signal.reduce(0, +))
    },
    GalleryPicture("collect-count", "collect(count:)", transforming) { s in
        let source = s.hotInts("-1-2-3-4-5-|")
        return s.diagram("collect(count: 2)", inputs: ["source": source], output: source.signal.collect(count: 2), label: arrayLabel)
    },
    GalleryPicture("combinePrevious", "combinePrevious(_:)", transforming) { s in
        let source = s.hotInts("-1-2-3-|")
        return s.diagram("combinePrevious(0)", inputs: ["source": source], output: source.signal.combinePrevious(0), label: pairLabel)
    },
    GalleryPicture("distinctUntilChanged", "distinctUntilChanged()", transforming) { s in
        let source = s.hotInts("-1-1-2-2-1-|")
        return s.diagram("distinctUntilChanged()", inputs: ["source": source], output: source.signal.distinctUntilChanged())
    },
    GalleryPicture("take", "take(_:)", transforming) { s in
        let source = s.hotStrings("-a-b-c-d-|")
        return s.diagram("take(2)", inputs: ["source": source], output: source.signal.take(2))
    },
    GalleryPicture("takeLast", "takeLast(_:)", transforming) { s in
        let source = s.hotStrings("-a-b-c-d-|")
        return s.diagram("takeLast(2)", inputs: ["source": source], output: source.signal.takeLast(2))
    },
    GalleryPicture("take-while", "take(while:)", transforming) { s in
        let source = s.hotInts("-1-2-5-3-|")
        return s.diagram("take(while: { $0 < 4 })", inputs: ["source": source], output: source.signal.take(while: { $0 < 4 }))
    },
    GalleryPicture("skip", "skip(_:)", transforming) { s in
        let source = s.hotStrings("-a-b-c-d-|")
        return s.diagram("skip(2)", inputs: ["source": source], output: source.signal.skip(2))
    },
    GalleryPicture("skip-while", "skip(while:)", transforming) { s in
        let source = s.hotInts("-1-2-5-3-|")
        return s.diagram("skip(while: { $0 < 4 })", inputs: ["source": source], output: source.signal.skip(while: { $0 < 4 }))
    },
    GalleryPicture("first", "first()", transforming) { s in
        let source = s.hotStrings("---a-b-|")
        return s.diagram("first()", inputs: ["source": source], output: source.signal.first())
    },
    GalleryPicture("last", "last()", transforming) { s in
        let source = s.hotStrings("-a-b-c-|")
        return s.diagram("last()", inputs: ["source": source], output: source.signal.last())
    },

    // MARK: Combining
    GalleryPicture("merge", "merge(_:)", combining) { s in
        let a = s.hotStrings("-a---b---|"), b = s.hotStrings("---c---d|")
        return s.diagram("a.merge(b)", inputs: ["a": a, "b": b], output: a.signal.merge(b.signal))
    },
    GalleryPicture("concat", "concat(_:)", combining) { s in
        let a = s.coldStrings("-a-b|"), b = s.coldStrings("-c-d|")
        return s.diagram("a.concat(b)", inputs: ["a": a, "b": b], output: a.signal.concat(b.signal))
    },
    GalleryPicture("combineLatest", "combineLatest(…)", combining) { s in
        let a = s.hotInts("-1---2-3---|"), b = s.hotStrings("---a---b-|")
        return s.diagram("Signal.combineLatest(a, b)", inputs: ["a": a, "b": b], output: Signal.combineLatest(a.signal, b.signal), label: pairLabel)
    },
    GalleryPicture("zip", "Signal.zip(…)", combining) { s in
        let a = s.hotInts("-1-2---3-|"), b = s.hotStrings("---a-b---c|")
        return s.diagram("Signal.zip(a, b)", inputs: ["a": a, "b": b], output: Signal.zip(a.signal, b.signal), label: pairLabel)
    },
    GalleryPicture("withLatestFrom", "withLatestFrom(_:)", combining) { s in
        let a = s.hotInts("--1---2-3-|"), b = s.hotStrings("-a---b-----|")
        return s.diagram("a.withLatestFrom(b)", inputs: ["a": a, "b": b], output: a.signal.withLatestFrom(b.signal), label: pairLabel)
    },
    GalleryPicture("sample-on", "sample(on:)", combining) { s in
        let source = s.hotInts("-1-2-3---4-|"), trigger = s.hotStrings("---x---x-x---|")
        return s.diagram("sample(on: trigger)", inputs: ["source": source, "trigger": trigger], output: source.signal.sample(on: trigger.signal))
    },
    GalleryPicture("startWith", "startWith(_:)", combining) { s in
        let source = s.coldStrings("--a-b-|")
        return s.diagram("startWith(\"s\")", inputs: ["source": source], output: source.signal.startWith("s"))
    },
    GalleryPicture("then", "then(_:)", combining) { s in
        let a = s.coldStrings("-a-b|"), b = s.coldStrings("-c|")
        return s.diagram("a.then(b)", inputs: ["a": a, "b": b], output: a.signal.then(b.signal))
    },
    GalleryPicture("race", "Signal.race(_:)", combining) { s in
        let a = s.hotStrings("---a---c-|"), b = s.hotStrings("--b---d---|")
        return s.diagram("Signal.race(a, b)", inputs: ["a": a, "b": b], output: Signal.race(a.signal, b.signal))
    },
    GalleryPicture("take-until", "take(until:)", combining) { s in
        let source = s.hotStrings("-a-b-c-d-|"), trigger = s.hotStrings("------x-|")
        return s.diagram("take(until: trigger)", inputs: ["source": source, "trigger": trigger], output: source.signal.take(until: trigger.signal))
    },
    GalleryPicture("skip-until", "skip(until:)", combining) { s in
        let source = s.hotStrings("-a-b-c-d-|"), trigger = s.hotStrings("----x-|")
        return s.diagram("skip(until: trigger)", inputs: ["source": source, "trigger": trigger], output: source.signal.skip(until: trigger.signal))
    },

    // MARK: Flattening
    GalleryPicture("flatten-merge", "flatten(.merge)", flattening) { s in
        let outer = s.hotStrings("-a---b-----|"), a = s.coldInts("1-2-3|"), b = s.coldInts("4-5|")
        let inners = ["a": a.signal, "b": b.signal]
        return s.diagram("flatten(.merge)", inputs: ["outer": outer, "a": a, "b": b],
                         output: outer.signal.map { inners[$0]! }.flatten(.merge))
    },
    GalleryPicture("flatten-concat", "flatten(.concat)", flattening) { s in
        let outer = s.hotStrings("-a---b-----|"), a = s.coldInts("1-2-3|"), b = s.coldInts("4-5|")
        let inners = ["a": a.signal, "b": b.signal]
        return s.diagram("flatten(.concat)", inputs: ["outer": outer, "a": a, "b": b],
                         output: outer.signal.map { inners[$0]! }.flatten(.concat))
    },
    GalleryPicture("flatten-latest", "flatten(.latest)", flattening) { s in
        let outer = s.hotStrings("-a---b-----|"), a = s.coldInts("1-2-3|"), b = s.coldInts("4-5|")
        let inners = ["a": a.signal, "b": b.signal]
        return s.diagram("flatten(.latest)", inputs: ["outer": outer, "a": a, "b": b],
                         output: outer.signal.map { inners[$0]! }.flatten(.latest))
    },
    GalleryPicture("flatten-first", "flatten(.first)", flattening) { s in
        let outer = s.hotStrings("-a---b---c---|"), a = s.coldInts("1-2-3|"), b = s.coldInts("4-5|"), c = s.coldInts("6-7|")
        let inners = ["a": a.signal, "b": b.signal, "c": c.signal]
        return s.diagram("flatten(.first)", inputs: ["outer": outer, "a": a, "b": b, "c": c],
                         output: outer.signal.map { inners[$0]! }.flatten(.first))
    },
    GalleryPicture("merge-maxConcurrent", "merge(maxConcurrent:)", flattening) { s in
        let outer = s.hotStrings("-ab-c-------|"), a = s.coldInts("1--2|"), b = s.coldInts("3--4|"), c = s.coldInts("5-6|")
        let inners = ["a": a.signal, "b": b.signal, "c": c.signal]
        return s.diagram("merge(maxConcurrent: 2)", inputs: ["outer": outer, "a": a, "b": b, "c": c],
                         output: outer.signal.map { inners[$0]! }.merge(maxConcurrent: 2))
    },
    GalleryPicture("switchToLatest", "switchToLatest()", flattening) { s in
        let outer = s.hotStrings("-a--b------|"), a = s.coldInts("1-2-3|"), b = s.coldInts("-4-5|")
        let inners = ["a": a.signal, "b": b.signal]
        return s.diagram("switchToLatest()", inputs: ["outer": outer, "a": a, "b": b],
                         output: outer.signal.map { inners[$0]! }.switchToLatest())
    },
    GalleryPicture("flattenMap", "flattenMap(_:)", flattening) { s in
        let source = s.hotInts("-12--------|")
        return s.diagram("flattenMap { n in interval(2).take(2) }", inputs: ["source": source],
                         output: source.signal.flattenMap { n in Signal.interval(.seconds(2), on: s).take(2).map { n * 10 + $0 } })
    },
    GalleryPicture("flatMapLatest", "flatMapLatest(_:)", flattening) { s in
        let source = s.hotStrings("-a--b------|"), a = s.coldInts("-1-2-3|"), b = s.coldInts("-4-5|")
        let inners = ["a": a.signal, "b": b.signal]
        return s.diagram("flatMapLatest { inner[$0] }", inputs: ["source": source, "a": a, "b": b],
                         output: source.signal.flatMapLatest { inners[$0]! })
    },
    GalleryPicture("flatMapFirst", "flatMapFirst(_:)", flattening) { s in
        let source = s.hotStrings("-a--b---c---|"), a = s.coldInts("-1-2-3|"), b = s.coldInts("-4|"), c = s.coldInts("-5-6|")
        let inners = ["a": a.signal, "b": b.signal, "c": c.signal]
        return s.diagram("flatMapFirst { inner[$0] }", inputs: ["source": source, "a": a, "b": b, "c": c],
                         output: source.signal.flatMapFirst { inners[$0]! })
    },
    GalleryPicture("concatMap", "concatMap(_:)", flattening) { s in
        let source = s.hotInts("-12--------|")
        return s.diagram("concatMap { n in interval(2).take(2) }", inputs: ["source": source],
                         output: source.signal.concatMap { n in Signal.interval(.seconds(2), on: s).take(2).map { n * 10 + $0 } })
    },

    // MARK: Splitting
    GalleryPicture("groupBy", "groupBy(_:)", splitting) { s in
        let source = s.hotInts("-1-2-3-4-5-|")
        return s.diagram("groupBy { $0.isMultiple(of: 2) ? \"even\" : \"odd\" }", inputs: ["source": source],
                         output: source.signal.groupBy { $0.isMultiple(of: 2) ? "even" : "odd" },
                         inner: { _, group in (group.key, group.signal) })
    },
    GalleryPicture("window-count", "window(count:)", splitting) { s in
        let source = s.hotInts("-1-2-3-4-5-|")
        return s.diagram("window(count: 2)", inputs: ["source": source], output: source.signal.window(count: 2),
                         inner: { index, window in ("w\(index)", window) })
    },
    GalleryPicture("window-timeSpan", "window(timeSpan:count:on:)", splitting) { s in
        let source = s.hotInts("-1-23---4-5-|")
        return s.diagram("window(timeSpan: 4, count: 2)", inputs: ["source": source],
                         output: source.signal.window(timeSpan: .seconds(4), count: 2, on: s),
                         inner: { index, window in ("w\(index)", window) })
    },

    // MARK: Time
    GalleryPicture("debounce", "debounce(_:on:)", time) { s in
        let source = s.hotStrings("-a-bc---d-|")
        return s.diagram("debounce(2)", inputs: ["source": source], output: source.signal.debounce(.seconds(2), on: s))
    },
    GalleryPicture("throttle-latest", "throttle(_:on:latest:)", time) { s in
        let source = s.hotStrings("-abc---de---|")
        return s.diagram("throttle(3, latest: true)", inputs: ["source": source], output: source.signal.throttle(.seconds(3), on: s, latest: true))
    },
    GalleryPicture("throttle-first", "throttle(_:on:latest:)", time) { s in
        let source = s.hotStrings("-abc---de---|")
        return s.diagram("throttle(3, latest: false)", inputs: ["source": source], output: source.signal.throttle(.seconds(3), on: s, latest: false))
    },
    GalleryPicture("delay", "delay(_:on:)", time) { s in
        let source = s.hotStrings("-a-b--c|")
        return s.diagram("delay(2)", inputs: ["source": source], output: source.signal.delay(.seconds(2), on: s))
    },
    GalleryPicture("delaySubscription", "delaySubscription(_:on:)", time) { s in
        let source = s.coldStrings("-a-b|")
        return s.diagram("delaySubscription(2)", inputs: ["source": source], output: source.signal.delaySubscription(.seconds(2), on: s))
    },
    GalleryPicture("timeout", "timeout(_:on:error:)", time) { s in
        let source = s.hot("-a-b----c-|", values: ["a": "a", "b": "b", "c": "c"], error: PictureFailure())
        return s.diagram("timeout(3, error: oops)", inputs: ["source": source], output: source.signal.timeout(.seconds(3), on: s, error: PictureFailure()))
    },
    GalleryPicture("timeout-switchTo", "timeout(_:on:switchTo:)", time) { s in
        let source = s.hotStrings("-a-b----c-|"), fallback = s.coldStrings("x-y|")
        return s.diagram("timeout(3, switchTo: fallback)", inputs: ["source": source, "fallback": fallback],
                         output: source.signal.timeout(.seconds(3), on: s, switchTo: fallback.signal))
    },
    GalleryPicture("sample-every", "sample(every:on:)", time) { s in
        let source = s.hotInts("-1-2-3-----4-|")
        return s.diagram("sample(every: 3)", inputs: ["source": source], output: source.signal.sample(every: .seconds(3), on: s))
    },
    GalleryPicture("collect-every", "collect(every:on:)", time) { s in
        let source = s.hotInts("-1-2-3-----4-|")
        return s.diagram("collect(every: 3)", inputs: ["source": source], output: source.signal.collect(every: .seconds(3), on: s), label: arrayLabel)
    },
    GalleryPicture("buffer", "buffer(timeSpan:count:on:)", time) { s in
        let source = s.hotInts("-123-----4-|")
        return s.diagram("buffer(timeSpan: 4, count: 2)", inputs: ["source": source],
                         output: source.signal.buffer(timeSpan: .seconds(4), count: 2, on: s), label: arrayLabel)
    },
    GalleryPicture("take-for", "take(for:on:)", time) { s in
        let source = s.hotStrings("-a-b-c-d-|")
        return s.diagram("take(for: 4)", inputs: ["source": source], output: source.signal.take(for: .seconds(4), on: s))
    },
    GalleryPicture("skip-for", "skip(for:on:)", time) { s in
        let source = s.hotStrings("-a-b-c-d-|")
        return s.diagram("skip(for: 4)", inputs: ["source": source], output: source.signal.skip(for: .seconds(4), on: s))
    },
    GalleryPicture("timer", "Signal.timer(after:on:)", time) { s in
        s.diagram("Signal.timer(after: 3)", output: Signal<Int, Never>.timer(after: .seconds(3), on: s))
    },
    GalleryPicture("interval", "Signal.interval(_:on:)", time) { s in
        s.diagram("Signal.interval(2).take(4)", output: Signal<Int, Never>.interval(.seconds(2), on: s).take(4))
    },

    // MARK: Errors
    GalleryPicture("catch", "catch(_:)", errors) { s in
        let source = s.hot("-a-b-#", values: ["a": "a", "b": "b"], error: PictureFailure()), fallback = s.coldStrings("-x-y|")
        return s.diagram("catch { _ in fallback }", inputs: ["source": source, "fallback": fallback],
                         output: source.signal.catch { _ in fallback.signal })
    },
    GalleryPicture("replaceError", "replaceError(with:)", errors) { s in
        let source = s.hot("-a-b-#", values: ["a": "a", "b": "b"], error: PictureFailure())
        return s.diagram("replaceError(with: \"z\")", inputs: ["source": source], output: source.signal.replaceError(with: "z"))
    },
    GalleryPicture("retry", "retry(_:)", errors) { s in
        let source = s.cold("-a-#", values: ["a": "a"], error: PictureFailure())
        return s.diagram("retry(2)", inputs: ["source": source], output: source.signal.retry(2))
    },
    GalleryPicture("retry-delay", "retry(_:delay:on:)", errors) { s in
        let source = s.cold("-a-#", values: ["a": "a"], error: PictureFailure())
        return s.diagram("retry(2, delay: .constant(2))", inputs: ["source": source],
                         output: source.signal.retry(2, delay: .constant(.seconds(2)), on: s))
    },
]

/// One sentence under each picture of the gallery: what to look at.
let gallerySentences: [String: String] = [
    "map": "Each value is transformed as it arrives, at the same tick, in its source's colour.",
    "filter": "Only the even values pass; the others leave no mark on the output.",
    "compactMap": "Letters give no number and are dropped; digits pass as numbers.",
    "scan": "Each value is added to the running total, which is sent at once.",
    "reduce": "The total is sent only when the source completes, together with the completion.",
    "collect-count": "Values are gathered in pairs; the last, incomplete array is sent when the source completes.",
    "combinePrevious": "Each value is paired with the one before it, starting from the seed 0.",
    "distinctUntilChanged": "A value equal to the one just sent is dropped; 1 can come back after 2.",
    "take": "After two values the output completes at once and leaves the source.",
    "takeLast": "Nothing comes out until the source completes; then the last two values, at that tick.",
    "take-while": "Values pass until 5 fails the test; the output completes there.",
    "skip": "The first two values are dropped, the rest pass.",
    "skip-while": "Values are dropped until 5 fails the test; from then on every value passes.",
    "first": "The first value is sent and the output completes at once.",
    "last": "The last value is sent when the source completes.",
    "merge": "Both inputs' values come out as they arrive; the output completes when both have.",
    "concat": "b is subscribed only once a has completed.",
    "combineLatest": "Once both inputs have a value, every new value is paired with the other's latest.",
    "zip": "Values are paired in order, one from each input; a value waits for its partner.",
    "withLatestFrom": "Each value of a is paired with b's latest; b's values alone send nothing.",
    "sample-on": "Each trigger sends the source's latest value, once; a trigger with nothing new sends nothing.",
    "startWith": "s is sent on subscription, before the source's values.",
    "then": "a's values are ignored; when a completes, b is subscribed and its values pass.",
    "race": "b sends first, so it wins: a is disposed and only b's values pass.",
    "take-until": "Values pass until the trigger's first value, which completes the output.",
    "skip-until": "Values are dropped until the trigger's first value.",
    "flatten-merge": "Each inner signal is subscribed as it arrives; their values interleave.",
    "flatten-concat": "b waits until a has completed; its values follow a's.",
    "flatten-latest": "b's arrival disposes a: only the latest inner signal's values pass.",
    "flatten-first": "b arrives while a is busy and is dropped; c arrives after a has completed.",
    "merge-maxConcurrent": "At most two inner signals at once: c is subscribed when a completes.",
    "switchToLatest": "Each new inner signal disposes the previous one.",
    "flattenMap": "Each value starts an inner signal; their values interleave (compare concatMap).",
    "flatMapLatest": "b's arrival cancels a (its shading ends); only b's values follow.",
    "flatMapFirst": "b arrives while a is running and is ignored; c starts after a has completed.",
    "concatMap": "The second inner signal starts only when the first has completed.",
    "groupBy": "Each key's first value opens its group; later values go to their group's lane.",
    "window-count": "Every two values, a window completes and the next one opens.",
    "window-timeSpan": "A window closes after 4 ticks or 2 values, whichever comes first.",
    "debounce": "A value is sent once 2 ticks pass without another; b is replaced by c.",
    "throttle-latest": "The first value of a burst is sent; the latest of the rest, at the end of the window.",
    "throttle-first": "The first value of each 3-tick window is sent; the others are dropped.",
    "delay": "Each value and the completion arrive 2 ticks later.",
    "delaySubscription": "The cold source is subscribed 2 ticks late, so all its events shift.",
    "timeout": "3 ticks without a value: the output fails with the timeout error.",
    "timeout-switchTo": "3 ticks without a value: the output switches to the fallback.",
    "sample-every": "Every 3 ticks, the latest value, if a new one came.",
    "collect-every": "Every 3 ticks, the values of those 3 ticks as an array, even empty.",
    "buffer": "An array every 4 ticks, or as soon as it holds 2 values.",
    "take-for": "Values pass for 4 ticks, then the output completes.",
    "skip-for": "Values are dropped for 4 ticks, then pass.",
    "timer": "One value, 0, after 3 ticks, then completion.",
    "interval": "A count every 2 ticks; take(4) completes after the fourth.",
    "catch": "The failure is replaced by the fallback, subscribed at that tick.",
    "replaceError": "The failure is replaced by one last value, z, and completion.",
    "retry": "Each failure resubscribes the cold source, twice; the third failure passes.",
    "retry-delay": "Each failure resubscribes the cold source after a pause of 2 ticks.",
]
