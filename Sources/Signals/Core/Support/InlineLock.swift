// A lock stored inside the object it guards, so that guarding a few references costs no
// allocation of its own: the subscription slot of every observer and the shared state of
// every bind use it, and a live subscription makes several of each.
//
// A test-and-set lock on an `Atomic` (which ThreadSanitizer understands): it is only ever held
// to read or swap a few references, never while user code or a `deinit` runs, so a waiter
// spins briefly and then yields its time slice. For anything held longer, use `_Locked`.

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
    @usableFromInline let _held = Atomic<Bool>(false)

    @inlinable
    init() {}

    @inlinable
    func lock() {
        if !_held.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
            _lockContended()
        }
    }

    @inlinable
    func unlock() {
        _held.store(false, ordering: .releasing)
    }

    @usableFromInline @inline(never)
    func _lockContended() {
        var attempts = 0
        while true {
            if !_held.load(ordering: .relaxed),
               _held.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
                return
            }
            attempts += 1
            if attempts >= 32 { sched_yield() }
        }
    }
}
