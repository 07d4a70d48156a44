// Fusing consecutive constant binds (Contracts.md, "Stack safety": fused stages).
//
// `map`, `filter` and `compactMap` are `flattenMap` with a transform that returns a constant
// for every value: `just(w)` or `empty`. By bind's associativity,
//
//     s.flattenMap(f).flattenMap(g)  ==  s.flattenMap { f($0).flattenMap(g) }
//
// and when `f` returns constants the right-hand side needs no inner subscription: it is one
// bind over `s` whose transform runs `f`, then `g` on what `f` kept. So Core keeps a run of
// such stages as one structural node: the run's source and the composed transform. A
// subscription to `s.map(f).filter(p).map(g)` is then one binder on `s`, not three; a value
// crosses one binder, not three; and a chain of maps takes one binder's stack per run.
//
// The events are those of the nested binds: each value passes through the transforms in
// order, terminal events pass through, the source is subscribed and disposed once, and the
// run's one binder gives the serialisation and re-entrancy guarantees each binder gave. (A
// transform that disposes the subscription does not stop the later transforms of its run
// from seeing that value: they are one function. Nothing of it is delivered.)
//
// A run is fused whatever the types of its stages. The next operator knows only the run's
// output type, so a run is an object generic over that type (`_ConstantStage<Value, _>`)
// whose method `then<U>` is overridden by the class that knows the run's source type too:
//
// - `_ConstantRun<Value, _>`: a run whose stages all keep the source's type. Its transform is
//   `(inout Value?) -> Void`, composed where the next stage is written (specialised code,
//   no reabstraction): the fast path of `map`/`filter` chains of one type.
// - `_TypedRun<Source, Value, _>`: any other run; its transform is `(Source) -> Value?`.
//   A stage that changes the type, or any stage after it, extends the run through the
//   overridden `then<U>`, which composes `(Source) -> U?` without the next operator naming
//   `Source`.
//
// A run is at most `_ConstantStage.maximumLength` stages long, so that calling a composed
// transform, and releasing one, nests at most that many closures; a longer chain is several
// runs, each the next one's source, released iteratively as every bound source is. A live
// subscription's binder holds only the composed transform, never the run's source.

extension Signal {
    /// `flattenMap { transform($0).map(Signal.just) ?? .empty }`: bind with a transform that
    /// returns a constant for every value, fused with the stages of the same kind before it
    /// (see above). `map`, `filter` and `compactMap` are this. A run over a prompt source
    /// (`_promptness`) is prompt: its subscribe call is its source's, on the same thread.
    @inlinable @inline(__always)
    func _flattenMapToConstants<U>(_ transform: @escaping @Sendable (Value) -> U?) -> Signal<U, Failure> {
        if case .stage(let previous) = _representation, previous.length < _ConstantStage<Value, Failure>.maximumLength {
            guard previous.isOfOneType else {
                // A run over a source of another type: extended by the class that knows it.
                return Signal<U, Failure>(_representation: .stage(previous.then(transform)))
            }
            let run = unsafeDowncast(previous, to: _ConstantRun<Value, Failure>.self)
            if U.self == Value.self {
                // Converted in this one context (specialised or not), where both types lower alike.
                let sameType = unsafeBitCast(transform, to: (@Sendable (Value) -> Value?).self)
                let next = _ConstantRun(source: run.source, length: run.length + 1, promptness: run.promptness, transform: run.composed(with: sameType))
                return unsafeBitCast(Signal(_representation: .stage(next)), to: Signal<U, Failure>.self)
            }
            return Signal<U, Failure>(_representation: .stage(run.changingType(transform)))
        }
        if U.self == Value.self {
            let sameType = unsafeBitCast(transform, to: (@Sendable (Value) -> Value?).self)
            let run = _ConstantRun<Value, Failure>(source: _IterativelyReleased(self), length: 1, promptness: _promptness) { value in
                guard let kept = value else { return }
                value = sameType(kept)
            }
            return unsafeBitCast(Signal(_representation: .stage(run)), to: Signal<U, Failure>.self)
        }
        return Signal<U, Failure>(_representation: .stage(_TypedRun(source: _IterativelyReleased(self), length: 1, promptness: _promptness, transform: transform)))
    }
}

