// A fuzzed pipeline: a small syntax tree of sources and operators, with its meaning in the
// reference model. The same tree is turned into real `Signal`s by `LibraryInterpreter`.

/// How a source is built in the library. The model does not care; the library takes a
/// different path for each (a literal subscribe closure, the `just`/`empty`/`error`/`never`/
/// `from` creators and their constant fast path, or `deferred`).
enum SourceStyle: Int, Hashable, Sendable, CaseIterable {
    case literal, creators, deferred
}

/// A synchronous source: a finite list of events obeying the grammar.
struct Source: Hashable, Sendable, CustomStringConvertible {
    var events: Trace
    var style: SourceStyle

    var description: String {
        let body = "[" + events.map(\.description).joined(separator: ", ") + "]"
        switch style {
        case .literal: return "source\(body)"
        case .creators: return "creators\(body)"
        case .deferred: return "deferred\(body)"
        }
    }
}

/// The functions `map` is generated with: total on every `DValue`.
enum MapFunction: Hashable, Sendable, CustomStringConvertible {
    /// Adds `k` to every `int` leaf.
    case add(Int)
    /// `v -> [v, k]`.
    case wrap(Int)
    /// `v -> v.leafSum`.
    case sum
    /// `v -> k`.
    case constant(Int)

    func callAsFunction(_ value: DValue) -> DValue {
        switch self {
        case .add(let k): MapFunction.adding(k, to: value)
        case .wrap(let k): .array([value, .int(k)])
        case .sum: .int(value.leafSum)
        case .constant(let k): .int(k)
        }
    }

    private static func adding(_ k: Int, to value: DValue) -> DValue {
        switch value {
        case .int(let n): .int(n &+ k)
        case .array(let values): .array(values.map { adding(k, to: $0) })
        case .event(.next(let inner)): .event(.next(adding(k, to: inner)))
        case .event: value
        }
    }

    var description: String {
        switch self {
        case .add(let k): "{ $0 + \(k) }"
        case .wrap(let k): "{ [$0, \(k)] }"
        case .sum: "{ sum($0) }"
        case .constant(let k): "{ _ in \(k) }"
        }
    }
}

/// The predicates `filter` is generated with.
enum Predicate: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case sumIsEven, sumIsNotMultipleOf3, always, never

    func callAsFunction(_ value: DValue) -> Bool {
        switch self {
        case .sumIsEven: value.leafSum % 2 == 0
        case .sumIsNotMultipleOf3: value.leafSum % 3 != 0
        case .always: true
        case .never: false
        }
    }

    var description: String {
        switch self {
        case .sumIsEven: "{ sum($0) is even }"
        case .sumIsNotMultipleOf3: "{ sum($0) % 3 != 0 }"
        case .always: "{ _ in true }"
        case .never: "{ _ in false }"
        }
    }
}

/// The function given to `flattenMap` (or mapped before `flatten()` / `concat()`): picks one of
/// `choices` by the value's leaf sum and, if `pairsWithValue`, pairs each inner value with
/// the outer value (`[outer, inner]`), so outputs show which value produced them.
struct InnerFamily: Hashable, Sendable, CustomStringConvertible {
    var choices: [Pipeline]
    var pairsWithValue: Bool

    func index(for value: DValue) -> Int {
        let n = value.leafSum % choices.count
        return n < 0 ? n + choices.count : n
    }

    var description: String {
        let body = choices.count == 1
            ? choices[0].description
            : "[" + choices.map(\.description).joined(separator: ", ") + "][sum(v) % \(choices.count)]"
        return pairsWithValue ? "{ v in \(body).map { [v, $0] } }" : "{ v in \(body) }"
    }
}

/// The spelling used for a list operator, so that each public overload gets exercised.
enum ListForm: Hashable, Sendable, CaseIterable {
    /// `a.merge(b).merge(c)` — a left fold of the binary method.
    case method
    /// `Signal.merge(a, b)` / `Signal.merge(a, b, c)` (only for 2 or 3 signals).
    case variadic
    /// `Signal.merge([a, b, c])`.
    case array
}

