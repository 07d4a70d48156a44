// The reference model of the transform and filter operators: one pure function on a finite
// trace each, written from the operators' written rules (the project's contract), not from
// the library's code. A trace without a terminal event belongs to a source that never ends.
//
// Rules the contract leaves open follow RxSwift, as the library promises:
// - an error passes through and drops whatever the operator buffered (`collect`,
//   `collect(count:)`, `takeLast`, `reduce`, `last`, `count`, `allSatisfy`, `contains`);
// - `distinctUntilChanged(by:)` compares each value with the last value it *emitted*.

extension Model {
    /// A value-by-value operator: `step` sees each value and returns what to emit and whether
    /// to stop (then `completed` is emitted); `end` says what to emit on `completed`. An
    /// error passes through. A source without a terminal event gets no `end`.
    static func fold<State>(
        _ source: Trace, _ state: State,
        step: (inout State, DValue) -> (emit: [DValue], stop: Bool),
        end: (State) -> [DValue]
    ) -> Trace {
        var state = state
        var output: Trace = []
        for event in source {
            switch event {
            case .next(let value):
                let (emit, stop) = step(&state, value)
                output += emit.map(MEvent.next)
                if stop { output.append(.completed); return output }
            case .error:
                output.append(event)
                return output
            case .completed:
                output += end(state).map(MEvent.next)
                output.append(.completed)
                return output
            }
        }
        return output
    }

    /// `compactMap`: the transform's non-nil results.
    static func compactMap(_ source: Trace, _ transform: (DValue) -> DValue?) -> Trace {
        fold(source, (), step: { _, value in (transform(value).map { [$0] } ?? [], false) }, end: { _ in [] })
    }

    /// `scan`: every accumulation, not the seed.
    static func scan(_ source: Trace, _ seed: DValue, _ combine: (DValue, DValue) -> DValue) -> Trace {
        fold(source, seed, step: { acc, value in acc = combine(acc, value); return ([acc], false) }, end: { _ in [] })
    }

    /// `scan` without a seed: the first value as it is, then every accumulation.
    static func scan(_ source: Trace, _ combine: (DValue, DValue) -> DValue) -> Trace {
        fold(source, DValue?.none, step: { acc, value in
            let next = acc.map { combine($0, value) } ?? value
            acc = next
            return ([next], false)
        }, end: { _ in [] })
    }

    /// `pairwise()`: `[previous, current]` from the second value on.
    static func pairwise(_ source: Trace) -> Trace {
        fold(source, DValue?.none, step: { previous, value in
            defer { previous = value }
            return (previous.map { [.array([$0, value])] } ?? [], false)
        }, end: { _ in [] })
    }

    /// `enumerated()`: `[offset, value]`, offsets from 0.
    static func enumerated(_ source: Trace) -> Trace {
        fold(source, 0, step: { offset, value in
            defer { offset += 1 }
            return ([.array([.int(offset), value])], false)
        }, end: { _ in [] })
    }

    /// `chunked(on:)`: `[key, [values]]` for each run of consecutive values with one key, sent
    /// when the key changes and on completion.
    static func chunked(_ source: Trace, on key: (DValue) -> DValue) -> Trace {
        fold(source, (key: DValue, values: [DValue])?.none, step: { chunk, value in
            let valueKey = key(value)
            if let open = chunk, open.key == valueKey {
                chunk = (open.key, open.values + [value])
                return ([], false)
            }
            defer { chunk = (valueKey, [value]) }
            return (chunk.map { [.array([$0.key, .array($0.values)])] } ?? [], false)
        }, end: { chunk in chunk.map { [.array([$0.key, .array($0.values)])] } ?? [] })
    }

    /// `reduce`: the last accumulation on completion (the seed for an empty source).
    static func reduce(_ source: Trace, _ seed: DValue, _ combine: (DValue, DValue) -> DValue) -> Trace {
        fold(source, seed, step: { acc, value in acc = combine(acc, value); return ([], false) }, end: { [$0] })
    }

