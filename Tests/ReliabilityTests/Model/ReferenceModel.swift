// The reference model: each operator as a pure function on finite traces.
//
// Synchronous signals deliver everything while being subscribed, inner subscriptions happen
// at once and in order, so an operator over synchronous sources is a plain function of the
// sources' traces. The model is meant to be obviously correct: loops, no cleverness. It
// encodes the semantics of Contracts.md (sections "The grammar" and "bind") as decided for
// the library.

enum Model {
    /// `map`: pointwise; the terminal event passes through.
    static func map(_ source: Trace, _ transform: (DValue) -> DValue) -> Trace {
        source.map { event in
            if case .next(let value) = event { return .next(transform(value)) }
            return event
        }
    }

    /// `filter`: keeps the values that satisfy the predicate; the terminal event passes through.
    static func filter(_ source: Trace, _ isIncluded: (DValue) -> Bool) -> Trace {
        source.filter { event in
            if case .next(let value) = event { return isIncluded(value) }
            return true
        }
    }

    /// `flattenMap`: each source value's inner signal runs to its end before the next source
    /// value. The first error (inner or source) ends the output. The output completes when
    /// the source completed and every inner completed; a never-terminating inner keeps the
    /// output from ever completing.
    static func flattenMap(_ source: Trace, _ transform: (DValue) -> Trace) -> Trace {
        var output: Trace = []
        var everyInnerCompleted = true
        for event in source {
            switch event {
            case .next(let value):
                let inner = transform(value)
                for innerEvent in inner {
                    switch innerEvent {
                    case .next: output.append(innerEvent)
                    case .error: output.append(innerEvent); return output
                    case .completed: break
                    }
                }
                if !inner.isTerminated { everyInnerCompleted = false }
            case .error:
                output.append(event)
                return output
            case .completed:
                if everyInnerCompleted { output.append(.completed) }
                return output
            }
        }
        return output
    }

    /// `merge` of synchronous signals: subscribed in order, so the first's events, then the
    /// second's, ...; the first error ends everything (later signals are never subscribed);
    /// completes when all completed. `merge([])` completes at once.
    static func merge(_ sources: [Trace]) -> Trace {
        flattenMap(sources.indices.map { .next(.int($0)) } + [.completed]) { value in
            guard case .int(let index) = value else { preconditionFailure() }
            return sources[index]
        }
    }

    /// `concat`: each signal's events until it terminates; after a completion the next
    /// signal; an error ends everything; a never-terminating signal means later ones are
    /// never subscribed and there is no completion. `concat([])` completes at once.
    static func concat(_ sources: [Trace]) -> Trace {
        var output: Trace = []
        for source in sources {
            for event in source {
                switch event {
                case .next: output.append(event)
                case .error: output.append(event); return output
                case .completed: break
                }
            }
            if !source.isTerminated { return output }
        }
        output.append(.completed)
        return output
    }

    /// `concat()` on a signal of signals: inners one after another in arrival order. While an
    /// inner is running forever, later inners wait forever; an error of the outer signal is
    /// still forwarded at once, and its completion is not (an inner is still pending).
    static func concatAll(_ source: Trace, _ transform: (DValue) -> Trace) -> Trace {
        var output: Trace = []
        var blocked = false
        for event in source {
            switch event {
            case .next(let value):
                if blocked { continue }   // queued behind an inner that never terminates
                let inner = transform(value)
                for innerEvent in inner {
                    switch innerEvent {
                    case .next: output.append(innerEvent)
                    case .error: output.append(innerEvent); return output
                    case .completed: break
                    }
                }
                if !inner.isTerminated { blocked = true }
            case .error:
                output.append(event)
                return output
            case .completed:
                if !blocked { output.append(.completed) }
                return output
            }
        }
        return output
    }

    /// `combineLatest` of synchronous signals: the first is subscribed and runs to its end
    /// before the second is subscribed, and so on.
    static func combineLatest(_ sources: [Trace]) -> Trace {
        var schedule: [(source: Int, event: MEvent)] = []
        for (index, trace) in sources.enumerated() {
            schedule += trace.map { (index, $0) }
        }
        return combineLatest(count: sources.count, schedule: schedule)
    }

    /// `combineLatest` of `count` hot sources, all subscribed at the start, driven by a
    /// schedule of events. Emits `.array(latest)` once every source has a value, then on
    /// every value. Completes when all completed, or as soon as one source completes without
    /// ever having emitted. The first error wins. A source's events after its own terminal
    /// event are ignored (a subject's grammar).
    static func combineLatest(count: Int, schedule: [(source: Int, event: MEvent)]) -> Trace {
        var latest = [DValue?](repeating: nil, count: count)
        var done = [Bool](repeating: false, count: count)
        var output: Trace = []
        if count == 0 { return [.completed] }
        for (index, event) in schedule where !done[index] {
            switch event {
            case .next(let value):
                latest[index] = value
                if latest.allSatisfy({ $0 != nil }) { output.append(.next(.array(latest.map { $0! }))) }
            case .error:
                output.append(event)
                return output
            case .completed:
                done[index] = true
                if latest[index] == nil || done.allSatisfy({ $0 }) {
                    output.append(.completed)
                    return output
                }
            }
        }
        return output
    }

