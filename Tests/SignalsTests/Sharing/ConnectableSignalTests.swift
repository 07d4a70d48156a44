// publish(), multicast(_:), connect(), autoconnect() and refCount(): subscribers join a
// subject; connect() subscribes the source once. The cases of RxSwift's
// Observable+MulticastTests, on a TestScheduler whose tick is 10 seconds, so that RxSwift's
// times read as seconds (connect at 300 is `.seconds(300)`).

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

/// Hot marbles (one character per 10 seconds, from 0) for `events` (time, value), then
/// `end` at its time ("|" or "#"), with the letters standing for the values.
private func hotInput(
    _ events: [(time: Int, value: Int)], end: (time: Int, symbol: Character)
) -> (marbles: String, values: [Character: Int]) {
    var columns = Array(repeating: Character("-"), count: end.time / 10 + 1)
    var values: [Character: Int] = [:]
    for (index, event) in events.enumerated() {
        let letter = Character(UnicodeScalar(UInt8(ascii: "A") + UInt8(index)))
        columns[event.time / 10] = letter
        values[letter] = event.value
    }
    columns[end.time / 10] = end.symbol
    return (String(columns), values)
}

/// RxSwift's multicast input: 7 at 110, 3 at 220, … 28 at 630, failing at 800.
private let multicastInput = hotInput(
    [(110, 7), (220, 3), (280, 4), (290, 1), (340, 8), (360, 5), (370, 6), (390, 7), (410, 13), (430, 2),
     (450, 9), (520, 11), (560, 20), (570, 21), (580, 23), (590, 24), (600, 25), (610, 26), (620, 27), (630, 28)],
    end: (800, "#"))

/// Each event as "time value", "time |" or "time #", in seconds.
private func timeline<Value, Failure: Error>(_ recorder: Recorder<Value, Failure>) -> [String] {
    recorder.timedEvents.map { timed in
        let time = timed.time.components.seconds
        switch timed.event {
        case .next(let value): return "\(time) \(value)"
        case .completed: return "\(time) |"
        case .error: return "\(time) #"
        }
    }
}

private func at(_ seconds: Int, on scheduler: TestScheduler, _ action: @escaping @Sendable () -> Void) {
    _ = scheduler.schedule(after: .seconds(seconds)) { action() }
}

private func subscriptions(_ pairs: (Int, Int)...) -> [TestSubscription] {
    pairs.map { TestSubscription(.seconds($0.0), .seconds($0.1)) }
}

/// RxSwift's schedule of connections: connect at 300, dispose at 400; connect at 420 and
/// again at 440 (the same connection), dispose that second handle at 530; connect at 575;
/// dispose the first handle at 590 (already ended) and the last at 621.
private func driveConnections(of connectable: ConnectableSignal<Int, TestError>, on scheduler: TestScheduler) {
    let connection = Locked<(any Disposable)?>(nil)
    let inner = Locked<(any Disposable)?>(nil)
    let last = Locked<(any Disposable)?>(nil)
    at(300, on: scheduler) { connection.withLock { $0 = connectable.connect() } }
    at(400, on: scheduler) { connection.value?.dispose() }
    at(420, on: scheduler) { connection.withLock { $0 = connectable.connect() } }
    at(440, on: scheduler) { inner.withLock { $0 = connectable.connect() } }
    at(530, on: scheduler) { inner.value?.dispose() }
    _ = scheduler.schedule(after: .seconds(575)) { last.withLock { $0 = connectable.connect() } }
    at(590, on: scheduler) { connection.value?.dispose() }
    at(621, on: scheduler) { last.value?.dispose() }
}

