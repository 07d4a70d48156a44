import Signals
import SignalsPictures

/// A marble diagram as a picture: lanes of timed events on virtual time, with the intervals
/// each signal was subscribed, drawn as SVG.
///
/// One lane per signal: values are labelled marbles at their times, completion is a bar,
/// failure a cross, subscription intervals are shaded, and a time axis counts the
/// scheduler's ticks. The drawing is deterministic — the same diagram gives the same bytes —
/// and plain SVG 1.1 (no scripts, no external references) with a `<title>` and `<desc>` for
/// screen readers, on an opaque light card that reads on light and dark pages.
///
/// Most diagrams are recorded from a run with
/// ``TestScheduler/diagram(_:inputs:output:named:until:label:)``; a diagram can also be written out:
///
/// ```swift
/// let diagram = MarbleDiagram(title: "just(1)", lanes: [
///     .init("output", events: [.value("1", at: .zero), .completed(at: .zero)],
///           subscriptions: [TestSubscription(.zero, .zero)], isOutput: true),
/// ])
/// print(diagram)
/// // Prints:
/// // just(1)
/// // output  1@0 |@0
/// ```
public struct MarbleDiagram: Sendable, Hashable, CustomStringConvertible {
    /// One event on a lane, at a time on the scheduler's clock.
    ///
    /// ```swift
    /// let marble = MarbleDiagram.Marble.value("a", at: .seconds(2))
    /// ```
    public struct Marble: Sendable, Hashable {
        /// What happened.
        ///
        /// ```swift
        /// if case .value(let label) = marble.kind { print(label) }
        /// ```
        public enum Kind: Sendable, Hashable {
            /// A value, with the label drawn on its marble.
            case value(String)
            /// Completion, drawn as a bar.
            case completed
            /// Failure, drawn as a cross; the text describes the error.
            case failed(String)
        }

        /// When it happened, since the scheduler started (or since the diagram's start).
        ///
        /// ```swift
        /// print(marble.time) // Prints: 2.0 seconds
        /// ```
        public var time: Duration
        /// What happened.
        ///
        /// ```swift
        /// print(marble.kind) // Prints: value("a")
        /// ```
        public var kind: Kind

        /// An event of `kind` at `time`.
        ///
        /// ```swift
        /// let bar = MarbleDiagram.Marble(time: .seconds(5), kind: .completed)
        /// ```
        public init(time: Duration, kind: Kind) {
            self.time = time
            self.kind = kind
        }

        /// A value labelled `label` at `time`.
        ///
        /// ```swift
        /// let marble = MarbleDiagram.Marble.value("a", at: .seconds(1))
        /// ```
        public static func value(_ label: String, at time: Duration) -> Marble {
            Marble(time: time, kind: .value(label))
        }

        /// Completion at `time`.
        ///
        /// ```swift
        /// let bar = MarbleDiagram.Marble.completed(at: .seconds(5))
        /// ```
        public static func completed(at time: Duration) -> Marble {
            Marble(time: time, kind: .completed)
        }

        /// Failure with `error` (its description) at `time`.
        ///
        /// ```swift
        /// let cross = MarbleDiagram.Marble.failed("timedOut", at: .seconds(4))
        /// ```
        public static func failed(_ error: String, at time: Duration) -> Marble {
            Marble(time: time, kind: .failed(error))
        }
    }

    /// One signal's lane: its name, its events in order, and when it was subscribed.
    ///
    /// ```swift
    /// let lane = MarbleDiagram.Lane("source", events: [.value("a", at: .seconds(1))])
    /// ```
    public struct Lane: Sendable, Hashable {
        /// The name drawn at the lane's left.
        ///
        /// ```swift
        /// print(lane.name) // Prints: source
        /// ```
        public var name: String
        /// The events, in the order they happened.
        ///
        /// ```swift
        /// print(lane.events.count) // Prints: 1
        /// ```
        public var events: [Marble]
        /// The intervals the signal was subscribed, drawn shaded; a live one runs to the end
        /// of the axis.
        ///
        /// ```swift
        /// print(lane.subscriptions) // Prints: [(0.0 seconds, 4.0 seconds)]
        /// ```
        public var subscriptions: [TestSubscription]
        /// Whether this lane is an output: output lanes are drawn below the inputs, in bold.
        ///
        /// ```swift
        /// print(lane.isOutput) // Prints: false
        /// ```
        public var isOutput: Bool
        /// Events the signal would have sent but nobody received, drawn faded: what a
        /// subscription cut short (a dashed bar: `flatMapLatest`'s switch) would have sent
        /// after its cut, or what a signal that was offered and ignored (`flatMapFirst`
        /// while busy) would have sent, or values a bounded buffer dropped (at the time it
        /// dropped them). Filled in for a cold ``TestSignal``'s lane; not part of the
        /// diagram's text.
        ///
        /// ```swift
        /// lane.unreceived = [.value("3", at: .seconds(7)), .completed(at: .seconds(8))]
        /// ```
        public var unreceived: [Marble] = []
        /// Whether this lane is a log rather than a signal: lines written by a hook or a
        /// logger, calls made (`connect()`, a connection's `dispose()`, a resource made and
        /// released). Its values are drawn as notes, not marbles, it is never shaded as
        /// subscribed, and a note that repeats a value of an earlier lane (`a`, or
        /// `next(a)`) takes that value's colour.
        ///
        /// ```swift
        /// var calls = MarbleDiagram.Lane("calls", events: [.value("connect()", at: .seconds(2))])
        /// calls.isLog = true
        /// ```
        public var isLog = false

