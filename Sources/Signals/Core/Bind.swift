import Synchronization

extension Signal {
    /// The primitive every operator is derived from: for each event of this signal, ask a
    /// binding for a signal, and merge all those signals into one output.
    ///
    /// `makeBinding` is called once per subscription; the binding it returns may keep
    /// private state (`var count = 0`) and is called serially, once per source event —
    /// values *and* the terminal event. It returns the signal to merge into the output, or
    /// `nil` for nothing; setting `stop` ends the source (its subscription is disposed and it
    /// counts as finished). The output:
    ///
    /// 1. subscribes to this signal (the source);
    /// 2. on each source event, asks the binding for a signal and subscribes to it at once —
    ///    or, if the source event arrives re-entrantly while the previous one is still being
    ///    handled on this thread, as soon as that handling returns; each inner signal's own
    ///    order is always kept;
    /// 3. forwards every value of every inner signal as it arrives;
    /// 4. completes when the source has finished (terminated or stopped) and every inner
    ///    signal has completed;
    /// 5. fails as soon as any inner signal fails, disposing everything else.
    ///
    /// ![bind: a → a, b → b and stop](marble-bind.svg)
    ///
    /// Guarantees, so that nothing built on bind has to care:
    /// - **Serialised output.** Inner signals may emit on different threads at once; the
    ///   output observer is never entered concurrently (a thread waits for its turn to
    ///   deliver), no lock is held while user code runs, and a re-entrant send from inside a
    ///   callback is queued, never deadlocked or reordered (Contracts.md, "Threading and
    ///   serialisation").
    /// - **Stack safety.** When the source has finished and no inner signal is live, the
    ///   binding's last signal is the whole rest of the output, and bind subscribes it
    ///   straight to its downstream (a tail call); chains of tail calls into one downstream
    ///   run in a loop, so `concat` of a million signals, or a million repeats, never grow
    ///   the stack or keep finished links alive.
    /// - **Constant fast path.** A signal made by `just`, `empty` or `error` is delivered
    ///   directly, without a subscription or an allocation: `map` and `filter` cost no
    ///   allocation per value.
    ///
    /// This is ReactiveCocoa's `-bind:` with one generalisation: the binding also sees the
    /// source's terminal event, which is what lets `materialize`, `concat` and their kin be
    /// compositions too. `flattenMap(f)` is the binding `.next(v) -> f(v)`,
    /// `.error(e) -> .error(e)`, `.completed -> nil`:
    ///
    /// ```swift
    /// let doubled = Signal.from([1, 2, 3]).bind {
    ///     { event, stop in
    ///         switch event {
    ///         case .next(let value): return .just(value * 2)
    ///         case .error(let error): return .error(error)
    ///         case .completed: return nil
    ///         }
    ///     }
    /// }
    /// doubled.subscribe(next: { print($0) }) // Prints: 2, 4, 6
    /// ```
    ///
    /// - Important: As everywhere in the grammar, the source must not send events
    ///   concurrently (a `Subject` serialises concurrent sends for you).
    @inlinable
    public func bind<U, F: Error>(
        _ makeBinding: @escaping @Sendable () -> (Event<Value, Failure>, inout Bool) -> Signal<U, F>?
    ) -> Signal<U, F> {
        // The source is held through a box that releases it iteratively: a chain of a
        // million binds that is never subscribed is released without recursion. (One
        // closure for every kind of source: two would keep the binding from being inlined.)
        let source = _IterativelyReleased(self)
        return Signal<U, F>(_representation: .subscribe { downstream in
            _Binder.start(source: source.signal, binding: .plain(makeBinding()), downstream: downstream)
        }, _promptness: _promptness.throughBind)
    }

    /// `bind` for a binding that returns `nil` for `.completed` and keeps no state (flattenMap's):
    /// over a constant `just(v)` the signal it returns for `v` is the whole output, subscribed
    /// as a tail call (as `deferred { f(v) }` would be; Contracts.md, "Stack safety"). The
    /// binding is captured by this one closure only, so the compiler still inlines what it calls.
    @inlinable
    func _bind<U, F: Error>(
        constantValueEnds: Bool,
        _ makeBinding: @escaping @Sendable () -> (Event<Value, Failure>, inout Bool) -> Signal<U, F>?
    ) -> Signal<U, F> {
        let source = _IterativelyReleased(self)
        return Signal<U, F>(_representation: .subscribe { downstream in
            _Binder.start(
                source: source.signal, binding: .plain(makeBinding()), downstream: downstream,
                constantValueEnds: constantValueEnds)
        }, _promptness: _promptness.throughBind)
    }

