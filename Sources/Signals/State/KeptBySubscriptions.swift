// An object kept alive by the live subscriptions to its signals (an action, by the
// subscriptions to its outputs):
//
//   keptAlive(by: signal) = deferred { owner still alive ? signal.on(disposed: { keep owner }) : signal }
//
// The owner is held weakly at rest, so the object that owns the signals and this cell is not
// kept alive by itself; each subscription holds it strongly from its start to its end (the
// `on` hook, and the owner it captures, are released when the subscription ends).

/// A weak reference to an object that every live subscription to the signals it hands out
/// keeps alive.
///
/// `@unchecked Sendable`: `owner` is written once, by the owner's initialiser, before the
/// owner is shared with anything that reads it; weak loads are atomic in the runtime.
final class _KeptBySubscriptions: @unchecked Sendable {
    weak var owner: (any AnyObject & Sendable)?

    init() {}

    /// `signal`, with each subscription keeping the owner alive until it ends. A subscription
    /// that starts after the owner has gone is `signal`'s own (whose subjects have ended).
    func keptAlive<Value, Failure>(by signal: Signal<Value, Failure>) -> Signal<Value, Failure> {
        Signal.deferred { [self] in
            guard let owner else { return signal }
            return signal.on(disposed: { withExtendedLifetime(owner) {} })
        }
    }
}