    /// `collect()`: all values as one array on completion (`[]` for an empty source).
    static func collect(_ source: Trace) -> Trace {
        fold(source, [DValue](), step: { all, value in all.append(value); return ([], false) }, end: { [.array($0)] })
    }

    /// `collect(count:)`: arrays of `count` values as they fill, the partial rest on completion.
    static func collect(_ source: Trace, count: Int) -> Trace {
        fold(source, [DValue](), step: { chunk, value in
            chunk.append(value)
            guard chunk.count == count else { return ([], false) }
            defer { chunk = [] }
            return ([.array(chunk)], false)
        }, end: { $0.isEmpty ? [] : [.array($0)] })
    }

    /// `combinePrevious(initial)`: `[previous, current]` for each value, `initial` before the first.
    static func combinePrevious(_ source: Trace, _ initial: DValue) -> Trace {
        fold(source, initial, step: { previous, value in
            defer { previous = value }
            return ([.array([previous, value])], false)
        }, end: { _ in [] })
    }

    /// `take(n)`: the first `n` values, then completed; `take(0)` completes at once, whatever
    /// the source would do.
    static func take(_ source: Trace, _ count: Int) -> Trace {
        if count == 0 { return [.completed] }
        return fold(source, 0, step: { taken, value in taken += 1; return ([value], taken == count) }, end: { _ in [] })
    }

    /// `take(while:)`: values while the predicate holds; the first failing value completes.
    static func take(_ source: Trace, while predicate: (DValue) -> Bool) -> Trace {
        fold(source, (), step: { _, value in predicate(value) ? ([value], false) : ([], true) }, end: { _ in [] })
    }

    /// `take(while:inclusive: true)`: values while the predicate holds; the first failing
    /// value is sent, then completes.
    static func take(_ source: Trace, whileInclusive predicate: (DValue) -> Bool) -> Trace {
        fold(source, (), step: { _, value in ([value], !predicate(value)) }, end: { _ in [] })
    }

    /// `takeLast(n)`: on completion, the last `n` values.
    static func takeLast(_ source: Trace, _ count: Int) -> Trace {
        fold(source, [DValue](), step: { all, value in all.append(value); return ([], false) },
             end: { Array($0.suffix(count)) })
    }

    /// `skip(n)`: every value but the first `n`.
    static func skip(_ source: Trace, _ count: Int) -> Trace {
        fold(source, 0, step: { seen, value in seen += 1; return (seen > count ? [value] : [], false) }, end: { _ in [] })
    }

    /// `skip(while:)`: drops values while the predicate holds, then forwards everything.
    static func skip(_ source: Trace, while predicate: (DValue) -> Bool) -> Trace {
        fold(source, true, step: { skipping, value in
            if skipping && predicate(value) { return ([], false) }
            skipping = false
            return ([value], false)
        }, end: { _ in [] })
    }

    /// `distinctUntilChanged(by:)`: a value is emitted unless `isSame(lastEmitted, value)`.
    static func distinctUntilChanged(_ source: Trace, by isSame: (DValue, DValue) -> Bool) -> Trace {
        fold(source, DValue?.none, step: { last, value in
            if let previous = last, isSame(previous, value) { return ([], false) }
            last = value
            return ([value], false)
        }, end: { _ in [] })
    }

    /// `first(where:)`: the first matching value, then completed; completed without a value
    /// if the source completes first.
    static func first(_ source: Trace, where predicate: (DValue) -> Bool) -> Trace {
        fold(source, (), step: { _, value in predicate(value) ? ([value], true) : ([], false) }, end: { _ in [] })
    }

    /// `last()`: the last value on completion (nothing for an empty source).
    static func last(_ source: Trace) -> Trace {
        fold(source, DValue?.none, step: { last, value in last = value; return ([], false) },
             end: { $0.map { [$0] } ?? [] })
    }

