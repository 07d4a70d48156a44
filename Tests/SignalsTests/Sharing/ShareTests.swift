// share() and share(replay:): one upstream subscription while anyone listens; the last
// subscriber leaving disposes it; the next subscriber starts a fresh one.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct ShareTests {
    @Test func subscribesToTheUpstreamOnceForManySubscribers() {
        // Given
        let source = SpySource<Int, Never>()
        let shared = source.signal.share()
        #expect(source.subscriptions.count == 0)
        // When
        let first = shared.record(), second = shared.record()
        source.send(value: 1)
        // Then
        #expect(source.subscriptions.count == 1)
        #expect(first.values == [1])
        #expect(second.values == [1])
    }

    @Test func lateSubscriberReceivesOnlyLaterValues() {
        let source = SpySource<Int, Never>()
        let shared = source.signal.share()
        let early = shared.record()
        source.send(value: 1)
        let late = shared.record()
        source.send(value: 2)
        #expect(early.values == [1, 2])
        #expect(late.values == [2])
    }

    @Test func runsTheUpstreamWorkOncePerValue() {
        let source = Subject<Int, Never>()
        let work = Counter()
        let shared = source.signal.map { value -> Int in work.increment(); return value }.share()
        let recorders = (0..<5).map { _ in shared.record() }
        source.send(value: 1)
        #expect(work.count == 1)
        #expect(recorders.allSatisfy { $0.values == [1] })
    }

    @Test func lastSubscriberLeavingDisposesTheUpstream() {
        // Given
        let source = SpySource<Int, Never>()
        let shared = source.signal.share()
        let first = shared.record(), second = shared.record()
        // When
        first.dispose()
        // Then: one subscriber is still listening
        #expect(source.disposals.count == 0)
        source.send(value: 1)
        #expect(second.values == [1])
        // When
        second.dispose()
        // Then
        #expect(source.disposals.count == 1)
        source.send(value: 2)
        #expect(first.values == [] && second.values == [1])
    }

    @Test func nextSubscriberAfterEveryoneLeftConnectsAnew() {
        let source = SpySource<Int, Never>()
        let shared = source.signal.share()
        shared.record().dispose()
        #expect(source.subscriptions.count == 1 && source.disposals.count == 1)
        let again = shared.record()
        source.send(value: 3)
        #expect(source.subscriptions.count == 2)
        #expect(again.values == [3])
    }

    @Test func upstreamCompletionReachesEverySubscriberAndTheNextOneConnectsAnew() {
        // Given
        let source = SpySource<Int, Never>()
        let shared = source.signal.share()
        let first = shared.record(), second = shared.record()
        // When
        source.send(value: 1)
        source.sendCompleted()
        // Then
        #expect(first.events == [.next(1), .completed])
        #expect(second.events == [.next(1), .completed])
        // When: a later subscriber
        let late = shared.record()
        source.send(value: 2)
        // Then: a fresh upstream subscription (the spy's subject has completed, so it
        // delivers its completion at once)
        #expect(source.subscriptions.count == 2)
        #expect(late.events == [.completed])
    }

    @Test func upstreamErrorReachesEverySubscriber() {
        let source = SpySource<Int, TestError>()
        let shared = source.signal.share()
        let first = shared.record(), second = shared.record()
        source.send(error: TestError(1))
        #expect(first.events == [.error(TestError(1))])
        #expect(second.events == [.error(TestError(1))])
    }

    @Test func synchronousUpstreamRunsOncePerSubscriberThatFindsNoConnection() {
        // Given: a synchronous source finishes while the first subscriber connects
        let subscriptions = Counter()
        let shared = Signal<Int, Never>.deferred {
            subscriptions.increment()
            return .from([1, 2, 3])
        }.share()
        // When
        let first = shared.record(), second = shared.record()
        // Then: the connection had ended, so the second subscriber started it again
        #expect(first.events == [.next(1), .next(2), .next(3), .completed])
        #expect(second.events == [.next(1), .next(2), .next(3), .completed])
        #expect(subscriptions.count == 2)
    }

    @Test func stoppingDuringASynchronousConnectionStopsAnEndlessUpstream() {
        // Given: an endless synchronous source, shared, and a subscriber that stops at 3
        let shared = Signal.from(0...).share()
        // When
        let firstFourSignal: Signal<Int, Never> = shared.bind {
            { event, stop in
                guard case .next(let value) = event else { return nil }
                if value == 3 { stop = true }
                return .just(value)
            }
        }
        let firstFour = firstFourSignal.record()
        // Then: it returned, so the upstream was stopped
        #expect(firstFour.events == [.next(0), .next(1), .next(2), .next(3), .completed])
    }

    @Test func disposedSubscriberReceivesNothingMoreWhileOthersContinue() {
        let source = SpySource<Int, Never>()
        let shared = source.signal.share()
        let first = shared.record(), second = shared.record()
        source.send(value: 1)
        first.dispose()
        source.send(value: 2)
        #expect(first.values == [1])
        #expect(second.values == [1, 2])
    }

    @Test func reentrantSubscribeAndSendFromACallback() {
        // Given: while 1 is delivered, a subscriber joins and the upstream sends 2
        let source = Subject<Int, Never>()
        let shared = source.signal.share()
        let late = Locked<Recorder<Int, Never>?>(nil)
        let early = shared.record()
        shared.subscribe(next: { value in
            if value == 1 {
                late.withLock { $0 = shared.record() }
                source.send(value: 2)
            }
        })
        // When
        source.send(value: 1)
        // Then
        #expect(early.values == [1, 2])
        #expect(late.value?.values == [2])
    }

    @Test func resubscribingFromTheCompletionCallbackConnectsAnew() {
        // Given: a subscriber that, on completion, subscribes again
        let subscriptions = Counter()
        let shared = Signal<Int, Never>.deferred {
            subscriptions.increment()
            return .just(subscriptions.count)
        }.share()
        let again = Locked<Recorder<Int, Never>?>(nil)
        shared.subscribe(completed: { again.withLock { $0 = shared.record() } })
        // Then
        #expect(again.value?.events == [.next(2), .completed])
        #expect(subscriptions.count == 2)
    }

    @Test func keepsNothingAfterTheLastSubscriberLeaves() {
        // Given: an upstream that makes a token per subscription, and subscribers whose
        // closures capture tokens
        let source = Subject<Int, Never>()
        let tokens = WeakReferences()
        let shared = Signal<Int, Never> { observer in
            let token = tokens.make()
            let subscription = source.signal.subscribe(observer)
            return AnyDisposable { _ = token; subscription.dispose() }
        }.share()
        let subscriptions = (0..<3).map { _ in
            let token = tokens.make()
            return shared.subscribe(next: { _ in _ = token })
        }
        source.send(value: 1)
        #expect(tokens.aliveCount == 4)
        // When
        for subscription in subscriptions { subscription.dispose() }
        // Then
        #expect(tokens.aliveCount == 0)
    }

    @Test func releasesTheUpstreamSubscriptionAndSubscribersWhenTheLastOneLeaves() {
        // Given
        let source = Subject<Int, Never>()
        let shared = source.signal.share()
        weak var weakToken: Tracked?
        let subscription: any Disposable
        do {
            let token = Tracked()
            weakToken = token
            subscription = shared.subscribe(next: { _ in _ = token })
        }
        source.send(value: 1)
        // When
        subscription.dispose()
        // Then
        #expect(weakToken == nil)
    }

    @Test func aSourceThatKeepsNothingStaysSubscribedUntilTheLastSubscriberLeaves() {
        // A source that only holds a resource until disposed (it keeps no reference to its
        // observer) is live for as long as the connection, not torn down when it returns.
        for replay in [0, 1] {
            let released = Flag()
            let shared = Signal<Int, Never> { _ in AnyDisposable { released.set() } }.share(replay: replay)
            let subscription = shared.subscribe(next: { _ in })
            #expect(!released.isSet)
            subscription.dispose()
            #expect(released.isSet)
        }
    }
}

