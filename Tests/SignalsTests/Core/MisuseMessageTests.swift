// Programmer errors stop the process with a message that starts "Signals:", names the call
// and says the fix, in release builds too (the checks call `fatalError`, whose message `-O`
// keeps). Each exit test runs its body in a child process.

import Foundation
import Signals
import SignalsTesting
import Testing

@Suite struct MisuseMessageTests {
    /// The child's standard error, as text.
    private static func standardError(_ result: ExitTest.Result?) -> String {
        String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    }

    @Test func takeOfANegativeCountStopsNamingTheCallAndTheFix() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal.from([1, 2]).take(-1)
        }
        #expect(Self.standardError(result).contains(
            "Signals: take(_:) needs a count of 0 or more, got -1; take(0) completes at once"))
    }

    @Test func aConcurrencyLimitBelowOneStopsNamingTheStrategies() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal.from([Signal.just(1)]).flatten(.concurrent(limit: 0))
        }
        #expect(Self.standardError(result).contains(
            "Signals: FlattenStrategy.concurrent(limit:) needs a limit of 1 or more, got 0; .concat runs one at a time, .merge has no limit"))
    }

    @Test func aBufferSizeOfZeroStopsNamingTheUnboundedForm() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int, Never>.never.values(bufferSize: 0, whenFull: .dropOldest)
        }
        #expect(Self.standardError(result).contains(
            "Signals: values(bufferSize:whenFull:) needs a buffer of 1 or more, got 0; use values for no limit"))
    }

    @Test func advancingATestSchedulerBackwardsStopsWithASignalsMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            TestScheduler().advance(by: .seconds(-1))
        }
        #expect(Self.standardError(result).contains("Signals: TestScheduler.advance(by:) cannot go back in time"))
    }

    /// Two threads inside one subscriber closure subscribed directly, with no operator in
    /// between: thread A is held inside its value until thread B has sent too, so the overlap
    /// is certain. Debug builds stop with the message bind gives behind an operator.
    @Test func aRawSubscriberEnteredByTwoThreadsStopsWithTheOperatorsMessage() async {
        #if DEBUG
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let bSent = DispatchSemaphore(value: 0)
            let aInside = DispatchSemaphore(value: 0)
            let source = Signal<Int, Never> { observer in
                let group = DispatchGroup()
                DispatchQueue.global().async(group: group) { observer.send(value: 1) }
                DispatchQueue.global().async(group: group) {
                    aInside.wait()   // A is inside its value: B's send overlaps it, however busy the machine
                    observer.send(value: 2)
                    bSent.signal()
                }
                group.wait()
                return nil
            }
            source.subscribe(next: { value in
                if value == 1 {
                    aInside.signal()
                    _ = bSent.wait(timeout: .now() + 120)   // a hang guard: B's send stops the process first
                }
            })
        }
        #expect(Self.standardError(result).contains(
            "Signals: events sent concurrently into one observer; serialise them, e.g. through a Subject"))
        #endif
    }

    /// A subscriber that re-enters itself on its own thread (a send from inside its closure)
    /// is not concurrent: the check lets it through.
    @Test func aRawSubscriberReenteredOnItsOwnThreadIsFine() {
        let subject = Subject<Int, Never>()
        let recorder = Recorder(subject.signal)
        let seen = Recorder(Signal<Int, Never> { observer in
            subject.signal.subscribe(next: { value in
                observer.send(value: value)
                if value < 3 { subject.send(value: value + 1) }
            })
        })
        subject.send(value: 1)
        #expect(seen.values == [1, 2, 3])
        #expect(recorder.values == [1, 2, 3])
    }

    /// Every `precondition`-style check in the library's sources goes through the helper
    /// that prints in release builds, and every message starts "Signals:".
    @Test func everyCheckInTheSourcesPrintsASignalsMessage() throws {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count > 50)
        var offences: [String] = []
        for file in files {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() {
                let code = line.drop { $0 == " " }
                if code.hasPrefix("//") { continue }
                let place = "\(file.lastPathComponent):\(index + 1)"
                for bare in ["precondition(", "preconditionFailure("] where code.hasPrefix(bare) {
                    offences.append("\(place): a bare \(bare)") // -O drops its message
                }
                let checks = ["_precondition(", "_preconditionFailure(", "fatalError("]
                if checks.contains(where: { code.hasPrefix($0) }) && file.lastPathComponent != "Misuse.swift" {
                    // The message is on this line or the next two.
                    let text = lines[index..<min(index + 3, lines.count)].joined(separator: " ")
                    if !text.contains("\"Signals: ") { offences.append("\(place): a message not starting \"Signals:\"") }
                }
            }
        }
        #expect(offences == [])
    }
}
