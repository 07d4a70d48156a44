// The reference model of the combining, error-handling, repeating and flattening operators,
// written from their written rules. Synchronous operands are subscribed in order and each
// delivers its whole trace while being subscribed, so a synchronous form is the hot form
// driven by the operands' traces one after the other.

extension Model {
    /// The schedule in which synchronous signals, subscribed in order, deliver their events.
    static func sequential(_ traces: [Trace]) -> [(source: Int, event: MEvent)] {
        traces.enumerated().flatMap { index, trace in trace.map { (index, $0) } }
    }

    /// `zip` of synchronous signals.
    static func zip(_ sources: [Trace]) -> Trace {
        zip(count: sources.count, schedule: sequential(sources))
    }

    /// `zip` of `count` hot sources: the n-th values of every source make the n-th output
    /// value (`.array`). Completes as soon as a source has completed and its buffered values
    /// are used up; the first error ends the output. Events after a source's own terminal
    /// event are ignored.
    static func zip(count: Int, schedule: [(source: Int, event: MEvent)]) -> Trace {
        if count == 0 { return [.completed] }
        var buffers = [[DValue]](repeating: [], count: count)
        var done = [Bool](repeating: false, count: count)
        var output: Trace = []
        /// Whether a completed source has nothing left to pair.
        func exhausted() -> Bool { (0..<count).contains { done[$0] && buffers[$0].isEmpty } }
        for (index, event) in schedule where !done[index] {
            switch event {
            case .next(let value):
                buffers[index].append(value)
                if buffers.allSatisfy({ !$0.isEmpty }) {
                    output.append(.next(.array(buffers.map(\.[0]))))
                    for i in buffers.indices { buffers[i].removeFirst() }
                }
            case .error:
                output.append(event)
                return output
            case .completed:
                done[index] = true
            }
            if exhausted() { output.append(.completed); return output }
        }
        return output
    }

    /// `then(next)`: this signal's values are dropped; on its completion, `next`.
    static func then(_ source: Trace, _ next: Trace) -> Trace {
        switch source.last {
        case .completed?: next
        case .error?: [source.last!]
        default: []
        }
    }

    /// `race`: sources are subscribed in order; the first to send any event wins and the
    /// others are disposed, so a synchronous source that sends anything wins.
    static func race(_ sources: [Trace]) -> Trace {
        sources.first { !$0.isEmpty } ?? []
    }

    /// `catch { handler }`: the values, then on an error the handler's signal.
    static func `catch`(_ source: Trace, _ handler: (TestError) -> Trace) -> Trace {
        guard case .error(let error)? = source.last else { return source }
        return source.dropLast() + handler(error)
    }

    /// `replaceError(with:)`: the values, then on an error the value and completed.
    static func replaceError(_ source: Trace, with value: DValue) -> Trace {
        `catch`(source) { _ in [.next(value), .completed] }
    }

    /// `retry(n)`: on an error, subscribes again, up to `n` more times; a synchronous source
    /// sends the same trace each time.
    static func retry(_ source: Trace, _ count: Int) -> Trace {
        guard case .error? = source.last else { return source }
        return Array(repeating: source.dropLast(), count: count + 1).flatMap { $0 } + [source.last!]
    }

    /// `repeat(n)`: `n` subscriptions one after the other; `repeat(0)` is empty. An error, or
    /// a subscription that never ends, ends the repetition.
    static func `repeat`(_ source: Trace, _ count: Int) -> Trace {
        if count == 0 { return [.completed] }
        guard case .completed? = source.last else { return source }
        return Array(repeating: source.dropLast(), count: count).flatMap { $0 } + [.completed]
    }

    /// `flatten(.concurrent(limit:))` (`.concat` is `limit` 1) of synchronous inners: an
    /// inner that ends frees its slot at once; one that never ends holds it forever, and
    /// inners beyond the limit then wait forever. Completes when the source and every inner
    /// completed; the first error ends the output.
    static func flatten(_ source: Trace, limit: Int, _ transform: (DValue) -> Trace) -> Trace {
        var held = 0
        var waiting = false
        var output: Trace = []
        for event in source {
            switch event {
            case .next(let value):
                guard held < limit else { waiting = true; continue }
                let inner = transform(value)
                for innerEvent in inner {
                    if case .completed = innerEvent { continue }
                    output.append(innerEvent)
                    if innerEvent.isTerminal { return output }
                }
                if !inner.isTerminated { held += 1 }
            case .error:
                output.append(event)
                return output
            case .completed:
                if held == 0 && !waiting { output.append(.completed) }
                return output
            }
        }
        return output
    }

