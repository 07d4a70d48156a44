// Batching: the operators that collect values into arrays, all in this file.
//
// collect()       = a stateful bind: `.next(v) -> buffer.append(v); nil`,
//                   `.completed -> .just(buffer)`.
// collect(count:) = a stateful bind: `.next(v) -> append; full ? .just(buffer) : nil`,
//                   `.completed -> the partial rest, if any`.
// chunked(on: key) = a stateful bind keeping the open chunk `(key, [values])`:
//     `.next(v)    -> key(v) == chunk.key ? append v, nil : .just(chunk), open (key(v), [v])`;
//     `.completed  -> .just(chunk)` if one is open;
//     `.error(e)   -> .error(e)` (the open chunk is dropped).
// buffer(timeSpan: t, count: n, on: s) = deferred {
//     let restarts = Subject()   // the binding sends here when a full buffer ends a window
//     merge of `restarts.startWith(()).flatMapLatest { interval(t, on: s) }` (window ends) and
//     this signal materialized, into a stateful bind keeping the buffer: a window end or the
//     n-th value sends it (a full one restarts the clock); completion sends the rest.
// }
// buffer(boundary: b) = merge of b (subscribed first) and this signal, each materialized and
//     tagged, into a stateful bind keeping the array: a value of b sends it (even empty) and
//     starts the next; this signal's completion sends the rest and completes; an error of
//     either fails; b's completion changes nothing.
// collect(every: t, on: s) = buffer(timeSpan: t, count: .max, on: s).filter { !$0.isEmpty }
//   Where these cut, they cut with bind's cut: a full buffer restarts the clock through
//   flatMapLatest, which disposes the running interval with BindControl.cancelInners(). Per
//   value they schedule nothing (a value is appended), so the one interval of a window, or
//   of the whole subscription, is all the time they cost.
//
// (window(count:), window(timeSpan:count:on:) and window(boundary:) batch into signals, not
// arrays: they live with groupBy's splitter, in Signal+Window.swift.)

extension Signal {
    /// Collects every value and sends them as one array when this signal completes (`[]`
    /// for an empty signal).
    ///
    /// Completes right after the array; fails with this signal's error, dropping what was
    /// collected.
    ///
    /// ![collect()](marble-collect.svg)
    ///
    /// Composed of: a stateful `bind`: `.next(v) -> buffer.append(v); nil`,
    /// `.completed -> .just(buffer)`.
    ///
    /// ```swift
    /// Signal.from([1, 2, 3]).collect().subscribe(next: { print($0) })
    /// // Prints: [1, 2, 3]
    /// ```
    /// ```
    /// source: -1-2-3-|
    /// output: -------[1,2,3]|
    /// ```
    ///
    /// - Complexity: O(n) memory for n values.
    /// - SeeAlso: RxSwift `toArray`, ReactiveSwift `collect()`, Combine `collect()`.
    @inlinable
    public func collect() -> Signal<[Value], Failure> {
        bind {
            let buffer = _BindingState<[Value]>([])
            return { event, _ in
                switch event {
                case .next(let value):
                    buffer.value.append(value)
                    return nil
                case .error(let error):
                    return .error(error)
                case .completed:
                    return .just(buffer.value)
                }
            }
        }
    }

    /// Collects the values into arrays of `count` and sends each as it fills; when this
    /// signal completes, sends the partial rest, if any.
    ///
    /// Completes when this signal completes (after the rest); fails with its error,
    /// dropping a partial array.
    ///
    /// ![collect(count: 2)](marble-collect-count.svg)
    ///
    /// Composed of: a stateful `bind`: `.next(v) -> append; full ? .just(buffer) : nil`,
    /// `.completed -> .just(rest)` when the rest is not empty.
    ///
    /// ```swift
    /// Signal.from(1...5).collect(count: 2).subscribe(next: { print($0) })
    /// // Prints: [1, 2], [3, 4], [5]
    /// ```
    /// ```
    /// source: -1-2-----3-4-----5-|
    /// output: ---[1,2]---[3,4]---[5]|
    /// ```
    ///
    /// - Precondition: `count > 0`.
    /// - Complexity: one array allocation per `count` values.
    /// - SeeAlso: RxSwift (none by count alone; `buffer(timeSpan:count:scheduler:)`),
    ///   ReactiveSwift `collect(count:)`, Combine `collect(_ count:)`.
    @inlinable
    public func collect(count: Int) -> Signal<[Value], Failure> {
        _precondition(count > 0, "Signals: collect(count:) needs a count of 1 or more, got \(count); collect() makes one array of every value")
        return bind {
            let buffer = _BindingState<[Value]>([])
            return { event, _ in
                switch event {
                case .next(let value):
                    if buffer.value.isEmpty { buffer.value.reserveCapacity(count) }
                    buffer.value.append(value)
                    guard buffer.value.count == count else { return nil }
                    defer { buffer.value = [] }
                    return .just(buffer.value)
                case .error(let error):
                    return .error(error)
                case .completed:
                    return buffer.value.isEmpty ? nil : .just(buffer.value)
                }
            }
        }
    }