    /// bind, with control over the inner subscriptions too: the binding gets a
    /// ``BindControl`` instead of a bare `stop` flag, and besides stopping the source it can
    /// cut every live inner subscription (``BindControl/cancelInners()``) before the signal it
    /// returns is subscribed.
    ///
    /// Everything `bind(_:)` says holds; cutting adds one rule (<doc:Contracts#Cutting-inner-subscriptions>):
    /// when the binding calls `cancelInners()` while it handles an event, every inner
    /// subscription live at that moment is disposed before the signal it returns is
    /// subscribed; a cut inner delivers nothing after the call (an event of it that races
    /// the cut from another thread is delivered before the output's next event, or not at
    /// all) and no longer counts for completion (rule 4) or failure (rule 5).
    ///
    /// This is the one thing the binding may do beyond ReactiveCocoa's `-bind:` besides
    /// seeing the terminal event: control over what bind already owns, as `stop` is for the
    /// source. `switchToLatest`, `flatMapLatest` and the time operators are compositions on it:
    ///
    /// ```swift
    /// // switchToLatest, in full: each new inner signal cuts the previous one.
    /// let latest: Signal<Int, Never> = outer.bind {
    ///     { event, control in
    ///         guard case .next(let inner) = event else { return nil }
    ///         control.cancelInners()
    ///         return inner
    ///     }
    /// }
    /// ```
    ///
    /// ![bind with BindControl: each new inner signal cuts the running ones](marble-bind-control.svg)
    ///
    /// A binding that never cuts may use either form; the `inout Bool` form is preferred
    /// when a closure would fit both.
    @inlinable @_disfavoredOverload
    public func bind<U, F: Error>(
        _ makeBinding: @escaping @Sendable () -> (Event<Value, Failure>, inout BindControl) -> Signal<U, F>?
    ) -> Signal<U, F> {
        let source = _IterativelyReleased(self)
        return Signal<U, F>(_representation: .subscribe { downstream in
            _Binder.start(source: source.signal, binding: .controlled(makeBinding()), downstream: downstream)
        }, _promptness: _promptness.throughBind)
    }
}

/// What a binding of the controlled `bind` may ask while it handles one source event: stop
/// the source, and cut the inner subscriptions (<doc:Contracts#Cutting-inner-subscriptions>).
///
/// A fresh control is handed to each call of the binding; bind reads it when the binding
/// returns.
///
/// ```swift
/// { event, control in
///     control.cancelInners()        // dispose every live inner subscription first
///     if event.isTerminating { control.stop = true }
///     return event.value.map { .just($0) }
/// }
/// ```
public struct BindControl: Sendable {
    /// Set to `true` to end the source: its subscription is disposed and it counts as
    /// finished (the `stop` of the plain binding).
    public var stop: Bool

    /// Whether the binding asked to cut the live inner subscriptions.
    @inlinable public var cancelsInners: Bool { _cancelsInners }
    @usableFromInline var _cancelsInners: Bool

    @inlinable
    init() {
        stop = false
        _cancelsInners = false
    }

    /// Disposes every inner subscription live when this binding call began, before the signal
    /// the binding returns is subscribed. A cut inner subscription delivers nothing after
    /// the call: an event of it racing the cut on another thread reaches the output before
    /// the output's next event, or not at all. It no longer counts for the output's
    /// completion, and an error it sends after the cut is ignored.
    @inlinable
    public mutating func cancelInners() {
        _cancelsInners = true
    }
}

/// A binding as `_Binder` keeps it: the plain one (`inout Bool`) or the controlled one
/// (`inout BindControl`). The plain one is called with the address of the control's `stop`,
/// so it needs no forwarding closure (an extra indirect call per value and stage) and no
/// cast (casting a closure between function types goes through a generic conversion: a
/// reabstraction thunk, one more allocation per subscription and one more call per value).
/// Choosing between the two is one branch per value.
@usableFromInline
enum _BindingClosure<SourceValue, SourceFailure: Error, Value, Failure: Error> {
    case plain((Event<SourceValue, SourceFailure>, inout Bool) -> Signal<Value, Failure>?)
    case controlled((Event<SourceValue, SourceFailure>, inout BindControl) -> Signal<Value, Failure>?)

    @inlinable @inline(__always)
    func callAsFunction(
        _ event: Event<SourceValue, SourceFailure>,
        _ control: inout BindControl
    ) -> Signal<Value, Failure>? {
        switch self {
        case .plain(let binding): binding(event, &control.stop)
        case .controlled(let binding): binding(event, &control)
        }
    }
}

extension Signal {
    /// `bind { binding }` for a binding that keeps no state (concat's links, the merge inside
    /// `take(until:)`): the one closure serves every subscription, so subscribing allocates no
    /// binding, and a constant source (`just`, `empty`, `error`) is kept as it is, as it has
    /// no chain to release iteratively. For signals subscribed once per element (`concat` of
    /// an array: 8 → 2 allocations per element) or per inner signal. Not for `flattenMap`:
    /// there the binding is called per value, and a binding passed in as a value costs about
    /// 35–45 instructions more per value and stage than the one `bind` makes (and the
    /// compiler inlines) per subscription.
    @inlinable
    func _bind<U, F: Error>(
        stateless binding: @escaping @Sendable (Event<Value, Failure>, inout Bool) -> Signal<U, F>?
    ) -> Signal<U, F> {
        switch _representation {
        case .value, .completed, .failure:
            let leaf = self
            return Signal<U, F>(_representation: .subscribe { downstream in
                _Binder.start(source: leaf, binding: .plain(binding), downstream: downstream)
            }) // bind over a constant (.holding) is .unknown: Promptness.swift
        case .subscribe, .fold, .stage, .holding, .quiet, .declared:
            let source = _IterativelyReleased(self)
            return Signal<U, F>(_representation: .subscribe { downstream in
                _Binder.start(source: source.signal, binding: .plain(binding), downstream: downstream)
            }, _promptness: _promptness.throughBind)
        }
    }
}

