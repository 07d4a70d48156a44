// The value world shared by the reference model and the fuzzer.
//
// Every fuzzed pipeline carries `Signal<DValue, TestError>`: one dynamic value type, so that
// any operator can follow any other and the generator never has to solve types. Nothing
// here imports Signals; the model is written independently of `Sources/`.

/// A value flowing through a fuzzed pipeline.
indirect enum DValue: Hashable, Sendable, CustomStringConvertible {
    case int(Int)
    /// What `combineLatest` emits, and what `map(.wrap)` builds.
    case array([DValue])
    /// What `materialize` emits.
    case event(MEvent)

    /// A total, structural summary used by generated functions and predicates.
    var leafSum: Int {
        switch self {
        case .int(let n): n
        case .array(let values): values.reduce(0) { $0 &+ $1.leafSum }
        case .event(.next(let value)): value.leafSum
        case .event(.error(let error)): error.code
        case .event(.completed): 0
        }
    }

    var description: String {
        switch self {
        case .int(let n): "\(n)"
        case .array(let values): "[" + values.map(\.description).joined(separator: ",") + "]"
        case .event(let event): "<\(event)>"
        }
    }
}

/// The one failure type of fuzzed pipelines.
struct TestError: Error, Hashable, Sendable, CustomStringConvertible {
    let code: Int
    init(_ code: Int) { self.code = code }
    var description: String { "e\(code)" }
}

/// The model's event: the library's `Event<DValue, TestError>`, written independently.
enum MEvent: Hashable, Sendable, CustomStringConvertible {
    case next(DValue)
    case error(TestError)
    case completed

    var isTerminal: Bool {
        if case .next = self { return false }
        return true
    }

    var value: DValue? {
        if case .next(let value) = self { return value }
        return nil
    }

    var description: String {
        switch self {
        case .next(let value): "next(\(value))"
        case .error(let error): "error(\(error))"
        case .completed: "completed"
        }
    }
}

/// Everything a subscription delivered: `next*` then at most one terminal event. A trace
/// without a terminal event belongs to a signal that never terminates (its subscription is
/// disposed at the end of the test).
typealias Trace = [MEvent]

extension Array where Element == MEvent {
    /// Whether the trace ends with `error` or `completed`.
    var isTerminated: Bool { last?.isTerminal ?? false }

    /// Whether the trace obeys the grammar `next* (error | completed)?`.
    var obeysGrammar: Bool { dropLast().allSatisfy { !$0.isTerminal } }
}
