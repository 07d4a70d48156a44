// The operators that take another signal, taking anything signal-like (SignalConvertible: a
// driver, a property, a subject): each is the signal form of the same name applied to
// `other.signal`, read once when the composition is built.
//
//   a.withLatestFrom(x)        = a.withLatestFrom(x.signal)        (and with a resultSelector)
//   a.combineLatest(with: x)   = a.combineLatest(with: x.signal)
//   Signal.combineLatest(x, …) = Signal.combineLatest(x.signal, …) (and with a combine closure)
//   a.zip(with: x)             = a.zip(with: x.signal)
//   Signal.zip(x, …)           = Signal.zip(x.signal, …)
//   a.merge(x)                 = a.merge(x.signal)
//   Signal.merge(x, …)         = Signal.merge([x.signal, …])
//   a.take(until: x)           = a.take(until: x.signal)
//   a.skip(until: x)           = a.skip(until: x.signal)
//   a.sample(on: x)            = a.sample(on: x.signal)
//
// Each is `@_disfavoredOverload`: given `Signal`s, a call resolves to the signal form exactly
// as before (the same code, the same inference of `.just(1)` or `.empty`), and these forms
// are chosen only for what is not a `Signal`.

extension Signal {
    /// Pairs each value of this signal with the latest value of `other` — a driver, a
    /// property, a subject: anything ``SignalConvertible``. The rules are those of the signal
    /// form, ``withLatestFrom(_:)-(Signal<Other,Failure>)``.
    ///
    /// Composed of: `withLatestFrom(other.signal)`.
    ///
    /// ```swift
    /// let name = MutableProperty("Ada"), taps = Subject<Void, Never>()
    /// taps.signal.withLatestFrom(name).subscribe(next: { print($0.1) })
    /// taps.send(value: ()) // Prints: Ada
    /// ```
    @_disfavoredOverload @inlinable
    public func withLatestFrom<Other>(
        _ other: some SignalConvertible<Other, Failure>
    ) -> Signal<(Value, Other), Failure> {
        withLatestFrom(other.signal)
    }

    /// Combines each value of this signal with the latest value of `other` (anything
    /// ``SignalConvertible``) through `resultSelector`. The rules are those of
    /// ``withLatestFrom(_:resultSelector:)-(Signal<Other,Failure>,_)``.
    ///
    /// Composed of: `withLatestFrom(other.signal, resultSelector:)`.
    ///
    /// ```swift
    /// let name = MutableProperty("Ada"), taps = Subject<Void, Never>()
    /// taps.signal.withLatestFrom(name) { _, name in "hello, \(name)" }.subscribe(next: { print($0) })
    /// taps.send(value: ()) // Prints: hello, Ada
    /// ```
    @_disfavoredOverload @inlinable
    public func withLatestFrom<Other, Result>(
        _ other: some SignalConvertible<Other, Failure>,
        resultSelector: @escaping @Sendable (Value, Other) -> Result
    ) -> Signal<Result, Failure> {
        withLatestFrom(other.signal, resultSelector: resultSelector)
    }

    /// Combines the latest values of this signal and `other` (anything
    /// ``SignalConvertible``) into pairs. The rules are those of ``combineLatest(with:)-(Signal<B,Failure>)``.
    ///
    /// Composed of: `combineLatest(with: other.signal)`.
    ///
    /// ```swift
    /// let unit = MutableProperty("kg"), weights = Subject<Int, Never>()
    /// weights.signal.combineLatest(with: unit).subscribe(next: { print("\($0.0) \($0.1)") })
    /// weights.send(value: 3) // Prints: 3 kg
    /// ```
    @_disfavoredOverload @inlinable
    public func combineLatest<B>(
        with other: some SignalConvertible<B, Failure>
    ) -> Signal<(Value, B), Failure> {
        combineLatest(with: other.signal)
    }

    /// Combines the latest values of two or more signal-like values — signals, drivers,
    /// properties, subjects, mixed — into tuples. The rules are those of the signal form,
    /// `Signal.combineLatest(_:_:)`.
    ///
    /// Composed of: `Signal.combineLatest(repeat (each sources).signal)`.
    ///
    /// ```swift
    /// let name = MutableProperty("Ada"), age = BehaviorSubject<Int, Never>(value: 36)
    /// Signal.combineLatest(name, age).subscribe(next: { print($0) })
    /// // Prints: ("Ada", 36)
    /// ```
    @_disfavoredOverload @inlinable
    public static func combineLatest<each S>(
        _ sources: repeat any SignalConvertible<each S, Failure>
    ) -> Signal where Value == (repeat each S) {
        Signal.combineLatest(repeat (each sources).signal)
    }

    /// Combines the latest values of two or more signal-like values with `combine`.
    ///
    /// Composed of: `Signal.combineLatest(repeat (each sources).signal, combine:)`.
    ///
    /// ```swift
    /// let name = MutableProperty("Ada"), age = BehaviorSubject<Int, Never>(value: 36)
    /// Signal.combineLatest(name, age) { "\($0), \($1)" }.subscribe(next: { print($0) })
    /// // Prints: Ada, 36
    /// ```
    @_disfavoredOverload @inlinable
    public static func combineLatest<each S>(
        _ sources: repeat any SignalConvertible<each S, Failure>,
        combine: @escaping @Sendable (repeat each S) -> Value
    ) -> Signal {
        Signal.combineLatest(repeat (each sources).signal, combine: combine)
    }

