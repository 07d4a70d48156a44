// chunked(on: key) = a stateful bind keeping the open chunk `(key, [values])`:
//     `.next(v)    -> key(v) == chunk.key ? append v, nil : .just(chunk), open (key(v), [v])`;
//     `.completed  -> .just(chunk)` if one is open;
//     `.error(e)   -> .error(e)` (the open chunk is dropped).

extension Signal {
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
}
