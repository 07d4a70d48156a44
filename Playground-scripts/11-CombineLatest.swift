// Chapter 11 · combineLatest and its bookkeeping
//
// `combineLatest` waits until every source has sent a value, then emits a combination of
// the latest value of each, again on every value from any source.
//
// The bookkeeping (RxSwift's CombineLatestSink) is two facts per source: *has it a value
// yet* (and which), and *is it done*. From those:
// - emit only when every source has a value;
// - complete when every source is done - or as soon as one source is done without ever
//   having sent a value, because no combination is possible any more;
// - fail on the first error.
//
// Signals writes no special sink for this. `combineLatest` is a composition: each source
// is materialized (so its completion becomes a value too) and tagged with its position;
// the tagged signals are merged; and a stateful bind keeps the bookkeeping. The section
// "The bookkeeping, shown" below writes the two-source version the same way, printing
// its state after every event.

import Signals
import SignalsTesting

extension Chapter {
    static let combineLatest = Chapter("combinelatest", title: "combineLatest and its bookkeeping") {
        obOneAndObTwo()
        theBookkeepingShown()
        completingEarly()
        theFirstErrorIsForwarded()
        tuplesAndArrays()
    }
}

private func obOneAndObTwo() {
    section("ob1 sends 1, 2; then ob2 sends \"a\", \"b\"")
    let ob1 = Subject<Int, Never>()
    let ob2 = Subject<String, Never>()

    show(#"Signal.combineLatest(ob1.signal, ob2.signal) { "1:\($0)-2:\($1)" }.subscribe(next: { print($0) })"#)
    Signal.combineLatest(ob1.signal, ob2.signal) { "1:\($0)-2:\($1)" }.subscribe(next: { print($0) })
    show("ob1.send(value: 1); ob1.send(value: 2)")
    ob1.send(value: 1)
    ob1.send(value: 2)
    print("(nothing yet: ob2 has no value)")
    show(#"ob2.send(value: "a"); ob2.send(value: "b")"#)
    ob2.send(value: "a")
    ob2.send(value: "b")
}

/// Which source an event came from, once the two sources are merged.
private enum FromSource<A, B, Failure: Error> {
    case first(Event<A, Failure>)
    case second(Event<B, Failure>)
}

/// `combineLatest` of two signals, composed as the library composes it - each source
/// materialized and tagged, the two merged, and a stateful bind keeping the bookkeeping -
/// printing its state after every event.
private func combineLatestShowingItsBookkeeping<A, B, Failure: Error>(
    _ first: Signal<A, Failure>, _ second: Signal<B, Failure>
) -> Signal<(A, B), Failure> {
    let tagged = first.materialize().map { FromSource<A, B, Failure>.first($0) }
        .merge(second.materialize().map { FromSource<A, B, Failure>.second($0) })

    return tagged.bind {
        var latestFirst: A?
        var latestSecond: B?
        var firstIsDone = false
        var secondIsDone = false

        return { event, stop in
            guard case .next(let fromSource) = event else { return nil }
            switch fromSource {
            case .first(.next(let value)): latestFirst = value
            case .second(.next(let value)): latestSecond = value
            case .first(.error(let error)), .second(.error(let error)): return .error(error)
            case .first(.completed): firstIsDone = true
            case .second(.completed): secondIsDone = true
            }
            print(
                "  bookkeeping: 1 = \(latestFirst.map { "\($0)" } ?? "no value")\(firstIsDone ? ", done" : "");",
                "2 = \(latestSecond.map { "\($0)" } ?? "no value")\(secondIsDone ? ", done" : "")"
            )

            let impossible = (firstIsDone && latestFirst == nil) || (secondIsDone && latestSecond == nil)
            if impossible || (firstIsDone && secondIsDone) {
                stop = true // the output completes: no new combination can ever come
                return nil
            }
            switch fromSource {
            case .first(.next), .second(.next):
                guard let latestFirst, let latestSecond else { return nil }
                return .just((latestFirst, latestSecond))
            default:
                return nil
            }
        }
    }
}

private func theBookkeepingShown() {
    section("The bookkeeping, shown")
    let ob1 = Subject<Int, Never>()
    let ob2 = Subject<String, Never>()

    show(#"combineLatestShowingItsBookkeeping(ob1.signal, ob2.signal).map { "1:\($0)-2:\($1)" }"#)
    show("    .subscribe(Observer { print($0) })")
    combineLatestShowingItsBookkeeping(ob1.signal, ob2.signal).map { "1:\($0)-2:\($1)" }
        .subscribe(Observer { print($0) })
    show("ob1.send(value: 1)")
    ob1.send(value: 1)
    show("ob1.send(value: 2)")
    ob1.send(value: 2)
    show(#"ob2.send(value: "a")"#)
    ob2.send(value: "a")
    show(#"ob2.send(value: "b")"#)
    ob2.send(value: "b")
    print("ob1 is done, but its latest value still combines with ob2's new ones:")
    show("ob1.sendCompleted()")
    ob1.sendCompleted()
    show(#"ob2.send(value: "c")"#)
    ob2.send(value: "c")
    show("ob2.sendCompleted()")
    ob2.sendCompleted()
}

private func completingEarly() {
    section("A source done without a value ends it at once")
    let ob1 = Subject<Int, Never>()
    let ob2 = Subject<String, Never>()

    show(#"Signal.combineLatest(ob1.signal, ob2.signal) { "1:\($0)-2:\($1)" }.subscribe(Observer { print($0) })"#)
    Signal.combineLatest(ob1.signal, ob2.signal) { "1:\($0)-2:\($1)" }.subscribe(Observer { print($0) })
    show("ob1.send(value: 1)")
    ob1.send(value: 1)
    show("ob2.sendCompleted()")
    ob2.sendCompleted()
    print("ob2 can never send a value now, so no combination is possible: completed, though ob1 is live.")
}

private func theFirstErrorIsForwarded() {
    section("The first error is forwarded")
    let ob1 = Subject<Int, TourError>()
    let ob2 = Subject<String, TourError>()

    show(#"Signal.combineLatest(ob1.signal, ob2.signal) { "1:\($0)-2:\($1)" }.subscribe(Observer { print($0) })"#)
    Signal.combineLatest(ob1.signal, ob2.signal) { "1:\($0)-2:\($1)" }.subscribe(Observer { print($0) })
    show(#"ob1.send(value: 1); ob2.send(value: "a"); ob2.send(error: TourError("offline")); ob1.send(value: 2)"#)
    ob1.send(value: 1)
    ob2.send(value: "a")
    ob2.send(error: TourError("offline"))
    ob1.send(value: 2)
}

private func tuplesAndArrays() {
    section("Tuples, of any arity, and arrays")
    show(#"Signal.combineLatest(Signal.just(1), Signal.just("x"), Signal.just(true))"#)
    Signal.combineLatest(Signal.just(1), Signal.just("x"), Signal.just(true)).subscribe(next: { print($0) })
    show("Signal.combineLatest([Signal.just(1), Signal.from([2, 3]), Signal.just(4)])")
    Signal.combineLatest([Signal.just(1), Signal.from([2, 3]), Signal.just(4)]).subscribe(next: { print($0) })
    show("Signal.just(1).combineLatest(with: Signal.just(\"one\"))")
    Signal.just(1).combineLatest(with: Signal.just("one")).subscribe(next: { print($0) })
}
