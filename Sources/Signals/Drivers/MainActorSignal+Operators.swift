#if canImport(Dispatch)
// Drivers compose and share: each operator of a MainActorSignal is the Signal operator of the
// same name over `.signal`, shared as a driver is (RxCocoa shares after every Driver operator):
//
//   driver.op(…)                = shared(signal.op(…))
//   driver.flatMapLatest(f)     = shared(signal.flatMapLatest { f($0).signal })
//                               | shared(signal.flatMapLatest { f($0).deliverOnMainActor })
//   driver.withLatestFrom(s, f) = shared(signal.withLatestFrom(s.catch { .error($0).deliverOnMainActor }, f))
//   driver.debounce(d)          = shared(signal.debounce(d, on: scheduler))
//   driver.throttle(i, latest:) = shared(signal.throttle(i, on: scheduler, latest:))
//
//   shared(s)                   = s.share(replay: 1), then per subscriber .deliverOnMainActor
//                                 (`_sharedOnMainActor`, Signal+Driver.swift)
//
// Why shared: a composed driver is handed to several views (a table and an "empty" label both
// bound to a search's results); each operator's result runs its chain once however many
// subscribe, a subscriber that joins while it runs receives the latest value at once, and the
// sharing ends with the last subscriber (the next one runs the chain again) — RxCocoa's
// `share(replay: 1, scope: .whileConnected)`, per operator, so a stage with state (`scan`) or
// a side effect is shared wherever a chain forks.
//
// Why no second hop: every event of a MainActorSignal already arrives on the main actor, and
// a synchronous operator sends its output in the same call, so the output is on the main
// actor too, and the per-subscriber hop delivers it inline. The exceptions are what can send
// outside an upstream event: `startWith`'s values, `take(0)`'s completion and the share's
// replay (sent at subscription, on the subscribing thread), every event of an inner `Signal`
// of `flatMapLatest` (any thread), the error of a plain `Signal` given to `withLatestFrom`
// (any thread; its values only update the latest one, and its completion changes nothing),
// and the timers of `debounce`/`throttle` (which run on the driver's own scheduler: the main
// queue, or a test's virtual time). The inner signals and the error pass through the driver's
// hop (`_deliverOnMainActor`, inline when already on the main actor) where they enter the
// stage, so the stage itself runs on the main actor; what is sent at subscription passes
// through the per-subscriber hop after the share; the timers run on the scheduler itself.
// Every other input is a driver, whose events are already on the main actor. So every path by
// which a driver sends — values, errors, completion, from either side — ends on the main actor.
//
// The closures are the Signal operators' (`@Sendable`): they run on the main actor, but the
// place to touch main-actor state is the subscriber (`subscribe`, `assign(to:on:)`).

extension MainActorSignal {
    /// Shares `signal` as a driver does, on this driver's scheduler.
    @inlinable
    func _onMainActor<U, F: Error>(_ signal: Signal<U, F>) -> MainActorSignal<U, F> {
        signal._sharedOnMainActor(_scheduler)
    }

    /// Transforms each value with `transform`, on the main actor.
    ///
    /// Completes, fails and disposes as this signal does.
    ///
    /// Composed of: `signal.map(transform)`, shared as a driver.
    ///
    /// ```swift
    /// Signal.just(2).driver().map { $0 * 10 }.subscribe(next: { @MainActor in print($0) })
    /// // Prints: 20
    /// ```
    /// - SeeAlso: RxCocoa `Driver.map`.
    @inlinable
    public func map<U>(_ transform: @escaping @Sendable (Value) -> U) -> MainActorSignal<U, Failure> {
        _onMainActor(signal.map(transform))
    }

    /// Reads `keyPath` of each value, on the main actor.
    ///
    /// Composed of: `signal.map(keyPath)`, shared as a driver.
    ///
    /// ```swift
    /// Signal.just("abc").driver().map(\.count).subscribe(next: { @MainActor in print($0) })
    /// // Prints: 3
    /// ```
    @inlinable
    public func map<U>(_ keyPath: KeyPath<Value, U> & Sendable) -> MainActorSignal<U, Failure> {
        _onMainActor(signal.map(keyPath))
    }

    /// Sends only the values for which `isIncluded` is `true`.
    ///
    /// Composed of: `signal.filter(isIncluded)`, shared as a driver.
    ///
    /// ```swift
    /// Signal.from([1, 2, 3]).driver().filter { $0 != 2 }.subscribe(next: { @MainActor in print($0) })
    /// // Prints: 1, 3
    /// ```
    @inlinable
    public func filter(_ isIncluded: @escaping @Sendable (Value) -> Bool) -> MainActorSignal {
        _onMainActor(signal.filter(isIncluded))
    }

