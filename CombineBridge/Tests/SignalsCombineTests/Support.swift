// Test helpers for the bridge: a lock box, a Combine subscriber that records what it receives
// and whose demand the test drives, a publisher that counts its live subscriptions and the
// demand it was asked for, and a Combine scheduler on virtual time.

import Foundation
import OpenCombine
import Signals

/// A value shared with `@Sendable` closures, under a lock (tests only).
final class Box<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var _value: Value

    init(_ value: Value) { _value = value }

    var value: Value { lock.withLock { _value } }

    @discardableResult
    func mutate<R>(_ body: (inout Value) -> R) -> R { lock.withLock { body(&_value) } }
}

struct TestError: Error, Equatable {
    var code = 0
}

/// What a Combine subscriber saw, in order (OpenCombine's TrackingSubscriber idea).
enum Received<Value: Equatable, Failure: Error & Equatable>: Equatable {
    case subscription
    case value(Value)
    case completion(Subscribers.Completion<Failure>)
}

/// A Combine subscriber that records every call, asks for `initial` in
/// `receive(subscription:)` (nothing if `nil`), returns `perValue` from each value, and lets
/// the test request more or cancel through its subscription. Counts concurrent entries.
///
/// `@unchecked Sendable`: everything mutable is in `state`, under its lock.
final class TrackingSubscriber<Value: Equatable, Failure: Error & Equatable>: Subscriber, @unchecked Sendable {
    typealias Input = Value

    struct State {
        var received: [Received<Value, Failure>] = []
        var subscription: (any Subscription)?
        var inside = 0
        var overlaps = 0
        var insideReceiveSubscription = false
        var completedInsideReceiveSubscription = false
    }

    let state = Box(State())
    let initial: Subscribers.Demand?
    let perValue: Subscribers.Demand
    let onValue: (@Sendable (Value) -> Void)?

    init(initial: Subscribers.Demand?, perValue: Subscribers.Demand = .none, onValue: (@Sendable (Value) -> Void)? = nil) {
        self.initial = initial
        self.perValue = perValue
        self.onValue = onValue
    }

    var received: [Received<Value, Failure>] { state.value.received }
    var values: [Value] {
        received.compactMap { if case .value(let value) = $0 { value } else { nil } }
    }
    var completions: [Subscribers.Completion<Failure>] {
        received.compactMap { if case .completion(let completion) = $0 { completion } else { nil } }
    }
    var overlaps: Int { state.value.overlaps }

    func request(_ demand: Subscribers.Demand) {
        state.value.subscription?.request(demand)
    }

    func cancel() {
        let subscription = state.mutate { $0.subscription.take() }
        subscription?.cancel()
    }

    func receive(subscription: any Subscription) {
        state.mutate { state in
            state.received.append(.subscription)
            state.subscription = subscription
            state.insideReceiveSubscription = true
        }
        if let initial { subscription.request(initial) }
        state.mutate { $0.insideReceiveSubscription = false }
    }

    func receive(_ input: Value) -> Subscribers.Demand {
        state.mutate { state in
            state.inside += 1
            if state.inside > 1 { state.overlaps += 1 }
            state.received.append(.value(input))
        }
        onValue?(input)
        state.mutate { $0.inside -= 1 }
        return perValue
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        state.mutate { state in
            state.received.append(.completion(completion))
            if state.insideReceiveSubscription { state.completedInsideReceiveSubscription = true }
            state.subscription = nil
        }
    }
}

/// A publisher that sends `values` as demand allows, then finishes (or fails with
/// `failure`); counts its live subscriptions and records every request.
final class CountingPublisher: Publisher, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = TestError

    struct Counts {
        var live = 0
        var cancels = 0
        var requests: [Subscribers.Demand] = []
        /// Demand returned from the subscriber's `receive(_:)` (other than `.none`).
        var returned: [Subscribers.Demand] = []
    }

    let values: [Int]
    let failure: TestError?
    let counts = Box(Counts())

    init(_ values: [Int], failure: TestError? = nil) {
        self.values = values
        self.failure = failure
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
        subscriber.receive(subscription: Inner(self, subscriber))
    }

    /// Delivers synchronously inside `request`, one value per unit of demand.
    final class Inner<S: Subscriber>: Subscription, @unchecked Sendable where S.Input == Int, S.Failure == TestError {
        let publisher: CountingPublisher
        let lock = NSRecursiveLock()
        var subscriber: S?
        var next = 0
        var demand = Subscribers.Demand.none
        var delivering = false

        init(_ publisher: CountingPublisher, _ subscriber: S) {
            self.publisher = publisher
            self.subscriber = subscriber
            publisher.counts.mutate { $0.live += 1 }
        }

        deinit {
            publisher.counts.mutate { $0.live -= 1 }
        }

        func request(_ demand: Subscribers.Demand) {
            publisher.counts.mutate { $0.requests.append(demand) }
            lock.lock()
            self.demand += demand
            if delivering { lock.unlock(); return }
            delivering = true
            while let subscriber, self.demand > 0, next < publisher.values.count {
                let value = publisher.values[next]
                next += 1
                self.demand -= 1
                lock.unlock()
                let more = subscriber.receive(value)
                if more > 0 { publisher.counts.mutate { $0.returned.append(more) } }
                lock.lock()
                self.demand += more
            }
            let finishes = subscriber != nil && next == publisher.values.count
            let finished = finishes ? subscriber.take() : nil
            delivering = false
            lock.unlock()
            if let finished {
                finished.receive(completion: publisher.failure.map { .failure($0) } ?? .finished)
            }
        }

        func cancel() {
            publisher.counts.mutate { $0.cancels += 1 }
            lock.lock()
            let subscriber = self.subscriber.take()
            lock.unlock()
            withExtendedLifetime(subscriber) {}
        }
    }
}

