// One subscription to a source, shared by one reader and any number of holders: RxSwift's
// RefCountDisposable, as signals. The reader receives the source's events; a holder
// receives none of them and only keeps the subscription alive. It is disposed when the
// reader and every holder have ended.
//
// `groupBy` and `window` (through `_split`) are built on it: the outer signal reads the
// routing subscription, every group or window subscription holds it. A holder costs
// nothing per event — a value reaches the reader and its own group, not every open group —
// so a source with a hundred thousand keys costs each value what a source with one does.

/// A subscription to `source` shared by one reader (``signal``) and any number of holders
/// (``holding(_:)``), disposed when the last of them ends.
///
/// - The reader's ``signal`` subscribes `source` (once: a second subscription is a
///   programmer error) and receives its events. Disposing the reader's subscription stops
///   the events reaching it; the source keeps running while a holder lives.
/// - ``holding(_:)`` wraps another signal so that each of its subscriptions holds the shared
///   subscription until it ends. A holder that subscribes once everything has ended holds
///   nothing: the source is never subscribed twice.
/// - Once the reader and every holder have ended, `source`'s subscription is disposed (at
///   once, even while a synchronous source is still sending: its observer is stopped).
///
/// ```swift
/// let routing = _RefCountedSubscription(Signal<Int, Never>.interval(.seconds(1), on: scheduler))
/// let outer = routing.signal.subscribe(next: { print($0) })
/// let inner = routing.holding(Signal<Int, Never>.never).subscribe()
/// outer.dispose()   // the interval keeps running, unread, for `inner`
/// inner.dispose()   // now it is disposed
/// ```
///
/// - Complexity: holding and releasing cost O(1) under one lock; events reach the reader
///   only.
///
/// `@usableFromInline` with `@inlinable` members, as the operators built on it (`groupBy`,
/// `window`): specialised in the module that uses them, so that an event's way to the reader
/// looks up no generic metadata.
@usableFromInline
final class _RefCountedSubscription<Value, Failure: Error>: Sendable {
    @usableFromInline
    struct State {
        /// Before the reader subscribes, live, or ended (disposed, or ended by its last
        /// holder or reader).
        @usableFromInline enum Phase { case waiting, live, ended }
        @usableFromInline var phase = Phase.waiting
        /// Who receives the source's events; `nil` once the reader has left (so that its
        /// closures are released while holders keep the source running).
        @usableFromInline var reader: Observer<Value, Failure>?
        /// The observer subscribed to the source; disposing it disposes the subscription.
        @usableFromInline var sink: Observer<Value, Failure>?
        @usableFromInline var holders = 0

        @inlinable
        init(phase: Phase = .waiting, reader: Observer<Value, Failure>? = nil, sink: Observer<Value, Failure>? = nil, holders: Int = 0) {
            self.phase = phase
            self.reader = reader
            self.sink = sink
            self.holders = holders
        }

        /// Ends the shared subscription when nobody is left: returns the sink to dispose.
        @inlinable
        mutating func endIfUnused() -> Observer<Value, Failure>? {
            guard phase == .live, reader == nil, holders == 0 else { return nil }
            phase = .ended
            return sink.take()
        }
    }

    @usableFromInline let source: Signal<Value, Failure>
    @usableFromInline let state = _Locked(State())

    /// A shared subscription to `source`, made when ``signal`` is subscribed.
    @inlinable
    init(_ source: Signal<Value, Failure>) {
        self.source = source
    }

    /// The source's events, for the one reader. Subscribing it subscribes the source;
    /// disposing it (or its terminal event) lets the source go once no holder keeps it.
    @inlinable
    var signal: Signal<Value, Failure> {
        Signal(_representation: .subscribe { [self] reader in
            let sink = Observer<Value, Failure> { [state] event in
                // Forward to the reader while it is there. The source sends serially, so
                // only this read needs the lock; the send runs outside it.
                state.withLock { $0.reader }?.send(event)
            }
            let isFirst = state.withLock { state -> Bool in
                guard state.phase == .waiting else { return false }
                state = State(phase: .live, reader: reader, sink: sink, holders: 0)
                return true
            }
            _precondition(isFirst, "Signals: a shared subscription's reader subscribed twice; each _RefCountedSubscription is read by one subscription")
            reader._setUpstream(AnyDisposable { [self] in leave() })
            if reader.isStopped { return }
            source._subscribe(sink)
        })
    }

    /// `signal`, whose every subscription holds the shared subscription until it ends.
    @inlinable
    func holding<HeldValue, HeldFailure: Error>(
        _ signal: Signal<HeldValue, HeldFailure>
    ) -> Signal<HeldValue, HeldFailure> {
        .using({ [self] in hold() }, release: { [self] isHolding in if isHolding { release() } }) { _ in signal }
    }

    /// Takes a hold; false (and nothing held) unless the subscription is live.
    @inlinable
    func hold() -> Bool {
        state.withLock { state in
            guard state.phase == .live else { return false }
            state.holders += 1
            return true
        }
    }

    @inlinable
    func release() {
        let unused = state.withLock { state -> Observer<Value, Failure>? in
            state.holders -= 1
            return state.endIfUnused()
        }
        unused?._dispose()
    }

    /// The reader's subscription ended (disposed, or after its terminal event).
    @inlinable
    func leave() {
        let (reader, unused) = state.withLock { state in
            (state.reader.take(), state.endIfUnused())
        }
        unused?._dispose()
        withExtendedLifetime(reader) {}
    }
}
