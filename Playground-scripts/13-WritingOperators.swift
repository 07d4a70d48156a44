// Chapter 13 · Writing your own operators with bind
//
// An operator is a binding, and writing one is answering four questions:
//   1. What state does one subscription need?   (declare it in `makeBinding`)
//   2. What does a value become?                (a constant, another signal, or nil)
//   3. What do `error` and `completed` become?  (usually `.error(e)` and `nil`)
//   4. When is the source no longer needed?     (set `stop`)
// bind does the rest: it serialises the output, keeps long synchronous chains off the
// stack, disposes the source when you stop, and keeps the grammar. Your operator
// inherits all of it, in ten lines.
//
// Three operators follow, step by step: `tourTake` (the stop flag), `tourScan` (state
// that grows), `tourDistinctUntilChanged` (state that remembers). A fourth,
// `tourSwitchToLatest`, needs no binding of its own: it is composed of operators
// (`flatten(.merge)` and `take(until:)`) and a `Subject` - the way the library itself
// builds `switchToLatest()`. They are file-private and named `tour...` so that they never
// clash with the library's own operators. Last, SignalsTesting's conformance kit
// (`OperatorConformance`) checks them against the contract every operator keeps.

import Signals
import SignalsTesting

extension Chapter {
    static let writingOperators = Chapter("operators", title: "Writing your own operators with bind") {
        writingTake()
        writingScan()
        writingDistinctUntilChanged()
        composingThem()
        writingSwitchToLatest()
        checkingThem()
    }
}

// MARK: - take: the stop flag

extension Signal {
    /// The first `count` values, then completion. The source is disposed as soon as the
    /// last wanted value has passed.
    ///
    /// Composed of: a binding counting values and setting `stop` at `count`; `.empty`
    /// when `count` is zero.
    fileprivate func tourTake(_ count: Int) -> Signal {
        guard count > 0 else { return .empty } // an operator may return any signal
        return bind {
            var taken = 0                                  // 1. state: values let through
            return { event, stop in
                switch event {
                case .next(let value):
                    taken += 1
                    if taken == count { stop = true }      // 4. no more values needed
                    return .just(value)                    // 2. a constant: no allocation
                case .error(let error):
                    return .error(error)                   // 3. errors pass through
                case .completed:
                    return nil                             // 3. bind completes the output
                }
            }
        }
    }
}

