// take(during: lifetime): forwards until the lifetime ends, then completes (at once, without
// subscribing to the source, when it has already ended); an endless `interval` feed inside
// it completes at shutdown; an ended subscription leaves nothing in the lifetime.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct TakeDuringTests {
    @Test func forwardsValuesUntilTheLifetimeEndsThenCompletes() {
        let (lifetime, token) = Lifetime.make()
        let source = SpySource<Int, Never>()
        let recorder = source.signal.take(during: lifetime).record()
        source.send(value: 1)
        source.send(value: 2)
        token.end()
        source.send(value: 3)
        #expect(recorder.events == [.next(1), .next(2), .completed])
        #expect(source.isDisposed)
    }

    @Test func completesAtOnceWithoutSubscribingWhenTheLifetimeHasEnded() {
        let source = SpySource<Int, Never>()
        let recorder = source.signal.take(during: .empty).record()
        #expect(recorder.events == [.completed])
        #expect(source.subscriptions.count == 0)
    }

    @Test func anIntervalFeedCompletesAtShutdown() {
        // The timeline of `take(during:)`'s documentation: a heartbeat every 2 ticks, the
        // server's lifetime ended at 5.
        // interval: --0-1-2-3-…
        // lifetime: -----x
        // output:   --0-1|
        let scheduler = TestScheduler()
        let (lifetime, token) = Lifetime.make()
        scheduler.schedule(after: .seconds(5)) { token.end() }
        let disposed = Flag()
        let heartbeat = Signal<Int, Never>.interval(.seconds(2), on: scheduler)
            .on(disposed: { disposed.set() })
            .take(during: lifetime)
        // `expect` runs the scheduler until nothing is scheduled: the interval must be gone.
        let result = scheduler.expect(heartbeat, "--0-1|")
        #expect(result.isMet, "\(result)")
        #expect(disposed.isSet)
        #expect(scheduler.now == .zero + .seconds(5))
    }

    @Test func manyFeedsOfOneLifetimeAllCompleteAtShutdown() {
        let scheduler = TestScheduler()
        let (lifetime, token) = Lifetime.make()
        let recorders = (1...5).map { period in
            Signal<Int, Never>.interval(.seconds(period), on: scheduler).take(during: lifetime).record()
        }
        scheduler.advance(by: .seconds(10))
        #expect(lifetime._observerCount == 5)
        token.end()
        #expect(recorders.allSatisfy { $0.isCompleted })
        #expect(recorders.map(\.values.count) == [10, 5, 3, 2, 2])
        scheduler.run() // returns: no interval is left
        #expect(scheduler.now == .zero + .seconds(10))
    }

    @Test func failsWithTheSourcesError() {
        let (lifetime, token) = Lifetime.make()
        let source = Subject<Int, TestError>()
        let recorder = source.signal.take(during: lifetime).record()
        source.send(value: 1)
        source.send(error: TestError(1))
        #expect(recorder.events == [.next(1), .error(TestError(1))])
        #expect(lifetime._observerCount == 0)
        withExtendedLifetime(token) {}
    }

    @Test func anEndedSubscriptionLeavesNothingInTheLifetime() {
        // Completed, failed or disposed: each takes its observation out of the lifetime.
        let (lifetime, token) = Lifetime.make()
        for round in 0..<300 {
            let source = Subject<Int, TestError>()
            let recorder = source.signal.take(during: lifetime).record()
            #expect(lifetime._observerCount == 1)
            switch round % 3 {
            case 0: source.sendCompleted()
            case 1: source.send(error: TestError(round))
            default: recorder.dispose()
            }
            #expect(lifetime._observerCount == 0)
        }
        withExtendedLifetime(token) {}
    }

    @Test func disposingTheOutputDisposesTheSource() {
        let (lifetime, token) = Lifetime.make()
        let source = SpySource<Int, Never>()
        let recorder = source.signal.take(during: lifetime).record()
        recorder.dispose()
        #expect(source.isDisposed)
        token.end()
        #expect(recorder.events.isEmpty)
    }

    @Test func endingFromAnotherThreadWhileValuesArriveCompletesOnce() {
        // Thread sanitizer: the end races the source's values; the output ends once, with
        // `completed`, and nothing follows it.
        for _ in 0..<testSize(200, quick: 40) {
            let (lifetime, token) = Lifetime.make()
            let source = Subject<Int, Never>()
            let recorder = source.signal.take(during: lifetime).record()
            _ = runConcurrently(2) { thread in
                if thread == 0 {
                    for value in 0..<100 { source.send(value: value) }
                } else {
                    token.end()
                }
            }
            #expect(recorder.events.last == .completed)
            #expect(recorder.events.filter(\.isTerminating).count == 1)
            #expect(recorder.values == Array(0..<recorder.values.count))
        }
    }
}
