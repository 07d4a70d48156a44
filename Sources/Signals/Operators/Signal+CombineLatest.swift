// combineLatest of an array = merge of the sources, each materialized and tagged with its
//     index, into a stateful bind that keeps the latest value of each source (RxSwift's
//     CombineLatestSink bookkeeping, as a binding).
// (`_mergedByIndex`, shared with zip, is the tagged merge.)
// combineLatest of two = the same over two typed sources (no type erasure).
// combineLatest of a parameter pack = the array form over type-erased sources, mapped back
//     into a tuple.
// combineLatest(with:) and the closure forms = the above + map.

extension Signal {
    /// Combines the latest values of `signals` into arrays, in source order.
    ///
    /// Emits once every source has emitted at least once, then on every value from any
    /// source. Completes when all sources have completed, or as soon as one source completes
    /// without ever having emitted (no combination is possible any more). The first error
    /// fails the output. An empty array completes at once.
    ///
    /// Composed of: `merge` of `source.materialize().map { (index, $0) }` for each source,
    /// then a stateful `bind` keeping, per source, its latest value and whether it is done.
    ///
    /// ```swift
    /// let a = Subject<Int, Never>(), b = Subject<Int, Never>()
    /// Signal.combineLatest([a.signal, b.signal]).subscribe(next: { print($0) })
    /// a.send(value: 1); b.send(value: 2); a.send(value: 3)
    /// // Prints: [1, 2], [3, 2]
    /// ```
    /// ```
    /// a:      -1-------3---|
    /// b:      -----2-------------|
    /// output: -----[1,2]-[3,2]---|
    /// ```
    @inlinable
    public static func combineLatest<V>(_ signals: [Signal<V, Failure>]) -> Signal where Value == [V] {
        let count = signals.count
        guard count > 0 else { return .empty }
        return _mergedByIndex(signals).bind {
            // Until every source has a value, the latest of each is an optional; from then
            // on a plain array, updated in place and sent as it is (each value sent is a
            // copy-on-write snapshot: a send copies the array only if the last one sent is
            // still held downstream).
            let waiting = _BindingState([V?](repeating: nil, count: count))
            let latest = _BindingState<[V]>([])
            let book = _BindingState(_CombineLatestBook(sources: count))
            return { event, stop in
                guard case .next(let (index, sourceEvent)) = event else { return nil }
                switch sourceEvent {
                case .next(let value):
                    if book.value.everySourceHasAValue {
                        latest.value[index] = value
                        return .just(latest.value)
                    }
                    let ready = book.value.recordValue(isFirstFromItsSource: waiting.value[index] == nil)
                    waiting.value[index] = value
                    guard ready else { return nil }
                    latest.value = waiting.value.map { $0! }
                    waiting.value = []
                    return .just(latest.value)
                case .error(let error):
                    return .error(error)
                case .completed:
                    stop = book.value.recordCompletion(
                        sourceHadValue: book.value.everySourceHasAValue || waiting.value[index] != nil)
                    return nil
                }
            }
        }
    }

    /// Combines the latest values of two signals into pairs.
    ///
    /// Emits once both have emitted, then on every value from either. Completes when both
    /// have completed, or as soon as one completes without ever having emitted. The first
    /// error fails the output.
    ///
    /// ![Signal.combineLatest(a, b)](marble-combineLatest.svg)
    ///
    /// Composed of: `merge` of the two sources, materialized and tagged, into a stateful
    /// `bind` keeping the latest value of each (the same bookkeeping as the array form,
    /// without type erasure).
    ///
    /// ```swift
    /// let numbers = Subject<Int, Never>(), letters = Subject<String, Never>()
    /// Signal.combineLatest(numbers.signal, letters.signal).subscribe(next: { print($0) })
    /// numbers.send(value: 1); letters.send(value: "a"); numbers.send(value: 2)
    /// // Prints: (1, "a"), (2, "a")
    /// ```
    /// ```
    /// a:      -1-------2-----|
    /// b:      ----a----------------|
    /// output: ----(1,a)(2,a)-------|
    /// ```
    @inlinable
    public static func combineLatest<A, B>(
        _ a: Signal<A, Failure>,
        _ b: Signal<B, Failure>
    ) -> Signal where Value == (A, B) {
        typealias Tagged = _EitherEvent<A, B, Failure>
        let tagged = a.materialize().map(Tagged.first).merge(b.materialize().map(Tagged.second))
        return tagged.bind {
            let latestA = _BindingState<A?>(nil)
            let latestB = _BindingState<B?>(nil)
            let book = _BindingState(_CombineLatestBook(sources: 2))
            return { event, stop in
                guard case .next(let tagged) = event else { return nil }
                switch tagged {
                case .first(.next(let value)):
                    let ready = book.value.recordValue(isFirstFromItsSource: latestA.value == nil)
                    latestA.value = value
                    return ready ? .just((value, latestB.value!)) : nil
                case .second(.next(let value)):
                    let ready = book.value.recordValue(isFirstFromItsSource: latestB.value == nil)
                    latestB.value = value
                    return ready ? .just((latestA.value!, value)) : nil
                case .first(.error(let error)), .second(.error(let error)):
                    return .error(error)
                case .first(.completed):
                    stop = book.value.recordCompletion(sourceHadValue: latestA.value != nil)
                    return nil
                case .second(.completed):
                    stop = book.value.recordCompletion(sourceHadValue: latestB.value != nil)
                    return nil
                }
            }
        }
    }

