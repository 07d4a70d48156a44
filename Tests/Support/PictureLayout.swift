// The layout rules every picture keeps (the gallery's, the README's, the traces'): each mark
// is drawn at its time (never pushed to a later tick when it shares one), no two marks
// overlap, and a mark leaves its lane's line only to stack above another mark of its tick.
// SignalsTests checks the gallery, the trace picture and the room-feed picture with it,
// PlaygroundTests the README's picture.

import Signals
import SignalsPictures

/// The problems of a picture's layout: marks more than a quarter tick from their time, pairs
/// of marks whose boxes overlap, marks lifted off the lane's line with no other mark at their
/// tick, and terminal events off the line. Empty for a picture laid out as the key says.
package func layoutProblems(of picture: _LanePicture) -> [String] {
    let axis = picture.axis
    var problems: [String] = []
    for lane in picture.lanes {
        let placed = picture.placed(lane, on: axis).marks
        for mark in placed {
            let distance = abs(mark.x - axis.x(mark.mark.position))
            if distance > picture.scale / 4 {
                problems.append("\(mark.mark.note): drawn \(distance / picture.scale) of a tick from its time")
            }
        }
        for (index, a) in placed.enumerated() {
            for b in placed[(index + 1)...] where a.row == b.row && abs(a.x - b.x) < (a.width + b.width) / 2 {
                problems.append("\(a.mark.note) overlaps \(b.mark.note)")
            }
        }
        // Off the lane's line only when stacked above another mark of the same tick.
        for mark in placed where mark.row > 0 && !placed.contains(where: { $0.row < mark.row && $0.mark.position == mark.mark.position }) {
            problems.append("\(mark.mark.note): lifted \(mark.row) row(s) off the lane's line with no other mark at its tick")
        }
        // A completion or a failure is on the line.
        for mark in placed where mark.mark.isTerminal && mark.row > 0 {
            problems.append("\(mark.mark.note): a terminal event off the lane's line")
        }
    }
    return problems
}