@Suite struct ConnectableSignalTests {
    @Test func connectControlsTheSourceSubscriptionAndTheSubjectKeepsItsReplay() {
        // RxSwift testMulticastForever_connectControlsSourceSubscription: a ReplaySubject of 3,
        // subscribed at 405.
        let scheduler = TestScheduler(tick: .seconds(10))
        let xs = scheduler.hot(multicastInput.marbles, values: multicastInput.values, error: TestError(1))
        let connectable = xs.signal.multicast(ReplaySubject(capacity: 3))
        driveConnections(of: connectable, on: scheduler)
        let result = Locked<Recorder<Int, TestError>?>(nil)
        at(405, on: scheduler) { result.withLock { $0 = Recorder(connectable.signal, scheduler: scheduler) } }
        scheduler.advance(to: .init(offset: .seconds(1000)))
        #expect(timeline(result.value!) == [
            "405 5", "405 6", "405 7", "430 2", "450 9", "520 11", "580 23", "590 24", "600 25", "610 26", "620 27",
        ])
        #expect(xs.subscriptions == subscriptions((300, 400), (420, 530), (575, 621)))
    }

    @Test func aSubscriberJoiningAConnectionReceivesTheReplayThenLiveValues() {
        // RxSwift testMulticastForever_connectFirstThenSubscribe: a ReplaySubject of 1,
        // subscribed at 470.
        let scheduler = TestScheduler(tick: .seconds(10))
        let xs = scheduler.hot(multicastInput.marbles, values: multicastInput.values, error: TestError(1))
        let connectable = xs.signal.multicast(ReplaySubject(capacity: 1))
        driveConnections(of: connectable, on: scheduler)
        let result = Locked<Recorder<Int, TestError>?>(nil)
        at(470, on: scheduler) { result.withLock { $0 = Recorder(connectable.signal, scheduler: scheduler) } }
        scheduler.advance(to: .init(offset: .seconds(1000)))
        #expect(timeline(result.value!) == ["470 9", "520 11", "580 23", "590 24", "600 25", "610 26", "620 27"])
        #expect(xs.subscriptions == subscriptions((300, 400), (420, 530), (575, 621)))
    }

    @Test func publishSendsOnlyWhileConnected() {
        // The timeline in publish()'s doc comment: connected at 2, disconnected at 6, again at 8.
        let scheduler = TestScheduler()
        let xs: TestSignal<Int, Never> = scheduler.hot("-1-2-3-4-5-6-|")
        let published = xs.signal.publish()
        let a = Recorder(published.signal, scheduler: scheduler)
        let connection = Locked<(any Disposable)?>(nil)
        _ = scheduler.schedule(after: .seconds(2)) { connection.withLock { $0 = published.connect() } }
        _ = scheduler.schedule(after: .seconds(6)) { connection.value?.dispose() }
        _ = scheduler.schedule(after: .seconds(8)) { published.connect() }
        scheduler.run()
        #expect(a.marbles() == "---2-3---5-6-|")
        #expect(xs.subscriptionMarbles == ["--^---!", "--------^----!"])
    }

    @Test func aSynchronousSourceSendsEverythingDuringConnect() {
        // RxSwift testRefCount_DeadlockSimple / DeadlockErrorAfterN / DeadlockEmpty.
        let published = Signal.from([0, 1, 2]).publish()
        let recorder = published.signal.record()
        published.connect().dispose()
        #expect(recorder.events == [.next(0), .next(1), .next(2), .completed])
        let failing = Signal<Int, TestError>.from([0, 1, 2]).concat(.error(TestError(1))).publish()
        let failure = failing.signal.record()
        failing.connect().dispose()
        #expect(failure.error == TestError(1))
        let empty = Signal<Int, Never>.empty.publish()
        let completion = empty.signal.record()
        empty.connect().dispose()
        #expect(completion.events == [.completed])
    }

    @Test func connectingWhileConnectedReturnsTheSameConnection() {
        let source = SpySource<Int, Never>()
        let published = source.signal.publish()
        let first = published.connect()
        let second = published.connect()
        #expect(first === second)
        #expect(source.subscriptions.count == 1)
        second.dispose()
        #expect(first.isDisposed)
        #expect(source.isDisposed)
        published.connect()
        #expect(source.subscriptions.count == 2)
    }

    @Test func aConnectionEndsWhenTheSourceTerminates() {
        let published = Signal<Int, Never>.from([1, 2]).publish()
        let connection = published.connect()
        #expect(connection.isDisposed)
        let live = Signal<Int, Never>.never.publish().connect()
        #expect(!live.isDisposed)
        live.dispose()
        #expect(live.isDisposed)
    }

    @Test func connectingAndDisconnectingFromManyThreadsLeavesNoSubscription() {
        let source = SpySource<Int, Never>()
        let published = source.signal.publish()
        runConcurrently(4) { _ in
            for _ in 0..<200 { published.connect().dispose() }
        }
        #expect(source.subscriptions.count == source.disposals.count)
        published.connect()
        #expect(source.subscriptions.count == source.disposals.count + 1)
    }

    @Test func multicastToABehaviorSubjectSendsItsValueBeforeConnecting() {
        let subject = BehaviorSubject<Int, Never>(value: 0)
        let connectable = Signal.from([1, 2]).multicast(subject)
        let recorder = connectable.signal.record()
        #expect(recorder.values == [0])
        connectable.connect()
        #expect(recorder.events == [.next(0), .next(1), .next(2), .completed])
    }

    @Test func multicastToASubjectFeedsThatSubject() {
        let subject = Subject<Int, Never>()
        let connectable = Signal.from([1, 2]).multicast(subject)
        let recorder = subject.signal.record()
        connectable.connect()
        #expect(recorder.events == [.next(1), .next(2), .completed])
    }
}

@Suite struct RefCountTests {
    @Test func connectsOnTheFirstSubscriberAndEndsWithTheSource() {
        // RxSwift testRefCount_ConnectsOnFirst.
        let scheduler = TestScheduler()
        let xs: TestSignal<Int, Never> = scheduler.hot("-1234|")
        let result = scheduler.expect(xs.signal.publish().refCount(), "-1234|")
        #expect(result.isMet, "\(result)")
        #expect(xs.subscriptionMarbles == ["^----!"])
    }

