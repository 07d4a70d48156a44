// Action: work started on demand, at most one at a time unless allowed, with its state as
// properties.
//
//   state            = a MutableProperty of (enabled by the user's property, running count)
//   apply(input)     = deferred { state.modify { check enabled, running += 1 } (atomic);
//                       execute(input).on(each event -> the execution's inner Subject (hot:
//                       keeps no value) and the events Subject; end -> running -= 1)
//                       .mapError(.failed) }
//   executions       = a Subject of each execution's inner signal
//   values / errors / completed = the events Subject, filtered
//   isExecuting / isEnabled     = state.map(…), distinctUntilChanged
//   every output's subscription = keeps the action alive until it ends (KeptBySubscriptions.swift)

import Synchronization

/// Why an ``Action``'s ``Action/apply(_:)`` failed.
///
/// ```swift
/// action.apply(input).subscribe(error: { error in
///     switch error {
///     case .disabled: print("not now")
///     case .failed(let failure): print("failed:", failure)
///     }
/// })
/// ```
///
/// - SeeAlso: ReactiveSwift `ActionError` (`.disabled`, `.producerFailed`); RxSwift community
///   `Action`'s `ActionError` (`.notEnabled`, `.underlyingError`).
public enum ActionError<Failure: Error>: Error {
    /// The action was not enabled when the subscription to `apply` began: its `enabledIf`
    /// property was `false`, or it was executing and does not allow concurrent execution.
    /// Nothing was executed.
    case disabled
    /// The execution failed with this error.
    case failed(Failure)
}

extension ActionError: Equatable where Failure: Equatable {}

/// Work that runs on demand — a sign-up request, a refresh — with properties that say whether
/// it may run now (``isEnabled``) and whether it is running (``isExecuting``): what a button
/// and its activity indicator bind to.
///
/// ![action.values, Action { n in timer(3).map { _ in n } }](marble-action.svg)
///
/// ``apply(_:)`` returns a cold signal: each subscription is one attempt. If the action is
/// enabled, it runs `execute(input)` and forwards its events (an error as
/// ``ActionError/failed(_:)``); if not, it fails with ``ActionError/disabled`` at once. The
/// action is enabled while its `enabledIf` property is `true` and, unless
/// `allowsConcurrentExecution`, while no execution is running. The check and the start are
/// one atomic step: two threads applying at once to an action that does not allow concurrent
/// execution run it once, and the other gets `.disabled`. Disposing an `apply` subscription
/// cancels that execution (its subscription to the signal `execute` returned is disposed).
///
/// Every execution is also sent on ``executions`` (its events as an inner signal), and its
/// events on ``values``, ``errors`` and ``completed``, so that one place can show results
/// however the action was started. ``isExecuting`` becomes `true` before the execution's
/// signal is subscribed, and `false` before its terminal event reaches the `apply`
/// subscriber (or when it is disposed).
///
/// Lifetime: an action lives while it is used. A live binding into ``inputs``, or a live
/// subscription to ``values``, ``errors``, ``completed``, ``executions`` or the signals of
/// ``isEnabled`` and ``isExecuting``, keeps it working after its owner has let go of it (a
/// view model made as a local, as RxSwift apps do); when the last one ends and nothing else
/// holds it, it is released. The action keeps its `enabledIf` property alive; an `apply`
/// signal does not keep the action alive.
///
/// Completes: ``executions``, ``values``, ``errors`` and ``completed`` complete when the
/// action is deinitialised (a subscription made after that completes at once); the signals
/// of ``isExecuting`` and ``isEnabled`` when those properties are.
///
/// Memory: an execution keeps none of its values. Its inner signal on ``executions`` is hot
/// (a ``Subject``), so an execution that runs for hours — download progress, a socket — costs
/// the same whether or not anyone observes it.
///
/// Composed of: a ``MutableProperty`` of the action's state (its `modify` is the atomic check
/// and start), ``Property`` for `isExecuting` / `isEnabled` derived from it, `Signal.deferred`
/// and `on(…)` for each execution, a ``Subject`` per execution for ``executions``, and a
/// ``Subject`` of events for ``values`` / ``errors`` / ``completed``; each output's
/// subscription holds the action until it ends (`deferred` + `on(disposed:)`).
///
/// ```swift
/// let signUp = Action<String, String, SignUpError>(enabledIf: isFormValid) { name in
///     api.signUp(name)
/// }
/// signUp.isExecuting.signal.subscribe(next: { print("spinner:", $0) }) // Prints: spinner: false
/// signUp.apply("ada").subscribe(next: { print("welcome,", $0) })
/// // Prints: spinner: true, welcome, ada, spinner: false
/// ```
///
/// - SeeAlso: ReactiveSwift `Action`; ReactiveCocoa 2 `RACCommand` (`executionSignals`,
///   `executing`, `enabled`, `errors`); RxSwift community `Action`; Combine has none.
public final class Action<Input, Output, Failure: Error>: Sendable {
    /// Whether the user's property enables the action, and how many executions run.
    let _state: MutableProperty<_ActionState>
    let _execute: @Sendable (Input) -> Signal<Output, Failure>
    let _executions = Subject<Signal<Output, Failure>, Never>()
    let _events = Subject<Event<Output, Failure>, Never>()
    /// The `enabledIf` property, kept alive, and the subscription that copies it into `_state`.
    let _enabledIf: (any PropertyProtocol<Bool>)?
    let _enabledFeed: (any Disposable)?
    /// This action, held weakly: every live subscription to an output holds it strongly.
    let _keeper: _KeptBySubscriptions

