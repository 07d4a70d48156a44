// Action: work started on demand, with isEnabled / isExecuting as properties. Includes the
// cases of ReactiveSwift's ActionSpec and ReactiveCocoa 2.5's RACCommandSpec (inputs and
// expected outcomes, in our words); where our rule differs on purpose, the test says so.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

private struct Failure: Error, Equatable { let code: Int }

/// ActionSpec's fixture: even numbers send "n" and "nn" at once, then complete when the
/// scheduler runs; odd numbers fail when the scheduler runs.
private final class Fixture: Sendable {
    let scheduler = TestScheduler()
    let enabled = MutableProperty(false)
    let executions = Counter()
    let action: Action<Int, String, Failure>
    let values: Recorder<String, Never>
    let errors: Recorder<Failure, Never>
    let completed: Recorder<Void, Never>

    init() {
        let scheduler = self.scheduler, executions = self.executions
        action = Action(enabledIf: enabled) { number in
            Signal { observer in
                _ = executions.increment()
                if number % 2 == 0 {
                    observer.send(value: "\(number)")
                    observer.send(value: "\(number)\(number)")
                    return scheduler.schedule { observer.sendCompleted() }
                }
                return scheduler.schedule { observer.send(error: Failure(code: number)) }
            }
        }
        values = action.values.record()
        errors = action.errors.record()
        completed = action.completed.record()
    }
}

@Suite struct ActionTests {
    // MARK: ReactiveSwift ActionSpec

    @Test func isDisabledAndNotExecutingWhenItsEnabledIfIsFalse() {
        let fixture = Fixture()
        #expect(fixture.action.isEnabled.value == false)
        #expect(fixture.action.isExecuting.value == false)
    }

    @Test func applyingWhileDisabledFailsWithDisabledAndExecutesNothing() {
        let fixture = Fixture()
        let recorder = fixture.action.apply(0).record()
        #expect(recorder.error == .disabled)
        #expect(fixture.executions.count == 0)
        #expect(fixture.errors.values.isEmpty)  // `.disabled` is not an execution's error
    }

    @Test func followsItsEnabledIfProperty() {
        let fixture = Fixture()
        fixture.enabled.value = true
        #expect(fixture.action.isEnabled.value == true)
        #expect(fixture.action.isExecuting.value == false)
        fixture.enabled.value = false
        #expect(fixture.action.isEnabled.value == false)
        #expect(fixture.action.isExecuting.value == false)
    }

    /// Decided (ReactiveSwift's "should retain the state property"): an action keeps its
    /// enabledIf property alive.
    @Test func keepsItsEnabledIfPropertyAlive() {
        var enabled: MutableProperty<Bool>? = MutableProperty(true)
        weak let weakEnabled = enabled
        var action: Action<Void, Void, Never>? = Action(enabledIf: enabled!) { .empty }
        enabled = nil
        #expect(weakEnabled != nil)
        action = nil
        #expect(weakEnabled == nil)
        _ = action
    }

    @Test func itsExecutingStateMayDriveItsEnabledIfWithoutDeadlock() {
        let fixture = Fixture()
        fixture.action.isExecuting.signal.map { !$0 }.assign(to: fixture.enabled)
        #expect(fixture.enabled.value == true)
        #expect(fixture.action.isEnabled.value == true)
        let running = fixture.action.apply(0).subscribe()
        #expect(fixture.enabled.value == false)
        #expect(fixture.action.isEnabled.value == false)
        #expect(fixture.action.isExecuting.value == true)
        running.dispose()
        #expect(fixture.enabled.value == true)
        #expect(fixture.action.isEnabled.value == true)
        #expect(fixture.action.isExecuting.value == false)
    }

    @Test func anActionWhoseValuesOwnActionsDoesNotDeadlock() {
        final class ViewModel: Sendable {
            let inner = Action<Void, Void, Never> { .just(()) }
        }
        let outer = Action<Void, ViewModel, Never> { .just(ViewModel()) }
        let recorder = outer.values.flatMapLatest { model in model.inner.values.map { _ in model } }.record()
        outer.apply(()).subscribe()
        outer.apply(()).subscribe()
        #expect(recorder.values.isEmpty)
        #expect(!recorder.isCompleted)
    }

