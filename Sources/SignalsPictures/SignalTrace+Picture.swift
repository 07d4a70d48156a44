// Drawing a timeline: `SignalTrace.svg(title:)`, the lanes of a recorded trace drawn by
// `_LanePicture` (LanePicture.swift), the drawing SignalsTesting's marble diagrams use too.
// Recording stays in Signals (Debugging/SignalTrace.swift); this module only reads a
// timeline's public `entries`.

import Signals

extension SignalTrace {
    /// The timeline as an SVG 1.1 picture: one lane per stage in pipeline order (the source
    /// at the top: the stage that first saw a value or a terminal event), over an axis fitted
    /// to the run (from its first entry to its last, in milliseconds, or microseconds for a
    /// run under one), 800 pixels wide or up to twice that so that marks at different
    /// instants sit side by side on their lane's line. Values are labelled marbles in the colour of the value (the same value
    /// keeps its colour from stage to stage) — up to three values still closer than a marble's width
    /// on one thread are stacked, more are one marble counted `×N` — completion is a bar, failure a cross with the
    /// error's text, and each subscription is shaded until its terminal event or, dashed,
    /// its disposal. The thread is on the picture: in the lane's name (`source (main)`) when
    /// the stage kept to one thread, else as a tag on each value and failure (`3 t2`), the
    /// tags spelled out under the key (`t2 = thread 2`); a long stage name widens the
    /// margin so that it fits before its lane; every
    /// mark's tooltip names its time and thread. The same drawing as SignalsTesting's marble
    /// diagrams.
    ///
    /// In the SignalsPictures module, so that an app that only records a timeline links no
    /// drawing code: recording (`trace(_:in:)`) stays in Signals, drawing is
    /// `import SignalsPictures` away.
    ///
    /// ```swift
    /// import SignalsPictures
    ///
    /// try timeline.svg(title: "pipeline").write(toFile: "/tmp/pipeline.svg", atomically: true, encoding: .utf8)
    /// ```
    public func svg(title: String = "trace") -> String {
        _picture(title: title).svg
    }

