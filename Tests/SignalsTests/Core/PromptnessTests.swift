// Promptness (Core/Promptness.swift): which signals `values` subscribes on the loop's own
// thread. Declared by the sources, composed by the kernel (bind, fused stages, folds), so an
// operator gets it without naming it. A table of signals and whether they are prompt, then
// the follower of `merge(shared, interval)` that the issue measured: it subscribes on the
// loop's thread, with no worker hop (threads counted, never timed).

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Signals
import SignalsTesting
import SignalsTestSupport
import Testing

@Suite struct PromptnessTests {
    struct Row: CustomTestStringConvertible, Sendable {
        let name: String
        let signal: @Sendable () -> Signal<Int, Never>
        let isPrompt: Bool
        var testDescription: String { name }
    }

    static let subject = Subject<Int, Never>()
    static let replay = ReplaySubject<Int, Never>(capacity: 2)
    static let scheduler = TestScheduler()

    static let rows: [Row] = [
        // Sources.
        Row(name: "Subject", signal: { subject.signal }, isPrompt: true),
        Row(name: "ReplaySubject", signal: { replay.signal }, isPrompt: true),
        Row(name: "BehaviorSubject", signal: { BehaviorSubject(value: 1).signal }, isPrompt: true),
        Row(name: "just", signal: { .just(1) }, isPrompt: true),
        Row(name: "interval on a scheduler", signal: { .interval(.seconds(1), on: scheduler) }, isPrompt: true),
        Row(name: "timer on a scheduler", signal: { .timer(after: .seconds(1), on: scheduler) }, isPrompt: true),
        Row(name: "from", signal: { .from([1, 2]) }, isPrompt: false),
        Row(name: "Signal { }", signal: { Signal { _ in nil } }, isPrompt: false),
        Row(name: "deferred", signal: { .deferred { subject.signal } }, isPrompt: false),
        // Stages and bind: an operator written with bind over a Subject is prompt by construction.
        Row(name: "subject.map.filter", signal: { subject.signal.map { $0 + 1 }.filter { $0 > 0 } }, isPrompt: true),
        Row(name: "interval.map", signal: { Signal.interval(.seconds(1), on: scheduler).map { $0 * 2 } }, isPrompt: true),
        Row(name: "subject.scan (bind)", signal: { subject.signal.scan(0, +) }, isPrompt: true),
        Row(name: "subject.flattenMap to from (bind)", signal: { subject.signal.flattenMap { .from([$0, $0]) } }, isPrompt: true),
        Row(name: "a user's bind over a subject", signal: {
            subject.signal.bind { { event, _ in event.value.map { .just($0) } } }
        }, isPrompt: true),
        Row(name: "replay.flattenMap (bind over a replay)", signal: { replay.signal.flattenMap { .from([$0]) } }, isPrompt: false),
        Row(name: "from.map", signal: { Signal.from([1]).map { $0 } }, isPrompt: false),
        // Folds and compositions of parts.
        Row(name: "subject.merge(replay)", signal: { subject.signal.merge(replay.signal) }, isPrompt: true),
        Row(name: "Signal.merge(subject, interval, just)", signal: {
            .merge(subject.signal, .interval(.seconds(1), on: scheduler), .just(0))
        }, isPrompt: true),
        Row(name: "Signal.merge([subject, replay])", signal: { .merge([subject.signal, replay.signal]) }, isPrompt: true),
        Row(name: "subject.merge(from)", signal: { subject.signal.merge(.from([1])) }, isPrompt: false),
        Row(name: "subject.concat(just)", signal: { subject.signal.concat(.just(1)) }, isPrompt: true),
        Row(name: "just.concat(from)", signal: { Signal.just(1).concat(.from([2])) }, isPrompt: false),
        Row(name: "subject.take(until: replay)", signal: { subject.signal.take(until: replay.signal.map { _ in () }) }, isPrompt: true),
        Row(name: "subject.take(until: from)", signal: { subject.signal.take(until: Signal<Void, Never>.from([()])) }, isPrompt: false),
        Row(name: "replay.on(next:)", signal: { replay.signal.on(next: { _ in }) }, isPrompt: true),
        Row(name: "subject.counting(into:)", signal: { subject.signal.counting(into: SubscriptionCount()) }, isPrompt: true),
        // Shares: decided when subscribed.
        Row(name: "subject.share() (connects a prompt upstream)", signal: { subject.signal.share() }, isPrompt: true),
        Row(name: "from.share(), not connected", signal: { Signal.from([1]).share() }, isPrompt: false),
        Row(name: "merge(from.share(), interval), not connected", signal: {
            Signal.from([1]).share(replay: 1).merge(.interval(.seconds(1), on: scheduler))
        }, isPrompt: false),
    ]