    @Test func isExecutingSendsOnlyWhenItChanges() {
        let condition = MutableProperty(true)
        let action = Action<Void, Void, Never>(enabledIf: condition) { .empty }
        let count = Counter()
        action.isExecuting.signal.subscribe(next: { _ in
            condition.value = false
            _ = count.increment()
        })
        #expect(count.count == 1)
        #expect(action.isEnabled.value == false)
    }

    @Test func completedSendsAValueWheneverAnExecutionCompletes() {
        let fixture = Fixture()
        fixture.enabled.value = true
        fixture.action.apply(0).subscribe()
        #expect(fixture.completed.values.count == 0)
        fixture.scheduler.run()
        #expect(fixture.completed.values.count == 1)
        fixture.action.apply(2).subscribe()
        fixture.scheduler.run()
        #expect(fixture.completed.values.count == 2)
    }

    @Test func completedSendsNothingWhenAnExecutionFails() {
        let fixture = Fixture()
        fixture.enabled.value = true
        fixture.action.apply(1).subscribe()
        fixture.scheduler.run()
        #expect(fixture.completed.values.count == 0)
    }

    @Test func disposingAnApplySubscriptionCancelsTheExecutionAndSendsNoCompleted() {
        let fixture = Fixture()
        fixture.enabled.value = true
        let running = fixture.action.apply(0).subscribe()
        #expect(fixture.action.isExecuting.value == true)
        running.dispose()
        #expect(fixture.action.isExecuting.value == false)
        fixture.scheduler.run()
        #expect(fixture.completed.values.count == 0)
    }

    @Test func completedSendsNothingWhenDisabled() {
        let fixture = Fixture()
        fixture.action.apply(0).subscribe()
        fixture.scheduler.run()
        #expect(fixture.completed.values.count == 0)
    }

    @Test func anExecutionSucceeds() {
        let fixture = Fixture()
        fixture.enabled.value = true
        let recorder = fixture.action.apply(0).record()
        #expect(fixture.executions.count == 1)
        #expect(fixture.action.isExecuting.value == true)
        #expect(fixture.action.isEnabled.value == false)
        #expect(recorder.values == ["0", "00"])
        #expect(fixture.values.values == ["0", "00"])
        #expect(fixture.errors.values == [])
        fixture.scheduler.run()
        #expect(fixture.action.isExecuting.value == false)
        #expect(fixture.action.isEnabled.value == true)
        #expect(recorder.isCompleted)
        #expect(fixture.values.values == ["0", "00"])
        #expect(fixture.errors.values == [])
    }

    @Test func anExecutionFailsWithFailed() {
        let fixture = Fixture()
        fixture.enabled.value = true
        let recorder = fixture.action.apply(1).record()
        #expect(fixture.executions.count == 1)
        #expect(fixture.action.isExecuting.value == true)
        #expect(fixture.action.isEnabled.value == false)
        fixture.scheduler.run()
        #expect(fixture.action.isExecuting.value == false)
        #expect(fixture.action.isEnabled.value == true)
        #expect(recorder.error == .failed(Failure(code: 1)))
        #expect(fixture.values.values == [])
        #expect(fixture.errors.values == [Failure(code: 1)])
    }

    @Test func applyIsColdEachSubscriptionIsOneAttempt() {
        let fixture = Fixture()
        fixture.enabled.value = true
        let attempt = fixture.action.apply(0)
        #expect(fixture.executions.count == 0)
        attempt.subscribe()
        fixture.scheduler.run()
        attempt.subscribe()
        fixture.scheduler.run()
        #expect(fixture.executions.count == 2)
        #expect(fixture.values.values == ["0", "00", "0", "00"])
    }

    @Test func twoThreadsApplyingAtOnceRunItOnce() {
        for _ in 0..<50 {
            let started = Counter()
            let action = Action<Void, Never, Never> { _ in
                _ = started.increment()
                return .never
            }
            let disabled = Counter()
            let subscriptions = Locked<[any Disposable]>([])
            runConcurrently(2, "two appliers") { _ in
                let subscription = action.apply(()).subscribe(error: { _ in _ = disabled.increment() })
                subscriptions.withLock { $0.append(subscription) }
            }
            #expect(started.count == 1)
            #expect(disabled.count == 1)
            for subscription in subscriptions.value { subscription.dispose() }
            #expect(action.isExecuting.value == false)
        }
    }

    // MARK: ReactiveCocoa 2.5 RACCommandSpec