    /// Groups consecutive values that have the same key into chunks, and sends each chunk as
    /// `(key, values)` when a value with another key starts the next one.
    ///
    /// The rule of swift-async-algorithms' `chunked(on:)`, whose shape `(Subject, [Element])`
    /// this is: a key that comes back after another one starts a new chunk (unlike
    /// ``groupBy(_:)``, which sends every value of a key to one group), and no chunk is ever
    /// empty.
    ///
    /// Completes when this signal completes, after sending the open chunk (if a value came);
    /// fails with its error, dropping the open chunk. Each subscription starts without a chunk.
    ///
    /// ![chunked(on: { $0.isMultiple(of: 2) })](marble-chunked-on.svg)
    ///
    /// Composed of: a stateful `bind` keeping the open chunk:
    /// `.next(v) -> key(v) == chunk.key ? append : .just(chunk)` then open `(key(v), [v])`;
    /// `.completed -> .just(chunk)`.
    ///
    /// ```swift
    /// Signal.from([1, 3, 2, 4, 5]).chunked(on: { $0.isMultiple(of: 2) })
    ///     .subscribe(next: { print($0.1) })
    /// // Prints: [1, 3], [2, 4], [5]
    /// ```
    /// From `ChunkedOnTests`, keyed by `isMultiple(of: 2)` (`x` = `(false, [1, 3])`,
    /// `y` = `(true, [2])`, `z` = `(false, [5])`):
    /// ```
    /// source: -1-3-2-5-|
    /// output: -----x-y-(z|)
    /// ```
    ///
    /// The key type is `SendableMetatype` (as for ``distinctUntilChanged()``): its `==` runs on
    /// whichever thread delivers.
    ///
    /// - Complexity: one array per chunk.
    /// - SeeAlso: swift-async-algorithms `chunked(on:)`; RxSwift, ReactiveSwift and Combine
    ///   have none (Kotlin `chunked` is by count; Python's `itertools.groupby` is this rule).
    @inlinable
    public func chunked<Key: Equatable & SendableMetatype>(
        on key: @escaping @Sendable (Value) -> Key
    ) -> Signal<(Key, [Value]), Failure> {
        bind {
            let chunk = _BindingState<(key: Key, values: [Value])?>(nil)
            return { event, _ in
                switch event {
                case .next(let value):
                    let valueKey = key(value)
                    if chunk.value?.key == valueKey {
                        chunk.value?.values.append(value) // in place: the array is not copied
                        return nil
                    }
                    defer { chunk.value = (valueKey, [value]) }
                    return chunk.value.map { .just(($0.key, $0.values)) }
                case .error(let error):
                    return .error(error)
                case .completed:
                    return chunk.value.map { .just(($0.key, $0.values)) }
                }
            }
        }
    }

