// Chapter 12 · One observer, many upstreams: MergeInput
//
// In Combine, a `Sink` accepts only its first subscription: subscribe it to a second
// publisher and that subscription is cancelled. So to feed one consumer from several
// publishers - taps, key presses, a timer, arriving over time - you put a subject in
// between, subscribe each publisher to it, and keep every upstream's cancellable so that
// someone can cancel them all later. And you must not forward an upstream's completion,
// or the first upstream to finish would finish the subject for everybody.
//
// In Signals an `Observer` may be subscribed twice, but it stops for good at its first
// terminal event - the same trap, one step later. `MergeInput` packages the answer:
// - `input.attach(upstream)` (or `upstream.merge(into: input)`) subscribes it at once;
// - an upstream's completion only detaches that upstream;
// - an upstream's error fails the output, as in `flatten`;
// - `cancel()`, or deinit, disposes every attached upstream and completes the output.
//
// And it is nothing new: a subject of signals, flattened. The subject is the "signal of
// signals" of chapter 9; `flatten` keeps the list of live upstreams (bind's bookkeeping)
// and completes nothing until the subject itself completes.

import Signals
import SignalsTesting

extension Chapter {
    static let mergeInput = Chapter("mergeinput", title: "One observer, many upstreams: MergeInput") {
        oneObserverTwoSignals()
        aSubjectInBetweenByHand()
        mergeInputAttachAndDetach()
        cancelDisposesEveryUpstream()
        anUpstreamErrorFailsTheOutput()
        aSubjectOfSignalsFlattened()
    }
}

private func oneObserverTwoSignals() {
    section("One observer subscribed to two signals")
    let taps = Subject<String, Never>()
    let keys = Subject<String, Never>()
    let observer = Observer<String, Never>(next: { print("observer got", $0) }, completed: { print("observer completed") })

    show("taps.signal.subscribe(observer); keys.signal.subscribe(observer)")
    taps.signal.subscribe(observer)
    keys.signal.subscribe(observer)
    show(#"taps.send(value: "tap"); keys.send(value: "k")"#)
    taps.send(value: "tap")
    keys.send(value: "k")
    print("Now the taps end. Only the taps; but the observer stops for good:")
    show(#"taps.sendCompleted(); keys.send(value: "lost key")"#)
    taps.sendCompleted()
    keys.send(value: "lost key")
}

private func aSubjectInBetweenByHand() {
    section("The Combine answer, by hand: a subject in between")
    let relay = Subject<String, Never>()
    let upstreamSubscriptions = CompoundDisposable()
    let taps = Subject<String, Never>()
    let keys = Subject<String, Never>()

    relay.signal.subscribe(Observer { print("consumer got", $0) })
    for (name, upstream) in [("taps", taps), ("keys", keys)] {
        // Forward values; forward nothing on completion: only this upstream has ended.
        let subscription = traced(name, upstream.signal).subscribe(next: { relay.send(value: $0) })
        upstreamSubscriptions.add(subscription)
    }
    show(#"taps.send(value: "tap"); taps.sendCompleted(); keys.send(value: "k")"#)
    taps.send(value: "tap")
    taps.sendCompleted()
    keys.send(value: "k")
    print("And someone must remember to cancel everything:")
    show("upstreamSubscriptions.dispose(); relay.sendCompleted()")
    upstreamSubscriptions.dispose()
    relay.sendCompleted()
    print("Every consumer with several upstreams writes this again. MergeInput packages it.")
}

private func mergeInputAttachAndDetach() {
    section("MergeInput: attach upstreams over time; a completion only detaches")
    let input = MergeInput<String, Never>()
    let taps = Subject<String, Never>()
    let keys = Subject<String, Never>()

    show("input.signal.subscribe(Observer { print($0) })")
    input.signal.subscribe(Observer { print($0) })
    show(#"input.attach(traced("taps", taps.signal))"#)
    input.attach(traced("taps", taps.signal))
    show(#"traced("keys", keys.signal).merge(into: input)"#)
    traced("keys", keys.signal).merge(into: input)
    show(#"taps.send(value: "tap"); keys.send(value: "k")"#)
    taps.send(value: "tap")
    keys.send(value: "k")
    show("taps.sendCompleted()")
    taps.sendCompleted()
    print("The output goes on:")
    show(#"keys.send(value: "k2")"#)
    keys.send(value: "k2")
    print("A synchronous upstream attaches, runs and detaches at once:")
    show(#"input.attach(Signal.from(["late 1", "late 2"]))"#)
    input.attach(Signal.from(["late 1", "late 2"]))
    show("input.cancel()")
    input.cancel()
}

/// Like `traced`, but writes each release into `log` instead of printing it: MergeInput
/// disposes its upstreams together, in no particular order, so the tour sorts them.
private func noting<Value, Failure: Error>(
    _ name: String, _ signal: Signal<Value, Failure>, releasesIn log: MutexBox<[String]>
) -> Signal<Value, Failure> {
    Signal { observer in
        let subscription = signal.subscribe(observer)
        return AnyDisposable {
            log.withLock { $0.append(name) }
            subscription.dispose()
        }
    }
}

private func cancelDisposesEveryUpstream() {
    section("cancel() disposes every attached upstream")
    let input = MergeInput<Int, Never>()
    let released = MutexBox<[String]>([])
    let timer = Subject<Int, Never>()
    let sensor = Subject<Int, Never>()

    input.signal.subscribe(Observer { print($0) })
    input.attach(noting("timer", timer.signal, releasesIn: released))
    input.attach(noting("sensor", sensor.signal, releasesIn: released))
    show("timer.send(value: 1); sensor.send(value: 2)")
    timer.send(value: 1)
    sensor.send(value: 2)
    show("input.cancel()")
    input.cancel()
    print("released:", released.withLock { $0 }.sorted().joined(separator: ", "))
    show("timer.send(value: 3); input.attach(.just(4))")
    timer.send(value: 3)
    input.attach(.just(4))
    print("(nothing: the input is cancelled)")
}

private func anUpstreamErrorFailsTheOutput() {
    section("An upstream's error fails the output, as in flatten")
    let input = MergeInput<String, TourError>()
    let healthy = Subject<String, TourError>()

    input.signal.subscribe(Observer { print($0) })
    input.attach(traced("healthy", healthy.signal))
    show(#"input.attach(.error(TourError("sensor broke")))"#)
    input.attach(.error(TourError("sensor broke")))
    show(#"healthy.send(value: "too late")"#)
    healthy.send(value: "too late")
}

private func aSubjectOfSignalsFlattened() {
    section("What MergeInput is: a subject of signals, flattened")
    let upstreams = Subject<Signal<String, Never>, Never>()
    show("upstreams.signal.flatten().subscribe(Observer { print($0) })")
    upstreams.signal.flatten().subscribe(Observer { print($0) })
    show(#"upstreams.send(value: .just("a")); upstreams.send(value: Signal.from(["b", "c"]))"#)
    upstreams.send(value: .just("a"))
    upstreams.send(value: Signal.from(["b", "c"]))
    print("Cancelling is disposing that subscription, and completing the subject.")
    show("upstreams.sendCompleted()")
    upstreams.sendCompleted()
}