    /// `replaceEmpty(with:)`: the values; `value` on completion if there were none.
    static func replaceEmpty(_ source: Trace, with replacement: DValue) -> Trace {
        fold(source, true, step: { empty, value in empty = false; return ([value], false) },
             end: { $0 ? [replacement] : [] })
    }

    /// `count()`: the number of values on completion.
    static func count(_ source: Trace) -> Trace {
        fold(source, 0, step: { count, _ in count += 1; return ([], false) }, end: { [.int($0)] })
    }

    /// `allSatisfy`: `false` at the first failing value (then completed), `true` on completion.
    /// Booleans are `.int(1)` and `.int(0)`.
    static func allSatisfy(_ source: Trace, _ predicate: (DValue) -> Bool) -> Trace {
        fold(source, (), step: { _, value in predicate(value) ? ([], false) : ([.int(0)], true) }, end: { _ in [.int(1)] })
    }

    /// `contains(where:)`: `true` at the first match (then completed), `false` on completion.
    static func contains(_ source: Trace, where predicate: (DValue) -> Bool) -> Trace {
        fold(source, (), step: { _, value in predicate(value) ? ([.int(1)], true) : ([], false) }, end: { _ in [.int(0)] })
    }

    /// `ignoreValues()`: the terminal event only.
    static func ignoreValues(_ source: Trace) -> Trace {
        source.filter(\.isTerminal)
    }

    /// `mapError`: the error transformed; values and completion pass through.
    static func mapError(_ source: Trace, _ transform: (TestError) -> TestError) -> Trace {
        source.map { event in
            if case .error(let error) = event { return .error(transform(error)) }
            return event
        }
    }
}

extension Model {
    /// Whether a trigger's trace opens (or closes) a gate: it sends a value.
    static func fires(_ trigger: Trace) -> Bool { trigger.contains { $0.value != nil } }

    /// `skip(until: trigger)` with a synchronous trigger: the trigger is subscribed first, so
    /// it has run by the time the source sends. If it sent a value, every source value
    /// passes; if not, none does. The source's terminal event ends the output.
    static func skip(_ source: Trace, untilTrigger trigger: Trace) -> Trace {
        fires(trigger) ? source : source.filter(\.isTerminal)
    }

    /// `buffer(boundary:)` of a hot source (schedule source 0) and a hot boundary (source 1):
    /// each boundary value sends the values since the last one (even none); the source's
    /// completion sends the rest and completes; an error of either fails; the boundary's
    /// completion changes nothing. Also `window(boundary:)` with each window collected.
    static func bufferBoundary(schedule: [(source: Int, event: MEvent)]) -> Trace {
        var buffer: [DValue] = []
        var boundaryEnded = false
        var output: Trace = []
        for (source, event) in schedule {
            if source == 1 {
                if boundaryEnded { continue }
                switch event {
                case .next: output.append(.next(.array(buffer))); buffer = []
                case .error: output.append(event); return output
                case .completed: boundaryEnded = true
                }
                continue
            }
            switch event {
            case .next(let value): buffer.append(value)
            case .error: output.append(event); return output
            case .completed: output += [.next(.array(buffer)), .completed]; return output
            }
        }
        return output
    }

    /// `skip(until:)` of a hot source (schedule source 0) and a hot trigger (source 1): values
    /// pass once the trigger has sent a value. The trigger's terminal event changes nothing.
    static func skipUntil(schedule: [(source: Int, event: MEvent)]) -> Trace {
        var isOpen = false
        var triggerEnded = false
        var output: Trace = []
        for (source, event) in schedule {
            if source == 1 {
                if triggerEnded { continue }
                if event.isTerminal { triggerEnded = true } else { isOpen = true }
                continue
            }
            switch event {
            case .next: if isOpen { output.append(event) }
            case .error, .completed: output.append(event); return output
            }
        }
        return output
    }
}
