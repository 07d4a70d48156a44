// Sharing under threads: while others send, a new subscriber receives its replay and then
// every later event exactly once, in order — a contiguous run of the one order in which
// the events were delivered, with no gap and no duplicate.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

@Suite struct SharingConcurrencyTests {
    static let count = 10_000

    @Test func replaySubjectSubscribersSeeAContiguousSuffixWhileOneThreadSends() {
        // Given
        let subject = ReplaySubject<Int, Never>(capacity: 4)
        let recorders = Locked<[Recorder<Int, Never>]>([])
        // When: one thread sends 0..<count, three others subscribe meanwhile
        runConcurrently(4) { index in
            if index == 0 {
                for value in 0..<Self.count { subject.send(value: value) }
                subject.sendCompleted()
            } else {
                for _ in 0..<30 {
                    recorders.append(subject.signal.record())
                    for _ in 0..<200 { _ = recorders.value.count }
                }
            }
        }
        // Then
        for recorder in recorders.value {
            let values = recorder.values
            #expect(isContiguous(values))
            #expect(values.last == Self.count - 1)
            #expect(values.count >= 4)
            #expect(recorder.isCompleted)
        }
    }

    @Test func aSlowReplayIsNotOvertakenByEventsSentMeanwhile() {
        let subject = ReplaySubject<Int, Never>(capacity: 3)
        expectSlowReplayKeepsItsPlace(send: subject.send(value:), complete: subject.sendCompleted, signal: subject.signal)
    }

    @Test func aSlowReplayOfShareReplayIsNotOvertakenByEventsSentMeanwhile() {
        let source = Subject<Int, Never>()
        let shared = source.signal.share(replay: 3)
        let reference = shared.record()
        expectSlowReplayKeepsItsPlace(send: source.send(value:), complete: source.sendCompleted, signal: shared)
        #expect(reference.values == Array(0..<1_000))
    }

    @Test func replaySubjectSubscribersSeeASuffixOfTheOneDeliveryOrderWhileThreadsSend() {
        // Given: a reference subscriber present from the start
        let subject = ReplaySubject<Int, Never>(capacity: 3)
        let reference = subject.signal.record()
        let recorders = Locked<[Recorder<Int, Never>]>([])
        // When: three threads send, two subscribe
        runConcurrently(5) { index in
            if index < 3 {
                for value in 0..<Self.count / 3 { subject.send(value: index * 1_000_000 + value) }
            } else {
                for _ in 0..<30 {
                    recorders.append(subject.signal.record())
                    for _ in 0..<200 { _ = recorders.value.count }
                }
            }
        }
        subject.sendCompleted()
        // Then: each sender's values in its order, and every late run is a suffix
        let order = reference.values
        #expect(order.count == 3 * (Self.count / 3))
        for sender in 0..<3 {
            #expect(isContiguous(order.filter { $0 / 1_000_000 == sender }))
        }
        for recorder in recorders.value {
            #expect(isSuffix(recorder.values, of: order))
            #expect(recorder.values.count >= 3)
            #expect(recorder.isCompleted)
        }
    }

    @Test func shareReplaySubscribersJoiningAndLeavingSeeContiguousRuns() {
        // Given: a shared upstream kept connected by a reference subscriber
        let source = SpySource<Int, Never>()
        let shared = source.signal.share(replay: 2)
        let reference = shared.record()
        let recorders = Locked<[Recorder<Int, Never>]>([])
        // When: two threads send, three join, and leave every other time
        runConcurrently(5) { index in
            if index < 2 {
                for value in 0..<Self.count / 2 { source.send(value: index * 1_000_000 + value) }
            } else {
                for round in 0..<30 {
                    let recorder = shared.record()
                    recorders.append(recorder)
                    for _ in 0..<200 { _ = recorders.value.count }
                    if round.isMultiple(of: 2) { recorder.dispose() }
                }
            }
        }
        // Then
        let order = reference.values
        #expect(order.count == 2 * (Self.count / 2))
        #expect(source.subscriptions.count == 1)
        for recorder in recorders.value {
            #expect(isContiguousRun(recorder.values, of: order))
        }
    }

