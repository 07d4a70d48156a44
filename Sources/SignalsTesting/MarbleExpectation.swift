#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Signals
import SignalsPictures

/// The outcome of running a signal against a marble diagram with
/// ``TestScheduler/expect(_:_:values:error:)``: whether it did what the diagram says and,
/// when not, both diagrams aligned column for column.
///
/// Check it with Swift Testing, passing the outcome as the comment so that a failure prints
/// the two diagrams:
///
/// ```swift
/// let scheduler = TestScheduler()
/// let result = scheduler.expect(Signal.timer(after: .seconds(2), on: scheduler), "--(0|)")
/// #expect(result.isMet, "\(result)")
/// ```
///
/// A failing expectation reads:
///
/// ```text
/// marbles differ at column 3
/// expected: -a-b-|
/// actual:   -a--b|
///              ^
/// expected events: next(1)@1 next(2)@3 completed@5
/// actual events:   next(1)@1 next(2)@4 completed@5
/// picture: /tmp/signals-pictures/marbles-3f0c9a2e51b7d804.svg
/// ```
///
/// The last line names an SVG picture of the two diagrams, lane above lane (a
/// ``MarbleDiagram``), written when the expectation is not met: into the directory that the
/// `SIGNALS_PICTURES_DIR` environment variable names, else into `signals-pictures` in the
/// temporary directory (`TMPDIR`, else `/tmp`). The file is named by a hash of its content,
/// so a rerun of the same failure rewrites the same file.
///
/// When the signal did nothing on virtual time, the last line says so, and why that often
/// happens: `actual events:   no events were recorded (work on another task or thread, such
/// as Signal.task, … does not run on the TestScheduler: inject it as a signal the test
/// replaces …)`.
public struct MarbleExpectation: Sendable, CustomStringConvertible {
    /// Whether the signal did exactly what the diagram says: the same events at the same
    /// times.
    ///
    /// ```swift
    /// #expect(result.isMet, "\(result)")
    /// ```
    public let isMet: Bool
    /// The expected diagram, as written.
    ///
    /// ```swift
    /// #expect(result.expected == "-a-b-|")
    /// ```
    public let expected: String
    /// The diagram of what the signal did, on the same columns.
    ///
    /// ```swift
    /// #expect(result.actual == "-a--b|")
    /// ```
    public let actual: String
    /// The events as lists, with their ticks (exact: `3.5` for an event between ticks).
    let _expectedEvents: String
    let _actualEvents: String
    /// The path of the picture of expected versus actual, written when the expectation is
    /// not met (`nil` when it is met, or when the file could not be written).
    ///
    /// ```swift
    /// if let picture = result.picture { print("see", picture) }
    /// ```
    public let picture: String?

    /// `"marbles match: -a-b-|"`, or the report with both diagrams aligned.
    ///
    /// ```swift
    /// print(result) // Prints: marbles match: -a-b-|
    /// ```
    public var description: String {
        if isMet { return "marbles match: \(actual)" }
        let expectedColumns = Array(expected)
        let actualColumns = Array(actual)
        var column = 0
        while column < min(expectedColumns.count, actualColumns.count),
              expectedColumns[column] == actualColumns[column] {
            column += 1
        }
        let actualEvents = _actualEvents.isEmpty ? Self.noEventsRecorded : _actualEvents
        return """
            marbles differ at column \(column)
            expected: \(expected)
            actual:   \(actual)
                      \(String(repeating: " ", count: column))^
            expected events: \(_expectedEvents)
            actual events:   \(actualEvents)
            """ + (picture.map { "\npicture: \($0)" } ?? "")
    }

    /// What a mismatch says when the signal did nothing on virtual time — most often because
    /// it delivers on another task or thread, which the test scheduler does not drive.
    static let noEventsRecorded = "no events were recorded (work on another task or thread, such as"
        + " Signal.task, a QueueScheduler or an AsyncSequence, does not run on the TestScheduler:"
        + " inject it as a signal the test replaces, e.g. with scheduler.cold(…), or await it"
        + " with Recorder.next(timeout:))"
}

