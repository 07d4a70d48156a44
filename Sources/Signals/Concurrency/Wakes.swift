// _Wakes: the resumptions of waiting `values` loops, taken out of the sender's path.
//
// A value that finds its loop waiting in `next()` is handed to it (`_ValuesChannel.forWaiter`)
// and the loop's wake is queued here instead of resumed inside the send. Resuming a task is
// the dearest part of a delivery (it enqueues the task on its executor); a broadcast to
// 10,000 waiting loops used to pay 10,000 of them inside one `send`. Now:
//   - a wake runs at once, on the sender's thread, when nothing is queued and the loop woken
//     that way last has already run: a single follower's value is not delayed, and a loop
//     that keeps up is woken exactly as before;
//   - otherwise it is appended here (a lock and an append: the sender's whole cost for that
//     follower), and the first wake queued starts one task, `drain()`, which takes the queue
//     in batches and resumes the loops on the cooperative pool while the sender goes on.
// The drain never waits for a woken loop to run, so a loop whose executor is busy or blocked
// (an actor's) holds up no other loop.

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Something whose waiting consumer can be woken later: `_ValuesChannel`.
@usableFromInline
protocol _Wakeable: AnyObject, Sendable {
    /// Resumes the waiting consumer with what was handed to it; `false` if none waits any more.
    /// `bySender`: run at once by the thread that sent (the loop then calls `_Wakes.woken()`).
    func wake(bySender: Bool) -> Bool
}

extension _ValuesChannel: _Wakeable {}

/// The queue of wakes of waiting `values` loops (see the file's header).
@usableFromInline
final class _Wakes: Sendable {
    @usableFromInline static let shared = _Wakes()

    struct State {
        var queue = _RingQueue<any _Wakeable>()
        /// Loops woken at once by a sender that have not yet run (`woken()`): while one has
        /// not, a new wake is queued rather than run at once (a burst is under way).
        var pendingAtOnce = 0
        /// A `drain()` task is running: it takes what is queued.
        var isDraining = false
    }

    let state = _Locked(State())

    /// Wakes `channel`'s consumer at once if nothing is queued and no loop woken at once is
    /// still to run; otherwise queues the wake for the drain task (starting it if needed).
    @usableFromInline
    func schedule(_ channel: any _Wakeable) {
        let (runsNow, startsADrain) = state.withLock { state -> (Bool, Bool) in
            if state.pendingAtOnce == 0, !state.isDraining {
                state.pendingAtOnce = 1
                return (true, false)
            }
            state.queue.append(channel)
            if state.isDraining { return (false, false) }
            state.isDraining = true
            return (false, true)
        }
        if startsADrain { Task.detached { _Wakes.shared.drain() } }
        if runsNow, !channel.wake(bySender: true) { woken() }
    }

    /// A loop woken at once by its sender has run (or there was none to wake).
    @usableFromInline
    func woken() {
        state.withLock { $0.pendingAtOnce -= 1 }
    }

    /// Resumes the queued loops, a batch at a time (one lock per batch), until none is queued.
    func drain() {
        var batch = _RingQueue<any _Wakeable>()
        while true {
            state.withLock { state in
                swap(&batch, &state.queue)
                if batch.isEmpty { state.isDraining = false }
            }
            if batch.isEmpty { return }
            while let next = batch.popFirst() { _ = next.wake(bySender: false) }
        }
    }
}
