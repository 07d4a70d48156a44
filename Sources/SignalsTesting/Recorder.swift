import Signals

/// Subscribes to a signal at once and records every event it delivers, thread-safely.
///
/// Under Swift 6 the closures given to a signal are `@Sendable`, so the Combine habit of
/// appending to a local array inside `sink` does not compile. A recorder is the answer in
/// tests:
///
/// ```swift
/// let recorder = Signal.from([1, 2]).record()
/// #expect(recorder.events == [.next(1), .next(2), .completed])
/// #expect(recorder.values == [1, 2])
/// ```
public final class Recorder<Value, Failure: Error>: Sendable {
    private let _events = _Locked<[Event<Value, Failure>]>([])
    private let _subscription = _Locked<(any Disposable)?>(nil)

    /// Subscribes to `signal` and starts recording.
    ///
    /// ```swift
    /// let recorder = Recorder(subject.signal)
    /// ```
    public init(_ signal: Signal<Value, Failure>) {
        let events = _events
        let subscription = signal.subscribe(Observer { event in
            events.withLock { $0.append(event) }
        })
        _subscription.withLock { $0 = subscription }
    }

    /// Every event delivered so far, in order.
    ///
    /// ```swift
    /// #expect(recorder.events == [.next(1), .completed])
    /// ```
    public var events: [Event<Value, Failure>] {
        _events.withLock { $0 }
    }

    /// The values delivered so far, in order.
    ///
    /// ```swift
    /// #expect(recorder.values == [1, 2])
    /// ```
    public var values: [Value] {
        _events.withLock { $0.compactMap(\.value) }
    }

    /// Whether the signal has completed.
    ///
    /// ```swift
    /// #expect(recorder.isCompleted)
    /// ```
    public var isCompleted: Bool {
        _events.withLock { if case .completed? = $0.last { true } else { false } }
    }

    /// The failure the signal ended with, if it failed.
    ///
    /// ```swift
    /// #expect(recorder.error == .broken)
    /// ```
    public var error: Failure? {
        _events.withLock { $0.last?.error }
    }

    /// Whether the signal has sent a terminal event.
    ///
    /// ```swift
    /// #expect(!recorder.isTerminated)
    /// ```
    public var isTerminated: Bool {
        _events.withLock { $0.last?.isTerminating ?? false }
    }

    /// Disposes the subscription: nothing more is recorded.
    ///
    /// ```swift
    /// recorder.dispose()
    /// ```
    public func dispose() {
        _subscription.withLock { $0 }?.dispose()
    }
}

extension Signal {
    /// Subscribes a ``Recorder`` to this signal.
    ///
    /// ```swift
    /// let recorder = Signal.just(1).record()
    /// #expect(recorder.values == [1])
    /// ```
    public func record() -> Recorder<Value, Failure> {
        Recorder(self)
    }
}
