// window(count: n) = _split { source in a bind over source keeping the open window (a
//     Subject) and its count: each value goes to it; the n-th closes it and returns the next
//     window; a terminal event ends it and is passed on }.startWith(the first window)
//     .map { $0.1 }
// window(timeSpan: t, count: n, on: s) = the same bind over the merge of
//     `restarts.startWith(()).flatMapLatest { interval(t, on: s) }` (window ends) and this
//     signal materialized: a window end, or the n-th value (which restarts the clock), closes
//     the window and opens the next.
// window(boundary: b) = the same bind over the merge of b (subscribed first) and this signal,
//     each materialized and tagged: a value of b closes the window and opens the next; an
//     error of either ends the window and the outer signal with it; b's completion changes
//     nothing.
// (_split, in Signal+GroupBy.swift: one routing subscription, read by the outer
//  subscription and held by every window's.)

extension Signal {
    /// Splits this signal into consecutive windows of `count` values: each window is a
    /// signal that forwards its values, then completes, and the next one opens at once.
    ///
    /// The first window is sent on subscription, each next one as soon as the previous one
    /// has its `count` values, so every window is sent before its first value: a window
    /// subscribed inside the outer `next` callback receives all of its values, and one
    /// subscribed later loses those sent meanwhile (windows are hot, as RxSwift's). As
    /// RxSwift's `window(timeSpan:count:scheduler:)`, a window may be empty: the last one is,
    /// when this signal completes right after filling a window. (RxJava's `window(count)`
    /// opens a window only at the next value.)
    ///
    /// Completes / Fails: when this signal completes or fails, the open window receives that
    /// event, then the outer signal does. Disposes: the outer subscription and the window
    /// subscriptions share one subscription to this signal, disposed when the last of them
    /// ends (as `groupBy`).
    ///
    /// ![window(count: 2)](marble-window-count.svg)
    ///
    /// Composed of: a `bind` keeping the open window (a `Subject`) and its count, started
    /// with the first window (`startWith`), read through a shared subscription that every
    /// window's subscription holds (as `groupBy`'s).
    ///
    /// ```swift
    /// Signal.from([1, 2, 3, 4, 5]).window(count: 2)
    ///     .flattenMap { window in window.collect() }
    ///     .subscribe(next: { print($0) })
    /// // Prints: [1, 2], [3, 4], [5]
    /// ```
    /// From `WindowCountTests` (`x`, `y`, `z` are the windows):
    /// ```
    /// source: -1-2-3-4-5-|
    /// outer:  x--y---z---|
    /// x:      -1-(2|)
    /// y:         --3-(4|)
    /// z:             --5-|
    /// ```
    ///
    /// - Precondition: `count > 0`.
    /// - SeeAlso: RxSwift `window(timeSpan:count:scheduler:)` (by count and time), RxJava
    ///   `window(count)`; ReactiveSwift and Combine have none.
    @inlinable
    public func window(count: Int) -> Signal<Signal<Value, Failure>, Failure> {
        _precondition(count > 0, "Signals: window(count:) needs a count of 1 or more, got \(count); window(count: 1) sends one window per value")
        return _split { source in
            let window = _BindingState(_OpenWindow<Value, Failure>())
            return source.bind {
                { event, _ in
                    switch event {
                    case .next(let value):
                        guard window.value.add(value, closingAt: count) else { return nil }
                        return .just(((), window.value.open()))
                    case .error(let error):
                        window.value.subject.send(error: error)
                        return .error(error)
                    case .completed:
                        window.value.subject.sendCompleted()
                        return nil
                    }
                }
            }
            .startWith(((), window.value.subject))
        }
        .map { $0.1 }
    }

