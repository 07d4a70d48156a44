// Dogfooding the conformance kit: every public operator of the library runs the checks of
// SignalsTesting's `OperatorConformance` and must conform. A row applies the operator to the
// kit's source (`Signal<Int, SourceError>`); where a check does not apply, the row says which
// and why. `everyPublicOperatorHasARow` keeps the table complete.

import Signals
import SignalsTesting
import SignalsTestSupport
import Testing

/// One operator, as the kit checks it.
struct ConformanceRow: Sendable, CustomTestStringConvertible {
    /// How the operator is spelled; its base name (before `(`, without `Signal.`) is what
    /// `everyPublicOperatorHasARow` looks for.
    let name: String
    let check: @Sendable () -> OperatorConformance.Report
    var testDescription: String { name }

    var baseName: String {
        let name = name.hasPrefix("Signal.") ? String(name.dropFirst("Signal.".count)) : name
        return String(name.prefix { $0 != "(" })
    }
}

private typealias Source = Signal<Int, OperatorConformance.SourceError>
private typealias Check = OperatorConformance.Check

private func row<O, F: Error>(
    _ name: String, catchesErrors: Bool = false, skipping: Set<Check> = [],
    _ makeOperator: @escaping @Sendable (Source) -> Signal<O, F>
) -> ConformanceRow {
    // 20,000 synchronous values overflow a 512 KiB stack if an operator recurses per value,
    // as 100,000 (the kit's default) would, at a fifth of the cost over the whole table; the
    // library's own stack-safety tests run a million. A quick `swift test` runs 2,500, which
    // still overflows it: in a debug build, an operator that subscribes once per value inside
    // the previous value's delivery overflows the kit's stack at 1,000 (SIGNALS_FULL=1, as the
    // sanitizer step sets, runs 20,000).
    ConformanceRow(name: name) {
        OperatorConformance.check(
            name, sourceErrors: catchesErrors ? .recovered : .forwardedAtOnce, skipping: skipping,
            stackSafetyLength: testSize(20_000, quick: 2_500), makeOperator)
    }
}

private struct Box: Sendable { let value: Int }

