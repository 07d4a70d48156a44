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
///   values), the output has ended by the time `subscribe` returns;
/// - ``Check/errorPassthrough``: a failing source fails the output (skipped when the output
///   cannot fail, or when you declare `catchesErrors`);
/// - ``Check/disposeBeforeValues`` and ``Check/disposeMidStream``: disposing the output
///   disposes every upstream subscription exactly once, and nothing arrives afterwards;
/// - ``Check/lifetimes``: once a subscription has ended, nothing it captured stays alive;
/// - ``Check/serialisedOutput``: under a source fed from two threads, the output is never
///   entered concurrently and still ends;
/// - ``Check/stackSafety``: a long synchronous source on a 512 KiB-stack thread finishes (a
///   stack overflow crashes the process, so run this in its own process if you can).
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
    }

    /// What the checks found.
    public struct Report: Sendable, CustomStringConvertible {
        /// The operator's name, as given to ``OperatorConformance/check(_:catchesErrors:skipping:stackSafetyLength:_:)``.
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

    /// Runs every check (but those in `skipping`) against `makeOperator`.
    ///
    /// - Parameters:
    ///   - name: how the report names the operator.
    ///   - catchesErrors: the operator may turn a source failure into something else (as
    ///     `catch`, `retry` or `materialize` do); skips ``Check/errorPassthrough``.
    ///   - skipping: checks that do not apply (for instance ``Check/stackSafety`` for an
    ///     operator that never finishes on a finite source, such as `repeatForever()`).
    ///   - stackSafetyLength: how many synchronous values the stack-safety source sends.
    ///   - makeOperator: applies the operator to a source.
    ///
    /// ```swift
    /// let report = OperatorConformance.check("double") { $0.map { $0 * 2 } }
    /// print(report) // Prints: double: conforms (grammar, errorPassthrough, …)
    /// ```
    public static func check<Output, OutputFailure: Error>(
        _ name: String,
        catchesErrors: Bool = false,
        skipping: Set<Check> = [],
        stackSafetyLength: Int = 100_000,
        _ makeOperator: @escaping @Sendable (Signal<Int, SourceError>) -> Signal<Output, OutputFailure>
    ) -> Report {
        var failures: [String] = []
        let checks = Check.allCases.filter { !skipping.contains($0) && !(catchesErrors && $0 == .errorPassthrough) }
        for check in checks {
            failures += run(check, stackSafetyLength: stackSafetyLength, makeOperator).map { "\(check.rawValue): \($0)" }
        }
        return Report(name: name, checks: checks, failures: failures)
    }

    static func run<Output, OutputFailure: Error>(
        _ check: Check,
        stackSafetyLength: Int,
        _ makeOperator: @escaping @Sendable (Signal<Int, SourceError>) -> Signal<Output, OutputFailure>
    ) -> [String] {
        switch check {
        case .grammar: return checkGrammar(makeOperator)
        case .finishesWithSource: return checkFinishesWithSource(makeOperator)
        case .errorPassthrough: return checkErrorPassthrough(makeOperator)
        case .disposeBeforeValues: return checkDispose(afterValues: 0, makeOperator)
        case .disposeMidStream: return checkDispose(afterValues: 2, makeOperator)
        case .lifetimes: return checkLifetimes(makeOperator)
        case .serialisedOutput: return checkSerialisedOutput(makeOperator)
        case .stackSafety: return checkStackSafety(length: stackSafetyLength, makeOperator)
        }
    }
}
