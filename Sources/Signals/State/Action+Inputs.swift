// action.inputs                   = an Observer that never stops (terminal events ignored), holding the
//                                   action: .next(input) -> apply(input).subscribe(), errors dropped
// Action(enabledIf: signal, …)    = Action(enabledIf: Property(initial: false, then: signal), …)
//
// The RxSwift community Action's feeding: taps go into `inputs`, and the action decides. A
// tap the action refuses (disabled, or already executing) is dropped: the taps' signal sees
// no error and keeps running, and nothing is sent on `executions`/`values`/`errors`. A failed
// execution is reported on `errors`, not to the taps.

extension Action {
    /// An observer that applies the action to each value it receives:
    /// `taps.subscribe(action.inputs)` starts one execution per tap that the action accepts.
    ///
    /// A refused input — the action is disabled, or an execution is already running and
    /// concurrent execution is not allowed — is dropped, never an error for the taps. The
    /// execution's results arrive on ``values``, ``errors``, ``completed`` and
    /// ``executions``. The execution runs to its end: disposing the taps' subscription stops
    /// new inputs, not an execution already started.
    ///
    /// The observer never stops: a completion sent to it is ignored, and it applies the next
    /// value it receives (RxSwift's `Action` does the same), so one `inputs` may be fed by one
    /// signal after another. It holds the action: a live binding into `inputs` keeps the
    /// action working after its owner has let go of it (a view model made as a local), and
    /// the action is released when the binding ends (disposed, or its taps complete) and
    /// nothing else holds it.
    ///
    /// This is the way to feed an action from a signal of taps. `taps.flatMapLatest { action.apply($0) }`
    /// is not: a second tap disposes the first `apply` subscription — which cancels the
    /// running execution — and starts a new one, where `inputs` refuses the second tap
    /// (RxSwift's Action does the same).
    ///
    /// Composed of: an ``Observer`` whose `next` subscribes to ``apply(_:)`` and ignores its
    /// error (``ActionError/disabled`` for a refused input; a failure also goes to
    /// ``errors``).
    ///
    /// ```swift
    /// let taps = Subject<Int, Never>()
    /// let double = Action<Int, Int, Never> { .just($0 * 2) }
    /// double.values.subscribe(next: { print($0) })
    /// taps.signal.subscribe(double.inputs)
    /// taps.send(value: 21)
    /// // Prints: 42
    /// ```
    /// - SeeAlso: RxSwift community `Action.inputs`; ReactiveCocoa `CocoaAction`;
    ///   RACCommand's `execute:` from a `rac_command` button.
    public var inputs: Observer<Input, Never> {
        Observer({ [self] event in
            guard case .next(let input) = event else { return }
            _ = self.apply(input).subscribe(error: { _ in })
        }, neverStops: true)
    }

    /// Creates an action enabled while `enabledIf`'s latest value is `true`: the form for a
    /// signal, as RxSwift's `Action(enabledIf: Observable<Bool>)`.
    ///
    /// The action is **disabled until `enabledIf` sends its first value** (a signal that has a
    /// current value — a property's `signal`, a `BehaviorSubject` — sends it at once, during
    /// this initialiser). The action keeps its subscription to `enabledIf` until it is
    /// deinitialised; when `enabledIf` completes, its last value stays. The other rules are
    /// ``init(enabledIf:allowsConcurrentExecution:execute:)``'s.
    ///
    /// Composed of: `Property(initial: false, then: enabledIf)` given to the property form.
    ///
    /// ```swift
    /// let isValid = Subject<Bool, Never>()
    /// let signUp = Action<String, String, Never>(enabledIf: isValid.signal) { .just("welcome, \($0)") }
    /// print(signUp.isEnabled.value) // Prints: false
    /// isValid.send(value: true)
    /// print(signUp.isEnabled.value) // Prints: true
    /// ```
    public convenience init(
        enabledIf: Signal<Bool, Never>,
        allowsConcurrentExecution: Bool = false,
        execute: @escaping @Sendable (Input) -> Signal<Output, Failure>
    ) {
        self.init(
            enabledIf: Property(initial: false, then: enabledIf),
            allowsConcurrentExecution: allowsConcurrentExecution,
            execute: execute
        )
    }

    /// Creates an action enabled while `enabledIf`'s latest value is `true`, where
    /// `enabledIf` is anything ``SignalConvertible`` that cannot fail — a driver, a subject:
    /// RxSwift's `Action(enabledIf:)` takes any observable. The rules are those of the
    /// form that takes a `Signal`: disabled until `enabledIf` sends its first value.
    ///
    /// Composed of: the signal form, given `enabledIf.signal`.
    ///
    /// ```swift
    /// let isValid = BehaviorSubject<Bool, Never>(value: true)
    /// let signUp = Action<String, String, Never>(enabledIf: isValid) { .just("welcome, \($0)") }
    /// print(signUp.isEnabled.value) // Prints: true
    /// ```
    @_disfavoredOverload
    public convenience init(
        enabledIf: some SignalConvertible<Bool, Never>,
        allowsConcurrentExecution: Bool = false,
        execute: @escaping @Sendable (Input) -> Signal<Output, Failure>
    ) {
        self.init(
            enabledIf: enabledIf.signal,
            allowsConcurrentExecution: allowsConcurrentExecution,
            execute: execute
        )
    }
}