/// A signal kept by a bound signal, released without recursion (`_DeferredRelease`) when
/// the bound signal is: releasing the outermost of a long chain of operators would
/// otherwise release each link from inside the release of the next, one stack frame each.
///
/// The signal is kept as an `_ErasedSignal`, whose fields do not depend on `Value` and
/// `Failure`. The `deinit` of a generic class runs unspecialised, and destroying a field of
/// a generic type there looks that type's metadata up (about 480 instructions) on every
/// release; `switchToLatest` releases three of these per inner signal.
///
/// `@unchecked Sendable`: the field is only mutated in `deinit`.
@usableFromInline
final class _IterativelyReleased<Value, Failure: Error>: @unchecked Sendable {
    @usableFromInline @exclusivity(unchecked) var erased: _ErasedSignal

    @inlinable
    init(_ signal: Signal<Value, Failure>) {
        erased = _ErasedSignal(signal)
    }

    /// `erased.signal()`, read field by field: calling it would first copy the whole struct
    /// out of this `var` (a retain of each field, on every subscription: W7 +90 instructions).
    @inlinable
    var signal: Signal<Value, Failure> {
        if let fold = erased.fold { return _ErasedSignal.signal(fold: fold) }
        let closures = unsafeBitCast(erased.closures, to: _SourceClosures<Value, Failure>.self)
        if let subscribe = closures.subscribe { return Signal(_representation: .subscribe(subscribe)) }
        return closures.constant.unsafelyUnwrapped()
    }

    deinit {
        _DeferredRelease.release(closures: &erased.closures, object: &erased.fold)
    }
}

/// A signal held in fields whose types do not depend on its `Value` and `Failure`: a closure
/// (`_SourceClosures`, stored as its `<Never, Never>` instance: the same layout, as a
/// closure's layout does not depend on its signature, and only ever called as what it was)
/// or an object (an associative fold). Whoever erases a signal knows its type, and turns it
/// back with `signal()` at that same type; both conversions run in specialised code, where
/// they cost nothing. Used where a non-generic holder must keep a signal: the iterative
/// release of a bound signal's source, and a queued tail call.
@usableFromInline
struct _ErasedSignal {
    @usableFromInline var closures: _SourceClosures<Never, Never>
    @usableFromInline var fold: AnyObject?

    @inlinable
    init<Value, Failure>(_ signal: Signal<Value, Failure>) {
        var closures = _SourceClosures<Value, Failure>()
        switch signal._representation {
        case .subscribe(let subscribe), .holding(let subscribe), .quiet(let subscribe): closures.subscribe = subscribe
        case .declared(let declared): closures.subscribe = declared.subscribe
        case .fold(let fold): self.fold = fold
        case .stage(let stage): closures.subscribe = { sink in stage.subscribe(sink) }   // no allocation: captures only the run
        case .value, .completed, .failure: closures.constant = { signal }   // a leaf
        }
        self.closures = unsafeBitCast(closures, to: _SourceClosures<Never, Never>.self)
    }

    /// The signal, at the type it was erased from.
    @inlinable
    func signal<Value, Failure>() -> Signal<Value, Failure> {
        if let fold { return Self.signal(fold: fold) }
        let closures = unsafeBitCast(self.closures, to: _SourceClosures<Value, Failure>.self)
        if let subscribe = closures.subscribe { return Signal(_representation: .subscribe(subscribe)) }
        return closures.constant.unsafelyUnwrapped()
    }

    @inlinable
    static func signal<Value, Failure>(fold: AnyObject) -> Signal<Value, Failure> {
        Signal(_representation: .fold(unsafeDowncast(fold, to: _AssociativeFold<Value, Failure>.self)))
    }
}

/// The closures a source signal may be made of (see `_ErasedSignal`).
@usableFromInline
struct _SourceClosures<Value, Failure: Error> {
    @usableFromInline var subscribe: (@Sendable (Observer<Value, Failure>) -> Void)?
    @usableFromInline var constant: (@Sendable () -> Signal<Value, Failure>)?

    @inlinable init() {}
}