    /// Combines the latest values of two or more signals into tuples.
    ///
    /// Emits once every source has emitted at least once, then on every value from any
    /// source. Completes when all sources have completed, or as soon as one completes
    /// without ever having emitted. The first error fails the output.
    ///
    /// Composed of: the array form of `combineLatest` over the sources (type-erased),
    /// then `map` back into a tuple.
    ///
    /// ```swift
    /// let numbers = Subject<Int, Never>(), letters = Subject<String, Never>()
    /// Signal.combineLatest(numbers.signal, letters.signal).subscribe(next: { print($0) })
    /// numbers.send(value: 1); letters.send(value: "a"); numbers.send(value: 2)
    /// // Prints: (1, "a"), (2, "a")
    /// ```
    /// ```
    /// numbers: -1-------2-----|
    /// letters: ----a----------------|
    /// output:  ----(1,a)(2,a)-------|
    /// ```
    @inlinable
    public static func combineLatest<each S>(
        _ signals: repeat Signal<each S, Failure>
    ) -> Signal where Value == (repeat each S) {
        var erased: [Signal<Any, Failure>] = []
        for signal in repeat each signals {
            erased.append(signal.map { $0 as Any })
        }
        return Signal<[Any], Failure>.combineLatest(erased).map { values in
            var iterator = values.makeIterator()
            return (repeat iterator.next()! as! each S)
        }
    }

    /// Combines the latest values of two or more signals with `combine`.
    ///
    /// Composed of: `combineLatest(repeat each signals).map { combine(repeat each $0) }`.
    ///
    /// ```swift
    /// Signal.combineLatest(ob1.signal, ob2.signal) { "1:\($0)-2:\($1)" }
    ///     .subscribe(next: { print($0) })
    /// ob1.send(value: 1); ob1.send(value: 2); ob2.send(value: "a"); ob2.send(value: "b")
    /// // Prints: 1:2-2:a, 1:2-2:b
    /// ```
    @inlinable
    public static func combineLatest<each S>(
        _ signals: repeat Signal<each S, Failure>,
        combine: @escaping @Sendable (repeat each S) -> Value
    ) -> Signal {
        Signal<(repeat each S), Failure>.combineLatest(repeat each signals).map { values in
            combine(repeat each values)
        }
    }

    /// Combines the latest values of this signal and `other` into pairs.
    ///
    /// Composed of: `Signal.combineLatest(self, other)`.
    ///
    /// ```swift
    /// numbers.signal.combineLatest(with: letters.signal).subscribe(next: { print($0) })
    /// ```
    /// ```
    /// self:   -1-------2-----|
    /// other:  ----a----------------|
    /// output: ----(1,a)(2,a)-------|
    /// ```
    @inlinable
    public func combineLatest<B>(with other: Signal<B, Failure>) -> Signal<(Value, B), Failure> {
        Signal<(Value, B), Failure>.combineLatest(self, other)
    }
}

/// The bookkeeping of combineLatest (RxSwift's CombineLatestSink): how many sources have no
/// value yet, and how many are still running.
extension Signal {
    /// The events of `signals`, each materialized and tagged with its source's index, merged:
    /// what the array forms of `combineLatest` and `zip` bind over.
    @inlinable
    static func _mergedByIndex<V>(_ signals: [Signal<V, Failure>]) -> Signal<(Int, Event<V, Failure>), Never> {
        Signal<(Int, Event<V, Failure>), Never>.merge(signals.enumerated().map { index, signal in
            signal.materialize().map { (index, $0) }
        })
    }
}

@usableFromInline
struct _CombineLatestBook {
    @usableFromInline var withoutValue: Int
    @usableFromInline var running: Int

    @inlinable
    init(sources: Int) {
        withoutValue = sources
        running = sources
    }

    /// Records a value; returns whether every source now has one (so a combination exists).
    @inlinable
    mutating func recordValue(isFirstFromItsSource: Bool) -> Bool {
        if isFirstFromItsSource { withoutValue -= 1 }
        return withoutValue == 0
    }

    /// Records a source's completion; returns whether the output must complete now: all
    /// sources are done, or this one finished without a value (no combination is possible).
    /// Whether every source has sent a value.
    @inlinable
    var everySourceHasAValue: Bool { withoutValue == 0 }

    @inlinable
    mutating func recordCompletion(sourceHadValue: Bool) -> Bool {
        running -= 1
        return !sourceHadValue || running == 0
    }
}

/// An event of the first or the second source of a two-source combineLatest.
@usableFromInline
enum _EitherEvent<A, B, Failure: Error> {
    case first(Event<A, Failure>)
    case second(Event<B, Failure>)
}
