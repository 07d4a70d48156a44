// The one drawing of the library: lanes of events over time, as plain SVG 1.1.
//
// SignalsTesting's `MarbleDiagram` (virtual time, from test runs) and `SignalTrace` (real
// time, from `trace(_:)` on live pipelines) both draw through this type, so a test picture
// and a live timeline look the same. It is `package`: the public models live beside their
// recorders, and this file is only geometry and text.
//
// Deterministic by construction: positions are rounded to tenths and printed by hand (no
// locale, no floating-point description), elements are written in the order of the lanes
// and their events, and nothing reads a clock, a dictionary or the environment. The picture
// is a light card (an opaque background), so it reads the same on light and dark pages.

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

        package init(position: Double, kind: Kind, note: String) {
            self.position = position
            self.kind = kind
            self.note = note
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

        package init(name: String, marks: [Mark], active: [(start: Double, end: Double?)], isOutput: Bool) {
            self.name = name
            self.marks = marks
            self.active = active
            self.isOutput = isOutput
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
    /// Units between two labelled marks of the axis.
    package var step: Double

    package init(title: String, summary: String, lanes: [Lane], length: Double, unit: String, scale: Double, step: Double) {
        self.title = title
        self.summary = summary
        self.lanes = lanes
        self.length = max(length, 1)
        self.unit = unit
        self.scale = scale
        self.step = max(step, 1e-9)
    }

    // MARK: - Geometry

    static let left = 110.0, right = 36.0, top = 44.0, laneHeight = 52.0, axisHeight = 46.0

    /// The width of a value's marble: a circle for short labels, a pill for longer ones.
    static func width(of label: String) -> Double {
        max(26, Double(label.count) * 7 + 12)
    }

    /// The marks of a lane with the x of each: events at the same place are drawn one after
    /// the other (the order they happened), as text marbles draw a group.
    func placed(_ lane: Lane) -> [(mark: Mark, x: Double)] {
        var result: [(mark: Mark, x: Double)] = []
        var lastPosition = -Double.infinity
        var nextFree = -Double.infinity
        for mark in lane.marks {
            let base = Self.left + mark.position * scale
            let width: Double = switch mark.kind {
            case .value(let label): Self.width(of: label)
            case .completed, .failed: 14
            }
            var x = base
            if mark.position == lastPosition, nextFree > base - width / 2 {
                x = nextFree + width / 2 + 2
            }
            result.append((mark, x))
            lastPosition = mark.position
            nextFree = x + width / 2
        }
        return result
    }

    // MARK: - SVG

    /// The picture as a standalone SVG 1.1 document: no scripts, no external references.
    package var svg: String {
        let placedLanes = lanes.map(placed)
        let rightmost = placedLanes.joined().map(\.x).max() ?? 0
        let width = _fmt(max(Self.left + length * scale + Self.right, rightmost + Self.right + 14))
        let separatorCount = zip(lanes, lanes.dropFirst()).filter { !$0.isOutput && $1.isOutput }.count
        let height = _fmt(Self.top + Double(lanes.count) * Self.laneHeight + Double(separatorCount) * 8 + Self.axisHeight)
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\(width)" height="\(height)" \
            viewBox="0 0 \(width) \(height)" role="img" aria-labelledby="title desc" \
            font-family="Helvetica, Arial, sans-serif">
            <title id="title">\(_xml(title))</title>
            <desc id="desc">\(_xml(summary))</desc>
            <rect x="0" y="0" width="\(width)" height="\(height)" rx="8" fill="#ffffff" stroke="#d0d4da"/>
            <text x="16" y="27" font-size="15" font-weight="bold" fill="#1d2430">\(_xml(title))</text>

            """
        let axisEnd = Self.left + length * scale
        var y = Self.top
        for (index, lane) in lanes.enumerated() {
            if index > 0, lane.isOutput, !lanes[index - 1].isOutput {
                out += "<line x1=\"12\" y1=\"\(_fmt(y + 4))\" x2=\"\(_fmt(axisEnd + 20))\" y2=\"\(_fmt(y + 4))\" stroke=\"#c4cad3\" stroke-dasharray=\"4 4\"/>\n"
                y += 8
            }
            let mid = y + Self.laneHeight / 2
            let ink = lane.isOutput ? "#1d2430" : "#3b4656"
            out += "<g>\n"
            out += "<text x=\"14\" y=\"\(_fmt(mid + 4.5))\" font-size=\"13\"\(lane.isOutput ? " font-weight=\"bold\"" : "") fill=\"\(ink)\">\(_xml(lane.name))</text>\n"
            for interval in lane.active {
                let x1 = Self.left + interval.start * scale
                let x2 = Self.left + (interval.end ?? length) * scale
                out += "<rect x=\"\(_fmt(x1))\" y=\"\(_fmt(mid - 17))\" width=\"\(_fmt(max(x2 - x1, 2)))\" height=\"34\" rx=\"6\" fill=\"#e3ecfa\" stroke=\"#b4c8ea\"/>\n"
            }
            out += "<line x1=\"\(_fmt(Self.left))\" y1=\"\(_fmt(mid))\" x2=\"\(_fmt(axisEnd))\" y2=\"\(_fmt(mid))\" stroke=\"\(ink)\" stroke-width=\"1.5\"/>\n"
            for (mark, x) in placedLanes[index] {
                out += _draw(mark, x: x, mid: mid, ink: ink)
            }
            out += "</g>\n"
            y += Self.laneHeight
        }
        // The axis: a mark every unit, a label every `step` units.
        let axisY = y + 14
        out += "<g font-size=\"11\" fill=\"#5b6575\">\n"
        out += "<line x1=\"\(_fmt(Self.left))\" y1=\"\(_fmt(axisY))\" x2=\"\(_fmt(axisEnd))\" y2=\"\(_fmt(axisY))\" stroke=\"#8a93a1\"/>\n"
        let labels = Int((length / step).rounded(.down))
        for index in 0...labels {
            let position = Double(index) * step
            let x = _fmt(Self.left + position * scale)
            out += "<line x1=\"\(x)\" y1=\"\(_fmt(axisY - 4))\" x2=\"\(x)\" y2=\"\(_fmt(axisY + 4))\" stroke=\"#8a93a1\"/>\n"
            out += "<text x=\"\(x)\" y=\"\(_fmt(axisY + 17))\" text-anchor=\"middle\">\(_fmt(position))</text>\n"
        }
        out += "<text x=\"14\" y=\"\(_fmt(axisY + 4))\">\(_xml(unit))</text>\n"
        out += "</g>\n</svg>\n"
        return out
    }

    /// One mark: a marble with its label, a bar, or a cross, with its note as a `<title>`.
    private func _draw(_ mark: Mark, x: Double, mid: Double, ink: String) -> String {
        let note = "<title>\(_xml(mark.note))</title>"
        switch mark.kind {
        case .value(let label):
            let width = Self.width(of: label)
            let fill = Self.palette[_stableHash(label) % Self.palette.count]
            return "<g>\(note)<rect x=\"\(_fmt(x - width / 2))\" y=\"\(_fmt(mid - 13))\" width=\"\(_fmt(width))\" height=\"26\" rx=\"13\" fill=\"\(fill)\" stroke=\"\(ink)\" stroke-width=\"1.5\"/>"
                + "<text x=\"\(_fmt(x))\" y=\"\(_fmt(mid + 4.5))\" font-size=\"12\" text-anchor=\"middle\" fill=\"#10151d\">\(_xml(label))</text></g>\n"
        case .completed:
            return "<g>\(note)<line x1=\"\(_fmt(x))\" y1=\"\(_fmt(mid - 15))\" x2=\"\(_fmt(x))\" y2=\"\(_fmt(mid + 15))\" stroke=\"\(ink)\" stroke-width=\"3\"/></g>\n"
        case .failed:
            return "<g stroke=\"#c0262d\" stroke-width=\"3\">\(note)<line x1=\"\(_fmt(x - 8))\" y1=\"\(_fmt(mid - 8))\" x2=\"\(_fmt(x + 8))\" y2=\"\(_fmt(mid + 8))\"/>"
                + "<line x1=\"\(_fmt(x - 8))\" y1=\"\(_fmt(mid + 8))\" x2=\"\(_fmt(x + 8))\" y2=\"\(_fmt(mid - 8))\"/></g>\n"
        }
    }

    /// Light fills, each dark-text legible; a label always gets the same one.
    static let palette = ["#ffd166", "#8fd3c1", "#f4a3a8", "#a9c5f5", "#c7b3ef", "#b9e18c", "#f7b978", "#9fe0ef"]

    // MARK: - Text

    /// The picture as lines of text: each lane's events with their positions, e.g.
    /// `search  1@0 12@3.5 |@9`.
    package var text: String {
        let nameWidth = lanes.map(\.name.count).max() ?? 0
        var lines = [title]
        for lane in lanes {
            let events = lane.marks.map { mark -> String in
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

/// `x` rounded to tenths, printed without a locale or exponent: `12`, `12.5`, `-3.1`.
package func _fmt(_ x: Double) -> String {
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
