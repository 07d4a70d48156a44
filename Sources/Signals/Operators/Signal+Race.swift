// race(signals) = deferred { merge of each source `take(until:)` it has lost (a Subject that
//     announces the winner's index, then completes), materialized and tagged with its
//     index, into a bind that picks the first source to send anything and forwards only
//     its events }.
// race(a, b, c) = race([a, b, c]).

extension Signal {
    /// Mirrors the first of `signals` to send any event — a value, an error or its
    /// completion — and disposes all the others.
    ///
    /// Completes or fails as the winner does. The losers are disposed as soon as the winner
    /// is known; a source subscribed after that (when an earlier one won synchronously, on
    /// subscription) is disposed at once, before it can send anything. Disposing the output
    /// disposes every source still running. An empty sequence never sends anything, as in
    /// RxSwift's `amb` (no source can ever win).
    ///
    /// Composed of: `deferred`, then `merge` of `source.take(until: lost).materialize()`
    /// tagged with each source's index, where `lost` is a `bind` over a `Subject` that
    /// announces the winner's index (and completes, so that a late subscriber hears it); a
    /// stateful `bind` picks the winner and forwards its events.
    ///
    /// ```swift
    /// let slow = Subject<String, Never>(), fast = Subject<String, Never>()
    /// Signal.race([slow.signal, fast.signal]).subscribe(next: { print($0) })
    /// fast.send(value: "fast"); slow.send(value: "slow"); fast.send(value: "again")
    /// // Prints: fast, again
    /// ```
    /// ```
    /// a:      ---(disposed)
    /// b:      ---3--4|
    /// output: ---3--4|
    /// ```
    ///
    /// - SeeAlso: RxSwift `amb`, ReactiveSwift `flatten(.race)`, Combine none.
    @inlinable
    public static func race(_ signals: some Sequence<Signal> & Sendable) -> Signal {
        .deferred {
            let sources = Array(signals)
            if sources.isEmpty { return .never }
            let winner = Subject<Int, Never>()
            let tagged = sources.enumerated().map { index, source in
                source.take(until: _lost(index, winner: winner.signal)).materialize().map { (index, $0) }
            }
            return Signal<(Int, Event<Value, Failure>), Never>.merge(tagged).bind {
                let winnerIndex = _BindingState<Int?>(nil)
                return { event, stop in
                    guard case .next(let (index, sourceEvent)) = event else { return nil }
                    if winnerIndex.value == nil {
                        winnerIndex.value = index
                        winner.send(value: index)
                        winner.sendCompleted()
                    }
                    guard index == winnerIndex.value else { return nil }
                    switch sourceEvent {
                    case .next(let value): return .just(value)
                    case .error(let error): return .error(error)
                    case .completed:
                        stop = true
                        return nil
                    }
                }
            }
        }
    }

    /// Mirrors the first of the given signals to send any event, and disposes the others.
    ///
    /// ![Signal.race(a, b)](marble-race.svg)
    ///
    /// Composed of: `Signal.race([first] + rest)`.
    ///
    /// ```swift
    /// Signal.race(.never, .just(1), .just(2)).subscribe(next: { print($0) })
    /// // Prints: 1
    /// ```
    ///
    /// - SeeAlso: RxSwift `amb`, Combine none.
    @inlinable
    public static func race(_ first: Signal, _ rest: Signal...) -> Signal {
        race([first] + rest)
    }

    /// Fires once source `index` has lost the race: at another source's index, or at the
    /// announcement's completion if it came before this subscription (a late subscriber
    /// hears only the completion). Silent, and done, for the winner.
    @inlinable
    static func _lost(_ index: Int, winner: Signal<Int, Never>) -> Signal<Void, Never> {
        winner.bind {
            { event, stop in
                switch event {
                case .next(index):
                    stop = true
                    return nil
                case .next, .completed:
                    return .just(())
                }
            }
        }
    }
}
