// Any signal-like value where a signal is taken: a driver, a property and a subject passed
// to each operator that combines a signal with another (withLatestFrom, combineLatest, zip,
// merge, take(until:), skip(until:), sample(on:)) and to Action(enabledIf:). The drivers
// deliver on the test's virtual main actor, inline: the tests run on the main actor.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

/// One signal-like value of each kind, each with a current value ("d", "p", "s") and a way
/// to send the next one.
@MainActor private struct Sources {
    let scheduler = TestScheduler()
    let driverSource = BehaviorSubject<String, Never>(value: "d")
    let property = MutableProperty("p")
    let subject = BehaviorSubject<String, Never>(value: "s")
    var driver: MainActorSignal<String, Never> { driverSource.signal.driver(on: scheduler.mainActor) }

    func sendNext() {
        driverSource.send(value: "d2")
        property.value = "p2"
        subject.send(value: "s2")
    }
}

@Suite struct SignalConvertibleTests {
    @MainActor @Test func withLatestFromTakesADriverAPropertyAndASubject() {
        let sources = Sources()
        let taps = Subject<Int, Never>()
        let recorders = [
            taps.signal.withLatestFrom(sources.driver).map { "\($0)\($1)" }.record(),
            taps.signal.withLatestFrom(sources.property).map { "\($0)\($1)" }.record(),
            taps.signal.withLatestFrom(sources.subject) { "\($0)\($1)" }.record(),
        ]
        taps.send(value: 1)
        sources.sendNext()
        taps.send(value: 2)
        #expect(recorders.map(\.values) == [["1d", "2d2"], ["1p", "2p2"], ["1s", "2s2"]])
    }

    @MainActor @Test func combineLatestTakesADriverAPropertyAndASubject() {
        let sources = Sources()
        let all = Signal.combineLatest(sources.driver, sources.property, sources.subject).map { "\($0)\($1)\($2)" }.record()
        let closure = Signal.combineLatest(sources.driver, sources.subject) { $0 + $1 }.record()
        let numbers = BehaviorSubject<Int, Never>(value: 1)
        let instance = numbers.signal.combineLatest(with: sources.property).map { "\($0)\($1)" }.record()
        sources.sendNext()
        #expect(all.values == ["dps", "d2ps", "d2p2s", "d2p2s2"])
        #expect(closure.values == ["ds", "d2s", "d2s2"])
        #expect(instance.values == ["1p", "1p2"])
    }

    @MainActor @Test func zipTakesADriverAPropertyAndASubject() {
        let sources = Sources()
        let all = Signal.zip(sources.driver, sources.property, sources.subject).map { "\($0)\($1)\($2)" }.record()
        let instance = Signal.from([1, 2, 3]).zip(with: sources.subject).map { "\($0)\($1)" }.record()
        sources.sendNext()
        #expect(all.values == ["dps", "d2p2s2"])
        #expect(instance.values == ["1s", "2s2"])
    }

    @MainActor @Test func mergeTakesADriverAPropertyAndASubject() {
        let sources = Sources()
        let typed = Subject<String, Never>()
        let all = Signal.merge(typed.signal, sources.driver, sources.property, sources.subject).record()
        let instance = typed.signal.merge(sources.driver).record()
        typed.send(value: "t")
        sources.sendNext()
        #expect(all.values == ["d", "p", "s", "t", "d2", "p2", "s2"])
        #expect(instance.values == ["d", "t", "d2"])
    }

    @MainActor @Test func takeUntilAndSkipUntilTakeADriverAPropertyAndASubject() {
        let sources = Sources()
        let numbers = Subject<Int, Never>()
        let stops = [
            numbers.signal.take(until: sources.driver.skip(1)).record(),
            numbers.signal.take(until: sources.property.changes).record(),
            numbers.signal.take(until: sources.subject.signal.skip(1)).record(),
            numbers.signal.take(until: Subject<Void, Never>()).record(),
        ]
        let starts = numbers.signal.skip(until: sources.property.changes).record()
        numbers.send(value: 1)
        sources.sendNext()
        numbers.send(value: 2)
        #expect(stops.map(\.values) == [[1], [1], [1], [1, 2]])
        #expect(stops.map(\.isCompleted) == [true, true, true, false])
        #expect(starts.values == [2])
    }

    @MainActor @Test func sampleTakesADriverAPropertyAndASubject() {
        let sources = Sources()
        let readings = Subject<Int, Never>()
        let samples = [
            readings.signal.sample(on: sources.driver.skip(1)).record(),
            readings.signal.sample(on: sources.property.changes).record(),
            readings.signal.sample(on: sources.subject).record(),
        ]
        readings.send(value: 7)
        sources.sendNext()
        #expect(samples.map(\.values) == [[7], [7], [7]])
    }

    @MainActor @Test func actionEnabledIfTakesADriverAPropertyAndASubject() {
        let driverSource = BehaviorSubject<Bool, Never>(value: true)
        let property = MutableProperty(true)
        let subject = Subject<Bool, Never>()
        let scheduler = TestScheduler()
        let actions = [
            Action<Int, Int, Never>(enabledIf: driverSource.signal.driver(on: scheduler.mainActor)) { .just($0) },
            Action<Int, Int, Never>(enabledIf: property) { .just($0) },
            Action<Int, Int, Never>(enabledIf: subject) { .just($0) },
        ]
        #expect(actions.map(\.isEnabled.value) == [true, true, false]) // a subject has no value yet
        driverSource.send(value: false)
        property.value = false
        subject.send(value: true)
        #expect(actions.map(\.isEnabled.value) == [false, false, true])
    }

    /// Signals still resolve to the signal forms, with their inference of `.just` and `.empty`.
    @Test func signalsStillInferImplicitMembers() {
        let merged = Signal<Int, Never>.just(1).merge(.just(2)).record()
        let combined = Signal<Int, Never>.just(1).combineLatest(with: .just(2)).map { $0 + $1 }.record()
        let taken = Signal<Int, Never>.from([1, 2]).take(until: Signal<Void, Never>.never).record()
        #expect(merged.values == [1, 2])
        #expect(combined.values == [3])
        #expect(taken.values == [1, 2])
    }
}
