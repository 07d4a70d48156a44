import Signals

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
            lane.events.map(\.time) + lane.subscriptions.flatMap { [$0.subscribed] + ($0.disposed.map { [$0] } ?? []) }
        }
        self.duration = duration ?? ((times.max() ?? .zero) + tick)
        self.summary = ""
        self.summary = summary ?? _picture.text
    }

    /// The diagram as a standalone SVG 1.1 document.
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

    var _picture: _LanePicture {
        let tick = tick
        func units(_ time: Duration) -> Double { time / tick }
        let length = units(duration)
        return _LanePicture(
            title: title,
            summary: summary,
            lanes: lanes.map { lane in
                _LanePicture.Lane(
                    name: lane.name,
                    marks: lane.events.map { marble in
                        let at = _fmt(units(marble.time))
                        return switch marble.kind {
                        case .value(let label):
                            _LanePicture.Mark(position: units(marble.time), kind: .value(label), note: "\(lane.name): \(label) at \(at)")
                        case .completed:
                            _LanePicture.Mark(position: units(marble.time), kind: .completed, note: "\(lane.name): completed at \(at)")
                        case .failed(let error):
                            _LanePicture.Mark(position: units(marble.time), kind: .failed(error), note: "\(lane.name): failed with \(error) at \(at)")
                        }
                    },
                    active: lane.subscriptions.map { (units($0.subscribed), $0.disposed.map(units)) },
                    isOutput: lane.isOutput)
            },
            length: length,
            unit: _unitName(of: tick),
            scale: 40,
            step: length > 30 ? 5 : 1)
    }
}

/// The axis' unit: `tick`, or `tick = 100 ms` when a tick is not one second.
private func _unitName(of tick: Duration) -> String {
    if tick == .seconds(1) { return "tick" }
    let milliseconds = tick / .milliseconds(1)
    if milliseconds == milliseconds.rounded() { return "tick = \(Int(milliseconds)) ms" }
    return "tick = \(tick)"
}
