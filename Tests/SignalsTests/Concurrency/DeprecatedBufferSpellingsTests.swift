// The bounded async bridge's two earlier spellings, kept one release as deprecated forwards:
// values(bufferingPolicy:) (.bufferingNewest(n) = values(bufferSize: n, whenFull: .dropOldest),
// .bufferingOldest(n) = .dropNewest, .unbounded = values) and buffer(size:whenFull:dropped:)
// (= values(bufferSize:whenFull:dropped:)). Each forward must behave as the spelling its
// deprecation message names: the same values, drops, bound and disconnection for one burst.
// The test functions are deprecated themselves, so that their calls do not warn.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct DeprecatedBufferSpellingsTests {
    @Test @available(*, deprecated)
    func valuesBufferingPolicyBehavesAsTheSpellingItsMessageNames() async {
        let newest = await burst { $0.values(bufferingPolicy: .bufferingNewest(3)) }
        let dropOldest = await burst { $0.values(bufferSize: 3, whenFull: .dropOldest) }
        #expect(newest == dropOldest)
        #expect(newest.values == [97, 98, 99])
        #expect(newest.dropped == 97)

        let oldest = await burst { $0.values(bufferingPolicy: .bufferingOldest(3)) }
        let dropNewest = await burst { $0.values(bufferSize: 3, whenFull: .dropNewest) }
        #expect(oldest == dropNewest)
        #expect(oldest.values == [0, 1, 2])

        let unbounded = await burst { $0.values(bufferingPolicy: .unbounded) }
        let values = await burst { $0.values }
        #expect(unbounded == values)
        #expect(unbounded.values == Array(0..<100))
        #expect(unbounded.dropped == 0)
    }

    @Test @available(*, deprecated)
    func bufferSizeBehavesAsValuesBufferSize() async {
        for policy in [BufferOverflow<Never>.dropOldest, .dropNewest, .finish] {
            let oldDrops = BufferDrops()
            let newDrops = BufferDrops()
            let old = await burst { $0.buffer(size: 4, whenFull: policy, dropped: oldDrops) }
            let new = await burst { $0.values(bufferSize: 4, whenFull: policy, dropped: newDrops) }
            #expect(old == new, "\(policy)")
            #expect(oldDrops.count == newDrops.count, "\(policy)")
            #expect(oldDrops.disconnected == newDrops.disconnected, "\(policy)")
        }
        // .finish disconnected the loop: the forward's too.
        let drops = BufferDrops()
        let finished = await burst { $0.buffer(size: 4, whenFull: .finish, dropped: drops) }
        #expect(finished.isDisconnected)
        #expect(drops.disconnected == 1)
    }

    @Test @available(*, deprecated)
    func aZeroSizeThroughAForwardIsStillAProgrammerError() async {
        await #expect(processExitsWith: .failure) {
            _ = Signal<Int, Never>.never.values(bufferingPolicy: .bufferingNewest(0))
        }
        await #expect(processExitsWith: .failure) {
            _ = Signal<Int, Never>.never.buffer(size: 0, whenFull: .dropOldest)
        }
    }
}

/// What one loop read of a burst of 0..<100 sent into a subject before its first read.
private struct Outcome: Equatable {
    var values: [Int]
    var dropped: Int
    var maxBuffered: Int
    var isDisconnected: Bool
}

private func burst(_ makeValues: (Signal<Int, Never>) -> Signal<Int, Never>.Values) async -> Outcome {
    let subject = Subject<Int, Never>()
    var iterator = makeValues(subject.signal).makeAsyncIterator()
    for value in 0..<100 { subject.send(value: value) }
    subject.sendCompleted()
    var values: [Int] = []
    while let value = await iterator.next() { values.append(value) }
    return Outcome(values: values, dropped: iterator.dropped, maxBuffered: iterator._maxBufferedCount,
                   isDisconnected: iterator.isDisconnected)
}