    @Test func withoutEnabledIfItIsEnabledAndNotExecuting() {
        let action = Action<Int, Int, Never> { .just($0) }
        #expect(action.isEnabled.value == true)
        #expect(action.isExecuting.value == false)
    }

    @Test func eachExecutionIsSentOnExecutions() {
        let action = Action<Int, Int, Never> { .just($0) }
        let inners = Locked<[Recorder<Int, Never>]>([])
        action.executions.subscribe(next: { inner in inners.withLock { $0.append(inner.record()) } })
        #expect(inners.value.isEmpty)
        let applied = action.apply(1).record()
        #expect(applied.events == [.next(1), .completed])
        #expect(inners.value.count == 1)
        #expect(inners.value.first?.events == [.next(1), .completed])
    }

    /// Differs from RACCommand on purpose: its inner signals replay every value of the
    /// execution (an unbounded replay subject held while it runs). Here an inner signal is
    /// hot: a subscriber sees the events sent after it subscribes, and one that subscribes
    /// after the execution ended receives how it ended.
    @Test func anInnerSignalSubscribedAfterItsExecutionEndedReceivesOnlyTheEnd() {
        let action = Action<Int, Int, Never> { .just($0) }
        let inners = Locked<[Signal<Int, Never>]>([])
        action.executions.subscribe(next: { inner in inners.withLock { $0.append(inner) } })
        action.apply(7).subscribe()
        #expect(inners.value.first?.record().events == [.completed])
    }

    @Test func aLateSubscriberToAnInnerSignalSeesTheEventsFromThenOn() {
        let action = Action<Signal<Int, Never>, Int, Never> { $0 }
        let inners = Locked<[Signal<Int, Never>]>([])
        action.executions.subscribe(next: { inner in inners.withLock { $0.append(inner) } })
        let source = Subject<Int, Never>()
        action.apply(source.signal).subscribe()
        source.send(value: 1)
        source.send(value: 2)
        let late = inners.value.first?.record()
        source.send(value: 3)
        source.sendCompleted()
        #expect(late?.events == [.next(3), .completed])
    }

    /// Issue 35: every value of a running execution was kept (an unbounded replay) for the
    /// execution's life, observed or not — a long-running execution leaked.
    @Test(arguments: [false, true])
    func aRunningExecutionKeepsNoneOfItsValues(observingExecutions: Bool) {
        let live = Counter()
        let action = Action<Signal<LiveToken, Never>, LiveToken, Never> { $0 }
        let inners = Locked<[Signal<LiveToken, Never>]>([])
        if observingExecutions {
            // Holds each inner signal without subscribing to it.
            action.executions.subscribe(next: { inner in inners.withLock { $0.append(inner) } })
        }
        let source = Subject<LiveToken, Never>()
        let execution = action.apply(source.signal).subscribe()
        for _ in 0..<2_000 { source.send(value: LiveToken(live)) }
        #expect(action.isExecuting.value == true)
        #expect(live.count == 0)
        execution.dispose()
    }

    @Test func errorsSendsNothingWhenNothingFails() {
        let action = Action<Void, Int, Failure> { .just(1) }
        let errors = action.errors.record()
        #expect(action.apply(()).record().isCompleted)
        #expect(errors.events.isEmpty)
    }

    @Test func isExecutingWhileAnExecutionRuns() {
        let action = Action<Void, Bool, Never>(execute: { _ in .empty })
        let seen = Locked<[Bool]>([])
        action.executions.subscribe(next: { _ in seen.withLock { $0.append(action.isExecuting.value) } })
        action.apply(()).subscribe()
        #expect(seen.value == [true])
        #expect(action.isExecuting.value == false)
    }

    @Test func anActionWithoutSubscribersIsDeinitialised() {
        weak var weakAction: Action<Void, Void, Never>?
        do {
            let action = Action<Void, Void, Never> { .empty }
            weakAction = action
        }
        #expect(weakAction == nil)
    }

