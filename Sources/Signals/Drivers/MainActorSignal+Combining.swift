#if canImport(Dispatch)
// Drivers side by side: each is the Signal operator of the same name over the drivers'
// signals, shared as a driver (MainActorSignal+Operators.swift). Every input is a driver, whose
// events arrive on the main actor, so the combination is sent there too, with no second hop.
//
//   a.merge(with: b)                     = shared(a.signal.merge(b.signal))
//   MainActorSignal.merge(a, b, …)       = shared(Signal.merge([a, b, …].map(\.signal)))
//   MainActorSignal.combineLatest(a, …)  = shared(Signal.combineLatest(a.signal, …))
//   MainActorSignal.zip(a, …)            = shared(Signal.zip(a.signal, …))
//
// The result delivers through the first driver's scheduler (`.mainActor` when there is none).

extension MainActorSignal {
    /// Sends the values of this driver and of `other` as they arrive.
    ///
    /// Completes when both complete; fails at the first error.
    ///
    /// Composed of: `signal.merge(other.signal)`, shared as a driver.
    ///
    /// ```swift
    /// let refresh = Signal.just("pull").driver(), load = Signal.just("appear").driver()
    /// refresh.merge(with: load).subscribe(next: { @MainActor in print($0) })
    /// // Prints: pull, appear
    /// ```
    /// - SeeAlso: RxCocoa `Driver.merge(_:)`.
    @inlinable
    public func merge(with other: MainActorSignal) -> MainActorSignal {
        _onMainActor(signal.merge(other.signal))
    }


    /// Sends the values of all `drivers` as they arrive, on the main actor (RxCocoa's
    /// `Driver.merge(_:)`).
    ///
    /// Completes when every driver has completed; fails at the first error.
    ///
    /// Composed of: `Signal.merge([first] + rest)` over the drivers' signals, shared as a
    /// driver.
    ///
    /// ```swift
    /// let pull = Signal.just("pull").driver(), appear = Signal.just("appear").driver()
    /// let timer = Signal.just("timer").driver()
    /// MainActorSignal.merge(pull, appear, timer).subscribe(next: { @MainActor in print($0) })
    /// // Prints: pull, appear, timer
    /// ```
    /// - SeeAlso: RxCocoa `Driver.merge(_:)`, ``Signal/merge(_:_:)-(Signal,_)``.
    @inlinable
    public static func merge(_ first: MainActorSignal, _ rest: MainActorSignal...) -> MainActorSignal {
        merge([first] + rest)
    }

    /// Sends the values of every driver in `drivers` as they arrive, on the main actor; an
    /// empty sequence completes at once.
    ///
    /// Completes when every driver has completed; fails at the first error. The sequence is
    /// read once, when this is called.
    ///
    /// Composed of: `Signal.merge(drivers.map(\.signal))`, shared as a driver.
    ///
    /// ```swift
    /// let sources = ["wifi", "cell"].map { Signal.just($0).driver() }
    /// MainActorSignal.merge(sources).subscribe(next: { @MainActor in print($0) })
    /// // Prints: wifi, cell
    /// ```
    /// - SeeAlso: RxCocoa `Driver.merge(_:)` with an array.
    @inlinable
    public static func merge(_ drivers: some Sequence<MainActorSignal>) -> MainActorSignal {
        let drivers = Array(drivers)
        let signals = drivers.map(\.signal)
        return Signal.merge(signals)._sharedOnMainActor(drivers.first?._scheduler ?? .mainActor)
    }
}

extension MainActorSignal {
    /// Combines the latest values of two or more drivers into tuples, on the main actor.
    ///
    /// The rules are `Signal.combineLatest(_:)`'s: emits once
    /// every driver has a value, then on every value of any. The result delivers through the
    /// first driver's scheduler.
    ///
    /// Composed of: `Signal.combineLatest(repeat (each drivers).signal)`, shared as a driver.
    ///
    /// ```swift
    /// let user = Signal.just("ada").driver(), password = Signal.just("secret").driver()
    /// MainActorSignal.combineLatest(user, password).map { $0.count > 2 && $1.count > 5 }
    ///     .subscribe(next: { @MainActor in print($0) })
    /// // Prints: true
    /// ```
    /// - SeeAlso: RxCocoa `Driver.combineLatest`.
    @inlinable
    public static func combineLatest<each S>(
        _ drivers: repeat MainActorSignal<each S, Failure>
    ) -> MainActorSignal where Value == (repeat each S) {
        Signal<(repeat each S), Failure>.combineLatest(repeat (each drivers).signal)
            ._sharedOnMainActor(_firstScheduler(repeat each drivers))
    }

    /// Combines the latest values of two or more drivers with `combine`, on the main actor
    /// (RxCocoa's `combineLatest(…, resultSelector:)`).
    ///
    /// Composed of: `Signal.combineLatest(repeat (each drivers).signal, combine:)`, shared as a driver.
    ///
    /// ```swift
    /// let user = Signal.just("ada").driver(), password = Signal.just("secret").driver()
    /// MainActorSignal.combineLatest(user, password) { "\($0):\($1.count)" }
    ///     .subscribe(next: { @MainActor in print($0) })
    /// // Prints: ada:6
    /// ```
    @inlinable
    public static func combineLatest<each S>(
        _ drivers: repeat MainActorSignal<each S, Failure>,
        combine: @escaping @Sendable (repeat each S) -> Value
    ) -> MainActorSignal {
        Signal.combineLatest(repeat (each drivers).signal, combine: combine)
            ._sharedOnMainActor(_firstScheduler(repeat each drivers))
    }

    /// Pairs the values of two or more drivers in order, on the main actor.
    ///
    /// The rules are `Signal.zip(_:)`'s.
    ///
    /// Composed of: `Signal.zip(repeat (each drivers).signal)`, shared as a driver.
    ///
    /// ```swift
    /// MainActorSignal.zip(Signal.from([1, 2]).driver(), Signal.from(["a", "b"]).driver())
    ///     .subscribe(next: { @MainActor in print($0) })
    /// // Prints: (1, "a"), (2, "b")
    /// ```
    /// - SeeAlso: RxCocoa `Driver.zip`.
    @inlinable
    public static func zip<each S>(
        _ drivers: repeat MainActorSignal<each S, Failure>
    ) -> MainActorSignal where Value == (repeat each S) {
        Signal<(repeat each S), Failure>.zip(repeat (each drivers).signal)
            ._sharedOnMainActor(_firstScheduler(repeat each drivers))
    }

    /// The scheduler of the first driver in the pack (`.mainActor` for an empty pack).
    @inlinable
    static func _firstScheduler<each S>(
        _ drivers: repeat MainActorSignal<each S, Failure>
    ) -> MainActorScheduler {
        var first: MainActorScheduler?
        for driver in repeat each drivers {
            if first == nil { first = driver._scheduler }
        }
        return first ?? .mainActor
    }
}
#endif
