// W20, the async/await fan-outs: one task per client reads its own stream or channel through
// `map`; the producer runs in the calling task.
//
// AsyncStream: each stream buffers at most 64 values (`.bufferingNewest(64)`, drop-oldest
// like the others). So that no value is dropped (every client must see every value, as in
// the other implementations), the producer yields 64 values, then waits until every client
// has read them (`Barrier`: one arrival per client per 64 values) before the next 64.
// AsyncChannel has no buffer: each `send` waits until that client's task takes the value.

import AsyncAlgorithms
import Foundation
import WorkloadSpec

extension FanOut {
    @inline(never)
    public static func asyncStream(_ sends: Int) async -> Int {
        let barrier = Barrier()
        var continuations: [AsyncStream<Int>.Continuation] = []
        var readers: [Task<Tally, Never>] = []
        for _ in 0..<clients {
            let (stream, continuation) = AsyncStream.makeStream(
                of: Int.self, bufferingPolicy: .bufferingNewest(bufferSize))
            continuations.append(continuation)
            readers.append(Task {
                let tally = Tally()
                for await value in stream.map({ transform($0) }) {
                    tally.add(value)
                    if tally.count % bufferSize == 0 || tally.count == sends { barrier.arrive() }
                }
                return tally
            })
        }
        for i in 0..<sends {
            for continuation in continuations { continuation.yield(i) }
            if (i + 1) % bufferSize == 0 || i + 1 == sends { await barrier.wait(for: clients) }
        }
        for continuation in continuations { continuation.finish() }
        var tallies: [Tally] = []
        for reader in readers { tallies.append(await reader.value) }
        return checksum(tallies, sends: sends)
    }

    @inline(never)
    public static func asyncChannel(_ sends: Int) async -> Int {
        let channels = (0..<clients).map { _ in AsyncChannel<Int>() }
        let readers = channels.map { channel in
            Task {
                let tally = Tally()
                for await value in channel.map({ transform($0) }) { tally.add(value) }
                return tally
            }
        }
        for i in 0..<sends {
            for channel in channels { await channel.send(i) }
        }
        for channel in channels { channel.finish() }
        var tallies: [Tally] = []
        for reader in readers { tallies.append(await reader.value) }
        return checksum(tallies, sends: sends)
    }
}

/// The AsyncStream producer's pacing: waits until `count` clients have arrived since the last
/// wait. `@unchecked Sendable`: all state behind the lock; the continuation is resumed outside it.
final class Barrier: @unchecked Sendable {
    private let lock = NSLock()
    private var arrived = 0
    private var needed = 0
    private var waiter: CheckedContinuation<Void, Never>?

    func arrive() {
        lock.lock()
        arrived += 1
        if let waiter, arrived >= needed {
            arrived -= needed
            self.waiter = nil
            lock.unlock()
            waiter.resume()
            return
        }
        lock.unlock()
    }

    func wait(for count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            lock.lock()
            if arrived >= count {
                arrived -= count
                lock.unlock()
                continuation.resume()
            } else {
                needed = count
                waiter = continuation
                lock.unlock()
            }
        }
    }
}
