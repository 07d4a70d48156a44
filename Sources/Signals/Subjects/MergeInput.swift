/// One output fed by many upstream signals attached over time: a subject of signals,
/// flattened.
///
/// ![MergeInput<String, Never>()](marble-mergeInput.svg)
///
/// Combine's `Sink` accepts only its first subscription, so feeding one consumer from
/// several publishers needs a subject in between, and someone must keep and cancel every
/// upstream subscription. `MergeInput` packages that:
/// - `attach(_:)` (or `upstream.merge(into: input)`) subscribes an upstream at once and
///   forwards its values to ``signal``;
/// - an upstream's completion only detaches that upstream;
/// - an upstream's error fails the output, as in `flatten`, and disposes the others;
/// - `cancel()`, or deinit, disposes every attached upstream and completes the output.
///
/// Composed of: a `Subject` of signals, `flatten()`ed into a `Subject` of values that
/// ``signal`` exposes (hot: late subscribers see only later values).
///
/// ```swift
/// let input = MergeInput<String, Never>()
/// input.signal.subscribe(next: { print($0) })
/// Signal.just("a").merge(into: input)   // Prints: a
/// input.attach(.just("b"))              // Prints: b
/// input.cancel()
/// ```
public final class MergeInput<Value, Failure: Error>: Sendable {
    private let _upstreams = Subject<Signal<Value, Failure>, Failure>()
    private let _output = Subject<Value, Failure>()
    private let _subscription: any Disposable

    /// Creates an input with no upstreams.
    ///
    /// ```swift
    /// let input = MergeInput<Int, Never>()
    /// ```
    public init() {
        let output = _output
        _subscription = _upstreams.signal.flatten().subscribe(Observer { output.send($0) })
    }

    /// The merged values of every attached upstream (hot).
    ///
    /// ```swift
    /// input.signal.subscribe(next: { print($0) })
    /// ```
    public var signal: Signal<Value, Failure> {
        _output.signal
    }

    /// Subscribes `upstream` now and forwards its values to ``signal`` until it completes,
    /// fails, or the input is cancelled. After `cancel()` (or after the output has failed)
    /// attaching does nothing.
    ///
    /// When `attach` returns, `upstream` is subscribed: attaches from several threads take
    /// turns. The one exception is an attach made from inside a callback of this input's
    /// own delivery (re-entrantly), which is queued and subscribed as soon as that delivery
    /// returns.
    ///
    /// ```swift
    /// input.attach(Signal.from([1, 2]))
    /// ```
    public func attach(_ upstream: Signal<Value, Failure>) {
        _upstreams.send(value: upstream)
    }

    /// Disposes every attached upstream and completes the output. Idempotent.
    ///
    /// ```swift
    /// input.cancel()
    /// ```
    public func cancel() {
        _subscription.dispose()
        _upstreams.sendCompleted()
        _output.sendCompleted()
    }

    deinit {
        cancel()
    }
}

extension Signal {
    /// Attaches this signal to `input`: shorthand for `input.attach(self)`.
    ///
    /// Composed of: `MergeInput.attach(_:)`.
    ///
    /// ```swift
    /// Signal.just(1).merge(into: input)
    /// ```
    public func merge(into input: MergeInput<Value, Failure>) {
        input.attach(self)
    }
}