    /// Transforms each value and sends the results that are not `nil`.
    ///
    /// Composed of: `signal.compactMap(transform)`, shared as a driver.
    ///
    /// ```swift
    /// Signal.from(["1", "x"]).driver().compactMap { Int($0) }.subscribe(next: { @MainActor in print($0) })
    /// // Prints: 1
    /// ```
    @inlinable
    public func compactMap<U>(_ transform: @escaping @Sendable (Value) -> U?) -> MainActorSignal<U, Failure> {
        _onMainActor(signal.compactMap(transform))
    }

    /// Accumulates the values from `initialResult` and sends every accumulation.
    ///
    /// Composed of: `signal.scan(initialResult, nextPartialResult)`, shared as a driver.
    ///
    /// ```swift
    /// Signal.from([1, 2, 3]).driver().scan(0, +).subscribe(next: { @MainActor in print($0) })
    /// // Prints: 1, 3, 6
    /// ```
    @inlinable
    public func scan<Result>(
        _ initialResult: Result,
        _ nextPartialResult: @escaping @Sendable (Result, Value) -> Result
    ) -> MainActorSignal<Result, Failure> {
        _onMainActor(signal.scan(initialResult, nextPartialResult))
    }

    /// Sends `values` first, then this signal's values.
    ///
    /// The values are sent when the shared chain starts: inline when subscribing on the main
    /// actor, else on the scheduler's next turn (the driver's hop), so they too arrive on the
    /// main actor. A subscriber that joins later receives the latest value, not `values`.
    ///
    /// Composed of: `Signal.concat(values.map(Signal.just) + [signal])`, shared as a driver
    /// (whose per-subscriber hop brings the values onto the main actor).
    ///
    /// ```swift
    /// Signal.just(3).driver().startWith(1, 2).subscribe(next: { @MainActor in print($0) })
    /// // Prints: 1, 2, 3
    /// ```
    @inlinable
    public func startWith(_ values: Value...) -> MainActorSignal {
        _onMainActor(Signal.concat(values.map { Signal.just($0) } + [signal]))
    }

    /// Pairs each value with the one before it, `initial` standing before the first.
    ///
    /// Composed of: `signal.combinePrevious(initial)`, shared as a driver.
    ///
    /// ```swift
    /// Signal.from([1, 2]).driver().combinePrevious(0).subscribe(next: { @MainActor in print($0) })
    /// // Prints: (0, 1), (1, 2)
    /// ```
    @inlinable
    public func combinePrevious(_ initial: Value) -> MainActorSignal<(Value, Value), Failure> {
        _onMainActor(signal.combinePrevious(initial))
    }

    /// Drops the first `count` values.
    ///
    /// Composed of: `signal.skip(count)`, shared as a driver.
    ///
    /// ```swift
    /// Signal.from([1, 2, 3]).driver().skip(2).subscribe(next: { @MainActor in print($0) })
    /// // Prints: 3
    /// ```
    @inlinable
    public func skip(_ count: Int) -> MainActorSignal {
        _onMainActor(signal.skip(count))
    }

    /// Sends the first `count` values, then completes.
    ///
    /// `take(0)` completes at subscription; that completion, too, arrives on the main actor.
    ///
    /// Composed of: `signal.take(count)`, shared as a driver (whose per-subscriber hop brings
    /// `take(0)`'s completion onto the main actor).
    ///
    /// ```swift
    /// Signal.from([1, 2, 3]).driver().take(2).subscribe(next: { @MainActor in print($0) })
    /// // Prints: 1, 2
    /// ```
    @inlinable
    public func take(_ count: Int) -> MainActorSignal {
        _onMainActor(signal.take(count))
    }

    /// On each value of this driver, combines it with the latest value of `other` (a driver)
    /// through `resultSelector`; values that arrive before `other` has one are dropped.
    ///
    /// Completes when this driver completes.
    ///
    /// Composed of: `signal.withLatestFrom(other.signal, resultSelector:)`, shared as a driver.
    ///
    /// ```swift
    /// let name = Signal.just("ada").driver(), taps = Signal.just(()).driver()
    /// taps.withLatestFrom(name) { _, name in name }.subscribe(next: { @MainActor in print($0) })
    /// // Prints: ada
    /// ```
    /// - SeeAlso: RxCocoa `Driver.withLatestFrom(_:resultSelector:)`.
    @inlinable
    public func withLatestFrom<Other, Result>(
        _ other: MainActorSignal<Other, Failure>,
        resultSelector: @escaping @Sendable (Value, Other) -> Result
    ) -> MainActorSignal<Result, Failure> {
        _onMainActor(signal.withLatestFrom(other.signal, resultSelector: resultSelector))
    }