/// A Combine scheduler on virtual time (in the manner of combine-schedulers' TestScheduler):
/// `advance(by:)` runs everything due, in time order, first in first out at one time.
final class VirtualCombineScheduler: OpenCombine.Scheduler, @unchecked Sendable {
    struct SchedulerTimeType: Strideable, Hashable {
        var nanoseconds: Int

        func distance(to other: SchedulerTimeType) -> Stride { Stride(other.nanoseconds - nanoseconds) }
        func advanced(by stride: Stride) -> SchedulerTimeType { SchedulerTimeType(nanoseconds: nanoseconds + stride.magnitude) }

        struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, ExpressibleByIntegerLiteral, Hashable {
            var magnitude: Int

            init(_ nanoseconds: Int) { magnitude = nanoseconds }
            init(integerLiteral value: Int) { magnitude = value }
            init?<T: BinaryInteger>(exactly source: T) {
                guard let value = Int(exactly: source) else { return nil }
                magnitude = value
            }

            static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
            static func + (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude + rhs.magnitude) }
            static func - (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude - rhs.magnitude) }
            static func * (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude * rhs.magnitude) }
            static func += (lhs: inout Stride, rhs: Stride) { lhs.magnitude += rhs.magnitude }
            static func -= (lhs: inout Stride, rhs: Stride) { lhs.magnitude -= rhs.magnitude }
            static func *= (lhs: inout Stride, rhs: Stride) { lhs.magnitude *= rhs.magnitude }

            static func seconds(_ s: Int) -> Stride { Stride(s * 1_000_000_000) }
            static func seconds(_ s: Double) -> Stride { Stride(Int(s * 1_000_000_000)) }
            static func milliseconds(_ ms: Int) -> Stride { Stride(ms * 1_000_000) }
            static func microseconds(_ us: Int) -> Stride { Stride(us * 1_000) }
            static func nanoseconds(_ ns: Int) -> Stride { Stride(ns) }
        }
    }

    typealias SchedulerOptions = Never

    private struct Work {
        var due: Int
        var sequence: Int
        var interval: Int?
        var id: Int
        var action: () -> Void
    }

    private let lock = NSLock()
    private var time = 0
    private var sequence = 0
    private var queue: [Work] = []

    var now: SchedulerTimeType { lock.withLock { SchedulerTimeType(nanoseconds: time) } }
    var minimumTolerance: SchedulerTimeType.Stride { 0 }

    /// How many actions wait.
    var pending: Int { lock.withLock { queue.count } }

    func schedule(options: Never?, _ action: @escaping () -> Void) {
        add(due: nil, interval: nil, action)
    }

    func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: Never?, _ action: @escaping () -> Void) {
        add(due: date.nanoseconds, interval: nil, action)
    }

    func schedule(
        after date: SchedulerTimeType,
        interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride,
        options: Never?,
        _ action: @escaping () -> Void
    ) -> any Cancellable {
        let id = add(due: date.nanoseconds, interval: interval.magnitude, action)
        return AnyCancellable { [weak self] in
            guard let self else { return }
            lock.withLock { queue.removeAll { $0.id == id } }
        }
    }

    @discardableResult
    private func add(due: Int?, interval: Int?, _ action: @escaping () -> Void) -> Int {
        lock.withLock {
            sequence += 1
            queue.append(Work(due: max(due ?? time, time), sequence: sequence, interval: interval, id: sequence, action: action))
            return sequence
        }
    }

    /// Moves the clock by `duration`, running everything due on the way.
    func advance(by duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let target = lock.withLock { time } + Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        while true {
            let next: Work? = lock.withLock {
                guard let index = queue.indices.filter({ queue[$0].due <= target })
                    .min(by: { (queue[$0].due, queue[$0].sequence) < (queue[$1].due, queue[$1].sequence) })
                else { return nil }
                var work = queue.remove(at: index)
                time = max(time, work.due)
                if let interval = work.interval {
                    sequence += 1
                    work.due += interval
                    work.sequence = sequence
                    queue.append(work)
                }
                return work
            }
            guard let next else { break }
            next.action()
        }
        lock.withLock { time = target }
    }
}

/// A Combine value handed to a `@Sendable` closure that the test runs on its own thread.
struct Unchecked<Wrapped>: @unchecked Sendable {
    let wrapped: Wrapped
    init(_ wrapped: Wrapped) { self.wrapped = wrapped }
}
