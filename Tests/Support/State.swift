// Shared state for the test targets: a lock box, a counter and a flag.
//
// No `Synchronization.Mutex` here: on Linux ThreadSanitizer cannot see it and reports false
// races (Contracts.md, "Threading and serialisation"), and the threaded suites must run clean under
// `swift test --sanitize=thread`. `Locked` is a tiny pthread_mutex box instead.

import Synchronization
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// State guarded by a pthread mutex.
///
/// `@unchecked Sendable`: every access to `state` goes through `withLock`.
public final class Locked<State>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var state: State

    public init(_ initial: State) {
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

    public func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }

    public var value: State { withLock { $0 } }
}

extension Locked {
    /// Appends and returns the new count.
    @discardableResult
    public func append<Element>(_ element: Element) -> Int where State == [Element] {
        withLock { $0.append(element); return $0.count }
    }
}

/// A thread-safe counter.
public final class Counter: Sendable {
    private let storage = Atomic<Int>(0)

    public init() {}

    @discardableResult
    public func increment() -> Int { storage.add(1, ordering: .sequentiallyConsistent).newValue }

    @discardableResult
    public func decrement() -> Int { storage.subtract(1, ordering: .sequentiallyConsistent).newValue }

    /// Adds `amount` and returns the new count.
    @discardableResult
    public func add(_ amount: Int) -> Int { storage.add(amount, ordering: .sequentiallyConsistent).newValue }

    public var count: Int { storage.load(ordering: .sequentiallyConsistent) }
}

/// A value that counts the live instances of its kind in `live`: for tests that what a
/// signal held is released.
public final class LiveToken: Sendable {
    public let live: Counter
    public init(_ live: Counter) {
        self.live = live
        live.increment()
    }
    deinit { live.decrement() }
}

/// A thread-safe flag.
public final class Flag: Sendable {
    private let storage = Atomic<Bool>(false)
    public init() {}
    public func set() { storage.store(true, ordering: .sequentiallyConsistent) }
    public var isSet: Bool { storage.load(ordering: .sequentiallyConsistent) }
}
