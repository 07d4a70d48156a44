// The time operators over long synchronous sources, on a thread with a 512 KiB stack: a
// source that sends thousands of values at once (each cutting a debounce timer, falling in a
// throttle window, or starting a delay timer) must not grow the stack.

import Testing
import SignalsTestSupport
import Signals
import SignalsTesting

@Suite struct TimeStackSafetyTests {
    static let stackSize = 512 * 1024
    static let count = 2_000

    @Test func debounceOfALongSynchronousSourceKeepsTheLastValue() {
        let events = runOnThread(stackSize: Self.stackSize) { () -> [Event<Int, Never>] in
            let scheduler = TestScheduler()
            let recorder = Signal.from(0..<Self.count).concat(.never).debounce(.seconds(1), on: scheduler).record()
            scheduler.advance(by: .seconds(1))
            recorder.dispose()
            return recorder.events
        }
        #expect(events == [.next(Self.count - 1)])
    }

    @Test func throttleOfALongSynchronousSourceSendsTheFirstAndTheLast() {
        let events = runOnThread(stackSize: Self.stackSize) { () -> [Event<Int, Never>] in
            let scheduler = TestScheduler()
            let recorder = Signal.from(0..<Self.count).throttle(.seconds(1), on: scheduler).record()
            scheduler.run()
            return recorder.events
        }
        #expect(events == [.next(0), .next(Self.count - 1), .completed])
    }

    @Test func delayOfALongSynchronousSourceKeepsEveryValueInOrder() {
        let values = runOnThread(stackSize: Self.stackSize) { () -> [Int] in
            let scheduler = TestScheduler()
            let recorder = Signal.from(0..<Self.count).delay(.seconds(1), on: scheduler).record()
            scheduler.run()
            return recorder.isCompleted ? recorder.values : []
        }
        #expect(values == Array(0..<Self.count))
    }
}
