// The lock of `Signal.Values`' channel (ValuesChannel.swift): a pthread mutex with a condition,
// where the producer parks on a full buffer and where the iterator's creation waits for the
// subscription. Not `Synchronization.Mutex` (Lock.swift says why). It lives beside the
// channel, its only user, rather than with the general-purpose locks in Core/Support.

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A lock with a condition: the channel's state, where the producer parks and where the
/// iterator's creation waits for the subscription.
///
/// `@unchecked Sendable`: `state` is read and written only with `mutex` held.
@usableFromInline
final class _ValuesLock<State>: @unchecked Sendable {
    @usableFromInline let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    @usableFromInline let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    @usableFromInline let state: UnsafeMutablePointer<State>

    @usableFromInline
    init(_ initial: State) {
        state = .allocate(capacity: 1)
        state.initialize(to: initial)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` with the state, under the lock.
    @inlinable
    func withLock<Result>(_ body: (inout State) -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body(&state.pointee)
    }

    /// Runs `body` under the lock until it returns a result, waiting for a `broadcast()`
    /// (with the lock released) each time it returns `nil`.
    @inlinable
    func withLockWaiting<Result>(_ body: (inout State) -> Result?) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while true {
            if let result = body(&state.pointee) { return result }
            pthread_cond_wait(condition, mutex)
        }
    }

    /// Waits until `condition` holds.
    @inlinable
    func waitUntil(_ isReady: (inout State) -> Bool) {
        withLockWaiting { isReady(&$0) ? () : nil }
    }

    /// Wakes every waiter, which then checks its condition again. Called after the change,
    /// with or without the lock.
    @inlinable
    func broadcast() {
        pthread_mutex_lock(mutex)
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }
}
