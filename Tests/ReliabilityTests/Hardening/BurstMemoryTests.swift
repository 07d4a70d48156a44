// Memory after a burst: a subscription that once had many inner subscriptions live at a
// time gives their bookkeeping back once they have ended, instead of holding the peak for
// as long as it lives. Measured in a child process (an exit test), where nothing else runs,
// as the resident size after the allocator has returned its free pages (`malloc_trim`).
// Linux only: it reads /proc.

#if os(Linux)
import Foundation
import Glibc
import Testing
import Signals
import SignalsTestSupport

@Suite struct BurstMemoryTests {
    /// The resident size in bytes, after the allocator has returned every free page it can.
    static func residentBytes() -> Int {
        typealias Trim = @convention(c) (Int) -> Int32
        if let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") {
            _ = unsafeBitCast(symbol, to: Trim.self)(0)
        }
        let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
        let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    @Test func bindGivesBackItsInnerListAfterABurst() async {
        await #expect(processExitsWith: .success) {
            let burst = testSize(500_000, quick: 100_000)
            let values = Subject<Int, Never>()
            let gate = Subject<Int, Never>()
            let before = BurstMemoryTests.residentBytes()
            // Every value starts an inner subscription to `gate`; all stay live until the gate
            // completes, while the outer subscription goes on.
            let subscription = values.signal.flattenMap { _ in gate.signal }.subscribe(next: { _ in })
            for value in 0..<burst { values.send(value: value) }
            let during = BurstMemoryTests.residentBytes() - before
            gate.sendCompleted()
            let after = BurstMemoryTests.residentBytes() - before
            // The measurement sees the burst (each inner holds a sink, an entry in bind's list
            // and one in the gate's list)…
            // A failed measurement exits with its own code (3 or 4), so the parent's report
            // tells it apart from a crash (a signal).
            guard during > 40 * burst else { print("the burst held only \(during) bytes"); exit(3) }
            // …and after it, what is left is well under one entry of bind's list (24 bytes) per
            // inner of the burst: the list's storage was given back.
            guard after < 10 * burst else { print("\(after) bytes still held after a burst of \(burst)"); exit(4) }
            subscription.dispose()
        }
    }
}
#endif
