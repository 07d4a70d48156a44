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
        @usableFromInline var pending: (() -> Void)?
    }

    @usableFromInline var loops: [Loop] = []

    @usableFromInline
    static let perThread = _ThreadLocal { _TailCalls() }

    /// Runs `link` now, or queues it behind the running tail call into the same downstream.
    @usableFromInline
    static func run(into downstream: AnyObject, _ link: @escaping () -> Void) {
        let calls = perThread.current
        let id = ObjectIdentifier(downstream)
        if let index = calls.loops.lastIndex(where: { $0.downstream == id }) {
            precondition(calls.loops[index].pending == nil, "Signals: two tail calls into one downstream")
            calls.loops[index].pending = link
            return
        }
        calls.loops.append(Loop(downstream: id, pending: nil))
        let depth = calls.loops.count - 1
        var next: (() -> Void)? = link
        while let current = next {
            current()
            next = calls.loops[depth].pending
            calls.loops[depth].pending = nil
        }
        calls.loops.removeLast()
    }
}