    @Test func doesNotConnectWhenTheSubjectHasAlreadyEnded() {
        // RxSwift testRefCount_DoesntConnectsOnFirstInCaseSynchronousCompleted / …Error.
        let source = SpySource<Int, TestError>()
        let completed = Subject<Int, TestError>()
        completed.sendCompleted()
        #expect(source.signal.multicast(completed).refCount().record().events == [.completed])
        let failed = Subject<Int, TestError>()
        failed.send(error: TestError(1))
        #expect(source.signal.multicast(failed).refCount().record().error == TestError(1))
        #expect(source.subscriptions.count == 0)
    }

    @Test func disconnectsWhenTheLastSubscriberLeavesAndReconnectsForTheNext() {
        // RxSwift testRefCount_NotConnected.
        let connections = Counter()
        let disconnections = Counter()
        let source = Signal<Int, Never>.deferred {
            connections.increment()
            return Signal<Int, Never>.never.on(disposed: { disconnections.increment() })
        }
        let shared = source.publish().refCount()
        let first = shared.subscribe()
        #expect(connections.count == 1)
        let second = shared.subscribe()
        #expect(connections.count == 1)
        first.dispose()
        #expect(disconnections.count == 0)
        second.dispose()
        #expect(disconnections.count == 1)
        let third = shared.subscribe()
        #expect(connections.count == 2)
        third.dispose()
        #expect(disconnections.count == 2)
    }

    @Test func subscribersComingAndGoingFromManyThreadsLeaveTheSourceDisconnected() {
        let source = SpySource<Int, Never>()
        let shared = source.signal.publish().refCount()
        runConcurrently(4) { index in
            for value in 0..<200 {
                let subscription = shared.subscribe()
                if index == 0 { source.send(value: value) }
                subscription.dispose()
            }
        }
        #expect(source.subscriptions.count > 0)
        #expect(source.subscriptions.count == source.disposals.count)
    }

    @Test func aFailedSourceFailsEverySubscriber() {
        // RxSwift testRefCount_Error.
        let shared = Signal<Int, TestError>.error(TestError(3)).publish().refCount()
        #expect(shared.record().events == [.error(TestError(3))])
        #expect(shared.record().events == [.error(TestError(3))])
    }

    @Test func subscribersComingAndGoingShareOneConnection() {
        // RxSwift testRefCount_Publish, and the timeline in refCount()'s doc comment.
        let scheduler = TestScheduler()
        let xs: TestSignal<Int, Never> = scheduler.hot("--1-2-3-4-5-6-7-8-9-|")
        let shared = xs.signal.publish().refCount()
        let recorders = Locked<[String: Recorder<Int, Never>]>([:])
        func subscriber(_ name: String, from start: Int, to end: Int) {
            _ = scheduler.schedule(after: .seconds(start)) {
                recorders.withLock { $0[name] = Recorder(shared, scheduler: scheduler) }
            }
            _ = scheduler.schedule(after: .seconds(end)) { recorders.value[name]?.dispose() }
        }
        subscriber("a", from: 3, to: 7)
        subscriber("b", from: 5, to: 15)
        subscriber("c", from: 11, to: 13)
        subscriber("d", from: 17, to: 25)
        scheduler.run()
        #expect(recorders.value["a"]?.marbles() == "-2-3")
        #expect(recorders.value["b"]?.marbles() == "-3-4-5-6-7")
        #expect(recorders.value["c"]?.marbles() == "-6")
        #expect(recorders.value["d"]?.marbles() == "-9-|")
        #expect(xs.subscriptionMarbles == ["---^-----------!", "-----------------^--!"])
    }
}

@Suite struct AutoconnectTests {
    @Test func connectsOnTheFirstSubscriberAndNeverDisconnects() {
        // The timeline in autoconnect()'s doc comment.
        let scheduler = TestScheduler()
        let xs: TestSignal<Int, Never> = scheduler.hot("--1-2-3-4-|")
        let shared = xs.signal.publish().autoconnect()
        let a = Locked<Recorder<Int, Never>?>(nil)
        let b = Locked<Recorder<Int, Never>?>(nil)
        _ = scheduler.schedule(after: .seconds(1)) { a.withLock { $0 = Recorder(shared, scheduler: scheduler) } }
        _ = scheduler.schedule(after: .seconds(3)) { b.withLock { $0 = Recorder(shared, scheduler: scheduler) } }
        _ = scheduler.schedule(after: .seconds(5)) { a.value?.dispose() }
        scheduler.run()
        #expect(a.value?.marbles() == "-1-2")
        #expect(b.value?.marbles() == "-2-3-4-|")
        #expect(xs.subscriptionMarbles == ["-^--------!"])
    }

    @Test func theFirstSubscriberReceivesASynchronousSource() {
        let shared = Signal.from([1, 2, 3]).publish().autoconnect()
        #expect(shared.record().events == [.next(1), .next(2), .next(3), .completed])
        #expect(shared.record().events == [.completed])
    }

    @Test func leavingDoesNotDisconnect() {
        let source = SpySource<Int, Never>()
        let shared = source.signal.publish().autoconnect()
        let first = shared.subscribe()
        first.dispose()
        #expect(source.subscriptions.count == 1)
        #expect(!source.isDisposed)
        _ = shared.subscribe()
        #expect(source.subscriptions.count == 1)
    }
}
