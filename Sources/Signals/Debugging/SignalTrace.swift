// SignalTrace: a bounded timeline of the named stages of live pipelines, written by
// `trace(_:in:)` (Operators/Signal+Trace.swift) and drawn by the library's one drawing
// (`_LanePicture`, which also draws SignalsTesting's marble diagrams): one lane per stage
// over real time, as SVG or as text.
//
// Nothing here runs unless `trace` is used: a pipeline without it never touches a timeline.
// Recording takes the library's lock for one append to a ring buffer and calls no user code
// under it (labels are made before the lock is taken).

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization
#if canImport(Dispatch)
import Dispatch

/// The key under which a ``QueueScheduler``'s queue keeps its name, so that a trace entry
/// recorded on it names the queue rather than an anonymous thread.
let _traceQueueName = DispatchSpecificKey<String>()

/// The main queue named `main` (once, when the first timeline is made): on Linux the main
/// queue may be drained by a thread other than the process's first one.
private let _mainQueueNamed: Void = DispatchQueue.main.setSpecific(key: _traceQueueName, value: "main")
#endif

/// Whether a timeline has been made: until then schedulers do not name the threads they run
/// on (``_runNamed(_:_:)`` costs one relaxed load).
private let _traceInUse = Atomic<Bool>(false)

/// From now on, schedulers name the threads they run on.
private func _startNamingThreads() {
    guard !_traceInUse.load(ordering: .relaxed) else { return }
    #if canImport(Dispatch)
    _ = _mainQueueNamed
    #endif
    _traceInUse.store(true, ordering: .relaxed)
}

/// Runs `action` as the work of the scheduler named `name`: what a timeline records meanwhile
/// on this thread names that scheduler (a ``TaskScheduler``'s task, a test scheduler's
/// `advance`). While no timeline exists, it only runs `action`.
package func _runNamed(_ name: String, _ action: () -> Void) {
    guard _traceInUse.load(ordering: .relaxed) else { return action() }
    let thread = _traceThreads.current
    let previous = thread.scheduler
    thread.scheduler = name
    defer { thread.scheduler = previous }
    action()
}

/// A timeline of traced pipeline stages: what each stage named with
/// ``Signal/trace(_:in:)`` saw — subscriptions, values, terminal events, disposals — with the
/// time (since the timeline was made) and the thread of each, for debugging live pipelines.
///
/// A timeline keeps the latest ``capacity`` entries (1,000 by default) in a ring buffer, so
/// a long-running traced pipeline uses bounded memory: each entry holds the stage's name, a
/// label (the value's or the error's description, cut to at most 256 bytes of UTF-8 and
/// ending in `…` when cut, as RxSwift's `debug(trimOutput:)` trims) and the thread's name —
/// a few dozen bytes plus the label, so at most about 300 KB for 1,000 entries of short stage
/// names whatever the values are.
/// Older entries are counted in ``droppedCount``. Thread-safe; recording from many threads
/// at once is serialised by a lock.
///
/// ```swift
/// let timeline = SignalTrace()
/// queries.trace("query", in: timeline)
///     .debounce(.milliseconds(300), on: scheduler).trace("debounced", in: timeline)
///     .flatMapLatest(search).trace("results", in: timeline)
///     .subscribe(next: show)
/// // … later, in the debugger or a test:
/// print(timeline.text)
/// try timeline.svg(title: "search").write(toFile: "/tmp/search.svg", atomically: true, encoding: .utf8)
/// ```
public final class SignalTrace: Sendable {
    /// One thing a stage saw.
    ///
    /// ```swift
    /// for entry in timeline.entries { print(entry) }
    /// // Prints: 12.345 ms  query  next(s)  (thread 2)
    /// ```
    public struct Entry: Sendable, Hashable, CustomStringConvertible {
        /// What happened.
        ///
        /// ```swift
        /// if case .value(let label) = entry.kind { print(label) }
        /// ```
        public enum Kind: Sendable, Hashable {
            /// The stage was subscribed.
            case subscribed
            /// The stage forwarded a value, described.
            case value(String)
            /// The stage failed, with the error described.
            case failed(String)
            /// The stage completed.
            case completed
            /// The stage's subscription ended (after its terminal event, or disposed).
            case disposed
        }

        /// The stage's name, as given to `trace(_:)`.
        ///
        /// ```swift
        /// print(entry.stage) // Prints: query
        /// ```
        public let stage: String
        /// What happened.
        ///
        /// ```swift
        /// print(entry.kind) // Prints: value("s")
        /// ```
        public let kind: Kind
        /// When, since the timeline was made (or last reset).
        ///
        /// ```swift
        /// print(entry.time) // Prints: 0.012345 seconds
        /// ```
        public let time: Duration
        /// The thread it happened on, by the name of what ran it: the scheduler whose work
        /// it was (a ``QueueScheduler``'s queue, `com.example.search`; a ``TaskScheduler``'s
        /// task; a test scheduler's `advance`), else `main` (the main thread or the main
        /// queue), else the thread's own name (`Thread.current.name`, `pthread_setname_np`;
        /// as it was when the thread first recorded), else `thread N`, numbered in order of
        /// first use.
        ///
        /// ```swift
        /// print(entry.thread) // Prints: main
        /// ```
        public let thread: String
        /// Which subscription of the stage it belongs to, numbered from 1 per timeline.
        ///
        /// ```swift
        /// print(entry.subscription) // Prints: 1
        /// ```
        public let subscription: Int