/// One subscription of a bound signal: ReactiveCocoa's bind pipeline.
///
/// The binder is the sink of its source (an `Observer` of the source's events, whose handler
/// is `onSource`): a subscription through one bind is one object, not a binder and a sink
/// holding each other. Its observer part is stopped and emptied as any sink's is: by the
/// source's terminal event, or by `_dispose()` when the binding stops the source or the
/// output is disposed (`stopListeningToSource`, `disposeSubscriptions`).
///
/// `@unchecked Sendable`, by these invariants:
/// - `sourceIsDone`, `backlog`, `emitter`, `nextInnerID`, `completesWhenDrained` and
///   `afterEvent` belong to the *source path*:
///   they are touched only by the thread that holds `sourceOwner`, which a source event
///   claims with one compare-exchange. The grammar makes source events serial, so the claim
///   only ever finds the path free or held by its own thread (a re-entrant event, put in
///   `backlog`, not handled nested); finding it held by another thread means the source
///   broke the grammar, and bind stops the process with a message instead of corrupting
///   memory.
/// - everything else shared between threads is an `Atomic` or lives in `_shared`, under `sharedLock`.
/// The source-path properties opt out of dynamic exclusivity checks (`@exclusivity(unchecked)`)
/// for that reason: the grammar, not the runtime, makes their accesses exclusive.
@usableFromInline
final class _Binder<SourceValue, SourceFailure: Error, Value, Failure: Error>:
    Observer<SourceValue, SourceFailure>, Disposable, @unchecked Sendable
{
    @usableFromInline
    typealias Binding = _BindingClosure<SourceValue, SourceFailure, Value, Failure>

    // The fields are declared in this order so that the one-byte ones share a word (a
    // subscription makes a binder per bind it crosses: 48 bytes a binder, of 288, went to
    // padding when each flag sat beside the word-sized field it describes).

    @usableFromInline let downstream: Observer<Value, Failure>

    // The source path (see the invariants above).
    /// A `let`, so calling it costs no retain; what it captures is released with the binder,
    /// which nothing keeps once the subscription has ended.
    @usableFromInline let binding: Binding
    /// The source has sent its last event or was stopped.
    @usableFromInline @exclusivity(unchecked) var sourceIsDone = false
    /// The source has finished with nothing else live: the output completes once the source
    /// event's handling has returned (`drainBacklogAndComplete`).
    @usableFromInline @exclusivity(unchecked) var completesWhenDrained = false
    /// Set when `backlog` gains an event or `completesWhenDrained` is set: one test, when a
    /// source event's handling returns, for both.
    @usableFromInline @exclusivity(unchecked) var afterEvent = false
    /// Completed, failed, disposed or handed over by a tail call.
    @usableFromInline let ended = Atomic<Bool>(false)
    // What dispose reaches from any thread, guarded by `sharedLock` (which lives in the
    // binder: no allocation of its own). Use it only through `withShared`.
    @usableFromInline let sharedLock = _InlineLock()
    /// The thread handling a source event (`_currentThreadID()`), or 0.
    @usableFromInline let sourceOwner = Atomic<UInt>(0)
    @usableFromInline @exclusivity(unchecked) var backlog = _Queue<Event<SourceValue, SourceFailure>>()
    /// Made when the first inner subscription starts (and never changed after). Until then
    /// only the source path delivers, so it delivers directly; from then on every delivery
    /// takes turns through it (TurnTaking.swift).
    @usableFromInline @exclusivity(unchecked) var emitter: _SerialEmitter<_Emission<Value, Failure>>?
    @usableFromInline @exclusivity(unchecked) var nextInnerID = 0

    /// The inner subscriptions with an id below this one were cut (`cancelInners`): their
    /// events are dropped when their turn to be delivered comes. Written by the source path,
    /// read by every delivery; sequentially consistent, so that a delivery that starts after
    /// the cut's store sees it.
    @usableFromInline let cutBelow = Atomic<Int>(0)

    /// The source (until it finishes) plus the live inner subscriptions; 0 means complete.
    @usableFromInline let live = Atomic<Int>(1)
    /// Under `sharedLock`.
    @usableFromInline @exclusivity(unchecked) var _shared = _BinderShared()

    @inlinable
    init(downstream: Observer<Value, Failure>, binding: Binding) {
        self.downstream = downstream
        self.binding = binding
        // The observer is this binder. Debug builds cast without `unsafeDowncast`, whose check
        // made this closure's frame 160 bytes larger, paid at every level of nested
        // subscriptions (100 nested `flattenMap`s overflowed a 512 KiB stack). Release builds
        // keep `unsafeDowncast` (no check there): through `Unmanaged` the optimised cast
        // cost a retain and a release a value (W3 136 -> 181 instructions per value).
        // The teardown (this binder disposed as its downstream's upstream) is specialised code
        // too: reached through `any Disposable`, `dispose()` ran as a generic witness.
        super.init(_passingSelf: { sink, event in
        #if DEBUG
            Unmanaged<_Binder>.fromOpaque(Unmanaged.passUnretained(sink).toOpaque()).takeUnretainedValue().onSource(event)
        #else
            unsafeDowncast(sink, to: _Binder.self).onSource(event)
        #endif
        }, teardown: { sink in
        #if DEBUG
            Unmanaged<_Binder>.fromOpaque(Unmanaged.passUnretained(sink).toOpaque()).takeUnretainedValue().dispose()
        #else
            unsafeDowncast(sink, to: _Binder.self).dispose()
        #endif
        })
    }

    /// Runs `body` on the shared state under its lock. `body` only reads and swaps
    /// references: nothing it drops may be the last reference to a sink.
    @inlinable @inline(__always)
    func withShared<Result>(_ body: (inout _BinderShared) -> Result) -> Result {
        sharedLock.lock()
        defer { sharedLock.unlock() }
        return body(&_shared)
    }

    @inlinable
    static func start(
        source: Signal<SourceValue, SourceFailure>,
        binding: Binding,
        downstream: Observer<Value, Failure>,
        constantValueEnds: Bool = false
    ) {
        switch source._representation {
        case .value(let value):
            if constantValueEnds {
                runOnConstant(.next(value), then: nil, binding: binding, downstream: downstream, valueEnds: true)
            } else {
                runOnConstant(.next(value), then: .completed, binding: binding, downstream: downstream)
            }
        case .completed:
            runOnConstant(.completed, then: nil, binding: binding, downstream: downstream)
        case .failure(let failure):
            runOnConstant(.error(failure), then: nil, binding: binding, downstream: downstream)
        case .subscribe, .fold, .stage, .holding, .quiet, .declared:
            let binder = _Binder(downstream: downstream, binding: binding)
            downstream._setUpstream(kernelSink: binder)
            let accepted = binder.withShared { shared -> Bool in
                if shared.isDisposed || shared.isStopped { return false }
                shared.sourceIsLive = true
                return true
            }
            // The binder is the source's sink.
            if accepted { source._subscribe(binder) }
        }
    }

    /// bind over a constant source: run the binding on its (at most two) events right here,
    /// and while the results are constants deliver them directly: no binder, no lock, no
    /// subscription. A non-constant result gets a binder, which takes over from there.
    @inlinable @inline(never)
    static func runOnConstant(
        _ first: Event<SourceValue, SourceFailure>,
        then second: Event<SourceValue, SourceFailure>?,
        binding: Binding,
        downstream: Observer<Value, Failure>,
        valueEnds: Bool = false
    ) {
        var event = first
        var next = second
        while true {
            if downstream.isStopped { return }
            var control = BindControl()
            let result = binding(event, &control)
            let finished = control.stop || event.isTerminating || valueEnds
            switch result?._representation {
            case nil, .completed?:
                if finished { return downstream.sendCompleted() }
            case .value(let value)?:
                downstream.send(value: value)
                if finished { return downstream.sendCompleted() }
            case .failure(let failure)?:
                return downstream.send(error: failure)
            case .subscribe?, .fold?, .stage?, .holding?, .quiet?, .declared?:
                let signal = result.unsafelyUnwrapped
                if finished {
                    // The output is exactly `signal`: a tail call, as in `tailCall(_:)`.
                    return _TailCalls.run(signal, into: downstream)
                }
                let binder = _Binder(downstream: downstream, binding: binding)
                downstream._setUpstream(kernelSink: binder)
                binder.sourceOwner.store(_currentThreadID(), ordering: .relaxed)
                if let value = binder.handle(signal, finished: false) { downstream.send(value: value) }
                if let next, let value = binder.handleSource(next) { downstream.send(value: value) }
                binder.onSourceDrained()
                return
            }
            guard let following = next else { return }
            event = following
            next = nil
        }
    }

    // MARK: The source path

    /// A source event (the binder is its source's sink). Inlined into the sink's handler
    /// closure, its only caller: one frame and one call a hop, as when a closure was the sink.
    @inlinable @inline(__always)
    func onSource(_ event: Event<SourceValue, SourceFailure>) {
        let thread = _currentThreadID()
        let claim = sourceOwner.compareExchange(expected: 0, desired: thread, ordering: .acquiring)
        if !claim.exchanged {
            if claim.original != thread { _concurrentSourceEvents() }
            backlog.append(event)
            afterEvent = true
            return
        }
        if let value = handleSource(event) { downstream.send(value: value) }
        onSourceDrained()
    }

    /// Handles the source events that arrived re-entrantly meanwhile, then leaves the
    /// source path.
    @inlinable @inline(__always)
    func onSourceDrained() {
        if afterEvent { drainBacklogAndComplete() }
        sourceOwner.store(0, ordering: .releasing)
    }


    /// What is left to do once a source event's handling has returned (`afterEvent`): the
    /// events that arrived re-entrantly meanwhile, then the output's completion if the source
    /// path found it due (`countSourceAsFinished`). Completing here, not inside `handle`,
    /// leaves `handleSource` and `handle` off the stack while the completion crosses
    /// everything downstream (a chain of binds completes with one `onSource` frame and this
    /// small one a level; in debug builds about 800 bytes a level less). Nothing is sent in
    /// between: the source has finished and no inner signal is live. Out of line: rare next
    /// to a value (a completion once per subscription).
    @inlinable @inline(never)
    func drainBacklogAndComplete() {
        afterEvent = false
        if !backlog.isEmpty { drainBacklog() }
        if completesWhenDrained {
            completesWhenDrained = false
            complete()
        }
    }

    /// Out of line (re-entrant source events are rare): a second inlined copy of
    /// `handleSource` made `onSource`'s stack frame larger, which recursion through nested
    /// subscriptions pays at every level.
    @inlinable @inline(never)
    func drainBacklog() {
        // Consumed as a queue, so that a re-entrant loop through the source (each event
        // sending the next) keeps one event here, not the loop's whole history.
        while let next = backlog.popFirst() {
            if let value = handleSource(next) { downstream.send(value: value) }
        }
    }

    /// Runs the binding on one source event and acts on its result; returns the value of a
    /// constant result for the caller to send once this has returned (see `handle`).
    @inlinable @inline(__always)
    func handleSource(_ event: Event<SourceValue, SourceFailure>) -> Value? {
        guard !sourceIsDone, !ended.load(ordering: .relaxed) else { return nil }
        var control = BindControl()
        let result = binding(event, &control)
        let finished = control.stop || event.isTerminating
        if control.cancelsInners && emitter != nil { cancelInners() }
        if finished { stopListeningToSource(disposingIt: !event.isTerminating) }
        // Moved, not copied: a copy left `result` here to be destroyed after `handle`, by an
        // outlined destroy of the whole `Signal?` that the optimiser did not see was a
        // constant's trivial value (W3: 175 → 152 instructions per value; W1 -17%).
        return handle(consume result, finished: finished)
    }

    /// Acts on what the binding returned for one source event. A constant's value, while
    /// only the source path delivers, is returned for the caller to send once `handle` and
    /// `handleSource` have returned: the value then crosses everything downstream with one
    /// `onSource` frame a level, not three (in debug builds about 1,000 bytes a level less).
    /// Nothing is sent in between.
    @inlinable @inline(__always)
    func handle(_ result: consuming Signal<Value, Failure>?, finished: Bool) -> Value? {
        guard let result = consume result else {
            if finished { countSourceAsFinished() }
            return nil
        }
        // Switched on as an owned value, each case taking its payload: switching on the
        // borrowed `result` cost W9 (an inner signal per value) 108 instructions more per
        // inner signal (3.7%).
        let representation = (consume result)._representation
        let inner: Signal<Value, Failure>
        switch consume representation {
        case .value(let value):
            if emitter != nil {
                // Emitted before the source leaves the live count: once it has, an inner
                // completing on another thread may complete the output.
                emitThroughTurns(value)
                if finished { countSourceAsFinished() }
                return nil
            }
            // No inner subscription has ever run: only this path delivers, and the value is
            // sent before the completion `countSourceAsFinished` leaves for `onSourceDrained`.
            if finished { countSourceAsFinished() }
            return value
        case .completed:
            if finished { countSourceAsFinished() }
            return nil
        case .failure(let failure):
            fail(failure)
            return nil
        case let other:
            // Every other case as a whole: one slot in a debug build's frame, which nested
            // `flattenMap`s pay at every level (DepthTests).
            inner = Signal(_representation: other)
        }
        if finished && emitter == nil {
            tailCall(inner)
        } else {
            subscribeInner(inner)
            if finished { countSourceAsFinished() }
        }
        return nil
    }

    /// A constant's value, once inner subscriptions run: delivered by turn-taking. Out of
    /// line: unspecialised (an operator of another module that is not `@inlinable`), an
    /// inlined copy made `handle` look `_Emission`'s metadata up on every value, emitter or not.
    @inlinable @inline(never)
    func emitThroughTurns(_ value: Value) {
        emitter.unsafelyUnwrapped.send(_Emission(.next(value))) { deliver($0) }
    }

    /// First half of the source finishing, done as soon as the binding has seen its last
    /// event: stop listening (mark the source path done), and if the binding stopped a live
    /// source, dispose its subscription (this binder's observer part: stopped, its upstream
    /// disposed). The output is not affected.
    @inlinable
    func stopListeningToSource(disposingIt disposeSource: Bool) {
        sourceIsDone = true
        let wasLive = withShared { shared -> Bool in
            let wasLive = shared.sourceIsLive
            shared.sourceIsLive = false
            return wasLive
        }
        if disposeSource && wasLive { _dispose() }
    }

    /// Cuts every live inner subscription (`BindControl.cancelInners()`), on the source path,
    /// before the binding's signal is acted on: from here on their events are dropped (their
    /// ids are below `cutBelow`), their sinks are disposed, and they leave the live count
    /// (never to 0 here: the source is live while its event is handled). Out of line: rare
    /// next to a value, and it would enlarge `onSource`'s stack frame.
    @inlinable @inline(never)
    func cancelInners() {
        cutBelow.store(nextInnerID, ordering: .sequentiallyConsistent)
        let (single, others) = withShared { $0.inners.cutAll() }
        var count = 0
        if let single {
            count += 1
            single._dispose()
        }
        for entry in others {
            guard let sink = entry.sink else { continue }
            count += 1
            sink._dispose()
        }
        if count > 0 { live.subtract(count, ordering: .acquiringAndReleasing) }
    }

    @inlinable
    func subscribeInner(_ signal: Signal<Value, Failure>) {
        if emitter == nil { emitter = _SerialEmitter() }
        live.add(1, ordering: .relaxed)
        let id = nextInnerID
        nextInnerID += 1
        let inner = _InnerSink(binder: self, id: id)
        let accepted = withShared { shared -> Bool in
            if shared.isDisposed || shared.isStopped { return false }
            shared.inners.insert(inner, id: id)
            return true
        }
        if accepted { signal._subscribe(inner) }
    }

    /// The output is exactly `signal` from here on: subscribe it straight to `downstream`.
    /// Out of line (once per subscription at most): inlined, it enlarged the stack frame of
    /// `onSource`, which recursion through nested subscriptions pays at every level.
    @inlinable @inline(never)
    func tailCall(_ signal: Signal<Value, Failure>) {
        guard !ended.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let downstream = self.downstream
        downstream._setUpstream(nil)
        _TailCalls.run(signal, into: downstream)
    }

    /// Second half, done once the binding's last result has been acted on: the source
    /// leaves the live count, and if nothing else is live the output completes when the
    /// source path is done with this event (`onSourceDrained`).
    @inlinable
    func countSourceAsFinished() {
        if live.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 {
            completesWhenDrained = true
            afterEvent = true
        }
    }

    // MARK: Inner signals (any thread)

    /// An inner subscription's event. Inlined into the inner sink's handler closure, its only
    /// caller.
    @inlinable @inline(__always)
    func onInner(_ event: Event<Value, Failure>, id: Int) {
        switch event {
        case .next:
            emit(event, from: id)
        case .error(let failure):
            // An error of a cut inner that raced the cut: the cut came first.
            if id < cutBelow.load(ordering: .sequentiallyConsistent) { return }
            fail(failure)
        case .completed:
            // Not found: the inner was cut (or everything disposed), and has left the count.
            guard let finished = withShared({ $0.inners.remove(id: id) }) else { return }
            withExtendedLifetime(finished) {}  // released outside the lock
            if live.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 { complete() }
        }
    }

    // MARK: Output (any thread)

    /// Delivers `event` to `downstream`: directly while only the source path delivers,
    /// else by turn-taking with every other delivery (it waits for its turn, or is queued
    /// when it is sent re-entrantly or waiting would close a cycle).
    @inlinable
    func emit(_ event: Event<Value, Failure>, from inner: Int = .max) {
        guard emitter != nil else { return downstream.send(event) }
        emitThroughTurns(event, from: inner)
    }

    /// `emit` once inner subscriptions run. Out of line: inlined, turn-taking made `emit`'s
    /// stack frame 176 bytes in release, which a completion crossing nested binds pays at
    /// every level (the direct path, `downstream.send`, needs almost none).
    @inlinable @inline(never)
    func emitThroughTurns(_ event: Event<Value, Failure>, from inner: Int) {
        emitter.unsafelyUnwrapped.send(_Emission(event, from: inner)) { deliver($0) }
    }

    /// Delivers one emission in its turn, unless it is an inner's and that inner was cut
    /// before the turn came (the check is made in the turn, so an event queued behind a
    /// delivery, or waiting for its turn, when the cut happens is dropped).
    @inlinable @inline(__always)
    func deliver(_ emission: _Emission<Value, Failure>) {
        if emission.inner == .max || emission.inner >= cutBelow.load(ordering: .sequentiallyConsistent) {
            downstream.send(emission.event)
        }
    }

    @inlinable
    func complete() {
        guard !ended.exchange(true, ordering: .acquiringAndReleasing) else { return }
        emit(.completed)
    }

    @inlinable
    func fail(_ failure: Failure) {
        guard !ended.exchange(true, ordering: .acquiringAndReleasing) else { return }
        disposeSubscriptions()
        emit(.error(failure))
    }

    // MARK: Disposable

    @inlinable
    func dispose() {
        guard !ended.exchange(true, ordering: .acquiringAndReleasing) else { return }
        disposeSubscriptions()
    }

    @inlinable
    var isDisposed: Bool { ended.load(ordering: .acquiring) }

    /// Stops the sinks that feed this binder, ahead of its disposal (`Observer._stop()`, called
    /// by the downstream observer, whose upstream this binder is): a synchronous source or
    /// inner sees `isStopped` and returns; nothing is disposed, and nothing more is
    /// subscribed. This binder's own observer part is its source's sink. Rare
    /// (`subscribe(on:)`'s disposal): out of line.
    @usableFromInline @inline(never)
    override func _stop() {
        let (sourceIsLive, inners) = withShared { shared -> (Bool, [_ObserverBase]) in
            shared.isStopped = true
            return (shared.sourceIsLive, shared.inners.entries.compactMap(\.sink))
        }
        if sourceIsLive { super._stop() }
        for inner in inners { inner._stop() }
    }

    @inlinable
    func disposeSubscriptions() {
        // Non-generic state (`_BinderShared`): this may still run unspecialised (a binder
        // disposed through `any Disposable` by a caller outside the kernel), and must then cost
        // no generic-metadata lookup.
        let (sourceIsLive, inners) = withShared { shared -> (Bool, [_InnerSinks.Entry]) in
            shared.isDisposed = true
            let sourceIsLive = shared.sourceIsLive
            shared.sourceIsLive = false
            return (sourceIsLive, shared.inners.removeAll())
        }
        // This binder's observer part is the source's sink: stopped, its upstream disposed.
        if sourceIsLive { _dispose() }
        for entry in inners { entry.sink?._dispose() }
    }
}

