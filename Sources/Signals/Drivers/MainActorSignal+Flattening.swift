#if canImport(Dispatch)
// Drivers of drivers: each value mapped to an inner driver — or to a plain signal that cannot
// fail, brought onto the main actor by the driver's hop — and flattened with the Signal
// operator of the same name, shared as a driver (MainActorSignal+Operators.swift):
//
//   driver.flatMap(f)        = shared(signal.flatMap       { f($0).signal })   merge: every inner
//   driver.flatMapLatest(f)  = shared(signal.flatMapLatest { f($0).signal })   a new value cuts the last
//   driver.flatMapFirst(f)   = shared(signal.flatMapFirst  { f($0).signal })   values are dropped while one runs
//   driver.concatMap(f)      = shared(signal.concatMap     { f($0).signal })   one after the other
//
//   and for a plain inner signal `s` that cannot fail: the same, with `s.deliverOnMainActor`
//   (inline when `s` sends on the main actor, a turn later from another thread) as the inner.
//
// An inner driver's events are already on the main actor; a plain inner signal's pass through
// the hop where they enter the stage, so the stage itself — and what it sends, its completion
// included — stays on the main actor. An inner that can fail must handle its errors first
// (`replaceError(with:)`, `catch`), as RxCocoa's `flatMap { api.call().asDriver(onErrorJustReturn:) }`.

extension MainActorSignal {
    /// `inner` brought onto the main actor by the driver's hop, with this driver's failure type.
    @inlinable
    static func _onMainActor<U>(_ inner: Signal<U, Never>, _ scheduler: MainActorScheduler) -> Signal<U, Failure> {
        inner._deliverOnMainActor(scheduler).setFailureType(to: Failure.self)
    }

    /// Maps each value to a driver and forwards the values of every inner driver as they
    /// arrive (RxCocoa's `Driver.flatMap`).
    ///
    /// Completes when this driver and every inner driver have completed; fails at the first
    /// error.
    ///
    /// Composed of: `signal.flatMap { transform($0).signal }`, shared as a driver.
    ///
    /// ```swift
    /// let rooms = Signal.from(["a", "b"]).driver()
    /// rooms.flatMap { room in Signal.from([1, 2]).map { "\(room)\($0)" }.driver() }
    ///     .subscribe(next: { @MainActor in print($0) })
    /// // Prints: a1, a2, b1, b2
    /// ```
    /// - SeeAlso: RxCocoa `Driver.flatMap`, `Signal.flatMap(_:)`.
    @inlinable
    public func flatMap<U>(
        _ transform: @escaping @Sendable (Value) -> MainActorSignal<U, Failure>
    ) -> MainActorSignal<U, Failure> {
        _onMainActor(signal.flatMap { transform($0).signal })
    }

    /// Maps each value to a plain signal that cannot fail and forwards the values of every
    /// inner signal, on the main actor.
    ///
    /// The inner signals may send on any thread: their events reach the main actor through
    /// the driver's hop (inline when sent there). Completes when this driver and every inner
    /// signal have completed.
    ///
    /// Composed of: `signal.flatMap(transform)`, each inner signal through the driver's hop
    /// onto the main actor, shared as a driver.
    ///
    /// ```swift
    /// let ids = Signal.from([1, 2]).driver()
    /// ids.flatMap { id in Signal<String, Never>.just("user \(id)") }
    ///     .subscribe(next: { @MainActor in print($0) })
    /// // Prints: user 1, user 2
    /// ```
    @inlinable
    public func flatMap<U>(
        _ transform: @escaping @Sendable (Value) -> Signal<U, Never>
    ) -> MainActorSignal<U, Failure> {
        let scheduler = _scheduler
        return _onMainActor(signal.flatMap { Self._onMainActor(transform($0), scheduler) })
    }

    /// Maps each value to a driver and forwards the latest one's values; a new value cuts
    /// the previous inner driver.
    ///
    /// Composed of: `signal.flatMapLatest { transform($0).signal }`, shared as a driver.
    ///
    /// ```swift
    /// let query = Signal.just("sig").driver()
    /// query.flatMapLatest { Signal.just("\($0)nals").driver() }.subscribe(next: { @MainActor in print($0) })
    /// // Prints: signals
    /// ```
    /// - SeeAlso: RxCocoa `Driver.flatMapLatest`.
    @inlinable
    public func flatMapLatest<U>(
        _ transform: @escaping @Sendable (Value) -> MainActorSignal<U, Failure>
    ) -> MainActorSignal<U, Failure> {
        _onMainActor(signal.flatMapLatest { transform($0).signal })
    }