    /// Whether an execution is running. `false` at first. A live subscription to its
    /// `signal` keeps the action.
    ///
    /// ![action.values, Action { n in timer(3).map { _ in n } }](marble-action.svg)
    ///
    /// ```swift
    /// action.isExecuting.signal.subscribe(next: { spinner.isAnimating = $0 })
    /// ```
    public let isExecuting: Property<Bool>

    /// Whether ``apply(_:)`` would run now: `enabledIf` is `true` and, unless concurrent
    /// execution is allowed, nothing is executing. A live subscription to its `signal` keeps
    /// the action.
    ///
    /// ```swift
    /// action.isEnabled.signal.subscribe(next: { button.isEnabled = $0 })
    /// ```
    public let isEnabled: Property<Bool>

    /// Creates an action that runs `execute` for each accepted `apply`.
    ///
    /// - Parameters:
    ///   - enabledIf: While its value is `false`, `apply` fails with `.disabled`. `nil`
    ///     (the default): always enabled. Its current value is read at once.
    ///   - allowsConcurrentExecution: Whether `apply` may start an execution while another
    ///     runs. `false` (the default): it fails with `.disabled` meanwhile.
    ///   - execute: Makes the signal of one execution; called once per accepted `apply`
    ///     subscription, on the subscribing thread.
    ///
    /// ```swift
    /// let refresh = Action<Void, [Item], APIError> { api.items() }
    /// ```
    public init(
        enabledIf: (any PropertyProtocol<Bool>)? = nil,
        allowsConcurrentExecution: Bool = false,
        execute: @escaping @Sendable (Input) -> Signal<Output, Failure>
    ) {
        let state = MutableProperty(_ActionState(
            isEnabledByUser: enabledIf?.value ?? true,
            running: 0,
            allowsConcurrentExecution: allowsConcurrentExecution
        ))
        let keeper = _KeptBySubscriptions()
        _keeper = keeper
        _state = state
        _execute = execute
        _enabledIf = enabledIf
        isExecuting = Property(
            _deriving: state.signal.map { $0.running > 0 }.distinctUntilChanged(),
            fallback: { state.value.running > 0 },
            retaining: [state],
            keptBySubscriptions: keeper
        )
        isEnabled = Property(
            _deriving: state.signal.map(\.isEnabled).distinctUntilChanged(),
            fallback: { state.value.isEnabled },
            retaining: [state],
            keptBySubscriptions: keeper
        )
        _enabledFeed = enabledIf?.signal.subscribe(next: { enabled in
            state.modify { $0.isEnabledByUser = enabled }
        })
        keeper.owner = self
    }

