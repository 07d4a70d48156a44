// buffer(boundary:): an array of the values between two boundary values, sent at each
// boundary value (even empty); the rest on completion.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct BufferBoundaryTests {
    @Test func theTimeline() {
        // The timeline in buffer(boundary:)'s doc comment: a boundary value sends the array,
        // even empty; completion sends the rest, even empty.
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-ab-c-----|")
        let boundary: TestSignal<String, Never> = scheduler.cold("---o--oo---")
        let result = scheduler.expect(
            source.signal.buffer(boundary: boundary.signal), "---x--ye--(e|)",
            values: ["x": ["a", "b"], "y": ["c"], "e": []])
        #expect(result.isMet, "\(result)")
    }

    @Test func synchronously() {
        let values = Subject<Int, Never>(), flushes = Subject<Void, Never>()
        let recorder = values.signal.buffer(boundary: flushes.signal).record()
        values.send(value: 1)
        values.send(value: 2)
        flushes.send(value: ())
        flushes.send(value: ())
        values.send(value: 3)
        values.sendCompleted()
        #expect(recorder.events == [.next([1, 2]), .next([]), .next([3]), .completed])
    }

    @Test func theBoundarysCompletionChangesNothingAndTheRestIsSentOnCompletion() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-a-b-c-|")
        let boundary: TestSignal<String, Never> = scheduler.cold("--o|")
        let result = scheduler.expect(
            source.signal.buffer(boundary: boundary.signal), "--x----(y|)",
            values: ["x": ["a"], "y": ["b", "c"]])
        #expect(result.isMet, "\(result)")
    }

    @Test func aBoundaryValueAtTheInstantOfAValueComesFirst() {
        // Both cold, the boundary subscribed first: its value at 2 ends the array before b.
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-ab--|")
        let boundary: TestSignal<String, Never> = scheduler.cold("--o---")
        let result = scheduler.expect(
            source.signal.buffer(boundary: boundary.signal), "--x--(y|)", values: ["x": ["a"], "y": ["b"]])
        #expect(result.isMet, "\(result)")
    }

    @Test func theSourcesErrorDropsTheArrayAndDisposesTheBoundary() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, TestError> = scheduler.cold("-a-#", error: TestError(1))
        let boundary: TestSignal<String, TestError> = scheduler.cold("-----o", error: TestError(2))
        let result = scheduler.expect(
            source.signal.buffer(boundary: boundary.signal), "---#", values: [:], error: TestError(1))
        #expect(result.isMet, "\(result)")
        #expect(boundary.subscriptionMarbles == ["^--!"])
    }

    @Test func theBoundarysErrorFailsTheOutputAndDisposesTheSource() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, TestError> = scheduler.cold("-a-b-c-|", error: TestError(1))
        let boundary: TestSignal<String, TestError> = scheduler.cold("--o-#", error: TestError(2))
        let result = scheduler.expect(
            source.signal.buffer(boundary: boundary.signal), "--x-#", values: ["x": ["a"]], error: TestError(2))
        #expect(result.isMet, "\(result)")
        #expect(source.subscriptionMarbles == ["^---!"])
    }

    @Test func completionDisposesTheBoundary() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-a|")
        let boundary: TestSignal<String, Never> = scheduler.cold("-----o")
        let result = scheduler.expect(source.signal.buffer(boundary: boundary.signal), "--(x|)", values: ["x": ["a"]])
        #expect(result.isMet, "\(result)")
        #expect(boundary.subscriptionMarbles == ["^-!"])
    }

    @Test func disposingDisposesBoth() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-a-b-c-|")
        let boundary: TestSignal<String, Never> = scheduler.cold("--o--o--")
        let result = scheduler.expect(source.signal.buffer(boundary: boundary.signal), "--x-!", values: ["x": ["a"]])
        #expect(result.isMet, "\(result)")
        #expect(source.subscriptionMarbles == ["^---!"])
        #expect(boundary.subscriptionMarbles == ["^---!"])
    }

    @Test func anEmptySourceSendsOneEmptyArray() {
        #expect(Signal<Int, Never>.empty.buffer(boundary: Signal<Void, Never>.never).record().events == [.next([]), .completed])
    }
}
