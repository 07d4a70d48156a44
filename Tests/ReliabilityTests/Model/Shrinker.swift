// Shrinks a failing pipeline to a minimal one by dropping operators and events.

enum Shrinker {
    /// Greedily replaces `pipeline` by smaller candidates for which `fails` still holds,
    /// until no candidate fails. Every candidate is strictly smaller, so this terminates.
    static func shrink(_ pipeline: Pipeline, attempts: Int = 10_000, fails: (Pipeline) -> Bool) -> Pipeline {
        var current = pipeline
        var remaining = attempts
        search: while remaining > 0 {
            for candidate in candidates(current) {
                remaining -= 1
                if fails(candidate) { current = candidate; continue search }
                if remaining <= 0 { break search }
            }
            break
        }
        return current
    }

    /// Smaller variants of `pipeline`, the most drastic first: an operand instead of the
    /// operator, a literal source sending what the model says the operator sends (which keeps
    /// a failure that lies outside this subtree and lets later shrinks see through it), fewer
    /// operands, then smaller operands, fewer events, simpler sources.
    static func candidates(_ pipeline: Pipeline) -> [Pipeline] {
        var result: [Pipeline] = []
        if case .source = pipeline {} else {
            result.append(.source(Source(events: pipeline.modelTrace, style: .literal)))
        }
        switch pipeline {
        case .source(let source):
            result += candidates(source).map(Pipeline.source)
        case .map(let p, let f):
            result.append(p)
            result += candidates(p).map { .map($0, f) }
            if f != .add(0), case .add = f { result.append(.map(p, .add(0))) }
        case .filter(let p, let isIncluded):
            result.append(p)
            result += candidates(p).map { .filter($0, isIncluded) }
            if isIncluded != .always { result.append(.filter(p, .always)) }
        case .materialize(let p):
            result.append(p)
            result += candidates(p).map(Pipeline.materialize)
        case .dematerialize(let p):
            result.append(p)
            result += candidates(p).map(Pipeline.dematerialize)
        case .unary(let p, let op):
            result.append(p)
            result += candidates(p).map { .unary($0, op) }
            result += op.simpler.map { .unary(p, $0) }
        case .binary(let a, let op, let b):
            result += [a, b]
            result += candidates(a).map { .binary($0, op, b) }
            result += candidates(b).map { .binary(a, op, $0) }
        case .nested(let p, let op, let family):
            result += [p] + family.choices
            result += candidates(p).map { .nested($0, op, family) }
            result += candidates(family).map { .nested(p, op, $0) }
            result += op.simpler.map { .nested(p, $0, family) }
        case .list(let ps, let op):
            result += ps
            result += candidates(ps).filter { op.accepts($0.count) }.map { .list($0, op) }
            if case .zip(let form) = op, form != .array { result.append(.list(ps, .zip(.array))) }
        case .flattenMap(let p, let family):
            result += [p] + family.choices
            result += candidates(p).map { .flattenMap($0, family) }
            result += candidates(family).map { .flattenMap(p, $0) }
        case .flatten(let p, let family):
            result += [p] + family.choices + [.flattenMap(p, family)]
            result += candidates(p).map { .flatten($0, family) }
            result += candidates(family).map { .flatten(p, $0) }
        case .concatAll(let p, let family):
            result += [p] + family.choices
            result += candidates(p).map { .concatAll($0, family) }
            result += candidates(family).map { .concatAll(p, $0) }
        case .merge(let ps, let form):
            result += ps
            result += candidates(ps).map { .merge($0, form) }
            if form != .array { result.append(.merge(ps, .array)) }
        case .concat(let ps, let form):
            result += ps
            result += candidates(ps).map { .concat($0, form) }
            if form != .array { result.append(.concat(ps, .array)) }
        case .combineLatest(let ps, let form):
            result += ps
            // Only the array form can take another number of sources.
            if form == .array { result += candidates(ps).filter { !$0.isEmpty }.map { .combineLatest($0, .array) } }
            else {
                result.append(.combineLatest(ps, .array))
                result += ps.indices.flatMap { index in
                    candidates(ps[index]).map { var copy = ps; copy[index] = $0; return .combineLatest(copy, form) }
                }
            }
        }
        return result
    }

    /// Lists with one element dropped, then with one element shrunk.
    private static func candidates(_ ps: [Pipeline]) -> [[Pipeline]] {
        var result = ps.indices.map { index in var copy = ps; copy.remove(at: index); return copy }
        for index in ps.indices {
            result += candidates(ps[index]).map { var copy = ps; copy[index] = $0; return copy }
        }
        return result
    }

    private static func candidates(_ family: InnerFamily) -> [InnerFamily] {
        var result: [InnerFamily] = []
        if family.pairsWithValue { result.append(InnerFamily(choices: family.choices, pairsWithValue: false)) }
        if family.choices.count > 1 {
            result += candidates(family.choices).map { InnerFamily(choices: $0, pairsWithValue: family.pairsWithValue) }
        } else {
            result += candidates(family.choices[0]).map { InnerFamily(choices: [$0], pairsWithValue: family.pairsWithValue) }
        }
        return result
    }

    private static func candidates(_ source: Source) -> [Source] {
        var result = source.events.indices.map { index in
            var copy = source
            copy.events.remove(at: index)
            return copy
        }
        if source.style != .literal { result.append(Source(events: source.events, style: .literal)) }
        for (index, event) in source.events.enumerated() {
            if case .next(.int(let n)) = event, n != 0 {
                var copy = source
                copy.events[index] = .next(.int(0))
                result.append(copy)
            }
        }
        return result
    }
}