    deinit {
        _enabledFeed?.dispose()
        _executions.sendCompleted()
        _events.sendCompleted()
    }

    /// A cold signal of one execution with `input`: each subscription is one attempt.
    ///
    /// On subscription, if the action is enabled, marks it executing (in the same atomic step
    /// as the check), sends the execution on ``executions``, and subscribes to
    /// `execute(input)`, forwarding its values.
    ///
    /// Completes: when the execution completes. Fails: with ``ActionError/disabled`` at once,
    /// without executing, if the action is not enabled; with ``ActionError/failed(_:)`` when
    /// the execution fails. Disposes: disposing the subscription cancels the execution (it
    /// stops executing; its inner signal on ``executions`` completes; nothing is sent on
    /// ``completed``).
    ///
    /// Feeding taps: subscribe them to ``inputs`` (`taps.subscribe(action.inputs)`), which
    /// refuses a tap while the action runs. `taps.flatMapLatest { action.apply($0) }` does
    /// not refuse it: the second tap disposes the first `apply` subscription, which
    /// **cancels the running execution**, and starts a new one.
    ///
    /// Composed of: `Signal.deferred` (the atomic check and start) + `on(next:error:completed:terminated:disposed:)`
    /// (the execution's bookkeeping) + `mapError(ActionError.failed)`.
    ///
    /// ```swift
    /// let double = Action<Int, Int, Never> { .just($0 * 2) }
    /// double.apply(21).subscribe(next: { print($0) }) // Prints: 42
    /// ```
    public func apply(_ input: Input) -> Signal<Output, ActionError<Failure>> {
        let input = _ActionInput(value: input)
        return Signal<Output, ActionError<Failure>>.deferred { [_state, _execute, _executions, _events] in
            let started = _state.modify { state -> Bool in
                guard state.isEnabled else { return false }
                state.running += 1
                return true
            }
            guard started else { return .error(.disabled) }
            let execution = _ActionExecution(state: _state, events: _events)
            _executions.send(value: execution.inner.signal)
            return _execute(input.value)
                .on(
                    next: { execution.send(.next($0)) },
                    error: { execution.send(.error($0)) },
                    completed: { execution.send(.completed) },
                    terminated: { execution.end() },
                    disposed: { execution.end() }
                )
                .mapError(ActionError.failed)
        }
    }

    /// Every execution, as a signal of its events, sent when it starts (RACCommand's
    /// `executionSignals`).
    ///
    /// Each inner signal is hot: it is sent before the execution starts, so a subscriber that
    /// subscribes to it in the `next` callback (as `flatten()`, `switchToLatest()` and
    /// `flatMap` do) sees every event of the execution; a subscriber that subscribes later
    /// sees the events from then on, and one that subscribes after the execution has ended
    /// receives only how it ended. Nothing is replayed, so an execution keeps none of its
    /// values, observed or not (RACCommand's inner signals replay every value for the life of
    /// the execution: a long-running execution would hold them all). To see an execution's
    /// values later, subscribe to its inner signal at once and keep what you need.
    ///
    /// An inner signal fails when its execution fails (its type says it can: catch inside a
    /// `flatMapLatest`, or read ``errors``, to keep a pipeline alive — unlike RACCommand, whose
    /// inner signals swallow errors), and completes when its execution completes or is
    /// cancelled. Disabled attempts send nothing. A live subscription keeps the action;
    /// completes when the action is deinitialised.
    ///
    /// Composed of: a ``Subject`` of each execution's ``Subject`` signal.
    ///
    /// ```swift
    /// let search = Action<String, [String], Never>(allowsConcurrentExecution: true) { api.search($0) }
    /// search.executions.switchToLatest().subscribe(next: { print($0) }) // the latest search's results
    /// ```
    public var executions: Signal<Signal<Output, Failure>, Never> {
        _keeper.keptAlive(by: _executions.signal)
    }