    /// `flatten(.latest)` (`switchToLatest`) of synchronous inners: each inner delivers its
    /// events when subscribed and is disposed when the next source value arrives, so only the
    /// last inner's end matters for completion.
    static func switchToLatest(_ source: Trace, _ transform: (DValue) -> Trace) -> Trace {
        var latestEnded = true
        var output: Trace = []
        for event in source {
            switch event {
            case .next(let value):
                let inner = transform(value)
                for innerEvent in inner {
                    if case .completed = innerEvent { continue }
                    output.append(innerEvent)
                    if innerEvent.isTerminal { return output }
                }
                latestEnded = inner.isTerminated
            case .error:
                output.append(event)
                return output
            case .completed:
                if latestEnded { output.append(.completed) }
                return output
            }
        }
        return output
    }

    /// `flatten(.first)` (`flatMapFirst`) of synchronous inners: a source value that arrives
    /// while an inner runs is dropped; a synchronous inner runs only while it has not ended.
    static func flattenFirst(_ source: Trace, _ transform: (DValue) -> Trace) -> Trace {
        var running = false
        var output: Trace = []
        for event in source {
            switch event {
            case .next(let value):
                if running { continue }
                let inner = transform(value)
                for innerEvent in inner {
                    if case .completed = innerEvent { continue }
                    output.append(innerEvent)
                    if innerEvent.isTerminal { return output }
                }
                running = !inner.isTerminated
            case .error:
                output.append(event)
                return output
            case .completed:
                if !running { output.append(.completed) }
                return output
            }
        }
        return output
    }

    /// `take(until: trigger)` with a synchronous trigger: the trigger is subscribed first, so
    /// if it sends a value the output completes before the source sends anything.
    static func take(_ source: Trace, untilTrigger trigger: Trace) -> Trace {
        fires(trigger) ? [.completed] : source
    }

    /// `take(until:)` of a hot source (schedule source 0) and a hot trigger (source 1): the
    /// trigger's first value completes the output; its terminal event changes nothing.
    static func takeUntil(schedule: [(source: Int, event: MEvent)]) -> Trace {
        var triggerEnded = false
        var output: Trace = []
        for (source, event) in schedule {
            if source == 1 {
                if triggerEnded { continue }
                if event.isTerminal { triggerEnded = true; continue }
                output.append(.completed)
                return output
            }
            output.append(event)
            if event.isTerminal { return output }
        }
        return output
    }

    /// `withLatestFrom(other)` of a hot source (schedule source 0) and a hot `other` (source
    /// 1): each source value is paired with `other`'s latest value, and dropped while `other`
    /// has none. Completes with the source; the first error of either ends the output.
    static func withLatestFrom(schedule: [(source: Int, event: MEvent)]) -> Trace {
        var latest: DValue?
        var otherEnded = false
        var output: Trace = []
        for (source, event) in schedule {
            if source == 1 {
                if otherEnded { continue }
                switch event {
                case .next(let value): latest = value
                case .error: output.append(event); return output
                case .completed: otherEnded = true
                }
                continue
            }
            switch event {
            case .next(let value): if let latest { output.append(.next(.array([value, latest]))) }
            case .error, .completed: output.append(event); return output
            }
        }
        return output
    }

