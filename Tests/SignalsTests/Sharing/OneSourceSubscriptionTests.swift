// Connecting and sharing under threads: at most one subscription to the source is live at
// any moment — a new connection subscribes the source only once the previous connection's
// disposal has finished. The source counts its live subscriptions (up when subscribed, down
// in its disposable) and keeps the highest count seen; four threads subscribe and dispose.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport
import Synchronization

/// Counts a source's live subscriptions and remembers the most seen at once.
private final class LiveSubscriptions: Sendable {
    private let live = Atomic<Int>(0)
    private let most = Atomic<Int>(0)
    private let started = Atomic<Int>(0)

    /// A source that never ends on its own.
    var endless: Signal<Int, Never> {
        Signal { observer in
            self.subscribed()
            observer.send(value: 1)
            return AnyDisposable { self.disposed() }
        }
    }

    /// A source that completes while it subscribes.
    var completing: Signal<Int, Never> {
        Signal { observer in
            self.subscribed()
            observer.send(value: 1)
            observer.sendCompleted()
            return AnyDisposable { self.disposed() }
        }
    }

    private func subscribed() {
        started.add(1, ordering: .relaxed)
        let now = live.add(1, ordering: .sequentiallyConsistent).newValue
        var seen = most.load(ordering: .relaxed)
        while now > seen {
            let exchange = most.compareExchange(expected: seen, desired: now, ordering: .relaxed)
            if exchange.exchanged { break }
            seen = exchange.original
        }
    }

    private func disposed() { live.subtract(1, ordering: .sequentiallyConsistent) }

    var maximum: Int { most.load(ordering: .relaxed) }
    var current: Int { live.load(ordering: .sequentiallyConsistent) }
    var subscriptions: Int { started.load(ordering: .relaxed) }
}

@Suite struct OneSourceSubscriptionTests {
    static let threads = 4
    static let cycles = 1_000

    /// Four threads, each subscribing to `shared` and disposing, `cycles` times.
    private func subscribeAndDispose(_ shared: Signal<Int, Never>) {
        runConcurrently(Self.threads) { _ in
            for _ in 0..<Self.cycles {
                shared.subscribe(next: { _ in }).dispose()
            }
        }
    }

    @Test func publishRefCountNeverOverlapsSourceSubscriptions() {
        let source = LiveSubscriptions()
        subscribeAndDispose(source.endless.publish().refCount())
        #expect(source.maximum == 1)
        #expect(source.current == 0)
        #expect(source.subscriptions >= 1)
    }

    @Test func multicastReplaySubjectRefCountNeverOverlapsSourceSubscriptions() {
        let source = LiveSubscriptions()
        subscribeAndDispose(source.endless.multicast(ReplaySubject(capacity: 1)).refCount())
        #expect(source.maximum == 1)
        #expect(source.current == 0)
    }

    @Test func shareNeverOverlapsSourceSubscriptions() {
        let source = LiveSubscriptions()
        subscribeAndDispose(source.endless.share())
        #expect(source.maximum == 1)
        #expect(source.current == 0)
        #expect(source.subscriptions >= 1)
    }

    @Test func shareReplayNeverOverlapsSourceSubscriptions() {
        let source = LiveSubscriptions()
        subscribeAndDispose(source.endless.share(replay: 1))
        #expect(source.maximum == 1)
        #expect(source.current == 0)
    }

    @Test func shareOfASourceThatCompletesWhileSubscribingNeverOverlaps() {
        let source = LiveSubscriptions()
        subscribeAndDispose(source.completing.share(replay: 1))
        #expect(source.maximum == 1)
        #expect(source.current == 0)
        #expect(source.subscriptions >= Self.threads)
    }

    @Test func connectToASourceThatCompletesWhileSubscribingNeverOverlaps() {
        let source = LiveSubscriptions()
        let connectable = source.completing.multicast(ReplaySubject(capacity: 1))
        runConcurrently(Self.threads) { _ in
            for _ in 0..<Self.cycles { connectable.connect().dispose() }
        }
        #expect(source.maximum == 1)
        #expect(source.current == 0)
        #expect(source.subscriptions >= Self.threads)
    }

    @Test func concurrentConnectAndDisposeNeverOverlapSourceSubscriptions() {
        let source = LiveSubscriptions()
        let connectable = source.endless.publish()
        runConcurrently(Self.threads) { _ in
            for _ in 0..<Self.cycles {
                connectable.connect().dispose()
            }
        }
        #expect(source.maximum == 1)
        #expect(source.current == 0)
        #expect(source.subscriptions >= 1)
    }

    @Test func connectWhileOthersSubscribeThroughRefCountNeverOverlaps() {
        let source = LiveSubscriptions()
        let connectable = source.endless.publish()
        let shared = connectable.refCount()
        runConcurrently(Self.threads) { thread in
            for _ in 0..<Self.cycles {
                if thread == 0 {
                    connectable.connect().dispose()
                } else {
                    shared.subscribe(next: { _ in }).dispose()
                }
            }
        }
        #expect(source.maximum == 1)
        #expect(source.current == 0)
    }

    @Test func autoconnectSubscribesTheSourceOnce() {
        let source = LiveSubscriptions()
        subscribeAndDispose(source.endless.publish().autoconnect())
        #expect(source.maximum == 1)
        #expect(source.subscriptions == 1)
    }

    @Test func replayLazilySubscribesTheSourceOnce() {
        let source = LiveSubscriptions()
        subscribeAndDispose(source.endless.replayLazily(upTo: 1))
        #expect(source.maximum == 1)
        #expect(source.subscriptions == 1)
    }

    @Test func aConnectionMadeDuringTheCleanupStartsWhenTheCleanupHasFinished() {
        // The cleanup of the first connection subscribes again (user code run by disposal):
        // the new subscription waits until that cleanup has returned.
        let live = Atomic<Int>(0)
        let most = Atomic<Int>(0)
        let reentered = Locked<(any Disposable)?>(nil)
        let sharedBox = Locked<Signal<Int, Never>?>(nil)
        let source = Signal<Int, Never> { _ in
            let now = live.add(1, ordering: .sequentiallyConsistent).newValue
            if now > most.load(ordering: .relaxed) { most.store(now, ordering: .relaxed) }
            return AnyDisposable {
                if reentered.value == nil, let shared = sharedBox.value {
                    reentered.withLock { $0 = shared.subscribe(next: { _ in }) }
                }
                live.subtract(1, ordering: .sequentiallyConsistent)
            }
        }
        let shared = source.share()
        sharedBox.withLock { $0 = shared }
        shared.subscribe(next: { _ in }).dispose()
        #expect(reentered.value != nil)
        #expect(live.load(ordering: .sequentiallyConsistent) == 1)   // the second connection started
        #expect(most.load(ordering: .relaxed) == 1)
        reentered.value?.dispose()
        #expect(live.load(ordering: .sequentiallyConsistent) == 0)
    }
}