/// A run of fused constant stages (see above) whose output is `Value`: subscribed as one bind
/// over the run's source whose binding returns `just(w)` when the composed transform keeps `w`
/// and `empty` when it drops the value. Abstract: a run is a `_ConstantRun` (one type) or a
/// `_TypedRun` (any types).
///
/// `@unchecked Sendable`: every field is immutable, and the closures are `@Sendable`.
@usableFromInline
class _ConstantStage<Value, Failure: Error>: @unchecked Sendable {
    /// How many stages are fused into the run.
    @usableFromInline let length: Int
    /// Subscribes a `_TypedRun` (made where its source's type is known: specialised code
    /// wherever the run was begun in specialised code); `nil` for a `_ConstantRun`, which is
    /// subscribed directly.
    @usableFromInline let start: (@Sendable (Observer<Value, Failure>) -> Void)?
    /// The run's promptness: its source's (Promptness.swift). Read when the run is composed
    /// or subscribed, never per value.
    @usableFromInline let promptness: _Promptness

    /// The most stages in one run: calling or releasing a composed transform nests one
    /// closure per stage.
    @inlinable
    static var maximumLength: Int { 32 }

    @inlinable
    init(length: Int, promptness: _Promptness, start: (@Sendable (Observer<Value, Failure>) -> Void)?) {
        self.length = length
        self.promptness = promptness
        self.start = start
    }

    /// Whether this is a `_ConstantRun`: its stages all keep its source's type.
    @inlinable
    final var isOfOneType: Bool { start == nil }

    /// Subscribes `downstream` to the run: one bind over its source. `final`: a call of an
    /// overridable method of a generic class from another module goes through the vtable, to
    /// unspecialised code (W1 cost 18 times as much).
    @inlinable @inline(__always)
    final func subscribe(_ downstream: Observer<Value, Failure>) {
        if let start {
            start(downstream)
        } else {
            unsafeDowncast(self, to: _ConstantRun<Value, Failure>.self).subscribeRun(downstream)
        }
    }

    /// The run followed by one more stage, `next` (the caller checks `maximumLength`).
    /// Overridden by the subclasses, which know the run's source type.
    @usableFromInline
    func then<U>(_ next: @escaping @Sendable (Value) -> U?) -> _ConstantStage<U, Failure> {
        _preconditionFailure("Signals: a fused run is a _ConstantRun or a _TypedRun")
    }
}

/// A run whose stages all keep the type of its source (see above).
@usableFromInline
final class _ConstantRun<Value, Failure: Error>: _ConstantStage<Value, Failure>, @unchecked Sendable {
    /// The run's source: any signal but a run that could still grow (a run that reached
    /// `maximumLength`, or a signal of another kind).
    @usableFromInline let source: _IterativelyReleased<Value, Failure>
    /// The stages' transforms, composed. Kept apart from the source: a subscription's binder
    /// holds only this, so a live subscription keeps no more of the pipeline than the nested
    /// binds' binders did (not the source signal, nor what its subscribe function captures).
    @usableFromInline let steps: _ConstantSteps<Value>

    @inlinable
    init(source: _IterativelyReleased<Value, Failure>, length: Int, promptness: _Promptness, transform: @escaping _ConstantSteps<Value>.Transform) {
        self.source = source
        self.steps = _ConstantSteps(transform)
        super.init(length: length, promptness: promptness, start: nil)
    }

    /// The same run, of promptness `promptness`.
    @inlinable
    init(source: _IterativelyReleased<Value, Failure>, length: Int, steps: _ConstantSteps<Value>, promptness: _Promptness) {
        self.source = source
        self.steps = steps
        super.init(length: length, promptness: promptness, start: nil)
    }

    /// The composed transform.
    @inlinable
    var transform: _ConstantSteps<Value>.Transform { steps.transform }

    /// This run's transform followed by `next`. Inlined where `next` is written, so that the
    /// compiler can call it directly from the composed closure.
    @inlinable @inline(__always)
    func composed(with next: @escaping @Sendable (Value) -> Value?) -> _ConstantSteps<Value>.Transform {
        let first = transform
        return { value in
            first(&value)
            guard let kept = value else { return }
            value = next(kept)
        }
    }