/// The sink of one inner subscription of a binder: an observer that hands each event to the
/// binder with its id (`onInner`). One object: an observer whose handler closure captured the
/// binder and the id was two (the observer and the closure's context).
///
/// `@unchecked Sendable`: its own fields are immutable.
@usableFromInline
final class _InnerSink<SourceValue, SourceFailure: Error, Value, Failure: Error>:
    Observer<Value, Failure>, @unchecked Sendable
{
    @usableFromInline let binder: _Binder<SourceValue, SourceFailure, Value, Failure>
    @usableFromInline let id: Int

    @inlinable
    init(binder: _Binder<SourceValue, SourceFailure, Value, Failure>, id: Int) {
        self.binder = binder
        self.id = id
        // Cast as in `_Binder.init`: unchecked in debug builds (a smaller frame).
        super.init(_passingSelf: { sink, event in
        #if DEBUG
            let inner = Unmanaged<_InnerSink>.fromOpaque(Unmanaged.passUnretained(sink).toOpaque()).takeUnretainedValue()
        #else
            let inner = unsafeDowncast(sink, to: _InnerSink.self)
        #endif
            inner.binder.onInner(event, id: inner.id)
        })
    }
}

/// An event on its way to a binder's output, with the id of the inner subscription that sent
/// it (`.max` for the source path and the output's own terminal events, which no cut drops).
@usableFromInline
struct _Emission<Value, Failure: Error> {
    @usableFromInline let event: Event<Value, Failure>
    @usableFromInline let inner: Int

