// The one drawing of the library: lanes of events over time, as plain SVG 1.1. It lives in
// SignalsPictures, not in Signals, so that an app links no drawing code unless it imports it.
//
// SignalsTesting's `MarbleDiagram` (virtual time, from test runs) and `SignalTrace` (real
// time, from `trace(_:)` on live pipelines; SignalTrace+Picture.swift) both draw through this
// type, so a test picture and a live timeline look the same. It is `package`: the public models live beside their
// recorders, and this file is only geometry and text.
//
// Deterministic by construction: positions are rounded to tenths and printed by hand (no
// locale, no floating-point description), elements are written in the order of the lanes
// and their events, and nothing reads a clock, a dictionary or the environment. The picture
// is a light card (an opaque background) that turns dark in a dark colour scheme.

/// A picture of lanes of events over an axis of time: the drawing shared by marble
/// diagrams and traces.
package struct _LanePicture: Sendable {
    /// One event on a lane.
    package struct Mark: Sendable {
        package enum Kind: Sendable {
            /// A value, drawn as a labelled marble.
            case value(String)
            /// Completion, drawn as a bar.
            case completed
            /// Failure, drawn as a cross; the text names the error.
            case failed(String)
        }

        /// Where it happens, in axis units since the axis' start.
        package var position: Double
        package var kind: Kind
        /// A line read by screen readers and shown as a tooltip, e.g. `next(3) at 4`.
        package var note: String
        /// A value's colours, as indices into ``_LanePicture/palette`` (`-1`: a neutral
        /// grey); more than one for a value combined from several; none: by its label.
        package var tones: [Int]
        /// Whether it was never received: what a signal would have sent after it was cut, or
        /// had it not been ignored, or a value a full buffer dropped; drawn faded, with a
        /// dashed outline.
        package var isFaded: Bool

        /// Whether it is a completion or a failure.
        package var isTerminal: Bool {
            if case .value = kind { false } else { true }
        }

        package init(position: Double, kind: Kind, note: String, tones: [Int] = [], isFaded: Bool = false) {
            self.position = position
            self.kind = kind
            self.note = note
            self.tones = tones
            self.isFaded = isFaded
        }
    }

    /// One signal's lane: its events and the intervals it was subscribed.
    package struct Lane: Sendable {
        package var name: String
        package var marks: [Mark]
        /// Subscription intervals in axis units; `nil` as an end: still subscribed at the
        /// end of the axis.
        package var active: [(start: Double, end: Double?)]
        /// Output lanes are drawn below a separator, in a darker ink.
        package var isOutput: Bool
        /// A lane of notes — lines a log wrote, calls made (`connect()`, a resource made and
        /// released) — rather than a signal's events: each value is drawn as a square-cornered
        /// note on a dotted line, and the lane is never shaded as subscribed.
        package var isLog: Bool

        package init(name: String, marks: [Mark], active: [(start: Double, end: Double?)], isOutput: Bool, isLog: Bool = false) {
            self.name = name
            self.marks = marks
            self.active = active
            self.isOutput = isOutput
            self.isLog = isLog
        }
    }

    package var title: String
    package var summary: String
    package var lanes: [Lane]
    /// The axis runs from 0 to `length` units.
    package var length: Double
    /// The name of one unit on the axis, e.g. `tick` or `ms`.
    package var unit: String
    /// Pixels per unit.
    package var scale: Double
    /// Units between two labelled marks of the axis (more when the labels are wide).
    package var step: Double
    /// An empty stretch (no event, no subscription edge) longer than this many units is
    /// drawn as a break in the axis; `nil`: everything to scale.
    package var breakAfter: Double?
    /// A line under the key (a trace's thread tags: `t2 = thread 2`); `nil`: none.
    package var footnote: String?

    package init(title: String, summary: String, lanes: [Lane], length: Double, unit: String, scale: Double, step: Double, breakAfter: Double? = nil) {
        self.title = title
        self.summary = summary
        self.lanes = lanes
        self.length = length.isFinite ? max(length, 1) : 1
        self.unit = unit
        self.scale = scale
        self.step = max(step, 1e-9)
        self.breakAfter = breakAfter.map { max($0, 2) }
    }

    // MARK: - Geometry

    static let left = 110.0, right = 36.0, top = 44.0, laneHeight = 52.0, axisHeight = 70.0
    /// The height of one row of marks; marks that would overlap on a lane are stacked in rows.
    static let rowHeight = 30.0
    /// How wide a break in the axis is drawn, in pixels.
    static let breakWidth = 30.0

    /// Where the lanes start: 110 pixels, or more when a lane's name needs it (a trace's
    /// `results (thread 2)`), so that every name fits before its lane (up to 300 pixels;
    /// a longer name is cut with `…`, see ``laneLabel(_:)``).
    package var left: Double {
        let longest = lanes.map { Self.nameWidth(of: $0.name) }.max() ?? 0
        return min(max(Self.left, (longest + 24).rounded(.up)), 300)
    }

    /// About how wide a lane's name is drawn (13-pixel text, bold for outputs).
    package static func nameWidth(of name: String) -> Double { Double(name.count) * 7.4 }

    /// A lane's name as drawn: cut with `…` when it would not fit in 300 pixels.
    static func laneLabel(_ name: String) -> String {
        let fits = Int((300 - 24) / 7.4)
        return name.count <= fits ? name : String(name.prefix(fits - 1)) + "…"
    }

    /// The width of a value's marble: a circle for short labels, a pill for longer ones.
    static func width(of label: String) -> Double {
        max(26, Double(label.count) * 7 + 12)
    }

    /// The width of a note on a log lane.
    static func noteWidth(of label: String) -> Double {
        max(22, Double(label.count) * 6.4 + 10)
    }

    /// The width a mark takes on its row (a value on a log lane is a note).
    static func width(of mark: Mark, isLog: Bool = false) -> Double {
        switch mark.kind {
        case .value(let label): isLog ? noteWidth(of: label) : width(of: label)
        case .completed: 8
        case .failed: 18
        }
    }

    /// The time axis: positions mapped to x, with long empty stretches drawn as breaks.
    package struct Axis: Sendable {
        /// Where the mapping changes slope: positions and their x, in increasing order.
        package var knots: [(position: Double, x: Double)]
        /// The breaks, as the x where each starts (it is ``_LanePicture/breakWidth`` wide).
        package var breaks: [Double]
        /// The stretches drawn to scale, in positions.
        package var segments: [(from: Double, to: Double)]
        package var step: Double

        /// The x of `position`.
        package func x(_ position: Double) -> Double {
            guard knots.count > 1 else { return knots.first?.x ?? 0 }
            var low = 0, high = knots.count - 1
            while high - low > 1 {
                let middle = (low + high) / 2
                if knots[middle].position <= position { low = middle } else { high = middle }
            }
            let a = knots[low], b = knots[high]
            if b.position == a.position { return a.x }
            return a.x + (position - a.position) / (b.position - a.position) * (b.x - a.x)
        }

        /// The positions labelled on the axis: multiples of the step on each stretch; after a
        /// break, the stretch's first event, then multiples a step beyond it.
        package var labels: [Double] {
            var result: [Double] = []
            for (index, segment) in segments.enumerated() {
                var first = (segment.from / step).rounded(.up) * step
                if index > 0 {
                    let anchor = segment.from + 1
                    result.append(anchor)
                    first = ((anchor + step) / step).rounded(.up) * step
                }
                var position = first
                // (Beyond 2^53 a step may not move a Double: stop there.)
                while position <= segment.to + 1e-9, result.last.map({ $0 < position }) ?? true {
                    result.append(position)
                    position += step
                }
            }
            return result
        }
    }

    /// The axis of this picture: to scale, but an empty stretch longer than ``breakAfter``
    /// units (between events or subscription edges) is drawn as a break, so the picture's
    /// size follows its events and lanes, not the time they span.
    package var axis: Axis {
        var points = [0.0, length]
        for lane in lanes {
            points += lane.marks.map(\.position)
            for interval in lane.active { points += [interval.start, interval.end ?? length] }
        }
        points = Array(Set(points.map { min(max($0, 0), length) })).sorted()
        var knots: [(position: Double, x: Double)] = [(0, left)]
        var breaks: [Double] = []
        var segments: [(from: Double, to: Double)] = []
        var segmentStart = 0.0
        if let breakAfter {
            for (a, b) in zip(points, points.dropFirst()) where b - a > breakAfter {
                let lead = 1.0
                let last = knots[knots.count - 1]
                let xa = last.x + (a + lead - last.position) * scale
                knots.append((a + lead, xa))
                knots.append((b - lead, xa + Self.breakWidth))
                breaks.append(xa)
                segments.append((segmentStart, a + lead))
                segmentStart = b - lead
            }
        }
        let last = knots[knots.count - 1]
        knots.append((length, last.x + (length - last.position) * scale))
        segments.append((segmentStart, length))
        // Labels never crowd: the step grows with the widest label.
        let widest = Double(_fmt(length).count) * 6.6 + 10
        var step = self.step
        if step * scale < widest { step = _niceStep(widest / scale) }
        return Axis(knots: knots, breaks: breaks, segments: segments, step: step)
    }

    /// A mark placed on the picture: its centre, its row on the lane and its box.
    package struct Placed: Sendable {
        package var mark: Mark
        package var x: Double
        package var row: Int
        package var width: Double
    }

    /// The marks of a lane placed: each exactly at its time, on the lane's line (row 0)
    /// unless it would overlap a mark already there — then on the first row above where it
    /// fits. Completions and failures are placed first, so they stay on the line; values
    /// sharing their tick (or too close to fit side by side) are stacked above, in the order
    /// they happened, never pushed later. Row `k` is `k` row heights above the line on every
    /// lane, so rows line up from lane to lane.
    package func placed(_ lane: Lane, on axis: Axis) -> (marks: [Placed], rows: Int) {
        var occupied: [[(from: Double, to: Double)]] = []
        var result = [Placed?](repeating: nil, count: lane.marks.count)
        let order = lane.marks.indices.filter { lane.marks[$0].isTerminal } + lane.marks.indices.filter { !lane.marks[$0].isTerminal }
        for index in order {
            let mark = lane.marks[index]
            let x = axis.x(mark.position), width = Self.width(of: mark, isLog: lane.isLog)
            let from = x - width / 2 - 1.5, to = x + width / 2 + 1.5
            let row = occupied.firstIndex { row in !row.contains { $0.from < to && from < $0.to } } ?? occupied.count
            if row == occupied.count { occupied.append([]) }
            occupied[row].append((from, to))
            result[index] = Placed(mark: mark, x: x, row: row, width: width)
        }
        return (result.compactMap { $0 }, max(occupied.count, 1))
    }

    /// How far above its lane's line a mark on `row` is drawn, in pixels: the same on every lane.
    package static func rise(ofRow row: Int) -> Double { Double(row) * rowHeight }

    // MARK: - SVG

    /// The styles of a picture: in a dark colour scheme (DocC's dark mode, a dark README
    /// page), the card turns dark and its ink light; marbles keep their light fills and dark
    /// text. Without a style sheet (or in light mode) the attributes alone draw it.
    static let darkStyle = "<style>@media (prefers-color-scheme: dark){.card{fill:#161b22;stroke:#3a424f}"
        + ".ink{fill:#e6e9ee}.line{stroke:#c9d0da}.shade{fill:#1f2d44;stroke:#3d5378}.axis{fill:#aab3c0}"
        + ".cut{fill:#161b22}}</style>"

    /// The picture as a standalone SVG 1.1 document: no scripts, no external references.
    package var svg: String {
        let axis = axis, left = left
        let placedLanes = lanes.map { placed($0, on: axis) }
        let axisEnd = axis.x(length)
        let rightmost = placedLanes.flatMap(\.marks).map { $0.x + $0.width / 2 }.max() ?? 0
        let hasFaded = lanes.contains { $0.marks.contains(where: \.isFaded) }
        let legendWidth = 500.0 + (hasFaded ? 240 : 0) + (lanes.contains(where: \.isLog) ? 110 : 0)
        let width = _fmt(max(axisEnd + Self.right, rightmost + Self.right, legendWidth))
        let separatorCount = zip(lanes, lanes.dropFirst()).filter { !$0.isOutput && $1.isOutput }.count
        let lanesHeight = placedLanes.map { Self.laneHeight + Double($0.rows - 1) * Self.rowHeight }.reduce(0, +)
        let height = _fmt(Self.top + lanesHeight + Double(separatorCount) * 8 + Self.axisHeight + (footnote == nil ? 0 : 18))
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\(width)" height="\(height)" \
            viewBox="0 0 \(width) \(height)" role="img" aria-labelledby="title desc" \
            font-family="Helvetica, Arial, sans-serif">
            <title id="title">\(_xml(title))</title>
            <desc id="desc">\(_xml(summary))</desc>
            \(Self.darkStyle)
            <rect class="card" x="0" y="0" width="\(width)" height="\(height)" rx="8" fill="#ffffff" stroke="#d0d4da"/>
            <text class="ink" x="16" y="27" font-size="15" font-weight="bold" fill="#1d2430">\(_xml(title))</text>

            """
        var y = Self.top
        for (index, lane) in lanes.enumerated() {
            if index > 0, lane.isOutput, !lanes[index - 1].isOutput {
                out += "<line x1=\"12\" y1=\"\(_fmt(y + 4))\" x2=\"\(_fmt(axisEnd + 20))\" y2=\"\(_fmt(y + 4))\" stroke=\"#c4cad3\" stroke-dasharray=\"4 4\"/>\n"
                y += 8
            }
            let (marks, rows) = placedLanes[index]
            let stack = Double(rows - 1) * Self.rowHeight
            let laneHeight = Self.laneHeight + stack
            // The lane's line, at the foot of its rows: row 0 is on it, row k is k rows above.
            let mid = y + Self.laneHeight / 2 + stack
            let top = mid - 17 - stack, bottom = mid + 17
            let ink = lane.isOutput ? "#1d2430" : "#3b4656"
            out += "<g>\n"
            out += "<text class=\"ink\" x=\"14\" y=\"\(_fmt(mid + 4.5))\" font-size=\"13\"\(lane.isOutput ? " font-weight=\"bold\"" : "") fill=\"\(ink)\">\(_xml(Self.laneLabel(lane.name)))</text>\n"
            for interval in lane.active where !lane.isLog {
                let x1 = axis.x(interval.start)
                let x2 = axis.x(interval.end ?? length)
                out += "<rect class=\"shade\" x=\"\(_fmt(x1))\" y=\"\(_fmt(top))\" width=\"\(_fmt(max(x2 - x1, 2)))\" height=\"\(_fmt(bottom - top))\" rx=\"6\" fill=\"#e3ecfa\" stroke=\"#b4c8ea\"/>\n"
            }
            out += "<line class=\"line\" x1=\"\(_fmt(left))\" y1=\"\(_fmt(mid))\" x2=\"\(_fmt(axisEnd))\" y2=\"\(_fmt(mid))\" stroke=\"\(ink)\" "
                + (lane.isLog ? "stroke-width=\"1\" stroke-dasharray=\"2 4\"/>\n" : "stroke-width=\"1.5\"/>\n")
            for start in axis.breaks { out += _drawBreak(at: start, mid: (top + bottom) / 2, half: (bottom - top) / 2 + 1) }
            // A subscription that ended without a terminal event there: disposed (cancelled).
            for interval in lane.active where !lane.isLog {
                guard let end = interval.end, !lane.marks.contains(where: { $0.position == end && $0.isTerminal && !$0.isFaded }) else { continue }
                out += _drawDisposal(at: axis.x(end), mid: (top + bottom) / 2, half: (bottom - top) / 2, note: "\(lane.name): disposed at \(_fmt(end))")
            }
            for placed in marks {
                let rowMid = mid - Self.rise(ofRow: placed.row)
                var drawn = lane.isLog && !placed.mark.isTerminal
                    ? _drawNote(placed.mark, x: placed.x, width: placed.width, mid: rowMid, ink: ink)
                    : _draw(placed.mark, x: placed.x, mid: rowMid, ink: ink, tall: rows == 1)
                if case .failed(let error) = placed.mark.kind {
                    // The failure's text, under its cross at the lane's foot.
                    drawn += "<text x=\"\(_fmt(placed.x))\" y=\"\(_fmt(mid + Self.laneHeight / 2 - 3))\" font-size=\"10\" text-anchor=\"middle\" fill=\"#c0262d\">\(_xml(_short(error)))</text>\n"
                }
                out += placed.mark.isFaded ? "<g opacity=\"0.45\">\n\(drawn)</g>\n" : drawn
            }
            out += "</g>\n"
            y += laneHeight
        }
        // The axis: a labelled mark at each label.
        let axisY = y + 14
        out += "<g class=\"axis\" font-size=\"11\" fill=\"#5b6575\">\n"
        out += "<line x1=\"\(_fmt(left))\" y1=\"\(_fmt(axisY))\" x2=\"\(_fmt(axisEnd))\" y2=\"\(_fmt(axisY))\" stroke=\"#8a93a1\"/>\n"
        for start in axis.breaks { out += _drawBreak(at: start, mid: axisY, half: 6) }
        for position in axis.labels {
            let x = _fmt(axis.x(position))
            out += "<line x1=\"\(x)\" y1=\"\(_fmt(axisY - 4))\" x2=\"\(x)\" y2=\"\(_fmt(axisY + 4))\" stroke=\"#8a93a1\"/>\n"
            out += "<text x=\"\(x)\" y=\"\(_fmt(axisY + 17))\" text-anchor=\"middle\">\(_fmt(position))</text>\n"
        }
        out += "<text x=\"14\" y=\"\(_fmt(axisY + 4))\">\(_xml(unit))</text>\n"
        out += "</g>\n"
        out += _legend(y: axisY + 40, faded: hasFaded, notes: lanes.contains(where: \.isLog))
        if let footnote {
            out += "<text class=\"ink\" x=\"16\" y=\"\(_fmt(axisY + 59))\" font-size=\"11\" fill=\"#3b4656\">\(_xml(footnote))</text>\n"
        }
        out += "</svg>\n"
        return out
    }

    /// The key: shading, a value, completion, failure, disposal.
    private func _legend(y: Double, faded: Bool, notes: Bool) -> String {
        var out = "<g class=\"ink\" font-size=\"11\" fill=\"#3b4656\">\n"
        var x = 16.0
        out += "<rect class=\"shade\" x=\"\(_fmt(x))\" y=\"\(_fmt(y - 9))\" width=\"22\" height=\"12\" rx=\"3\" fill=\"#e3ecfa\" stroke=\"#b4c8ea\"/>"
        out += "<text x=\"\(_fmt(x + 27))\" y=\"\(_fmt(y + 1))\">subscribed</text>\n"
        x += 100
        out += "<circle cx=\"\(_fmt(x + 6))\" cy=\"\(_fmt(y - 3))\" r=\"6\" fill=\"\(Self.palette[0])\" stroke=\"#3b4656\"/>"
        out += "<text x=\"\(_fmt(x + 16))\" y=\"\(_fmt(y + 1))\">value</text>\n"
        x += 62
        out += "<line class=\"line\" x1=\"\(_fmt(x + 3))\" y1=\"\(_fmt(y - 10))\" x2=\"\(_fmt(x + 3))\" y2=\"\(_fmt(y + 4))\" stroke=\"#3b4656\" stroke-width=\"3\"/>"
        out += "<text x=\"\(_fmt(x + 11))\" y=\"\(_fmt(y + 1))\">completed</text>\n"
        x += 88
        out += "<path d=\"M\(_fmt(x)) \(_fmt(y - 9))L\(_fmt(x + 10)) \(_fmt(y + 1))M\(_fmt(x)) \(_fmt(y + 1))L\(_fmt(x + 10)) \(_fmt(y - 9))\" stroke=\"#c0262d\" stroke-width=\"2.5\"/>"
        out += "<text x=\"\(_fmt(x + 16))\" y=\"\(_fmt(y + 1))\">failed</text>\n"
        x += 64
        out += "<line x1=\"\(_fmt(x + 4))\" y1=\"\(_fmt(y - 10))\" x2=\"\(_fmt(x + 4))\" y2=\"\(_fmt(y + 4))\" stroke=\"#6b7585\" stroke-width=\"2\" stroke-dasharray=\"3 2\"/>"
        out += "<text x=\"\(_fmt(x + 12))\" y=\"\(_fmt(y + 1))\">disposed (cancelled)</text>\n"
        if faded {
            x += 136
            out += "<g opacity=\"0.45\"><circle cx=\"\(_fmt(x + 6))\" cy=\"\(_fmt(y - 3))\" r=\"6\" fill=\"\(Self.neutral)\" stroke=\"#3b4656\" stroke-dasharray=\"3 2\"/></g>"
            out += "<text x=\"\(_fmt(x + 16))\" y=\"\(_fmt(y + 1))\">not received (cut, ignored or dropped)</text>\n"
            x += 240
        } else {
            x += 136
        }
        if notes {
            out += "<rect x=\"\(_fmt(x))\" y=\"\(_fmt(y - 10))\" width=\"16\" height=\"14\" rx=\"2\" fill=\"\(Self.neutral)\" stroke=\"#3b4656\"/>"
            out += "<text x=\"\(_fmt(x + 21))\" y=\"\(_fmt(y + 1))\">log entry, call</text>\n"
        }
        return out + "</g>\n"
    }

    /// A note on a log lane: a square-cornered label in its value's colour, not a marble.
    private func _drawNote(_ mark: Mark, x: Double, width: Double, mid: Double, ink: String) -> String {
        guard case .value(let label) = mark.kind else { return "" }
        let tone = mark.tones.first ?? -1
        let fill = tone >= 0 ? Self.palette[tone % Self.palette.count] : Self.neutral
        return "<g><title>\(_xml(mark.note))</title><rect x=\"\(_fmt(x - width / 2))\" y=\"\(_fmt(mid - 10))\" width=\"\(_fmt(width))\" height=\"20\" rx=\"2\" "
            + "fill=\"\(fill)\" stroke=\"\(ink)\"/><text x=\"\(_fmt(x))\" y=\"\(_fmt(mid + 4))\" font-size=\"11\" text-anchor=\"middle\" fill=\"#10151d\">\(_xml(label))</text></g>\n"
    }

    /// The end of a subscription that no terminal event ended: a dashed bar at the shading's end.
    private func _drawDisposal(at x: Double, mid: Double, half: Double, note: String) -> String {
        "<g><title>\(_xml(note))</title><line x1=\"\(_fmt(x))\" y1=\"\(_fmt(mid - half))\" x2=\"\(_fmt(x))\" y2=\"\(_fmt(mid + half))\" "
            + "stroke=\"#6b7585\" stroke-width=\"2\" stroke-dasharray=\"3 2\"/></g>\n"
    }

    /// A break in the axis at `x`: the line cut, with two slanted strokes.
    private func _drawBreak(at x: Double, mid: Double, half: Double) -> String {
        let a = x + 9, b = x + Self.breakWidth - 9
        return "<rect class=\"cut\" x=\"\(_fmt(x + 4))\" y=\"\(_fmt(mid - half))\" width=\"\(_fmt(Self.breakWidth - 8))\" height=\"\(_fmt(2 * half))\" fill=\"#ffffff\"/>"
            + "<path d=\"M\(_fmt(a - 3)) \(_fmt(mid + 7))L\(_fmt(a + 3)) \(_fmt(mid - 7))M\(_fmt(b - 3)) \(_fmt(mid + 7))L\(_fmt(b + 3)) \(_fmt(mid - 7))\" stroke=\"#8a93a1\" stroke-width=\"1.5\" fill=\"none\"/>\n"
    }

    /// One mark: a marble with its label, a bar, or a cross, with its note as a `<title>`.
    private func _draw(_ mark: Mark, x: Double, mid: Double, ink: String, tall: Bool) -> String {
        let note = "<title>\(_xml(mark.note))</title>"
        switch mark.kind {
        case .value(let label):
            let width = Self.width(of: label)
            // A value with no colour given has no source to follow: grey, never a colour of its label.
            let fills = (mark.tones.isEmpty ? [-1] : mark.tones.prefix(3).map { $0 })
                .map { $0 >= 0 ? Self.palette[$0 % Self.palette.count] : Self.neutral }
            let left = x - width / 2
            var body = "<rect x=\"\(_fmt(left))\" y=\"\(_fmt(mid - 13))\" width=\"\(_fmt(width))\" height=\"26\" rx=\"13\" fill=\"\(fills[0])\"/>"
            // A combined value: a stripe of each further colour, the last one rounded.
            for (index, fill) in fills.enumerated().dropFirst() {
                let start = left + width * Double(index) / Double(fills.count)
                body += "<rect x=\"\(_fmt(start))\" y=\"\(_fmt(mid - 13))\" width=\"\(_fmt(left + width - start))\" height=\"26\" rx=\"13\" fill=\"\(fill)\"/>"
                    + "<rect x=\"\(_fmt(start))\" y=\"\(_fmt(mid - 13))\" width=\"\(_fmt(max(left + width - start - 13, 0)))\" height=\"26\" fill=\"\(fill)\"/>"
            }
            return "<g>\(note)\(body)<rect x=\"\(_fmt(left))\" y=\"\(_fmt(mid - 13))\" width=\"\(_fmt(width))\" height=\"26\" rx=\"13\" fill=\"none\" stroke=\"\(ink)\" stroke-width=\"1.5\"\(mark.isFaded ? " stroke-dasharray=\"4 3\"" : "")/>"
                + "<text x=\"\(_fmt(x))\" y=\"\(_fmt(mid + 4.5))\" font-size=\"12\" text-anchor=\"middle\" fill=\"#10151d\">\(_xml(label))</text></g>\n"
        case .completed:
            let half = tall ? 15.0 : 13
            return "<g>\(note)<line class=\"line\" x1=\"\(_fmt(x))\" y1=\"\(_fmt(mid - half))\" x2=\"\(_fmt(x))\" y2=\"\(_fmt(mid + half))\" stroke=\"\(ink)\" stroke-width=\"3\"/></g>\n"
        case .failed:
            return "<g stroke=\"#c0262d\" stroke-width=\"3\">\(note)<line x1=\"\(_fmt(x - 8))\" y1=\"\(_fmt(mid - 8))\" x2=\"\(_fmt(x + 8))\" y2=\"\(_fmt(mid + 8))\"/>"
                + "<line x1=\"\(_fmt(x - 8))\" y1=\"\(_fmt(mid + 8))\" x2=\"\(_fmt(x + 8))\" y2=\"\(_fmt(mid - 8))\"/></g>\n"
        }
    }

    /// The fill of a value with no source to take a colour from.
    static let neutral = "#e4e7ec"

    /// Light fills, each dark-text legible.
    static let palette = ["#ffd166", "#8fd3c1", "#f4a3a8", "#a9c5f5", "#c7b3ef", "#b9e18c", "#f7b978", "#9fe0ef"]

    // MARK: - Text

    /// The picture as lines of text: each lane's events with their positions, e.g.
    /// `search  1@0 12@3.5 |@9`.
    package var text: String {
        let nameWidth = lanes.map(\.name.count).max() ?? 0
        var lines = [title]
        for lane in lanes {
            // What happened only: a faded mark (not received) is not an event.
            let events = lane.marks.filter { !$0.isFaded }.map { mark -> String in
                let symbol = switch mark.kind {
                case .value(let label): label
                case .completed: "|"
                case .failed: "#"
                }
                return "\(symbol)@\(_fmt(mark.position))"
            }
            let name = lane.name + String(repeating: " ", count: nameWidth - lane.name.count)
            lines.append("\(name)  \(events.joined(separator: " "))")
        }
        return lines.joined(separator: "\n")
    }
}

/// `text` cut to 24 characters (with `…`): an error's text under its cross.
func _short(_ text: String) -> String {
    text.count <= 24 ? text : String(text.prefix(23)) + "…"
}

/// `x` rounded to tenths, printed without a locale or exponent: `12`, `12.5`, `-3.1`;
/// beyond 10^17 (where tenths no longer fit an `Int`) in Swift's locale-free exponent form.
package func _fmt(_ x: Double) -> String {
    guard x.isFinite, abs(x) < 1e17 else { return x.isFinite ? x.description : (x.isNaN ? "nan" : x < 0 ? "-inf" : "inf") }
    let tenths = Int((x * 10).rounded())
    let sign = tenths < 0 ? "-" : ""
    let whole = abs(tenths) / 10, fraction = abs(tenths) % 10
    return fraction == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
}

/// `text` with XML's special characters escaped, and control characters (not allowed in
/// XML 1.0) replaced by a space.
package func _xml(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&apos;"
        case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
        default:
            if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) {
                out += " "
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out
}

/// FNV-1a of `text`'s UTF-8: the same on every run and platform (unlike `hashValue`).
package func _stableHash(_ text: String) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return Int(hash % UInt64(Int.max))
}
