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
    private struct State {
        var events: [Event<Value, Failure>] = []
        /// The scheduler's time of each event, when recording on a ``TestScheduler``.
        var times: [Duration] = []
    }
    private let _state = _Locked(State())
    private let _subscription = _Locked<(any Disposable)?>(nil)
    private let _scheduler: TestScheduler?
    /// The scheduler's time when the recorder subscribed.
    let _start: Duration

    /// Subscribes to `signal` and starts recording.
    ///
    /// ```swift
    /// let recorder = Recorder(subject.signal)
    /// ```
    public init(_ signal: Signal<Value, Failure>) {
        _scheduler = nil
        _start = .zero
        _subscribe(signal)
    }

    /// Subscribes to `signal` and starts recording each event with the virtual time it
    /// arrived at on `scheduler` (``timedEvents``).
    ///
    /// ```swift
    /// let scheduler = TestScheduler()
    /// let recorder = Recorder(Signal.timer(after: .seconds(2), on: scheduler), scheduler: scheduler)
    /// scheduler.advance(by: .seconds(2))
    /// #expect(recorder.timedEvents == [TimedEvent(.seconds(2), .next(0)), TimedEvent(.seconds(2), .completed)])
    /// ```
    public init(_ signal: Signal<Value, Failure>, scheduler: TestScheduler) {
        _scheduler = scheduler
        _start = scheduler.now.offset
        _subscribe(signal)
    }

    private func _subscribe(_ signal: Signal<Value, Failure>) {
        let state = _state
        let scheduler = _scheduler
        let subscription = signal.subscribe(Observer { event in
            let time = scheduler?.now.offset
            state.withLock { state in
                state.events.append(event)
                if let time { state.times.append(time) }
            }
        })
        _subscription.withLock { $0 = subscription }
    }

    /// Every event delivered so far, in order.
    ///
    /// ```swift
    /// #expect(recorder.events == [.next(1), .completed])
    /// ```
    public var events: [Event<Value, Failure>] {
        _state.withLock { $0.events }
    }

    /// The values delivered so far, in order.
    ///
    /// ```swift
    /// #expect(recorder.values == [1, 2])
    /// ```
    public var values: [Value] {
        _state.withLock { $0.events.compactMap(\.value) }
    }

    /// Whether the signal has completed.
    ///
    /// ```swift
    /// #expect(recorder.isCompleted)
    /// ```
    public var isCompleted: Bool {
        _state.withLock { if case .completed? = $0.events.last { true } else { false } }
    }

    /// The failure the signal ended with, if it failed.
    ///
    /// ```swift
    /// #expect(recorder.error == .broken)
    /// ```
    public var error: Failure? {
        _state.withLock { $0.events.last?.error }
    }

    /// Whether the signal has sent a terminal event.
    ///
    /// ```swift
    /// #expect(!recorder.isTerminated)
    /// ```
    public var isTerminated: Bool {
        _state.withLock { $0.events.last?.isTerminating ?? false }
    }

    /// Every event delivered so far with the virtual time it arrived at, for a recorder
    /// made with ``init(_:scheduler:)`` (a precondition).
    ///
    /// ```swift
    /// #expect(recorder.timedEvents == [TimedEvent(.seconds(1), .next(1))])
    /// ```
    public var timedEvents: [TimedEvent<Value, Failure>] {
        _precondition(_scheduler != nil, "Signals: Recorder.timedEvents needs a recorder that knows the time; make it with Recorder(_:scheduler:) or signal.record(scheduler:)")
        return _state.withLock { state in
            zip(state.times, state.events).map { TimedEvent($0, $1) }
        }
    }

    /// The disposable of the recorder's subscription.
    var _subscriptionDisposable: (any Disposable)? {
        _subscription.withLock { $0 }
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

extension Recorder where Value: Equatable {
    /// The recorded events as a marble diagram, one tick of the scheduler per character,
    /// from the moment the recorder subscribed: for printing a timeline (as the tour does),
    /// or for a quick look while writing a test. Letters come from `values` (or, for
    /// `String`, `Character` and `Int`, from the values themselves; `?` otherwise). Needs a
    /// recorder made with ``init(_:scheduler:)`` (a precondition).
    ///
    /// ```swift
    /// let scheduler = TestScheduler()
    /// let recorder = Signal.interval(.seconds(2), on: scheduler).record(scheduler: scheduler)
    /// scheduler.advance(by: .seconds(6))
    /// print(recorder.marbles()) // Prints: --0-1-2
    /// ```
    public func marbles(values: [Character: Value] = [:]) -> String {
        guard let scheduler = _scheduler else {
            _preconditionFailure("Signals: Recorder.marbles needs a recorder that knows the time; make it with Recorder(_:scheduler:) or signal.record(scheduler:)")
        }
        let entries: [(tick: Int, symbol: _MarbleSymbol)] = timedEvents.map { timed in
            let symbol: _MarbleSymbol = switch timed.event {
            case .next(let value): .value(_marbleLetter(for: value, in: values) ?? "?")
            case .completed: .completed
            case .error: .error
            }
            return ((timed.time - _start)._ticks(of: scheduler.tick).ticks, symbol)
        }
        return _MarbleDiagram(entries: entries).text
    }
}

/// An event and the virtual time it arrived at, as a ``Recorder`` on a ``TestScheduler``
/// records it: the time is the scheduler's clock since it started.
///
/// ```swift
/// #expect(recorder.timedEvents == [TimedEvent(.seconds(1), .next(1)), TimedEvent(.seconds(3), .completed)])
/// ```
public struct TimedEvent<Value, Failure: Error>: CustomStringConvertible {
    /// When the event arrived, on the scheduler's clock.
    ///
    /// ```swift
    /// #expect(recorder.timedEvents.map(\.time) == [.seconds(1), .seconds(3)])
    /// ```
    public var time: Duration
    /// The event.
    ///
    /// ```swift
    /// #expect(recorder.timedEvents.map(\.event) == [.next(1), .completed])
    /// ```
    public var event: Event<Value, Failure>

    /// The event `event` at `time`.
    ///
    /// ```swift
    /// let first = TimedEvent<Int, Never>(.seconds(1), .next(1))
    /// ```
    public init(_ time: Duration, _ event: Event<Value, Failure>) {
        self.time = time
        self.event = event
    }

    /// `next(1) at 1.0 seconds`.
    ///
    /// ```swift
    /// print(TimedEvent<Int, Never>(.seconds(1), .next(1))) // Prints: next(1) at 1.0 seconds
    /// ```
    public var description: String { "\(event) at \(time)" }
}

extension TimedEvent: Equatable where Value: Equatable, Failure: Equatable {}
extension TimedEvent: Sendable where Value: Sendable {}

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

    /// Subscribes a ``Recorder`` that records the virtual time of each event on `scheduler`.
    ///
    /// ```swift
    /// let recorder = Signal.timer(after: .seconds(1), on: scheduler).record(scheduler: scheduler)
    /// ```
    public func record(scheduler: TestScheduler) -> Recorder<Value, Failure> {
        Recorder(self, scheduler: scheduler)
    }
}
