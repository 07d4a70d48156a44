// The lifetime of a subscription (Contracts.md, "Disposal and lifetimes"):
// - a subscription is live from `subscribe` until its terminal event or until its disposable
//   is disposed, whatever the source keeps;
// - the returned disposable reports `isDisposed == false` while it is live;
// - once it has ended, nothing of it is retained through the disposable: the observer's
//   closures, and what they capture, are released even if the disposable is kept.
// One rule with or without an operator in between: every test runs over `Shape.allCases`.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

/// How a test reaches its source: directly, or through operators.
enum Shape: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case direct
    case map
    case filterThenMap
    case flattenMap
    case mergeWithEmpty
    case concatThenEmpty

    func apply(_ signal: Signal<Int, Never>) -> Signal<Int, Never> {
        switch self {
        case .direct: signal
        case .map: signal.map { $0 }
        case .filterThenMap: signal.filter { _ in true }.map { $0 + 0 }
        case .flattenMap: signal.flattenMap { Signal.just($0) }
        case .mergeWithEmpty: signal.merge(.empty)
        case .concatThenEmpty: signal.concat(.empty)
        }
    }

    var testDescription: String { rawValue }
}

/// A source that keeps nothing of its observer: it only holds a resource (counted) until its
/// subscription is disposed, as `Signal { _ in AnyDisposable { close(handle) } }` does.
private func resourceOnly(_ releases: Counter) -> Signal<Int, Never> {
    Signal { _ in AnyDisposable { releases.increment() } }
}

/// A source that holds its observer weakly and lets the test send to it later.
private final class WeakSource: Sendable {
    private let box = Locked<WeakObserver?>(nil)
    let releases = Counter()

    var signal: Signal<Int, Never> {
        Signal { [box, releases] observer in
            box.withLock { $0 = WeakObserver(observer) }
            return AnyDisposable { releases.increment() }
        }
    }

    /// The observer, if it is still alive.
    var observer: Observer<Int, Never>? { box.withLock { $0?.observer } }
}

private struct WeakObserver {
    weak var observer: Observer<Int, Never>?
    init(_ observer: Observer<Int, Never>) { self.observer = observer }
}

@Suite struct SubscriptionLifetimeTests {
    // MARK: Live until the end, whatever the source keeps

    @Test(arguments: Shape.allCases)
    func aSourceThatKeepsNothingLivesUntilDisposed(shape: Shape) {
        // Given
        let releases = Counter()
        // When
        let subscription = shape.apply(resourceOnly(releases)).subscribe(next: { _ in })
        // Then: not torn down when `subscribe` returns
        #expect(releases.count == 0)
        #expect(!subscription.isDisposed)
        // When
        subscription.dispose()
        // Then
        #expect(releases.count == 1)
        #expect(subscription.isDisposed)
    }

    @Test(arguments: Shape.allCases)
    func neverIsLiveUntilDisposed(shape: Shape) {
        // Given
        weak var weakToken: Tracked?
        let subscription: any Disposable
        do {
            let token = Tracked()
            weakToken = token
            subscription = shape.apply(.never).subscribe(next: { _ = $0 + token.id })
        }
        // Then: live, and the closure with it
        #expect(!subscription.isDisposed)
        #expect(weakToken != nil)
        // When
        subscription.dispose()
        // Then
        #expect(subscription.isDisposed)
        #expect(weakToken == nil)
    }

    @Test(arguments: Shape.allCases)
    func aSourceThatHoldsItsObserverWeaklyStillDelivers(shape: Shape) {
        // Given
        let source = WeakSource()
        let recorder = shape.apply(source.signal).record()
        // When
        source.observer?.send(value: 1)
        source.observer?.send(value: 2)
        source.observer?.sendCompleted()
        // Then
        #expect(recorder.events == [.next(1), .next(2), .completed])
        #expect(source.releases.count == 1)
        #expect(source.observer == nil)
    }

    @Test(arguments: Shape.allCases)
    func droppingTheDisposableDoesNotEndTheSubscription(shape: Shape) {
        // Given
        let source = WeakSource()
        let received = Locked<[Int]>([])
        weak var weakToken: Tracked?
        do {
            let token = Tracked()
            weakToken = token
            // When: the disposable is dropped at once
            shape.apply(source.signal).subscribe(next: { received.append($0 + token.id - 1) })
        }
        // Then: still live
        #expect(source.releases.count == 0)
        #expect(weakToken != nil)
        source.observer?.send(value: 7)
        #expect(received.value == [7])
        // When: the terminal event ends it
        source.observer?.sendCompleted()
        // Then: everything is released
        #expect(source.releases.count == 1)
        #expect(weakToken == nil)
        #expect(source.observer == nil)
    }

    @Test(arguments: Shape.allCases)
    func subscribingAnObserverFollowsTheSameRule(shape: Shape) {
        // Given
        let releases = Counter()
        let events = Locked<[Event<Int, Never>]>([])
        // When
        let subscription = shape.apply(resourceOnly(releases)).subscribe(Observer { events.append($0) })
        // Then
        #expect(releases.count == 0)
        #expect(!subscription.isDisposed)
        subscription.dispose()
        #expect(releases.count == 1)
        #expect(events.value.isEmpty)
    }

    // MARK: Nothing retained through the disposable after the end

