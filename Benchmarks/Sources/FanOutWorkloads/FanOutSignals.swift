// W20, Signals: `share(replay: 1)` of a subject, per client `map` and the bounded buffer a
// server puts in front of each client, `observe(on:bufferSize:whenFull:dropped:)`, here on the
// immediate scheduler (the client's work runs inline, so the buffer never fills and the cost
// measured is the fan-out's own).

import Signals
import WorkloadSpec

extension FanOut {
    @inline(never)
    public static func signals(_ sends: Int) -> Int {
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
