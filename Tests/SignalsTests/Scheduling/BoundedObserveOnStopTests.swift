// observe(on:bufferSize:whenFull:dropped:) stops a synchronous source as plain observe(on:)
// does (Contracts.md, the grammar: a synchronous source sees `isStopped` through any number of
// operators): when `.fail` disconnects the subscriber, and when the output is disposed from
// downstream (`take(1)` after the hop). Each source gives up after `cap` values, so that a hop
// that never stops it fails the test instead of hanging the suite.

import Dispatch
import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct BoundedObserveOnStopTests {
    /// `from(0...)`, counting what it sends into `sent`, giving up after `cap` values; after
    /// `pauseAfter` values it calls `pause` once (to let the other side act).
    static func endlessSource<F: Error>(
        sent: Counter, cap: Int, pauseAfter: Int = .max, pause: @escaping @Sendable () -> Void = {}
    ) -> Signal<Int, F> {
        Signal { observer in
            var value = 0
            while !observer.isStopped, value < cap {
                observer.send(value: value)
                value += 1
                if value == pauseAfter { pause() }
            }
            sent.add(value)
            return nil
        }
    }

    @Test func failStopsASynchronousSourceAtTheOverflow() {
        // Seen failing before the fix: the source sent all 1,000,000 values (and, endless,
        // never returned): the hop disposed an upstream it had not yet been given.
        let scheduler = TestScheduler()
        let sent = Counter()
        let source: Signal<Int, TestError> = Self.endlessSource(sent: sent, cap: 1_000_000)
        let recorder = source
            .observe(on: scheduler, bufferSize: 8, whenFull: .fail(TestError(1))).record()
        #expect(sent.count == 9, "8 buffered, the 9th overflows, and the source sees isStopped")
        scheduler.advance()
        #expect(recorder.events == [.error(TestError(1))])
    }

    @Test(arguments: [BufferOverflow<Never>.dropOldest, .dropNewest])
    func aDisposeFromDownstreamStopsASynchronousSource(policy: BufferOverflow<Never>) {
        // The scheduler runs inside the source's loop (after 10 values): `take(1)` takes the
        // first value and disposes the hop, and the source's next check sees it stopped, as
        // it does through plain `observe(on:)`. Seen failing before the fix: 1,000,000 sent.
        let scheduler = TestScheduler()
        let sent = Counter()
        let source: Signal<Int, Never> = Self.endlessSource(sent: sent, cap: 1_000_000, pauseAfter: 10) {
            scheduler.advance()
        }
        let recorder = source.observe(on: scheduler, bufferSize: 8, whenFull: policy).take(1).record()
        #expect(sent.count == 10)
        let first = if case .dropOldest = policy { 2 } else { 0 } // 0...9 sent into 8 places
        #expect(recorder.events == [.next(first), .completed])
    }

    @Test func plainObserveOnStopsTheSameSourceAtTheSamePoint() {
        // The rule the bounded hop now follows, checked on the unbounded form.
        let scheduler = TestScheduler()
        let sent = Counter()
        let source: Signal<Int, Never> = Self.endlessSource(sent: sent, cap: 1_000_000, pauseAfter: 10) {
            scheduler.advance()
        }
        let recorder = source.observe(on: scheduler).take(1).record()
        #expect(sent.count == 10)
        #expect(recorder.events == [.next(0), .completed])
    }

    @Test func failOnAQueueDeliversTheErrorAndSubscribeReturns() {
        // The probe's case: `from(0...).observe(on: q, bufferSize: 8, whenFull: .fail(e))`.
        // Seen failing before the fix: the source ran to its cap of 20,000,000.
        let cap = 20_000_000
        let sent = Counter()
        let failed = DispatchSemaphore(value: 0)
        let source: Signal<Int, TestError> = Self.endlessSource(sent: sent, cap: cap)
        let subscription = source
            .observe(on: QueueScheduler(name: "bounded-fail"), bufferSize: 8, whenFull: .fail(TestError(2)))
            .subscribe(error: { _ in failed.signal() })
        #expect(sent.count < cap, "subscribe returned only when the source gave up")
        #expect(failed.wait(timeout: .now() + 10) == .success, "the error was not delivered")
        subscription.dispose()
    }

    @Test func takeOneAfterTheHopOnAQueueStopsTheSource() {
        // The probe's case: `from(0...).observe(on: q, bufferSize: 8, whenFull: .dropOldest).take(1)`.
        // The source waits (after 100 values) until `take(1)` has completed on the queue, then
        // goes on until it sees `isStopped`. Seen failing before the fix: it ran to its cap.
        let cap = 20_000_000
        let sent = Counter()
        let completed = DispatchSemaphore(value: 0)
        let source: Signal<Int, Never> = Self.endlessSource(sent: sent, cap: cap, pauseAfter: 100) {
            _ = completed.wait(timeout: .now() + 10)
        }
        let subscription = source
            .observe(on: QueueScheduler(name: "bounded-take"), bufferSize: 8, whenFull: .dropOldest)
            .take(1)
            .subscribe(completed: { completed.signal() })
        #expect(sent.count < cap, "subscribe returned only when the source gave up")
        subscription.dispose()
    }
}