extension TestScheduler {
    /// Subscribes to `signal` now, runs the scheduler, and compares what the signal did with
    /// `marbles`; returns the outcome, which prints both diagrams aligned when they differ.
    ///
    /// Tick 0 is now, the moment of the subscription — or, when `marbles` has a `^`, the
    /// column of the `^` (dashes before it only align the diagram with a hot input). Letters
    /// stand for the values `values` gives (or, for `String`, `Character` and `Int`, for
    /// themselves); `|` is completion; `#` an error — `error` if given, else any error; `( )`
    /// groups events at one tick. A `!` disposes the subscription at its tick, before the
    /// events the subscription scheduled for that tick (as RxTest schedules its disposal
    /// first); without one,
    /// the scheduler runs until nothing is scheduled, or for at most 1,000 ticks (as RxTest
    /// disposes at 1,000), and the subscription is then disposed.
    ///
    /// Events are compared at their exact times, so an event between ticks (drawn at the
    /// tick before) does not match a diagram.
    ///
    /// ```swift
    /// let scheduler = TestScheduler()
    /// let source = scheduler.cold("-a-b-|", values: ["a": 1, "b": 2])
    /// let result = scheduler.expect(source.signal.map { $0 + 1 }, "-b-c-|", values: ["b": 2, "c": 3])
    /// #expect(result.isMet, "\(result)")
    /// ```
    public func expect<Value: Equatable, Failure: Error>(
        _ signal: Signal<Value, Failure>,
        _ marbles: String,
        values: [Character: Value] = [:],
        error: Failure? = nil
    ) -> MarbleExpectation {
        let diagram = _MarbleDiagram(marbles)
        let origin = diagram.subscriptionTick ?? 0
        _precondition(
            diagram.entries.allSatisfy { $0.tick >= origin },
            "Signals: expected marbles \"\(marbles)\": only '-' may come before '^'; move the events after it")
        let start = now
        // The disposal is scheduled before subscribing, so that it runs before the events
        // the subscription schedules for the same tick: `!` takes its tick.
        let subscription = _Locked<(any Disposable)?>(nil)
        let disposal = diagram.disposalTick.map { tick in
            schedule(after: self.tick * (tick - origin)) { subscription.withLock { $0 }?.dispose() }
        }
        let recorder = Recorder(signal, scheduler: self)
        subscription.withLock { $0 = recorder._subscriptionDisposable }
        if let disposalTick = diagram.disposalTick {
            advance(to: start + tick * (disposalTick - origin))
            disposal?.dispose()
            recorder.dispose()
        } else {
            let limit = start + tick * 1000
            while let next = _nextDueTime, next <= limit { advance(to: next) }
            recorder.dispose()
        }

        // What was expected and what happened, at times since the subscription.
        let expected: [(time: Duration, event: Event<Value, Failure>?)] = diagram.events.map { entry in
            let time = tick * (entry.tick - origin)
            switch entry.symbol {
            case .value(let letter): return (time, .next(_marbleValue(for: letter, in: values, marbles: marbles)))
            case .completed: return (time, .completed)
            default: return (time, error.map { .error($0) })  // nil: any error
            }
        }
        let actual = recorder.timedEvents.map { (time: $0.time - start.offset, event: $0.event) }
        let isMet = expected.count == actual.count && zip(expected, actual).allSatisfy { expected, actual in
            guard expected.time == actual.time else { return false }
            switch (expected.event, actual.event) {
            case (.next(let lhs)?, .next(let rhs)): return lhs == rhs
            case (.completed?, .completed): return true
            case (.error(let lhs)?, .error(let rhs)): return _sameFailure(lhs, rhs)
            case (nil, .error): return true
            default: return false
            }
        }

        // The actual diagram, on the expected one's columns.
        var entries: [(tick: Int, symbol: _MarbleSymbol)] = actual.map { time, event in
            let symbol: _MarbleSymbol = switch event {
            case .next(let value): .value(_marbleLetter(for: value, in: values) ?? "?")
            case .completed: .completed
            case .error: .error
            }
            return (origin + time._ticks(of: tick).ticks, symbol)
        }
        if diagram.subscriptionTick != nil { entries.insert((origin, .subscribed), at: 0) }
        if let disposal = diagram.disposalTick, !(actual.last?.event.isTerminating ?? false) {
            entries.append((disposal, .disposed))
        }
        let actualText = _MarbleDiagram(entries: entries).text

        func describe(_ time: Duration, _ event: String) -> String {
            "\(event)@\(time._tickDescription(of: tick))"
        }
        var picture: String?
        if !isMet {
            let expectedMarbles: [MarbleDiagram.Marble] = diagram.events.map { entry in
                let time = tick * (entry.tick - origin)
                return switch entry.symbol {
                case .value(let letter): .value(String(letter), at: time)
                case .completed: .completed(at: time)
                default: .failed(error.map { String(describing: $0) } ?? "any error", at: time)
                }
            }
            let actualMarbles = actual.map { time, event in
                MarbleDiagram.Marble(time: time, event: event) { value in
                    _marbleLetter(for: value, in: values).map { String($0) } ?? String(describing: value)
                }
            }
            let drawing = MarbleDiagram(
                title: "expected \(marbles), actual \(actualText)",
                tick: tick,
                lanes: [
                    MarbleDiagram.Lane("expected", events: expectedMarbles),
                    MarbleDiagram.Lane("actual", events: actualMarbles, isOutput: true),
                ])
            picture = _writePicture(drawing.svg)
        }
        return MarbleExpectation(
            isMet: isMet,
            expected: marbles,
            actual: actualText,
            _expectedEvents: expected.map { describe($0.time, $0.event.map { "\($0)" } ?? "error") }
                .joined(separator: " "),
            _actualEvents: actual.map { describe($0.time, "\($0.event)") }.joined(separator: " "),
            picture: picture
        )
    }
}

/// Writes `svg` into `$SIGNALS_PICTURES_DIR`, else `$TMPDIR/signals-pictures` (`/tmp` without
/// `TMPDIR`), named by a hash of its content; returns the path, or `nil` when it could not
/// be written. Plain C calls: SignalsTesting needs no Foundation.
func _writePicture(_ svg: String) -> String? {
    let directory: String
    if let chosen = getenv("SIGNALS_PICTURES_DIR").map({ String(cString: $0) }), !chosen.isEmpty {
        directory = chosen
    } else {
        var temporary = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        if temporary.isEmpty { temporary = "/tmp" }
        while temporary.count > 1 && temporary.hasSuffix("/") { temporary.removeLast() }
        directory = temporary + "/signals-pictures"
    }
    _ = mkdir(directory, 0o755)  // may exist already
    let name = "marbles-" + String(UInt64(_stableHash(svg)), radix: 16) + ".svg"
    let path = directory + "/" + name
    guard let file = fopen(path, "w") else { return nil }
    defer { fclose(file) }
    let bytes = Array(svg.utf8)
    let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
    return written == bytes.count ? path : nil
}
