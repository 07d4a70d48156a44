// RxFeedback's feedback loop, ported: the state is a replaying subject, each loop turns
// states into events, the events are merged and reduced into the next state. The cases are
// RxFeedback's own (initial state alone; one delayed loop; three immediate loops in
// parallel), translated; the binding to a store uses assign(to:on:) from a nonisolated
// context, as RxFeedback-style code subscribes.
//
// The loops must see the initial state only once every loop is subscribed. RxFeedback does it
// with `do(onSubscribed:)`; here it is the after-subscription hook, `on(started:)`: the merged
// loops are listening when it sends the initial state into the state subject.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

/// RxFeedback's `Observable.system(initialState:reduce:scheduler:feedback:)`, in Signals.
private func system<State: Sendable, Event>(
    initial: State,
    reduce: @escaping @Sendable (State, Event) -> State,
    feedback loops: [@Sendable (Signal<State, Never>) -> Signal<Event, Never>]
) -> Signal<State, Never> {
    Signal.deferred {
        let state = ReplaySubject<State, Never>(capacity: 1)
        return Signal.merge(loops.map { loop in loop(state.signal) })
            .on(started: { state.send(value: initial) })
            .scan(initial, reduce)
            .on(next: { state.send(value: $0) })
            .startWith(initial)
    }
}

/// Appends what the state asks for: "_a" to the initial state, then "_b", then "_c".
@Sendable private func appendingLoop(_ states: Signal<String, Never>) -> Signal<String, Never> {
    states.flatMap { state -> Signal<String, Never> in
        switch state {
        case "initial": .just("_a")
        case "initial_a": .just("_b")
        case "initial_a_b": .just("_c")
        default: .never
        }
    }
}

/// A store written by a binding, as a UI layer keeps it. `@unchecked Sendable`: `state` is
/// written only on the main actor (by assign(to:on:)) and read by the `@MainActor` test.
private final class Store: @unchecked Sendable {
    var state = ""
}

/// Binds a system's states to a store from a nonisolated context, as RxFeedback code does.
private func bindStates(_ states: Signal<String, Never>, to store: Store, scheduler: MainActorScheduler) -> any Disposable {
    states.observe(on: scheduler).assign(to: \.state, on: store)
}

@Suite struct FeedbackLoopTests {
    @Test func withoutLoopsTheSystemSendsTheInitialState() {
        let states = system(initial: "initial", reduce: { (_, new: String) in new }, feedback: []).record()
        #expect(states.values == ["initial"])
    }

    @Test func threeImmediateLoopsEachSeeEveryState() {
        // RxFeedback's parallel case: every loop sees "initial" (3 × "_a"), then every loop
        // sees "initial_a" (3 × "_b"); the later states ask for nothing.
        let states = system(
            initial: "initial", reduce: { $0 + $1 },
            feedback: [appendingLoop, appendingLoop, appendingLoop]
        ).record()
        #expect(states.values == [
            "initial",
            "initial_a",
            "initial_a_a",
            "initial_a_a_a",
            "initial_a_a_a_b",
            "initial_a_a_a_b_b",
            "initial_a_a_a_b_b_b",
        ])
    }

    @Test func aDelayedLoopRunsOnVirtualTime() {
        let scheduler = TestScheduler()
        let loop: @Sendable (Signal<String, Never>) -> Signal<String, Never> = { states in
            states.flatMap { state -> Signal<String, Never> in
                switch state {
                case "initial": Signal.just("_a").delay(.milliseconds(10), on: scheduler)
                case "initial_a": .just("_b")
                case "initial_a_b": .just("_c")
                default: .never
                }
            }
        }
        let states = system(initial: "initial", reduce: { $0 + $1 }, feedback: [loop]).record()
        #expect(states.values == ["initial"])
        scheduler.advance(by: .milliseconds(10))
        #expect(states.values == ["initial", "initial_a", "initial_a_b", "initial_a_b_c"])
    }

    @MainActor @Test func aNonisolatedBindingWritesTheStatesOnTheMainActor() {
        let scheduler = TestScheduler()
        let store = Store()
        let states = system(
            initial: "initial", reduce: { $0 + $1 },
            feedback: [appendingLoop, appendingLoop, appendingLoop]
        )
        let binding = bindStates(states, to: store, scheduler: scheduler.mainActor)
        #expect(store.state == "") // observe(on:) waits for a turn
        scheduler.advance()
        #expect(store.state == "initial_a_a_a_b_b_b")
        binding.dispose()
    }

    @MainActor @Test func aDriverBindingHasTheLatestStateAtOnce() {
        // A driver delivers inline on the main actor: the store has the state when the
        // binding returns, and a second binding shares the one running system.
        let scheduler = TestScheduler()
        let runs = Counter()
        let states = system(initial: "initial", reduce: { $0 + $1 }, feedback: [appendingLoop])
            .on(subscribed: { _ = runs.increment() })
            .driver(on: scheduler.mainActor)
        let first = Store(), second = Store()
        let a = states.assign(to: \.state, on: first)
        let b = states.assign(to: \.state, on: second)
        #expect(first.state == "initial_a_b_c")
        #expect(second.state == "initial_a_b_c")
        #expect(runs.count == 1)
        a.dispose()
        b.dispose()
    }
}
