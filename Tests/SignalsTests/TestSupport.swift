// Helpers that belong to the SignalsTests suites; the generic thread and state helpers
// (`Locked`, `Counter`, `Flag`, `runConcurrently`, …) live in SignalsTestSupport.

import Signals
import SignalsTestSupport

// MARK: - Errors

struct Oops: Error, Equatable {}

/// An error that says which source sent it, to check which error "wins".
struct TestError: Error, Equatable {
    let code: Int
    init(_ code: Int) { self.code = code }
}

// MARK: - Sources

/// A hot source that counts its subscriptions and their disposals (a disposal also happens
/// when a subscription ends by itself, since the sink then releases its resources).
final class SpySource<Value, Failure: Error>: Sendable {
    let subject = Subject<Value, Failure>()
    let subscriptions = Counter()
    let disposals = Counter()

    var signal: Signal<Value, Failure> {
        Signal { [subject, subscriptions, disposals] observer in
            subscriptions.increment()
            let subscription = subject.signal.subscribe(observer)
            return AnyDisposable {
                disposals.increment()
                subscription.dispose()
            }
        }
    }

    var isDisposed: Bool { disposals.count > 0 }

    func send(value: Value) { subject.send(value: value) }
    func send(error: Failure) { subject.send(error: error) }
    func sendCompleted() { subject.sendCompleted() }
}

/// A source that hands out the observer (the sink) it is subscribed with, so that a test
/// can send to it directly: from inside a callback (re-entrantly) or from another thread,
/// without a `Subject`'s own queueing in between.
final class ManualSource<Value, Failure: Error>: Sendable {
    private let sinks = Locked<[Observer<Value, Failure>]>([])
    let disposals = Counter()

    var signal: Signal<Value, Failure> {
        Signal { [sinks, disposals] observer in
            sinks.append(observer)
            return AnyDisposable { disposals.increment() }
        }
    }

    /// The sink of the latest subscription.
    var observer: Observer<Value, Failure> { sinks.value.last! }
    var subscriptionCount: Int { sinks.value.count }
}

/// A sequence of signals that counts how many elements have been read from it.
struct ReadCountingSequence<Value, Failure: Error>: Sequence, Sendable {
    let signals: [Signal<Value, Failure>]
    let reads: Counter

    struct Iterator: IteratorProtocol {
        let signals: [Signal<Value, Failure>]
        let reads: Counter
        var index = 0

        mutating func next() -> Signal<Value, Failure>? {
            guard index < signals.count else { return nil }
            defer { index += 1 }
            reads.increment()
            return signals[index]
        }
    }

    func makeIterator() -> Iterator { Iterator(signals: signals, reads: reads) }
}

/// An endless sequence of `just(0), just(1), …` that counts its reads.
struct EndlessJustSequence: Sequence, Sendable {
    let reads: Counter

    struct Iterator: IteratorProtocol {
        let reads: Counter
        var index = 0

        mutating func next() -> Signal<Int, Never>? {
            defer { index += 1 }
            reads.increment()
            return .just(index)
        }
    }

    func makeIterator() -> Iterator { Iterator(reads: reads) }
}

// MARK: - Lifetimes

/// An object captured by signals in lifetime tests; a weak reference to it tells whether
/// anything still holds it.
final class Tracked: Sendable {
    let id: Int
    init(id: Int = 1) { self.id = id }
}