    /// The values of every execution. A live subscription keeps the action; completes when
    /// the action is deinitialised.
    ///
    /// ![action.values, Action { n in timer(3).map { _ in n } }](marble-action.svg)
    ///
    /// Composed of: the events subject's signal + `compactMap(\.value)`.
    ///
    /// ```swift
    /// action.values.subscribe(next: { print("result:", $0) })
    /// ```
    public var values: Signal<Output, Never> {
        _keeper.keptAlive(by: _events.signal.compactMap { $0.value })
    }

    /// The error of every execution that fails (not `.disabled` attempts). A live
    /// subscription keeps the action; completes when the action is deinitialised.
    ///
    /// ![action.errors, Action { n in timer(2).flattenMap { _ in n == 2 ? .error(oops) : .just(n) } }](marble-action-errors.svg)
    ///
    /// Composed of: the events subject's signal + `compactMap(\.error)`.
    ///
    /// ```swift
    /// action.errors.subscribe(next: { print("failed:", $0) })
    /// ```
    public var errors: Signal<Failure, Never> {
        _keeper.keptAlive(by: _events.signal.compactMap { $0.error })
    }

    /// A value each time an execution completes (not when it fails or is cancelled). A live
    /// subscription keeps the action; completes when the action is deinitialised.
    ///
    /// Composed of: the events subject's signal + `filter` (completions) + `map { _ in () }`.
    ///
    /// ```swift
    /// action.completed.subscribe(next: { print("done") })
    /// ```
    public var completed: Signal<Void, Never> {
        _keeper.keptAlive(by: _events.signal.filter { $0.isTerminating && $0.error == nil }.map { _ in () })
    }
}

/// An action's state: whether its `enabledIf` property allows it, and how many executions run.
struct _ActionState: Sendable {
    var isEnabledByUser: Bool
    var running: Int
    let allowsConcurrentExecution: Bool

    var isEnabled: Bool { isEnabledByUser && (allowsConcurrentExecution || running == 0) }
}

/// The input of one `apply`, carried into its deferred subscription.
///
/// `@unchecked Sendable`: the value is immutable and only handed to `execute`, once per
/// subscription, as a signal's values are handed to subscribers (values are not required to
/// be `Sendable`; Contracts.md, "Swift 6 and sendability").
struct _ActionInput<Input>: @unchecked Sendable {
    let value: Input
}

/// One running execution: its inner signal for `executions`, and its end, counted once.
///
/// The inner signal is a plain `Subject`: it keeps no value, so a long-running execution that
/// nobody observes costs nothing per value (issue 35: an unbounded replay held every value for
/// the execution's life).
final class _ActionExecution<Output, Failure: Error>: Sendable {
    let inner = Subject<Output, Failure>()
    let state: MutableProperty<_ActionState>
    let events: Subject<Event<Output, Failure>, Never>
    let ended = Atomic<Bool>(false)

    init(state: MutableProperty<_ActionState>, events: Subject<Event<Output, Failure>, Never>) {
        self.state = state
        self.events = events
    }

    func send(_ event: Event<Output, Failure>) {
        inner.send(event)
        events.send(value: event)
    }

    /// The execution has ended (terminated, or disposed first): it no longer counts as
    /// running, and its inner signal completes if it has not terminated.
    func end() {
        guard !ended.exchange(true, ordering: .acquiringAndReleasing) else { return }
        inner.sendCompleted()
        state.modify { $0.running -= 1 }
    }
}
