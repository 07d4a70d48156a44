// collect()       = a stateful bind: `.next(v) -> buffer.append(v); nil`,
//                   `.completed -> .just(buffer)`.
// collect(count:) = a stateful bind: `.next(v) -> append; full ? .just(buffer) : nil`,
//                   `.completed -> the partial rest, if any`.

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
}
