// zip of an array = merge of the sources, each materialized and tagged with its index, into a
//     stateful bind keeping one queue per source: when no queue is empty, the first value of
//     each is sent as one array (RxSwift's ZipSink bookkeeping, as a binding).
// zip of two = the same over two typed sources (no type erasure).
// zip of a parameter pack = the array form over type-erased sources, mapped back into a tuple.
// zip(with:) = zip of two.

extension Signal {
    /// Pairs the values of `signals` in order: the first values of every source make the
    /// first array, the second values the second array, and so on.
    ///
    /// Completes: as soon as a source has completed and every value it sent has been used
    /// (it can never make another array); the others are disposed. An empty array completes
    /// at once. Fails: at the first error. Disposes: every source. RxSwift waits until every
    /// source has completed; completing as soon as no array can be made frees the other
    /// sources at once and lets `concat` and friends move on.
    ///
    /// Composed of: `merge` of `source.materialize().map { (index, $0) }` for each source,
    /// then a stateful `bind` keeping one queue of values per source.
    ///
    /// ```swift
    /// let a = Subject<Int, Never>(), b = Subject<Int, Never>()
    /// Signal.zip([a.signal, b.signal]).subscribe(next: { print($0) })
    /// a.send(value: 1); a.send(value: 2); b.send(value: 10); b.send(value: 20)
    /// // Prints: [1, 10], [2, 20]
    /// ```
    /// ```
    /// a:      -1-2--3|
    /// b:      ----x--y--z-
    /// output: ----P--Q--R|      P = [1,x], Q = [2,y], R = [3,z]; then a is used up
    /// ```
    ///
    /// - Complexity: O(number of sources) per array sent; O(1) amortised per value
    ///   received. Values wait in their queue until every source has one.
    /// - SeeAlso: RxSwift `Observable.zip(_:)`, ReactiveSwift `SignalProducer.zip(_:)`,
    ///   Combine `Publishers.Zip` (up to four).
    @inlinable
    public static func zip<V>(_ signals: [Signal<V, Failure>]) -> Signal where Value == [V] {
        let count = signals.count
        guard count > 0 else { return .empty }
        return _mergedByIndex(signals).bind {
            let book = _BindingState(_ZipBook<V>(sources: count))
            return { event, stop in
                guard case .next(let (index, sourceEvent)) = event else { return nil }
                switch sourceEvent {
                case .next(let value):
                    guard let row = book.value.append(value, from: index) else { return nil }
                    stop = book.value.isExhausted
                    return .just(row)
                case .error(let error):
                    return .error(error)
                case .completed:
                    stop = book.value.complete(index)
                    return nil
                }
            }
        }
    }

    /// Pairs the values of two signals in order.
    ///
    /// Completes: as soon as one has completed and its values have all been paired.
    /// Fails: at the first error. Disposes: both.
    ///
    /// ![Signal.zip(a, b)](marble-zip.svg)
    ///
    /// Composed of: `merge` of the two sources, materialized and tagged, into a stateful
    /// `bind` keeping a queue per source (the array form's bookkeeping, without type erasure).
    ///
    /// ```swift
    /// let numbers = Subject<Int, Never>(), letters = Subject<String, Never>()
    /// Signal.zip(numbers.signal, letters.signal).subscribe(next: { print($0) })
    /// numbers.send(value: 1); numbers.send(value: 2); letters.send(value: "a")
    /// // Prints: (1, "a")
    /// ```
    /// ```
    /// a:      -1-2---3|
    /// b:      ---a-b-----c-
    /// output: ---P-Q-----R|      P = (1,a), Q = (2,b), R = (3,c)
    /// ```
    /// - SeeAlso: RxSwift `Observable.zip(_:_:)`, ReactiveSwift `zip(with:)`, Combine `zip(_:)`.
    @inlinable
    public static func zip<A, B>(
        _ a: Signal<A, Failure>,
        _ b: Signal<B, Failure>
    ) -> Signal where Value == (A, B) {
        typealias Tagged = _EitherEvent<A, B, Failure>
        let tagged = a.materialize().map(Tagged.first).merge(b.materialize().map(Tagged.second))
        return tagged.bind {
            let first = _BindingState(_ZipQueue<A>())
            let second = _BindingState(_ZipQueue<B>())
            return { event, stop in
                guard case .next(let tagged) = event else { return nil }
                switch tagged {
                case .first(.next(let value)):
                    first.value.append(value)
                case .second(.next(let value)):
                    second.value.append(value)
                case .first(.error(let error)), .second(.error(let error)):
                    return .error(error)
                case .first(.completed):
                    first.value.isDone = true
                    stop = first.value.isEmpty
                    return nil
                case .second(.completed):
                    second.value.isDone = true
                    stop = second.value.isEmpty
                    return nil
                }
                guard !first.value.isEmpty, !second.value.isEmpty else { return nil }
                let pair = (first.value.popFirst(), second.value.popFirst())
                stop = first.value.isExhausted || second.value.isExhausted
                return .just(pair)
            }
        }
    }