    /// Actions live while used: each live subscription to an output keeps the action
    /// working (its `enabledIf` feed runs, `apply` from `inputs` runs); when the last ends,
    /// the action is released.
    @Test func aLiveSubscriptionToAnOutputKeepsTheActionUntilItEnds() {
        for output in ActionOutput.allCases {
            let enabled = MutableProperty(true)
            weak var weakAction: Action<Void, Int, Failure>?
            var subscription: (any Disposable)?
            do {
                let action = Action<Void, Int, Failure>(enabledIf: enabled) { .just(1) }
                weakAction = action
                subscription = output.subscribe(to: action)
            }
            #expect(weakAction != nil, "\(output)")
            enabled.value = false
            #expect(weakAction?.isEnabled.value == false, "\(output)") // its enabledIf feed still runs
            subscription?.dispose()
            #expect(weakAction == nil, "\(output)")
        }
    }

    /// The same when the subscription ends by itself (`take(1)` on an output).
    @Test func aSubscriptionThatEndsByItselfLetsGoOfTheAction() {
        weak var weakAction: Action<Void, Int, Failure>?
        let values = Locked<[Int]>([])
        do {
            let action = Action<Void, Int, Failure> { .just(7) }
            weakAction = action
            action.values.take(1).subscribe(next: { values.append($0) })
            action.apply(()).subscribe()
        }
        #expect(values.value == [7])
        #expect(weakAction == nil)
    }

    /// An output subscribed to after the action has gone completes at once.
    @Test func anOutputSubscribedAfterTheActionHasGoneCompletesAtOnce() {
        var action: Action<Void, Int, Failure>? = Action(enabledIf: MutableProperty(true)) { .just(1) }
        let executions = action!.executions
        let values = action!.values
        let errors = action!.errors
        let completed = action!.completed
        action = nil
        let recorders = (executions.record(), values.record(), errors.record(), completed.record())
        #expect(recorders.0.events.count == 1 && recorders.0.isCompleted)
        #expect(values.record().events == [.completed])
        #expect(errors.record().events == [.completed])
        #expect(recorders.3.events.count == 1 && recorders.3.isCompleted)
    }

    @Test func executeRunsOncePerExecutionWithItsInput() {
        let inputs = Locked<[String]>([])
        let action = Action<String, Void, Never> { input in
            inputs.withLock { $0.append(input) }
            return .empty
        }
        action.apply("foo").subscribe()
        action.apply("bar").subscribe()
        #expect(inputs.value == ["foo", "bar"])
    }

    @Test func executionsAreSentInOrderOfExecution() {
        let action = Action<[String], String, Never> { Signal.from($0) }
        let recorder = action.executions.concat().record()
        action.apply(["foo", "bar"]).subscribe()
        action.apply(["buzz", "baz"]).subscribe()
        #expect(recorder.values == ["foo", "bar", "buzz", "baz"])
    }

    @Test func isExecutingStaysTrueUntilEveryConcurrentExecutionHasEnded() {
        let action = Action<Signal<Void, Failure>, Void, Failure>(allowsConcurrentExecution: true) { $0 }
        let first = Subject<Void, Failure>(), second = Subject<Void, Failure>()
        action.apply(first.signal).subscribe()
        action.apply(second.signal).subscribe()
        #expect(action.isExecuting.value == true)
        first.send(error: Failure(code: 1))
        #expect(action.isExecuting.value == true)
        second.send(value: ())
        #expect(action.isExecuting.value == true)
        second.sendCompleted()
        #expect(action.isExecuting.value == false)
    }

    /// Differs from RACCommand on purpose: there an inner signal of `executionSignals` swallows
    /// its execution's error; here its type says it can fail, and it does (the outer signal,
    /// `executions`, never fails). `errors` still receives the error.
    @Test func anInnerSignalFailsWithItsExecutionButExecutionsGoesOn() {
        let action = Action<Signal<String, Failure>, String, Failure> { $0 }
        let inners = Locked<[Recorder<String, Failure>]>([])
        let outer = action.executions.record()
        action.executions.subscribe(next: { inner in inners.withLock { $0.append(inner.record()) } })
        let errors = action.errors.record()
        let source = Subject<String, Failure>()
        action.apply(source.signal).subscribe()
        source.send(value: "foo")
        source.send(error: Failure(code: 3))
        #expect(inners.value.first?.events == [.next("foo"), .error(Failure(code: 3))])
        #expect(outer.error == nil && !outer.isCompleted)
        #expect(errors.values == [Failure(code: 3)])
        #expect(action.isExecuting.value == false)
    }