    package func _picture(title: String) -> _LanePicture {
        let entries = entries
        let origin = entries.first?.time ?? .zero
        let span = (entries.last?.time ?? origin) - origin
        // The axis fits the run: milliseconds, or microseconds for a run under a millisecond.
        let micro = span < .milliseconds(1)
        let unitName = micro ? "µs" : "ms"
        func units(_ time: Duration) -> Double { (time - origin) / (micro ? .microseconds(1) : .milliseconds(1)) }
        let length = max(units(entries.last?.time ?? origin), micro ? 1 : 0.001)
        // One pass over the entries: each stage's entries.
        var stages: [String] = []
        var entriesOfStage: [String: [Entry]] = [:]
        for entry in entries {
            if entriesOfStage[entry.stage] == nil { stages.append(entry.stage) }
            entriesOfStage[entry.stage, default: []].append(entry)
        }
        // Pipeline order, the source at the top: by each stage's first value or terminal
        // event (a source sees a value before the stages after it); stages that saw none
        // after, in the reverse order of their first subscription (a pipeline is subscribed
        // from its end back to its source).
        let firstSeen = stages.map { stage in
            entriesOfStage[stage]!.firstIndex { entry in
                if case .subscribed = entry.kind { false } else if case .disposed = entry.kind { false } else { true }
            }.map { entriesOfStage[stage]![$0].time }
        }
        let order = stages.indices.sorted { i, j in
            switch (firstSeen[i], firstSeen[j]) {
            case let (x?, y?): x != y ? x < y : i > j
            case (.some, nil): true
            case (nil, .some): false
            case (nil, nil): i > j
            }
        }
        // Colour follows the value: a value gets the next colour of the palette the first
        // time it is seen (lanes from the source down, each in time order), and keeps it on
        // every lane it passes (the same description); no colour comes from a label's hash.
        var toneOfLabel: [String: Int] = [:]
        func tone(_ label: String) -> Int {
            if let tone = toneOfLabel[label] { return tone }
            let tone = toneOfLabel.count % _LanePicture.palette.count
            toneOfLabel[label] = tone
            return tone
        }
        // The lanes drawn at `scale` pixels a unit (runs of values closer than a marble
        // depend on it).
        func lanes(at scale: Double) -> [_LanePicture.Lane] { order.map { index in
            let stage = stages[index]
            let stageEntries = entriesOfStage[stage] ?? []
            let threads = Set(stageEntries.map(\.thread))
            var marks: [_LanePicture.Mark] = []
            var open: [Int: Double] = [:]
            // When each subscription ended by its own terminal event: its shading ends there,
            // with the bar or the cross, not at the disposal that follows a moment later
            // (drawn dashed, that would read as a cancellation).
            var ended: [Int: Double] = [:]
            var intervals: [(subscription: Int, start: Double, end: Double?)] = []
            // A run of values, each closer than a marble's width to the one before, on one
            // thread: up to three are drawn value by value (stacked where they crowd); a
            // longer run is cut into groups a marble wide, each one marble counted `×N`.
            var run: [(at: Double, entry: Entry)] = []
            func draw(_ burst: ArraySlice<(at: Double, entry: Entry)>, tag: String) {
                guard let first = burst.first else { return }
                if burst.count == 1, case .value(let label) = first.entry.kind {
                    let note = "\(stage): next(\(label)) at \(_fmt(first.at)) \(unitName) on \(first.entry.thread)"
                    marks.append(.init(position: first.at, kind: .value(_shortLabel(label) + tag), note: note, tones: [tone(label)]))
                    return
                }
                let labels = burst.compactMap { item -> String? in if case .value(let label) = item.entry.kind { label } else { nil } }
                let note = "\(stage): \(burst.count) values from \(_fmt(first.at)) to \(_fmt(burst.last!.at)) \(unitName) on \(first.entry.thread): "
                    + _traceLabel(labels.joined(separator: ", "))
                var tones: [Int] = []
                for label in labels where tones.count < 3 {
                    let next = tone(label)
                    if !tones.contains(next) { tones.append(next) }
                }
                marks.append(.init(position: first.at, kind: .value("×\(burst.count)" + tag), note: note, tones: tones))
            }
            func flush() {
                guard let first = run.first else { return }
                let tag = threads.count > 1 ? " \(_threadTag(first.entry.thread))" : ""
                if run.count <= 3 {
                    for index in run.indices { draw(run[index...index], tag: tag) }
                } else {
                    var start = run.startIndex
                    for index in run.indices where (run[index].at - run[start].at) * scale >= 30 {
                        draw(run[start..<index], tag: tag)
                        start = index
                    }
                    draw(run[start...], tag: tag)
                }
                run = []
            }
            for entry in stageEntries {
                let at = units(entry.time)
                let note = "\(stage): \(entry._what) at \(_fmt(at)) \(unitName) on \(entry.thread)"
                if case .value = entry.kind {
                    if let last = run.last, (at - last.at) * scale >= 30 || last.entry.thread != entry.thread { flush() }
                    run.append((at, entry))
                    continue
                }
                flush()
                switch entry.kind {
                case .subscribed:
                    open[entry.subscription] = at
                case .disposed:
                    let end = ended.removeValue(forKey: entry.subscription) ?? at
                    intervals.append((entry.subscription, open.removeValue(forKey: entry.subscription) ?? 0, end))
                case .value:
                    break
                case .failed(let error):
                    // The error's text, and its thread when the stage used several.
                    let tag = threads.count > 1 ? " \(_threadTag(entry.thread))" : ""
                    marks.append(.init(position: at, kind: .failed(_shortLabel(error) + tag), note: note))
                    ended[entry.subscription] = at
                case .completed:
                    marks.append(.init(position: at, kind: .completed, note: note))
                    ended[entry.subscription] = at
                }
            }
            flush()
            for (subscription, start) in open.sorted(by: { $0.key < $1.key }) { intervals.append((subscription, start, ended[subscription])) }
            intervals.sort { $0.subscription < $1.subscription }
            // The thread is on the picture: in the lane's name when the stage kept to one,
            // else as a tag on each marble.
            let name = threads.count == 1 ? "\(stage) (\(threads.first!))" : stage
            return _LanePicture.Lane(name: name, marks: marks, active: intervals.map { ($0.start, $0.end) }, isOutput: false)
        } }
        // The axis is 800 pixels wide, or wider (up to twice) where two marks of a lane at
        // different instants would otherwise crowd: a trace has no ticks, so a mark stacked
        // above another would read as sent at the same time. Widening can draw value by value
        // a run that was counted `×N`, so the widths are measured again, a few times at most.
        let widest = 1600 / length
        var scale = 800 / length
        var drawn = lanes(at: scale)
        for _ in 0..<4 where scale < widest {
            var needed = scale
            for lane in drawn {
                let marks = lane.marks.sorted { $0.position < $1.position }
                for (a, b) in zip(marks, marks.dropFirst()) where b.position > a.position {
                    let room = (_LanePicture.width(of: a) + _LanePicture.width(of: b)) / 2 + 3.5
                    needed = max(needed, room / (b.position - a.position))
                }
            }
            if needed <= scale { break }
            scale = min(needed, widest)
            drawn = lanes(at: scale)
        }
        var picture = _LanePicture(
            title: title, summary: "A timeline of \(stages.count) traced stages over \(_fmt(length)) \(unitName)",
            lanes: drawn, length: length, unit: unitName, scale: scale, step: _niceStep(length / 8))
        // The thread tags on marbles, spelled out under the key.
        let tagged = Set(stages.filter { Set(entriesOfStage[$0]!.map(\.thread)).count > 1 }.flatMap { entriesOfStage[$0]!.map(\.thread) })
        if !tagged.isEmpty {
            // main first, then thread 2 before thread 10.
            func rank(_ thread: String) -> (Int, Int, String) { (thread == "main" ? 0 : 1, thread.count, thread) }
            let threads: [String] = tagged.sorted { rank($0) < rank($1) }
            picture.footnote = "Threads: " + threads.map { "\(_threadTag($0)) = \($0)" }.joined(separator: ", ")
        }
        return picture
    }
}

/// A thread's short tag on a marble: `main` → `m`, `thread 3` → `t3`, a scheduler's or a
/// thread's name → its last dot-separated part without a `Scheduler` suffix, at most 8
/// characters (`com.example.search` → `search`, `Signals.TaskScheduler` → `Task`).
package func _threadTag(_ thread: String) -> String {
    if thread == "main" { return "m" }
    if thread.hasPrefix("thread "), Int(thread.dropFirst("thread ".count)) != nil { return "t" + thread.dropFirst("thread ".count) }
    var last = thread.split(separator: ".").last.map(String.init) ?? thread
    if last.hasSuffix("Scheduler"), last.count > "Scheduler".count { last.removeLast("Scheduler".count) }
    return String(last.prefix(8))
}

/// A label as drawn on a trace's marble: at most 16 characters (the tooltip has more).
func _shortLabel(_ label: String) -> String {
    label.count <= 16 ? label : String(label.prefix(15)) + "…"
}

/// 1, 2 or 5 times a power of ten, at least `rough`.
func _niceStep(_ rough: Double) -> Double {
    var power = 1e-3
    while power * 10 <= rough { power *= 10 }
    for factor in [1.0, 2, 5, 10] where power * factor >= rough { return power * factor }
    return power * 10
}

