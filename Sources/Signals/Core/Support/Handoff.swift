// A one-value handoff between a binding and the timer it started (debounce's pending value).

import Synchronization

/// The one value a binding has handed to a timer, and who sends it: the timer when it fires,
/// or the binding itself when the source completes first — never both.
///
/// The binding `hold`s each new value (which makes the previous ticket stale); the timer
/// claims its ticket with one compare-exchange when it fires; the binding `takeHeld()`s on
/// completion. Whoever wins the exchange sends the value, so a timer firing on another
/// thread while the source completes cannot send the value twice or lose it.
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

    /// The binding hands `value` over (replacing an unsent one); returns its ticket.
    @inlinable
    func hold(_ value: Value) -> Int {
        lastTicket &+= 1
        held = value
        ticket.store(lastTicket, ordering: .sequentiallyConsistent)
        return lastTicket
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
