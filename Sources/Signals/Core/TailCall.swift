// Tail calls of bind.
//
// When bind's source has finished and no inner signal is live, the binding's last signal
// *is* the rest of the output: bind subscribes it straight to its own downstream observer
// and drops out ("becomes" that signal). `concat`, `Signal.concat(sequence)` and every
// repeat-like recursion are chains of such tail calls into the same downstream.
//
// A synchronous chain would nest one stack frame per link, so a tail call made while a
// tail call into the *same* downstream is already running on this thread is queued and run
// by that earlier call when it returns: a trampoline, as RxSwift's CurrentThreadScheduler,
// but keyed by downstream so that nothing else is deferred or reordered. Deferring is safe
// because the link that queues has finished: nothing else can send to that downstream
// until the queued link is subscribed.

/// The tail-call loops running on one thread, innermost first.
@usableFromInline
final class _TailCalls {
    @usableFromInline
    struct Loop {
        @usableFromInline let downstream: ObjectIdentifier
        /// The queued link: a signal of the downstream's type (a loop is keyed by its
        /// downstream), erased so that this class need not be generic.
        @usableFromInline var pending: _ErasedSignal?

        @inlinable init(downstream: ObjectIdentifier) {
            self.downstream = downstream
        }
    }

    /// Only its own thread touches it (`perThread`), and no access spans a call out, so
    /// the runtime's exclusivity check (about 40 instructions per access) is left out.
    @usableFromInline @exclusivity(unchecked) var loops: [Loop] = []

    @usableFromInline
    static let perThread = _ThreadLocal { _TailCalls() }

    /// Subscribes `signal` to `downstream` now (unless `downstream` has stopped), or queues
    /// it behind the running tail call into the same downstream. Nothing is allocated: the
    /// link is queued as the signal itself. Specialised but never inlined: inlined, its loop
    /// would enlarge the stack frame of every bind that can tail-call, which recursion through
    /// nested subscriptions pays at each level.
    @inlinable @inline(never)
    static func run<Value, Failure>(_ signal: Signal<Value, Failure>, into downstream: Observer<Value, Failure>) {
        let calls = perThread.current
        let id = ObjectIdentifier(downstream)
        if let index = calls.loops.lastIndex(where: { $0.downstream == id }) {
            _precondition(calls.loops[index].pending == nil, "Signals: two tail calls into one downstream (an internal error of bind; please report it with the pipeline that stopped here)")
            calls.loops[index].pending = _ErasedSignal(signal)
            return
        }
        calls.loops.append(Loop(downstream: id))
        let depth = calls.loops.count - 1
        var next = signal
        while true {
            if !downstream.isStopped { next._subscribe(downstream) }
            guard let pending = calls.loops[depth].pending.take() else { break }
            next = pending.signal()
        }
        calls.loops.removeLast()
    }
}