    /// This run followed by `next`, which changes the type: a `_TypedRun` over the same source.
    /// Inlined where `next` is written (specialised code).
    @inlinable @inline(__always)
    func changingType<U>(_ next: @escaping @Sendable (Value) -> U?) -> _TypedRun<Value, U, Failure> {
        let first = transform
        return _TypedRun(source: source, length: length + 1, promptness: promptness) { value in
            var kept: Value? = value
            first(&kept)
            guard let kept else { return nil }
            return next(kept)
        }
    }

    @usableFromInline
    override func then<U>(_ next: @escaping @Sendable (Value) -> U?) -> _ConstantStage<U, Failure> {
        changingType(next)
    }

    /// Subscribes `downstream` to the run: one bind over the source. The binding captures
    /// only the composed transform's box (no allocation per subscription for it, and nothing
    /// of the source). Never inlined: a second inlined copy of `_Binder.start` in
    /// `Signal._subscribeOther` changed how the compiler specialised `start` for every other
    /// bind (a chain of `flatMap`s took 96 bytes more stack a level).
    @inlinable @inline(never)
    func subscribeRun(_ downstream: Observer<Value, Failure>) {
        let steps = self.steps
        _Binder.start(
            source: source.signal,
            binding: .plain({ event, _ in
                switch event {
                case .next(let value):
                    var kept: Value? = value
                    steps.transform(&kept)
                    guard let kept else { return .empty }
                    return .just(kept)
                case .error(let failure):
                    return .error(failure)
                case .completed:
                    return nil
                }
            }),
            downstream: downstream)
    }
}

/// A run over a source of type `Source` whose output is `Value` (see above): any run that
/// is not of one type.
///
/// `@unchecked Sendable`: every field is immutable, and the closures are `@Sendable`.
@usableFromInline
final class _TypedRun<Source, Value, Failure: Error>: _ConstantStage<Value, Failure>, @unchecked Sendable {
    /// The run's source (as `_ConstantRun.source`).
    @usableFromInline let source: _IterativelyReleased<Source, Failure>
    /// The stages' transforms, composed; all that a subscription's binder holds.
    @usableFromInline let steps: _TypedSteps<Source, Value>

    /// A run of `length` stages over `source`. The subscribe function is made here, where
    /// `Source` is known: a run begun in specialised code is subscribed by specialised code.
    @inlinable
    init(source: _IterativelyReleased<Source, Failure>, length: Int, promptness: _Promptness, transform: @escaping @Sendable (Source) -> Value?) {
        let steps = _TypedSteps(transform)
        self.source = source
        self.steps = steps
        super.init(length: length, promptness: promptness) { downstream in
            _Binder.start(
                source: source.signal,
                binding: .plain({ event, _ in
                    switch event {
                    case .next(let value):
                        guard let kept = steps.transform(value) else { return .empty }
                        return .just(kept)
                    case .error(let failure):
                        return .error(failure)
                    case .completed:
                        return nil
                    }
                }),
                downstream: downstream)
        }
    }

    @usableFromInline
    override func then<U>(_ next: @escaping @Sendable (Value) -> U?) -> _ConstantStage<U, Failure> {
        let first = steps.transform
        return _TypedRun<Source, U, Failure>(source: source, length: length + 1, promptness: promptness) { value in
            guard let kept = first(value) else { return nil }
            return next(kept)
        }
    }
}

/// The composed transform of a run of constant stages: each stage replaces the value with what
/// it keeps, or with `nil` when it drops it. `inout`, so that the closure is called the same
/// way in specialised and unspecialised code (a `(Value) -> Value?` kept in a generic class is
/// called through reabstraction thunks, its value and result passed indirectly: about 40
/// instructions more per value and stage).
///
/// `@unchecked Sendable`: immutable, and the transform is `@Sendable`.
@usableFromInline
final class _ConstantSteps<Value>: @unchecked Sendable {
    @usableFromInline typealias Transform = @Sendable (inout Value?) -> Void

    @usableFromInline let transform: Transform

    @inlinable
    init(_ transform: @escaping Transform) {
        self.transform = transform
    }
}

/// The composed transform of a `_TypedRun`: the value it keeps, or `nil` when it drops it.
///
/// `@unchecked Sendable`: immutable, and the transform is `@Sendable`.
@usableFromInline
final class _TypedSteps<Source, Value>: @unchecked Sendable {
    @usableFromInline let transform: @Sendable (Source) -> Value?

    @inlinable
    init(_ transform: @escaping @Sendable (Source) -> Value?) {
        self.transform = transform
    }
}
