// Library bugs found by the fuzzer and the stress tests, each pinned by a test named after
// what broke. The minimal pipeline the shrinker printed is in each test's comment.

import Signals
import SignalsTesting
import Testing

@Suite struct RegressionTests {
    /// Shrunk from the fuzzer: `source[next(0), next(0)].map { v in source[next(0), completed] }.concat()`
    /// delivered only the first inner's value and never completed. `concat()` learns that an
    /// inner finished through a Subject that is merged in *after* the outer signal, so with a
    /// synchronous outer signal the "inner finished" notice was sent before anyone listened.
    /// Fixed on main in 2decf02 (the notices are subscribed before the outer signal).
    @Test func concatOfASynchronousSignalOfSignalsRunsEveryInnerAndCompletes() {
        let inners: [Signal<Int, Never>] = [.just(1), .from([2, 3]), .just(4)]
        let recorder = Recorder(Signal<Signal<Int, Never>, Never>.from(inners).concat())
        #expect(recorder.events == [.next(1), .next(2), .next(3), .next(4), .completed])
        recorder.dispose()
    }

    @Test func concatOfASynchronousSignalOfEmptySignalsCompletes() {
        let recorder = Recorder(Signal<Signal<Int, Never>, Never>.just(.empty).concat())
        #expect(recorder.events == [.completed])
        recorder.dispose()
    }

    /// Found by the fuzzer in `swift test -c release` (the process died with "Fatal access
    /// conflict detected"): releasing a fold node whose parts hold another fold node.
    /// Fixed on main in 8906442.
    /// `_DeferredRelease.release` destroys parts inside `pending.removeLast()`; under -O the
    /// removed element is destroyed while that modify access is still open, its deinit calls
    /// `release` again, and `pending.append` is a second, overlapping modification.
    /// Only optimised builds trap, so CI also runs this suite with `-c release`.
    @Test func droppingNestedConcatAndMergeFoldsDoesNotTrapWithAnAccessConflict() async {
        // In a child process: the failure mode is a trap that would end the whole test run.
        await #expect(processExitsWith: .success) {
            for _ in 0..<3 {
                let concatenated = Signal<Int, Never>.just(1).concat(.just(2)).concat(.just(3))
                let merged = Signal<Int, Never>.just(1).merge(.just(2)).merge(.just(3))
                precondition(Recorder(concatenated).values == [1, 2, 3])
                precondition(Recorder(merged).values == [1, 2, 3])
            }
        }
    }
}
