// The reference model of the time operators, on whole ticks of virtual time.
//
// Written from the rules in the operators' doc comments, independently of their
// compositions: each model walks a timed schedule (source events at ticks) and the operator's
// own clock, and writes down what the output does and when.
//
// Ties at one tick (Contracts.md, "Ties at the boundary"): the source's events are scheduled
// before the operator subscribes, so at one tick they come *before* any timer of the
// operator (a value that arrives as a debounce timer is due cuts it; a value at a timeout's
// deadline is in time). throttle compares instants instead: a window opened at t covers
// [t, t + d), so a value at t + d is past it, whatever runs first.

/// A source event in a timed schedule, or an output event of an operator.
enum TickEvent: Hashable, Sendable, CustomStringConvertible {
    /// A value; operators that send arrays (buffer, collect) send their arrays here, and the
    /// others a one-element array.
    case next([Int])
    case error(Int)
    case completed

    var isTerminal: Bool {
        if case .next = self { return false }
        return true
    }

    var description: String {
        switch self {
        case .next(let values): values.count == 1 ? "\(values[0])" : "\(values)"
        case .error(let code): "#\(code)"
        case .completed: "|"
        }
    }
}

/// Events at ticks, in time order.
typealias TickTrace = [TickItem]

struct TickItem: Hashable, Sendable, CustomStringConvertible {
    var tick: Int
    var event: TickEvent
    var description: String { "\(event)@\(tick)" }
}

/// A source's schedule: its events at non-decreasing ticks (several may share a tick), at
/// most one terminal event, last; and the tick until which the test runs (then disposes).
struct TickSchedule: Sendable, CustomStringConvertible {
    var events: [TickItem]
    var horizon: Int
    var description: String { events.map(\.description).joined(separator: " ") + " (run to \(horizon))" }
}

enum TimeModel {
    /// Every event, `d` ticks later.
    static func delay(_ d: Int, _ schedule: TickSchedule) -> TickTrace {
        schedule.events.map { TickItem(tick: $0.tick + d, event: $0.event) }
            .filter { $0.tick <= schedule.horizon }
    }

    /// A value once `d` ticks pass without a newer one; the pending value at once on
    /// completion; an error drops it.
    static func debounce(_ d: Int, _ schedule: TickSchedule) -> TickTrace {
        var out: TickTrace = []
        var pending: (value: [Int], due: Int)?
        func firePending(before tick: Int) {
            if let current = pending, current.due < tick {
                out.append(TickItem(tick: current.due, event: .next(current.value)))
                pending = nil
            }
        }
        for item in schedule.events {
            firePending(before: item.tick)
            switch item.event {
            case .next(let value):
                pending = (value, item.tick + d)
            case .completed:
                if let current = pending { out.append(TickItem(tick: item.tick, event: .next(current.value))) }
                out.append(item)
                return out
            case .error:
                out.append(item)
                return out
            }
        }
        firePending(before: schedule.horizon + 1)
        return out
    }

    /// RxSwift's throttle: the first value at once, opening a window of `d`; at its end the
    /// latest value kept in it (`latest`), which opens the next window.
    static func throttle(_ d: Int, latest: Bool, _ schedule: TickSchedule) -> TickTrace {
        var out: TickTrace = []
        var windowEnd: Int?
        var kept: [Int]?
        var sourceIsDone = false
        /// Ends the windows that end by `tick`; returns whether the output has ended.
        func endWindows(upTo tick: Int) -> Bool {
            while let end = windowEnd, end <= tick {
                guard let value = kept else {
                    windowEnd = nil
                    break
                }
                kept = nil
                out.append(TickItem(tick: end, event: .next(value)))
                if sourceIsDone {
                    out.append(TickItem(tick: end, event: .completed))
                    return true
                }
                windowEnd = end + d
            }
            return false
        }
        for item in schedule.events {
            if endWindows(upTo: item.tick) { return out }
            switch item.event {
            case .next(let value):
                if windowEnd == nil {
                    out.append(item)
                    windowEnd = item.tick + d
                } else if latest {
                    kept = value
                }
            case .completed:
                guard kept != nil else {
                    out.append(item)
                    return out
                }
                sourceIsDone = true
                _ = endWindows(upTo: Int.max)
                return out.filter { $0.tick <= schedule.horizon }
            case .error:
                out.append(item)
                return out
            }
        }
        _ = endWindows(upTo: schedule.horizon)
        return out
    }

    /// The source while a value comes at least every `d` ticks (from the start, then from
    /// each value); then `fallback` (a value `-1` and completion, or error 99) at once.
    static func timeout(_ d: Int, fails: Bool, _ schedule: TickSchedule) -> TickTrace {
        var out: TickTrace = []
        var deadline = d
        func timedOut() -> TickTrace {
            if fails {
                out.append(TickItem(tick: deadline, event: .error(99)))
            } else {
                out.append(TickItem(tick: deadline, event: .next([-1])))
                out.append(TickItem(tick: deadline, event: .completed))
            }
            return out
        }
        for item in schedule.events {
            if deadline < item.tick { return timedOut() }
            out.append(item)
            if item.event.isTerminal { return out }
            deadline = item.tick + d
        }
        return deadline <= schedule.horizon ? timedOut() : out
    }

    /// At every `p` ticks, the latest value if a new one arrived; completion waits for a
    /// pending value's tick.
    static func sample(every p: Int, _ schedule: TickSchedule) -> TickTrace {
        var out: TickTrace = []
        var pending: [Int]?
        var sourceIsDone = false
        var nextTick = p
        /// Runs the ticks before `tick`; returns whether the output has ended.
        func runTicks(before tick: Int) -> Bool {
            while nextTick < tick {
                if let value = pending {
                    out.append(TickItem(tick: nextTick, event: .next(value)))
                    pending = nil
                    if sourceIsDone {
                        out.append(TickItem(tick: nextTick, event: .completed))
                        return true
                    }
                }
                nextTick += p
            }
            return false
        }
        for item in schedule.events {
            if runTicks(before: item.tick) { return out }
            switch item.event {
            case .next(let value):
                pending = value
            case .completed:
                guard pending != nil else {
                    out.append(item)
                    return out
                }
                sourceIsDone = true
                _ = runTicks(before: Int.max)
                return out.filter { $0.tick <= schedule.horizon }
            case .error:
                out.append(item)
                return out
            }
        }
        _ = runTicks(before: schedule.horizon + 1)
        return out
    }

    /// RxSwift's buffer: the array at the end of every window of `span` (even empty), or when
    /// it holds `count` values, which starts the next window; the rest on completion.
    /// `skipsEmpty`: `collect(every:)`, which sends no empty array.
    static func buffer(span: Int, count: Int, skipsEmpty: Bool, _ schedule: TickSchedule) -> TickTrace {
        var out: TickTrace = []
        var buffer: [Int] = []
        var nextTick = span
        func send(_ tick: Int) {
            if !(skipsEmpty && buffer.isEmpty) { out.append(TickItem(tick: tick, event: .next(buffer))) }
            buffer = []
        }
        for item in schedule.events {
            while nextTick < item.tick {
                send(nextTick)
                nextTick += span
            }
            switch item.event {
            case .next(let values):
                buffer += values
                if buffer.count == count {
                    send(item.tick)
                    nextTick = item.tick + span
                }
            case .completed:
                send(item.tick)
                out.append(item)
                return out
            case .error:
                out.append(item)
                return out
            }
        }
        while nextTick <= schedule.horizon {
            send(nextTick)
            nextTick += span
        }
        return out
    }
}
