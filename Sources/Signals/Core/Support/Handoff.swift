// A one-value handoff between a binding and the timer it started (debounce's pending value).

import Synchronization

/// The one value a binding has handed to a timer, and who sends it: the timer when it fires,
/// or the binding itself when the source completes first — never both.
///
/// The binding `hold`s each new value (which makes the previous ticket stale); the timer
/// claims its ticket with one compare-exchange when it fires; the binding `takeHeld()`s on
/// completion. Whoever wins the exchange sends the value, so a timer firing on another
/// thread while the source completes cannot send the value twice or lose it. The binding
/// cuts a timer only when it has won (its value was still unsent): a timer that has claimed
/// its value is under way and completes on its own once it has sent it.
///
/// `@unchecked Sendable`: `held` is touched only by the binding (serially, as bind calls
/// it); `ticket` is atomic.
@usableFromInline
final class _Handoff<Value>: @unchecked Sendable {
    /// The ticket of the value not yet sent, or 0.
    @usableFromInline let ticket = Atomic<Int>(0)
    @usableFromInline @exclusivity(unchecked) var lastTicket = 0
    @usableFromInline @exclusivity(unchecked) var held: Value?

    @inlinable init() {}

    /// The binding hands `value` over (replacing an unsent one). Returns its ticket, and
    /// whether a previous value was still unsent: only then may the binding cut the previous
    /// timer. A previous value already claimed is being sent by its timer, which must be let
    /// finish (cutting it could drop the value).
    @inlinable
    func hold(_ value: Value) -> (ticket: Int, replacedUnsent: Bool) {
        lastTicket &+= 1
        held = value
        let previous = ticket.exchange(lastTicket, ordering: .sequentiallyConsistent)
        return (lastTicket, previous != 0)
    }

    /// The timer of `ticket` claims the value; true if it is still unsent and the latest.
    @inlinable
    func claim(_ ticket: Int) -> Bool {
        self.ticket.compareExchange(expected: ticket, desired: 0, ordering: .sequentiallyConsistent).exchanged
    }

    /// The binding takes the value back if no timer has claimed it.
    @inlinable
    func takeHeld() -> Value? {
        defer { held = nil }
        return ticket.exchange(0, ordering: .sequentiallyConsistent) == 0 ? nil : held
    }
}

/// `throttle`'s window, shared by its binding and the timer that ends a window with a kept
/// value: the instant the last value was sent, the value kept for the window's end, and
/// whether a timer is delivering.
///
/// The window is compared as time (`now - lastSent >= interval`), not by whether a timer has
/// run, so a value at the exact end of a window passes whichever of the two the scheduler
/// runs first at that instant. Decide under the lock, act outside it: both sides only read
/// and write these fields under it, and return what to send.
///
/// Order: a timer that has taken its kept value *delivers* it after the lock is released,
/// and may be delayed there (a whole window, on a busy machine) while the source sends on.
/// So from the moment a timer takes a value until it has handed it to bind (`isDelivering`),
/// every value that would be sent meanwhile — by the source path or by a later timer — is
/// queued behind it (`queued`), and that timer's inner delivers them in order before it
/// completes (`nextQueued`). Values leave in the order they were decided, always.
///
/// `@unchecked Sendable`: every field is under `state`'s lock.
@usableFromInline
final class _ThrottleWindow<Value, Instant: InstantProtocol>: @unchecked Sendable where Instant.Duration == Duration {
    @usableFromInline
    struct State {
        @usableFromInline var lastSent: Instant?
        @usableFromInline var kept: Value?
        /// The window whose timer may send `kept`: a timer of an earlier window (cut, but
        /// perhaps firing on another thread at that moment) claims nothing.
        @usableFromInline var window = 0
        /// A timer has taken a value and has not finished handing it (and `queued`) to bind.
        @usableFromInline var isDelivering = false
        /// Values decided while a timer was delivering, to be delivered after it, in order.
        @usableFromInline var queued = _Queue<Value>()
        @inlinable init() {}
    }

    /// What the binding does with a value.
    @usableFromInline
    enum Decision {
        /// Send it now; it opens a window.
        case send
        /// It falls in the window and is dropped (`latest: false`) or replaces the kept one;
        /// or it opens a window but a timer is delivering, so it is queued behind that timer.
        case drop
        /// It is the first value kept in this window: start the timer of `window` that ends
        /// it after `remaining`.
        case keep(remaining: Duration, window: Int)
        /// The window ended at this instant with a kept value whose timer has not run yet:
        /// send that value now (it opens the next window, `window`), and the new one is kept
        /// for that window's end. `nil`: a timer is delivering, so the ended value was
        /// queued behind it instead (and no timer may be cut).
        case sendEndedWindowThenKeep(Value?, window: Int)
    }

    @usableFromInline let state = _Locked(State())

    @inlinable init() {}

    /// The binding received `value` at `now`.
    @inlinable
    func receive(_ value: Value, at now: Instant, interval: Duration, keeping latest: Bool) -> Decision {
        state.withLock { state in
            guard let lastSent = state.lastSent else {
                state.lastSent = now
                return Self.sendOrQueue(value, &state)
            }
            let elapsed = lastSent.duration(to: now)
            if elapsed >= interval {
                state.lastSent = now
                guard let ended = state.kept else { return Self.sendOrQueue(value, &state) }
                state.kept = value
                state.window &+= 1
                if state.isDelivering {
                    state.queued.append(ended)
                    return .sendEndedWindowThenKeep(nil, window: state.window)
                }
                return .sendEndedWindowThenKeep(ended, window: state.window)
            }
            guard latest else { return .drop }
            guard state.kept == nil else {
                state.kept = value
                return .drop
            }
            state.kept = value
            state.window &+= 1
            return .keep(remaining: interval - elapsed, window: state.window)
        }
    }

    @inlinable
    static func sendOrQueue(_ value: Value, _ state: inout State) -> Decision {
        guard state.isDelivering else { return .send }
        state.queued.append(value)
        return .drop
    }

    /// The source failed at `now`: the kept value, if its window has ended by now (its timer
    /// is due at this instant but has not run) and no timer is delivering.
    @inlinable
    func takeEnded(at now: Instant, interval: Duration) -> Value? {
        state.withLock { state in
            guard !state.isDelivering, let lastSent = state.lastSent, state.kept != nil,
                  lastSent.duration(to: now) >= interval else { return nil }
            defer { state.kept = nil; state.window &+= 1 }
            return state.kept
        }
    }

    /// The timer of `window` fired at `now`: the kept value, sent now, opens the next window.
    /// Returns the value if this timer is to deliver it (then it must call `nextQueued()`
    /// until that returns `nil`); `nil` if there is none, or if another timer is delivering
    /// (then the value is queued behind it).
    @inlinable
    func endOfWindow(_ window: Int, at now: Instant) -> Value? {
        state.withLock { state in
            guard state.window == window, let kept = state.kept else { return nil }
            state.kept = nil
            state.lastSent = now
            if state.isDelivering {
                state.queued.append(kept)
                return nil
            }
            state.isDelivering = true
            return kept
        }
    }

    /// The delivering timer has handed its value to bind: the next value queued behind it,
    /// or `nil`, and then the timer is no longer delivering.
    @inlinable
    func nextQueued() -> Value? {
        state.withLock { state in
            if let next = state.queued.popFirst() { return next }
            state.isDelivering = false
            return nil
        }
    }
}