    @Test func behaviorSubjectValueAndSubscribersFollowTheSendsInOrder() {
        // Given
        let subject = BehaviorSubject<Int, Never>(value: -1)
        let recorders = Locked<[Recorder<Int, Never>]>([])
        let readsInOrder = Flag()
        // When: one thread sends, one reads `value`, two subscribe
        runConcurrently(4) { index in
            switch index {
            case 0:
                for value in 0..<Self.count { subject.send(value: value) }
            case 1:
                var last = -1
                for _ in 0..<Self.count {
                    let value = subject.value
                    if value < last { readsInOrder.set() }
                    last = value
                }
            default:
                for _ in 0..<30 {
                    recorders.append(subject.signal.record())
                    for _ in 0..<200 { _ = recorders.value.count }
                }
            }
        }
        // Then
        #expect(!readsInOrder.isSet, "a later read saw an older value")
        #expect(subject.value == Self.count - 1)
        for recorder in recorders.value {
            #expect(isContiguous(recorder.values))
            #expect(recorder.values.last == Self.count - 1)
        }
    }

    @Test func simultaneousFirstSubscribersMakeOneUpstreamSubscription() {
        for round in 0..<20 {
            // Given
            let source = SpySource<Int, Never>()
            let shared = round.isMultiple(of: 2) ? source.signal.share(replay: 1) : source.signal.replayLazily(upTo: 1)
            let recorders = Locked<[Recorder<Int, Never>]>([])
            // When: four threads subscribe at once
            runConcurrently(4) { _ in recorders.append(shared.record()) }
            source.send(value: round)
            // Then
            #expect(source.subscriptions.count == 1)
            #expect(recorders.value.allSatisfy { $0.values == [round] })
        }
    }

    @Test func shareConnectsAndDisconnectsConsistentlyUnderChurn() {
        // Given
        let source = SpySource<Int, Never>()
        let shared = source.signal.share(replay: 1)
        // When: four threads subscribe and leave, one sends
        runConcurrently(5) { index in
            if index == 0 {
                for value in 0..<Self.count { source.send(value: value) }
            } else {
                for _ in 0..<200 {
                    let recorder = shared.record()
                    recorder.dispose()
                    #expect(isContiguous(recorder.values))
                }
            }
        }
        // Then: every upstream subscription was disposed: none leaked, none left running
        #expect(source.subscriptions.count >= 1)
        #expect(source.subscriptions.count == source.disposals.count)
    }
}

/// Whether `values` go up by one at each step.
private func isContiguous(_ values: [Int]) -> Bool {
    zip(values, values.dropFirst()).allSatisfy { $1 == $0 + 1 }
}

/// Whether `run` is empty or a run of consecutive elements of `order`.
private func isContiguousRun(_ run: [Int], of order: [Int]) -> Bool {
    guard let first = run.first else { return true }
    guard let start = order.firstIndex(of: first), start + run.count <= order.count else { return false }
    return Array(order[start..<start + run.count]) == run
}

/// Whether `run` is a run of `order` that reaches its end.
private func isSuffix(_ run: [Int], of order: [Int]) -> Bool {
    run.count <= order.count && Array(order.suffix(run.count)) == run
}

/// Sends 0, 1, 2; then one thread subscribes with an observer that dwells on its first
/// value until another thread has sent 100 more (or half a second has passed), while that
/// thread sends up to 999. Expects the replay first, then every later value, in order.
private func expectSlowReplayKeepsItsPlace(
    send: @escaping @Sendable (Int) -> Void,
    complete: @escaping @Sendable () -> Void,
    signal: Signal<Int, Never>,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    for value in 0..<3 { send(value) }
    let sent = Counter()
    let received = Locked<[Int]>([])
    let subscribed = Flag()
    runConcurrently(2) { index in
        if index == 0 {
            while !subscribed.isSet { sched_yield() }
            for value in 3..<1_000 {
                send(value)
                sent.increment()
            }
            complete()
        } else {
            signal.subscribe(next: { value in
                received.append(value)
                if value == 0 {
                    subscribed.set()
                    waitUntil(seconds: 0.5) { sent.count >= 100 }
                }
            })
        }
    }
    let inOrder = received.value == Array(0..<1_000)
    #expect(inOrder, "received \(received.value.prefix(12))…", sourceLocation: sourceLocation)
}