    @Test(arguments: rows)
    func whichSignalsArePrompt(_ row: Row) {
        #expect(row.signal()._subscribesPromptly == row.isPrompt)
    }

    @Test func aShareIsPromptWhileConnectedAndNotOnceTheLastSubscriberHasLeft() {
        // Given: a share whose upstream is not prompt (a signal made by hand).
        let upstream = Subject<Int, Never>()
        let handMade = Signal<Int, Never> { observer in upstream.signal.subscribe(observer) }
        let shared = handMade.share(replay: 1)
        let feed = shared.merge(.interval(.seconds(1), on: TestScheduler()))
        #expect(!shared._subscribesPromptly)
        #expect(!feed._subscribesPromptly)
        // When: connected.
        let first = shared.subscribe(next: { _ in })
        // Then: joining it only replays; the merge with a timer is prompt too.
        #expect(shared._subscribesPromptly)
        #expect(feed._subscribesPromptly)
        #expect(feed.map { $0 + 1 }._subscribesPromptly)
        // And once the last subscriber leaves, a subscription would connect the upstream again.
        first.dispose()
        #expect(!shared._subscribesPromptly)
        #expect(!feed._subscribesPromptly)
    }

    @Test func replayLazilyIsPromptOnceConnected() {
        let upstream = Subject<Int, Never>()
        let handMade = Signal<Int, Never> { observer in upstream.signal.subscribe(observer) }
        let lazily = handMade.replayLazily(upTo: 4)
        #expect(!lazily._subscribesPromptly)
        let subscription = lazily.subscribe(next: { _ in })
        #expect(lazily._subscribesPromptly)
        subscription.dispose()
    }

    @Test func aFollowerOfAConnectedShareMergedWithAnIntervalSubscribesOnTheLoopsThread() async {
        // Given: a server's feed — a share(replay:) kept connected, merged with a clock.
        let room = Subject<String, Never>()
        let handMade = Signal<String, Never> { observer in room.signal.subscribe(observer) }
        let history = handMade.share(replay: 1)
        let keeper = history.subscribe(next: { _ in })
        room.send(value: "hello")
        let onThread = Locked<[Bool]>([])
        // When: a follower starts (its subscribe call records whether it ran on this thread).
        let feed = Signal.merge(history, Signal<Int, Never>.interval(.seconds(60), on: QueueScheduler()).map { "tick \($0)" })
        let here = pthread_self()
        let followed = feed.on(subscribed: { onThread.append(pthread_equal(pthread_self(), here) != 0) })
        var iterator = followed.values.makeAsyncIterator()
        // Then: it subscribed here (no worker thread), and has the replayed message at once.
        #expect(onThread.value == [true])
        #expect(await iterator.next() == "hello")
        keeper.dispose()
    }

    @Test func aFollowerOfAnUnconnectedShareOfAHandMadeSignalStillGoesToAWorker() async {
        // The same feed before anything connected it: subscribing connects the hand-made
        // upstream, which might run long, so the subscribe call runs on a worker thread.
        let room = Subject<String, Never>()
        let handMade = Signal<String, Never> { observer in room.signal.subscribe(observer) }
        let feed = handMade.share(replay: 1).merge(Signal<Int, Never>.interval(.seconds(60), on: QueueScheduler()).map { "tick \($0)" })
        let onThread = Locked<[Bool]>([])
        let here = pthread_self()
        let followed = feed.on(subscribed: { onThread.append(pthread_equal(pthread_self(), here) != 0) })
        var iterator = followed.values.makeAsyncIterator()
        #expect(onThread.value == [false])
        room.send(value: "later")
        #expect(await iterator.next() == "later")
    }
}
