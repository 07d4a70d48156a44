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
private let sideEffects = "Side effects"

/// The labels of `[1, 2]` as `[1,2]`.
private func arrayLabel(_ values: [Int]) -> String { "[" + values.map(String.init).joined(separator: ",") + "]" }
private func pairLabel<A, B>(_ pair: (A, B)) -> String { "(\(pair.0), \(pair.1))" }
/// A duration in whole ticks, as `3`.
private func ticks(_ duration: Duration) -> Int { Int(duration.components.seconds) }
/// An event as a marble label: `next(a)`, `completed`, `error(oops)`.
private func eventLabel<V, F>(_ event: Event<V, F>) -> String {
    switch event {
    case .next(let value): "next(\(value))"
    case .completed: "completed"
    case .error(let error): "error(\(error))"
    }
}

/// The error `mapError` makes of a `PictureFailure`, drawn as `wrapped(oops)`.
struct Wrapped: Error, CustomStringConvertible {
    let inner: PictureFailure
    init(_ inner: PictureFailure) { self.inner = inner }
    var description: String { "wrapped(\(inner))" }
}

/// A digit's number, or a `PictureFailure` for anything else.
private func number(_ text: String) throws -> Int {
    guard let value = Int(text) else { throw PictureFailure() }
    return value
}

/// A scheduler on the test clock whose every action runs one tick after it is scheduled,
/// as a busy queue would: what `observe(on:)` and `subscribe(on:)` do becomes visible.
struct OneTickQueue: Scheduler {
    let clock: TestScheduler
    var now: TestScheduler.Instant { clock.now }
    @discardableResult
    func schedule(_ action: @escaping @Sendable () -> Void) -> any Disposable {
        clock.schedule(after: .seconds(1), action)
    }
    @discardableResult
    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        clock.schedule(after: delay + .seconds(1), action)
    }
    @discardableResult
    func schedule(after delay: Duration, repeating interval: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        clock.schedule(after: delay + .seconds(1), repeating: interval, action)
    }
}

/// An input drawn as a log lane: what a hook or a logger wrote, as notes (not a signal).
struct AsLog: MarbleDiagramInput {
    let input: any MarbleDiagramInput
    init(_ input: any MarbleDiagramInput) { self.input = input }
    func marbleLane(named name: String) -> MarbleDiagram.Lane {
        var lane = input.marbleLane(named: name)
        lane.isLog = true
        return lane
    }
}

private let primitive = "The primitive: bind"