        /// A lane named `name`.
        ///
        /// ```swift
        /// let output = MarbleDiagram.Lane("output", events: [.completed(at: .seconds(3))], isOutput: true)
        /// ```
        public init(_ name: String, events: [Marble], subscriptions: [TestSubscription] = [], isOutput: Bool = false) {
            self.name = name
            self.events = events
            self.subscriptions = subscriptions
            self.isOutput = isOutput
        }
    }

    /// The diagram's title, drawn at its top and read first by screen readers.
    ///
    /// ```swift
    /// print(diagram.title) // Prints: debounce(2)
    /// ```
    public var title: String
    /// A sentence for screen readers (the SVG's `<desc>`); by default, the lanes as text.
    ///
    /// ```swift
    /// diagram.summary = "debounce waits for a 2-tick pause before sending the latest value"
    /// ```
    public var summary: String
    /// The lanes, top to bottom.
    ///
    /// ```swift
    /// print(diagram.lanes.map(\.name)) // Prints: ["source", "output"]
    /// ```
    public var lanes: [Lane]
    /// The unit of the time axis (the scheduler's tick).
    ///
    /// ```swift
    /// print(diagram.tick) // Prints: 1.0 seconds
    /// ```
    public var tick: Duration
    /// How long the time axis is.
    ///
    /// ```swift
    /// print(diagram.duration) // Prints: 10.0 seconds
    /// ```
    public var duration: Duration
    /// How many pixels one tick takes on the picture: 40 by default; less for a long run
    /// that must read at a given width (a README column is about 830 pixels).
    ///
    /// ```swift
    /// diagram.tickWidth = 24
    /// ```
    public var tickWidth: Double = 40
    /// For each lane, what caused each of its marbles in the recorded run (the test-signal
    /// event being delivered when it was sent); empty for a diagram written out.
    var _causes: [[_Delivery.Cause?]] = []

    /// A diagram of `lanes`, on an axis of `tick`s that runs for `duration` (by default one
    /// tick past the last event or subscription edge).
    ///
    /// ```swift
    /// let diagram = MarbleDiagram(title: "empty", lanes: [
    ///     .init("output", events: [.completed(at: .zero)], isOutput: true),
    /// ])
    /// ```
    public init(title: String, summary: String? = nil, tick: Duration = .seconds(1), duration: Duration? = nil, lanes: [Lane]) {
        self.title = title
        self.lanes = lanes
        self.tick = tick
        let times = lanes.flatMap { lane in
            lane.events.map(\.time) + lane.unreceived.map(\.time) + lane.subscriptions.flatMap { [$0.subscribed] + ($0.disposed.map { [$0] } ?? []) }
        }
        self.duration = duration ?? ((times.max() ?? .zero) + tick)
        self.summary = ""
        self.summary = summary ?? _picture.text
    }

    /// How many ticks without an event or a subscription edge are drawn to scale; a longer
    /// empty stretch is drawn as a break in the axis (two slanted strokes), so a picture's
    /// size follows its events and lanes, not the virtual time they span.
    static let breakAfter = 20.0

    /// The diagram as a standalone SVG 1.1 document.
    ///
    /// Its size follows the events and lanes: an empty stretch of more than 20 ticks is
    /// drawn as a break in the axis, and events at one tick (or too close to fit side by
    /// side) are stacked at that tick. A value recorded by
    /// ``TestScheduler/diagram(_:inputs:output:named:until:label:)`` is drawn in the colour of
    /// the input event that caused it (the one being delivered when it was sent, or, for a
    /// value the clock sends — `delay`, `debounce` — the one whose delivery scheduled that
    /// work; a combined value shows each source), so it can be followed through the operator. A key at the
    /// foot explains the marks; a dashed bar ends a subscription that was disposed. A
    /// ``tick`` of zero or less is a programmer error.
    ///
    /// ```swift
    /// try diagram.svg.write(toFile: "debounce.svg", atomically: true, encoding: .utf8)
    /// ```
    public var svg: String { _picture.svg }

