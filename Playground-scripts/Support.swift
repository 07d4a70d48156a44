// Support for the tour: chapters, headings, and the tour's own `print`.
//
// Nothing in this file is about signals. It lets each chapter be a plain function that
// prints what it teaches, lets `swift run playground concat` run one chapter, and lets
// the tests in Tests/PlaygroundTests compare every chapter's output with a golden
// transcript (Tests/PlaygroundTests/Golden/<chapter file>.txt).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Signals
import Synchronization

// MARK: - The tour's print

/// The tour's print records what it prints so tests can compare.
///
/// It shadows `Swift.print` inside this target, so chapters (and the closures they give
/// to signals) call plain `print(...)`, exactly as you would in your own code. Each call
/// writes to standard output, as usual, and - while a chapter is running - also appends to
/// that chapter's transcript, which `Chapter.run()` returns.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    let text = items.map { String(describing: $0) }.joined(separator: separator) + terminator
    Transcript.shared.write(text)
}

/// The text printed by the chapter that is running.
///
/// A `Mutex` from the standard `Synchronization` module keeps it safe: the closures a
/// chapter gives to the library are `@Sendable`, so they may not touch unprotected
/// shared state (the point the chapter "Signals: creating and subscribing" makes).
final class Transcript: Sendable {
    static let shared = Transcript()

    private struct State {
        var text: String?
        var echo = true
    }
    private let state = Mutex(State())

    /// Only one chapter records at a time (tests may ask for several at once).
    private let recording = Mutex(())

    func write(_ text: String) {
        let echo = state.withLock { state -> Bool in
            state.text?.append(text)
            return state.echo
        }
        if echo { Swift.print(text, terminator: "") }
    }

    /// Runs `body`, returning everything it printed.
    func record(echo: Bool, _ body: () -> Void) -> String {
        recording.withLock { _ in
            state.withLock { $0 = State(text: "", echo: echo) }
            body()
            return state.withLock { state in
                defer { state = State() }
                return state.text ?? ""
            }
        }
    }
}

// MARK: - Chapters

/// One chapter of the tour: a file in Playground-scripts/ and the function that prints it.
struct Chapter: Sendable {
    /// 1, 2, 3 ... the reading order: the chapter's place in ``chapters``.
    private(set) var number = 0
    /// The short name used on the command line: `swift run playground concat`.
    let name: String
    /// The heading printed above the chapter.
    let title: String
    /// The chapter's file name without extension, e.g. `10-Concat`; its golden transcript
    /// is `Tests/PlaygroundTests/Golden/10-Concat.txt`.
    let fileName: String
    private let body: @Sendable () -> Void

    init(_ name: String, title: String, fileID: String = #fileID, body: @escaping @Sendable () -> Void) {
        self.name = name
        self.title = title
        let file = fileID.split(separator: "/").last.map(String.init) ?? fileID
        self.fileName = file.hasSuffix(".swift") ? String(file.dropLast(6)) : file
        self.body = body
    }

    /// This chapter, numbered.
    fileprivate func numbered(_ number: Int) -> Chapter {
        var chapter = self
        chapter.number = number
        return chapter
    }

    /// Prints the chapter (heading, then its lessons) and returns what it printed.
    @discardableResult
    func run(echo: Bool = true) -> String {
        Transcript.shared.record(echo: echo) {
            let heading = "Chapter \(number) · \(title)"
            print(heading)
            print(String(repeating: "=", count: heading.count))
            body()
        }
    }
}

/// Every chapter, in reading order: first the everyday track (use the library), then "how it
/// works" (the five seed stories, bind, writing operators), then building an app (state).
///
/// A chapter is numbered by its place here. To add one, write its file (named so that the
/// files sort in reading order, e.g. `04b-Streams.swift` between 04 and 05), add it to
/// this list, and record its golden transcript (see Tests/PlaygroundTests).
let chapters: [Chapter] = (everydayTrack + howItWorksTrack + appTrack).enumerated().map { $1.numbered($0 + 1) }

/// Using the library: signals in five minutes, everyday operators, time, async/await.
let everydayTrack: [Chapter] = [
    .fiveMinutes,
    .everydayOperators,
    .time,
    .splitting,
    .bothWorlds,
]

/// How it works: the five seed stories (signals and sinks, the bind pipeline's disposables,
/// concat as a queue, combineLatest's bookkeeping, one observer fed by many upstreams),
/// bind itself, and writing operators with it.
let howItWorksTrack: [Chapter] = [
    .signals,
    .disposables,
    .bind,
    .flattenAndMerge,
    .concat,
    .combineLatest,
    .mergeInput,
    .writingOperators,
]

/// Building an app: the types an app holds — properties for state, actions for work on
/// demand. (After "how it works", so that the chapters before keep their numbers.)
let appTrack: [Chapter] = [
    .appState,
]

/// The chapter named by a command-line argument: its number (`3`, `03`), its short name
/// (`concat`), or its file name with or without the number (`10-Concat`, `Concat`),
/// ignoring case.
func chapter(named argument: String) -> Chapter? {
    let wanted = argument.lowercased()
    return chapters.first { chapter in
        let fileName = chapter.fileName.lowercased()
        let title = fileName.split(separator: "-", maxSplits: 1).last.map(String.init) ?? fileName
        return Int(wanted) == chapter.number
            || wanted == chapter.name.lowercased()
            || wanted == fileName
            || wanted == title
    }
}

// MARK: - Helpers for writing chapters

/// Starts a section of a chapter: a blank line and a short heading.
func section(_ title: String) {
    print()
    print("-- \(title)")
}

/// Shows a line of code before running it, as a REPL would: `> subject.send(value: 1)`.
func show(_ code: String) {
    print("> \(code)")
}

/// A signal that reports its own life: it prints `[name subscribed]` when subscribed
/// and `[name released]` when its subscription ends (by a terminal event or a dispose).
/// The tour wraps subjects in it to show *when* operators subscribe and dispose.
///
/// It is written like any source: `Signal.init` with a subscribe function returning the
/// disposable of the subscription's resources.
func traced<Value, Failure: Error>(_ name: String, _ signal: Signal<Value, Failure>) -> Signal<Value, Failure> {
    Signal { observer in
        print("[\(name) subscribed]")
        let subscription = signal.subscribe(observer)
        return AnyDisposable {
            print("[\(name) released]")
            subscription.dispose()
        }
    }
}

/// The error the tour's failing signals send.
struct TourError: Error, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

/// The directory given with `--pictures`, where chapters that draw write their SVG files.
nonisolated(unsafe) var picturesDirectory: String?

/// Writes `svg` to `directory/name` (creating the directory), and says so on standard error,
/// so that the printed tour stays the same.
func writePicture(_ svg: String, named name: String, in directory: String) {
    _ = mkdir(directory, 0o755)
    let path = directory + "/" + name
    guard let file = fopen(path, "w") else {
        _ = "could not write \(path)\n".utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
        return
    }
    _ = Array(svg.utf8).withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
    fclose(file)
    _ = "wrote \(path)\n".utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
}