    /// Maps each value to a plain signal that cannot fail and forwards the latest one's
    /// values on the main actor; a new value cuts the previous inner signal (a request in
    /// flight is cancelled).
    ///
    /// The inner signal may send on any thread: its events reach the main actor through the
    /// driver's hop (inline when sent there). An inner signal that can fail must handle its
    /// errors first (`replaceError(with:)`, `catch`), as RxCocoa's
    /// `flatMapLatest { api.call().asDriver(onErrorJustReturn:) }`.
    ///
    /// Composed of: `signal.flatMapLatest(transform)`, each inner signal through the driver's
    /// hop onto the main actor, shared as a driver.
    ///
    /// ```swift
    /// let query = Signal.just("sig").driver()
    /// query.flatMapLatest { text in Signal<String, Never>.just(text + "nals") }
    ///     .subscribe(next: { @MainActor in print($0) })
    /// // Prints: signals
    /// ```
    @inlinable
    public func flatMapLatest<U>(
        _ transform: @escaping @Sendable (Value) -> Signal<U, Never>
    ) -> MainActorSignal<U, Failure> {
        let scheduler = _scheduler
        return _onMainActor(signal.flatMapLatest { Self._onMainActor(transform($0), scheduler) })
    }

    /// Maps a value to a driver only when no inner driver is running: values that arrive
    /// while one runs are dropped (RxCocoa's `Driver.flatMapFirst`: a tap while a request is
    /// in flight does nothing).
    ///
    /// Completes when this driver and the running inner driver have completed; fails at the
    /// first error.
    ///
    /// Composed of: `signal.flatMapFirst { transform($0).signal }`, shared as a driver.
    ///
    /// ```swift
    /// let taps = Subject<Void, Never>(), answer = Subject<String, Never>()
    /// taps.signal.driver().flatMapFirst { answer.signal.driver() }
    ///     .subscribe(next: { @MainActor in print($0) })
    /// taps.send(value: ()); taps.send(value: ()); answer.send(value: "saved")
    /// // Prints: saved (once: the second tap came while the first ran)
    /// ```
    /// - SeeAlso: RxCocoa `Driver.flatMapFirst`, ``Signal/flatMapFirst(_:)``.
    @inlinable
    public func flatMapFirst<U>(
        _ transform: @escaping @Sendable (Value) -> MainActorSignal<U, Failure>
    ) -> MainActorSignal<U, Failure> {
        _onMainActor(signal.flatMapFirst { transform($0).signal })
    }

    /// Maps a value to a plain signal that cannot fail only when no inner signal is running,
    /// and forwards its values on the main actor; values that arrive while one runs are
    /// dropped.
    ///
    /// The inner signal may send on any thread: its events reach the main actor through the
    /// driver's hop (inline when sent there).
    ///
    /// Composed of: `signal.flatMapFirst(transform)`, each inner signal through the driver's
    /// hop onto the main actor, shared as a driver.
    ///
    /// ```swift
    /// let taps = Signal.from([(), ()]).driver()
    /// taps.flatMapFirst { Signal<String, Never>.just("saved") }
    ///     .subscribe(next: { @MainActor in print($0) })
    /// // Prints: saved, saved (each inner ended before the next tap)
    /// ```
    @inlinable
    public func flatMapFirst<U>(
        _ transform: @escaping @Sendable (Value) -> Signal<U, Never>
    ) -> MainActorSignal<U, Failure> {
        let scheduler = _scheduler
        return _onMainActor(signal.flatMapFirst { Self._onMainActor(transform($0), scheduler) })
    }

    /// Maps each value to a driver and forwards the inner drivers' values one inner after
    /// the other: the next starts when the previous has completed (RxCocoa's
    /// `Driver.concatMap`).
    ///
    /// Completes when this driver and every inner driver have completed; fails at the first
    /// error.
    ///
    /// Composed of: `signal.concatMap { transform($0).signal }`, shared as a driver.
    ///
    /// ```swift
    /// let pages = Signal.from([1, 2]).driver()
    /// pages.concatMap { page in Signal.from(["p\(page)a", "p\(page)b"]).driver() }
    ///     .subscribe(next: { @MainActor in print($0) })
    /// // Prints: p1a, p1b, p2a, p2b
    /// ```
    /// - SeeAlso: RxCocoa `Driver.concatMap`, ``Signal/concatMap(_:)``.
    @inlinable
    public func concatMap<U>(
        _ transform: @escaping @Sendable (Value) -> MainActorSignal<U, Failure>
    ) -> MainActorSignal<U, Failure> {
        _onMainActor(signal.concatMap { transform($0).signal })
    }

    /// Maps each value to a plain signal that cannot fail and forwards the inner signals'
    /// values one inner after the other, on the main actor.
    ///
    /// The inner signals may send on any thread: their events reach the main actor through
    /// the driver's hop (inline when sent there).
    ///
    /// Composed of: `signal.concatMap(transform)`, each inner signal through the driver's hop
    /// onto the main actor, shared as a driver.
    ///
    /// ```swift
    /// let saves = Signal.from(["a", "b"]).driver()
    /// saves.concatMap { name in Signal<String, Never>.just("saved \(name)") }
    ///     .subscribe(next: { @MainActor in print($0) })
    /// // Prints: saved a, saved b
    /// ```
    @inlinable
    public func concatMap<U>(
        _ transform: @escaping @Sendable (Value) -> Signal<U, Never>
    ) -> MainActorSignal<U, Failure> {
        let scheduler = _scheduler
        return _onMainActor(signal.concatMap { Self._onMainActor(transform($0), scheduler) })
    }
}
#endif
