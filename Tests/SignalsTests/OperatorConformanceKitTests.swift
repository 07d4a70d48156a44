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
        #expect(report.checks == OperatorConformance.Check.allCases)
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
        #expect(OperatorConformance.check("swallow", catchesErrors: true, swallow).conforms)
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
        default: report = OperatorConformance.check(name, catchesErrors: true, stackSafetyLength: length) { $0.materialize() }
        }
        #expect(report.failures == [], "\(report)")
    }
}

/// Holds observers forever (the "hoarder" operator's bug).
private final class ObserverKeeper: Sendable {
    let observers = Locked<[Observer<Int, OperatorConformance.SourceError>]>([])
    func keep(_ observer: Observer<Int, OperatorConformance.SourceError>) { observers.append(observer) }
}