    @Test(arguments: Shape.allCases)
    func aKeptDisposableRetainsNothingAfterTheTerminalEvent(shape: Shape) {
        // Given: the `self.subscription = signal.subscribe { self… }` shape
        let subject = Subject<Int, Never>()
        weak var weakToken: Tracked?
        let subscription: any Disposable
        do {
            let token = Tracked()
            weakToken = token
            subscription = shape.apply(subject.signal).subscribe(
                next: { _ = $0 + token.id },
                completed: { _ = token.id })
        }
        #expect(weakToken != nil)
        // When
        subject.sendCompleted()
        // Then
        #expect(subscription.isDisposed)
        #expect(weakToken == nil)
    }

    @Test(arguments: Shape.allCases)
    func aKeptDisposableRetainsNothingAfterDispose(shape: Shape) {
        // Given: a source that keeps nothing, so only the subscription itself holds the token
        let releases = Counter()
        weak var weakToken: Tracked?
        let subscription: any Disposable
        do {
            let token = Tracked()
            weakToken = token
            subscription = shape.apply(resourceOnly(releases)).subscribe(next: { _ = $0 + token.id })
        }
        #expect(weakToken != nil)
        // When
        subscription.dispose()
        // Then
        #expect(weakToken == nil)
        #expect(releases.count == 1)
    }

    @Test(arguments: [false, true])
    func aKeptDisposableRetainsNothingAfterAnError(throughAnOperator: Bool) {
        // Given
        let subject = Subject<Int, Oops>()
        weak var weakToken: Tracked?
        let subscription: any Disposable
        do {
            let token = Tracked()
            weakToken = token
            let signal = throughAnOperator ? subject.signal.map { $0 + 0 } : subject.signal
            subscription = signal.subscribe(next: { _ = $0 + token.id }, error: { _ in _ = token.id })
        }
        // When
        subject.send(error: Oops())
        // Then
        #expect(subscription.isDisposed)
        #expect(weakToken == nil)
    }

    // MARK: isDisposed

    @Test(arguments: Shape.allCases)
    func isDisposedIsFalseWhileLiveAndTrueFromTheTerminalEventOn(shape: Shape) {
        // Given
        let subject = Subject<Int, Never>()
        let holder = Locked<(any Disposable)?>(nil)
        let seenInCallbacks = Locked<[Bool]>([])
        let subscription = shape.apply(subject.signal).subscribe(
            next: { _ in seenInCallbacks.append(holder.value?.isDisposed ?? true) },
            completed: { seenInCallbacks.append(holder.value?.isDisposed ?? false) })
        holder.withLock { $0 = subscription }
        // When
        subject.send(value: 1)
        let whileLive = subscription.isDisposed
        subject.sendCompleted()
        // Then: live during `next`, ended from the terminal event on
        #expect(!whileLive)
        #expect(seenInCallbacks.value == [false, true])
        #expect(subscription.isDisposed)
        holder.withLock { $0 = nil }
    }

    @Test(arguments: Shape.allCases)
    func aSubscriptionThatEndedDuringSubscribeRetainsNothing(shape: Shape) {
        // Given
        let releases = Counter()
        weak var weakToken: Tracked?
        let subscription: any Disposable
        do {
            let token = Tracked()
            weakToken = token
            let ending = Signal<Int, Never> { observer in
                observer.send(value: 1)
                observer.sendCompleted()
                return AnyDisposable { releases.increment() }
            }
            subscription = shape.apply(ending).subscribe(next: { _ = $0 + token.id })
        }
        // Then
        #expect(subscription.isDisposed)
        #expect(releases.count == 1)
        #expect(weakToken == nil)
    }

    // MARK: Races

    @Test(arguments: [Shape.direct, .map])
    func aSubscriptionEndedOnAnotherThreadWhileSubscribingIsReleased(shape: Shape) {
        // Given: a source whose terminal event races with `subscribe` returning
        for _ in 0..<500 {
            let releases = Counter()
            let threads = Locked<[TestThread]>([])
            weak var weakToken: Tracked?
            let subscription: any Disposable
            do {
                let token = Tracked()
                weakToken = token
                let racing = Signal<Int, Never> { observer in
                    threads.append(TestThread { observer.sendCompleted() })
                    return AnyDisposable { releases.increment() }
                }
                subscription = shape.apply(racing).subscribe(next: { _ = $0 + token.id })
            }
            // When
            for thread in threads.value { thread.join() }
            threads.withLock { $0 = [] }
            // Then: ended, released, cleaned up once, whichever came first
            #expect(subscription.isDisposed)
            #expect(releases.count == 1)
            #expect(weakToken == nil)
        }
    }

    @Test func disposingWhileTheSourceEndsOnAnotherThreadReleasesOnce() {
        for _ in 0..<500 {
            // Given
            let source = WeakSource()
            let releases = source.releases
            weak var weakToken: Tracked?
            let subscription: any Disposable
            do {
                let token = Tracked()
                weakToken = token
                subscription = source.signal.map { $0 + token.id }.subscribe(next: { _ in })
            }
            // When
            let ender = TestThread { source.observer?.sendCompleted() }
            subscription.dispose()
            ender.join()
            // Then
            #expect(subscription.isDisposed)
            #expect(releases.count == 1)
            #expect(weakToken == nil)
        }
    }
}
