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
        /// How many values ``next(timeout:)`` has returned.
        var valuesTaken = 0
        /// The tasks suspended in an async wait, resumed at every event (and by their timer).
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var timedOut: Set<Int> = []
        var nextWaiter = 0
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
            let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.events.append(event)
                if let time { state.times.append(time) }
                if state.waiters.isEmpty { return [] }
                defer { state.waiters.removeAll() }
                return Array(state.waiters.values)
            }
            for waiter in waiters { waiter.resume() }
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

    // MARK: - Waiting

    /// Waits for the next value that an earlier call has not returned, and returns it; `nil`
    /// when the signal has ended without one. The first call returns the first value
    /// recorded, the second the second, and so on, whether they arrived before or during
    /// the wait: a cursor over ``values``, as `for await` reads a sequence.
    ///
    /// For a signal that delivers on other threads or tasks (`Signal.task`, `values`,
    /// a `QueueScheduler`); a signal on a ``TestScheduler`` needs no waiting, only
    /// `advance`. When `timeout` passes first, throws a ``RecorderTimeout`` whose message
    /// lists what was recorded, which fails the test that awaits it.
    ///
    /// ```swift
    /// @Test func loadsTheProfile() async throws {
    ///     let recorder = Signal.task { await api.profile() }.record()
    ///     #expect(try await recorder.next() == Profile(name: "Ada"))
    ///     #expect(try await recorder.completion() == .completed)
    /// }
    /// ```
    ///
    /// - SeeAlso: RxBlocking `toBlocking(timeout:).first()`, Combine's
    ///   `XCTestExpectation` with `wait(for:timeout:)`.
    public func next(timeout: Duration = .seconds(5)) async throws(RecorderTimeout) -> Value? {
        let found = await _wait(timeout: timeout) { state in
            state.events.count(where: { $0.value != nil }) > state.valuesTaken || state.events.last?.isTerminating == true
        }
        let outcome = _state.withLock { state -> Result<Value?, RecorderTimeout> in
            let values = state.events.compactMap(\.value)
            if state.valuesTaken < values.count {
                state.valuesTaken += 1
                return .success(values[state.valuesTaken - 1])
            }
            if found { return .success(nil) } // ended without another value
            return .failure(RecorderTimeout(waitingFor: "next(timeout:)", timeout: timeout, recorded: state.events))
        }
        return try outcome.get()
    }

    /// Waits for the signal's terminal event and returns it: `.completed` or `.error(e)`.
    ///
    /// When `timeout` passes first, throws a ``RecorderTimeout`` whose message lists what was
    /// recorded, which fails the test that awaits it.
    ///
    /// ```swift
    /// let recorder = Signal.task { await api.save(draft) }.record()
    /// #expect(try await recorder.completion() == .completed)
    /// #expect(recorder.values == [Receipt(id: 1)])
    /// ```
    ///
    /// - SeeAlso: RxBlocking `toBlocking(timeout:).materialize()`, Combine's
    ///   `XCTestExpectation` fulfilled in `receiveCompletion`.
    public func completion(timeout: Duration = .seconds(5)) async throws(RecorderTimeout) -> Event<Value, Failure> {
        _ = await _wait(timeout: timeout) { $0.events.last?.isTerminating == true }
        let outcome = _state.withLock { state -> Result<Event<Value, Failure>, RecorderTimeout> in
            if let last = state.events.last, last.isTerminating { return .success(last) }
            return .failure(RecorderTimeout(waitingFor: "completion(timeout:)", timeout: timeout, recorded: state.events))
        }
        return try outcome.get()
    }

    /// Suspends until `isReady` holds or `timeout` has passed; returns whether it holds.
    /// Every event resumes every waiter, which checks again; a timer resumes its own.
    private func _wait(timeout: Duration, until isReady: @escaping @Sendable (State) -> Bool) async -> Bool {
        let state = _state
        if state.withLock({ isReady($0) }) { return true }
        let id = state.withLock { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        let timer = Task {
            try? await Task.sleep(for: timeout)
            let waiter = state.withLock { state in
                state.timedOut.insert(id)
                return state.waiters.removeValue(forKey: id)
            }
            waiter?.resume()
        }
        defer { timer.cancel() }
        while true {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state in
                    if isReady(state) || state.timedOut.contains(id) { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
            let outcome: Bool? = state.withLock { state in
                if isReady(state) { state.timedOut.remove(id); return true }
                if state.timedOut.remove(id) != nil { return false }
                return nil // an event that did not make it ready: wait again
            }
            if let outcome { return outcome }
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

/// The error ``Recorder/next(timeout:)`` and ``Recorder/completion(timeout:)`` throw when
/// their timeout passes first; its message names the wait and lists what was recorded, so
/// the failing test says what the signal did.
///
/// ```text
/// Recorder.next(timeout:): nothing new within 5.0 seconds; recorded: next(1)
/// Recorder.completion(timeout:): nothing new within 5.0 seconds; no events were recorded
/// ```
public struct RecorderTimeout: Error, CustomStringConvertible {
    /// The message: the wait, the timeout, and the events recorded.
    ///
    /// ```swift
    /// print(timeout) // Prints: Recorder.next(timeout:): nothing new within 5.0 seconds; recorded: next(1)
    /// ```
    public let description: String

    init<Value, Failure>(waitingFor call: String, timeout: Duration, recorded events: [Event<Value, Failure>]) {
        let recorded = events.isEmpty
            ? "no events were recorded"
            : "recorded: " + events.map { "\($0)" }.joined(separator: ", ")
        description = "Recorder.\(call): nothing new within \(timeout); \(recorded)"
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
