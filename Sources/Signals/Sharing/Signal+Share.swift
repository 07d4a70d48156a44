// share()            = share(replay: 0)  (publish().refCount(), a fresh Subject per connection).
// share(replay: n)   = refCount()'s counted subscription (the sharing engine, SharedSource.swift)
//                      over a fresh ReplaySubject engine of capacity n per connection: the
//                      first subscriber connects, the last one leaving disposes the upstream and
//                      drops the buffer, an upstream terminal event ends the connection (the
//                      next subscriber starts a fresh one).
// replayLazily(upTo: n) = the same engine over one ReplaySubject engine of capacity n, held by
//                      the signal itself as well as by its subscribers, whose connection outlives
//                      the upstream's terminal event: the buffer (and terminal event) outlive
//                      them all.

import Synchronization

extension Signal {
    /// Shares one subscription to this signal among all its subscribers, for as long as
    /// anyone listens.
    ///
    /// ![source.signal.share()](marble-share.svg)
    ///
    /// The first subscriber subscribes to this signal (connects); later subscribers join that
    /// subscription and receive only the events sent after they joined. When the last
    /// subscriber leaves, the upstream subscription is disposed; the next subscriber starts a
    /// fresh one.
    ///
    /// Completes / Fails: when this signal terminates, every current subscriber receives the
    /// terminal event and the connection ends; a later subscriber subscribes to this signal
    /// anew (as RxSwift's `share()`). Disposes: the upstream subscription, when the last
    /// subscriber leaves. At most one upstream subscription is ever live, as for
    /// ``share(replay:)``.
    ///
    /// Composed of: `share(replay: 0)` — that is, `publish().refCount()` (the same counted
    /// subscription, on the same engine) with a fresh `Subject` for each connection (so it starts over after this signal terminates, where
    /// `publish().refCount()` keeps its ended subject).
    ///
    /// ```swift
    /// let ticks = Subject<Int, Never>()
    /// let shared = ticks.signal.map { print("work \($0)"); return $0 }.share()
    /// shared.subscribe(next: { print("a \($0)") })
    /// shared.subscribe(next: { print("b \($0)") })
    /// ticks.send(value: 1)
    /// // Prints: work 1, a 1, b 1
    /// ```
    /// ```
    /// upstream:  --1--2--3--4--|
    /// a:         ^-1--2--3--4--|
    /// b:               ^-3--4--|
    /// ```
    ///
    /// - Note: A synchronous signal (such as `Signal.from`) sends everything to the first
    ///   subscriber while it connects; the next subscriber then starts it again.
    /// - SeeAlso: RxSwift `share()`; ReactiveSwift has no reference-counted share (see
    ///   `replayLazily(upTo:)`); Combine `share()` (which does not reconnect after completion).
    @inlinable
    public func share() -> Signal {
        share(replay: 0)
    }

    /// Shares one subscription to this signal among all its subscribers, for as long as
    /// anyone listens, and replays the last `count` values to each new subscriber.
    ///
    /// ![source.signal.share(replay: 1)](marble-share-replay.svg)
    ///
    /// The first subscriber connects; a later subscriber receives the last `count` values of
    /// the current connection, then every later event — exactly once, in order, with no gap
    /// and no duplicate, even while the upstream sends on another thread. When the last
    /// subscriber leaves, the upstream subscription is disposed and the buffer dropped; the
    /// next subscriber starts a fresh connection with an empty buffer.
    ///
    /// Completes / Fails: when this signal terminates, every current subscriber receives the
    /// terminal event and the connection ends; a later subscriber connects anew (RxSwift's
    /// `share(replay:scope: .whileConnected)`). Disposes: the upstream subscription, when
    /// the last subscriber leaves. At most one upstream subscription is ever live: a new
    /// connection subscribes this signal only once the previous one's disposal has finished
    /// (on the thread that finishes it, if that is another one).
    ///
    /// Composed of: `refCount()`'s counted subscription over one upstream subscription per
    /// connection feeding a `ReplaySubject` of capacity `count` — that is,
    /// `multicast(ReplaySubject(capacity: count)).refCount()` with a fresh subject for each
    /// connection.
    ///
    /// ```swift
    /// let location = Subject<String, Never>()
    /// let shared = location.signal.share(replay: 1)
    /// shared.subscribe(next: { print("a \($0)") })
    /// location.send(value: "Paris")                     // Prints: a Paris
    /// shared.subscribe(next: { print("b \($0)") })      // Prints: b Paris
    /// ```
    /// ```
    /// upstream:  --1--2-----3--|
    /// a:         ^-1--2-----3--|
    /// b:                ^2--3--|     (share(replay: 1): joins after 2, which it replays)
    /// ```
    ///
    /// - Complexity: joining copies the buffer (O(`count`)); forwarding a value allocates
    ///   nothing per subscriber.
    /// - Precondition: `count >= 0`; `share(replay: 0)` is `share()`.
    /// - SeeAlso: RxSwift `share(replay:scope: .whileConnected)`; ReactiveSwift
    ///   `replayLazily(upTo:)` (which never disconnects); Combine `multicast` +
    ///   `autoconnect()` (no replay). CombineExt's `share(replay:)` is not this one (≈): it
    ///   keeps one `ReplaySubject` for good, so a subscriber after the completion receives the
    ///   last values and the completion — that is ``replayLazily(upTo:)`` here.
    @inlinable
    public func share(replay count: Int) -> Signal {
        _precondition(count >= 0, "Signals: share(replay:) needs a count of 0 or more, got \(count); share() replays nothing")
        let share = _SharedSource(source: self) {
            _ReplayEngine<Value, Failure>(capacity: count, replaysValuesAfterTerminal: true)
        }
        // Prompt while connected (joining sends at most the replay); otherwise subscribing
        // connects the upstream on the subscribing thread: the upstream's (Promptness.swift).
        let whenConnected: _Promptness = count == 0 ? .quiet : .holding
        return Signal(_representation: .subscribe { sink in share.subscribe(sink) },
                      _promptness: .decidedWhenSubscribed(_PromptnessCheck { share.promptness(whenConnected: whenConnected) }))
    }

