// Sharing on a 512 KiB stack: long synchronous upstreams, long replays and long chains of
// re-entrant sends run in constant stack. Each test runs in a child process (an exit test),
// as in StackSafetyTests, so that an overflow fails only that test.

import Testing
import Signals
import SignalsTesting

@Suite(.serialized) struct SharingStackSafetyTests {
    @Test func shareReplayOfTwoHundredThousandSynchronousValues() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let count = 200_000
            StackSafetyTests.expectAllValues(0..<count, "share(replay: 1) of Signal.from(0..<\(count))") {
                Signal.from(0..<count).share(replay: 1)
            }
        }
        StackSafetyTests.relay(result)
    }

    @Test func replayLazilyReplaysAHundredThousandCachedValues() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let count = StackSafetyTests.steps(100_000)
            StackSafetyTests.expectAllValues(0..<count, "replayLazily(upTo: \(count)), second subscriber replays the cache") {
                let replayed = Signal.from(0..<count).replayLazily(upTo: count)
                replayed.subscribe(next: { _ in }) // fills the cache
                return replayed
            }
        }
        StackSafetyTests.relay(result)
    }

    @Test func aHundredThousandReentrantSendsFromACallback() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let count = StackSafetyTests.steps(100_000)
            StackSafetyTests.expectAllValues(0..<count, "\(count) re-entrant sends to a ReplaySubject, then its replay") {
                let subject = ReplaySubject<Int, Never>(capacity: count)
                subject.signal.subscribe(next: { value in
                    if value + 1 < count { subject.send(value: value + 1) } else { subject.sendCompleted() }
                })
                subject.send(value: 0)
                return subject.signal
            }
        }
        StackSafetyTests.relay(result)
    }
}