    /// `sample(on: trigger)` of a hot source (schedule source 0) and a hot trigger (source 1):
    /// each trigger value emits the source's latest value if one arrived since the last
    /// sample. The contract leaves the ends open; the library's documented rule (RxSwift's
    /// for the source): the source's error ends the output; its completion ends it at once
    /// if nothing is pending, else right after the next trigger value has sent the pending
    /// value; the trigger's end sends the pending value, if any, and completes.
    static func sample(schedule: [(source: Int, event: MEvent)]) -> Trace {
        var pending: DValue?
        var sourceCompleted = false
        var output: Trace = []
        for (source, event) in schedule {
            if source == 1 {
                if let value = pending { output.append(.next(value)); pending = nil }
                if event.isTerminal || sourceCompleted { output.append(.completed); return output }
                continue
            }
            if sourceCompleted { continue }
            switch event {
            case .next(let value): pending = value
            case .error: output.append(event); return output
            case .completed:
                if pending == nil { output.append(event); return output }
                sourceCompleted = true
            }
        }
        return output
    }

    /// `switchToLatest()` of a hot outer signal whose values `.int(k)` pick hot inner subjects
    /// (as in `flatten(innerCount:schedule:)`): only the latest inner is listened to; the
    /// output completes when the outer signal and the latest inner completed.
    static func switchToLatest(innerCount: Int, schedule: [(source: Int, event: MEvent)]) -> Trace {
        var terminal = [MEvent?](repeating: nil, count: innerCount + 1)
        var current: Int?
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
                    case .completed?: current = nil
                    default: current = k + 1
                    }
                case .error: output.append(event); return output
                case .completed: outerDone = true
                }
            } else if source == current {
                switch event {
                case .next: output.append(event)
                case .error: output.append(event); return output
                case .completed: current = nil
                }
            }
            if outerDone && current == nil { output.append(.completed); return output }
        }
        return output
    }
}

extension Model {
    /// A `bind` that cuts (`BindControl.cancelInners()`): a hot outer signal whose values
    /// `.int(k)` pick hot inner subjects; an even `k` first cuts every live inner (they deliver
    /// nothing more and no longer count), then subject `k` is merged in (an odd `k` merges it
    /// beside the live ones, as `flatten()`; the same subject merged twice delivers twice).
    /// The output completes when the outer signal has completed and every live inner has.
    static func cuttingMerge(innerCount: Int, schedule: [(source: Int, event: MEvent)]) -> Trace {
        var terminal = [MEvent?](repeating: nil, count: innerCount + 1)
        var live: [Int] = []   // subscriptions, by source; a source may appear more than once
        var outerDone = false
        var output: Trace = []
        for (source, event) in schedule where terminal[source] == nil {
            if event.isTerminal { terminal[source] = event }
            if source == 0 {
                switch event {
                case .next(let value):
                    guard case .int(let k) = value else { preconditionFailure("outer values pick subjects") }
                    if k % 2 == 0 { live.removeAll() }
                    switch terminal[k + 1] {
                    case .error?: output.append(terminal[k + 1]!); return output
                    case .completed?: break
                    default: live.append(k + 1)
                    }
                case .error: output.append(event); return output
                case .completed: outerDone = true
                }
            } else {
                let copies = live.count { $0 == source }
                switch event {
                case .next: output.append(contentsOf: repeatElement(event, count: copies))
                case .error: if copies > 0 { output.append(event); return output }
                case .completed: live.removeAll { $0 == source }
                }
            }
            if outerDone && live.isEmpty { output.append(.completed); return output }
        }
        return output
    }
}

extension Model {
    /// `copies` subscriptions, merged, to `share(replay: replay)` of a synchronous signal (or
    /// to `replayLazily(upTo: replay)` when `keepsCache`). The first subscription connects
    /// and receives the whole trace. A later one finds the connection still open if the trace
    /// never ends, and receives the last `replay` values only; if it ended, `share` connects
    /// anew (the whole trace again) while `replayLazily` replays the last `replay` values and
    /// the terminal event from its cache.
    static func shared(_ trace: Trace, replay: Int, keepsCache: Bool, copies: Int) -> Trace {
        let values = trace.compactMap(\.value).map(MEvent.next)
        let late: Trace
        switch (trace.isTerminated, keepsCache) {
        case (false, _): late = Array(values.suffix(replay))
        case (true, false): late = trace
        case (true, true): late = Array(values.suffix(replay)) + [trace.last!]
        }
        return merge([trace] + Array(repeating: late, count: max(0, copies - 1)))
    }
}