    /// Starts this signal on the first subscription, and replays its last `capacity` values
    /// — and its terminal event, once there is one — to every subscriber, forever.
    ///
    /// ![source.signal.replayLazily(upTo: 2)](marble-replayLazily.svg)
    ///
    /// Unlike ``share(replay:)`` nothing is reference-counted: when every subscriber has
    /// left, the upstream subscription and the buffer are kept, so a later subscriber
    /// receives the buffer and then the live events of the same upstream subscription. This
    /// signal is never subscribed to more than once.
    ///
    /// Completes / Fails: with this signal; a subscriber arriving after the terminal event
    /// receives the buffered values, then that event. Disposes: the upstream subscription
    /// once the returned signal (every copy of it) and every subscription to it are gone.
    ///
    /// Composed of: `refCount()`'s counted subscription over one `ReplaySubject` of capacity
    /// `capacity`, connected to this signal by the first subscriber, with the signal itself
    /// counted as one more subscriber, and a connection that outlives this signal's
    /// terminal event.
    ///
    /// ```swift
    /// let config = Signal.from(["a", "b", "c"]).replayLazily(upTo: 2)
    /// config.subscribe(next: { print($0) })   // Prints: a, b, c
    /// config.subscribe(next: { print($0) })   // Prints: b, c (from the buffer)
    /// ```
    ///
    /// - Complexity: a subscription copies the buffer (O(`capacity`)); forwarding a value
    ///   allocates nothing per subscriber.
    /// - Precondition: `capacity >= 0`.
    /// - SeeAlso: ReactiveSwift `replayLazily(upTo:)`; ReactiveCocoa `-replayLazily`; RxSwift
    ///   has no exact match (`share(replay:scope: .forever)` keeps the buffer but disconnects
    ///   the upstream when the last subscriber leaves); Combine has none — CombineExt's
    ///   `share(replay:)` is this operator (`ReplayLazilyTests` runs its finished case).
    @inlinable
    public func replayLazily(upTo capacity: Int) -> Signal {
        _precondition(capacity >= 0, "Signals: replayLazily(upTo:) needs a capacity of 0 or more, got \(capacity); share() keeps no values")
        let engine = _ReplayEngine<Value, Failure>(capacity: capacity, replaysValuesAfterTerminal: true)
        let replay = _SharedSource(source: self, endsWithSource: false) { engine }
        let hold = _SignalHold(replay)
        // Connected once (it never reconnects): joining sends at most the replay; the first
        // subscribe call connects the upstream on its thread.
        return Signal(_representation: .subscribe { sink in hold.shared.subscribe(sink, holdsForSignal: true) },
                      _promptness: .decidedWhenSubscribed(_PromptnessCheck { hold.shared.promptness(whenConnected: .holding) }))
    }
}

/// The signal's own hold on a `replayLazily(upTo:)` connection: every copy of the signal
/// holds this object, whose end counts the signal out of the connection's holders. So the
/// upstream subscription is disposed once the signal and every subscription are gone.
@usableFromInline
final class _SignalHold<Feed: _ConnectionFeed>: Sendable {
    @usableFromInline let shared: _SharedSource<Feed>

    @inlinable
    init(_ shared: _SharedSource<Feed>) {
        self.shared = shared
    }

    deinit {
        shared.leaveCurrent()
    }
}
