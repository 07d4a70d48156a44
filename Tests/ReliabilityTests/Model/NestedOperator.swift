// Operators of fuzzed pipelines that make inner signals from an `InnerFamily` (the flatten
// strategies, `catch`) and operators over a list of signals (`zip`, `race`).

/// A `FlattenStrategy`, as the fuzzer draws it.
enum Strategy: Hashable, Sendable, CustomStringConvertible {
    case merge, concat, latest, first
    case concurrent(Int)

    var description: String {
        switch self {
        case .merge: ".merge"
        case .concat: ".concat"
        case .latest: ".latest"
        case .first: ".first"
        case .concurrent(let limit): ".concurrent(limit: \(limit))"
        }
    }
}

/// How a flatten strategy is spelled.
enum StrategyForm: Hashable, Sendable, CaseIterable {
    /// `p.map(f).flatten(strategy)`.
    case flatten
    /// `p.flattenMap(strategy, f)`.
    case flattenMap
    /// The one-liner on a transform: `flatMap`, `concatMap`, `flatMapLatest`, `flatMapFirst`
    /// (`.concurrent`: `map(f).merge(maxConcurrent:)`).
    case namedMap
    /// The one-liner on a signal of signals: `flatten()`, `concat()`, `switchToLatest()`,
    /// `merge(maxConcurrent:)` (`.first`: `flatten(.first)`).
    case named
}

/// An operator with an operand and a family of inner signals.
enum NestedOperator: Hashable, Sendable {
    case strategy(Strategy, StrategyForm)
    /// `p.catch { e in family(.int(e.code)) }`.
    case catchError

    func modelTrace(_ source: Trace, _ family: InnerFamily) -> Trace {
        switch self {
        case .strategy(.merge, _): Model.flattenMap(source, family.modelTrace)
        case .strategy(.concat, _): Model.flatten(source, limit: 1, family.modelTrace)
        case .strategy(.concurrent(let limit), _): Model.flatten(source, limit: limit, family.modelTrace)
        case .strategy(.latest, _): Model.switchToLatest(source, family.modelTrace)
        case .strategy(.first, _): Model.flattenFirst(source, family.modelTrace)
        case .catchError: Model.catch(source) { family.modelTrace(for: .int($0.code)) }
        }
    }

    var name: String {
        switch self {
        case .strategy(.merge, _): "strategyMerge"
        case .strategy(.concat, _): "strategyConcat"
        case .strategy(.concurrent, _): "strategyConcurrent"
        case .strategy(.latest, _): "strategyLatest"
        case .strategy(.first, _): "strategyFirst"
        case .catchError: "catch"
        }
    }

    /// Simpler variants, for the shrinker.
    var simpler: [NestedOperator] {
        switch self {
        case .strategy(let strategy, let form) where form != .flattenMap: [.strategy(strategy, .flattenMap)]
        case .strategy(.concurrent(let limit), let form) where limit > 1: [.strategy(.concurrent(limit - 1), form)]
        default: []
        }
    }

    func spell(_ p: Pipeline, _ family: InnerFamily) -> String {
        switch self {
        case .catchError: return "\(p).catch { e in \(family) for e.code }"
        case .strategy(let strategy, .flatten): return "\(p).map \(family).flatten(\(strategy))"
        case .strategy(let strategy, .flattenMap): return "\(p).flattenMap(\(strategy)) \(family)"
        case .strategy(let strategy, .namedMap):
            switch strategy {
            case .merge: return "\(p).flatMap \(family)"
            case .concat: return "\(p).concatMap \(family)"
            case .latest: return "\(p).flatMapLatest \(family)"
            case .first: return "\(p).flatMapFirst \(family)"
            case .concurrent(let limit): return "\(p).map \(family).merge(maxConcurrent: \(limit))"
            }
        case .strategy(let strategy, .named):
            switch strategy {
            case .merge: return "\(p).map \(family).flatten()"
            case .concat: return "\(p).map \(family).concat()"
            case .latest: return "\(p).map \(family).switchToLatest()"
            case .first: return "\(p).map \(family).flatten(.first)"
            case .concurrent(let limit): return "\(p).map \(family).merge(maxConcurrent: \(limit))"
            }
        }
    }
}

/// An operator over a list of signals.
enum ListOperator: Hashable, Sendable {
    /// `Signal.zip(a, b)`, `Signal.zip(a, b, c)` or `Signal.zip([...])`, values as `.array`.
    case zip(CombineForm)
    /// `Signal.race(a, b, ...)` (variadic) or `Signal.race([...])`.
    case race(variadic: Bool)

    func modelTrace(_ sources: [Trace]) -> Trace {
        switch self {
        case .zip: Model.zip(sources)
        case .race: Model.race(sources)
        }
    }

    var name: String {
        switch self {
        case .zip: "zip"
        case .race: "race"
        }
    }

    /// Whether the operator accepts `count` signals.
    func accepts(_ count: Int) -> Bool {
        switch self {
        case .zip(.pair): count == 2
        case .zip(.pack): count == 3
        case .zip(.array): count >= 1
        case .race(variadic: true): count >= 1
        case .race(variadic: false): count >= 1
        }
    }

    func spell(_ ps: [Pipeline]) -> String {
        let list = ps.map(\.description).joined(separator: ", ")
        switch self {
        case .zip(.array): return "Signal.zip([\(list)])"
        case .zip: return "Signal.zip(\(list))"
        case .race(variadic: true): return "Signal.race(\(list))"
        case .race(variadic: false): return "Signal.race([\(list)])"
        }
    }
}
