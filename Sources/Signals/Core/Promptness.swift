// Promptness: whether subscribing a signal returns at once, having sent on the subscribing
// thread at most what its sources already hold. `values` subscribes a prompt signal on the
// loop's own thread (no worker thread, no wake-up: a connection starts as fast as an
// `AsyncStream`'s), and what it sends during that call (a replay) is held whole by the
// bounded buffers. Any other signal may run long, or without end, inside its subscribe call
// (`Signal.from(1...)`), so `values` subscribes it on a worker thread that can wait.
//
// The property is stated here, once: the sources declare it, and the kernel composes it, so
// that an operator built from bind, a stage or a fold gets it right without naming it.
//
//   source                                  promptness
//   Subject.signal                          .quiet    returns at once, sends nothing
//   ReplaySubject, BehaviorSubject          .holding  sends its replay: what it holds
//   just, empty, error                      .holding  (read from the representation)
//   timer, interval on a scheduler          .holding  schedules; at most one tick at once
//   share(replay:), replayLazily(upTo:)     decided when subscribed: while connected
//                                                     .quiet (no replay) or .holding;
//                                                     otherwise its upstream's (subscribing
//                                                     connects the upstream on that thread)
//   Signal { observer in … }, from, …       .unknown
//
//   composition                             promptness
//   map / filter / compactMap (a stage)     its source's
//   bind, every form                        .quiet if its source is .quiet (the binding
//                                           never runs inside the subscribe call), else
//                                           .unknown (for a replayed event the binding may
//                                           return any signal, an endless one included)
//   merge, concat (a fold, an array)        the least prompt of its parts
//   a composition that only subscribes      the least prompt of those parts
//     given parts, in turn, and runs the    (`_promptness(composing:)`: take(until:), `on`)
//     caller's closures
//
// Order: .unknown < .holding < .quiet. A part decided when subscribed is asked then, so a
// merge of a connected share and a timer is prompt while the share is connected.

extension Signal {
    /// This signal's promptness as stored: `.unknown` for a plain subscribe function, the
    /// object's own for a declared source, a fold or a fused run, `.holding` for a constant.
    /// Read when a signal is composed or subscribed, never per value.
    @inlinable
    var _promptness: _Promptness {
        switch _representation {
        case .value, .completed, .failure: .holding
        case .subscribe: .unknown
        case .holding: .holding
        case .quiet: .quiet
        case .declared(let declared): declared.promptness
        case .fold(let fold): fold.promptness
        case .stage(let stage): stage.promptness
        }
    }

    /// Whether subscribing this signal now returns at once, having sent on this thread at
    /// most what its sources hold (see `_Promptness`).
    @inlinable
    var _isPrompt: Bool { _promptness.isPromptNow }

    /// This signal's promptness, constants included (`.holding`).
    @inlinable
    var _composablePromptness: _Promptness { _promptness }

    /// This signal, stated to be a composition whose subscribe call only subscribes `parts`,
    /// in turn, and runs the caller's closures: as prompt as the least prompt of them.
    @inlinable
    func _promptness(composing parts: [Signal<some Any, some Error>]) -> Signal {
        Signal(_representation: _representation, _promptness: .leastPrompt(of: parts.lazy.map { $0._composablePromptness }))
    }

    /// `_promptness(composing:)` for parts of two types.
    @inlinable
    func _promptness<A, E: Error, B, F: Error>(composing first: Signal<A, E>, _ second: Signal<B, F>) -> Signal {
        Signal(_representation: _representation, _promptness: .leastPrompt(of: [first._composablePromptness, second._composablePromptness]))
    }

    /// This source, declared `promptness` (for sources only: `Subjects/`, `Sharing/`,
    /// `Scheduling/`'s timers, a lifetime's `ended`; compositions derive theirs).
    @inlinable
    func _declaring(_ promptness: _Promptness) -> Signal {
        Signal(_representation: _representation, _promptness: promptness)
    }

    /// Whether `values` would subscribe this signal on the loop's own thread now (for the
    /// tests of which signals are prompt).
    package var _subscribesPromptly: Bool { _isPrompt }
}

