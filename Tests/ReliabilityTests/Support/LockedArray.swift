#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pthread mutex (ThreadSanitizer understands it, unlike `Synchronization.Mutex` on Linux).
final class PThreadLock: @unchecked Sendable {   // the mutex is the invariant
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    init() { pthread_mutex_init(mutex, nil) }
    deinit { pthread_mutex_destroy(mutex); mutex.deallocate() }
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

/// An array that closures given to the library can append to from any thread.
final class LockedArray<Element>: @unchecked Sendable {   // `storage` is guarded by `lock`
    private let lock = PThreadLock()
    private var storage: [Element] = []
    init() {}
    /// Appends and returns the new count.
    @discardableResult func append(_ element: Element) -> Int {
        lock.withLock { storage.append(element); return storage.count }
    }
    var elements: [Element] { lock.withLock { storage } }
    var count: Int { lock.withLock { storage.count } }
}