@Suite struct ConformanceTableTests {
    static let rows: [ConformanceRow] = [
        // Composition.
        row("flattenMap(_:)") { $0.flattenMap { .from([$0, $0]) } },
        row("flatMap(_:)") { $0.flatMap { .just($0) } },
        row("flatten()") { $0.map { Source.just($0) }.flatten() },
        row("merge(_:)") { $0.merge(.just(0)) },
        row("Signal.merge(_:_:)") { Source.merge(.just(0), $0) },
        row("concat(_:)") { $0.concat(.just(0)) },
        row("Signal.concat(_:_:)") { Source.concat(.just(0), $0, .empty) },
        row("concat()") { $0.map { Source.from([$0, $0]) }.concat() },
        // combineLatest completes only once every source completed, so the other source is finite.
        row("combineLatest(with:)") { $0.combineLatest(with: .just(0)) },
        row("Signal.combineLatest(_:_:)") { Signal<(Int, Int), OperatorConformance.SourceError>.combineLatest(.just(0), $0) },
        row("Signal.combineLatest([…])") { Signal<[Int], OperatorConformance.SourceError>.combineLatest([$0, .just(0), $0]) },
        // materialize turns the source's error into a value: the output cannot fail.
        row("materialize()", catchesErrors: true) { $0.materialize() },
        row("dematerialize()") { $0.materialize().dematerialize() },
        // Transform.
        row("map(_:)") { $0.map { $0 * 2 } },
        row("map(_:) (key path)") { $0.map { Box(value: $0) }.map(\.value) },
        row("filter(_:)") { $0.filter { $0 % 2 == 0 } },
        row("compactMap(_:)") { $0.compactMap { $0 % 3 == 0 ? nil : String($0) } },
        row("ignoreValues()") { $0.ignoreValues() },
        row("scan(_:_:)") { $0.scan(0, +) },
        row("scan(into:_:)") { $0.scan(into: [Int]()) { $0.append($1) } },
        row("reduce(_:_:)") { $0.reduce(0, +) },
        row("collect()") { $0.collect() },
        row("collect(count:)") { $0.collect(count: 2) },
        row("combinePrevious(_:)") { $0.combinePrevious(0) },
        row("scan(_:) (no seed)") { $0.scan(+) },
        row("pairwise()") { $0.pairwise().map { $0 * 10 + $1 } },
        row("enumerated()") { $0.enumerated().map { $0.offset * 100 + $0.element } },
        row("chunked(on:)") { $0.chunked(on: { $0 / 3 }).map(\.1) },
        row("mapError(_:)") { $0.mapError { $0 as any Error } },
        // setFailureType and promoteError need a source that cannot fail: materialize makes
        // one, turning the source's error into a value.
        row("setFailureType(to:)", catchesErrors: true) { $0.materialize().setFailureType(to: OperatorConformance.SourceError.self) },
        row("promoteError()", catchesErrors: true) { source -> Signal<Int, OperatorConformance.SourceError> in
            source.materialize().map { $0.value ?? -1 }.promoteError()
        },
        row("tryMap(_:)") { $0.mapError { $0 as any Error }.tryMap { $0 * 2 } },
        row("tryMap(_:) (throwing)") { source in
            source.mapError { $0 as any Error }.tryMap { value -> Int in
                if value == 2 { throw OperatorConformance.SourceError() }
                return value
            }
        },
        // Filter.
        row("take(_:)") { $0.take(2) },
        // take(0) completes at once, before the source can fail (the documented rule).
        row("take(_:) (zero)", catchesErrors: true) { $0.take(0) },
        row("take(while:)") { $0.take { $0 < 2 } },
        row("take(while:inclusive:)") { $0.take(while: { $0 < 2 }, inclusive: true) },
        row("takeLast(_:)") { $0.takeLast(2) },
        row("skip(_:)") { $0.skip(2) },
        row("skip(while:)") { $0.skip { $0 < 2 } },
        row("skip(until:) (a trigger that has fired)") { $0.skip(until: Signal<Void, Never>.just(())) },
        row("skip(until:) (a trigger that never fires)") { $0.skip(until: Signal<Void, Never>.never) },
        row("distinctUntilChanged()") { $0.map { $0 / 2 }.distinctUntilChanged() },
        row("distinctUntilChanged(by:)") { $0.distinctUntilChanged { $0 / 3 == $1 / 3 } },
        row("first()") { $0.first() },
        row("first(where:)") { $0.first { $0 == 2 } },
        row("last()") { $0.last() },
        row("replaceEmpty(with:)") { $0.replaceEmpty(with: 0) },
        row("count()") { $0.count() },
        row("allSatisfy(_:)") { $0.allSatisfy { $0 < 2 } },
        row("contains(where:)") { $0.contains { $0 == 2 } },
        row("min()") { $0.min() },
        row("max()") { $0.max() },
        row("min(by:)") { $0.min { $0 % 3 < $1 % 3 } },
        row("max(by:)") { $0.max { $0 % 3 < $1 % 3 } },
        row("element(at:)") { $0.element(at: 1) },
        // single() wraps the source's error in `SingleError.failure`; an endless source
        // fails with `.moreThanOne` at its second value.
        row("single()") { $0.single() },
        row("ifEmpty(switchTo:)") { $0.ifEmpty(switchTo: .just(0)) },
        row("ifEmpty(switchTo:) (of an empty source)") { $0.filter { _ in false }.ifEmpty(switchTo: .just(0)) },
        // Flatten strategies.
        row("bindTrackingInners(_:)") { source -> Source in
            source.bindTrackingInners {
                { event, _ in
                    switch event {
                    case .source(.next(let value)): return .from([value, value])
                    case .source(.error(let error)): return .error(error)
                    case .source(.completed), .innerCompleted: return nil
                    }
                }
            }
        },
        row("flatten(_:) (.merge)") { $0.map { Source.from([$0, $0]) }.flatten(.merge) },
        row("flatten(_:) (.concat)") { $0.map { Source.from([$0, $0]) }.flatten(.concat) },
        row("flatten(_:) (.latest)") { $0.map { Source.from([$0, $0]) }.flatten(.latest) },
        row("flatten(_:) (.first)") { $0.map { Source.from([$0, $0]) }.flatten(.first) },
        row("flatten(_:) (.concurrent)") { $0.map { Source.from([$0, $0]) }.flatten(.concurrent(limit: 2)) },
        row("flattenMap(_:_:)") { $0.flattenMap(.latest) { .just($0) } },
        row("concatMap(_:)") { $0.concatMap { .from([$0, $0]) } },
        row("switchToLatest()") { $0.map { Source.just($0) }.switchToLatest() },
        row("flatMapLatest(_:)") { $0.flatMapLatest { .from([$0, $0]) } },
        row("flatMapFirst(_:)") { $0.flatMapFirst { .from([$0, $0]) } },
        row("merge(maxConcurrent:)") { $0.map { Source.from([$0, $0]) }.merge(maxConcurrent: 2) },
        // Combine.
        row("take(until:) (a trigger that never fires)") { $0.take(until: Signal<Void, Never>.never) },
        // A trigger that fires on subscription completes the output before the source is
        // subscribed, so the source cannot fail it (the documented rule).
        row("take(until:) (a trigger that has fired)", catchesErrors: true) { $0.take(until: Signal<Void, Never>.just(())) },
        row("Signal.race(_:_:)") { Source.race(.never, $0) },
        row("Signal.race([…])") { Source.race([$0, .never]) },
        row("Signal.zip(_:_:)") { Signal<(Int, Int), OperatorConformance.SourceError>.zip($0, .from(0..<10)) },
        row("Signal.zip([…])") { Signal<[Int], OperatorConformance.SourceError>.zip([$0, $0]) },
        row("zip(with:)") { $0.zip(with: $0.map { $0 * 2 }) },
        row("startWith(_:) (values)") { $0.startWith(-2, -1) },
        row("startWith(_:) (a signal)") { $0.startWith(.from([-2, -1])) },
        row("then(_:)") { $0.then(Source.just(0)) },
        row("withLatestFrom(_:)") { $0.withLatestFrom(Source.just(0)) },
        // A source that completes with a value pending waits for the next trigger value to
        // send it (the documented rule, as RxSwift): with a silent trigger it never finishes.
        row("sample(on:)", skipping: [.finishesWithSource]) { $0.sample(on: Signal<Void, Never>.never) },
        // Errors and repetition.
        row("catch(_:)", catchesErrors: true) { $0.catch { _ in Source.just(-1) } },
        row("replaceError(with:)", catchesErrors: true) { $0.replaceError(with: -1) },
        row("retry(_:)") { $0.retry(2) },
        // The trigger retries twice, then gives up with the error (its completion would
        // complete the output instead, the documented rule).
        row("retry(when:)") { source in
            source.retry(when: { errors in
                errors.zip(with: .from(1...3)).flattenMap { error, attempt in
                    attempt < 3 ? Signal<Void, OperatorConformance.SourceError>.just(()) : .error(error)
                }
            })
        },
        row("repeat(_:)") { $0.repeat(2) },
        // On an ImmediateScheduler the waits take no time: each retry runs at once.
        row("retry(_:delay:on:)") { $0.retry(2, delay: .exponential(initial: .seconds(1)), on: ImmediateScheduler()) },
        // A source that completes without a value would repeat forever: each round adds one.
        row("repeatForever()") { $0.concat(.just(0)).repeatForever().take(7) },
        // Side effects.
        row("on(subscribed:next:error:completed:terminated:disposed:)") { $0.on(next: { _ in }, completed: {}) },
        row("on(started:)") { $0.on(started: {}) },
        row("counting(into:)") { $0.counting(into: SubscriptionCount()) },
        row("log(_:to:)") { $0.log("conformance", to: { _ in }) },
        row("trace(_:in:)") { $0.trace("conformance", in: SignalTrace()) },
        // A resource per subscription around the source.
        row("Signal.using(_:release:_:)") { source in Source.using({ Box(value: 0) }, release: { _ in }) { _ in source } },
        // Time and threads. On an ImmediateScheduler the clock never waits, so the operator
        // runs synchronously and every check applies; a TestScheduler that is never advanced
        // keeps `timeout`'s and `buffer`'s clocks from ever firing.
        row("delay(_:on:)") { $0.delay(.seconds(1), on: ImmediateScheduler()) },
        row("debounce(_:on:)") { $0.debounce(.seconds(1), on: ImmediateScheduler()) },
        row("throttle(_:on:latest:)") { $0.throttle(.seconds(1), on: ImmediateScheduler(), latest: true) },
        row("throttle(_:on:latest: false)") { $0.throttle(.seconds(1), on: ImmediateScheduler(), latest: false) },
        row("timeout(_:on:error:)") { $0.timeout(.seconds(1), on: TestScheduler(), error: OperatorConformance.SourceError()) },
        row("timeout(_:on:switchTo:)") { $0.timeout(.seconds(1), on: TestScheduler(), switchTo: .just(0)) },
        row("buffer(timeSpan:count:on:)") { $0.buffer(timeSpan: .seconds(1), count: 2, on: TestScheduler()) },
        row("collect(every:on:)") { $0.collect(every: .seconds(1), on: TestScheduler()) },
        // A silent boundary: one array, the whole source, at completion.
        row("buffer(boundary:)") { $0.buffer(boundary: Signal<Void, OperatorConformance.SourceError>.never) },
        // A boundary that has fired and completed: an empty array, then the rest at completion.
        row("buffer(boundary:) (a boundary that has fired)") { $0.buffer(boundary: Signal<Void, OperatorConformance.SourceError>.just(())) },
        // A TestScheduler never advanced: the window never closes, the output is the source.
        row("take(for:on:)") { $0.take(for: .seconds(1), on: TestScheduler()) },
        // An ImmediateScheduler: the window has closed before the source is subscribed.
        row("skip(for:on:)") { $0.skip(for: .seconds(1), on: ImmediateScheduler()) },
        row("delaySubscription(_:on:)") { $0.delaySubscription(.seconds(1), on: ImmediateScheduler()) },
        row("timestamp(on:)") { $0.timestamp(on: TestScheduler()).map(\.value) },
        row("timeInterval(on:)") { $0.timeInterval(on: TestScheduler()).map(\.value) },
        row("observe(on:)") { $0.observe(on: ImmediateScheduler()) },
        row("subscribe(on:)") { $0.subscribe(on: ImmediateScheduler()) },
        // The driver's plain signal; off the main queue its deliveries go through the
        // scheduler, here an immediate one (no @MainActor closure is involved).
        row("driver(replacingErrorsWith:on:)", catchesErrors: true) {
            $0.driver(replacingErrorsWith: -1, on: MainActorScheduler(assumingMainActor: ImmediateScheduler())).signal
        },
        // Sharing.
        row("share()") { $0.share() },
        row("share(replay:)") { $0.share(replay: 2) },
        row("replayLazily(upTo:)") { $0.replayLazily(upTo: 2) },
        row("publish() + refCount()") { $0.publish().refCount() },
        row("multicast(_:) + refCount() (a ReplaySubject)") { $0.multicast(ReplaySubject(capacity: 2)).refCount() },
        row("multicast(_:) + refCount() (a BehaviorSubject)") { $0.multicast(BehaviorSubject(value: -1)).refCount() },
        row("multicast(_:) + refCount() (a Subject)") { $0.multicast(Subject()).refCount() },
        // autoconnect() never disconnects: disposing a subscriber leaves the source running
        // (the documented rule).
        row("publish() + autoconnect()", skipping: [.disposeBeforeValues, .disposeMidStream]) { $0.publish().autoconnect() },
        // Signals of signals, flattened back (the laws), and the outer signal alone.
        row("groupBy(_:)") { $0.groupBy { $0 % 2 }.flatten(.merge) },
        row("groupBy(_:) (the keys)") { $0.groupBy { $0 % 3 }.map(\.key) },
        row("window(count:)") { $0.window(count: 2).flatten(.concat) },
        row("window(count:) (the windows, merged)") { $0.window(count: 3).flatten(.merge) },
        row("window(timeSpan:count:on:)") { $0.window(timeSpan: .seconds(1), count: 2, on: TestScheduler()).flatten(.concat) },
        row("window(boundary:)") { $0.window(boundary: Signal<Void, OperatorConformance.SourceError>.never).flatten(.concat) },
        row("window(boundary:) (a boundary that has fired)") {
            $0.window(boundary: Signal<Void, OperatorConformance.SourceError>.just(())).flatten(.concat)
        },
    ]

    @Test(arguments: rows)
    func operatorConforms(_ row: ConformanceRow) {
        let report = row.check()
        #expect(report.failures == [], "\(report)")
    }

    /// Every public operator found by the ledger's scan of the `Signal+*.swift` files has a row.
    @Test func everyPublicOperatorHasARow() throws {
        /// Creators make a signal rather than transforming one: no source to check them with.
        let creators: Set<String> = [
            "just", "empty", "never", "error", "from", "deferred", "generate", "range", "timer", "interval", "task",
            // The async bridge's sequence: an AsyncSequence, not a signal (ValuesTests covers it).
            "values",
            // The Observation bridge makes a signal from a closure (ObservingTests covers it).
            "observing",
        ]
        let covered = Set(Self.rows.map(\.baseName))
        let missing = try LedgerTests.publicOperatorNames().subtracting(creators).subtracting(covered).sorted()
        #expect(missing == [], "add a row to ConformanceTableTests for: \(missing.joined(separator: ", "))")
    }
}
