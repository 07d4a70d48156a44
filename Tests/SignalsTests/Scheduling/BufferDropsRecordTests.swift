import Signals
import SignalsTesting
import Testing

/// `BufferDrops.record(_:)`: a buffer written outside the library counts into the same counter
/// as the library's own buffers.
@Suite struct BufferDropsRecordTests {
    @Test func recordAddsToTheCount() {
        let drops = BufferDrops()
        drops.record(2)
        drops.record(3)
        #expect(drops.count == 5)
    }

    @Test func zeroOrLessCountsNothing() {
        let drops = BufferDrops()
        drops.record(0)
        drops.record(-4)
        #expect(drops.count == 0)
    }

    @Test func oneCounterAddsUpTheLibrarysDropsAndRecordedOnes() {
        let scheduler = TestScheduler()
        let subject = Subject<Int, Never>()
        let drops = BufferDrops()
        let recorder = subject.signal
            .observe(on: scheduler, bufferSize: 1, whenFull: .dropNewest, dropped: drops).record()
        for value in 1...3 { subject.send(value: value) }  // 1 waits, 2 and 3 are dropped
        drops.record(1)                                    // a buffer of the user's own
        scheduler.advance()
        #expect(recorder.values == [1])
        #expect(drops.count == 3)
    }
}
