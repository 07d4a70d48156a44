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
// A run is fused only while its stages keep the value type (`Value -> Value?`): the transform
// of a run over a source of another type could not be composed with the next one without
// naming that type, which the next operator does not know. A stage that changes the type
// ends the run, and is fused into it as its last stage (one binder for the whole run). A run
// is at most `_ConstantStage.maximumLength` stages long, so that calling a composed transform,
// and releasing one, nests at most that many closures; a longer chain is several runs, each
// the next one's source, released iteratively as every bound source is.

extension Signal {
    /// `flattenMap { transform($0).map(Signal.just) ?? .empty }`: bind with a transform that
    /// returns a constant for every value, fused with the stages of the same kind before it
    /// (see above). `map`, `filter` and `compactMap` are this.
    @inlinable @inline(__always)
    func _flattenMapToConstants<U>(_ transform: @escaping @Sendable (Value) -> U?) -> Signal<U, Failure> {
        if U.self == Value.self {
            // Converted in this one context (specialised or not), where both types lower alike.
            let sameType = unsafeBitCast(transform, to: (@Sendable (Value) -> Value?).self)
            let run: _ConstantStage<Value, Failure>
            if case .stage(let previous) = _representation, previous.length < _ConstantStage<Value, Failure>.maximumLength {
                run = _ConstantStage(source: previous.source, length: previous.length + 1, transform: previous.then(sameType))
            } else {
                run = _ConstantStage(source: _IterativelyReleased(self), length: 1) { value in
                    guard let kept = value else { return }
                    value = sameType(kept)
                }
            }
            return unsafeBitCast(Signal(_representation: .stage(run)), to: Signal<U, Failure>.self)
        }
        if case .stage(let previous) = _representation {
            // The stage that changes the type ends the run: one bind over the run's source.
            let first = previous.transform
            return previous.source.signal._mergeMap { value in
                var kept: Value? = value
                first(&kept)
                guard let kept, let result = transform(kept) else { return .empty }
                return .just(result)
            }
        }
        return _mergeMap { value in
            guard let result = transform(value) else { return .empty }
            return .just(result)
        }
    }
}

/// A run of fused constant stages over one source (see above): subscribed as one bind over
/// `source` whose binding returns `just(w)` when the composed transform keeps `w` and `empty`
/// when it drops the value.
///
/// `@unchecked Sendable`: every field is immutable, and the transform is `@Sendable`.
@usableFromInline
final class _ConstantStage<Value, Failure: Error>: @unchecked Sendable {
    /// The run's source: any signal but a run that could still grow (a run that reached
    /// `maximumLength`, or a signal of another kind).
    @usableFromInline let source: _IterativelyReleased<Value, Failure>
    /// How many stages are fused into `steps`.
    @usableFromInline let length: Int
    /// The stages' transforms, composed. Kept apart from the source: a subscription's binder
    /// holds only this, so a live subscription keeps no more of the pipeline than the nested
    /// binds' binders did (not the source signal, nor what its subscribe function captures).
    @usableFromInline let steps: _ConstantSteps<Value>

    /// The most stages in one run: calling or releasing a composed transform nests one
    /// closure per stage.
    @inlinable
    static var maximumLength: Int { 32 }

    @inlinable
    init(source: _IterativelyReleased<Value, Failure>, length: Int, transform: @escaping _ConstantSteps<Value>.Transform) {
        self.source = source
        self.length = length
        self.steps = _ConstantSteps(transform)
    }

    /// The composed transform.
    @inlinable
    var transform: _ConstantSteps<Value>.Transform { steps.transform }

    /// This run's transform followed by `next`. Inlined where `next` is written, so that the
    /// compiler can call it directly from the composed closure.
    @inlinable @inline(__always)
    func then(_ next: @escaping @Sendable (Value) -> Value?) -> _ConstantSteps<Value>.Transform {
        let first = transform
        return { value in
            first(&value)
            guard let kept = value else { return }
            value = next(kept)
        }
    }

    /// Subscribes `downstream` to the run: one bind over the source. The binding captures
    /// only the composed transform's box (no allocation per subscription for it, and nothing
    /// of the source). Never inlined: a second inlined copy of `_Binder.start` in
    /// `Signal._subscribeOther` changed how the compiler specialised `start` for every other
    /// bind (a chain of `flatMap`s took 96 bytes more stack a level).
    @inlinable @inline(never)
    func subscribe(_ downstream: Observer<Value, Failure>) {
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
