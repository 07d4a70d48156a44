// The operator-author conformance kit (SignalsTesting's `OperatorConformance`): it passes
// correct operators and names the violation of broken ones.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct OperatorConformanceKitTests {
    typealias Source = Signal<Int, OperatorConformance.SourceError>

    @Test func aCorrectOperatorConforms() {
        let report = OperatorConformance.check("map") { $0.map { $0 * 2 } }
        #expect(report.failures == [])
        #expect(report.checks == OperatorConformance.Check.allCases.filter { ![.deepResubscription, .completesEarly, .concurrentInners].contains($0) })
    }

    @Test func anOperatorThatNeverDisposesItsSourceIsCaught() {
        // Subscribes the source but hands back no disposable: disposing the output leaves
        // the upstream subscription running.
        let report = OperatorConformance.check("leaky", skipping: [.lifetimes]) { (source: Source) in
            Signal<Int, OperatorConformance.SourceError> { observer in
                _ = source.subscribe(Observer { observer.send($0) })
                return nil
            }
        }
        #expect(report.failures.contains { $0.hasPrefix("disposeMidStream:") && $0.contains("disposal") })
        #expect(!report.conforms)
    }

    @Test func anOperatorThatSwallowsErrorsIsCaughtUnlessDeclared() {
        let swallow: @Sendable (Source) -> Source = { source in
            source.bind {
                { event, _ in
                    switch event {
                    case .next(let value): return .just(value)
                    case .error, .completed: return .empty
                    }
                }
            }
        }
        let report = OperatorConformance.check("swallow", swallow)
        #expect(report.failures.contains { $0.hasPrefix("errorPassthrough:") })
        #expect(OperatorConformance.check("swallow", sourceErrors: .recovered, swallow).conforms)
    }

    @Test func anOperatorThatDoesNotFinishWithItsSourceIsCaught() {
        let report = OperatorConformance.check("concat never", skipping: [.stackSafety]) { $0.concat(.never) }
        #expect(report.failures.contains { $0.hasPrefix("finishesWithSource:") })
        #expect(!report.failures.contains { !$0.hasPrefix("finishesWithSource:") && !$0.hasPrefix("errorPassthrough:") })
    }

    @Test func anOperatorThatRetainsItsObserverAfterTheEndIsCaught() {
        // Keeps every observer it was given in a global list: nothing is ever released.
        let keeper = ObserverKeeper()
        let report = OperatorConformance.check("hoarder") { (source: Source) in
            Signal<Int, OperatorConformance.SourceError> { observer in
                keeper.keep(observer)
                return source.subscribe(observer)
            }
        }
        #expect(report.failures.contains { $0.hasPrefix("lifetimes:") })
    }

    @Test(arguments: ["flattenMap", "concat", "merge", "combineLatest", "materialize"])
    func theSeedOperatorsConform(name: String) {
        let report: OperatorConformance.Report
        let length = testSize(100_000, quick: 10_000)   // the kit's default; SIGNALS_FULL=1
        switch name {
        case "flattenMap": report = OperatorConformance.check(name, stackSafetyLength: length) { $0.flattenMap { Signal.from([$0, $0]) } }
        case "concat": report = OperatorConformance.check(name, stackSafetyLength: length) { $0.concat(.just(9)) }
        case "merge": report = OperatorConformance.check(name, stackSafetyLength: length) { $0.merge(.from([7, 8])) }
        case "combineLatest": report = OperatorConformance.check(name, stackSafetyLength: length) { $0.combineLatest(with: .just(1)).map { $0 + $1 } }
        default: report = OperatorConformance.check(name, sourceErrors: .recovered, stackSafetyLength: length) { $0.materialize() }
        }
        #expect(report.failures == [], "\(report)")
    }
}

/// The kit's second round: virtual time, early completion, threaded inners, deep retry, and
/// the error switch by what it means.
@Suite struct OperatorConformanceKitRoundTwoTests {
    typealias Source = Signal<Int, OperatorConformance.SourceError>

    /// A `take(1)` that ignores the rest instead of setting `stop`.
    static func takeOneWithoutStop(_ source: Source) -> Source {
        source.bind {
            var taken = false
            return { event, _ in
                switch event {
                case .next(let value):
                    if taken { return nil }
                    taken = true
                    return .just(value).concat(.empty)
                case .error(let error): return taken ? nil : .error(error)
                case .completed: return nil
                }
            }
        }
    }

    @Test func aTakeOneWithoutStopIsCaughtOnAnEndlessSourceAndTheRunEnds() {
        let report = OperatorConformance.check("take(1) without stop", completesAfter: 1, stackSafetyLength: 1_000) {
            Self.takeOneWithoutStop($0)
        }
        #expect(report.failures.contains { $0.hasPrefix("completesEarly:") && $0.contains("the source was not stopped") })
    }

