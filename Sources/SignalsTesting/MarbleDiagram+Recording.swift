import Signals

/// Something that can be drawn as an input lane of a ``MarbleDiagram`` after a run: a
/// ``TestSignal`` (its events as they happened and its subscriptions) or a ``Recorder``
/// made on a ``TestScheduler``.
///
/// ```swift
/// let a = scheduler.hot("-1-2-|")
/// let diagram = scheduler.diagram("map", inputs: ["a": a], output: a.signal.map { $0 * 10 })
/// ```
public protocol MarbleDiagramInput: Sendable {
    /// This input's lane, named `name`, as recorded so far.
    ///
    /// ```swift
    /// let lane = source.marbleLane(named: "source")
    /// ```
    func marbleLane(named name: String) -> MarbleDiagram.Lane
}

extension TestSignal: MarbleDiagramInput {
    /// The lane of this test signal: a hot signal's events as it sent them (whoever
    /// listened), a cold signal's as each of its subscriptions received them; shaded while
    /// subscribed.
    ///
    /// ```swift
    /// let lane = source.marbleLane(named: "source")
    /// print(lane.subscriptions) // Prints: [(0.0 seconds, 5.0 seconds)]
    /// ```
    ///
    /// A cold signal's lane also shows, faded, what it would have sent but nobody received
    /// (``MarbleDiagram/Lane/unreceived``): the rest of its script after a subscription was
    /// disposed (cut) before it ended, and its whole script from each time it was
    /// ``offer()``ed without being subscribed then (ignored).
    public func marbleLane(named name: String) -> MarbleDiagram.Lane {
        let received = _marbles.withLock { $0 }
        let subscriptions = subscriptions
        var lane = MarbleDiagram.Lane(name, events: received, subscriptions: subscriptions)
        guard let script = _script else { return lane }
        var unreceived: [MarbleDiagram.Marble] = []
        for subscription in subscriptions {
            guard let cut = subscription.disposed else { continue }
            for marble in script {
                let shifted = MarbleDiagram.Marble(time: subscription.subscribed + marble.time, kind: marble.kind)
                if shifted.time >= cut, !received.contains(shifted) { unreceived.append(shifted) }
            }
        }
        for offer in _offers.withLock({ $0 }) where !subscriptions.contains(where: { $0.subscribed == offer }) {
            unreceived += script.map { MarbleDiagram.Marble(time: offer + $0.time, kind: $0.kind) }
        }
        lane.unreceived = unreceived
        return lane
    }
}

extension Recorder: MarbleDiagramInput {
    /// The lane of what this recorder received, for a recorder made on a ``TestScheduler``
    /// (a precondition): its events at their virtual times, labelled by their description,
    /// shaded from its subscription to its terminal event (or to the end of the axis).
    ///
    /// ```swift
    /// let results = signal.record(scheduler: scheduler)
    /// scheduler.run()
    /// let diagram = MarbleDiagram(title: "search", lanes: [results.marbleLane(named: "results")])
    /// ```
    public func marbleLane(named name: String) -> MarbleDiagram.Lane {
        let events = timedEvents
        let end = events.last.flatMap { $0.event.isTerminating ? $0.time : nil }
        return MarbleDiagram.Lane(
            name,
            events: events.map { MarbleDiagram.Marble(time: $0.time, event: $0.event) { String(describing: $0) } },
            subscriptions: [TestSubscription(_start, end)])
    }
}

extension MarbleDiagram.Marble {
    /// The marble for `event` at `time`, a value labelled by `label`.
    init<Value, Failure: Error>(time: Duration, event: Event<Value, Failure>, label: (Value) -> String) {
        switch event {
        case .next(let value): self.init(time: time, kind: .value(label(value)))
        case .completed: self.init(time: time, kind: .completed)
        case .error(let error): self.init(time: time, kind: .failed(String(describing: error)))
        }
    }
}