        /// `12.345 ms  query  next(s)  (thread 2)`.
        ///
        /// ```swift
        /// print(entry) // Prints: 0.021 ms  query  subscribed  (main)
        /// ```
        public var description: String {
            "\(_milliseconds(time)) ms  \(stage)  \(_what)  (\(thread))"
        }

        /// `subscribed`, `next(label)`, `error(e)`, `completed` or `disposed`.
        var _what: String {
            switch kind {
            case .subscribed: "subscribed"
            case .value(let label): "next(\(label))"
            case .failed(let error): "error(\(error))"
            case .completed: "completed"
            case .disposed: "disposed"
            }
        }
    }

    private struct State {
        var ring: [Entry] = []
        /// Where the next entry goes once the ring is full.
        var next = 0
        var dropped = 0
        var start = ContinuousClock.now
        var subscriptions = 0
    }

    private let _state = _Locked(State())

    /// The timeline that `trace(_:)` records into when no other is given.
    ///
    /// ```swift
    /// signal.trace("search").subscribe(next: show)
    /// print(SignalTrace.shared.text)
    /// ```
    public static let shared = SignalTrace()

    /// How many entries this timeline keeps: the latest ones.
    ///
    /// ```swift
    /// print(SignalTrace().capacity) // Prints: 1000
    /// ```
    public let capacity: Int

    /// A timeline keeping the latest `capacity` entries (1,000 by default); its clock starts
    /// now.
    ///
    /// ```swift
    /// let timeline = SignalTrace(capacity: 200)
    /// ```
    public init(capacity: Int = 1000) {
        _precondition(capacity > 0, "Signals: SignalTrace(capacity:) needs a capacity of 1 or more, got \(capacity)")
        self.capacity = capacity
        _clock = nil
        _startNamingThreads()
    }

    /// A timeline whose entries take their time and thread from `clock` (a test scheduler's
    /// virtual time) rather than the real clock and thread: the same run draws the same
    /// picture, for the documentation's trace picture.
    package init(capacity: Int = 1000, clock: @escaping @Sendable () -> (time: Duration, thread: String)) {
        self.capacity = capacity
        _clock = clock
        _startNamingThreads()
    }

    /// Where entries take their time and thread from, when not the real clock and thread.
    private let _clock: (@Sendable () -> (time: Duration, thread: String))?

    /// The entries kept, oldest first.
    ///
    /// ```swift
    /// print(timeline.entries.map(\.stage)) // Prints: ["query", "query", "results"]
    /// ```
    public var entries: [Entry] {
        _state.withLock { state in
            Array(state.ring[state.next...] + state.ring[..<state.next])
        }
    }

    /// How many entries were dropped to keep the timeline within its ``capacity``.
    ///
    /// ```swift
    /// print(timeline.droppedCount) // Prints: 0
    /// ```
    public var droppedCount: Int {
        _state.withLock { $0.dropped }
    }

    /// Forgets every entry and restarts the clock.
    ///
    /// ```swift
    /// timeline.reset()
    /// ```
    public func reset() {
        _state.withLock { $0 = State() }
    }

    /// The timeline as lines of text, one entry a line, oldest first (after a line saying how
    /// many were dropped, if any).
    ///
    /// ```swift
    /// print(timeline.text)
    /// // Prints:
    /// // 0.010 ms  query  subscribed  (main)
    /// // 0.052 ms  query  next(s)  (main)
    /// ```
    public var text: String {
        let dropped = droppedCount
        let lines = entries.map(\.description)
        return ((dropped > 0 ? ["(\(dropped) earlier entries dropped)"] : []) + lines).joined(separator: "\n")
    }

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
    /// ```swift
    /// try timeline.svg(title: "pipeline").write(toFile: "/tmp/pipeline.svg", atomically: true, encoding: .utf8)
    /// ```
    public func svg(title: String = "trace") -> String {
        _picture(title: title).svg
    }

    // MARK: - Recording (used by trace(_:in:))

    /// A fresh subscription number.
    func _newSubscription() -> Int {
        _state.withLock { state in
            state.subscriptions += 1
            return state.subscriptions
        }
    }

    /// Records `kind` for `stage`'s subscription `subscription`, now, on this thread.
    func _record(_ stage: String, _ subscription: Int, _ kind: Entry.Kind) {
        let given = _clock?()
        let thread = given?.thread ?? _currentThreadName()
        let now = ContinuousClock.now
        _state.withLock { state in
            let time = given?.time ?? state.start.duration(to: now)
            let entry = Entry(stage: stage, kind: kind, time: time, thread: thread, subscription: subscription)
            if state.ring.count < capacity {
                state.ring.append(entry)
            } else {
                state.ring[state.next] = entry
                state.next = (state.next + 1) % capacity
                state.dropped += 1
            }
        }
    }