@Suite struct ShareReplayTests {
    @Test func lateSubscriberReceivesTheLastValuesThenLiveOnes() {
        let source = SpySource<Int, Never>()
        let shared = source.signal.share(replay: 2)
        let early = shared.record()
        source.send(value: 1); source.send(value: 2); source.send(value: 3)
        let late = shared.record()
        source.send(value: 4)
        #expect(early.values == [1, 2, 3, 4])
        #expect(late.values == [2, 3, 4])
        #expect(source.subscriptions.count == 1)
    }

    @Test func theBufferIsDroppedWhenTheLastSubscriberLeaves() {
        // Given
        let source = SpySource<Int, Never>()
        let shared = source.signal.share(replay: 1)
        let first = shared.record()
        source.send(value: 1)
        // When
        first.dispose()
        let again = shared.record()
        source.send(value: 2)
        // Then: a fresh connection with an empty buffer
        #expect(again.values == [2])
        #expect(source.subscriptions.count == 2 && source.disposals.count == 1)
    }

    @Test func afterUpstreamCompletionTheNextSubscriberConnectsAnew() {
        let runs = Counter()
        let shared = Signal<Int, Never>.deferred {
            let run = runs.increment()
            return .from([run * 10, run * 10 + 1])
        }.share(replay: 1)
        #expect(shared.record().events == [.next(10), .next(11), .completed])
        #expect(shared.record().events == [.next(20), .next(21), .completed])
    }