extension TestScheduler {
    /// Runs `output` on this scheduler and draws what happened: one lane per input (in the
    /// order given) with its events and subscriptions, then the output's lane.
    ///
    /// The output is subscribed now; the scheduler then runs until `until` (a duration from
    /// now) — or, without it, until nothing is scheduled, for at most 1,000 ticks, as
    /// ``expect(_:_:values:error:)`` does — and the subscription is disposed. Times on the
    /// picture are since the scheduler started. Values are labelled by `label` (by default
    /// their description).
    ///
    /// ```swift
    /// let scheduler = TestScheduler()
    /// let source = scheduler.hot("-a-bc---d-|")
    /// let diagram = scheduler.diagram("debounce(2)", inputs: ["source": source],
    ///                                 output: source.signal.debounce(.seconds(2), on: scheduler))
    /// try diagram.svg.write(toFile: "debounce.svg", atomically: true, encoding: .utf8)
    /// print(diagram)
    /// // Prints:
    /// // debounce(2)
    /// // source  a@1 b@3 c@4 d@8 |@10
    /// // output  c@6 d@10 |@10
    /// ```
    public func diagram<Value, Failure: Error>(
        _ title: String,
        inputs: KeyValuePairs<String, any MarbleDiagramInput> = [:],
        output: Signal<Value, Failure>,
        named outputName: String = "output",
        until: Duration? = nil,
        label: @escaping @Sendable (Value) -> String = { String(describing: $0) }
    ) -> MarbleDiagram {
        let recorder = _LaneRecorder(output, on: self, label: label)
        _runForDiagram(until: until)
        recorder.dispose(at: now.offset)
        let lanes = inputs.map { $0.value.marbleLane(named: $0.key) } + [recorder.lane(named: outputName, isOutput: true)]
        var diagram = MarbleDiagram(title: title, lanes: lanes)
        diagram._causes = inputs.map { _ in [] } + [recorder.causes]
        return diagram
    }

    /// Runs a signal of signals on this scheduler and draws it: the input lanes, the outer
    /// output's lane (each inner signal a marble named by `inner`), then one lane per inner
    /// signal, subscribed as it arrives and shaded while it lasts.
    ///
    /// `inner` gives each outer value (with its index) a name and the signal to draw; the
    /// name labels both the outer marble and the inner lane.
    ///
    /// ```swift
    /// let source = scheduler.hot("-1-2-3-4-|")
    /// let diagram = scheduler.diagram(
    ///     "window(count: 2)", inputs: ["source": source],
    ///     output: source.signal.window(count: 2), inner: { index, window in ("w\(index)", window) })
    /// ```
    public func diagram<Value, Failure: Error, InnerValue, InnerFailure: Error>(
        _ title: String,
        inputs: KeyValuePairs<String, any MarbleDiagramInput> = [:],
        output: Signal<Value, Failure>,
        named outputName: String = "output",
        until: Duration? = nil,
        inner: @escaping @Sendable (Int, Value) -> (String, Signal<InnerValue, InnerFailure>),
        label: @escaping @Sendable (InnerValue) -> String = { String(describing: $0) }
    ) -> MarbleDiagram {
        let inners = _Locked<[(name: String, recorder: _LaneRecorder)]>([])
        let count = _Locked(0)
        let named = output.map { value -> String in
            let index = count.withLock { count in
                defer { count += 1 }
                return count
            }
            let (name, signal) = inner(index, value)
            let recorder = _LaneRecorder(signal, on: self, label: label)
            inners.withLock { $0.append((name, recorder)) }
            return name
        }
        let recorder = _LaneRecorder(named, on: self, label: { $0 })
        _runForDiagram(until: until)
        let end = now.offset
        recorder.dispose(at: end)
        let innerRecorders = inners.withLock { $0 }
        let innerLanes = innerRecorders.map { entry in
            entry.recorder.dispose(at: end)
            return entry.recorder.lane(named: entry.name, isOutput: true)
        }
        let lanes = inputs.map { $0.value.marbleLane(named: $0.key) }
            + [recorder.lane(named: outputName, isOutput: true)] + innerLanes
        var diagram = MarbleDiagram(title: title, lanes: lanes)
        diagram._causes = inputs.map { _ in [] } + [recorder.causes] + innerRecorders.map(\.recorder.causes)
        return diagram
    }

