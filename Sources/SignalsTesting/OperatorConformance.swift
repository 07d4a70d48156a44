import Signals
import Synchronization
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Runs the standard contract checks against any operator: for people who write their own
/// operators with `bind`, and for the library's own operators.
///
/// Give it a function from a source signal to your operator's output. It subscribes that
/// output to a series of prepared sources — empty, never, failing, synchronous, asynchronous
/// (another thread) and re-entrant — and checks:
/// - ``Check/grammar``: `next*` then at most one terminal event, nothing after it, and the
///   observer never entered twice at once;
/// - ``Check/finishesWithSource``: over a finite synchronous source (empty, failing, three
///   values), the output has ended by the time `subscribe` returns (on a ``TestScheduler``,
///   once the kit has run virtual time until nothing is left to do);
/// - ``Check/errorPassthrough``: a failing source fails the output, as ``SourceErrors``
///   declares (skipped when the output cannot fail, or for ``SourceErrors/recovered``);
/// - ``Check/disposeBeforeValues`` and ``Check/disposeMidStream``: disposing the output
///   disposes every upstream subscription exactly once, and nothing arrives afterwards;
/// - ``Check/lifetimes``: once a subscription has ended, nothing it captured stays alive;
/// - ``Check/serialisedOutput``: under a source fed from two threads, the output is never
///   entered concurrently and still ends;
/// - ``Check/stackSafety``: a long synchronous source on a 512 KiB-stack thread finishes (a
///   stack overflow crashes the process, so run this in its own process if you can);
/// - ``Check/deepResubscription`` (for ``SourceErrors/recovered``): a source that fails at
///   once on its first thousands of subscriptions, then completes: a `retry` must get there
///   on a 512 KiB stack;
/// - ``Check/completesEarly`` (with `completesAfter:`): over an endless synchronous source,
///   the output completes after that many values and stops the source;
/// - ``Check/concurrentInners`` (with `inners:`): inner signals that send from threads of
///   their own, all at once, still give a serialised output that ends.
///
/// The result is a ``Report`` that any test framework can assert on:
///
/// ```swift
/// let report = OperatorConformance.check("pairwise") { source in source.combinePrevious(0) }
/// #expect(report.failures == [])
/// ```
///
/// The source sends `Int` values and fails with ``SourceError``.
public enum OperatorConformance {
    /// The error the prepared failing sources send.
    public struct SourceError: Error, Equatable, Sendable, CustomStringConvertible {
        public init() {}
        public var description: String { "SourceError" }
    }

    /// One contract check.
    public enum Check: String, CaseIterable, Sendable {
        case grammar
        case finishesWithSource
        case errorPassthrough
        case disposeBeforeValues
        case disposeMidStream
        case lifetimes
        case serialisedOutput
        case stackSafety
        /// Runs only for ``SourceErrors/recovered``.
        case deepResubscription
        /// Runs only for ``OperatorConformance/check(_:completesAfter:sourceErrors:skipping:stackSafetyLength:_:)``.
        case completesEarly
        /// Runs only for ``OperatorConformance/check(_:inners:sourceErrors:skipping:stackSafetyLength:)``.
        case concurrentInners
    }

    /// What the operator does with an error of its source: which error check applies.
    ///
    /// ```swift
    /// OperatorConformance.check("retry", sourceErrors: .recovered) { $0.retry(2) }
    /// ```
    public enum SourceErrors: Sendable {
        /// The output fails as soon as the source does (`map`, `filter`, most operators): by
        /// the time the failing `send` (or `subscribe`) returns.
        case forwardedAtOnce
        /// The output fails, but maybe later (a retry after a pause, an error delayed on a
        /// scheduler): the kit requires that it does not end any other way meanwhile, and, on
        /// a ``TestScheduler``, that it has failed once virtual time has run out.
        case forwardedLater
        /// The operator may turn a source error into something else (`catch`, `retry`,
        /// `materialize`, `replaceError(with:)`): the error check is skipped, and a deep
        /// resubscription check runs instead.
        case recovered
    }

    /// What the checks found.
    public struct Report: Sendable, CustomStringConvertible {
        /// The operator's name, as given to ``OperatorConformance/check(_:sourceErrors:skipping:stackSafetyLength:_:)``.
        public let name: String
        /// The checks that ran.
        public let checks: [Check]
        /// One line per violation found; empty when the operator conforms.
        public let failures: [String]
        /// Whether no check found a violation.
        public var conforms: Bool { failures.isEmpty }

        public var description: String {
            conforms
                ? "\(name): conforms (\(checks.map(\.rawValue).joined(separator: ", ")))"
                : "\(name): \(failures.count) violation(s)\n" + failures.map { "  - \($0)" }.joined(separator: "\n")
        }
    }

    /// Runs every check (but those in `skipping`) against `makeOperator`, an operator that
    /// finishes synchronously with a synchronous source.
    ///
    /// - Parameters:
    ///   - name: how the report names the operator.
    ///   - sourceErrors: what the operator does with a source error (``SourceErrors``).
    ///   - skipping: checks that do not apply (for instance ``Check/stackSafety`` for an
    ///     operator that never finishes on a finite source, such as `repeatForever()`).
    ///   - stackSafetyLength: how many synchronous values the stack-safety source sends.
    ///   - makeOperator: applies the operator to a source.
    ///
    /// ```swift
    /// let report = OperatorConformance.check("double") { $0.map { $0 * 2 } }
    /// print(report) // Prints: double: conforms (grammar, finishesWithSource, …)
    /// ```
    public static func check<Output, OutputFailure: Error>(
        _ name: String,
        sourceErrors: SourceErrors = .forwardedAtOnce,
        skipping: Set<Check> = [],
        stackSafetyLength: Int = 100_000,
        _ makeOperator: @escaping @Sendable (Signal<Int, SourceError>) -> Signal<Output, OutputFailure>
    ) -> Report {
        _Run(name: name, sourceErrors: sourceErrors, skipping: skipping, stackSafetyLength: stackSafetyLength,
             makeOperator: makeOperator).report()
    }

