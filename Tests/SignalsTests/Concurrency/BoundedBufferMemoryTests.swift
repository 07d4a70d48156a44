// A slow consumer with a bounded buffer keeps memory flat: 100,000 messages (1,000,000 with
// SIGNALS_FULL=1) sent to a loop that never reads (`values(bufferSize:whenFull:)`) and to a
// scheduler that never runs (`observe(on:bufferSize:whenFull:)`), with each policy, leave the
// allocated bytes where they were; the unbounded bridge, as a check that the measure sees a
// backlog, grows. Measured in a child process (an exit test), where nothing else runs, as the
// bytes glibc's allocator has handed out and not had back (`malloc_info`, read by SignalsTestSupport's `allocatedBytes()`). Linux only.

#if os(Linux)
import Foundation
import Glibc
import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct BoundedBufferMemoryTests {
    @Test func aSlowConsumerWithABoundedBufferKeepsMemoryFlat() async {
        await #expect(processExitsWith: .success) {
            let full = ProcessInfo.processInfo.environment["SIGNALS_FULL"] == "1"
            let count = full ? 1_000_000 : 100_000
            // A message of its own on the heap (longer than a small string).
            func message(_ i: Int) -> String { "message number \(i) for a slow client ......" }
            var failures: [String] = []

            let policies: [(String, BufferOverflow<SlowClient>)] = [
                ("dropOldest", .dropOldest), ("dropNewest", .dropNewest), ("fail", .fail(SlowClient())),
            ]
            for (name, policy) in policies {
                let subject = Subject<String, SlowClient>()
                let iterator = subject.signal.values(bufferSize: 64, whenFull: policy).makeAsyncIterator()
                for i in 0..<1_000 { subject.send(value: message(i)) }
                let before = allocatedBytes()
                for i in 0..<count { subject.send(value: message(i)) }
                let grown = allocatedBytes() - before
                if grown > 256 << 10 { failures.append("values(bufferSize:) \(name): +\(grown) bytes") }
                withExtendedLifetime(iterator) {}

                let scheduler = TestScheduler() // never advanced: nothing is delivered
                let hopped = Subject<String, SlowClient>()
                let subscription = hopped.signal
                    .observe(on: scheduler, bufferSize: 64, whenFull: policy).subscribe()
                for i in 0..<1_000 { hopped.send(value: message(i)) }
                let start = allocatedBytes()
                for i in 0..<count { hopped.send(value: message(i)) }
                let hopGrown = allocatedBytes() - start
                if hopGrown > 256 << 10 { failures.append("observe(on:bufferSize:) \(name): +\(hopGrown) bytes") }
                subscription.dispose()
            }

            // The check: an unbounded buffer that is never read does grow.
            let subject = Subject<String, Never>()
            let unbounded = subject.signal.values.makeAsyncIterator()
            let before = allocatedBytes()
            for i in 0..<count { subject.send(value: message(i)) }
            let grown = allocatedBytes() - before
            if grown < count * 32 { failures.append("unbounded grew only \(grown) bytes") }
            withExtendedLifetime(unbounded) {}

            if !failures.isEmpty {
                FileHandle.standardError.write(Data((failures.joined(separator: "\n") + "\n").utf8))
                exit(1)
            }
        }
    }
}

private struct SlowClient: Error {}

#endif
