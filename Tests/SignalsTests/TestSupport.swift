// Shared helpers for the SignalsTests suites.
//
// No `Synchronization.Mutex` here: on Linux ThreadSanitizer cannot see it and reports false
// races (Contracts.md, "Threading and serialisation"), and the threaded suites must run clean under
// `swift test --sanitize=thread`. `Locked` is a tiny pthread_mutex box instead.

import Signals
import Synchronization
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// MARK: - Errors

struct Oops: Error, Equatable {}

/// An error that says which source sent it, to check which error "wins".
struct TestError: Error, Equatable {
    let code: Int
    init(_ code: Int) { self.code = code }
}

// MARK: - Shared state

/// State guarded by a pthread mutex.
///
/// `@unchecked Sendable`: every access to `state` goes through `withLock`.
final class Locked<State>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var state: State

    init(_ initial: State) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        state = initial
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }

    var value: State { withLock { $0 } }
}

extension Locked {
    func append<Element>(_ element: Element) where State == [Element] {
        withLock { $0.append(element) }
    }
}

/// A thread-safe counter.
final class Counter: Sendable {
    private let storage = Atomic<Int>(0)

    @discardableResult
    func increment() -> Int { storage.add(1, ordering: .sequentiallyConsistent).newValue }

    @discardableResult
    func decrement() -> Int { storage.subtract(1, ordering: .sequentiallyConsistent).newValue }

    var count: Int { storage.load(ordering: .sequentiallyConsistent) }
}

/// A thread-safe flag.
final class Flag: Sendable {
    private let storage = Atomic<Bool>(false)
    func set() { storage.store(true, ordering: .sequentiallyConsistent) }
    var isSet: Bool { storage.load(ordering: .sequentiallyConsistent) }
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

// MARK: - Threads

/// `@unchecked Sendable`: handed to exactly one new thread, read once there.
private final class ThreadBody: @unchecked Sendable {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}

/// A pthread running `body`, with the given stack size; `join()` waits for it.
final class TestThread: @unchecked Sendable { // `thread` is written in init, read by join only
    private var thread = pthread_t()

    init(stackSize: Int = 1 << 20, _ body: @escaping @Sendable () -> Void) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setstacksize(&attributes, stackSize)
        let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        let error = pthread_create(&thread, &attributes, { pointer in
            Unmanaged<ThreadBody>.fromOpaque(pointer!).takeRetainedValue().run()
            return nil
        }, box)
        precondition(error == 0, "pthread_create failed: \(error)")
        pthread_attr_destroy(&attributes)
    }

    func join() {
        pthread_join(thread, nil)
    }
}

/// Runs `body` on a new thread with a stack of `stackSize` bytes, waits for it, and returns
/// its result. A stack overflow crashes the test process.
func runOnThread<Result>(stackSize: Int, _ body: @escaping @Sendable () -> Result) -> Result {
    let result = Locked<Result?>(nil)
    let thread = TestThread(stackSize: stackSize) {
        let value = body()
        result.withLock { $0 = value }
    }
    thread.join()
    return result.withLock { $0.take()! }
}

/// Runs `body(index)` on `threads` threads at once (they start together, after a barrier)
/// and waits for all of them.
func runConcurrently(threads count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let ready = Counter()
    let threads = (0..<count).map { index in
        TestThread {
            ready.increment()
            while ready.count < count { sched_yield() }
            body(index)
        }
    }
    for thread in threads { thread.join() }
}

/// Waits (yielding) until `condition` holds, for at most `seconds`; returns whether it held.
@discardableResult
func waitUntil(seconds: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while !condition() {
        if ContinuousClock.now > deadline { return false }
        sched_yield()
    }
    return true
}

/// Runs `body` and prints how long it took, labelled; returns its result.
func measure<Result>(_ label: String, _ body: () -> Result) -> Result {
    let clock = ContinuousClock()
    let start = clock.now
    let result = body()
    let elapsed = clock.now - start
    let milliseconds = elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
    print("[figures] \(label): \(milliseconds) ms")
    return result
}
