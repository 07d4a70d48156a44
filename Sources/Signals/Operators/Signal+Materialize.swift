// materialize   = bind with the binding `event -> .just(event)` (terminal events included).
// dematerialize = bind with `.next(.next(v)) -> .just(v)`, `.next(.error(e)) -> .error(e)`,
//                 `.next(.completed) -> stop`.

extension Signal {
    /// Turns every event, including the terminal one, into a value; then completes. The
    /// result never fails.
    ///
    /// ![materialize()](marble-materialize.svg)
    ///
    /// Composed of: `bind` with the binding `event -> .just(event)`; it needs bind's
    /// generalisation that the binding sees the terminal event.
    ///
    /// ```swift
    /// Signal<Int, MyError>.from([1]).materialize().subscribe(next: { print($0) })
    /// // Prints: next(1), completed
    /// ```
    @inlinable
    public func materialize() -> Signal<Event<Value, Failure>, Never> {
        bind {
            { event, _ in .just(event) }
        }
    }
}

extension Signal where Failure == Never {
    /// The inverse of `materialize()`: turns event values back into events. A `.completed`
    /// or `.error` value ends the output with that event.
    ///
    /// ![dematerialize()](marble-dematerialize.svg)
    ///
    /// Composed of: `bind` with the binding `.next(.next(v)) -> .just(v)`,
    /// `.next(.error(e)) -> .error(e)`, `.next(.completed) -> stop`.
    ///
    /// ```swift
    /// Signal.from([Event<Int, MyError>.next(1), .completed]).dematerialize()
    ///     .subscribe(next: { print($0) }, completed: { print("done") })
    /// // Prints: 1, done
    /// ```
    @inlinable
    public func dematerialize<V, F: Error>() -> Signal<V, F> where Value == Event<V, F> {
        bind {
            { event, stop in
                switch event {
                case .next(.next(let value)): return .just(value)
                case .next(.error(let error)): return .error(error)
                case .next(.completed):
                    stop = true
                    return nil
                case .completed: return nil
                }
            }
        }
    }
}
