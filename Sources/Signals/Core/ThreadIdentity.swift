// The identity of the running thread, as one machine word: `pthread_self()`. A `pthread_t`
// is the address of the thread's control block, so it is never 0 and its low bit is always
// clear, which lets the turn-taking word (TurnTaking.swift) keep a flag there.

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The running thread's identity: nonzero, even, and distinct from every other live thread's.
@inlinable @inline(__always)
func _currentThreadID() -> UInt {
    #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
    #else
    UInt(pthread_self())
    #endif
}
