// W18: an operator written as a user would, in a module of its own (not the library's):
// `pairwise` on `bind`, once plain and once `@inlinable`, beside the library's built-in
// `combinePrevious`. A plain function in another module is compiled once, unspecialised, so
// every value pays for generic code in bind's machinery; `@inlinable` lets the caller's module
// specialise it.

import Signals

/// The state of one subscription's `pairwise`: the previous value (none before the first).
/// A class because the binding must keep it across calls; `@usableFromInline` so that the
/// `@inlinable` version may use it.
@usableFromInline
final class PreviousValue<Value>: @unchecked Sendable {  // touched only by the binding, which bind calls serially
    @usableFromInline var value: Value?
    @usableFromInline init() {}
}

extension Signal {
    /// Sends each value with the one before it, from the second value on; plain (not
    /// `@inlinable`), as an operator in one's own module is usually written.
    public func pairwisePlain() -> Signal<(Value, Value), Failure> {
        bind {
            let previous = PreviousValue<Value>()
            return { event, _ in
                switch event {
                case .next(let value):
                    defer { previous.value = value }
                    return previous.value.map { .just(($0, value)) }
                case .error(let error):
                    return .error(error)
                case .completed:
                    return nil
                }
            }
        }
    }

    /// The same `pairwise`, `@inlinable`.
    @inlinable
    public func pairwiseInlinable() -> Signal<(Value, Value), Failure> {
        bind {
            let previous = PreviousValue<Value>()
            return { event, _ in
                switch event {
                case .next(let value):
                    defer { previous.value = value }
                    return previous.value.map { .just(($0, value)) }
                case .error(let error):
                    return .error(error)
                case .completed:
                    return nil
                }
            }
        }
    }
}
