// Action fed the RxSwift way: `taps.subscribe(action.inputs)` applies each tap the action
// accepts and drops the refused ones (the taps see no error); `enabledIf:` takes a signal
// (disabled until it sends); and the `taps.flatMapLatest { action.apply($0) }` habit, pinned:
// it restarts the running execution instead of refusing the second tap.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

private struct SignUpError: Error, Equatable {}

@Suite struct ActionInputsTests {
    /// An action whose executions answer after 100 ms on `scheduler`, recording each start.
    private func slowDouble(
        on scheduler: TestScheduler,
        starts: Locked<[Int]>,
        enabledIf: Signal<Bool, Never>? = nil
    ) -> Action<Int, Int, Never> {
        let execute: @Sendable (Int) -> Signal<Int, Never> = { input in
            Signal.deferred {
                starts.append(input)
                return Signal<Int, Never>.timer(after: .milliseconds(100), on: scheduler).map { _ in input * 2 }
            }
        }
        if let enabledIf { return Action(enabledIf: enabledIf, execute: execute) }
        return Action(execute: execute)
    }

    @Test func inputsAppliesEachTapAndTheResultsArriveOnValues() {
        let scheduler = TestScheduler()
        let starts = Locked<[Int]>([])
        let action = slowDouble(on: scheduler, starts: starts)
        let values = action.values.record()
        let taps = Subject<Int, Never>()
        let feeding = taps.signal.subscribe(action.inputs)
        taps.send(value: 1)
        scheduler.advance(by: .milliseconds(100))
        taps.send(value: 2)
        scheduler.advance(by: .milliseconds(100))
        #expect(starts.value == [1, 2])
        #expect(values.values == [2, 4])
        feeding.dispose()
    }

    @Test func aTapWhileExecutingIsDroppedAndTheTapsSeeNoError() {
        let scheduler = TestScheduler()
        let starts = Locked<[Int]>([])
        let action = slowDouble(on: scheduler, starts: starts)
        let values = action.values.record()
        let taps = Subject<Int, Never>()
        let tapEvents = taps.signal.record()
        let feeding = taps.signal.subscribe(action.inputs)
        taps.send(value: 1)
        scheduler.advance(by: .milliseconds(50))
        taps.send(value: 2) // refused: the first execution runs
        scheduler.advance(by: .milliseconds(100))
        #expect(starts.value == [1])
        #expect(values.values == [2])
        taps.send(value: 3) // accepted again once the first has ended
        scheduler.advance(by: .milliseconds(100))
        #expect(values.values == [2, 6])
        #expect(tapEvents.events == [.next(1), .next(2), .next(3)]) // no error, still running
        feeding.dispose()
    }

    @Test func theFlatMapLatestHabitRestartsTheRunningExecution() {
        // Pinned, as documented on `apply` and in the RxSwift guide: flatMapLatest disposes
        // the first apply subscription (cancelling its execution), and the second tap starts
        // a new one — where `inputs` drops the second tap (the test above).
        let scheduler = TestScheduler()
        let starts = Locked<[Int]>([])
        let action = slowDouble(on: scheduler, starts: starts)
        let taps = Subject<Int, Never>()
        let results = taps.signal.setFailureType(to: ActionError<Never>.self)
            .flatMapLatest { action.apply($0) }
            .record()
        taps.send(value: 1)
        scheduler.advance(by: .milliseconds(50))
        taps.send(value: 2)
        scheduler.advance(by: .milliseconds(100))
        #expect(results.values == [4])  // 1's result never comes
        #expect(starts.value == [1, 2]) // two executions: the first was cancelled, not refused
    }

    @Test func enabledIfASignalIsDisabledUntilItSends() {
        let scheduler = TestScheduler()
        let starts = Locked<[Int]>([])
        let isValid = Subject<Bool, Never>()
        let action = slowDouble(on: scheduler, starts: starts, enabledIf: isValid.signal)
        let taps = Subject<Int, Never>()
        let feeding = taps.signal.subscribe(action.inputs)
        #expect(action.isEnabled.value == false)
        taps.send(value: 1) // refused: nothing sent yet
        isValid.send(value: true)
        #expect(action.isEnabled.value == true)
        taps.send(value: 2)
        scheduler.advance(by: .milliseconds(100))
        isValid.send(value: false)
        taps.send(value: 3) // refused: disabled
        scheduler.advance(by: .milliseconds(100))
        #expect(starts.value == [2])
        feeding.dispose()
    }