/// Every picture, in the gallery's order.
let galleryPictures: [GalleryPicture] = [
    // MARK: The primitive
    GalleryPicture("bind", "bind(_:)", primitive) { s in
        // For each source event the binding returns an inner signal (or nil) and bind merges
        // them; at b it sets `stop`, which cuts the source: c is never received.
        let source = s.coldStrings("-a---b---c-|"), a = s.coldInts("1-2|"), b = s.coldInts("-3---4|")
        let inner = ["a": a, "b": b]
        return s.diagram("bind { { event, stop in … } }: a → a, b → b and stop", inputs: ["source": source, "a": a, "b": b],
                         output: source.signal.bind {
                             { (event: Event<String, Never>, stop: inout Bool) -> Signal<Int, Never>? in
                                 guard case .next(let name) = event else { return nil }
                                 if name == "b" { stop = true }
                                 return inner[name]!.signal
                             }
                         })
    },
    GalleryPicture("bind-control", "bind(_:) (BindControl)", primitive) { s in
        // The BindControl form: each new inner signal cuts the running ones (switchToLatest
        // in full); a's 3 is never received.
        let source = s.hotStrings("-a---b-----|"), a = s.coldInts("-1-2-3|"), b = s.coldInts("-4-5|")
        let inner = ["a": a, "b": b]
        return s.diagram("bind { { event, control in control.cancelInners(); … } }", inputs: ["source": source, "a": a, "b": b],
                         output: source.signal.bind {
                             { (event: Event<String, Never>, control: inout BindControl) -> Signal<Int, Never>? in
                                 guard case .next(let name) = event else { return nil }
                                 control.cancelInners()
                                 return inner[name]!.signal
                             }
                         })
    },
    GalleryPicture("bindTrackingInners", "bindTrackingInners(_:)", primitive) { s in
        // exhaustMap on bindTrackingInners: the binding also sees each inner signal's end
        // (.innerCompleted, logged); while a runs, b is ignored (offered, drawn faded).
        let source = s.hotStrings("-a--b---c---|"), a = s.coldInts("-1-2-3|"), b = s.coldInts("-4|"), c = s.coldInts("-5-6|")
        let inner = ["a": a, "b": b, "c": c]
        let seen = Subject<String, Never>()
        let output: Signal<Int, Never> = source.signal.bindTrackingInners {
            var busy = false
            return { (event: TrackedEvent<String, Never>, _: inout Bool) -> Signal<Int, Never>? in
                switch event {
                case .source(.next(let name)):
                    if busy {
                        _ = inner[name]!.offer()
                        return nil
                    }
                    busy = true
                    return inner[name]!.signal
                case .source(.error(let error)): return .error(error)
                case .source(.completed): return nil
                case .innerCompleted:
                    seen.send(value: "innerCompleted")
                    busy = false
                    return nil
                }
            }
        }
        return s.diagram("bindTrackingInners: exhaustMap, busy until .innerCompleted", inputs: ["source": source, "a": a, "b": b, "c": c,
                         "binding sees": AsLog(seen.signal.record(scheduler: s))], output: output)
    },

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
        return s.diagram("scan(10, +)", inputs: ["source": source], output: source.signal.scan(10, +))
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
    GalleryPicture("map-keyPath", "map(_:) (key path)", transforming) { s in
        let source = s.hot("-a-b-c-|", values: ["a": "one", "b": "three", "c": "seven"])
        return s.diagram("map(\\.count)", inputs: ["source": source], output: source.signal.map(\.count))
    },
    GalleryPicture("ignoreValues", "ignoreValues()", transforming) { s in
        let source = s.hotStrings("-a-b-c-|")
        return s.diagram("ignoreValues()", inputs: ["source": source], output: source.signal.ignoreValues())
    },
    GalleryPicture("scan-noSeed", "scan(_:)", transforming) { s in
        let source = s.hotInts("-1-2-3-4-|")
        return s.diagram("scan(+)", inputs: ["source": source], output: source.signal.scan(+))
    },
    GalleryPicture("collect", "collect()", transforming) { s in
        let source = s.hotInts("-1-2-3-|")
        return s.diagram("collect()", inputs: ["source": source], output: source.signal.collect(), label: arrayLabel)
    },
    GalleryPicture("pairwise", "pairwise()", transforming) { s in
        let source = s.hotInts("-1-2-3-4-|")
        return s.diagram("pairwise()", inputs: ["source": source], output: source.signal.pairwise(), label: pairLabel)
    },
    GalleryPicture("enumerated", "enumerated()", transforming) { s in
        let source = s.hotStrings("-a-b-c-|")
        return s.diagram("enumerated()", inputs: ["source": source], output: source.signal.enumerated(), label: pairLabel)
    },
    GalleryPicture("chunked-on", "chunked(on:)", transforming) { s in
        let source = s.hotInts("-1-3-2-4-5-|")
        return s.diagram("chunked(on: { $0.isMultiple(of: 2) })", inputs: ["source": source],
                         output: source.signal.chunked(on: { $0.isMultiple(of: 2) }), label: { arrayLabel($0.1) })
    },
    GalleryPicture("materialize", "materialize()", transforming) { s in
        let source = s.hot("-a-b-#", values: ["a": "a", "b": "b"], error: PictureFailure())
        return s.diagram("materialize()", inputs: ["source": source], output: source.signal.materialize(), label: eventLabel)
    },
    GalleryPicture("dematerialize", "dematerialize()", transforming) { s in
        let source = s.hot("-a-b-e-|", values: ["a": Event<String, PictureFailure>.next("a"), "b": .next("b"), "e": .error(PictureFailure())])
        return s.diagram("dematerialize()", inputs: ["source": source],
                         output: source.signal.dematerialize() as Signal<String, PictureFailure>)
    },
    GalleryPicture("mapError", "mapError(_:)", transforming) { s in
        let source = s.hot("-a-b-#", values: ["a": "a", "b": "b"], error: PictureFailure())
        return s.diagram("mapError { Wrapped($0) }", inputs: ["source": source], output: source.signal.mapError { Wrapped($0) })
    },
    GalleryPicture("setFailureType", "setFailureType(to:)", transforming) { s in
        let source = s.hotStrings("-a-b-c-|")
        return s.diagram("setFailureType(to: PictureFailure.self)", inputs: ["source": source],
                         output: source.signal.setFailureType(to: PictureFailure.self))
    },
    GalleryPicture("tryMap", "tryMap(_:)", transforming) { s in
        let source = s.hot("-1-2-x-3-|", values: ["1": "1", "2": "2", "x": "x", "3": "3"], error: PictureFailure() as any Error)
        return s.diagram("tryMap { try number($0) }", inputs: ["source": source], output: source.signal.tryMap { try number($0) })
    },
    GalleryPicture("take-while-inclusive", "take(while:inclusive:)", transforming) { s in
        let source = s.hotInts("-1-2-5-3-|")
        return s.diagram("take(while: { $0 < 4 }, inclusive: true)", inputs: ["source": source],
                         output: source.signal.take(while: { $0 < 4 }, inclusive: true))
    },
    GalleryPicture("distinctUntilChanged-by", "distinctUntilChanged(by:)", transforming) { s in
        let source = s.hotStrings("-a-A-b-B-a-|")
        return s.diagram("distinctUntilChanged(by: { $0.lowercased() == $1.lowercased() })", inputs: ["source": source],
                         output: source.signal.distinctUntilChanged(by: { $0.lowercased() == $1.lowercased() }))
    },
    GalleryPicture("first-where", "first(where:)", transforming) { s in
        let source = s.hotInts("-1-2-5-3-|")
        return s.diagram("first(where: { $0 > 3 })", inputs: ["source": source], output: source.signal.first(where: { $0 > 3 }))
    },
    GalleryPicture("element-at", "element(at:)", transforming) { s in
        let source = s.hotStrings("-a-b-c-d-|")
        return s.diagram("element(at: 2)", inputs: ["source": source], output: source.signal.element(at: 2))
    },
    GalleryPicture("single", "single()", transforming) { s in
        let source = s.hotStrings("-a-b-|")
        return s.diagram("single()", inputs: ["source": source], output: source.signal.single())
    },
    GalleryPicture("replaceEmpty", "replaceEmpty(with:)", transforming) { s in
        let source = s.hotStrings("----|")
        return s.diagram("replaceEmpty(with: \"z\")", inputs: ["source": source], output: source.signal.replaceEmpty(with: "z"))
    },
    GalleryPicture("ifEmpty-switchTo", "ifEmpty(switchTo:)", transforming) { s in
        let source = s.hotStrings("---|"), fallback = s.coldStrings("-x-y|")
        return s.diagram("ifEmpty(switchTo: fallback)", inputs: ["source": source, "fallback": fallback],
                         output: source.signal.ifEmpty(switchTo: fallback.signal))
    },
    GalleryPicture("count", "count()", transforming) { s in
        let source = s.hotStrings("-a-b-c-|")
        return s.diagram("count()", inputs: ["source": source], output: source.signal.count())
    },
    GalleryPicture("allSatisfy", "allSatisfy(_:)", transforming) { s in
        let source = s.hotInts("-2-4-5-6-|")
        return s.diagram("allSatisfy { $0.isMultiple(of: 2) }", inputs: ["source": source], output: source.signal.allSatisfy { $0.isMultiple(of: 2) })
    },
    GalleryPicture("contains-where", "contains(where:)", transforming) { s in
        let source = s.hotInts("-1-3-4-2-|")
        return s.diagram("contains(where: { $0 > 3 })", inputs: ["source": source], output: source.signal.contains(where: { $0 > 3 }))
    },
    GalleryPicture("min", "min()", transforming) { s in
        let source = s.hotInts("-3-1-4-2-|")
        return s.diagram("min()", inputs: ["source": source], output: source.signal.min())
    },
    GalleryPicture("max", "max()", transforming) { s in
        let source = s.hotInts("-3-1-4-2-|")
        return s.diagram("max()", inputs: ["source": source], output: source.signal.max())
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
        let a = s.hotInts("-1---2-3---|"), b = s.hotStrings("---a-----b|")
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
    GalleryPicture("withLatestFrom-resultSelector", "withLatestFrom(_:resultSelector:)", combining) { s in
        let a = s.hotInts("--1---2-3-|"), b = s.hotStrings("-a---b-----|")
        return s.diagram("a.withLatestFrom(b) { n, s in s + String(n) }", inputs: ["a": a, "b": b],
                         output: a.signal.withLatestFrom(b.signal) { n, s in s + String(n) })
    },
    GalleryPicture("sample-on", "sample(on:)", combining) { s in
        let source = s.hotInts("-1-2-3-----4-|"), trigger = s.hotStrings("--x---x-x-----x-|")
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
    GalleryPicture("take-during", "take(during:)", combining) { s in
        let source = s.hotStrings("-a-b-c-d-|")
        let (lifetime, token) = Lifetime.make()
        s.schedule(after: .seconds(6)) { token.end() }
        let ended = lifetime.ended.record(scheduler: s)
        return s.diagram("take(during: lifetime)", inputs: ["source": source, "lifetime.ended": ended],
                         output: source.signal.take(during: lifetime))
    },
    GalleryPicture("skip-until", "skip(until:)", combining) { s in
        let source = s.hotStrings("-a-b-c-d-|"), trigger = s.hotStrings("----x-|")
        return s.diagram("skip(until: trigger)", inputs: ["source": source, "trigger": trigger], output: source.signal.skip(until: trigger.signal))
    },

    // MARK: Flattening
    GalleryPicture("flatten-merge", "flatten(.merge)", flattening) { s in
        let outer = s.hotStrings("-a--b------|"), a = s.coldInts("1-2-3|"), b = s.coldInts("4-5|")
        let inners = ["a": a.signal, "b": b.signal]
        return s.diagram("flatten(.merge)", inputs: ["outer": outer, "a": a, "b": b],
                         output: outer.signal.map { inners[$0]! }.flatten(.merge))
    },
    GalleryPicture("flatten", "flatten()", flattening) { s in
        let outer = s.hotStrings("-a--b------|"), a = s.coldInts("1---2|"), b = s.coldInts("3-4|")
        let inners = ["a": a.signal, "b": b.signal]
        return s.diagram("flatten()", inputs: ["outer": outer, "a": a, "b": b],
                         output: outer.signal.map { inners[$0]! }.flatten())
    },
    GalleryPicture("flatten-concat", "flatten(.concat)", flattening) { s in
        let outer = s.hotStrings("-a--b------|"), a = s.coldInts("1-2-3|"), b = s.coldInts("4-5|")
        let inners = ["a": a.signal, "b": b.signal]
        return s.diagram("flatten(.concat)", inputs: ["outer": outer, "a": a, "b": b],
                         output: outer.signal.map { inners[$0]! }.flatten(.concat))
    },
    GalleryPicture("concat-outer", "concat()", flattening) { s in
        let outer = s.hotStrings("-a-b-------|"), a = s.coldInts("1-2-3|"), b = s.coldInts("4-5|")
        let inners = ["a": a.signal, "b": b.signal]
        return s.diagram("concat()", inputs: ["outer": outer, "a": a, "b": b],
                         output: outer.signal.map { inners[$0]! }.concat())
    },
    GalleryPicture("flatten-latest", "flatten(.latest)", flattening) { s in
        let outer = s.hotStrings("-a--b------|"), a = s.coldInts("1-2-3|"), b = s.coldInts("4-5|")
        let inners = ["a": a.signal, "b": b.signal]
        return s.diagram("flatten(.latest)", inputs: ["outer": outer, "a": a, "b": b],
                         output: outer.signal.map { inners[$0]! }.flatten(.latest))
    },
    GalleryPicture("flatten-first", "flatten(.first)", flattening) { s in
        let outer = s.hotStrings("-a---b---c---|"), a = s.coldInts("1-2-3|"), b = s.coldInts("4-5|"), c = s.coldInts("6-7|")
        // offer(): b, ignored while a runs, is drawn faded where it was offered.
        let inners = ["a": a, "b": b, "c": c]
        return s.diagram("flatten(.first)", inputs: ["outer": outer, "a": a, "b": b, "c": c],
                         output: outer.signal.map { inners[$0]!.offer() }.flatten(.first))
    },
    GalleryPicture("merge-maxConcurrent", "merge(maxConcurrent:)", flattening) { s in
        let outer = s.hotStrings("-ab-c-------|"), a = s.coldInts("1--2|"), b = s.coldInts("3---4|"), c = s.coldInts("5-6|")
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
        let source = s.hotStrings("-a-b-------|"), a = s.coldInts("-1---2|"), b = s.coldInts("3-4|")
        let inner = ["a": a.signal, "b": b.signal]
        return s.diagram("flattenMap { inner[$0]! }", inputs: ["source": source, "a": a, "b": b],
                         output: source.signal.flattenMap { inner[$0]! })
    },
    GalleryPicture("flatMapLatest", "flatMapLatest(_:)", flattening) { s in
        let source = s.hotStrings("-a---b-----|"), a = s.coldInts("-1-2-3|"), b = s.coldInts("-4-5|")
        let inner = ["a": a.signal, "b": b.signal]
        return s.diagram("flatMapLatest { inner[$0]! }", inputs: ["source": source, "a": a, "b": b],
                         output: source.signal.flatMapLatest { inner[$0]! })
    },
    GalleryPicture("flatMapFirst", "flatMapFirst(_:)", flattening) { s in
        let source = s.hotStrings("-a--b---c---|"), a = s.coldInts("-1-2-3|"), b = s.coldInts("-4|"), c = s.coldInts("-5-6|")
        let inner = ["a": a, "b": b, "c": c]
        return s.diagram("flatMapFirst { inner[$0]! }", inputs: ["source": source, "a": a, "b": b, "c": c],
                         // (flatMapFirst does not call its closure while busy: each value is
                         // offered as it arrives, so that b, ignored, is drawn faded.)
                         output: source.signal.on(next: { _ = inner[$0]!.offer() }).flatMapFirst { inner[$0]!.signal })
    },
    GalleryPicture("concatMap", "concatMap(_:)", flattening) { s in
        let source = s.hotStrings("-a-b-------|"), a = s.coldInts("-1---2|"), b = s.coldInts("3-4|")
        let inner = ["a": a.signal, "b": b.signal]
        return s.diagram("concatMap { inner[$0]! }", inputs: ["source": source, "a": a, "b": b],
                         output: source.signal.concatMap { inner[$0]! })
    },

    // MARK: Splitting
    GalleryPicture("groupBy", "groupBy(_:)", splitting) { s in
        let source = s.hotInts("-1-2-3-4-5-|")
        return s.diagram("groupBy { $0.isMultiple(of: 2) ? \"even\" : \"odd\" }", inputs: ["source": source],
                         output: source.signal.groupBy { $0.isMultiple(of: 2) ? "even" : "odd" },
                         inner: { _, group in (group.key, group.signal) })
    },
    GalleryPicture("groupBy-duration", "groupBy(_:duration:)", splitting) { s in
        let source = s.hotStrings("-a-A---b-a---|")
        return s.diagram("groupBy({ $0.lowercased() }, duration: { $0.signal.debounce(2) })", inputs: ["source": source],
                         output: source.signal.groupBy({ $0.lowercased() }, duration: { $0.signal.debounce(.seconds(2), on: s) }),
                         inner: { index, group in ("\(group.key)\(index)", group.signal) })
    },
    GalleryPicture("groupBy-flatten", "flatten(_:) (over groups)", splitting) { s in
        let source = s.hotInts("-1-3-2-4-5-|")
        return s.diagram("groupBy { $0.isMultiple(of: 2) ? \"even\" : \"odd\" }.flatten(.latest)", inputs: ["source": source],
                         output: source.signal.groupBy { $0.isMultiple(of: 2) ? "even" : "odd" }.flatten(.latest))
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
    GalleryPicture("window-boundary", "window(boundary:)", splitting) { s in
        let source = s.hotInts("-1-2-3-4-5-|"), boundary = s.hotStrings("----x---x---")
        return s.diagram("window(boundary: boundary)", inputs: ["source": source, "boundary": boundary],
                         output: source.signal.window(boundary: boundary.signal),
                         inner: { index, window in ("w\(index)", window) })
    },

    // MARK: Time
    GalleryPicture("debounce", "debounce(_:on:)", time) { s in
        let source = s.hotStrings("-a--bc---d|")
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
    GalleryPicture("observe-on", "observe(on:)", time) { s in
        let source = s.hotStrings("-a-b--c-|")
        let queue = OneTickQueue(clock: s)
        return s.diagram("observe(on: queue)", inputs: ["source": source], output: source.signal.observe(on: queue))
    },
    GalleryPicture("subscribe-on", "subscribe(on:)", time) { s in
        let source = s.coldStrings("-a-b--c|")
        let queue = OneTickQueue(clock: s)
        return s.diagram("subscribe(on: queue)", inputs: ["source": source], output: source.signal.subscribe(on: queue))
    },
    GalleryPicture("observe-on-bufferSize", "observe(on:bufferSize:whenFull:dropped:)", time) { s in
        let source = s.hotStrings("-(abc)--d-|")
        let queue = OneTickQueue(clock: s)
        return s.diagram("observe(on: queue, bufferSize: 2, whenFull: .dropOldest)", inputs: ["source": source],
                         output: source.signal.observe(on: queue, bufferSize: 2, whenFull: .dropOldest))
    },
    GalleryPicture("values-bufferSize", "values(bufferSize:whenFull:dropped:)", time) { s in
        // The async bridge with a bounded buffer, read by a loop slower than its source.
        boundedBufferPicture(s, policy: .dropOldest, title: "values(bufferSize: 2, whenFull: .dropOldest), read by a for-await loop every 3 ticks")
    },
    GalleryPicture("timestamp", "timestamp(on:)", time) { s in
        let source = s.hotStrings("-a--b-c-|")
        return s.diagram("timestamp(on: scheduler)", inputs: ["source": source], output: source.signal.timestamp(on: s),
                         label: { "(\($0.value), \(ticks($0.time.offset)))" })
    },
    GalleryPicture("timeInterval", "timeInterval(on:)", time) { s in
        let source = s.hotStrings("-a--b-c-|")
        return s.diagram("timeInterval(on: scheduler)", inputs: ["source": source], output: source.signal.timeInterval(on: s),
                         label: { "(\($0.value), \(ticks($0.interval)))" })
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
    GalleryPicture("buffer-boundary", "buffer(boundary:)", time) { s in
        let source = s.hotInts("-1-2-3-----4-|"), boundary = s.hotStrings("----x---x-x---")
        return s.diagram("buffer(boundary: boundary)", inputs: ["source": source, "boundary": boundary],
                         output: source.signal.buffer(boundary: boundary.signal), label: arrayLabel)
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
    GalleryPicture("retry-when", "retry(when:)", errors) { s in
        let source = s.cold("-a-#", values: ["a": "a"], error: PictureFailure())
        let trigger = s.hot("------x-----x-----|", values: ["x": "x"], error: PictureFailure())
        return s.diagram("retry(when: { _ in trigger })", inputs: ["source": source, "trigger": trigger],
                         output: source.signal.retry(when: { _ in trigger.signal }))
    },
    GalleryPicture("retry-delay", "retry(_:delay:on:)", errors) { s in
        let source = s.cold("-a-#", values: ["a": "a"], error: PictureFailure())
        return s.diagram("retry(2, delay: .constant(2))", inputs: ["source": source],
                         output: source.signal.retry(2, delay: .constant(.seconds(2)), on: s))
    },
    GalleryPicture("retry-delay-exponential", "retry(_:delay:on:)", errors) { s in
        let source = s.cold("-a-#", values: ["a": "a"], error: PictureFailure())
        return s.diagram("retry(3, delay: .exponential(initial: 1))", inputs: ["source": source],
                         output: source.signal.retry(3, delay: .exponential(initial: .seconds(1)), on: s))
    },
    GalleryPicture("repeat", "repeat(_:)", errors) { s in
        let source = s.coldStrings("-a-b|")
        return s.diagram("repeat(3)", inputs: ["source": source], output: source.signal.repeat(3))
    },
    GalleryPicture("repeatForever", "repeatForever()", errors) { s in
        let source = s.coldStrings("-a-b|")
        return s.diagram("repeatForever().take(5)", inputs: ["source": source], output: source.signal.repeatForever().take(5))
    },

    // MARK: Side effects
    GalleryPicture("on", "on(subscribed:started:next:error:completed:terminated:disposed:)", sideEffects) { s in
        let source = s.hotStrings("-a-b-c-d-|")
        let lines = Subject<String, Never>()
        let log: @Sendable (String) -> Void = { lines.send(value: $0) }
        return s.diagram("on(next: { log($0) }, disposed: { log(\"end\") }).take(2)",
                         inputs: ["source": source, "log": AsLog(lines.signal.record(scheduler: s))],
                         output: source.signal.on(next: { log($0) }, disposed: { log("end") }).take(2))
    },
    GalleryPicture("log", "log(_:to:)", sideEffects) { s in
        let source = s.hotStrings("--a--b-|")
        let lines = Subject<String, Never>()
        let log: @Sendable (String) -> Void = { lines.send(value: $0) }
        // Each line starts with "src #n: ", n counting subscriptions across the process: the
        // lane shows what follows it, so that the picture is the same on every run.
        let written = lines.signal.map { String($0.split(separator: ": ", maxSplits: 1).last ?? "") }
        return s.diagram("log(\"src\", to: log)", inputs: ["source": source, "log": AsLog(written.record(scheduler: s))],
                         output: source.signal.log("src", to: log))
    },
]

/// One sentence under each picture of the gallery: what to look at.
let gallerySentences: [String: String] = [
    "bind": "The primitive every operator is made of: for each source event the binding returns an inner signal, subscribed at once and merged into the output; at b it sets stop, which cuts the source (the dashed bar), so c is never received (faded). The output completes when the stopped source's last inner signal, b, completes.",
    "bindTrackingInners": "The binding also sees each inner signal's end (.innerCompleted, in the log lane): it starts a at once, ignores b while a runs (faded), and starts c after a's end has made it free again.",
    "bind-control": "The BindControl form: the binding calls cancelInners() before returning b, which cuts a (the dashed bar) before its 3 (faded). This is switchToLatest, in full.",
    "map": "Each value is transformed as it arrives, at the same tick, in its source's colour.",
    "filter": "Only the even values pass; the others leave no mark on the output.",
    "compactMap": "Letters give no number and are dropped; digits pass as numbers.",
    "scan": "The running total starts at the seed, 10: each value is added to it and the new total is sent at once (compare scan(+), which has no seed).",
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
    "sample-on": "Each trigger sends the source's latest value, once: 2 is never sampled, the third trigger has nothing new; 4, pending when the source completes, goes out with the output's completion at the next trigger.",
    "startWith": "s is sent on subscription, before the source's values.",
    "then": "a's values are ignored; when a completes, b is subscribed and its values pass.",
    "race": "b sends first, so it wins: a is disposed and only b's values pass.",
    "take-until": "Values pass until the trigger's first value, which completes the output.",
    "skip-until": "Values are dropped until the trigger's first value.",
    "flatten-merge": "Each inner signal is subscribed as it arrives; their values interleave.",
    "flatten-concat": "b waits until a has completed; its values follow a's.",
    "flatten-latest": "b's arrival disposes a (the dashed bar), so a's 3 never comes: only the latest inner signal's values pass.",
    "flatten-first": "b arrives while a is busy and is dropped; c arrives after a has completed.",
    "merge-maxConcurrent": "At most two inner signals at once: c is subscribed when a completes.",
    "switchToLatest": "Each new inner signal disposes the previous one.",
    "flattenMap": "Each value starts its inner signal at once; a's and b's values interleave (compare concatMap).",
    "flatMapLatest": "b's arrival cancels a before its 3 (the dashed bar ends its shading); only b's values follow.",
    "flatMapFirst": "b arrives while a is running and is ignored; c starts after a has completed.",
    "concatMap": "b is subscribed only when a has completed, so a's values all come first (compare flattenMap).",
    "groupBy": "Each key's first value opens its group; later values go to their group's lane.",
    "window-count": "Every two values, a window completes and the next one opens.",
    "window-timeSpan": "A window closes after 4 ticks or 2 values, whichever comes first.",
    "debounce": "A value is sent once 2 ticks pass without another: a at 3; b is replaced by c, sent at 7; d is still pending when the source completes, so it is sent at once, with the completion.",
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
    "retry-delay-exponential": "The pause before each resubscription doubles: 1, then 2, then 4 ticks; the fourth failure passes.",
    "setFailureType": "Nothing changes but the type: a signal that cannot fail can now be merged or combined with signals that can.",
    "groupBy-flatten": "With .latest, the even group's arrival cancels the odd one, so 5 (odd) no longer reaches the output.",
    "observe-on-bufferSize": "a, b and c arrive before the queue runs; it holds two, so a is dropped (the oldest), and b and c are delivered one tick later.",
    "values-bufferSize": "The loop reads a at once, then works for 3 ticks; b and c fill the buffer of 2, and d, arriving full, drops the oldest, b (faded, at 4). The loop then reads c, d and e as it comes back, and sees the end at its next read.",
    "on": "The hooks run as the events pass, at their ticks; take(2) disposes the source after b, which runs the disposed hook.",
    "log": "A line for each event as it passes (drawn without its \"src #1: \" prefix), and one when the subscription ends.",
    "map-keyPath": "Each value is replaced by the property the key path reads: here, each word's length.",
    "ignoreValues": "No value passes; only the completion (or the failure) does, at its tick.",
    "scan-noSeed": "Without a seed, the first value is sent as it is; each next one is added to the running total (compare scan(10, +)).",
    "collect": "Every value is kept; one array of them all is sent when the source completes.",
    "pairwise": "From the second value on, each value is paired with the one before it; the first sends nothing.",
    "enumerated": "Each value is paired with its position, counting from 0.",
    "chunked-on": "Consecutive values of one key (odd, even) form a chunk, sent as (key, values) when the key changes and at completion; drawn here by its values.",
    "materialize": "Every event becomes a value, the failure too; the output then completes and never fails.",
    "dematerialize": "Event values become the events they describe: the error value fails the output.",
    "mapError": "Values pass untouched; the failure is replaced by the one the closure makes of it.",
    "tryMap": "x cannot be read as a number: the closure throws, and the output fails with that error.",
    "take-while-inclusive": "Values pass while they are under 4; 5, the first that is not, is sent too, with the completion.",
    "distinctUntilChanged-by": "A value the closure calls the same as the last one sent (A after a) is dropped; a comes back after b.",
    "first-where": "The first value over 3 is sent and the output completes at once; earlier values are dropped.",
    "element-at": "The value at index 2 (the third) is sent and the output completes at once.",
    "single": "a passes at once; a second value fails the output with moreThanOne.",
    "replaceEmpty": "The source completes without a value, so z is sent before the completion.",
    "ifEmpty-switchTo": "The source completes empty: the fallback is subscribed at that tick and its values follow.",
    "count": "The number of values, sent when the source completes.",
    "allSatisfy": "5 is odd: false is sent at once and the output completes without waiting for the source.",
    "contains-where": "4 is the first value over 3: true is sent at once and the output completes.",
    "min": "The least value, sent when the source completes.",
    "max": "The greatest value, sent when the source completes.",
    "withLatestFrom-resultSelector": "Each value of a is combined with b's latest by the closure, at a's tick and in a's colour; b's values alone send nothing.",
    "take-during": "Values pass until the lifetime ends (its token is ended at tick 6), which completes the output.",
    "flatten": "Every inner signal is subscribed as it arrives and their values interleave (the .merge strategy).",
    "concat-outer": "b arrives while a is running: it is subscribed only once a has completed.",
    "groupBy-duration": "A group ends after 2 ticks without a value; a's next value opens a new group for the same key.",
    "window-boundary": "Each boundary value closes the open window and opens the next; the source's completion closes the last.",
    "buffer-boundary": "Each boundary value sends the values gathered since the last one, even none; completion sends the rest.",
    "observe-on": "Every event is delivered on the queue, here one tick later, in the same order.",
    "subscribe-on": "The subscription is made on the queue, here one tick later, so the cold source starts one tick late.",
    "timestamp": "Each value is paired with the scheduler's time when it arrives.",
    "timeInterval": "Each value is paired with the time since the previous value (the first: since the subscription).",
    "retry-when": "After a failure the source waits for the trigger's next value, which resubscribes it; the trigger's completion completes the output.",
    "repeat": "The cold source is subscribed again each time it completes, three times in all.",
    "repeatForever": "The cold source is subscribed again each time it completes; take(5) ends the repetition.",
]
