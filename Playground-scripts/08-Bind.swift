// Chapter 8 · bind, the one primitive
//
// Every operator in Signals is derived from one method:
//
//     func bind<U, F>(_ makeBinding: @escaping @Sendable () -> (Event<Value, Failure>, inout Bool) -> Signal<U, F>?) -> Signal<U, F>
//
// `makeBinding` is called once per subscription and returns the *binding*: a closure
// that may keep private state (`var count = 0`), called serially, once for each event of
// the source - values *and* the terminal event. For each event it returns a signal to
// merge into the output, or `nil` for nothing. Setting `stop = true` ends the source: its
// subscription is disposed and it counts as finished.
//
// The output obeys five rules:
// 1. it subscribes to the source;
// 2. on each source event it asks the binding for a signal and subscribes to it at once -
//    or, if that event arrived re-entrantly during another synchronous delivery on the
//    same thread, as soon as that delivery returns (the trampoline); each inner signal's
//    own order is always kept;
// 3. it forwards every value of every inner signal as it arrives;
// 4. it completes when the source has finished and every inner signal has completed;
// 5. it fails as soon as any inner signal fails, disposing everything else.
//
// This is ReactiveCocoa's `-bind:` (chapter 7 built its disposables by hand) with one
// generalisation: the binding also sees the source's terminal event. That is what lets
// `materialize`, `concat` or `catch` be bindings too. And when a binding returns a
// constant - `.just(x)`, `.empty`, `.error(e)` - bind delivers it directly, without a
// subscription: `map` written with bind allocates nothing per value.
//
// Each rule is shown below with subjects wrapped in `traced`, which prints when a signal
// is subscribed and when its subscription is released.
//
// One more control, for the operators that must drop a running inner signal
// (`switchToLatest`, `flatMapLatest`, `debounce`, `throttle`): a binding may take
// `inout BindControl` instead of `inout Bool`. `control.stop` is the same stop flag;
// `control.cancelInners()` disposes every inner subscription live at that moment before
// the signal the binding returns is subscribed. A cut inner delivers nothing afterwards and
// no longer counts for completion or failure (Contracts.md, "Cutting inner subscriptions").
//
// A practical note: Swift infers the output type of `bind` from a one-expression
// binding, but not through closures of several statements. Then name the type:
// `let output: Signal<String, Never> = source.bind { ... }`.

import Signals
import SignalsTesting

extension Chapter {
    static let bind = Chapter("bind", title: "bind and its five rules") {
        theShapeOfABinding()
        theFiveRules()
        ruleFiveFailureDisposesTheRest()
        theTrampoline()
        theStopFlag()
        stateBelongsToOneSubscription()
        theBindingSeesTheTerminalEvent()
        cuttingTheInners()
    }
}

private func theShapeOfABinding() {
    section("The shape of a binding")
    print("`map { $0 * 2 }` written by hand: each value becomes the constant signal `.just(value * 2)`.")
    let doubled = Signal.from([1, 2, 3]).bind {
        { event, stop in
            switch event {
            case .next(let value): return .just(value * 2)
            case .error(let error): return .error(error)
            case .completed: return nil
            }
        }
    }
    show("doubled.subscribe(Observer { print($0) })")
    doubled.subscribe(Observer { print($0) })
}