    @Test func enabledIfASignalWithACurrentValueReadsItAtOnce() {
        let isValid = BehaviorSubject<Bool, Never>(value: true)
        let action = Action<Int, Int, Never>(enabledIf: isValid.signal) { .just($0) }
        #expect(action.isEnabled.value == true)
    }

    @Test func aFailedExecutionGoesToErrorsNotToTheTaps() {
        let action = Action<Int, Int, SignUpError> { _ in .error(SignUpError()) }
        let errors = action.errors.record()
        let taps = Subject<Int, Never>()
        let tapEvents = taps.signal.record()
        let feeding = taps.signal.subscribe(action.inputs)
        taps.send(value: 1)
        #expect(errors.values == [SignUpError()])
        #expect(tapEvents.events == [.next(1)])
        feeding.dispose()
    }

    /// RxSwiftCommunity's Action test "not terminate after .completed event": a completion
    /// sent to `inputs` is ignored, and the same observer applies the next value.
    @Test func inputsIgnoreACompletionAndApplyTheNextValue() {
        let action = Action<Int, Int, Never> { .just($0 * 2) }
        let values = action.values.record()
        let inputs = action.inputs
        inputs.sendCompleted()
        inputs.send(value: 21)
        #expect(values.values == [42])
        #expect(inputs.isStopped == false)
    }

    /// A finished taps signal subscribed to `inputs` does not stop it for the next one.
    @Test func inputsOutliveAFinishedTapsSignal() {
        let action = Action<Int, Int, Never> { .just($0 * 2) }
        let values = action.values.record()
        let inputs = action.inputs
        Signal.from([1, 2]).subscribe(inputs)
        let taps = Subject<Int, Never>()
        let feeding = taps.signal.subscribe(inputs)
        taps.send(value: 3)
        #expect(values.values == [2, 4, 6])
        feeding.dispose()
    }

    /// Actions live while used: a live binding into `inputs` keeps the action working after
    /// its owner has let go of it; when the binding ends, the action is released.
    @Test func aLiveBindingIntoInputsKeepsTheActionUntilItEnds() {
        let taps = Subject<Int, Never>()
        let starts = Locked<[Int]>([])
        weak var weakAction: Action<Int, Int, Never>?
        var feeding: (any Disposable)?
        do {
            let action = Action<Int, Int, Never> { input in
                starts.append(input)
                return .just(input)
            }
            weakAction = action
            feeding = taps.signal.subscribe(action.inputs)
        }
        #expect(weakAction != nil)
        taps.send(value: 1)
        #expect(starts.value == [1])
        feeding?.dispose()
        #expect(weakAction == nil)
        taps.send(value: 2) // nothing is bound any more
        #expect(starts.value == [1])
    }

    /// The same when the taps complete (a button that goes away).
    @Test func aBindingIntoInputsEndsWithItsTaps() {
        let taps = Subject<Int, Never>()
        weak var weakAction: Action<Int, Int, Never>?
        do {
            let action = Action<Int, Int, Never> { .just($0) }
            weakAction = action
            taps.signal.subscribe(action.inputs)
        }
        #expect(weakAction != nil)
        taps.sendCompleted()
        #expect(weakAction == nil)
    }

    /// RxCocoa's `taps.drive(action.inputs)`: a driver feeds an observer, on the main actor.
    @MainActor @Test func aDriverOfTapsFeedsInputs() {
        let scheduler = TestScheduler()
        let action = Action<Int, Int, Never> { .just($0 * 2) }
        let values = action.values.record()
        let taps = Subject<Int, Never>()
        let feeding = taps.signal.driver(on: scheduler.mainActor).subscribe(action.inputs)
        taps.send(value: 21) // sent on the main actor: delivered inline
        #expect(values.values == [42])
        feeding.dispose()
        taps.send(value: 1)
        #expect(values.values == [42])
    }
}
