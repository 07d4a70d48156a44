// The private thread pool of `Signal.Values`: the shared worker threads (`_SubscribeWorkers`)
// on which the channel (ValuesChannel.swift) makes a subscription to a synchronous source,
// never a thread of the cooperative pool, and how such a thread is started.

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The shared threads that make `values`' subscriptions (the *producers*): a subscribe call
/// runs on an idle worker, or on a new one when none is idle. A worker whose call returns
/// waits for the next one, unless `maxIdle` workers already wait; then its thread ends.
///
/// So an iterator starts no thread of its own: while subscriptions return promptly (a
/// `Subject`, a replay), their calls take turns on the same few threads; only a call that is
/// still running (a synchronous source parked on a full buffer, perhaps endless) holds its
/// worker, and a new subscription then starts another. The number of threads is at most the
/// number of subscribe calls running at once plus `maxIdle`.
///
/// `@unchecked Sendable`: `idle` is read and written only with `mutex` held.
@usableFromInline
final class _SubscribeWorkers: @unchecked Sendable {
    /// One waiting worker: the job handed to it, and the condition it waits on.
    final class Worker {
        var job: (@Sendable () -> Void)?
        let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        init() { pthread_cond_init(condition, nil) }
        deinit {
            pthread_cond_destroy(condition)
            condition.deallocate()
        }
    }

    /// How many workers wait for a job at most; more end their threads.
    static let maxIdle = 4
    @usableFromInline static let shared = _SubscribeWorkers()

    let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// The waiting workers, the last one to finish first (its stack is warm).
    var idle: [Worker] = []
    /// How many worker threads have been started (for the tests that iterators reuse them).
    var started = 0

    init() {
        pthread_mutex_init(mutex, nil)
        idle.reserveCapacity(Self.maxIdle)
    }

    /// Runs `job` on a waiting worker, or on a new thread if none waits.
    @usableFromInline
    func run(_ job: @escaping @Sendable () -> Void) {
        pthread_mutex_lock(mutex)
        if let worker = idle.popLast() {
            worker.job = job
            pthread_cond_signal(worker.condition)
            pthread_mutex_unlock(mutex)
            return
        }
        started += 1
        pthread_mutex_unlock(mutex)
        // The box gives the job to the new thread and keeps no copy of it.
        let box = _JobBox(job)
        _spawnProducerThread { [self] in work(first: box) }
    }

    /// How many worker threads have been started so far, and how many wait for a job.
    var counts: (started: Int, idle: Int) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return (started, idle.count)
    }

    /// A worker's thread: runs its job, then waits for the next one or ends.
    func work(first: _JobBox) {
        var job: (@Sendable () -> Void)? = first.take()
        let worker = Worker()
        while true {
            job?()
            job = nil // what the call captured (the channel, the signal) is not kept
            pthread_mutex_lock(mutex)
            guard idle.count < Self.maxIdle else {
                pthread_mutex_unlock(mutex)
                return
            }
            idle.append(worker)
            while worker.job == nil { pthread_cond_wait(worker.condition, mutex) }
            job = worker.job!
            worker.job = nil
            pthread_mutex_unlock(mutex)
        }
    }
}

/// A job handed to a new worker, taken out once (so that nothing but the worker holds it).
final class _JobBox: @unchecked Sendable {
    var job: (@Sendable () -> Void)?
    init(_ job: @escaping @Sendable () -> Void) { self.job = job }
    func take() -> @Sendable () -> Void {
        defer { job = nil }
        return job!
    }
}

/// Starts a worker of `_SubscribeWorkers`: a detached thread with an 8 MiB stack (a
/// subscription may nest deeply, as on a main thread). Not the cooperative pool: a subscribe
/// call may park for as long as the loop does not read.
@usableFromInline
func _spawnProducerThread(_ body: @escaping @Sendable () -> Void) {
    final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    pthread_attr_setstacksize(&attributes, 8 << 20)
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    let box = Unmanaged.passRetained(Body(body)).toOpaque()
    #if canImport(Darwin)
    var thread: pthread_t?
    let error = pthread_create(&thread, &attributes, { pointer in
        Unmanaged<Body>.fromOpaque(pointer).takeRetainedValue().run()
        return nil
    }, box)
    #else
    var thread = pthread_t()
    let error = pthread_create(&thread, &attributes, { pointer in
        Unmanaged<Body>.fromOpaque(pointer!).takeRetainedValue().run()
        return nil
    }, box)
    #endif
    _precondition(error == 0, "Signals: values could not start the thread that subscribes (pthread_create failed with \(error)); the system is out of threads")
    pthread_attr_destroy(&attributes)
}
