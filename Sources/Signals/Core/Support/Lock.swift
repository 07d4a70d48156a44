// A small lock over `pthread_mutex_t` (Linux) / `os_unfair_lock` (Darwin), in the manner of
// swift-nio's `NIOLockedValueBox`: the lock and the state it guards live in one allocation.
//
// Not `Synchronization.Mutex`: on Linux ThreadSanitizer cannot see it and reports false races
// (Contracts.md, "Threading and serialisation"). The rule for every user of this type: decide
// under the lock, act outside it. User code never runs while it is held.

#if canImport(Darwin)
import Darwin
@usableFromInline typealias _PlatformLock = os_unfair_lock_s
#elseif canImport(Glibc)
import Glibc
@usableFromInline typealias _PlatformLock = pthread_mutex_t
#elseif canImport(Musl)
import Musl
@usableFromInline typealias _PlatformLock = pthread_mutex_t
#endif

/// The lock and its state in one allocation; the state is reached only through `withLock`.
@usableFromInline
final class _LockStorage<State>: ManagedBuffer<State, _PlatformLock> {
    @inlinable
    static func make(_ initial: State) -> _LockStorage {
        let buffer = self.create(minimumCapacity: 1) { _ in initial }
        buffer.withUnsafeMutablePointerToElements { lock in
            #if canImport(Darwin)
            lock.initialize(to: os_unfair_lock_s())
            #else
            var attributes = pthread_mutexattr_t()
            pthread_mutexattr_init(&attributes)
            #if DEBUG
            // Debug builds catch misuse (relocking, unlocking from another thread); release
            // builds take the fast path.
            pthread_mutexattr_settype(&attributes, .init(PTHREAD_MUTEX_ERRORCHECK))
            #endif
            let error = pthread_mutex_init(lock, &attributes)
            _precondition(error == 0, "Signals: pthread_mutex_init failed (error \(error)) while creating a lock; the system is out of resources")
            pthread_mutexattr_destroy(&attributes)
            #endif
        }
        return unsafeDowncast(buffer, to: _LockStorage.self)
    }

    /// Runs `body` with the state, under the lock.
    @inlinable
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        try withUnsafeMutablePointers { state, lock in
            #if canImport(Darwin)
            os_unfair_lock_lock(lock)
            defer { os_unfair_lock_unlock(lock) }
            #else
            pthread_mutex_lock(lock)
            defer { pthread_mutex_unlock(lock) }
            #endif
            return try body(&state.pointee)
        }
    }

    deinit {
        // ManagedBuffer destroys the header (the state) itself; only the lock is ours.
        withUnsafeMutablePointerToElements { lock in
            #if !canImport(Darwin)
            pthread_mutex_destroy(lock)
            #endif
            lock.deinitialize(count: 1)
        }
    }
}

/// State guarded by a lock. A value type over one shared allocation.
///
/// `@unchecked Sendable`: every access to `State` goes through `withLock`.
@usableFromInline
package struct _Locked<State>: @unchecked Sendable {
    @usableFromInline let _storage: _LockStorage<State>

    @inlinable
    package init(_ initial: State) {
        _storage = .make(initial)
    }

    @inlinable
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        try _storage.withLock(body)
    }
}