    /// The diagram as text: the title, then each lane's events as `label@tick`, `|@tick` for
    /// completion and `#@tick` for failure.
    ///
    /// ```swift
    /// print(diagram)
    /// // Prints:
    /// // map { $0 * 10 }
    /// // source  1@1 2@3 |@5
    /// // output  10@1 20@3 |@5
    /// ```
    public var description: String { _picture.text }

    package var _picture: _LanePicture {
        let tick = tick
        _precondition(tick > .zero, "Signals: MarbleDiagram needs a positive tick (the unit of its time axis), got \(tick)")
        func units(_ time: Duration) -> Double { time / tick }
        let length = units(duration)
        let tones = _tones
        return _LanePicture(
            title: title,
            summary: summary,
            lanes: lanes.enumerated().map { laneIndex, lane in
                _LanePicture.Lane(
                    name: lane.name,
                    marks: _inTimeOrder(lane.events.enumerated().map { index, marble in
                        let at = _fmt(units(marble.time))
                        return switch marble.kind {
                        case .value(let label):
                            _LanePicture.Mark(position: units(marble.time), kind: .value(label), note: "\(lane.name): \(label) at \(at)",
                                              tones: tones[laneIndex][index])
                        case .completed:
                            _LanePicture.Mark(position: units(marble.time), kind: .completed, note: "\(lane.name): completed at \(at)")
                        case .failed(let error):
                            _LanePicture.Mark(position: units(marble.time), kind: .failed(error), note: "\(lane.name): failed with \(error) at \(at)")
                        }
                    } + lane.unreceived.map { marble in
                        let at = _fmt(units(marble.time))
                        let (kind, what): (_LanePicture.Mark.Kind, String) = switch marble.kind {
                        case .value(let label): (.value(label), label)
                        case .completed: (.completed, "completed")
                        case .failed(let error): (.failed(error), "failed with \(error)")
                        }
                        return _LanePicture.Mark(position: units(marble.time), kind: kind,
                                                 note: "\(lane.name): \(what) at \(at), not received", tones: [-1], isFaded: true)
                    }),
                    active: lane.subscriptions.map { (units($0.subscribed), $0.disposed.map(units)) },
                    isOutput: lane.isOutput, isLog: lane.isLog)
            },
            length: length,
            unit: _unitName(of: tick),
            scale: tickWidth > 0 && tickWidth.isFinite ? tickWidth : 40,
            step: length > 30 ? 5 : 1,
            breakAfter: Self.breakAfter)
    }
}

