// Chapter 6 · Signals: creating and subscribing
//
// A signal is a recipe: a subscribe function that, given an observer, sends it events.
// Nothing happens when you create one. Each `subscribe` runs the function anew (signals
// are *cold*), and every subscription obeys one grammar: any number of `next` values,
// then at most one `error` or `completed`, then nothing.
//
// Who enforces the grammar? Not the code that sends. The signal's subscribe function
// never receives the observer you wrote: when you subscribe with closures, they are
// wrapped in a fresh `Observer`; when you subscribe an `Observer` of your own, it is
// wrapped in a fresh forwarding one. Either way the function sends to a *sink* made for
// this one subscription. On every `send` the sink checks its stopped flag; while it is
// live it forwards `next` values; on the first `error` or `completed` it sets the flag,
// forwards the event once, and disposes the subscription's resources. Everything sent
// after that is dropped at that one point.
// This is RxSwift's AnonymousObservableSink, retold: the grammar lives in one place,
// and the observer you `send` to is not the closure you wrote.
//
// One more thing before we start. Under Swift 6, every closure you give the library is
// `@Sendable` (a signal may deliver on another thread), so the Combine habit
//
//     var received: [Int] = []
//     signal.subscribe(next: { received.append($0) })   // error: mutation of captured var
//
// does not compile. Collect values with a `Recorder` (SignalsTesting), or with a
// `Mutex` box from the standard Synchronization module, or - as this tour does - print
// inside the closure.

import Signals
import SignalsTesting
import Synchronization

extension Chapter {
    static let signals = Chapter("signals", title: "Signals: creating and subscribing") {
        aSignalIsASubscribeFunction()
        collectingValuesUnderSwift6()
        theObserverIsNotYourClosure()
        fromSendToYourClosure()
        eventsAfterCompletionAreIgnored()
    }
}

private func aSignalIsASubscribeFunction() {
    section("A signal is a subscribe function")

    let numbers = Signal<Int, Never> { observer in
        print("(the subscribe function runs)")
        observer.send(value: 1)
        observer.send(value: 2)
        observer.sendCompleted()
        return nil // nothing to release when the subscription ends
    }
    print("`numbers` is created; nothing has run yet.")

    show(#"numbers.subscribe(next: { print("got", $0) }, completed: { print("done") })"#)
    numbers.subscribe(next: { print("got", $0) }, completed: { print("done") })

    print("Subscribing again runs the function again: signals are cold.")
    show(#"numbers.subscribe(next: { print("again", $0) })"#)
    numbers.subscribe(next: { print("again", $0) })
}

/// A value shared with `@Sendable` closures, guarded by a `Mutex`.
///
/// A `Mutex` cannot be captured by an escaping closure itself (it is non-copyable), so it
/// lives in a small final class, which is `Sendable` because the mutex is.
final class MutexBox<Value>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: sending Value) {
        mutex = Mutex(value)
    }

    func withLock<Result>(_ body: (inout sending Value) -> sending Result) -> sending Result {
        mutex.withLock(body)
    }
}

private func collectingValuesUnderSwift6() {
    section("Collecting values under Swift 6")
    print("Closures given to the library are @Sendable: they cannot append to a local `var`.")
    print("Answer 1, in tests: a Recorder (SignalsTesting) subscribes and keeps every event.")

    show("let recorder = Signal.from([1, 2, 3]).record()")
    let recorder = Signal.from([1, 2, 3]).record()
    print("recorder.values:", recorder.values)
    print("recorder.events:", recorder.events)

    print("Answer 2: a Mutex box (Synchronization) that the closure may share.")
    show("let received = MutexBox<[Int]>([])")
    show("Signal.from([4, 5]).subscribe(next: { value in received.withLock { $0.append(value) } })")
    let received = MutexBox<[Int]>([])
    Signal.from([4, 5]).subscribe(next: { value in received.withLock { $0.append(value) } })
    print("received:", received.withLock { $0 })

    print("Answer 3, the tour's: print inside the closure.")
}

private func theObserverIsNotYourClosure() {
    section("The observer you send to is not the observer you gave")

    let mine = Observer<Int, Never> { event in print("my observer got", event) }
    let spy = Signal<Int, Never> { observer in
        print("is the observer mine?", observer === mine)
        observer.send(value: 1)
        observer.sendCompleted()
        return nil
    }
    print("`spy`'s subscribe function checks whether the observer it receives is `mine`.")
    show("spy.subscribe(mine)")
    spy.subscribe(mine)
    print("`subscribe` wrapped `mine` in a sink, and the subscribe function got the sink.")
}

private func fromSendToYourClosure() {
    section("How an event travels from `send` to your closure")
    print("This signal keeps its sink so that we can send to it by hand, later.")

    let kept = MutexBox<Observer<Int, Never>?>(nil)
    let remote = Signal<Int, Never> { observer in
        kept.withLock { $0 = observer }
        return AnyDisposable { print("[the subscription's resources are released]") }
    }
    remote.subscribe(next: { print("your closure got", $0) }, completed: { print("your closure got completed") })
    let sink = kept.withLock { $0! }

    print("send -> the sink: stopped? no -> forwards next -> your observer -> your closure.")
    show("sink.send(value: 1)")
    sink.send(value: 1)

    print("The first terminal event: the sink stops, forwards it once, then disposes.")
    show("sink.sendCompleted()")
    sink.sendCompleted()

    print("Anything later stops at the sink's flag.")
    show("sink.send(value: 2)")
    sink.send(value: 2)
    show("sink.sendCompleted()")
    sink.sendCompleted()
    print("sink.isStopped:", sink.isStopped)
}

private func eventsAfterCompletionAreIgnored() {
    section("Events after completion are ignored")
    print("A sloppy source keeps sending after it has completed.")

    let sloppy = Signal<Int, Never> { observer in
        observer.send(value: 1)
        observer.sendCompleted()
        observer.send(value: 2)      // dropped: the sink has stopped
        observer.sendCompleted()     // dropped: only the first terminal event passes
        return AnyDisposable { print("[released at once: the subscription had already ended]") }
    }
    show("sloppy.subscribe(Observer { print($0) })")
    sloppy.subscribe(Observer { print($0) })

    print("A bare Observer keeps the same rule: nothing after its first terminal event.")
    let observer = Observer<String, TourError>(
        next: { print("next", $0) },
        error: { print("error", $0) },
        completed: { print("completed") }
    )
    show(#"observer.send(value: "a")"#)
    observer.send(value: "a")
    show(#"observer.send(error: TourError("boom"))"#)
    observer.send(error: TourError("boom"))
    show(#"observer.send(value: "b"); observer.sendCompleted()"#)
    observer.send(value: "b")
    observer.sendCompleted()
    print("observer.isStopped:", observer.isStopped)
}