extension Signal._Representation {
    /// This representation, of promptness `promptness`: a subscribe function is the case
    /// of that promptness (a `_DeclaredSource` when decided when subscribed); a fold or a fused run of
    /// another promptness is a new object with the same contents (a run is wrapped, as a
    /// declared source, when it is not a `_ConstantRun`). Constants keep theirs (`.holding`).
    @inlinable
    func _declaring(_ promptness: _Promptness) -> Self {
        switch self {
        case .value, .completed, .failure:
            return self
        case .subscribe(let subscribe), .holding(let subscribe), .quiet(let subscribe):
            return Self._subscribe(subscribe, promptness)
        case .declared(let declared):
            return Self._subscribe(declared.subscribe, promptness)
        case .fold(let fold):
            return .fold(_AssociativeFold(kind: fold.kind, parts: fold.parts, compose: fold.compose, promptness: promptness))
        case .stage(let stage):
            if let run = stage as? _ConstantRun<Value, Failure> {
                return .stage(_ConstantRun(source: run.source, length: run.length, steps: run.steps, promptness: promptness))
            }
            return Self._subscribe({ sink in stage.subscribe(sink) }, promptness)
        }
    }

    /// `subscribe`, in the case of `promptness`.
    @inlinable
    static func _subscribe(_ subscribe: @escaping @Sendable (Observer<Value, Failure>) -> Void, _ promptness: _Promptness) -> Self {
        switch promptness {
        case .unknown: .subscribe(subscribe)
        case .holding: .holding(subscribe)
        case .quiet: .quiet(subscribe)
        case .decidedWhenSubscribed: .declared(_DeclaredSource(subscribe, promptness: promptness))
        }
    }
}

/// A subscribe function whose promptness is decided when subscribed (a share, a composition of
/// one), kept with its check in one object (see `Signal._Representation.declared`).
///
/// `@unchecked Sendable`: immutable; the closure is `@Sendable`.
@usableFromInline
final class _DeclaredSource<Value, Failure: Error>: @unchecked Sendable {
    @usableFromInline let subscribe: @Sendable (Observer<Value, Failure>) -> Void
    @usableFromInline let promptness: _Promptness

    @inlinable
    init(_ subscribe: @escaping @Sendable (Observer<Value, Failure>) -> Void, promptness: _Promptness) {
        self.subscribe = subscribe
        self.promptness = promptness
    }
}

/// How a signal's subscribe call behaves on the subscribing thread (see the file's header
/// for the rules).
@usableFromInline
enum _Promptness: Sendable {
    /// It may run long, or without end, or send without bound (a `Signal { … }`, `from`).
    case unknown
    /// It returns at once, having sent at most what the source holds (a replay, a constant).
    case holding
    /// It returns at once and sends nothing on the subscribing thread (a `Subject`).
    case quiet
    /// Decided when subscribed (a share: prompt while connected).
    case decidedWhenSubscribed(_PromptnessCheck)

    /// Whether the subscribe call, made now, is prompt.
    @inlinable
    var isPromptNow: Bool {
        switch now {
        case .unknown: false
        case .holding, .quiet: true
        case .decidedWhenSubscribed: false // `now` never returns it
        }
    }

    /// The promptness of a subscribe call made now: never `.decidedWhenSubscribed`.
    @inlinable
    var now: _Promptness {
        switch self {
        case .decidedWhenSubscribed(let check): check.now()
        default: self
        }
    }

    /// The promptness of `bind` over a source of this promptness.
    @inlinable
    var throughBind: _Promptness {
        switch self {
        case .quiet: .quiet
        case .holding, .unknown: .unknown
        case .decidedWhenSubscribed(let check): .decidedWhenSubscribed(_PromptnessCheck { check.now().throughBind })
        }
    }

    /// The promptness of a composition that subscribes each of `parts` in turn.
    @inlinable
    static func leastPrompt<Parts: Sequence<_Promptness>>(of parts: Parts) -> _Promptness {
        var least = _Promptness.quiet
        var decidedLater = false
        for part in parts {
            switch part {
            case .unknown: return .unknown
            case .holding: least = .holding
            case .quiet: break
            case .decidedWhenSubscribed: decidedLater = true
            }
        }
        guard decidedLater else { return least }
        let kept = Array(parts)
        return .decidedWhenSubscribed(_PromptnessCheck { leastPrompt(of: kept.lazy.map { $0.now }) })
    }
}

/// The question a signal decided when subscribed answers (a share: "am I connected?").
@usableFromInline
final class _PromptnessCheck: Sendable {
    @usableFromInline let now: @Sendable () -> _Promptness

    @inlinable
    init(_ now: @escaping @Sendable () -> _Promptness) {
        self.now = now
    }
}
