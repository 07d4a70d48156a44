// A slow consumer with a bounded buffer keeps memory flat: 100,000 messages (1,000,000 with
// SIGNALS_FULL=1) sent to a loop that never reads (`buffer(size:whenFull:)`) and to a
// scheduler that never runs (`observe(on:bufferSize:whenFull:)`), with each policy, leave the
// allocated bytes where they were; the unbounded bridge, as a check that the measure sees a
// backlog, grows. Measured in a child process (an exit test), where nothing else runs, as the
// bytes glibc's allocator has handed out and not had back (`malloc_info`, as BurstMemoryTests reads it). Linux only.

#if os(Linux)
import Foundation
import Glibc
import Testing
import Signals
import SignalsTesting

@Suite struct BoundedBufferMemoryTests {
    @Test func aSlowConsumerWithABoundedBufferKeepsMemoryFlat() async {
        await #expect(processExitsWith: .success) {
            let allocated = allocatedBytes
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
                let iterator = subject.signal.buffer(size: 64, whenFull: policy).makeAsyncIterator()
                for i in 0..<1_000 { subject.send(value: message(i)) }
                let before = allocated()
                for i in 0..<count { subject.send(value: message(i)) }
                let grown = allocated() - before
                if grown > 256 << 10 { failures.append("buffer(size:) \(name): +\(grown) bytes") }
                withExtendedLifetime(iterator) {}

                let scheduler = TestScheduler() // never advanced: nothing is delivered
                let hopped = Subject<String, SlowClient>()
                let subscription = hopped.signal
                    .observe(on: scheduler, bufferSize: 64, whenFull: policy).subscribe()
                for i in 0..<1_000 { hopped.send(value: message(i)) }
                let start = allocated()
                for i in 0..<count { hopped.send(value: message(i)) }
                let hopGrown = allocated() - start
                if hopGrown > 256 << 10 { failures.append("observe(on:bufferSize:) \(name): +\(hopGrown) bytes") }
                subscription.dispose()
            }

            // The check: an unbounded buffer that is never read does grow.
            let subject = Subject<String, Never>()
            let unbounded = subject.signal.values.makeAsyncIterator()
            let before = allocated()
            for i in 0..<count { subject.send(value: message(i)) }
            let grown = allocated() - before
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

/// The bytes the allocator has handed out and not had back: glibc's `malloc_info` totals.
private func allocatedBytes() -> Int {
    typealias Info = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_info") else { return 0 }
    var buffer: UnsafeMutablePointer<CChar>?
    var length = 0
    guard let stream = open_memstream(&buffer, &length) else { return 0 }
    _ = unsafeBitCast(symbol, to: Info.self)(0, stream)
    fclose(stream)
    guard let buffer else { return 0 }
    defer { free(buffer) }
    let totals = String(cString: buffer).components(separatedBy: "</heap>").last ?? ""
    func size(of tag: String) -> Int {
        guard let start = totals.range(of: tag),
              let size = totals[start.upperBound...].range(of: "size=\"") else { return 0 }
        return Int(totals[size.upperBound...].prefix { $0.isNumber }) ?? 0
    }
    return size(of: "<system type=\"current\"") - size(of: "<total type=\"fast\"")
        - size(of: "<total type=\"rest\"") + size(of: "<total type=\"mmap\"")
}
#endif
