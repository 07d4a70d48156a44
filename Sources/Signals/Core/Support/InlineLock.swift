// A lock stored inside the object it guards, so that guarding a few references costs no
// allocation of its own: the subscription slot of every observer, the shared state of every
// bind, a subject's subscriber list and the queue of a turn-taking serialiser use it, and a
// live subscription makes several of each.
// Measured with callgrind (Benchmarks/profile.sh, 1/100 size) against a separately allocated
// `_Locked`: subscribing to `subject.signal.map.filter` and disposing (W7b) 10,606 -> 6,938
// instructions and 14 -> 9 allocations; a send through a subject, map and filter (W2) 490 -> 440.
//
// The lock word (an `Atomic`, which ThreadSanitizer understands) is taken with one
// compare-exchange and given back with one exchange. It never spins: a thread that finds it
// held marks it "contended" and sleeps on one condition variable shared by every inline lock
// (under its mutex, so that no wake-up is lost), and the holder wakes the sleepers when it
// gives a contended lock back. The lock is only ever held to read or swap a few references,
// never while user code or a `deinit` runs, so contention is rare and brief; sharing one
// condition variable costs a spurious wake-up at worst (a woken thread tries again).

import Synchronization
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

@usableFromInline
struct _InlineLock: ~Copyable, Sendable {
    // 0: free; 1: held; 2: held, and a thread may be asleep waiting for it.
    @usableFromInline let _word = Atomic<UInt8>(0)

    @inlinable
    init() {}

    @inlinable
    func lock() {
        if !_word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
            _lockContended()
        }
    }

    @inlinable
    func unlock() {
        if _word.exchange(0, ordering: .releasing) == 2 { _InlineLockSleepers.shared.wakeAll() }
    }

    @usableFromInline @inline(never)
    func _lockContended() {
        _InlineLockSleepers.shared.wait { _word.exchange(2, ordering: .acquiring) == 0 }
    }
}

/// Where threads waiting for an inline lock sleep: one mutex and one condition variable.
@usableFromInline
final class _InlineLockSleepers: @unchecked Sendable {
    @usableFromInline static let shared = _InlineLockSleepers()

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    private init() {
        mutex.initialize(to: pthread_mutex_t())
        condition.initialize(to: pthread_cond_t())
        _precondition(pthread_mutex_init(mutex, nil) == 0, "Signals: pthread_mutex_init failed while creating a lock; the system is out of resources")
        _precondition(pthread_cond_init(condition, nil) == 0, "Signals: pthread_cond_init failed while creating a lock; the system is out of resources")
    }

    /// Sleeps until `acquire` (tried under the mutex) succeeds. A failed `acquire` has marked
    /// the lock contended, so its holder's `unlock` will call `wakeAll`, which needs the
    /// mutex: it cannot run between that failed try and this thread going to sleep.
    @usableFromInline
    func wait(until acquire: () -> Bool) {
        pthread_mutex_lock(mutex)
        while !acquire() {
            pthread_cond_wait(condition, mutex)
        }
        pthread_mutex_unlock(mutex)
    }

    /// Wakes every sleeper (each tries its lock again).
    @usableFromInline
    func wakeAll() {
        pthread_mutex_lock(mutex)
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }
}
