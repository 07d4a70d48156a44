// The time operators keep the source's order, on a real scheduler, while the source sends
// from another thread: a window's timer delayed by a whole window (the machine is busy, the
// thread sanitizer slows everything) must not send its kept value after a newer one.
// Count-based: each run sends a fixed number of values and waits for completion; nothing is
// timed.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct TimeOperatorOrderTests {
    static let count = 10_000

    /// Feeds 0..<count into `operation`'s input from a thread of its own, pausing now and then
    /// so that timers fire between values, and returns what came out once it completed.
    /// Async, so that the wait leaves the test pool's threads free.
    private func valuesOut(
        _ operation: (Signal<Int, Never>, QueueScheduler) -> Signal<Int, Never>
    ) async -> [Int] {
        let scheduler = QueueScheduler(name: "time-order")
        let input = Subject<Int, Never>()
        let recorder = operation(input.signal, scheduler).record()
        let feeder = TestThread {
            for value in 0..<Self.count {
                input.send(value: value)
                if value % 16 == 0 { yieldThread() }
                if value % 256 == 0 { pauseBriefly() }
            }
            input.sendCompleted()
        }
        #expect(await eventually { recorder.isCompleted })
        feeder.join()
        return recorder.values
    }

    private func isStrictlyIncreasing(_ values: [Int]) -> Bool {
        zip(values, values.dropFirst()).allSatisfy { $0 < $1 }
    }

    @Test func throttleLatestDeliversValuesInSourceOrder() async {
        for _ in 0..<2 {
            let values = await valuesOut { $0.throttle(.microseconds(50), on: $1, latest: true) }
            #expect(isStrictlyIncreasing(values))
            #expect(values.last == Self.count - 1)   // the last value is kept for its window's end
        }
    }

    @Test func throttleFirstDeliversValuesInSourceOrder() async {
        let values = await valuesOut { $0.throttle(.microseconds(50), on: $1, latest: false) }
        #expect(isStrictlyIncreasing(values))
        #expect(values.first == 0)
    }

    @Test func debounceDeliversValuesInSourceOrder() async {
        let values = await valuesOut { $0.debounce(.microseconds(50), on: $1) }
        #expect(isStrictlyIncreasing(values))
        #expect(values.last == Self.count - 1)   // completion sends the pending value
    }

    @Test func sampleEveryDeliversValuesInSourceOrder() async {
        let values = await valuesOut { $0.sample(every: .microseconds(50), on: $1) }
        #expect(isStrictlyIncreasing(values))
    }
}