    /// Runs until `until` from now, or until nothing is scheduled (at most 1,000 ticks).
    private func _runForDiagram(until: Duration?) {
        let start = now
        if let until {
            advance(to: start + until)
        } else {
            let limit = start + tick * 1000
            while let next = _nextDueTime, next <= limit { advance(to: next) }
        }
    }
}

/// Records one signal's events as marbles on a test scheduler's clock, and its subscription
/// interval (until its terminal event or its disposal).
final class _LaneRecorder: Sendable {
    private struct State {
        var marbles: [MarbleDiagram.Marble] = []
        /// For each marble, the test-signal event being delivered when it was sent.
        var causes: [_Delivery.Cause?] = []
        var subscription: TestSubscription
    }

    private let _state: _Locked<State>
    private let _disposable = _Locked<(any Disposable)?>(nil)

    init<Value, Failure: Error>(_ signal: Signal<Value, Failure>, on scheduler: TestScheduler, label: @escaping @Sendable (Value) -> String) {
        let state = _Locked(State(subscription: TestSubscription(scheduler.now.offset)))
        _state = state
        let disposable = signal.subscribe(Observer { event in
            let time = scheduler.now.offset
            let marble = MarbleDiagram.Marble(time: time, event: event, label: label)
            let cause = _Delivery.current(on: scheduler)
            state.withLock { state in
                guard state.subscription.disposed == nil else { return }
                state.marbles.append(marble)
                state.causes.append(cause)
                if event.isTerminating { state.subscription.disposed = time }
            }
        })
        _disposable.withLock { $0 = disposable }
    }

    /// Ends the subscription at `time`, unless it has ended already.
    func dispose(at time: Duration) {
        _disposable.withLock { $0 }?.dispose()
        _state.withLock { state in
            if state.subscription.disposed == nil { state.subscription.disposed = time }
        }
    }

    func lane(named name: String, isOutput: Bool) -> MarbleDiagram.Lane {
        _state.withLock { state in
            MarbleDiagram.Lane(name, events: state.marbles, subscriptions: [state.subscription], isOutput: isOutput)
        }
    }

    /// What caused each marble of the lane (see ``_Delivery``).
    var causes: [_Delivery.Cause?] {
        _state.withLock { $0.causes }
    }
}

/// Which test-signal event a scheduler is delivering right now: a diagram's recorder reads
/// it to know what caused an output (the source event being delivered when the output was
/// sent), so a value keeps its source marble's colour through `map`, `filter`, `scan` or a
/// flattening. Work scheduled during a delivery is run with that delivery current again, so
/// a value the clock sends (`delay`, `debounce`) keeps its cause too. Kept by each
/// scheduler: tests run in parallel, each on its own.
enum _Delivery {
    /// A test signal's event: its marble and its index on the signal's lane.
    struct Cause: Sendable, Hashable {
        var marble: MarbleDiagram.Marble
        var index: Int
        /// Whether the output was sent by scheduled work this event's delivery scheduled
        /// (the clock's), not during the delivery itself.
        var byClock = false
    }

    /// Runs `body` (the delivery of `cause`) with `cause` as `scheduler`'s current delivery.
    static func during(_ scheduler: TestScheduler, _ cause: Cause, _ body: () -> Void) {
        scheduler._delivering(cause, body)
    }

    /// The event `scheduler` is delivering now (the innermost), if any.
    static func current(on scheduler: TestScheduler) -> Cause? {
        scheduler._currentDelivery
    }
}
