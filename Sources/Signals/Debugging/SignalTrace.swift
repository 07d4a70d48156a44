// SignalTrace: a bounded timeline of the named stages of live pipelines, written by
// `trace(_:in:)` (Operators/Signal+Trace.swift) and read as text. Drawing it (one lane per
// stage over real time, as SVG) is in the SignalsPictures module, an import away:
// `timeline.svg(title:)` (SignalsPictures/SignalTrace+Picture.swift), the drawing that also
// draws SignalsTesting's marble diagrams. Apps that only record link no drawing code.
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
/// // With `import SignalsPictures`, the same timeline as a picture:
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
        package var _what: String {
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
}

/// The most bytes (UTF-8) of a value's or an error's description a timeline keeps.
let _traceLabelLimit = 256

/// `label` cut to at most ``_traceLabelLimit`` bytes of UTF-8, on a character boundary,
/// ending in `…` when cut: a trace of large values keeps bounded memory (RxSwift's
/// `debug(trimOutput:)` cuts the same way).
package func _traceLabel(_ label: String) -> String {
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
