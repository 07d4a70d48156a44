// W20, OpenCombine 0.14: a `PassthroughSubject` (which fans out by itself), per client `map`
// and `buffer(size:prefetch:whenFull:)` with `.keepFull` (the bounded form: it requests at
// most `size` values ahead) and `.dropOldest`, then `sink`.

import OpenCombine
import WorkloadSpec

extension FanOut {
    @inline(never)
    public static func openCombine(_ sends: Int) -> Int {
        let subject = PassthroughSubject<Int, Never>()
        let tallies = (0..<clients).map { _ in Tally() }
        let cancellables = tallies.map { tally in
            subject
                .map { transform($0) }
                .buffer(size: bufferSize, prefetch: .keepFull, whenFull: .dropOldest)
                .sink { tally.add($0) }
        }
        for i in 0..<sends { subject.send(i) }
        for c in cancellables { c.cancel() }
        return checksum(tallies, sends: sends)
    }
}
