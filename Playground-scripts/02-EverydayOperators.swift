// Chapter 2 · Everyday operators
//
// The operators an app reaches for every day, each a short composition of bind and other
// operators (the ledger, Signals.docc/Operators.md, gives every one's composition and its
// names in ReactiveCocoa, RxSwift, ReactiveSwift and Combine). The chapter builds one small
// feature with them: a counter screen whose state is a reducer over merged sources of
// actions, fed by a flaky loader that is retried, and shared by two views.

import Signals
import SignalsTesting
import Synchronization

extension Chapter {
    static let everydayOperators = Chapter("everyday", title: "Everyday operators") {
        transformingAndFiltering()
        aReducerOverMergedSources()
        errorsAndRetry()
        combining()
        sharing()
    }
}

// MARK: - Transform and filter

private func transformingAndFiltering() {
    section("Transform and filter: every one a binding")
    print("Each of these is a stateful bind (or a composition of them); `take` stops the source,")
    print("so an endless source ends:")
    show("Signal.from(1...).map { $0 * $0 }.filter { $0 % 2 == 1 }.take(4)")
    print(Signal.from(1...).map { $0 * $0 }.filter { $0 % 2 == 1 }.take(4).record().values)
    show("Signal.from([1, 2, 3, 4]).scan(0, +)            // every accumulation, not the seed")
    print(Signal.from([1, 2, 3, 4]).scan(0, +).record().values)
    show("Signal.from([1, 2, 3, 4]).reduce(0, +)          // only the last one")
    print(Signal.from([1, 2, 3, 4]).reduce(0, +).record().values)
    show("Signal.from([1, 1, 2, 2, 2, 3, 1]).distinctUntilChanged()")
    print(Signal.from([1, 1, 2, 2, 2, 3, 1]).distinctUntilChanged().record().values)
    show("Signal.from([1, 2, 3, 4, 5]).collect(count: 2)  // the rest on completion")
    print(Signal.from([1, 2, 3, 4, 5]).collect(count: 2).record().values)
    show("Signal.from([\"a\", \"b\", \"c\"]).combinePrevious(\"-\")")
    print(Signal.from(["a", "b", "c"]).combinePrevious("-").record().values.map { "(\($0.0), \($0.1))" })
    show("Signal.from([3, 5, 8, 9]).first(where: { $0 % 2 == 0 })")
    print(Signal.from([3, 5, 8, 9]).first(where: { $0 % 2 == 0 }).record().events)
}

// MARK: - A reducer over merged sources

private enum CounterAction: Sendable {
    case increment(Int)
    case reset
}

private struct CounterState: Equatable, Sendable, CustomStringConvertible {
    var count = 0
    var description: String { "count \(count)" }
}

private func aReducerOverMergedSources() {
    section("A reducer over merged sources")
    print("Two sources of actions (buttons), merged; `scan(into:)` folds them into a state;")
    print("`distinctUntilChanged()` drops the states that did not change (the second reset):")
    let plus = Subject<Int, Never>()
    let resets = Subject<Void, Never>()
    show("plus.signal.map(CounterAction.increment).merge(resets.signal.map { .reset })")
    show("    .scan(into: CounterState()) { state, action in ... }.distinctUntilChanged()")
    let states = plus.signal.map(CounterAction.increment)
        .merge(resets.signal.map { _ in CounterAction.reset })
        .scan(into: CounterState()) { state, action in
            switch action {
            case .increment(let amount): state.count += amount
            case .reset: state.count = 0
            }
        }
        .distinctUntilChanged()
    let subscription = states.subscribe(next: { print("  state:", $0) })
    show("plus.send(value: 2); plus.send(value: 3); resets.send(value: ()); resets.send(value: ())")
    plus.send(value: 2)
    plus.send(value: 3)
    resets.send(value: ())
    resets.send(value: ())
    subscription.dispose()
}

// MARK: - Errors and retry

private func errorsAndRetry() {
    section("Errors and retry")
    print("A loader that fails twice, then succeeds. `retry(n)` subscribes again, up to n more")
    print("times; `deferred` builds a fresh attempt per subscription:")
    let attempts = Locked(0)
    let loader = Signal<String, TourError>.deferred {
        let attempt = attempts.increment()
        print("  attempt \(attempt)")
        return attempt < 3 ? .error(TourError("offline")) : .just("42 items")
    }
    show("loader.retry(5).subscribe(...)")
    loader.retry(5).subscribe(next: { print("  loaded:", $0) }, error: { print("  failed:", $0) })

    print("Not enough retries: the last error passes through; `replaceError(with:)` turns it")
    print("into a value and completion, `catch` into any signal you choose:")
    attempts.reset()
    show("loader.retry(1).replaceError(with: \"cached items\")")
    print(loader.retry(1).replaceError(with: "cached items").record().events)
    attempts.reset()
    show("loader.catch { error in .just(\"fallback after \\(error)\") }")
    print(loader.catch { error in Signal<String, Never>.just("fallback after \(error)") }.record().events)
}

// MARK: - Combining

private func combining() {
    section("Combining")
    show("Signal.zip(.from([1, 2, 3]), .from([\"a\", \"b\"]))   // pairs in order")
    print(Signal.zip(Signal.from([1, 2, 3]), Signal.from(["a", "b"])).record().values.map { "(\($0.0), \($0.1))" })
    print("`withLatestFrom` pairs each value with the latest of another signal (no value until")
    print("that one has one); `startWith` puts values first:")
    let taps = Subject<Void, Never>()
    let text = Subject<String, Never>()
    show("taps.signal.withLatestFrom(text.signal.startWith(\"\")) { _, text in text }")
    let submitted = taps.signal.withLatestFrom(text.signal.startWith("")) { _, text in text }
    let subscription = submitted.subscribe(next: { print("  submitted: \"\($0)\"") })
    show("taps.send(value: ()); text.send(value: \"hello\"); taps.send(value: ())")
    taps.send(value: ())
    text.send(value: "hello")
    taps.send(value: ())
    subscription.dispose()
}

// MARK: - Sharing

private func sharing() {
    section("Sharing one subscription")
    print("A cold signal runs its work once per subscriber. `share(replay: 1)` runs it once while")
    print("anyone listens, and gives a late subscriber the latest value:")
    let source = Subject<Int, Never>()
    let connections = Locked(0)
    let expensive = Signal<Int, Never>.deferred {
        print("  [connection \(connections.increment())]")
        return source.signal.map { $0 * 100 }
    }
    show("let shared = expensive.share(replay: 1)")
    let shared = expensive.share(replay: 1)
    show("first view subscribes; source.send(value: 1); second view subscribes; source.send(value: 2)")
    let first = shared.subscribe(next: { print("  first view:", $0) })
    source.send(value: 1)
    let second = shared.subscribe(next: { print("  second view:", $0) })
    source.send(value: 2)
    show("both views leave; a third subscribes: a fresh connection")
    first.dispose()
    second.dispose()
    let third = shared.subscribe(next: { print("  third view:", $0) })
    source.send(value: 3)
    third.dispose()
}

/// A counter guarded by the library-independent `Mutex`: the closures given to signals are
/// `@Sendable`, so the state they touch must be protected.
private final class Locked: Sendable {
    private let value: Mutex<Int>
    init(_ initial: Int) { value = Mutex(initial) }
    @discardableResult func increment() -> Int { value.withLock { $0 += 1; return $0 } }
    func reset() { value.withLock { $0 = 0 } }
}