    /// Pairs the values of this signal and `other` (anything ``SignalConvertible``) in order.
    /// The rules are those of ``zip(with:)-(Signal<B,Failure>)``.
    ///
    /// Composed of: `zip(with: other.signal)`.
    ///
    /// ```swift
    /// let letters = ReplaySubject<String, Never>(capacity: 2)
    /// letters.send(value: "a"); letters.send(value: "b")
    /// Signal.from([1, 2]).zip(with: letters).subscribe(next: { print($0) })
    /// // Prints: (1, "a"), (2, "b")
    /// ```
    @_disfavoredOverload @inlinable
    public func zip<B>(with other: some SignalConvertible<B, Failure>) -> Signal<(Value, B), Failure> {
        zip(with: other.signal)
    }

    /// Zips two or more signal-like values into tuples, in order. The rules are those of the
    /// signal form, `Signal.zip(_:_:)`.
    ///
    /// Composed of: `Signal.zip(repeat (each sources).signal)`.
    ///
    /// ```swift
    /// let letters = ReplaySubject<String, Never>(capacity: 2)
    /// letters.send(value: "a"); letters.send(value: "b")
    /// Signal.zip(Signal.from([1, 2]), letters).subscribe(next: { print($0) })
    /// // Prints: (1, "a"), (2, "b")
    /// ```
    @_disfavoredOverload @inlinable
    public static func zip<each S>(
        _ sources: repeat any SignalConvertible<each S, Failure>
    ) -> Signal where Value == (repeat each S) {
        Signal.zip(repeat (each sources).signal)
    }

    /// Merges this signal with `other` (anything ``SignalConvertible``). The rules are those
    /// of ``merge(_:)-(Signal)``.
    ///
    /// Composed of: `merge(other.signal)`.
    ///
    /// ```swift
    /// let typed = Subject<String, Never>(), draft = MutableProperty("hi")
    /// typed.signal.merge(draft).subscribe(next: { print($0) }) // Prints: hi
    /// typed.send(value: "hello")                               // Prints: hello
    /// ```
    @_disfavoredOverload @inlinable
    public func merge(_ other: some SignalConvertible<Value, Failure>) -> Signal {
        merge(other.signal)
    }

    /// Merges signal-like values of one value type — signals, drivers, properties, subjects,
    /// mixed. The rules are those of the signal form, ``merge(_:_:)``.
    ///
    /// Composed of: `Signal.merge([first.signal] + rest.map { $0.signal })`.
    ///
    /// ```swift
    /// let typed = Subject<String, Never>(), draft = MutableProperty("hi")
    /// Signal.merge(typed, draft).subscribe(next: { print($0) }) // Prints: hi
    /// ```
    @_disfavoredOverload @inlinable
    public static func merge(
        _ first: any SignalConvertible<Value, Failure>,
        _ rest: any SignalConvertible<Value, Failure>...
    ) -> Signal {
        Signal.merge([first.signal] + rest.map { $0.signal })
    }

    /// Forwards this signal's values until `trigger` (anything ``SignalConvertible`` that
    /// cannot fail) sends its first value, then completes. The rules are those of
    /// ``take(until:)-(Signal<T,Never>)``.
    ///
    /// Composed of: `take(until: trigger.signal)`.
    ///
    /// ```swift
    /// let values = Subject<Int, Never>(), isDone = MutableProperty(false)
    /// values.signal.take(until: isDone.changes.filter { $0 }).subscribe(next: { print($0) })
    /// ```
    @_disfavoredOverload @inlinable
    public func take<T>(until trigger: some SignalConvertible<T, Never>) -> Signal {
        take(until: trigger.signal)
    }

    /// Skips this signal's values until `trigger` (anything ``SignalConvertible`` that cannot
    /// fail) sends its first value. The rules are those of ``skip(until:)-(Signal<T,Never>)``.
    ///
    /// Composed of: `skip(until: trigger.signal)`.
    ///
    /// ```swift
    /// let values = Subject<Int, Never>(), ready = Subject<Void, Never>()
    /// values.signal.skip(until: ready).subscribe(next: { print($0) })
    /// ```
    @_disfavoredOverload @inlinable
    public func skip<T>(until trigger: some SignalConvertible<T, Never>) -> Signal {
        skip(until: trigger.signal)
    }

    /// On each value of `trigger` (anything ``SignalConvertible`` that cannot fail), sends
    /// the latest value of this signal if a new one has arrived since the last sample. The
    /// rules are those of ``sample(on:)-(Signal<T,Never>)``.
    ///
    /// Composed of: `sample(on: trigger.signal)`.
    ///
    /// ```swift
    /// let readings = Subject<Int, Never>(), ticks = Subject<Void, Never>()
    /// readings.signal.sample(on: ticks).subscribe(next: { print($0) })
    /// readings.send(value: 7); ticks.send(value: ()) // Prints: 7
    /// ```
    @_disfavoredOverload @inlinable
    public func sample<T>(on trigger: some SignalConvertible<T, Never>) -> Signal {
        sample(on: trigger.signal)
    }
}