    // MARK: - Drawing

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

/// The most bytes (UTF-8) of a value's or an error's description a timeline keeps.
let _traceLabelLimit = 256

/// `label` cut to at most ``_traceLabelLimit`` bytes of UTF-8, on a character boundary,
/// ending in `…` when cut: a trace of large values keeps bounded memory (RxSwift's
/// `debug(trimOutput:)` cuts the same way).
func _traceLabel(_ label: String) -> String {
    if label.utf8.count <= _traceLabelLimit { return label }
    let ellipsis = "…"
    let budget = _traceLabelLimit - ellipsis.utf8.count
    var end = label.startIndex, used = 0
    for character in label {
        let size = character.utf8.count
        if used + size > budget { break }
        used += size
        end = label.index(after: end)
    }
    return String(label[..<end]) + ellipsis
}

/// 1, 2 or 5 times a power of ten, at least `rough`.
func _niceStep(_ rough: Double) -> Double {
    var power = 1e-3
    while power * 10 <= rough { power *= 10 }
    for factor in [1.0, 2, 5, 10] where power * factor >= rough { return power * factor }
    return power * 10
}

/// `time` in milliseconds with three decimals, printed without a locale: `12.345`.
func _milliseconds(_ time: Duration) -> String {
    let micros = Int((time / .microseconds(1)).rounded())
    let fraction = String(abs(micros) % 1000)
    return "\(micros / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
}

/// This thread's name on timelines: the scheduler whose work runs (``_runNamed(_:_:)``), the
/// QueueScheduler's name on its queue (`main` on the main queue), else `main`, else the
/// thread's own name, else `thread N`, numbered in order of first use.
func _currentThreadName() -> String {
    let thread = _traceThreads.current
    if let scheduler = thread.scheduler { return scheduler }
    #if canImport(Dispatch)
    // On a QueueScheduler's queue: the queue's name.
    if let queue = DispatchQueue.getSpecific(key: _traceQueueName) { return queue }
    #endif
    return thread.name
}

/// A thread as timelines name it; used only by its own thread.
private final class _TraceThread {
    /// The scheduler whose work runs on this thread now, if it named itself.
    var scheduler: String?

    /// `main`, the thread's own name, or `thread N` (numbered): decided when first asked.
    lazy var name: String = {
        if isMain { return "main" }
        if let own = _ownThreadName() { return own }
        return "thread \(_traceThreadCount.add(1, ordering: .relaxed).newValue)"
    }()

    /// Whether this is the process's first thread (read once, when first asked).
    private lazy var isMain: Bool = {
        #if canImport(Darwin)
        return pthread_main_np() != 0
        #else
        // The thread whose id is the process id is the first one (/proc/thread-self names
        // "<pid>/task/<tid>").
        var buffer = [CChar](repeating: 0, count: 64)
        let count = readlink("/proc/thread-self", &buffer, buffer.count - 1)
        let link = count > 0 ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        return link == "\(getpid())/task/\(getpid())"
        #endif
    }()
}

/// The calling thread's own name (`pthread_setname_np`, which `Thread.name` sets), or `nil`
/// when it has none. On Linux a new thread inherits its creator's name, so a name equal to
/// the process's (its first thread's) counts as none, and so does a worker pool's name.
private func _ownThreadName() -> String? {
    #if canImport(Darwin)
    var buffer = [CChar](repeating: 0, count: 64)
    guard pthread_getname_np(pthread_self(), &buffer, buffer.count) == 0 else { return nil }
    let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    #else
    let name = _firstLine(of: "/proc/thread-self/comm")
    if name == _processName { return nil }
    #endif
    // Dispatch's and Swift concurrency's pools name every worker after the pool
    // (`com.apple.root.default-qos`, cut to its last 15 bytes on Linux): many threads, one
    // name, so no name of a thread's own.
    if name.hasSuffix("-qos") || name.hasSuffix("overcommit") || name.hasSuffix("cooperative") || name.hasPrefix("com.apple.") { return nil }
    return name.isEmpty ? nil : name
}

#if !canImport(Darwin)
/// The name of the process's first thread, which the others inherit.
private let _processName = _firstLine(of: "/proc/self/comm")

/// The first line of a small file (a name under /proc), or `""`.
private func _firstLine(of path: String) -> String {
    guard let file = fopen(path, "r") else { return "" }
    defer { fclose(file) }
    var buffer = [CChar](repeating: 0, count: 64)
    guard fgets(&buffer, Int32(buffer.count), file) != nil else { return "" }
    return String(decoding: buffer.prefix { $0 != 0 && $0 != 10 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
#endif

private let _traceThreadCount = Atomic<Int>(0)
private let _traceThreads = _ThreadLocal { _TraceThread() }
