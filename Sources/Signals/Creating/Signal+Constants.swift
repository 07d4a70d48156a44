// The constant signals: `just`, `empty`, `error`, and `never`.
//
// `just`, `empty` and `error` are recognised by `bind`, which delivers them without a
// subscription (its constant fast path): a binding that returns `.just(x)` costs nothing.

extension Signal {
    /// Sends `value`, then completes.
    ///
    /// ![Signal.just(1)](marble-just.svg)
    ///
    /// ```swift
    /// Signal<Int, MyError>.just(1).subscribe(next: { print($0) }) // Prints: 1
    /// ```
    @inlinable
    public static func just(_ value: Value) -> Signal {
        Signal(_representation: .value(value))
    }

    /// Completes at once, without a value.
    ///
    /// ![Signal<Int, Never>.empty](marble-empty.svg)
    ///
    /// Its type must be known from context: `Signal<Int, Never>.empty`, or `a.concat(.empty)`.
    ///
    /// ```swift
    /// Signal<Int, Never>.empty.subscribe(completed: { print("done") }) // Prints: done
    /// ```
    @inlinable
    public static var empty: Signal {
        Signal(_representation: .completed)
    }

    /// Fails at once with `error`.
    ///
    /// ![Signal<Int, PictureFailure>.error(oops)](marble-error.svg)
    ///
    /// ```swift
    /// Signal<Int, MyError>.error(.broken).subscribe(error: { print($0) }) // Prints: broken
    /// ```
    @inlinable
    public static func error(_ error: Failure) -> Signal {
        Signal(_representation: .failure(error))
    }

    /// Never sends anything, and never completes. Disposing its subscription is all that
    /// ends it.
    ///
    /// ![Signal<Int, Never>.never](marble-never.svg)
    ///
    /// ```swift
    /// let silence = Signal<Int, Never>.never
    /// let subscription = silence.subscribe(next: { print($0) }) // prints nothing, ever
    /// subscription.dispose()
    /// ```
    @inlinable
    public static var never: Signal {
        Signal(_representation: .subscribe { _ in })
    }
}

extension Signal where Failure == Never {
    /// Sends `value`, then completes; a signal that cannot fail, so `Signal.just(1)` is a
    /// `Signal<Int, Never>`.
    ///
    /// ```swift
    /// Signal.just(1).subscribe(next: { print($0) }) // Prints: 1
    /// ```
    @inlinable
    public static func just(_ value: Value) -> Signal {
        Signal(_representation: .value(value))
    }
}
