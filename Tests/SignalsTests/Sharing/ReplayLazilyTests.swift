// replayLazily(upTo:): starts the upstream on the first subscriber, and keeps that
// subscription and its cache after everyone has left.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct ReplayLazilyTests {
    @Test func doesNotSubscribeUntilTheFirstSubscriber() {
        let source = SpySource<Int, Never>()
        let replayed = source.signal.replayLazily(upTo: 1)
        #expect(source.subscriptions.count == 0)
        let first = replayed.record()
        source.send(value: 1)
        #expect(source.subscriptions.count == 1)
        #expect(first.values == [1])
    }

    @Test func replaysTheLastValuesThenLiveOnesFromOneUpstreamSubscription() {
        let source = SpySource<Int, Never>()
        let replayed = source.signal.replayLazily(upTo: 2)
        let first = replayed.record()
        source.send(value: 1); source.send(value: 2); source.send(value: 3)
        let second = replayed.record()
        source.send(value: 4)
        #expect(first.values == [1, 2, 3, 4])
        #expect(second.values == [2, 3, 4])
        #expect(source.subscriptions.count == 1)
    }

    @Test func keepsTheUpstreamAndTheCacheAfterEveryoneLeft() {
        // Given
        let source = SpySource<Int, Never>()
        let replayed = source.signal.replayLazily(upTo: 2)
        let first = replayed.record()
        source.send(value: 1); source.send(value: 2)
        // When: everyone leaves, the upstream sends on
        first.dispose()
        source.send(value: 3)
        // Then
        #expect(source.disposals.count == 0)
        let later = replayed.record()
        source.send(value: 4)
        #expect(later.values == [2, 3, 4])
        #expect(source.subscriptions.count == 1)
    }

    @Test func replaysTheCacheThenTheTerminalEventForeverWithoutResubscribing() {
        let subscriptions = Counter()
        let replayed = Signal<Int, Never>.deferred {
            subscriptions.increment()
            return .from([1, 2, 3])
        }.replayLazily(upTo: 2)
        #expect(replayed.record().events == [.next(1), .next(2), .next(3), .completed])
        #expect(replayed.record().events == [.next(2), .next(3), .completed])
        #expect(replayed.record().events == [.next(2), .next(3), .completed])
        #expect(subscriptions.count == 1)
    }

    @Test func isCombineExtsShareReplayForASubscriberAfterCompletion() {
        // CombineExt's testSharingWithFinishedEvent, unchanged: the late subscriber receives
        // the last three values and the completion, without a new subscription.
        let source = SpySource<Int, Never>()
        let replayed = source.signal.replayLazily(upTo: 3)
        let first = replayed.record()
        for value in 1...4 { source.send(value: value) }
        source.sendCompleted()
        let late = replayed.record()
        #expect(first.events == [.next(1), .next(2), .next(3), .next(4), .completed])
        #expect(late.events == [.next(2), .next(3), .next(4), .completed])
        #expect(source.subscriptions.count == 1)
    }

    @Test func replaysTheError() {
        let source = SpySource<Int, TestError>()
        let replayed = source.signal.replayLazily(upTo: 1)
        let first = replayed.record()
        source.send(value: 1)
        source.send(error: TestError(4))
        #expect(first.events == [.next(1), .error(TestError(4))])
        #expect(replayed.record().events == [.next(1), .error(TestError(4))])
    }

    @Test func capacityZeroReplaysOnlyTheTerminalEvent() {
        let replayed = Signal.from([1, 2]).replayLazily(upTo: 0)
        #expect(replayed.record().events == [.next(1), .next(2), .completed])
        #expect(replayed.record().events == [.completed])
    }

    @Test func disposedSubscriberReceivesNothingMoreWhileOthersContinue() {
        let source = SpySource<Int, Never>()
        let replayed = source.signal.replayLazily(upTo: 1)
        let first = replayed.record(), second = replayed.record()
        source.send(value: 1)
        first.dispose()
        source.send(value: 2)
        #expect(first.values == [1])
        #expect(second.values == [1, 2])
    }

    @Test func reentrantSubscriberGetsTheCacheThenLaterValues() {
        let source = Subject<Int, Never>()
        let replayed = source.signal.replayLazily(upTo: 1)
        let late = Locked<Recorder<Int, Never>?>(nil)
        replayed.subscribe(next: { value in
            if value == 1 {
                late.withLock { $0 = replayed.record() }
                source.send(value: 2)
            }
        })
        source.send(value: 1)
        #expect(late.value?.values == [1, 2])
    }

    @Test func keepsTheUpstreamWhileASubscriptionLivesEvenOnceTheSignalIsGone() {
        // Given: the signal is dropped right after subscribing
        let source = SpySource<Int, Never>()
        let recorder = source.signal.replayLazily(upTo: 1).record()
        // When
        source.send(value: 1)
        // Then
        #expect(recorder.values == [1])
        #expect(source.disposals.count == 0)
        // When: the last subscription ends too
        recorder.dispose()
        // Then
        #expect(source.disposals.count == 1)
    }

    @Test func keepsTheCachedValuesUntilTheSignalIsGone() {
        // Given: a cached value, and no subscriber left
        let source = Subject<Tracked, Never>()
        weak var weakValue: Tracked?
        var replayed: Signal<Tracked, Never>? = source.signal.replayLazily(upTo: 1)
        replayed?.subscribe(next: { _ in }).dispose()
        do {
            let value = Tracked(id: 42)
            weakValue = value
            source.send(value: value)
        }
        // Then: the cache keeps it for later subscribers
        #expect(weakValue != nil)
        let replayedIDs = Locked<[Int]>([])
        replayed?.subscribe(next: { replayedIDs.append($0.id) }).dispose()
        #expect(replayedIDs.value == [42])
        // When
        replayed = nil
        // Then: the upstream subscription is disposed and the cache released
        #expect(weakValue == nil)
    }

    @Test func negativeCapacityIsAProgrammerError() async {
        await #expect(processExitsWith: .failure) {
            _ = Signal<Int, Never>.never.replayLazily(upTo: -1)
        }
    }

    @Test func aSourceThatKeepsNothingStaysSubscribedWhileTheSignalLives() {
        // A source that only holds a resource until disposed is not torn down when it returns:
        // it lives until the signal and every subscription to it are gone.
        let released = Flag()
        var replayed: Signal<Int, Never>? = Signal<Int, Never> { _ in AnyDisposable { released.set() } }
            .replayLazily(upTo: 1)
        replayed?.subscribe(next: { _ in }).dispose()
        #expect(!released.isSet)
        replayed = nil
        #expect(released.isSet)
    }
}
