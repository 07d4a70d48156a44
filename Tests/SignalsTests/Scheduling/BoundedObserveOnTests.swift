// observe(on:bufferSize:whenFull:dropped:): at most `size` values wait for the scheduler;
// a full queue drops the oldest, drops the new value, or fails the output at once (disposing
// the source); the drops are counted; the terminal event is never dropped.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct BoundedObserveOnTests {
    @Test func dropOldestKeepsTheNewestSizeValuesWhileTheSchedulerLags() {
        let scheduler = TestScheduler()
        let subject = Subject<String, Never>()
        let drops = BufferDrops()
        let recorder = subject.signal
            .observe(on: scheduler, bufferSize: 2, whenFull: .dropOldest, dropped: drops).record()
        for value in ["a", "b", "c", "d"] { subject.send(value: value) }
        subject.sendCompleted()
        #expect(recorder.events == [])
        scheduler.advance()
        #expect(recorder.events == [.next("c"), .next("d"), .completed])
        #expect(drops.count == 2)
    }

    @Test func aValueDroppedByDropOldestIsReleasedAtOnce() {
        // The queue of a lagging scheduler holds `size` values, not the ones it has dropped.
        let scheduler = TestScheduler()
        let live = Counter()
        let subject = Subject<LiveToken, Never>()
        let subscription = subject.signal
            .observe(on: scheduler, bufferSize: 4, whenFull: .dropOldest).subscribe()
        for _ in 0..<100 { subject.send(value: LiveToken(live)) }
        #expect(live.count == 4)
        scheduler.advance()
        #expect(live.count == 0)
        subscription.dispose()
    }

    @Test func dropNewestKeepsTheOldestSizeValues() {
        let scheduler = TestScheduler()
        let subject = Subject<String, Never>()
        let drops = BufferDrops()
        let recorder = subject.signal
            .observe(on: scheduler, bufferSize: 2, whenFull: .dropNewest, dropped: drops).record()
        for value in ["a", "b", "c", "d"] { subject.send(value: value) }
        subject.sendCompleted()
        scheduler.advance()
        #expect(recorder.events == [.next("a"), .next("b"), .completed])
        #expect(drops.count == 2)
    }

    @Test func failEndsTheOutputAtOnceAndDisposesTheSource() {
        let scheduler = TestScheduler()
        let subject = Subject<String, TestError>()
        let disposed = Flag()
        let drops = BufferDrops()
        let recorder = subject.signal.on(disposed: { disposed.set() })
            .observe(on: scheduler, bufferSize: 2, whenFull: .fail(TestError(7)), dropped: drops).record()
        for value in ["a", "b", "c"] { subject.send(value: value) }
        #expect(disposed.isSet, "the laggard's source was not disposed")
        subject.send(value: "d") // after the failure: ignored
        scheduler.advance()
        #expect(recorder.events == [.error(TestError(7))])
        #expect(drops.count == 3) // the two buffered and the one that did not fit
    }

    @Test func aSchedulerThatKeepsUpDropsNothing() {
        let scheduler = TestScheduler()
        let subject = Subject<Int, Never>()
        let drops = BufferDrops()
        let recorder = subject.signal
            .observe(on: scheduler, bufferSize: 1, whenFull: .dropNewest, dropped: drops).record()
        for value in 0..<100 {
            subject.send(value: value)
            scheduler.advance()
        }
        #expect(recorder.values == Array(0..<100))
        #expect(drops.count == 0)
    }

    @Test func disposingDropsWhatWaitsAndDeliversNothingMore() {
        let scheduler = TestScheduler()
        let subject = Subject<Int, Never>()
        let disposed = Flag()
        let recorder = subject.signal.on(disposed: { disposed.set() })
            .observe(on: scheduler, bufferSize: 4, whenFull: .dropOldest).record()
        subject.send(value: 1)
        recorder.dispose()
        scheduler.advance()
        #expect(recorder.events == [])
        #expect(disposed.isSet)
    }

    @Test func aSizeOfZeroIsAProgrammerError() async {
        await #expect(processExitsWith: .failure) {
            _ = Signal<Int, Never>.never.observe(on: ImmediateScheduler(), bufferSize: 0, whenFull: .dropOldest)
        }
    }
}