    /// Splits this signal into consecutive windows of time: each window forwards the values
    /// that arrive while it is open, and closes after `timeSpan` on `scheduler` or at its
    /// `count`-th value, whichever comes first; the next one opens at once.
    ///
    /// These are RxSwift's rules: the first window opens on subscription; a window closed by
    /// its count restarts the clock, so the next one has the full `timeSpan`; windows may be
    /// empty. Every window is sent before its first value: subscribe it inside the outer
    /// `next` callback to receive all of its values (windows are hot, as RxSwift's).
    ///
    /// Completes / Fails: when this signal completes or fails, the open window receives that
    /// event, then the outer signal does. Disposes: the outer subscription and the window
    /// subscriptions share one subscription to this signal and the clock, disposed when the
    /// last of them ends (as `groupBy`).
    ///
    /// Composed of: the `bind` of ``window(count:)``, over the `merge` of
    /// `restarts.signal.startWith(()).flatMapLatest { _ in Signal.interval(timeSpan, on: scheduler) }`
    /// (window ends; a full window sends into `restarts`) and `materialize()`.
    ///
    /// ```swift
    /// let scheduler = TestScheduler(), taps = Subject<Int, Never>()
    /// taps.signal.window(timeSpan: .seconds(60), count: 100, on: scheduler)
    ///     .flattenMap { $0.count() }
    ///     .subscribe(next: { print("\($0) taps") })
    /// taps.send(value: 1); taps.send(value: 2)
    /// scheduler.advance(by: .seconds(60))
    /// // Prints: 2 taps
    /// ```
    /// With a time span of seven ticks and a count of 3 (RxSwift's
    /// `testWindowWithTimeOrCount_Basic`, from `WindowTimeTests`; each value printed as
    /// its window's number):
    /// ```
    /// source: ab--c---d---e--f-g----h----i------------|
    /// output: 00--0---1---2--2-2----3----4------------|
    /// ```
    ///
    /// ![window(timeSpan: 4, count: 2)](marble-window-timeSpan.svg)
    ///
    /// - Precondition: `timeSpan > .zero` and `count > 0`.
    /// - SeeAlso: RxSwift `window(timeSpan:count:scheduler:)`; ReactiveSwift and Combine have
    ///   none (Combine's `collect(.byTimeOrCount)` is the array form, `buffer(timeSpan:count:on:)`
    ///   here).
    @inlinable @inline(__always)
    public func window(
        timeSpan: Duration, count: Int, on scheduler: some Scheduler
    ) -> Signal<Signal<Value, Failure>, Failure> {
        _precondition(timeSpan > .zero, "Signals: window(timeSpan:count:on:) needs a positive time span, got \(timeSpan); use window(count:) for windows by count alone")
        _precondition(count > 0, "Signals: window(timeSpan:count:on:) needs a count of 1 or more, got \(count); pass Int.max for windows by time alone")
        return scheduler._isSpecialisable
            ? _window(timeSpan: timeSpan, count: count, on: scheduler)
            : _window(timeSpan: timeSpan, count: count, on: scheduler._erased)
    }

    /// `window(timeSpan:count:on:)`, specialised for the scheduler's type (`_ErasedScheduler`
    /// for one held as `any Scheduler`: Scheduler+Specialising.swift); the scheduler is used
    /// once per window, to start its clock.
    @inlinable
    func _window(timeSpan: Duration, count: Int, on scheduler: some Scheduler) -> Signal<Signal<Value, Failure>, Failure> {
        _split { source in
            let window = _BindingState(_OpenWindow<Value, Failure>())
            let restarts = Subject<Void, Never>()
            let windowEnds: Signal<_WindowStep<Value, Failure>, Never> = restarts.signal
                .startWith(())
                .flatMapLatest { _ in Signal<Int, Never>.interval(timeSpan, on: scheduler) }
                .map { _ in .windowEnded }
            return windowEnds.merge(source.materialize().map { .source($0) }).bind {
                { event, stop in
                    guard case .next(let step) = event else { return nil }
                    switch step {
                    case .source(.next(let value)):
                        guard window.value.add(value, closingAt: count) else { return nil }
                        restarts.send(value: ())
                        return .just(((), window.value.open()))
                    case .source(.error(let error)):
                        window.value.subject.send(error: error)
                        return .error(error)
                    case .source(.completed):
                        window.value.subject.sendCompleted()
                        stop = true
                        return nil
                    case .windowEnded:
                        window.value.subject.sendCompleted()
                        return .just(((), window.value.open()))
                    }
                }
            }
            .startWith(((), window.value.subject))
        }
        .map { $0.1 }
    }
}

