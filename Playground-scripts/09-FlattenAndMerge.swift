// Chapter 9 · flatten and merge: signals of signals
//
// A signal can send signals. `flattenMap` turns each value into a signal and merges
// them all into one output; it is `bind` with the plainest binding there is:
//
//     .next(v)   -> transform(v)     subscribe it, forward its values
//     .error(e)  -> .error(e)        fail the output
//     .completed -> nil              nothing more to add
//
// `flatten` is `flattenMap { $0 }`: the values already are signals. And `merge` is
// nothing new either: `a.merge(b)` is a signal that sends `a` and `b`, flattened.
//
// This is ReactiveCocoa's classic demonstration. Put two subjects, letters and numbers,
// inside a signal of signals; flatten it; send A, 1, B, C, 2 in that order to the two
// subjects; the output is A 1 B C 2 - each value as it arrives, whoever sent it. The
// output completes only when the outer signal and both subjects have completed (bind's
// rule 4), and the first error from any of them fails it (rule 5).

import Signals
import SignalsTesting

extension Chapter {
    static let flattenAndMerge = Chapter("flatten", title: "flatten and merge: signals of signals") {
        flattenMapIsBind()
        lettersAndNumbers()
        mergeIsASignalOfSignalsFlattened()
        theFirstErrorWins()
    }
}

private func flattenMapIsBind() {
    section("flattenMap: each value becomes a signal")
    show("Signal.from([1, 2, 3]).flattenMap { n in Signal.from(Array(repeating: n, count: n)) }")
    let repeated = Signal.from([1, 2, 3]).flattenMap { n in Signal.from(Array(repeating: n, count: n)) }
    print(repeated.record().values.map(String.init).joined(separator: " "))
}

private func lettersAndNumbers() {
    section("Letters and numbers: subjects inside a signal of signals")
    let letters = Subject<String, Never>()
    let numbers = Subject<String, Never>()
    let signalOfSignals = Signal<Signal<String, Never>, Never> { observer in
        observer.send(value: letters.signal)
        observer.send(value: numbers.signal)
        observer.sendCompleted()
        return nil
    }

    show("let recorder = signalOfSignals.flatten().record()")
    let recorder = signalOfSignals.flatten().record()
    show(#"letters.send(value: "A"); numbers.send(value: "1"); letters.send(value: "B")"#)
    show(#"letters.send(value: "C"); numbers.send(value: "2")"#)
    letters.send(value: "A")
    numbers.send(value: "1")
    letters.send(value: "B")
    letters.send(value: "C")
    numbers.send(value: "2")
    print(recorder.values.joined(separator: " "))

    print("The outer signal has completed, but the output waits for both subjects:")
    show("letters.sendCompleted()")
    letters.sendCompleted()
    print("recorder.isCompleted:", recorder.isCompleted)
    show("numbers.sendCompleted()")
    numbers.sendCompleted()
    print("recorder.isCompleted:", recorder.isCompleted)
}

private func mergeIsASignalOfSignalsFlattened() {
    section("merge is a signal that sends the signals, flattened")
    let letters = Subject<String, Never>()
    let numbers = Subject<String, Never>()

    show("letters.signal.merge(numbers.signal).subscribe(next: { print(\"merged\", $0) })")
    letters.signal.merge(numbers.signal).subscribe(next: { print("merged", $0) })
    letters.send(value: "A")
    numbers.send(value: "1")
    letters.send(value: "B")
    letters.send(value: "C")
    numbers.send(value: "2")

    print("The same, spelled out: Signal.merge([a, b]) is Signal.from([a, b]).flatten().")
    show("Signal.from([Signal.from([\"x\", \"y\"]), Signal.just(\"z\")]).flatten()")
    let spelledOut = Signal.from([Signal.from(["x", "y"]), Signal.just("z")]).flatten()
    print(spelledOut.record().events)
}

private func theFirstErrorWins() {
    section("The first error fails the output and disposes the rest")
    let healthy = Subject<Int, TourError>()
    let failing = Subject<Int, TourError>()

    show(#"traced("healthy", healthy.signal).merge(failing.signal).subscribe(Observer { print($0) })"#)
    traced("healthy", healthy.signal).merge(failing.signal).subscribe(Observer { print($0) })
    show("healthy.send(value: 1)")
    healthy.send(value: 1)
    show(#"failing.send(error: TourError("lost connection"))"#)
    failing.send(error: TourError("lost connection"))
    show("healthy.send(value: 2)")
    healthy.send(value: 2)
}