    @inlinable
    init(_ event: Event<Value, Failure>, from inner: Int = .max) {
        self.event = event
        self.inner = inner
    }
}

/// The state of a `_Binder` shared between threads, under its lock. Not generic: the sinks
/// are held as `_ObserverBase`s (non-generic), so that disposing or stopping one is a direct
/// call, and the teardown (`disposeSubscriptions`) needs no generic metadata wherever it runs.
@usableFromInline
struct _BinderShared {
    // (The list first and the flags after it: no padding between them.)
    /// The sinks of the live inner subscriptions.
    @usableFromInline var inners = _InnerSinks()
    /// The source is subscribed (to the binder's own observer part) and has not finished.
    @usableFromInline var sourceIsLive = false
    @usableFromInline var isDisposed = false
    /// Stopped ahead of its disposal (`_Binder._stop()`): subscribe nothing more.
    @usableFromInline var isStopped = false

    @inlinable init() {}
}

/// The sinks of a binder's live inner subscriptions, by id. The source path hands ids out in
/// increasing order, so the sinks are kept in an array sorted by id: an insertion appends; a
/// removal finds its slot by binary search (O(log n)) and leaves a tombstone, and the array
/// is compacted once half of it is tombstones, or emptied (keeping its capacity) when all of
/// it is. No hashing: a `Dictionary` cost about 1,400 instructions per inner signal of
/// `switchToLatest` (W9), most binders having one or two live inners at a time.
@usableFromInline
struct _InnerSinks {
    @usableFromInline
    struct Entry {
        @usableFromInline let id: Int
        @usableFromInline var sink: _ObserverBase?

