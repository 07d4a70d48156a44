// The bridge's lock: state and a `pthread_mutex_t` (Linux) / `os_unfair_lock` (Darwin) in one
// allocation. It is the design of the library's own lock (Signals' `Core/Support/Lock.swift`),
// which is internal to `Signals` and so cannot be used from this module, and this module is
// also compiled in a package of its own (CombineBridge/), where package access does not reach.
// Not `Synchronization.Mutex`: ThreadSanitizer on Linux cannot see it. The rule: decide under
// the lock, act outside it; no subscriber, observer or scheduler code runs while it is held.

#if (canImport(Combine) && !SIGNALS_OPENCOMBINE) || canImport(OpenCombine)
#if canImport(Darwin)
import Darwin
@usableFromInline typealias _BridgePlatformLock = os_unfair_lock_s
#elseif canImport(Glibc)
import Glibc
@usableFromInline typealias _BridgePlatformLock = pthread_mutex_t
#elseif canImport(Musl)
import Musl
@usableFromInline typealias _BridgePlatformLock = pthread_mutex_t
#endif

/// State guarded by a lock, in one allocation with it; the state is reached only through
/// `withLock`.
@usableFromInline
final class _BridgeLocked<State>: ManagedBuffer<State, _BridgePlatformLock> {
    // Not `Sendable` itself (a `ManagedBuffer`): its owners are `@unchecked Sendable`, and
    // reach the state only through `withLock`.

    @inlinable
    static func make(_ initial: State) -> _BridgeLocked {
        let buffer = self.create(minimumCapacity: 1) { _ in initial }
        buffer.withUnsafeMutablePointerToElements { lock in
            #if canImport(Darwin)
            lock.initialize(to: os_unfair_lock_s())
            #else
            let error = pthread_mutex_init(lock, nil)
            _precondition(error == 0, "Signals: pthread_mutex_init failed (error \(error)); the system is out of resources")
            #endif
        }
        return unsafeDowncast(buffer, to: _BridgeLocked.self)
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
        withUnsafeMutablePointerToElements { lock in
            #if !canImport(Darwin)
            pthread_mutex_destroy(lock)
            #endif
            lock.deinitialize(count: 1)
        }
    }
}

/// A value that is not `Sendable` but is handed across threads the way Combine itself hands
/// it: a publisher (a description of work that Combine's own `subscribe(on:)` subscribes from
/// another thread), or a Combine scheduler (which Combine's `receive(on:)` calls from whatever
/// thread a value arrives on).
///
/// `@unchecked Sendable`: immutable after creation; what it holds is used only in the ways
/// Combine's own operators use it from any thread.
@usableFromInline
struct _CombineValue<Wrapped>: @unchecked Sendable {
    @usableFromInline let wrapped: Wrapped

    @inlinable
    init(_ wrapped: Wrapped) {
        self.wrapped = wrapped
    }
}
#endif
