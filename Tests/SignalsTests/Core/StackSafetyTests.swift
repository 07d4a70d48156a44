// Stack safety: synchronous chains of any length run on a thread with a 512 KiB stack
// (Contracts.md, "Stack safety").
//
// Each test runs in a child process (an exit test), so that a stack overflow fails that test
// instead of killing the whole run. Each prints its size and time ("[figures] ...", relayed
// from the child) for the closing note. Values are compared as a Bool: a failing `#expect`
// on a million-element array would diff it for minutes.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite(.serialized) struct StackSafetyTests {
    static let stackSize = 512 * 1024

    /// The size of the million-step tests of the operators built on tail calls and feedback
    /// loops (repeat, retry, repeatForever, switchToLatest, concatMap, concurrent(limit:)):
    /// 1,000,000 in optimised builds — CI runs every stack-safety suite in release — and
    /// 100,000 in debug builds with `SIGNALS_FULL=1` (the sanitizer steps); 10,000 in a plain
    /// `swift test`, which proves the same thing (10,000 nested frames would overflow a
    /// 512 KiB stack several times over) in a tenth of the time.
    static let millionSteps: Int = {
        #if DEBUG
        return testSize(100_000, quick: 10_000)
        #else
        return 1_000_000
        #endif
    }()

    /// The size of the million-element chains of this suite (a concat of a million `just`s, a
    /// flattenMap over a million values): a million at full size (``runsFullSizes``), 10,000
    /// in a plain debug `swift test`, which overflows a 512 KiB stack as surely (see above).
    static let millionElementSteps = testSize(1_000_000, quick: 10_000)

    /// The size of the other long-chain tests: `full` at full size (``runsFullSizes``: every
    /// optimised build, or `SIGNALS_FULL=1`), a tenth of it in a plain debug `swift test`.
    static func steps(_ full: Int) -> Int {
        testSize(full, quick: full / 10)
    }

    @Test func concatOfAMillionJustSignals() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let count = StackSafetyTests.millionElementSteps
            let signals = (0..<count).map { Signal<Int, Never>.just($0) }
            StackSafetyTests.expectAllValues(0..<count, "concat of \(count) just signals") {
                Signal.concat(signals)
            }
        }
        Self.relay(result)
    }

    @Test func leftFoldOfAHundredThousandBinaryConcats() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let count = StackSafetyTests.steps(100_000)
            StackSafetyTests.expectAllValues(0..<count, "left fold of \(count) a.concat(b), build + subscribe + release") {
                var signal = Signal<Int, Never>.just(0)
                for value in 1..<count { signal = signal.concat(.just(value)) }
                return signal
            }
        }
        Self.relay(result)
    }

    @Test func leftFoldOfAHundredThousandBinaryMerges() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let count = StackSafetyTests.steps(100_000)
            StackSafetyTests.expectAllValues(0..<count, "left fold of \(count) a.merge(b), build + subscribe + release") {
                var signal = Signal<Int, Never>.just(0)
                for value in 1..<count { signal = signal.merge(.just(value)) }
                return signal
            }
        }
        Self.relay(result)
    }

    @Test func flattenMapOverAMillionValuesEachReturningASynchronousSignal() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let count = StackSafetyTests.millionElementSteps
            StackSafetyTests.expectAllValues(0..<count, "flattenMap over \(count) values, each Signal.from([x])") {
                Signal.from(0..<count).flattenMap { Signal.from([$0]) }
            }
        }
        Self.relay(result)
    }

    @Test func leftFoldOfNonConstantConcatsKeepsOrder() async {
        // The parts are `from` signals, which bind cannot deliver as constants.
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let count = StackSafetyTests.steps(100_000)
            StackSafetyTests.expectAllValues(0..<count, "left fold of \(count) a.concat(from([x]))") {
                var signal = Signal<Int, Never>.from([0])
                for value in 1..<count { signal = signal.concat(.from([value])) }
                return signal
            }
        }
        Self.relay(result)
    }

    @Test func rightFoldOfAHundredThousandBinaryConcats() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let count = StackSafetyTests.steps(100_000)
            StackSafetyTests.expectAllValues(0..<count, "right fold of \(count) a.concat(b)") {
                var signal = Signal<Int, Never>.just(count - 1)
                for value in (0..<count - 1).reversed() { signal = Signal.just(value).concat(signal) }
                return signal
            }
        }
        Self.relay(result)
    }

    @Test func concatOfASignalOfAHundredThousandSynchronousSignals() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let count = StackSafetyTests.steps(100_000)
            StackSafetyTests.expectAllValues(0..<count, "concat() of a signal of \(count) Signal.from([x])") {
                Signal.from(0..<count).map { Signal<Int, Never>.from([$0]) }.concat()
            }
        }
        Self.relay(result)
    }

    @Test func recursiveConcatThroughDeferredRunsInConstantStack() async {
        // countdown(n) = just(n).concat(deferred { countdown(n - 1) }): the repeat-like
        // recursion that Contracts.md's "Stack safety" (tail calls) and Core/TailCall.swift cover.
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let count = StackSafetyTests.steps(100_000)
            StackSafetyTests.expectAllValues((1...count).reversed(), "recursive concat through deferred, \(count) levels") {
                StackSafetyTests.countdown(count)
            }
        }
        Self.relay(result)
    }

    @Test func feedbackThroughASubjectAndBindRunsInConstantStack() async {
        // Every value received is sent back, re-entrantly, into the source subject.
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let count = StackSafetyTests.steps(100_000)
            let received = runOnThread(stackSize: StackSafetyTests.stackSize) {
                measure("feedback loop of \(count) re-entrant sends through Subject + flattenMap (512 KiB stack)") {
                    let subject = Subject<Int, Never>()
                    let received = Counter()
                    subject.signal.flattenMap { Signal.from([$0 + 1]) }.subscribe(next: { value in
                        received.increment()
                        if value < count { subject.send(value: value) }
                    })
                    subject.send(value: 0)
                    return received.count
                }
            }
            #expect(received == count, "every re-entrant send arrives")
        }
        Self.relay(result)
    }

    // MARK: Helpers (run in the child process)

    @Sendable static func countdown(_ n: Int) -> Signal<Int, Never> {
        n == 0 ? .empty : Signal.just(n).concat(.deferred { countdown(n - 1) })
    }

    /// Builds and records `make()` on a 512 KiB stack, timing it, and expects exactly
    /// `expected` then completion.
    static func expectAllValues(
        _ expected: some Sequence<Int>,
        _ label: String,
        _ make: @escaping @Sendable () -> Signal<Int, Never>
    ) {
        let (values, isCompleted) = runOnThread(stackSize: stackSize) {
            measure("\(label) (512 KiB stack)") {
                let recorder = make().record()
                return (recorder.values, recorder.isCompleted)
            }
        }
        let expected = Array(expected)
        let allValuesInOrder = values == expected
        #expect(values.count == expected.count, "value count: \(values.count) of \(expected.count)")
        #expect(allValuesInOrder, "values arrive exactly once, in order")
        #expect(isCompleted, "the signal completes")
    }

    /// Prints what the child process printed (the figures).
    static func relay(_ result: ExitTest.Result?) {
        guard let result else { return }
        let output = String(decoding: result.standardOutputContent, as: UTF8.self)
        for line in output.split(separator: "\n") where line.hasPrefix("[figures]") { printFigure(String(line)) }
    }
}
