// mapError(transform)   = bind: `.next(v) -> .just(v)`, `.error(e) -> .error(transform(e))`.
// setFailureType(to:)   = promoteError() with the type named.
// promoteError()        = bind: `.next(v) -> .just(v)` (a `Never` source has no error).
// tryMap(transform)     = flattenMap { do { .just(try transform($0)) } catch { .error(error) } }.

extension Signal {
    /// Transforms this signal's error with `transform`; values and completion pass through.
    ///
    /// Completes when this signal completes; fails with `transform(error)` when it fails.
    ///
    /// ![mapError { Wrapped($0) }](marble-mapError.svg)
    ///
    /// Composed of: `bind` with `.next(v) -> .just(v)`, `.error(e) -> .error(transform(e))`,
    /// `.completed -> nil`.
    ///
    /// ```swift
    /// Signal<Int, MyError>.error(.broken).mapError { _ in AppError.offline }
    ///     .subscribe(error: { print($0) })
    /// // Prints: offline
    /// ```
    ///
    /// - SeeAlso: RxSwift (none; `catch` + `error`), ReactiveSwift `mapError`,
    ///   Combine `mapError`.
    @inlinable
    public func mapError<F: Error>(_ transform: @escaping @Sendable (Failure) -> F) -> Signal<Value, F> {
        bind {
            { event, _ in
                switch event {
                case .next(let value): return .just(value)
                case .error(let error): return .error(transform(error))
                case .completed: return nil
                }
            }
        }
    }
}

extension Signal where Failure == Never {
    /// The same signal, typed as one that may fail with `failureType`, so that it can meet
    /// failing signals in `merge`, `concat`, `flattenMap` and their kin.
    ///
    /// Values and completion pass through; it never actually fails.
    ///
    /// ![setFailureType(to: PictureFailure.self)](marble-setFailureType.svg)
    ///
    /// Composed of: `promoteError()`.
    ///
    /// ```swift
    /// let ticks = Signal.from([1, 2]).setFailureType(to: MyError.self)
    /// ticks.merge(.error(.broken)).subscribe(next: { print($0) }, error: { print($0) })
    /// // Prints: 1, 2, broken
    /// ```
    ///
    /// - SeeAlso: RxSwift (none: errors are untyped), ReactiveSwift `promoteError(_:)`,
    ///   Combine `setFailureType(to:)`.
    @inlinable
    public func setFailureType<F: Error>(to failureType: F.Type) -> Signal<Value, F> {
        promoteError()
    }

    /// The same signal, typed as one that may fail with the failure type the context
    /// expects: `a.merge(b.promoteError())` meets a failing `a` without naming the type.
    ///
    /// Values and completion pass through; it never actually fails.
    ///
    /// Composed of: `bind` with `.next(v) -> .just(v)`, `.completed -> nil` (a signal that
    /// cannot fail has no error to map).
    ///
    /// ```swift
    /// let requests: Signal<Int, MyError> = .from([1])
    /// let ticks = Signal.from([2, 3])
    /// requests.merge(ticks.promoteError()).subscribe(next: { print($0) })
    /// // Prints: 1, 2, 3
    /// ```
    ///
    /// - SeeAlso: RxSwift (none: errors are untyped), ReactiveSwift `promoteError()`,
    ///   Combine `setFailureType(to:)`.
    @inlinable
    public func promoteError<F: Error>() -> Signal<Value, F> {
        bind {
            { event, _ in
                switch event {
                case .next(let value): return .just(value)
                case .completed: return nil
                }
            }
        }
    }
}

extension Signal where Failure == any Error {
    /// Transforms each value with a throwing `transform`; a thrown error fails the output
    /// and disposes this signal.
    ///
    /// Completes when this signal completes; fails with this signal's error or with the
    /// first error `transform` throws.
    ///
    /// ![tryMap { try number($0) }](marble-tryMap.svg)
    ///
    /// Composed of: `flattenMap { v in do { .just(try transform(v)) } catch { .error(error) } }`
    /// (constants only: no allocation per value unless it throws).
    ///
    /// ```swift
    /// Signal<String, any Error>.from(["1", "x"])
    ///     .tryMap { text in guard let n = Int(text) else { throw MyError.broken }; return n }
    ///     .subscribe(next: { print($0) }, error: { print($0) })
    /// // Prints: 1, broken
    /// ```
    ///
    /// - SeeAlso: RxSwift `map` (whose closure may throw), ReactiveSwift `attemptMap`,
    ///   Combine `tryMap`.
    @inlinable
    public func tryMap<U>(_ transform: @escaping @Sendable (Value) throws -> U) -> Signal<U, any Error> {
        flattenMap { value in
            do {
                return .just(try transform(value))
            } catch {
                return .error(error)
            }
        }
    }
}