    /// Collects the values into arrays, sending one at the end of every window of `timeSpan`
    /// on `scheduler` — an empty array for a window without values — or as soon as it holds
    /// `count` values, which starts the next window there.
    ///
    /// These are RxSwift's rules: on completion the current array is sent, even empty, then
    /// the output completes. Fails as soon as this signal fails, dropping the array.
    /// Disposing the output disposes this signal and cancels the clock.
    ///
    /// ![buffer(timeSpan: 4, count: 2)](marble-buffer.svg)
    ///
    /// Composed of: `deferred { … }` around `merge` of
    /// `restarts.signal.startWith(()).flatMapLatest { _ in Signal.interval(timeSpan, on: scheduler) }`
    /// (a `Subject` the binding sends into when a full array ends a window early) and
    /// `materialize()`, into a stateful `bind` keeping the array.
    ///
    /// ```swift
    /// let scheduler = TestScheduler()
    /// Signal.from([1, 2, 3]).concat(.never).buffer(timeSpan: .seconds(1), count: 2, on: scheduler)
    ///     .subscribe(next: { print($0) })
    /// scheduler.advance(by: .seconds(2))
    /// // Prints: [1, 2], [3], []
    /// ```
    /// With a time span of three ticks and a count of 2 (from `BufferTests`; `e` is `[]`):
    /// ```
    /// source: -abc---d-----|
    /// output: --x--y--z--e-(e|)     x = [a, b], y = [c], z = [d]
    /// ```
    ///
    /// - Precondition: `timeSpan > .zero` and `count > 0`.
    /// - Complexity: one array per window.
    /// - SeeAlso: RxSwift `buffer(timeSpan:count:scheduler:)`, ReactiveSwift none
    ///   (`collect(every:on:)` is by time only), Combine `collect(.byTimeOrCount(_:_:_:))`.
    @inlinable @inline(__always)
    public func buffer(timeSpan: Duration, count: Int, on scheduler: some Scheduler) -> Signal<[Value], Failure> {
        _precondition(timeSpan > .zero, "Signals: buffer(timeSpan:count:on:) needs a positive time span, got \(timeSpan); pass a Duration greater than .zero")
        _precondition(count > 0, "Signals: buffer(timeSpan:count:on:) needs a count of 1 or more, got \(count); collect(every:on:) buffers by time only")
        return scheduler._isSpecialisable
            ? _buffer(timeSpan: timeSpan, count: count, on: scheduler)
            : _buffer(timeSpan: timeSpan, count: count, on: scheduler._erased)
    }

    /// `buffer(timeSpan:count:on:)`, specialised for the scheduler's type (`_ErasedScheduler`
    /// for one held as `any Scheduler`: Scheduler+Specialising.swift).
    @inlinable
    func _buffer(timeSpan: Duration, count: Int, on scheduler: some Scheduler) -> Signal<[Value], Failure> {
        let source = self
        return .deferred {
            let restarts = Subject<Void, Never>()
            let windowEnds: Signal<_WindowStep<Value, Failure>, Never> = restarts.signal
                .startWith(())
                .flatMapLatest { _ in Signal<Int, Never>.interval(timeSpan, on: scheduler) }
                .map { _ in .windowEnded }
            let steps = windowEnds.merge(source.materialize().map { .source($0) })
            return steps.bind {
                let buffer = _BindingState<[Value]>([])
                return { event, stop in
                    guard case .next(let step) = event else { return nil }
                    switch step {
                    case .source(.next(let value)):
                        buffer.value.append(value)
                        guard buffer.value.count == count else { return nil }
                        restarts.send(value: ())
                        defer { buffer.value = [] }
                        return .just(buffer.value)
                    case .source(.error(let error)):
                        return .error(error)
                    case .source(.completed):
                        stop = true
                        return .just(buffer.value)
                    case .windowEnded:
                        defer { buffer.value = [] }
                        return .just(buffer.value)
                    }
                }
            }
        }
    }

