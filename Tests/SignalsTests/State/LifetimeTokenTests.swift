// Lifetime: ends on `token.end()` or the token's release, once; runs its observers in order
// and then holds nothing of them; an observation disposed before the end leaves the
// lifetime; `ended` sends `()` and completes, at once after the end.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport


@Suite struct LifetimeTokenTests {
    @Test func endsWhenTheTokenIsEnded() {
        let (lifetime, token) = Lifetime.make()
        let recorder = lifetime.ended.record()
        #expect(!lifetime.hasEnded)
        #expect(recorder.events.isEmpty)
        token.end()
        #expect(lifetime.hasEnded)
        #expect(recorder.events.count == 2)
        #expect(recorder.isCompleted)
    }

    @Test func endsWhenTheTokenIsReleased() {
        let lifetime: Lifetime
        let ran = Counter()
        do {
            let (made, token) = Lifetime.make()
            lifetime = made
            lifetime.observeEnded { ran.increment() }
            withExtendedLifetime(token) {}
            #expect(!lifetime.hasEnded)
        }
        #expect(lifetime.hasEnded)
        #expect(ran.count == 1)
    }

    @Test func endsOnceWhateverEndsIt() {
        let ran = Counter()
        do {
            let (lifetime, token) = Lifetime.make()
            lifetime.observeEnded { ran.increment() }
            token.end()
            token.end()
        } // the token's deinit ends it a third time
        #expect(ran.count == 1)
    }

    @Test func runsItsObserversInTheOrderTheyWereAddedWithTheEndAlreadyVisible() {
        let (lifetime, token) = Lifetime.make()
        let order = Locked<[String]>([])
        for name in ["a", "b", "c", "d", "e", "f", "g", "h"] {
            lifetime.observeEnded { order.append("\(name):\(lifetime.hasEnded)") }
        }
        token.end()
        #expect(order.value == ["a", "b", "c", "d", "e", "f", "g", "h"].map { "\($0):true" })
    }

    @Test func anObserverAddedAfterTheEndRunsAtOnce() {
        let (lifetime, token) = Lifetime.make()
        token.end()
        let ran = Counter()
        let observation = lifetime.observeEnded { ran.increment() }
        #expect(ran.count == 1)
        #expect(observation.isDisposed)
    }

    @Test func theEmptyLifetimeHasEnded() {
        #expect(Lifetime.empty.hasEnded)
        #expect(Lifetime.empty.ended.record().isCompleted)
        let ran = Counter()
        Lifetime.empty.observeEnded { ran.increment() }
        #expect(ran.count == 1)
    }

    @Test func endedSendsAValueThenCompletesAndLateSubscribersGetBoth() {
        let (lifetime, token) = Lifetime.make()
        let early = lifetime.ended.materialize().record()
        token.end()
        let late = lifetime.ended.materialize().record()
        #expect(early.values.map(\.isTerminating) == [false, true])
        #expect(late.values.map(\.isTerminating) == [false, true])
        #expect(early.isCompleted && late.isCompleted)
    }

