// Recorder's async waits: next(timeout:) reads the values as a cursor, completion(timeout:)
// returns the terminal event, and a timeout fails the test with what was recorded.
// (Positive waits use a generous timeout: the cooperative pool may be busy with other suites.)

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct RecorderWaitTests {
    private static let generous = Duration.seconds(120)

    @Test func nextReturnsEachValueOnceInOrderWhetherRecordedBeforeOrDuringTheWait() async throws {
        // Given
        let subject = Subject<Int, Never>()
        let recorder = subject.signal.record()
        subject.send(value: 1)
        // When
        let sender = Task {
            try? await Task.sleep(for: .milliseconds(10))
            subject.send(value: 2)
            subject.send(value: 3)
        }
        // Then
        #expect(try await recorder.next(timeout: Self.generous) == 1)
        #expect(try await recorder.next(timeout: Self.generous) == 2)
        #expect(try await recorder.next(timeout: Self.generous) == 3)
        await sender.value
    }

    @Test func nextReturnsNilOnceTheSignalHasEndedWithoutAnotherValue() async throws {
        let recorder = Signal.task { 7 }.record()
        #expect(try await recorder.next(timeout: Self.generous) == 7)
        #expect(try await recorder.next(timeout: Self.generous) == nil)
    }

    @Test func completionReturnsTheTerminalEventOfASignalOnAnotherTask() async throws {
        let recorder = Signal.task { 1 }.record()
        #expect(try await recorder.completion(timeout: Self.generous) == .completed)
        #expect(recorder.values == [1])
    }

    @Test func completionReturnsTheError() async throws {
        let recorder = Signal<Int, TestError>.task { () async throws(TestError) -> Int in throw TestError(3) }.record()
        #expect(try await recorder.completion(timeout: Self.generous) == .error(TestError(3)))
    }

    @Test func aTimeoutThrowsAnErrorListingWhatWasRecorded() async {
        let subject = Subject<Int, Never>()
        let recorder = subject.signal.record()
        subject.send(value: 1)
        _ = try? await recorder.next(timeout: .seconds(1))
        let error = await #expect(throws: RecorderTimeout.self) {
            try await recorder.next(timeout: .milliseconds(20))
        }
        #expect(error?.description == "Recorder.next(timeout:): nothing new within 0.02 seconds; recorded: next(1)")
    }

    @Test func aTimeoutWithNothingRecordedSaysSo() async {
        let recorder = Signal<Int, Never>.never.record()
        let error = await #expect(throws: RecorderTimeout.self) {
            try await recorder.completion(timeout: .milliseconds(20))
        }
        #expect(error?.description == "Recorder.completion(timeout:): nothing new within 0.02 seconds; no events were recorded")
    }

    @Test func manyWaitersAreAllResumed() async throws {
        let subject = Subject<Int, Never>()
        let recorder = subject.signal.record()
        async let first = recorder.completion(timeout: Self.generous)
        async let second = recorder.completion(timeout: Self.generous)
        try? await Task.sleep(for: .milliseconds(5))
        subject.sendCompleted()
        #expect(try await [first, second] == [.completed, .completed])
    }
}