    /// Collects the values into arrays, sending the array each time `boundary` sends a value
    /// — an empty one if no value came since the last — and starting the next there.
    ///
    /// Completes when this signal completes, after sending the array it was collecting,
    /// even empty (the rule of ``buffer(timeSpan:count:on:)``, RxJS's and RxJava's). The
    /// boundary's completion changes nothing: the values that follow go into one last array,
    /// sent when this signal completes (RxJS 7's rule; RxJava completes there). Fails when
    /// this signal or the boundary fails, dropping the array. Disposing the output disposes
    /// both. Write `.filter { !$0.isEmpty }` to skip empty arrays, as swift-async-algorithms'
    /// `chunked(by:)` does.
    ///
    /// `boundary` is subscribed first: on a deterministic scheduler, a boundary value and a
    /// value of this signal at the same instant, both scheduled at subscription (cold test
    /// signals), end the array before the value, which starts the next one.
    ///
    /// ![buffer(boundary: boundary)](marble-buffer-boundary.svg)
    ///
    /// Composed of: `merge` of `boundary` (first) and `self`, each `materialize`d and tagged,
    /// into a stateful `bind` keeping the array.
    ///
    /// ```swift
    /// let flushes = Subject<Void, Never>(), values = Subject<Int, Never>()
    /// values.signal.buffer(boundary: flushes.signal).subscribe(next: { print($0) })
    /// values.send(value: 1); values.send(value: 2); flushes.send(value: ())
    /// flushes.send(value: ())
    /// // Prints: [1, 2], []
    /// ```
    /// From `BufferBoundaryTests` (`x` = `[a, b]`, `y` = `[c]`, `e` = `[]`):
    /// ```
    /// source:   -ab-c-----|
    /// boundary: ---o--oo---
    /// output:   ---x--ye--(e|)
    /// ```
    ///
    /// - Complexity: one array per boundary value.
    /// - SeeAlso: RxJava and RxJS `buffer(boundary)`, swift-async-algorithms `chunked(by:)`
    ///   (skips empty chunks), CombineExt `collect(until:)` (close); RxSwift, ReactiveSwift and
    ///   Combine have none.
    @inlinable
    public func buffer<Boundary>(boundary: Signal<Boundary, Failure>) -> Signal<[Value], Failure> {
        typealias Tagged = _EitherEvent<Value, Boundary, Failure>
        let tagged = boundary.materialize().map(Tagged.second).merge(materialize().map(Tagged.first))
        return tagged.bind {
            let buffer = _BindingState<[Value]>([])
            return { event, stop in
                guard case .next(let tagged) = event else { return nil }
                switch tagged {
                case .first(.next(let value)):
                    buffer.value.append(value)
                    return nil
                case .second(.next):
                    defer { buffer.value = [] }
                    return .just(buffer.value)
                case .first(.error(let error)), .second(.error(let error)):
                    return .error(error)
                case .first(.completed):
                    stop = true
                    return .just(buffer.value)
                case .second(.completed):
                    return nil
                }
            }
        }
    }

    /// Collects the values that arrive in each period of `period` on `scheduler` and sends
    /// them as one array at the end of the period; a period without values sends nothing.
    ///
    /// Completes when this signal completes, after sending the values collected since the
    /// last period ended, if any (as Combine's `collect(.byTime)`). Fails as soon as this
    /// signal fails, dropping them. Disposing the output disposes this signal and cancels
    /// the clock.
    ///
    /// ![collect(every: 3)](marble-collect-every.svg)
    ///
    /// Composed of: `buffer(timeSpan: period, count: .max, on: scheduler).filter { !$0.isEmpty }`.
    ///
    /// ```swift
    /// let scheduler = TestScheduler(), taps = Subject<Int, Never>()
    /// taps.signal.collect(every: .seconds(1), on: scheduler).subscribe(next: { print($0) })
    /// taps.send(value: 1); taps.send(value: 2)
    /// scheduler.advance(by: .seconds(2))
    /// // Prints: [1, 2]
    /// ```
    /// With a period of three ticks (from `CollectEveryTests`):
    /// ```
    /// source: -ab--c-----d-|
    /// output: ---x--y-----z|      x = [a, b], y = [c], z = [d]
    /// ```
    ///
    /// - Precondition: `period > .zero`.
    /// - Complexity: one array per period with values.
    /// - SeeAlso: RxSwift `buffer(timeSpan:count:scheduler:)` (which sends empty arrays),
    ///   ReactiveSwift `collect(every:on:skipEmpty:discardWhenCompleted:)`,
    ///   Combine `collect(.byTime(_:_:))`.
    @inlinable @inline(__always)
    public func collect(every period: Duration, on scheduler: some Scheduler) -> Signal<[Value], Failure> {
        _precondition(period > .zero, "Signals: collect(every:on:) needs a positive period, got \(period); pass a Duration greater than .zero")
        return buffer(timeSpan: period, count: .max, on: scheduler).filter { !$0.isEmpty }
    }
}