/// The spelling used for `combineLatest`.
enum CombineForm: Hashable, Sendable, CaseIterable {
    /// `Signal.combineLatest(a, b)` (2 signals), mapped to `[a, b]`.
    case pair
    /// `Signal.combineLatest(a, b, c)` (3 signals, the parameter-pack form), mapped to `[a, b, c]`.
    case pack
    /// `Signal.combineLatest([a, b, ...])`.
    case array
}

indirect enum Pipeline: Hashable, Sendable, CustomStringConvertible {
    case source(Source)
    case map(Pipeline, MapFunction)
    case filter(Pipeline, Predicate)
    case flattenMap(Pipeline, InnerFamily)
    /// `p.map(family).flatten()`.
    case flatten(Pipeline, InnerFamily)
    /// `p.map(family).concat()`.
    case concatAll(Pipeline, InnerFamily)
    case merge([Pipeline], ListForm)
    case concat([Pipeline], ListForm)
    case combineLatest([Pipeline], CombineForm)
    /// `p.materialize()`, its values wrapped as `.event`.
    case materialize(Pipeline)
    /// `p.materialize().map(unwrap).dematerialize()`: an `.event(e)` value becomes `e`, any
    /// other value `v` becomes `next(v)`, and `p`'s own terminal event ends the output.
    case dematerialize(Pipeline)
    /// A one-operand operator (transform, filter, error mapping, ...).
    case unary(Pipeline, UnaryOperator)
    /// An operator with two operands (`a.skip(until: b)`, ...).
    case binary(Pipeline, BinaryOperator, Pipeline)
    /// An operator making inner signals from a family (flatten strategies, `catch`).
    case nested(Pipeline, NestedOperator, InnerFamily)
    /// An operator over a list of signals (`zip`, `race`).
    case list([Pipeline], ListOperator)

    /// The event list the model says a subscription delivers.
    var modelTrace: Trace {
        switch self {
        case .source(let source): source.events
        case .map(let p, let f): Model.map(p.modelTrace, f.callAsFunction)
        case .filter(let p, let isIncluded): Model.filter(p.modelTrace, isIncluded.callAsFunction)
        case .flattenMap(let p, let family), .flatten(let p, let family):
            Model.flattenMap(p.modelTrace, family.modelTrace)
        case .concatAll(let p, let family): Model.concatAll(p.modelTrace, family.modelTrace)
        case .merge(let ps, _): Model.merge(ps.map(\.modelTrace))
        case .concat(let ps, _): Model.concat(ps.map(\.modelTrace))
        case .combineLatest(let ps, _): Model.combineLatest(ps.map(\.modelTrace))
        case .materialize(let p): Model.materialize(p.modelTrace)
        case .dematerialize(let p):
            Model.dematerialize(Model.map(Model.materialize(p.modelTrace), Pipeline.unwrapMaterialized))
        case .unary(let p, let op): op.modelTrace(p.modelTrace)
        case .binary(let a, let op, let b): op.modelTrace(a.modelTrace, b.modelTrace)
        case .nested(let p, let op, let family): op.modelTrace(p.modelTrace, family)
        case .list(let ps, let op): op.modelTrace(ps.map(\.modelTrace))
        }
    }

    /// For `dematerialize`: a materialized event of `p`, as the event to re-emit.
    static func unwrapMaterialized(_ value: DValue) -> DValue {
        guard case .event(let event) = value else { preconditionFailure("materialize emits events") }
        switch event {
        case .next(.event(let inner)): return .event(inner)
        case .next, .error, .completed: return .event(event)
        }
    }

    /// Number of operators and sources in the tree, inner families included.
    var size: Int {
        switch self {
        case .source: 1
        case .map(let p, _), .filter(let p, _), .materialize(let p), .dematerialize(let p), .unary(let p, _): 1 + p.size
        case .flattenMap(let p, let family), .flatten(let p, let family), .concatAll(let p, let family),
             .nested(let p, _, let family):
            1 + p.size + family.choices.reduce(0) { $0 + $1.size }
        case .merge(let ps, _), .concat(let ps, _), .combineLatest(let ps, _), .list(let ps, _):
            1 + ps.reduce(0) { $0 + $1.size }
        case .binary(let a, _, let b): 1 + a.size + b.size
        }
    }

    /// The generator-row names of every operator in the tree, inner families included.
    var operatorNames: Set<String> {
        switch self {
        case .source: []
        case .map(let p, _): p.operatorNames.union(["map"])
        case .filter(let p, _): p.operatorNames.union(["filter"])
        case .materialize(let p): p.operatorNames.union(["materialize"])
        case .dematerialize(let p): p.operatorNames.union(["dematerialize"])
        case .unary(let p, let op): p.operatorNames.union([op.name])
        case .binary(let a, let op, let b): Pipeline.names(op.name, [a, b])
        case .nested(let p, let op, let family): Pipeline.names(op.name, [p] + family.choices)
        case .list(let ps, let op): Pipeline.names(op.name, ps)
        case .flattenMap(let p, let family): Pipeline.names("flattenMap", [p] + family.choices)
        case .flatten(let p, let family): Pipeline.names("flatten", [p] + family.choices)
        case .concatAll(let p, let family): Pipeline.names("concatAll", [p] + family.choices)
        case .merge(let ps, _): Pipeline.names("merge", ps)
        case .concat(let ps, _): Pipeline.names("concat", ps)
        case .combineLatest(let ps, _): Pipeline.names("combineLatest", ps)
        }
    }

    private static func names(_ name: String, _ operands: [Pipeline]) -> Set<String> {
        operands.reduce([name]) { $0.union($1.operatorNames) }
    }

    /// Operator nesting depth (a source has depth 0).
    var depth: Int {
        switch self {
        case .source: 0
        case .map(let p, _), .filter(let p, _), .materialize(let p), .dematerialize(let p), .unary(let p, _): 1 + p.depth
        case .flattenMap(let p, let family), .flatten(let p, let family), .concatAll(let p, let family),
             .nested(let p, _, let family):
            1 + max(p.depth, family.choices.map(\.depth).max() ?? 0)
        case .merge(let ps, _), .concat(let ps, _), .combineLatest(let ps, _), .list(let ps, _):
            1 + (ps.map(\.depth).max() ?? 0)
        case .binary(let a, _, let b): 1 + max(a.depth, b.depth)
        }
    }

    var description: String {
        func list(_ ps: [Pipeline]) -> String { ps.map(\.description).joined(separator: ", ") }
        switch self {
        case .source(let source): return source.description
        case .map(let p, let f): return "\(p).map \(f)"
        case .filter(let p, let isIncluded): return "\(p).filter \(isIncluded)"
        case .flattenMap(let p, let family): return "\(p).flattenMap \(family)"
        case .flatten(let p, let family): return "\(p).map \(family).flatten()"
        case .concatAll(let p, let family): return "\(p).map \(family).concat()"
        case .merge(let ps, let form): return Pipeline.spell("merge", ps, form)
        case .concat(let ps, let form): return Pipeline.spell("concat", ps, form)
        case .combineLatest(let ps, let form):
            return form == .array ? "Signal.combineLatest([\(list(ps))])" : "Signal.combineLatest(\(list(ps)))"
        case .materialize(let p): return "\(p).materialize()"
        case .dematerialize(let p): return "\(p).materialize().map(unwrap).dematerialize()"
        case .unary(let p, let op): return "\(p).\(op)"
        case .binary(let a, let op, let b): return op.spell(a, b)
        case .nested(let p, let op, let family): return op.spell(p, family)
        case .list(let ps, let op): return op.spell(ps)
        }
    }

    private static func spell(_ name: String, _ ps: [Pipeline], _ form: ListForm) -> String {
        switch form {
        case .method where !ps.isEmpty:
            return "(" + ps.map(\.description).joined(separator: ").\(name)(") + ")"
        case .variadic where ps.count == 2 || ps.count == 3:
            return "Signal.\(name)(" + ps.map(\.description).joined(separator: ", ") + ")"
        default:
            return "Signal.\(name)([" + ps.map(\.description).joined(separator: ", ") + "])"
        }
    }
}

extension InnerFamily {
    /// The trace of the inner signal made for `value`, in the model.
    func modelTrace(for value: DValue) -> Trace {
        let inner = choices[index(for: value)].modelTrace
        return pairsWithValue ? Model.map(inner) { .array([value, $0]) } : inner
    }
}
