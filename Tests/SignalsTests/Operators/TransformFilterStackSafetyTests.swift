// Stack safety of the transform and filter operators: long synchronous sources through them
// on a thread with a 512 KiB stack. Each test runs in a child process (an exit test), so a
// stack overflow fails that test only; each prints its size and time ("[figures] ...").

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite(.serialized) struct TransformFilterStackSafetyTests {
    static let stackSize = 512 * 1024
    /// 200,000 at full size (SIGNALS_FULL=1, optimised builds); a tenth in a quick run, as the
    /// other stack-safety suites: 20,000 values overflow a 512 KiB stack if a stage recurses per value.
    static let count = StackSafetyTests.steps(200_000)

    @Test func distinctUntilChangedScanTakeOverALongSource() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let count = TransformFilterStackSafetyTests.count
            let half = count / 2
            let (values, last, completions) = runOnThread(stackSize: TransformFilterStackSafetyTests.stackSize) {
                measure("from(0..<\(count)).map.distinctUntilChanged.scan.take(\(half)) (512 KiB stack)") {
                    let values = Counter(), completions = Counter()
                    let last = Locked(0)
                    // 0, 0, 1, 1, 2, 2, … -> 0, 1, 2, … -> running sums; take stops at the last one.
                    Signal.from(0..<count).map { $0 / 2 }.distinctUntilChanged().scan(0) { $0 &+ $1 }.take(half)
                        .subscribe(next: { sum in
                            values.increment()
                            last.withLock { $0 = sum }
                        }, completed: { completions.increment() })
                    return (values.count, last.value, completions.count)
                }
            }
            #expect(values == half)
            #expect(last == half * (half - 1) / 2)
            #expect(completions == 1)
        }
        TransformFilterStackSafetyTests.relay(result)
    }

    @Test func takeLastAndCollectOfALongSource() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let count = TransformFilterStackSafetyTests.count
            let (arrays, isCompleted) = runOnThread(stackSize: TransformFilterStackSafetyTests.stackSize) {
                measure("from(0..<\(count)).takeLast(\(count)).collect(count: 1000) (512 KiB stack)") {
                    let recorder = Signal.from(0..<count).takeLast(count).collect(count: 1000).record()
                    return (recorder.values, recorder.isCompleted)
                }
            }
            let inOrder = arrays.count == count / 1000 && arrays.joined().elementsEqual(0..<count)
            #expect(inOrder, "every value arrives once, in order")
            #expect(isCompleted)
        }
        TransformFilterStackSafetyTests.relay(result)
    }

    @Test func reentrantFeedbackThroughSkipAndTake() async {
        // Every value received is sent back, re-entrantly, into the source subject.
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let count = StackSafetyTests.steps(100_000)
            let received = runOnThread(stackSize: TransformFilterStackSafetyTests.stackSize) {
                measure("feedback loop of \(count) re-entrant sends through skip(until:).skip(while:).take (512 KiB stack)") {
                    let subject = Subject<Int, Never>()
                    let received = Counter()
                    subject.signal.skip(until: .just(())).skip(while: { $0 < 0 }).take(count).subscribe(next: { value in
                        received.increment()
                        subject.send(value: value + 1)
                    })
                    subject.send(value: 0)
                    return received.count
                }
            }
            #expect(received == count, "every re-entrant send arrives, up to the limit")
        }
        TransformFilterStackSafetyTests.relay(result)
    }

    /// Prints what the child process printed (the figures).
    static func relay(_ result: ExitTest.Result?) {
        guard let result else { return }
        let output = String(decoding: result.standardOutputContent, as: UTF8.self)
        for line in output.split(separator: "\n") where line.hasPrefix("[figures]") { printFigure(String(line)) }
    }
}