private func theFiveRules() {
    section("Rules 1 to 4, one subscription")
    let source = Subject<String, Never>()
    let inners = ["x": Subject<String, Never>(), "y": Subject<String, Never>()]

    print("The binding turns the name \"x\" into the inner signal x, and \"y\" into y.")
    let output: Signal<String, Never> = traced("source", source.signal).bind {
        print("(makeBinding is called: a new subscription)")
        return { event, stop in
            print("binding sees \(event)")
            guard case .next(let name) = event else { return nil }
            return traced("inner \(name)", inners[name]!.signal)
        }
    }
    print("`output` is built; nothing is subscribed yet.")

    print("Rule 1: subscribing to the output subscribes to the source.")
    show("output.subscribe(Observer { print(\"output:\", $0) })")
    output.subscribe(Observer { print("output:", $0) })

    print("Rule 2: each source event goes to the binding; its signal is subscribed at once.")
    show(#"source.send(value: "x")"#)
    source.send(value: "x")
    show(#"source.send(value: "y")"#)
    source.send(value: "y")

    print("Rule 3: every value of every inner signal is forwarded as it arrives.")
    show(#"inners["x"]!.send(value: "x1"); inners["y"]!.send(value: "y1"); inners["x"]!.send(value: "x2")"#)
    inners["x"]!.send(value: "x1")
    inners["y"]!.send(value: "y1")
    inners["x"]!.send(value: "x2")

    print("Rule 4: the output completes once the source and every inner signal have finished.")
    show("source.sendCompleted()")
    source.sendCompleted()
    show(#"inners["x"]!.sendCompleted()"#)
    inners["x"]!.sendCompleted()
    show(#"inners["y"]!.sendCompleted()"#)
    inners["y"]!.sendCompleted()
}

private func ruleFiveFailureDisposesTheRest() {
    section("Rule 5: an inner failure fails the output and disposes everything else")
    let source = Subject<String, TourError>()
    let healthy = Subject<String, TourError>()
    let failing = Subject<String, TourError>()

    let output = traced("source", source.signal).bind {
        { event, stop in
            switch event {
            case .next("healthy"): return traced("healthy", healthy.signal)
            case .next: return failing.signal
            case .error(let error): return .error(error)
            case .completed: return nil
            }
        }
    }
    show("output.subscribe(Observer { print(\"output:\", $0) })")
    output.subscribe(Observer { print("output:", $0) })
    show(#"source.send(value: "healthy"); source.send(value: "failing")"#)
    source.send(value: "healthy")
    source.send(value: "failing")
    show(#"failing.send(error: TourError("broken"))"#)
    failing.send(error: TourError("broken"))
    print("Everything else was released before the error was delivered.")
    show(#"healthy.send(value: "too late")"#)
    healthy.send(value: "too late")
}

private func theTrampoline() {
    section("Rule 2, re-entrant: the trampoline")
    print("Here the inner signal for \"x\", while being subscribed, makes the source send \"y\".")
    print("bind finishes handling \"x\" first, then handles \"y\": nothing nests, order is kept.")

    let kept = MutexBox<Observer<String, Never>?>(nil)
    let source = Signal<String, Never> { observer in
        kept.withLock { $0 = observer }
        return nil
    }
    let output: Signal<String, Never> = source.bind {
        { event, stop in
            guard case .next(let name) = event else { return nil }
            print("binding sees \(event)")
            return Signal { inner in
                print("(inner \(name) subscribed)")
                if name == "x" {
                    print("(inner x makes the source send y)")
                    kept.withLock { $0 }?.send(value: "y")
                }
                inner.send(value: "\(name)1")
                inner.send(value: "\(name)2")
                inner.sendCompleted()
                print("(inner \(name) done)")
                return nil
            }
        }
    }
    output.subscribe(next: { print("output:", $0) })
    show(#"source's sink.send(value: "x")"#)
    kept.withLock { $0 }?.send(value: "x")
}

private func theStopFlag() {
    section("The stop flag")
    print("This binding lets two values through, then sets `stop`: the source is disposed and counts as finished.")
    let source = Subject<Int, Never>()
    let firstTwo: Signal<Int, Never> = traced("source", source.signal).bind {
        var seen = 0
        return { event, stop in
            guard case .next(let value) = event else { return nil }
            seen += 1
            if seen == 2 { stop = true }
            return .just(value)
        }
    }
    show("firstTwo.subscribe(Observer { print($0) })")
    firstTwo.subscribe(Observer { print($0) })
    show("source.send(value: 10); source.send(value: 20); source.send(value: 30)")
    source.send(value: 10)
    source.send(value: 20)
    source.send(value: 30)
    print("bind released the source as soon as `stop` was set, then delivered 20 and completed.")
}

private func stateBelongsToOneSubscription() {
    section("A binding's state belongs to one subscription")
    let numbered: Signal<String, Never> = Signal.from(["a", "b"]).bind {
        print("(makeBinding: count starts at 0)")
        var count = 0
        return { event, stop in
            guard case .next(let value) = event else { return nil }
            count += 1
            return .just("\(count): \(value)")
        }
    }
    show("numbered.subscribe(next: { print($0) })")
    numbered.subscribe(next: { print($0) })
    show("numbered.subscribe(next: { print($0) })")
    numbered.subscribe(next: { print($0) })
}

private func theBindingSeesTheTerminalEvent() {
    section("The binding sees the terminal event")
    print("So an error can become a value - that is `catch` - and the output cannot fail any more.")
    let risky = Signal<Int, TourError>.from([1, 2]).concat(.error(TourError("boom")))
    let safe: Signal<String, Never> = risky.bind {
        { event, stop in
            switch event {
            case .next(let value): return .just("value \(value)")
            case .error(let error): return .just("recovered from \(error)")
            case .completed: return nil
            }
        }
    }
    show("safe.subscribe(Observer { print($0) })")
    safe.subscribe(Observer { print($0) })
}

private func cuttingTheInners() {
    section("Cutting the inners: BindControl.cancelInners()")
    print("A binding may take `inout BindControl` instead of `inout Bool`. Besides `stop`, it can")
    print("call `control.cancelInners()`: every inner subscription live at that moment is disposed")
    print("before the signal it returns is subscribed. That is all `switchToLatest` is:")
    let outer = Subject<Signal<String, Never>, Never>()
    let first = Subject<String, Never>()
    let second = Subject<String, Never>()
    let latest: Signal<String, Never> = outer.signal.bind {
        { event, control in
            guard case .next(let inner) = event else { return nil }
            control.cancelInners()   // dispose the previous inner first
            return inner
        }
    }
    show("latest.subscribe(next: { print(\"output:\", $0) })")
    latest.subscribe(next: { print("output:", $0) })
    show("outer.send(value: traced(\"first\", first.signal)); first.send(value: \"a\")")
    outer.send(value: traced("first", first.signal))
    first.send(value: "a")
    show("outer.send(value: traced(\"second\", second.signal))")
    outer.send(value: traced("second", second.signal))
    show("first.send(value: \"b\"); second.send(value: \"c\")")
    first.send(value: "b")
    second.send(value: "c")
    print("`first` was released before `second` was subscribed, and its \"b\" went nowhere.")

    print()
    print("debounce is the same move with time: each value cuts the pending timer and starts a new")
    print("one, which sends the value when it fires. On a virtual clock (one column = one second):")
    let scheduler = TestScheduler()
    let typing: TestSignal<String, Never> = scheduler.hot("-ab-----c--|")
    let debounced: Signal<String, Never> = typing.signal.bind {
        { event, control in
            guard case .next(let value) = event else { return nil }
            control.cancelInners()   // the pending timer, if any
            return Signal<Int, Never>.timer(after: .seconds(2), on: scheduler).map { _ in value }
        }
    }
    show(#"typing = scheduler.hot("-ab-----c--|")"#)
    show("debounced, 2 seconds:")
    print(scheduler.expect(debounced, "----b-----c|").description)
    print("(`a` was cut by `b`; the library's debounce also hands a pending value over when the")
    print(" source completes, which this three-line version does not.)")
}