    @Test func theLibraryTakeCompletesAfterItsCountAndStopsTheSource() {
        let report = OperatorConformance.check("take(3)", completesAfter: 3, stackSafetyLength: 1_000) { $0.take(3) }
        #expect(report.failures == [])
        #expect(report.checks.contains(.completesEarly))
    }

    @Test func anOperatorThatCompletesWithoutSubscribingHasNothingToStop() {
        let report = OperatorConformance.check("take(0)", completesAfter: 0, sourceErrors: .recovered, stackSafetyLength: 1_000) { $0.take(0) }
        #expect(report.failures == [], "\(report)")
    }

    @Test func aDelayOnATestSchedulerIsAFalsePositiveWithoutTheSchedulerAndConformsWithIt() {
        let scheduler = TestScheduler()
        let synchronous = OperatorConformance.check("delay", stackSafetyLength: 100) { $0.delay(.seconds(1), on: scheduler) }
        #expect(synchronous.failures.contains { $0.hasPrefix("finishesWithSource:") })
        let driven = OperatorConformance.check("delay", on: TestScheduler(), stackSafetyLength: 200) { source in
            source.delay(.seconds(1), on: scheduler)
        }
        // The operator must use the scheduler the kit drives: here it does not.
        #expect(!driven.conforms)
        let report = OperatorConformance.check("delay", on: scheduler, stackSafetyLength: 200) { $0.delay(.seconds(1), on: scheduler) }
        #expect(report.failures == [], "\(report)")
    }

    @Test func aRateLimitLikeOperatorOnATestSchedulerConforms() {
        let scheduler = TestScheduler()
        let report = OperatorConformance.check("throttle", on: scheduler, stackSafetyLength: 200) { $0.throttle(.seconds(2), on: scheduler, latest: false) }
        #expect(report.failures == [], "\(report)")
    }

    @Test func anErrorForwardedLaterIsNamedSoAndCheckedOnceVirtualTimeHasRun() {
        let scheduler = TestScheduler()
        let delayedError: @Sendable (Source) -> Source = { $0.materialize().delay(.seconds(1), on: scheduler).dematerialize() }
        let atOnce = OperatorConformance.check("delayed error", on: scheduler, skipping: [.stackSafety], delayedError)
        #expect(atOnce.conforms, "\(atOnce)")   // virtual time runs before the verdict
        let later = OperatorConformance.check("delayed error", on: scheduler, sourceErrors: .forwardedLater, stackSafetyLength: 200, delayedError)
        #expect(later.failures == [], "\(later)")
        // Without a scheduler to run, a later error may be pending, but must not become a completion.
        let swallowing = OperatorConformance.check("swallow", sourceErrors: .forwardedLater, stackSafetyLength: 1_000) { $0.catch { _ in Source.just(0) } }
        #expect(swallowing.failures.contains { $0.hasPrefix("errorPassthrough:") && $0.contains("completion") })
    }

    @Test func aDeepRetryIsCheckedForRecoveringOperators() {
        let report = OperatorConformance.check("retry", sourceErrors: .recovered, stackSafetyLength: 10_000) { $0.retry(20_000) }
        #expect(report.checks.contains(.deepResubscription))
        #expect(report.failures == [], "\(report)")
    }

    @Test func theDocsRecipeForTupleOutputsMarbleTestsThemAsStrings() {
        let scheduler = TestScheduler()
        let source = scheduler.hot("-a-b-c|", values: ["a": 1, "b": 2, "c": 3])
        let pairs = source.signal.combinePrevious(0).map { "\($0)\($1)" }
        let result = scheduler.expect(pairs, "-x-y-z|", values: ["x": "01", "y": "12", "z": "23"])
        #expect(result.isMet, "\(result)")
    }

    @Test func innerSignalsOnOtherThreadsAreCheckedForFlatteningOperators() {
        let report = OperatorConformance.check("flattenMap", inners: { source, inner in source.flattenMap(inner) }, stackSafetyLength: 10_000)
        #expect(report.checks.contains(.concurrentInners))
        #expect(report.failures == [], "\(report)")
        let first = OperatorConformance.check("flatMapFirst", inners: { source, inner in source.flatMapFirst(inner) }, stackSafetyLength: 10_000)
        #expect(first.failures == [], "\(first)")
    }
}

/// Holds observers forever (the "hoarder" operator's bug).
private final class ObserverKeeper: Sendable {
    let observers = Locked<[Observer<Int, OperatorConformance.SourceError>]>([])
    func keep(_ observer: Observer<Int, OperatorConformance.SourceError>) { observers.append(observer) }
}
