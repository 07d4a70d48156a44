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
    static let count = 20_000

    /// Feeds 0..<count into `operation`'s input from a thread of its own, pausing now and then
    /// so that timers fire between values, and returns what came out once it completed.
    private func valuesOut(
        _ operation: (Signal<Int, Never>, QueueScheduler) -> Signal<Int, Never>
    ) -> [Int] {
        let scheduler = QueueScheduler(name: "time-order")
        let input = Subject<Int, Never>()
        let recorder = operation(input.signal, scheduler).record()
        runConcurrently(1) { _ in
            for value in 0..<Self.count {
                input.send(value: value)
                if value % 16 == 0 { yieldThread() }
                if value % 256 == 0 { pauseBriefly() }
            }
            input.sendCompleted()
        }
        #expect(waitUntil(seconds: 120) { recorder.isCompleted })
        return recorder.values
    }

    private func isStrictlyIncreasing(_ values: [Int]) -> Bool {
        zip(values, values.dropFirst()).allSatisfy { $0 < $1 }
    }

    @Test func throttleLatestDeliversValuesInSourceOrder() {
        for _ in 0..<3 {
            let values = valuesOut { $0.throttle(.microseconds(50), on: $1, latest: true) }
            #expect(isStrictlyIncreasing(values))
            #expect(values.last == Self.count - 1)   // the last value is kept for its window's end
        }
    }

    @Test func throttleFirstDeliversValuesInSourceOrder() {
        let values = valuesOut { $0.throttle(.microseconds(50), on: $1, latest: false) }
        #expect(isStrictlyIncreasing(values))
        #expect(values.first == 0)
    }

    @Test func debounceDeliversValuesInSourceOrder() {
        let values = valuesOut { $0.debounce(.microseconds(50), on: $1) }
        #expect(isStrictlyIncreasing(values))
        #expect(values.last == Self.count - 1)   // completion sends the pending value
    }

    @Test func sampleEveryDeliversValuesInSourceOrder() {
        let values = valuesOut { $0.sample(every: .microseconds(50), on: $1) }
        #expect(isStrictlyIncreasing(values))
    }
}