extension MarbleDiagram {
    /// The colours of the marbles (indices into the picture's palette, `-1` a neutral grey),
    /// lane by lane: colour follows the event, not its label.
    ///
    /// Each input value gets its own colour, in order — unless it is a note on a log lane
    /// that repeats a value of an earlier input lane (the same label, or `next(label)`, at or
    /// after that value's time), whose colour it keeps (a note that repeats none is grey). An output value takes the colour of
    /// what caused it in the recorded run — the input event being delivered when it was sent
    /// (so `map`, `filter`, `scan` and the flattenings keep their source's colour), or, for a
    /// value the clock sends later (`delay`, `debounce`), the event being delivered when that
    /// clock work was scheduled (the test scheduler remembers it) — unless that event was
    /// already passed on at once under another label (a window's timer opening the next
    /// window is not the value that started it): such a value is grey. A value that repeats an
    /// input value other than its cause (`sample(on:)`'s trigger sends the source's value;
    /// `throttle(latest:)`'s timer the window's latest) takes the colour of the latest input
    /// value of its label; so does a value with no recorded cause. A collection (`[3]`,
    /// `[1,2]`) or a combined value (`(1, a)`) shows the colour of each input value it
    /// holds; an empty one (`[]`) is grey. A value with no such source is grey — or, on a diagram without
    /// inputs, gets its own colour.
    var _tones: [[[Int]]] {
        struct Source {
            var time: Duration
            var label: String
            var tone: Int
        }
        var tones: [[[Int]]] = lanes.map { lane in Array(repeating: [], count: lane.events.count) }
        var next = 0
        var sources: [Source] = []
        for laneIndex in lanes.indices where !lanes[laneIndex].isOutput {
            let earlier = sources
            for (index, marble) in lanes[laneIndex].events.enumerated() {
                guard case .value(let label) = marble.kind else { continue }
                // A value that repeats one of an earlier input lane (a log of it: `a`, or
                // `next(a)`) is that value, seen again: it keeps its colour.
                let repeated = _wrapped(label)
                if lanes[laneIndex].isLog, let seen = earlier.last(where: { ($0.label == label || $0.label == repeated) && $0.time <= marble.time }) {
                    tones[laneIndex][index] = [seen.tone]
                    sources.append(Source(time: marble.time, label: label, tone: seen.tone))
                    continue
                }
                if lanes[laneIndex].isLog {
                    // A note that repeats no value (`end`, `connect()`) has no value's colour.
                    tones[laneIndex][index] = [-1]
                    continue
                }
                tones[laneIndex][index] = [next % 8]
                sources.append(Source(time: marble.time, label: label, tone: next % 8))
                next += 1
            }
        }
        let inputs = sources
        func latest(_ label: String, at time: Duration) -> Int? {
            var found: Int?
            for source in inputs where source.label == label && source.time <= time { found = source.tone }
            return found
        }
        for laneIndex in lanes.indices where lanes[laneIndex].isOutput {
            let causes: [_Delivery.Cause?] = laneIndex < _causes.count ? _causes[laneIndex] : []
            // The events that caused a value of this lane during their own delivery.
            var sentAtOnce: Set<MarbleDiagram.Marble> = []
            for (index, marble) in lanes[laneIndex].events.enumerated() {
                guard case .value(let label) = marble.kind else { continue }
                var found: [Int] = []
                // A value the clock sends for an event that was already passed on at once,
                // under another label, is the operator's own bookkeeping (a window's timer
                // opening the next window), not that event: it gets no colour from it.
                var cause = index < causes.count ? causes[index] : nil
                if let clockCause = cause, clockCause.byClock, sentAtOnce.contains(clockCause.marble),
                   case .value(let causeLabel) = clockCause.marble.kind, causeLabel != label {
                    cause = nil
                }
                if let cause, !cause.byClock { sentAtOnce.insert(cause.marble) }
                // The input event being delivered when this value was sent (or when the
                // clock's work that sent it was scheduled) — unless the value is another
                // input value, passed on: `sample(on:)` sends the source's value while the
                // trigger is delivered, `throttle(latest:)` the window's latest value from
                // the timer its first kept value started.
                if let cause {
                    for inputIndex in lanes.indices where !lanes[inputIndex].isOutput {
                        let events = lanes[inputIndex].events
                        if cause.index < events.count, events[cause.index] == cause.marble {
                            found = tones[inputIndex][cause.index]
                            break
                        }
                    }
                    if case .value(let causeLabel) = cause.marble.kind, causeLabel != label,
                       let passedOn = latest(label, at: marble.time) {
                        found = [passedOn]
                    }
                }
                // A combined value: the latest input value named by each of its parts; an
                // empty collection has no source.
                if let parts = _parts(of: label) {
                    var partTones: [Int] = []
                    for part in parts {
                        if let tone = latest(part, at: marble.time), !partTones.contains(tone) { partTones.append(tone) }
                    }
                    if !partTones.isEmpty { found = partTones } else if parts.isEmpty { found = [-1] }
                }
                if found.isEmpty, let tone = latest(label, at: marble.time) { found = [tone] }
                if found.isEmpty {
                    found = inputs.isEmpty ? [next % 8] : [-1]
                    next += 1
                }
                tones[laneIndex][index] = found
            }
        }
        return tones
    }
}

/// What an event's description wraps: `next(a)` → `a`; `nil` for any other label.
private func _wrapped(_ label: String) -> String? {
    guard label.hasPrefix("next("), label.hasSuffix(")") else { return nil }
    return String(label.dropFirst(5).dropLast())
}

/// The parts of a combined value's label: `(1, a)` → `1`, `a`; `[1,2]` → `1`, `2`; `[3]` →
/// `3`; `[]` → none; `nil` for a label that is not a tuple or an array.
private func _parts(of label: String) -> [String]? {
    guard let first = label.first, let last = label.last, label.count >= 2,
          (first == "(" && last == ")" && label.contains(",")) || (first == "[" && last == "]") else { return nil }
    return label.dropFirst().dropLast().split(separator: ",").map { part in
        String(part.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

/// `marks` sorted by time, keeping the order of marks at one time (a stable sort).
private func _inTimeOrder(_ marks: [_LanePicture.Mark]) -> [_LanePicture.Mark] {
    marks.enumerated().sorted { ($0.element.position, $0.offset) < ($1.element.position, $1.offset) }.map(\.element)
}

/// The axis' unit: `tick`, or `tick = 100 ms` when a tick is not one second.
private func _unitName(of tick: Duration) -> String {
    if tick == .seconds(1) { return "tick" }
    let milliseconds = tick / .milliseconds(1)
    if milliseconds == milliseconds.rounded(), abs(milliseconds) < 1e15 { return "tick = \(Int(milliseconds)) ms" }
    return "tick = \(tick)"
}