    /// Pairs the values of two or more signals in order, into tuples.
    ///
    /// Completes: as soon as a source has completed and its values have all been used.
    /// Fails: at the first error. Disposes: every source.
    ///
    /// Composed of: the array form of `zip` over the sources (type-erased), then `map`
    /// back into a tuple.
    ///
    /// ```swift
    /// Signal.zip(Signal.from([1, 2]), Signal.from(["a", "b"]), Signal.from([true]))
    ///     .subscribe(next: { print($0) })
    /// // Prints: (1, "a", true)
    /// ```
    /// - SeeAlso: RxSwift `Observable.zip` (arities 2-8), ReactiveSwift `SignalProducer.zip`,
    ///   Combine `zip` (up to four).
    @inlinable
    public static func zip<each S>(
        _ signals: repeat Signal<each S, Failure>
    ) -> Signal where Value == (repeat each S) {
        var erased: [Signal<Any, Failure>] = []
        for signal in repeat each signals {
            erased.append(signal.map { $0 as Any })
        }
        return Signal<[Any], Failure>.zip(erased).map { values in
            var iterator = values.makeIterator()
            return (repeat iterator.next()! as! each S)
        }
    }

    /// Pairs the values of this signal and `other` in order.
    ///
    /// Composed of: `Signal.zip(self, other)`.
    ///
    /// ```swift
    /// Signal.from([1, 2, 3]).zip(with: Signal.from(["a", "b"])).subscribe(next: { print($0) })
    /// // Prints: (1, "a"), (2, "b")
    /// ```
    /// ```
    /// self:   -1-2---3|
    /// other:  ---a-b-----c-
    /// output: ---P-Q-----R|      P = (1,a), Q = (2,b), R = (3,c)
    /// ```
    /// - SeeAlso: RxSwift `Observable.zip`, ReactiveSwift `zip(with:)`, Combine `zip(_:)`.
    @inlinable
    public func zip<B>(with other: Signal<B, Failure>) -> Signal<(Value, B), Failure> {
        Signal<(Value, B), Failure>.zip(self, other)
    }
}

/// The values one zip source has sent and that are not used yet, and whether it is done.
@usableFromInline
struct _ZipQueue<Element> {
    @usableFromInline var queue = _Queue<Element>()
    @usableFromInline var count = 0
    @usableFromInline var isDone = false

    @inlinable init() {}

    @inlinable var isEmpty: Bool { count == 0 }

    /// Done and used up: this source can never contribute to another tuple.
    @inlinable var isExhausted: Bool { isDone && count == 0 }

    @inlinable
    mutating func append(_ element: Element) {
        queue.append(element)
        count += 1
    }

    @inlinable
    mutating func popFirst() -> Element {
        count -= 1
        return queue.popFirst().unsafelyUnwrapped
    }
}

/// The bookkeeping of zip over many sources: a queue per source, and how many are empty,
/// so that a value costs O(1) and an array O(number of sources).
@usableFromInline
struct _ZipBook<Element> {
    @usableFromInline var queues: [_ZipQueue<Element>]
    @usableFromInline var emptyQueues: Int
    /// A source is done and used up: no array can be made any more.
    @usableFromInline var isExhausted = false

    @inlinable
    init(sources: Int) {
        queues = Array(repeating: _ZipQueue(), count: sources)
        emptyQueues = sources
    }

    /// Queues `element`; returns the next array if every source now has a value.
    @inlinable
    mutating func append(_ element: Element, from index: Int) -> [Element]? {
        if queues[index].isEmpty { emptyQueues -= 1 }
        queues[index].append(element)
        guard emptyQueues == 0 else { return nil }
        var row: [Element] = []
        row.reserveCapacity(queues.count)
        for index in queues.indices {
            row.append(queues[index].popFirst())
            if queues[index].isEmpty {
                emptyQueues += 1
                if queues[index].isDone { isExhausted = true }
            }
        }
        return row
    }

    /// Records that source `index` completed; returns whether the output must complete now.
    @inlinable
    mutating func complete(_ index: Int) -> Bool {
        queues[index].isDone = true
        if queues[index].isEmpty { isExhausted = true }
        return isExhausted
    }
}