        @inlinable init(id: Int, sink: _ObserverBase) {
            self.id = id
            self.sink = sink
        }
    }

    @usableFromInline var entries: [Entry] = []
    @usableFromInline var tombstones = 0

    @inlinable init() {}

    /// Adds `sink` as `id`, which must be greater than every id added before.
    @inlinable
    mutating func insert(_ sink: _ObserverBase, id: Int) {
        entries.append(Entry(id: id, sink: sink))
    }

    /// Removes and returns the sink added as `id`, if it is still there. (Returned for the
    /// caller to release outside the lock.)
    @inlinable
    mutating func remove(id: Int) -> _ObserverBase? {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low &+ high) >> 1
            if entries[middle].id < id { low = middle &+ 1 } else { high = middle }
        }
        guard low < entries.count, entries[low].id == id, let sink = entries[low].sink else { return nil }
        entries[low].sink = nil
        tombstones += 1
        if tombstones == entries.count {
            emptyAfterBurst()
        } else if tombstones >= 16 && tombstones * 2 >= entries.count {
            compact()
        }
        return sink
    }

    /// Removes every live sink, for the caller to dispose outside the lock: the only one as
    /// `single` (the common case of a cut: one live inner, no allocation), or all of them
    /// (tombstones included) as `others`.
    @inlinable
    mutating func cutAll() -> (single: _ObserverBase?, others: [Entry]) {
        if entries.count - tombstones == 1 {
            var single: _ObserverBase?
            for index in entries.indices where entries[index].sink != nil {
                single = entries[index].sink
                break
            }
            emptyAfterBurst()
            return (single, [])
        }
        return (nil, removeAll())
    }

    /// Empties the list; its storage is kept for reuse unless a burst made it large, so that
    /// a subscription that once had many inners at a time does not hold that peak for life.
    @inlinable
    mutating func emptyAfterBurst() {
        tombstones = 0
        if entries.capacity > Self.capacityKeptAfterBurst {
            entries = []
        } else if entries.count == 1 {
            // The common case (one inner at a time: a cut of `switchToLatest`, `debounce`):
            // `removeAll(keepingCapacity:)` goes through `replaceSubrange`, about 70
            // instructions more.
            entries.removeLast()
        } else {
            entries.removeAll(keepingCapacity: true)
        }
    }

    /// The most entries' storage kept when the list empties or is compacted.
    @inlinable
    static var capacityKeptAfterBurst: Int { 64 }

    /// Drops the tombstones; moves the live entries to smaller storage when they fill less
    /// than a quarter of a large one (after a burst).
    @inlinable @inline(never)
    mutating func compact() {
        entries.removeAll { $0.sink == nil }
        tombstones = 0
        if entries.capacity > Self.capacityKeptAfterBurst && entries.count * 4 < entries.capacity {
            var smaller: [Entry] = []
            smaller.reserveCapacity(Swift.max(entries.count * 2, Self.capacityKeptAfterBurst))
            smaller.append(contentsOf: entries)
            entries = smaller
        }
    }

    /// Removes and returns every entry (tombstones included), for the caller to dispose the
    /// sinks outside the lock.
    @inlinable
    mutating func removeAll() -> [Entry] {
        if entries.isEmpty { return [] }
        tombstones = 0
        var all: [Entry] = []
        swap(&all, &entries)
        return all
    }
}

/// Stops the process: two threads sent into one observer at once (see `_Binder.onSource`).
/// Kept out of line so that the check costs the hot path one comparison.
@usableFromInline @inline(never)
func _concurrentSourceEvents() -> Never {
    fatalError(
        "Signals: events sent concurrently into one observer; serialise them, e.g. through a Subject"
            + " (a source must not send events concurrently: Contracts.md, \"The grammar\")"
    )
}
