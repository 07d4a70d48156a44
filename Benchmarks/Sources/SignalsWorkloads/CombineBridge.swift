// W21, Signals: the Combine bridge. A Signals subject → `signal.publisher` → OpenCombine's
// `sink` (which asks for `.unlimited`); OpenCombine's twin is a `PassthroughSubject` → `sink`.

import OpenCombine
import Signals
import SignalsOpenCombine
import WorkloadSpec

extension Sig {
    /// W21: Subject → `signal.publisher` → OpenCombine `sink`; n sends.
    @inline(never)
    public static func w21(_ n: Int) -> Int {
        let tally = Tally()
        let subject = Signals.Subject<Int, Never>()
        let c = subject.signal.publisher.sink { tally.add($0) }
        for i in 0..<n { subject.send(value: i) }
        c.cancel()
        return tally.sum
    }
}
