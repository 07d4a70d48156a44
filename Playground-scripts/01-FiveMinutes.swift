// Chapter 1 · Signals and subscriptions in five minutes
//
// What you need to use the library today; the "how it works" chapters come later.
//
// - A `Signal<Value, Failure>` sends `next` values, then at most one `completed` or
//   `error`. Its error type is part of its type: `Never` means it cannot fail.
// - Creating a signal runs nothing. Each `subscribe` starts a fresh run (signals are
//   *cold*); a `Subject` is the *hot* kind: you send to it, and everyone subscribed hears.
// - `subscribe` returns a disposable. A subscription lives until its terminal event or
//   until you dispose it. Dropping the disposable does NOT end it (unlike Combine's
//   `AnyCancellable`): keep it in a `DisposeBag`, which disposes everything it holds
//   when it is released.
// - Under Swift 6 the closures you give are `@Sendable`; in tests a `Recorder`
//   (SignalsTesting) collects what a signal sends.

import Signals
import SignalsTesting

extension Chapter {
    static let fiveMinutes = Chapter("start", title: "Signals and subscriptions in five minutes") {
        creatingAndSubscribing()
        hotSignalsAreSubjects()
        subscriptionsAndDisposeBags()
        recordingInTests()
    }
}

private func creatingAndSubscribing() {
    section("Create a signal, subscribe to it")
    let words = Signal.from(["hello", "signals"]).map { $0.uppercased() }
    print("`words` is only a recipe: nothing has run yet.")
    show(#"words.subscribe(next: { print($0) }, completed: { print("completed") })"#)
    words.subscribe(next: { print($0) }, completed: { print("completed") })
    print("A failing signal carries its error type: Signal<Int, TourError>.")
    let failing = Signal<Int, TourError>.just(1).concat(.error(TourError("no network")))
    show(#"failing.subscribe(next: { print($0) }, error: { print("error:", $0) })"#)
    failing.subscribe(next: { print($0) }, error: { print("error:", $0) })
}

private func hotSignalsAreSubjects() {
    section("Hot signals: a Subject")
    let taps = Subject<String, Never>()
    show(#"taps.signal.subscribe(next: { print("first hears", $0) })"#)
    taps.signal.subscribe(next: { print("first hears", $0) })
    show(#"taps.send(value: "tap 1")"#)
    taps.send(value: "tap 1")
    show(#"taps.signal.subscribe(next: { print("second hears", $0) })"#)
    taps.signal.subscribe(next: { print("second hears", $0) })
    show(#"taps.send(value: "tap 2")"#)
    taps.send(value: "tap 2")
    print("The second subscriber missed tap 1: a Subject does not replay (BehaviorSubject keeps the latest).")
}

private func subscriptionsAndDisposeBags() {
    section("A subscription lives until it ends or is disposed")
    let ticks = Subject<Int, Never>()
    show(#"_ = ticks.signal.subscribe(next: { print("dropped disposable got", $0) })"#)
    _ = ticks.signal.subscribe(next: { print("dropped disposable got", $0) })
    var bag: DisposeBag? = DisposeBag()
    show(#"ticks.signal.subscribe(next: { print("bagged got", $0) }).disposed(by: bag)"#)
    if let bag { ticks.signal.subscribe(next: { print("bagged got", $0) }).disposed(by: bag) }
    show("ticks.send(value: 1)")
    ticks.send(value: 1)
    show("bag = nil   // the screen goes away: the bag disposes what it holds")
    bag = nil
    show("ticks.send(value: 2)")
    ticks.send(value: 2)
    print("Dropping a disposable did not cancel anything; releasing the bag did.")
    print("(Completion ends a subscription too: `ticks.sendCompleted()` would release both.)")
}

private func recordingInTests() {
    section("In tests: a Recorder")
    show("let recorder = Signal.from([1, 2, 3]).map { $0 * 10 }.record()")
    let recorder = Signal.from([1, 2, 3]).map { $0 * 10 }.record()
    show("recorder.events")
    print(recorder.events)
    print("Next: the operators you will use every day, then time, then async/await.")
}
