// Chapter 10 · concat: a queue of signals
//
// `a.concat(b)` forwards `a`, and subscribes to `b` only once `a` has completed. Think
// of a queue (RxSwift's Concat): the signals wait in order; the next is subscribed only
// when the previous completes; an error ends everything, and the signals still waiting
// are never subscribed at all.
//
// Written with bind, one link of the queue is a binding that passes values through and,
// on completion, returns the next signal:
//
//     .next(v)   -> .just(v)
//     .error(e)  -> .error(e)
//     .completed -> next            "the rest of the output is `next`"
//
// Now chain them: `Signal.just(1).concat(.just(2)).concat(.just(3))`. Naively that is a
// signal nested inside a signal nested inside a signal, and a chain of 100,000 would
// subscribe 100,000 levels deep and overflow the stack. Two things prevent it:
// - when a binding returns a signal on the source's completion and nothing else is
//   running, that signal *is* the rest of the output, so bind subscribes it straight to
//   the downstream - a tail call - and runs successive tail calls in a loop;
// - `concat` is associative, so `a.concat(b).concat(c)` is kept as one flat list,
//   `Signal.concat(a, b, c)` (as RxSwift unrolls nested concats), instead of nesting.
// The result: constant stack, and no memory kept for signals that have finished.

import Signals
import SignalsTesting

extension Chapter {
    static let concat = Chapter("concat", title: "concat: a queue of signals") {
        oneTwoThree()
        concatIsAQueue()
        anErrorEndsEverything()
        theSequenceIsReadLazily()
        concatOfASignalOfSignals()
        nestedConcatsDoNotRecurse()
    }
}

private func oneTwoThree() {
    section("just(1), then just(2), then just(3)")
    show("Signal.just(1).concat(.just(2)).concat(.just(3)).materialize().subscribe(next: { print($0) })")
    Signal.just(1).concat(.just(2)).concat(.just(3)).materialize().subscribe(next: { print($0) })
    print("`materialize` turned every event, completion included, into a value we can print.")
}

private func concatIsAQueue() {
    section("A queue: the next signal is subscribed only when the previous completes")
    let first = Subject<String, Never>()
    let second = Subject<String, Never>()

    show(#"traced("first", first.signal).concat(traced("second", second.signal)).subscribe(Observer { print($0) })"#)
    traced("first", first.signal).concat(traced("second", second.signal)).subscribe(Observer { print($0) })
    print("`second` is not subscribed yet: what it sends now is lost (it is a hot subject).")
    show(#"second.send(value: "lost"); first.send(value: "a")"#)
    second.send(value: "lost")
    first.send(value: "a")
    show("first.sendCompleted()")
    first.sendCompleted()
    print("`first`'s completion subscribed `second`; then `first`'s finished subscription was released.")
    show(#"second.send(value: "b"); second.sendCompleted()"#)
    second.send(value: "b")
    second.sendCompleted()
}

private func anErrorEndsEverything() {
    section("An error ends everything")
    let first = Subject<String, TourError>()
    let second = Subject<String, TourError>()

    show(#"traced("first", first.signal).concat(traced("second", second.signal)).subscribe(Observer { print($0) })"#)
    traced("first", first.signal).concat(traced("second", second.signal)).subscribe(Observer { print($0) })
    show(#"first.send(error: TourError("disk full"))"#)
    first.send(error: TourError("disk full"))
    print("`second` was never subscribed.")
}

/// A sequence of `just` signals that says when each one is taken from it.
private struct Announced: Sequence, Sendable {
    let values: [Int]

    func makeIterator() -> AnyIterator<Signal<Int, Never>> {
        var remaining = values[...]
        return AnyIterator {
            guard let value = remaining.popFirst() else { return nil }
            print("(the sequence hands out just(\(value)))")
            return Signal.just(value)
        }
    }
}

private func theSequenceIsReadLazily() {
    section("Signal.concat(sequence) reads the sequence lazily")
    show("Signal.concat(Announced(values: [1, 2, 3])).subscribe(next: { print(\"got\", $0) })")
    Signal.concat(Announced(values: [1, 2, 3])).subscribe(next: { print("got", $0) })
}

private func concatOfASignalOfSignals() {
    section("concat() on a signal of signals: inner signals wait their turn")
    let signals = Subject<Signal<String, Never>, Never>()
    let first = Subject<String, Never>()
    let second = Subject<String, Never>()

    show("signals.signal.concat().subscribe(Observer { print($0) })")
    signals.signal.concat().subscribe(Observer { print($0) })
    show(#"signals.send(value: traced("first", first.signal))"#)
    signals.send(value: traced("first", first.signal))
    show(#"signals.send(value: traced("second", second.signal))"#)
    signals.send(value: traced("second", second.signal))
    print("`second` waits in the queue.")
    show(#"first.send(value: "1"); first.sendCompleted()"#)
    first.send(value: "1")
    first.sendCompleted()
    show(#"second.send(value: "2"); signals.sendCompleted(); second.sendCompleted()"#)
    second.send(value: "2")
    signals.sendCompleted()
    second.sendCompleted()
}

private func nestedConcatsDoNotRecurse() {
    section("Nested concats do not recurse")
    print("A left fold of 100,000 concats: just(0).concat(just(1)).concat(just(2)) ... .concat(just(100000))")
    show("let long = (1...100_000).reduce(Signal.just(0)) { chain, n in chain.concat(.just(n)) }")
    let long = (1...100_000).reduce(Signal.just(0)) { chain, n in chain.concat(.just(n)) }
    let recorder = long.record()
    let values = recorder.values
    print("values: \(values.count), first \(values.first!), last \(values.last!), in order: \(values == Array(0...100_000))")
    print("completed:", recorder.isCompleted)
    print("No stack overflow: the chain was kept flat, and each completion tail-called the next signal.")
}
