// Stack safety: synchronous chains of any length run on a thread with a 512 KiB stack
// (DESIGN.md section 3, "Stack safety"). A stack overflow crashes the test process.
// Each test prints its size and time ("[figures] ...") for the closing note.

import Testing
import Signals
import SignalsTesting

@Suite(.serialized) struct StackSafetyTests {
    static let stackSize = 512 * 1024

    @Test func concatOfAMillionJustSignals() {
        // Given
        let count = 1_000_000
        let signals = (0..<count).map { Signal<Int, Never>.just($0) }
        // When
        let (values, isCompleted) = runOnThread(stackSize: Self.stackSize) {
            measure("concat of \(count) just signals (512 KiB stack)") {
                let recorder = Signal.concat(signals).record()
                return (recorder.values, recorder.isCompleted)
            }
        }
        // Then
        // (compared as a Bool: a failing #expect on a million-element array would diff it for minutes)
        let allValuesInOrder = values == Array(0..<count)
        #expect(values.count == count)
        #expect(allValuesInOrder)
        #expect(isCompleted)
    }

    @Test func leftFoldOfAHundredThousandBinaryConcats() {
        // Given
        let count = 100_000
        // When
        let (values, isCompleted) = runOnThread(stackSize: Self.stackSize) {
            measure("left fold of \(count) a.concat(b), build + subscribe + release (512 KiB stack)") {
                var signal = Signal<Int, Never>.just(0)
                for value in 1..<count { signal = signal.concat(.just(value)) }
                let recorder = signal.record()
                return (recorder.values, recorder.isCompleted)
            }
        }
        // Then
        // (compared as a Bool: a failing #expect on a million-element array would diff it for minutes)
        let allValuesInOrder = values == Array(0..<count)
        #expect(values.count == count)
        #expect(allValuesInOrder)
        #expect(isCompleted)
    }

    @Test func leftFoldOfAHundredThousandBinaryMerges() {
        // Given
        let count = 100_000
        // When
        let (values, isCompleted) = runOnThread(stackSize: Self.stackSize) {
            measure("left fold of \(count) a.merge(b), build + subscribe + release (512 KiB stack)") {
                var signal = Signal<Int, Never>.just(0)
                for value in 1..<count { signal = signal.merge(.just(value)) }
                let recorder = signal.record()
                return (recorder.values, recorder.isCompleted)
            }
        }
        // Then
        // (compared as a Bool: a failing #expect on a million-element array would diff it for minutes)
        let allValuesInOrder = values == Array(0..<count)
        #expect(values.count == count)
        #expect(allValuesInOrder)
        #expect(isCompleted)
    }

    @Test func leftFoldOfNonConstantConcatsKeepsOrder() {
        // Given: the parts are `from` signals, which bind cannot deliver as constants
        let count = 100_000
        // When
        let (values, isCompleted) = runOnThread(stackSize: Self.stackSize) {
            measure("left fold of \(count) a.concat(from([x])) (512 KiB stack)") {
                var signal = Signal<Int, Never>.from([0])
                for value in 1..<count { signal = signal.concat(.from([value])) }
                let recorder = signal.record()
                return (recorder.values, recorder.isCompleted)
            }
        }
        // Then
        // (compared as a Bool: a failing #expect on a million-element array would diff it for minutes)
        let allValuesInOrder = values == Array(0..<count)
        #expect(values.count == count)
        #expect(allValuesInOrder)
        #expect(isCompleted)
    }

    @Test func flattenMapOverAMillionValuesEachReturningASynchronousSignal() {
        // Given
        let count = 1_000_000
        // When
        let (values, isCompleted) = runOnThread(stackSize: Self.stackSize) {
            measure("flattenMap over \(count) values, each Signal.from([x]) (512 KiB stack)") {
                let recorder = Signal.from(0..<count).flattenMap { Signal.from([$0]) }.record()
                return (recorder.values, recorder.isCompleted)
            }
        }
        // Then
        // (compared as a Bool: a failing #expect on a million-element array would diff it for minutes)
        let allValuesInOrder = values == Array(0..<count)
        #expect(values.count == count)
        #expect(allValuesInOrder)
        #expect(isCompleted)
    }

    @Test func rightFoldOfAHundredThousandBinaryConcats() {
        // Given
        let count = 100_000
        // When
        let (values, isCompleted) = runOnThread(stackSize: Self.stackSize) {
            measure("right fold of \(count) a.concat(b) (512 KiB stack)") {
                var signal = Signal<Int, Never>.just(count - 1)
                for value in (0..<count - 1).reversed() { signal = Signal.just(value).concat(signal) }
                let recorder = signal.record()
                return (recorder.values, recorder.isCompleted)
            }
        }
        // Then
        // (compared as a Bool: a failing #expect on a million-element array would diff it for minutes)
        let allValuesInOrder = values == Array(0..<count)
        #expect(values.count == count)
        #expect(allValuesInOrder)
        #expect(isCompleted)
    }

    @Test func concatOfASignalOfAMillionSynchronousSignals() {
        // Given
        let count = 1_000_000
        // When
        let (values, isCompleted) = runOnThread(stackSize: Self.stackSize) {
            measure("concat() of a signal of \(count) Signal.from([x]) (512 KiB stack)") {
                let recorder = Signal.from(0..<count).map { Signal<Int, Never>.from([$0]) }.concat().record()
                return (recorder.values, recorder.isCompleted)
            }
        }
        // Then
        // (compared as a Bool: a failing #expect on a million-element array would diff it for minutes)
        let allValuesInOrder = values == Array(0..<count)
        #expect(values.count == count)
        #expect(allValuesInOrder)
        #expect(isCompleted)
    }
}