    /// `merge` of `count` hot sources, all subscribed at the start, driven by a schedule.
    static func merge(count: Int, schedule: [(source: Int, event: MEvent)]) -> Trace {
        var done = [Bool](repeating: false, count: count)
        var output: Trace = []
        if count == 0 { return [.completed] }
        for (index, event) in schedule where !done[index] {
            switch event {
            case .next: output.append(event)
            case .error: output.append(event); return output
            case .completed:
                done[index] = true
                if done.allSatisfy({ $0 }) { output.append(.completed); return output }
            }
        }
        return output
    }

    /// `concat` of `count` hot subjects driven by a schedule: subject `i + 1` is subscribed
    /// only once subject `i` completed, so it misses the values it sent before; a subject that
    /// has already terminated sends its terminal event to the late subscriber at once.
    static func concat(count: Int, schedule: [(source: Int, event: MEvent)]) -> Trace {
        var terminal = [MEvent?](repeating: nil, count: count)
        var active = 0
        var output: Trace = []
        /// Moves past completed subjects; returns false when the output has ended.
        func advance() -> Bool {
            while active < count, let end = terminal[active] {
                if case .error = end { output.append(end); return false }
                active += 1
            }
            if active == count { output.append(.completed); return false }
            return true
        }
        if !advance() { return output }
        for (index, event) in schedule where terminal[index] == nil {
            if event.isTerminal { terminal[index] = event }
            guard index == active else { continue }
            if case .next = event { output.append(event); continue }
            if !advance() { return output }
        }
        return output
    }

    /// `materialize`: every event, the terminal one included, becomes a value; then completed.
    static func materialize(_ source: Trace) -> Trace {
        source.map { .next(.event($0)) } + (source.isTerminated ? [.completed] : [])
    }

    /// `dematerialize`: the inverse of `materialize` on a trace whose values are events. A
    /// materialized terminal event ends the output; so does the source's own terminal event.
    static func dematerialize(_ source: Trace) -> Trace {
        var output: Trace = []
        for event in source {
            switch event {
            case .next(.event(let inner)):
                output.append(inner)
                if inner.isTerminal { return output }
            case .next(let value):
                preconditionFailure("dematerialize of a non-event value \(value)")
            case .error, .completed:
                output.append(event)
                return output
            }
        }
        return output
    }

    /// `flatten()` of a hot outer signal whose values pick hot inner subjects. The schedule's
    /// source 0 is the outer signal, whose values `.int(k)` send subject `k`'s signal; source
    /// `k + 1` is subject `k`. A subscription sees only what its subject sends afterwards; a
    /// subject that has already terminated sends its terminal event at once. The output
    /// completes when the outer signal and every inner subscription completed.
    static func flatten(innerCount: Int, schedule: [(source: Int, event: MEvent)]) -> Trace {
        var terminal = [MEvent?](repeating: nil, count: innerCount + 1)
        var live: [Int] = []   // one entry per live inner subscription
        var outerDone = false
        var output: Trace = []
        for (source, event) in schedule where terminal[source] == nil {
            if event.isTerminal { terminal[source] = event }
            if source == 0 {
                switch event {
                case .next(let value):
                    guard case .int(let k) = value else { preconditionFailure("outer values pick subjects") }
                    switch terminal[k + 1] {
                    case .error?: output.append(terminal[k + 1]!); return output
                    case .completed?: break
                    default: live.append(k + 1)
                    }
                case .error: output.append(event); return output
                case .completed: outerDone = true
                }
            } else {
                let subscriptions = live.filter { $0 == source }.count
                guard subscriptions > 0 else { continue }
                switch event {
                case .next: output += Array(repeating: event, count: subscriptions)
                case .error: output.append(event); return output
                case .completed: live.removeAll { $0 == source }
                }
            }
            if outerDone && live.isEmpty { output.append(.completed); return output }
        }
        return output
    }

    /// `concat()` of the same kind of schedule as `flatten(innerCount:schedule:)`: one inner
    /// subscription at a time, the others waiting in arrival order.
    static func concatAll(innerCount: Int, schedule: [(source: Int, event: MEvent)]) -> Trace {
        var terminal = [MEvent?](repeating: nil, count: innerCount + 1)
        var waiting: [Int] = []
        var active: Int?
        var outerDone = false
        var output: Trace = []
        /// Subscribes the next waiting subject (skipping completed ones); false when the output ended.
        func startNext() -> Bool {
            active = nil
            while !waiting.isEmpty {
                let next = waiting.removeFirst()
                switch terminal[next] {
                case .error?: output.append(terminal[next]!); return false
                case .completed?: continue
                default: active = next; return true
                }
            }
            if outerDone { output.append(.completed); return false }
            return true
        }
        for (source, event) in schedule where terminal[source] == nil {
            if event.isTerminal { terminal[source] = event }
            if source == 0 {
                switch event {
                case .next(let value):
                    guard case .int(let k) = value else { preconditionFailure("outer values pick subjects") }
                    waiting.append(k + 1)
                    if active == nil, !startNext() { return output }
                case .error: output.append(event); return output
                case .completed:
                    outerDone = true
                    if active == nil, waiting.isEmpty { output.append(.completed); return output }
                }
            } else if source == active {
                switch event {
                case .next: output.append(event)
                case .error: output.append(event); return output
                case .completed: if !startNext() { return output }
                }
            }
        }
        return output
    }
}