    @Test func takeUntilEndedEndsWithTheLifetime() {
        // `ended` sends a value, so the `take(until:)` habit works on it.
        let (lifetime, token) = Lifetime.make()
        let source = Subject<Int, Never>()
        let recorder = source.signal.take(until: lifetime.ended).record()
        source.send(value: 1)
        token.end()
        source.send(value: 2)
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test func aDisposedObservationNeverRunsAndLeavesTheLifetime() {
        let (lifetime, token) = Lifetime.make()
        let ran = Counter()
        weak var weakTracked: Tracked?
        let observation: any Disposable
        do {
            let tracked = Tracked()
            weakTracked = tracked
            observation = lifetime.observeEnded { _ = tracked; ran.increment() }
        }
        #expect(lifetime._observerCount == 1)
        #expect(!observation.isDisposed)
        observation.dispose()
        #expect(observation.isDisposed)
        #expect(lifetime._observerCount == 0)
        #expect(weakTracked == nil, "a disposed observation's action outlived its disposal")
        token.end()
        #expect(ran.count == 0)
    }

    @Test func anEndedLifetimeHoldsNothingOfItsObservers() {
        let (lifetime, token) = Lifetime.make()
        weak var weakAction: Tracked?
        weak var weakSubscriber: Tracked?
        var kept: [any Disposable] = []
        do {
            let action = Tracked(), subscriber = Tracked()
            weakAction = action
            weakSubscriber = subscriber
            kept.append(lifetime.observeEnded { withExtendedLifetime(action) {} })
            kept.append(lifetime.ended.subscribe(completed: { withExtendedLifetime(subscriber) {} }))
        }
        #expect(weakAction != nil && weakSubscriber != nil)
        token.end()
        // Released although their disposables are still kept.
        #expect(weakAction == nil, "an observer's action outlived the end")
        #expect(weakSubscriber == nil, "a subscriber of `ended` outlived the end")
        #expect(lifetime._observerCount == 0)
        #expect(kept.allSatisfy { $0.isDisposed })
    }

    @Test func subscriptionsThatEndedLeaveNothingInALongLifetime() {
        // A server's lifetime sees many feeds come and go: each leaves it when it ends.
        let (lifetime, token) = Lifetime.make()
        for _ in 0..<1_000 {
            let subscription = lifetime.ended.subscribe(next: { _ in })
            subscription.dispose()
        }
        #expect(lifetime._observerCount == 0)
        let live = (0..<10).map { _ in lifetime.ended.subscribe(next: { _ in }) }
        #expect(lifetime._observerCount == 10)
        live.forEach { $0.dispose() }
        #expect(lifetime._observerCount == 0)
        withExtendedLifetime(token) {}
    }

    @Test func aDisposableTiedToALifetimeIsDisposedWhenItEnds() {
        let (lifetime, token) = Lifetime.make()
        let source = Subject<Int, Never>()
        let received = Locked<[Int]>([])
        source.signal.subscribe(next: { _ = received.append($0) }).disposed(by: lifetime)
        source.send(value: 1)
        token.end()
        source.send(value: 2)
        #expect(received.value == [1])
        // Tied after the end: disposed at once.
        let late = AnyDisposable()
        late.disposed(by: lifetime)
        #expect(late.isDisposed)
    }

    @Test func anObserverMayObserveTheLifetimeAgainWhileItEnds() {
        let (lifetime, token) = Lifetime.make()
        let order = Locked<[Int]>([])
        lifetime.observeEnded {
            order.append(1)
            lifetime.observeEnded { order.append(3) } // ended: runs at once
            order.append(2)
        }
        lifetime.observeEnded { order.append(4) }
        token.end()
        #expect(order.value == [1, 3, 2, 4])
    }

    @Test func endingRacesObservingAndDisposingFromManyThreads() {
        // Each action runs at most once; every observation that is not disposed runs exactly
        // once (before the end, by the end; after it, at once); the ended lifetime holds
        // nothing. Run under the thread sanitizer in CI.
        let rounds = testSize(200, quick: 50)
        for _ in 0..<rounds {
            let (lifetime, token) = Lifetime.make()
            let ran = Locked<[Int]>([])
            _ = runConcurrently(4) { thread in
                if thread == 0 {
                    token.end()
                    return
                }
                for index in 0..<50 {
                    let id = thread * 100 + index
                    let observation = lifetime.observeEnded { _ = ran.append(id) }
                    if index.isMultiple(of: 2) { observation.dispose() }
                }
            }
            let ids = ran.value
            #expect(Set(ids).count == ids.count, "an action ran twice")
            let kept = Set((1...3).flatMap { thread in stride(from: 1, to: 50, by: 2).map { thread * 100 + $0 } })
            #expect(kept.isSubset(of: Set(ids)), "an observation that was not disposed never ran")
            #expect(lifetime.hasEnded)
            #expect(lifetime._observerCount == 0)
        }
    }
}
