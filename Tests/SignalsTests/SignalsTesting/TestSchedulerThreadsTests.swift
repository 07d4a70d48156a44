// TestScheduler from several threads, and at the ends of its virtual clock: two threads that
// advance at once take turns (one waits for the other's run to end); advancing from inside
// scheduled work stays a programmer error; the clock saturates at the latest instant it can
// represent instead of trapping on overflow.

import Dispatch
import Foundation
import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct TestSchedulerThreadsTests {
    /// Issue 35: a second thread's `advance` while the first thread's run was still going
    /// stopped the process with "called from inside scheduled work".
    @Test func twoThreadsAdvancingAtOnceTakeTurns() {
        let scheduler = TestScheduler()
        let firstInside = DispatchSemaphore(value: 0)
        let log = Locked<[String]>([])
        scheduler.schedule(after: .seconds(1)) {
            log.append("first begins")
            firstInside.signal()
            // Long enough for the other thread to call `advance` meanwhile.
            usleep(100_000)
            log.append("first ends")
        }
        scheduler.schedule(after: .seconds(2)) { log.append("second") }
        let finished = withWatchdog(.seconds(60)) {
            let other = TestThread {
                firstInside.wait()
                scheduler.advance(by: .seconds(1))
            }
            scheduler.advance(by: .seconds(1))
            other.join()
        }
        #expect(finished)
        #expect(log.value == ["first begins", "first ends", "second"])
        #expect(scheduler.now == .zero + .seconds(2))
    }

    @Test func manyThreadsAdvancingAtOnceRunEveryWorkOnce() {
        let scheduler = TestScheduler()
        let ran = Counter()
        for second in 1...200 { scheduler.schedule(after: .seconds(second)) { ran.increment() } }
        #expect(runConcurrently(4, timeout: .seconds(60)) { _ in
            for _ in 0..<50 { scheduler.advance(by: .seconds(1)) }
        })
        #expect(ran.count == 200)
        #expect(scheduler.now == .zero + .seconds(200))
    }

    @Test func advancingFromInsideScheduledWorkStopsWithAMessageThatNamesTheFix() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let scheduler = TestScheduler()
            scheduler.schedule { scheduler.advance(by: .seconds(1)) }
            scheduler.run()
        }.map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(message.contains("Signals: TestScheduler.advance or run called from inside scheduled work"))
        }
    }

    /// Issue 35: the clock's arithmetic trapped (`now + amount`) past the latest instant.
    @Test func theClockSaturatesAtTheLatestInstant() {
        let scheduler = TestScheduler()
        let latest = TestScheduler.Instant.zero + Duration(attoseconds: .max)
        let ran = Locked<[String]>([])
        scheduler.advance(by: Duration(attoseconds: .max - 10))
        scheduler.schedule(after: .seconds(1)) { ran.append("after a second") }
        scheduler.advance(by: .seconds(1))
        #expect(scheduler.now == latest)
        #expect(ran.value == ["after a second"])
        scheduler.advance(by: .seconds(1))
        #expect(scheduler.now == latest)
    }

    @Test func repeatingWorkStopsRepeatingAtTheLatestInstant() {
        let scheduler = TestScheduler()
        let ran = Counter()
        scheduler.advance(by: Duration(attoseconds: .max - 25))
        let ticking = scheduler.schedule(after: .zero, repeating: Duration(attoseconds: 10)) { ran.increment() }
        scheduler.advance(by: Duration(attoseconds: 25))
        // At max - 25, max - 15 and max - 5; the next repetition would fall past the latest
        // instant, so that was the last.
        #expect(ran.count == 3)
        scheduler.run()
        #expect(ran.count == 3)
        ticking.dispose()
        #expect(scheduler.now.offset.attoseconds == Int128.max)
    }
}