    @Test func applyDeliversTheExecutionsError() {
        let action = Action<Signal<String, Failure>, String, Failure> { $0 }
        let source = Subject<String, Failure>()
        let recorder = action.apply(source.signal).record()
        #expect(action.isExecuting.value == true)
        source.send(value: "foo")
        #expect(action.isExecuting.value == true)
        source.send(error: Failure(code: 4))
        #expect(recorder.events == [.next("foo"), .error(.failed(Failure(code: 4)))])
        #expect(action.isExecuting.value == false)
    }

    @Test func errorsReceivesTheErrorOfEveryFailingExecution() {
        let action = Action<Signal<Void, Failure>, Void, Failure>(allowsConcurrentExecution: true) { $0 }
        let errors = action.errors.record()
        let first = Subject<Void, Failure>(), second = Subject<Void, Failure>()
        action.apply(first.signal).subscribe()
        action.apply(second.signal).subscribe()
        first.send(error: Failure(code: 1))
        #expect(action.isExecuting.value == true)
        #expect(errors.values == [Failure(code: 1)])
        second.send(error: Failure(code: 2))
        #expect(action.isExecuting.value == false)
        #expect(errors.values == [Failure(code: 1), Failure(code: 2)])
    }

    @Test func errorsReceivesNoValuesOrCompletions() {
        let action = Action<Signal<Int, Failure>, Int, Failure> { $0 }
        let errors = action.errors.record()
        let source = Subject<Int, Failure>()
        action.apply(source.signal).subscribe()
        source.send(value: 1)
        source.sendCompleted()
        #expect(action.isExecuting.value == false)
        #expect(errors.events.isEmpty)
    }

    @Test func isEnabledFollowsTheLatestValueOfEnabledIf() {
        let enabled = MutableProperty(true)
        let action = Action<Void, Void, Never>(enabledIf: enabled) { .just(()) }
        #expect(action.isEnabled.value == true)
        enabled.value = false
        #expect(action.isEnabled.value == false)
        enabled.value = true
        #expect(action.isEnabled.value == true)
        enabled.value = false
        #expect(action.isEnabled.value == false)
    }

    @Test func readsEnabledIfAtInitialisation() {
        let action = Action<Void, Void, Never>(enabledIf: Property(value: false)) { .empty }
        #expect(action.isEnabled.value == false)
    }

    @Test func isDisabledWhileExecutingWhenConcurrentExecutionIsNotAllowed() {
        let action = Action<Void, Void, Never> { .just(()) }
        let seen = Locked<[Bool]>([])
        action.executions.flatten().subscribe(next: { _ in
            seen.withLock { $0 += [action.isExecuting.value, action.isEnabled.value] }
        })
        #expect(action.isEnabled.value == true)
        #expect(action.apply(()).record().isCompleted)
        #expect(seen.value == [true, false])
        #expect(action.isEnabled.value == true)
    }

    @Test func staysEnabledWhileExecutingWhenConcurrentExecutionIsAllowed() {
        let action = Action<Void, Void, Never>(allowsConcurrentExecution: true) { .just(()) }
        let seen = Locked<[Bool]>([])
        let innerCompleted = Flag()
        action.executions.take(1).flatten().subscribe(next: { _ in
            seen.withLock { $0 += [action.isExecuting.value, action.isEnabled.value] }
            action.apply(()).subscribe(completed: { innerCompleted.set() })
        })
        action.apply(()).subscribe()
        #expect(seen.value == [true, true])
        #expect(innerCompleted.isSet)
        #expect(action.isEnabled.value == true)
    }

    @Test func aLiveEnabledIfDoesNotKeepTheAction() {
        let enabled = MutableProperty(true)
        var action: Action<Void, Void, Never>? = Action(enabledIf: enabled) { .empty }
        weak let weakAction = action
        action = nil
        #expect(weakAction == nil)
    }
}

/// The outputs of an action, each of which keeps it while subscribed.
private enum ActionOutput: CaseIterable, Sendable {
    case values, errors, completed, executions, isEnabled, isExecuting

    func subscribe(to action: Action<Void, Int, Failure>) -> any Disposable {
        switch self {
        case .values: action.values.subscribe()
        case .errors: action.errors.subscribe()
        case .completed: action.completed.subscribe()
        case .executions: action.executions.subscribe()
        case .isEnabled: action.isEnabled.signal.subscribe()
        case .isExecuting: action.isExecuting.signal.subscribe()
        }
    }
}
