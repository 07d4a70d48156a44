// One pointer of per-thread storage, over `pthread_key_t`. Used by the kernel for its two
// per-thread queues (tail calls of bind, deferred teardown of associative folds); nothing
// outside Core needs it.

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A per-thread slot holding one object of type `Object`, created on first use on each
/// thread and released when the thread exits.
@usableFromInline
struct _ThreadLocal<Object: AnyObject>: Sendable {
    @usableFromInline let _key: pthread_key_t
    @usableFromInline let _make: @Sendable () -> Object

    init(_ make: @escaping @Sendable () -> Object) {
        var key = pthread_key_t()
        #if canImport(Darwin)
        let error = pthread_key_create(&key) { pointer in
            Unmanaged<AnyObject>.fromOpaque(pointer).release()
        }
        #else
        let error = pthread_key_create(&key) { pointer in
            if let pointer { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
        }
        #endif
        _precondition(error == 0, "Signals: pthread_key_create failed (error \(error)) while creating a thread-local key; the process has used up its thread-specific keys (PTHREAD_KEYS_MAX)")
        _key = key
        _make = make
    }

    /// This thread's object.
    @inlinable
    var current: Object {
        if let pointer = pthread_getspecific(_key) {
            return Unmanaged<Object>.fromOpaque(pointer).takeUnretainedValue()
        }
        let object = _make()
        pthread_setspecific(_key, Unmanaged.passRetained(object).toOpaque())
        return object
    }
}