    /// On each value of this driver, combines it with the latest value of `other` (a plain
    /// signal, on any thread) through `resultSelector`. The values are sent on this driver's
    /// values only, so they stay on the main actor; an error of `other` (which may fail on
    /// any thread) passes through the driver's hop, so it reaches the subscriber on the main
    /// actor too. `other`'s own values are not delayed: the latest one is the one paired.
    ///
    /// Composed of: `signal.withLatestFrom(other.catch { .error($0) through the driver's hop },
    /// resultSelector:)`, shared as a driver.
    ///
    /// ```swift
    /// let password = MutableProperty("secret")
    /// Signal.just(()).driver().withLatestFrom(password.signal) { _, text in text.count }
    ///     .subscribe(next: { @MainActor in print($0) })
    /// // Prints: 6
    /// ```
    @inlinable
    public func withLatestFrom<Other, Result>(
        _ other: Signal<Other, Failure>,
        resultSelector: @escaping @Sendable (Value, Other) -> Result
    ) -> MainActorSignal<Result, Failure> {
        let scheduler = _scheduler
        let failingOnMainActor = other.catch { Signal<Other, Failure>.error($0)._deliverOnMainActor(scheduler) }
        return _onMainActor(signal.withLatestFrom(failingOnMainActor, resultSelector: resultSelector))
    }

    /// Sends a value once `dueTime` has passed on the driver's own scheduler (the main
    /// queue, or the test's virtual time) without a newer value.
    ///
    /// The rules are ``Signal/debounce(_:on:)``'s; the timer runs on the main actor, so the
    /// value arrives there with no further hop.
    ///
    /// Composed of: `signal.debounce(dueTime, on: scheduler)`, shared as a driver.
    ///
    /// ```swift
    /// query.driver().debounce(.milliseconds(300)).subscribe(next: { @MainActor in search($0) })
    /// ```
    /// With a due time of two ticks (from `DriverOperatorsTests`):
    /// ```
    /// source: -a--bc---d|
    /// output: ---a---c--(d|)
    /// ```
    /// - SeeAlso: RxCocoa `Driver.debounce(_:)` (on `MainScheduler`).
    @inlinable
    public func debounce(_ dueTime: Duration) -> MainActorSignal {
        _onMainActor(signal.debounce(dueTime, on: _scheduler))
    }

    /// Sends at most one value per `interval` on the driver's own scheduler (the main queue,
    /// or the test's virtual time): the first at once and, with `latest`, the last of the
    /// window at its end.
    ///
    /// The rules are ``Signal/throttle(_:on:latest:)``'s.
    ///
    /// Composed of: `signal.throttle(interval, on: scheduler, latest: latest)`, shared as a driver.
    ///
    /// ```swift
    /// taps.driver().throttle(.seconds(1)).subscribe(next: { @MainActor in save() })
    /// ```
    /// With an interval of three ticks (from `DriverOperatorsTests`):
    /// ```
    /// source:                -abc-----d-e----|
    /// throttle(latest: true):  -a--c----d--e---|
    /// ```
    /// - SeeAlso: RxCocoa `Driver.throttle(_:latest:)` (on `MainScheduler`).
    @inlinable
    public func throttle(_ interval: Duration, latest: Bool = true) -> MainActorSignal {
        _onMainActor(signal.throttle(interval, on: _scheduler, latest: latest))
    }
}

extension MainActorSignal where Value: Equatable & SendableMetatype {
    /// Drops a value equal to the one sent before it.
    ///
    /// Composed of: `signal.distinctUntilChanged()`, shared as a driver.
    ///
    /// ```swift
    /// Signal.from([1, 1, 2]).driver().distinctUntilChanged().subscribe(next: { @MainActor in print($0) })
    /// // Prints: 1, 2
    /// ```
    @inlinable
    public func distinctUntilChanged() -> MainActorSignal {
        _onMainActor(signal.distinctUntilChanged())
    }
}

extension MainActorSignal where Failure == Never {
    /// This signal as a driver: shared among its subscribers, replaying the latest value to a
    /// late one (RxCocoa's `asDriver()`).
    ///
    /// A driver, and the result of every ``MainActorSignal`` operator, is already shared: for
    /// those it returns `self`. What it changes is ``Signal/observe(on:)-(MainActorScheduler)``'s
    /// result, which (as RxSwift's `observe(on:)`) runs its upstream once per subscriber.
    /// Delivery stays on the main actor with no second hop: inline when the shared value is
    /// sent there. The rules are ``Signal/driver(on:)``'s, on this signal's scheduler.
    ///
    /// Composed of: `self` when already shared, else `signal.driver(on: scheduler)`.
    ///
    /// ```swift
    /// let pages = Signal.from([1, 2]).map { "page \($0)" }.observe(on: .mainActor).driver()
    /// pages.subscribe(next: { @MainActor in print($0) })   // Prints: page 1, page 2
    /// ```
    @inlinable
    public func driver() -> MainActorSignal {
        _isShared ? self : signal.driver(on: _scheduler)
    }
}
#endif
