// Flattening a constant (Contracts.md, "Stack safety").
//
// A constant outer signal — `just(v)`, `empty`, `error(e)` — starts at most one inner signal
// and finishes right after it, so every flatten strategy gives the same output: `f(v)`'s
// events, `empty`, `error(e)`. Core says so structurally: the flattening of `just(v)` *is*
// `deferred { f(v) }`, whose subscription is a tail call. A recursion written the way
// pagination is (`func page(_ n) -> Signal { .just(n).concatMap { n < last ? page(n + 1) : .just(n) } }`)
// then runs in a loop instead of nesting one flatten per level.

extension Signal {
    /// The flattening of this signal through `transform` if this signal is a constant
    /// (`just`, `empty` or `error`), which is the same for every strategy; otherwise `nil`.
    /// `transform` runs when the output is subscribed, as it would when the constant's value
    /// arrived.
    @inlinable
    func _flattenedIfConstant<U>(
        _ transform: @escaping @Sendable (Value) -> Signal<U, Failure>
    ) -> Signal<U, Failure>? {
        switch _representation {
        case .value(let value):
            let constant = _ConstantValue(value)
            return .deferred { transform(constant.value) }
        case .completed:
            return .empty
        case .failure(let failure):
            return .error(failure)
        case .subscribe, .fold, .stage, .holding, .quiet, .declared:
            return nil
        }
    }
}

/// A constant's value, captured by the `deferred` that flattens it.
///
/// `@unchecked Sendable`: the value is only ever copied out (a constant's value, as
/// `Signal._Representation`'s; Contracts.md, "Swift 6 and sendability").
extension Signal {
    /// The flattening of `empty` (`empty`) or `error(e)` (`error(e)`), which start no inner
    /// signal whatever the transform; `nil` for any other signal. `flattenMap` (merge) uses
    /// this and leaves `just(v)` to bind's constant path, so that its transform is captured
    /// by one closure only and inlined into the binding.
    @inlinable @inline(__always)
    func _flattenedIfEnded<U>() -> Signal<U, Failure>? {
        switch _representation {
        case .completed: .empty
        case .failure(let failure): .error(failure)
        case .value, .subscribe, .fold, .stage, .holding, .quiet, .declared: nil
        }
    }
}

@usableFromInline
struct _ConstantValue<Value>: @unchecked Sendable {
    @usableFromInline let value: Value

    @inlinable
    init(_ value: Value) {
        self.value = value
    }
}