    /// Runs every check against an operator that works on `scheduler` (a `delay`, a
    /// `debounce`, a rate limit): after each step of a check, the kit runs the scheduler's
    /// virtual time until nothing is left to do (at most 100,000 pieces of work), so an
    /// output that ends later in virtual time is not reported as unfinished.
    ///
    /// Same-tick work runs in the order it was scheduled. Work repeating for ever (a
    /// periodic timer the operator never cancels) stops the run after 100,000 pieces; the
    /// checks then report what had not ended. The stack-safety source is shorter by default
    /// (every value may schedule work).
    ///
    /// ```swift
    /// let scheduler = TestScheduler()
    /// let report = OperatorConformance.check("delay", on: scheduler) { $0.delay(.seconds(1), on: scheduler) }
    /// #expect(report.failures == [])
    /// ```
    public static func check<Output, OutputFailure: Error>(
        _ name: String,
        on scheduler: TestScheduler,
        sourceErrors: SourceErrors = .forwardedAtOnce,
        skipping: Set<Check> = [],
        stackSafetyLength: Int = 2_000,
        _ makeOperator: @escaping @Sendable (Signal<Int, SourceError>) -> Signal<Output, OutputFailure>
    ) -> Report {
        _Run(name: name, sourceErrors: sourceErrors, skipping: skipping, stackSafetyLength: stackSafetyLength,
             scheduler: scheduler, makeOperator: makeOperator).report()
    }

    /// Runs every check, plus ``Check/completesEarly``, against an operator that completes
    /// after `count` source values (`take(count)`, `first`, `element(at: count - 1)`,
    /// `contains`): fed an endless synchronous source, the output must complete once `count`
    /// values were sent, and stop the source (set `stop`) — an operator that only ignores
    /// the rest would run for ever. The run is bounded: the source gives up after
    /// `count + 1,000` values and the report says "the source was not stopped".
    ///
    /// ```swift
    /// let report = OperatorConformance.check("take(1)", completesAfter: 1) { $0.take(1) }
    /// #expect(report.failures == [])
    /// ```
    public static func check<Output, OutputFailure: Error>(
        _ name: String,
        completesAfter count: Int,
        sourceErrors: SourceErrors = .forwardedAtOnce,
        skipping: Set<Check> = [],
        stackSafetyLength: Int = 100_000,
        _ makeOperator: @escaping @Sendable (Signal<Int, SourceError>) -> Signal<Output, OutputFailure>
    ) -> Report {
        precondition(count >= 0, "Signals: OperatorConformance.check(completesAfter:) needs a count of at least 0")
        return _Run(name: name, sourceErrors: sourceErrors, skipping: skipping, stackSafetyLength: stackSafetyLength,
                    completesAfter: count, makeOperator: makeOperator).report()
    }

    /// Runs every check, plus ``Check/concurrentInners``, against an operator that runs inner
    /// signals (a `flatMap`, an `exhaustMap`): `makeOperator` gets the source and a function
    /// making an inner signal for a value. For the standard checks the inner signal sends
    /// the value twice, synchronously; for ``Check/concurrentInners`` each inner signal sends
    /// its values from a thread of its own, while other inner signals do too.
    ///
    /// ```swift
    /// let report = OperatorConformance.check("flatMap", inners: { source, inner in source.flattenMap(inner) })
    /// #expect(report.failures == [])
    /// ```
    public static func check<Output, OutputFailure: Error>(
        _ name: String,
        inners makeOperator: @escaping @Sendable (
            Signal<Int, SourceError>, @escaping @Sendable (Int) -> Signal<Int, SourceError>
        ) -> Signal<Output, OutputFailure>,
        sourceErrors: SourceErrors = .forwardedAtOnce,
        skipping: Set<Check> = [],
        stackSafetyLength: Int = 100_000
    ) -> Report {
        var run = _Run<Output, OutputFailure>(
            name: name, sourceErrors: sourceErrors, skipping: skipping, stackSafetyLength: stackSafetyLength,
            makeOperator: { source in makeOperator(source) { value in .from([value, value]) } })
        run.makeThreadedOperator = makeOperator
        return run.report()
    }

    /// The error switch's first spelling: `catchesErrors: true` is
    /// `sourceErrors: .recovered`, `false` is `.forwardedAtOnce`.
    ///
    /// ```swift
    /// let report = OperatorConformance.check("materialize", sourceErrors: .recovered) { $0.materialize() }
    /// ```
    @available(*, deprecated, message: "use sourceErrors: .recovered (or .forwardedAtOnce, .forwardedLater)")
    public static func check<Output, OutputFailure: Error>(
        _ name: String,
        catchesErrors: Bool,
        skipping: Set<Check> = [],
        stackSafetyLength: Int = 100_000,
        _ makeOperator: @escaping @Sendable (Signal<Int, SourceError>) -> Signal<Output, OutputFailure>
    ) -> Report {
        check(name, sourceErrors: catchesErrors ? .recovered : .forwardedAtOnce, skipping: skipping,
              stackSafetyLength: stackSafetyLength, makeOperator)
    }
}