    @Test func aSubscriberAfterCompletionConnectsAnewInsteadOfReceivingTheReplay() {
        // CombineExt's testSharingWithFinishedEvent: there the late subscriber receives
        // [2, 3, 4] and the completion from the finished buffer (replayLazily(upTo: 3) here).
        let runs = Counter()
        let shared = Signal<Int, Never>.deferred {
            runs.increment() == 1 ? .from([1, 2, 3, 4]) : .from([10])
        }.share(replay: 3)
        #expect(shared.record().events == [.next(1), .next(2), .next(3), .next(4), .completed])
        #expect(shared.record().events == [.next(10), .completed])
        #expect(runs.count == 2)
    }

    @Test func upstreamErrorReachesEverySubscriber() {
        let source = SpySource<Int, TestError>()
        let shared = source.signal.share(replay: 1)
        let first = shared.record()
        source.send(value: 1)
        let second = shared.record()
        source.send(error: TestError(2))
        #expect(first.events == [.next(1), .error(TestError(2))])
        #expect(second.events == [.next(1), .error(TestError(2))])
    }

    @Test func reentrantSubscriberGetsTheReplayThenLaterValues() {
        let source = Subject<Int, Never>()
        let shared = source.signal.share(replay: 1)
        let late = Locked<Recorder<Int, Never>?>(nil)
        shared.subscribe(next: { value in
            if value == 1 {
                late.withLock { $0 = shared.record() }
                source.send(value: 2)
            }
        })
        source.send(value: 1)
        #expect(late.value?.values == [1, 2])
    }

    @Test func replayZeroIsShare() {
        let source = SpySource<Int, Never>()
        let shared = source.signal.share(replay: 0)
        let early = shared.record()
        source.send(value: 1)
        let late = shared.record()
        source.send(value: 2)
        #expect(early.values == [1, 2] && late.values == [2])
    }

    @Test func releasesTheBufferedValuesWhenTheLastSubscriberLeaves() {
        // Given: a value in the buffer
        let source = Subject<Tracked, Never>()
        let shared = source.signal.share(replay: 1)
        weak var weakValue: Tracked?
        let subscription = shared.subscribe(next: { _ in })
        do {
            let value = Tracked()
            weakValue = value
            source.send(value: value)
        }
        #expect(weakValue != nil, "the buffer keeps the value while connected")
        // When
        subscription.dispose()
        // Then
        #expect(weakValue == nil)
    }

    @Test func negativeReplayIsAProgrammerError() async {
        await #expect(processExitsWith: .failure) {
            _ = Signal<Int, Never>.never.share(replay: -1)
        }
    }
}

/// Weak references to tokens made on demand, to check that nothing keeps them.
private final class WeakReferences: Sendable {
    private final class Box: @unchecked Sendable { // written once under `boxes`' lock
        weak var token: Tracked?
    }
    private let boxes = Locked<[Box]>([])

    /// A new token, tracked weakly.
    func make() -> Tracked {
        let token = Tracked(), box = Box()
        box.token = token
        boxes.append(box)
        return token
    }

    var aliveCount: Int { boxes.value.filter { $0.token != nil }.count }
}