private func writingTake() {
    section("tourTake(n): the stop flag")
    print("State: how many values were taken. A value: `.just(value)`; at the n-th, set `stop`.")
    let source = Subject<String, Never>()
    show(#"traced("source", source.signal).tourTake(2).subscribe(Observer { print($0) })"#)
    traced("source", source.signal).tourTake(2).subscribe(Observer { print($0) })
    show(#"source.send(value: "a"); source.send(value: "b"); source.send(value: "c")"#)
    source.send(value: "a")
    source.send(value: "b")
    source.send(value: "c")

    print("`stop` disposes the source, so even an endless source ends:")
    show("Signal.from(1...).tourTake(3).subscribe(next: { print($0) }, completed: { print(\"done\") })")
    Signal.from(1...).tourTake(3).subscribe(next: { print($0) }, completed: { print("done") })
}

// MARK: - scan: state that grows

extension Signal {
    /// Every intermediate result of combining the values with `nextPartialResult`,
    /// starting from `initialResult`.
    ///
    /// `Result: Sendable` because `initialResult` is captured by the `@Sendable`
    /// `makeBinding` (a subscription may start on any thread).
    ///
    /// Composed of: a binding holding the running result.
    fileprivate func tourScan<Result: Sendable>(
        _ initialResult: Result,
        _ nextPartialResult: @escaping @Sendable (Result, Value) -> Result
    ) -> Signal<Result, Failure> {
        bind {
            var result = initialResult                     // 1. state, fresh per subscription
            return { event, stop in
                switch event {
                case .next(let value):
                    result = nextPartialResult(result, value)
                    return .just(result)                   // 2. the running result
                case .error(let error):
                    return .error(error)
                case .completed:
                    return nil
                }
            }
        }
    }
}

private func writingScan() {
    section("tourScan(initial, combine): state that grows")
    print("State: the running result, created by makeBinding - so each subscription starts afresh.")
    let sums = Signal.from([1, 2, 3, 4]).tourScan(0, +)
    show("let sums = Signal.from([1, 2, 3, 4]).tourScan(0, +)")
    show("sums.subscribe(next: { print($0) })")
    sums.subscribe(next: { print($0) })
    show("sums.subscribe(next: { print(\"again\", $0) })")
    sums.subscribe(next: { print("again", $0) })
}

// MARK: - distinctUntilChanged: state that remembers

extension Signal where Value: Equatable & Sendable {
    /// Drops each value equal to the one before it.
    ///
    /// `Value: Sendable` because the binding uses `Value`'s `==` and may run on another
    /// thread than the one that built it: without it, Swift 6.2 and later warn that the
    /// closure captures a non-Sendable metatype (`SendableMetatype` is the looser
    /// constraint, on Swift 6.2 and later only).
    ///
    /// Composed of: a binding remembering the last value; a repeated value becomes `nil`.
    fileprivate func tourDistinctUntilChanged() -> Signal {
        bind {
            var last: Value?                               // 1. state: the previous value
            return { event, stop in
                switch event {
                case .next(let value):
                    defer { last = value }
                    return value == last ? nil : .just(value) // 2. nil: nothing to add
                case .error(let error):
                    return .error(error)
                case .completed:
                    return nil
                }
            }
        }
    }
}

private func writingDistinctUntilChanged() {
    section("tourDistinctUntilChanged(): state that remembers")
    print("State: the last value. A repeat becomes nil, which adds nothing to the output.")
    show("Signal.from([1, 1, 2, 2, 2, 3, 1]).tourDistinctUntilChanged()")
    let distinct = Signal.from([1, 1, 2, 2, 2, 3, 1]).tourDistinctUntilChanged()
    print(distinct.record().values)
}

private func composingThem() {
    section("Operators compose")
    print("Running totals, without repeats, the first four:")
    show("Signal.from([3, 3, 0, 0, 4, 1, 2, 2, 5]).tourScan(0, +).tourDistinctUntilChanged().tourTake(4)")
    let totals = Signal.from([3, 3, 0, 0, 4, 1, 2, 2, 5]).tourScan(0, +).tourDistinctUntilChanged().tourTake(4)
    totals.subscribe(Observer { print($0) })
}

// MARK: - switchToLatest: composing operators

extension Signal {
    /// The values of the latest inner signal: each new inner signal cuts the one before.
    ///
    /// A binding never sees an inner signal end - but this operator does not need to:
    /// `flatten(.merge)` (bind) already completes once the outer signal and every inner
    /// signal have completed, and an inner signal that is cut completes. So each inner
    /// signal runs `take(until:)` the next one starts, announced by a `Subject`.
    ///
    /// Composed of: `deferred` (a fresh Subject per subscription), `flatten(.merge)`,
    /// `take(until:)`.
    fileprivate func tourSwitchToLatest<V>() -> Signal<V, Failure> where Value == Signal<V, Failure> {
        let outer = self
        return .deferred {
            let nextInner = Subject<Void, Never>()        // 1. state: one Subject per subscription
            return outer.map { inner in
                nextInner.send(value: ())                 // cut the running inner signal...
                return inner.take(until: nextInner.signal) // ...and run this one until the next
            }.flatten(.merge)                             // bind: every inner, and completion
        }
    }
}

private func writingSwitchToLatest() {
    section("tourSwitchToLatest(): composing operators")
    print("No new binding: flatten(.merge) runs the inner signals, take(until:) cuts each one")
    print("when the next arrives, and a Subject announces the arrivals.")
    let outer = Subject<Signal<String, Never>, Never>()
    let a = Subject<String, Never>(), b = Subject<String, Never>()
    show("outer.signal.tourSwitchToLatest().subscribe(Observer { print($0) })")
    let subscription = outer.signal.tourSwitchToLatest().subscribe(Observer { print($0) })
    show(#"outer.send(value: traced("a", a.signal)); a.send(value: "a1")"#)
    outer.send(value: traced("a", a.signal))
    a.send(value: "a1")
    show(#"outer.send(value: traced("b", b.signal)); a.send(value: "a2"); b.send(value: "b1")"#)
    outer.send(value: traced("b", b.signal))
    a.send(value: "a2")
    b.send(value: "b1")
    show("outer.sendCompleted(); b.sendCompleted()")
    outer.sendCompleted()
    b.sendCompleted()
    _ = subscription

    print("The library's switchToLatest() is this composition (flatten(.latest)). The other")
    print("strategies must see an inner signal end, to start the next: each inner signal is")
    print("followed by a notice sent through a Subject back into the binding (a feedback loop).")
    show("Signal.from([Signal.from([1, 2]), .from([3]), .from([4])]).flatten(.concurrent(limit: 2))")
    let limited = Signal.from([Signal.from([1, 2]), .from([3]), .from([4])]).flatten(.concurrent(limit: 2))
    print(limited.record().values)
}

// MARK: - Checking them: the conformance kit

/// An operator that forgets errors: it turns a failure into completion, but says nothing
/// about it. The conformance kit notices.
extension Signal {
    fileprivate func tourForgetErrors() -> Signal {
        bind {
            { event, _ in
                switch event {
                case .next(let value): return .just(value)
                case .error, .completed: return .empty
                }
            }
        }
    }
}

private func checkingThem() {
    section("Checking them: OperatorConformance")
    print("SignalsTesting's conformance kit runs an operator over empty, never, failing,")
    print("synchronous, asynchronous and re-entrant sources, and checks the grammar, error")
    print("passthrough, disposal, lifetimes, serialised output and stack safety:")
    show("OperatorConformance.check(\"tourTake\") { $0.tourTake(2) }")
    print(OperatorConformance.check("tourTake") { $0.tourTake(2) })
    show("OperatorConformance.check(\"tourScan\") { $0.tourScan(0, +) }")
    print(OperatorConformance.check("tourScan") { $0.tourScan(0, +) })
    show("OperatorConformance.check(\"tourDistinctUntilChanged\") { $0.tourDistinctUntilChanged() }")
    print(OperatorConformance.check("tourDistinctUntilChanged") { $0.tourDistinctUntilChanged() })
    print("An operator that swallows errors without saying so is caught; declaring it")
    print("(`sourceErrors: .recovered`, as for `catch` or `retry`) makes the promise explicit:")
    show("OperatorConformance.check(\"tourForgetErrors\") { $0.tourForgetErrors() }")
    print(OperatorConformance.check("tourForgetErrors") { $0.tourForgetErrors() })
    show("OperatorConformance.check(\"tourForgetErrors\", sourceErrors: .recovered) { $0.tourForgetErrors() }")
    print(OperatorConformance.check("tourForgetErrors", sourceErrors: .recovered) { $0.tourForgetErrors() })
}
