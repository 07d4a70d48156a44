// W20, Signals: `share(replay: 1)` of a subject, per client `map` and a bounded buffer.
//
// `signals`: the bounded buffer the server guide (SignalsOnAServer) gives each client, the async
// bridge's `values(bufferSize:whenFull:dropped:)`, read by a task per client with a `for await`
// loop: the same shape as the AsyncStream and AsyncChannel versions, and paced as the
// AsyncStream one (FanOutAsync.swift), so that no value is dropped.
//
// `signals-observe` (a second Signals row, report only): the scheduler form,
// `observe(on:bufferSize:whenFull:dropped:)`, on the immediate scheduler (each client's work
// runs inline inside the send, so its buffer never fills).

import Signals
import WorkloadSpec

extension FanOut {
    @inline(never)
    public static func signals(_ sends: Int) async -> Int {
        let subject = Subject<Int, Never>()
        let shared = subject.signal.share(replay: 1)
        let drops = BufferDrops()
        let barrier = Barrier()
        let readers = (0..<clients).map { _ in
            Task {
                let tally = Tally()
                var iterator = shared.map { transform($0) }
                    .values(bufferSize: bufferSize, whenFull: .dropOldest, dropped: drops)
                    .makeAsyncIterator()
                barrier.arrive()   // subscribed: the producer may start
                while let value = await iterator.next() {
                    tally.add(value)
                    if tally.count % bufferSize == 0 || tally.count == sends { barrier.arrive() }
                }
                return tally
            }
        }
        await barrier.wait(for: clients)
        for i in 0..<sends {
            subject.send(value: i)
            if (i + 1) % bufferSize == 0 || i + 1 == sends { await barrier.wait(for: clients) }
        }
        subject.sendCompleted()
        var tallies: [Tally] = []
        for reader in readers { tallies.append(await reader.value) }
        return drops.count == 0 ? checksum(tallies, sends: sends) : -1
    }

    @inline(never)
    public static func signalsObserve(_ sends: Int) -> Int {
        let subject = Subject<Int, Never>()
        let shared = subject.signal.share(replay: 1)
        let drops = BufferDrops()
        let tallies = (0..<clients).map { _ in Tally() }
        let subscriptions = tallies.map { tally in
            shared
                .map { transform($0) }
                .observe(on: ImmediateScheduler(), bufferSize: bufferSize, whenFull: .dropOldest, dropped: drops)
                .subscribe(next: { tally.add($0) })
        }
        for i in 0..<sends { subject.send(value: i) }
        for s in subscriptions { s.dispose() }
        return drops.count == 0 ? checksum(tallies, sends: sends) : -1
    }
}