extension Signal {
    /// Splits this signal into consecutive windows, closing the open window and opening the
    /// next each time `boundary` sends a value: each window is a signal that forwards the
    /// values of its stretch, then completes.
    ///
    /// The first window is sent on subscription, each next one at the boundary value that
    /// closes the previous one, so every window is sent before its first value (windows are
    /// hot, as those of ``window(count:)``: subscribe one inside the outer `next` callback to
    /// receive all of its values). A window may be empty: two boundary values with nothing
    /// between them make one, as does a boundary value right before this signal completes.
    ///
    /// Completes / Fails: when this signal completes or fails, or the boundary fails, the open
    /// window receives that event, then the outer signal does. The boundary's completion
    /// changes nothing: the open window takes the rest of this signal's values (RxJava's
    /// `window(boundary)` completes there). Disposes: the outer subscription and the window
    /// subscriptions share one subscription to this signal and the boundary, disposed when
    /// the last of them ends (as ``window(count:)``): disposing the outer subscription leaves a
    /// subscribed window running until it ends, where RxJS's `window(boundary)` closes the
    /// open window when the outer subscription is unsubscribed.
    ///
    /// `boundary` is subscribed first: on a deterministic scheduler, a boundary value and a
    /// value of this signal at the same instant, both scheduled at subscription (cold test
    /// signals), close the window before the value, which goes to the next one.
    ///
    /// ![window(boundary: boundary)](marble-window-boundary.svg)
    ///
    /// Composed of: the `bind` of ``window(count:)``, over the `merge` of `boundary` (first)
    /// and `self`, each `materialize`d and tagged.
    ///
    /// ```swift
    /// let pages = Subject<Void, Never>(), lines = Subject<String, Never>()
    /// lines.signal.window(boundary: pages.signal)
    ///     .flattenMap { $0.collect() }
    ///     .subscribe(next: { print($0) })
    /// lines.send(value: "a"); lines.send(value: "b"); pages.send(value: ()); lines.sendCompleted()
    /// // Prints: ["a", "b"], []
    /// ```
    /// From `WindowBoundaryTests` (`x`, `y`, `z` are the windows):
    /// ```
    /// source:   -ab--c--|
    /// boundary: ---o--o---
    /// outer:    x--y--z-|
    /// x:        -ab|
    /// y:           --c|
    /// z:              --|
    /// ```
    ///
    /// - SeeAlso: RxJava and RxJS `window(boundary)`; RxSwift, ReactiveSwift and Combine have
    ///   none (``buffer(boundary:)`` is the array form).
    @inlinable
    public func window<Boundary>(boundary: Signal<Boundary, Failure>) -> Signal<Signal<Value, Failure>, Failure> {
        _split { source in
            let window = _BindingState(_OpenWindow<Value, Failure>())
            typealias Tagged = _EitherEvent<Value, Boundary, Failure>
            let tagged = boundary.materialize().map(Tagged.second).merge(source.materialize().map(Tagged.first))
            return tagged.bind {
                { event, stop in
                    guard case .next(let tagged) = event else { return nil }
                    switch tagged {
                    case .first(.next(let value)):
                        window.value.subject.send(value: value)
                        return nil
                    case .second(.next):
                        window.value.subject.sendCompleted()
                        return .just(((), window.value.open()))
                    case .first(.error(let error)), .second(.error(let error)):
                        window.value.subject.send(error: error)
                        return .error(error)
                    case .first(.completed):
                        window.value.subject.sendCompleted()
                        stop = true
                        return nil
                    case .second(.completed):
                        return nil
                    }
                }
            }
            .startWith(((), window.value.subject))
        }
        .map { $0.1 }
    }
}

/// The open window of one `window` subscription and how many values it has.
@usableFromInline
struct _OpenWindow<Value, Failure: Error> {
    @usableFromInline var subject = Subject<Value, Failure>()
    @usableFromInline var count = 0

    @inlinable init() {}

    /// Sends `value` to the window; when that makes `limit` values, completes it and returns
    /// `true` (the caller opens the next).
    @inlinable
    mutating func add(_ value: Value, closingAt limit: Int) -> Bool {
        subject.send(value: value)
        count += 1
        guard count == limit else { return false }
        subject.sendCompleted()
        return true
    }

    /// Opens the next window and returns it.
    @inlinable
    mutating func open() -> Subject<Value, Failure> {
        subject = Subject()
        count = 0
        return subject
    }
}
