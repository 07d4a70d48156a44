import Signals

/// A signal drawn as a marble diagram on a ``TestScheduler``, which records when it was
/// subscribed and when each subscription ended.
///
/// Make one with ``TestScheduler/cold(_:values:)`` or ``TestScheduler/hot(_:values:)``
/// (and their `error:` forms); use ``signal`` as the input of the code under test, then
/// assert on ``subscriptions`` — as RxTest's `Subscription(200, 240)` — or on
/// ``subscriptionMarbles``.
///
/// ```swift
/// let scheduler = TestScheduler()
/// let source = scheduler.cold("-a-b-|", values: ["a": 1, "b": 2])
/// let result = scheduler.expect(source.signal, "-a-b-|", values: ["a": 1, "b": 2])
/// #expect(result.isMet, "\(result)")
/// #expect(source.subscriptions == [TestSubscription(.zero, .seconds(5))])
/// #expect(source.subscriptionMarbles == ["^----!"])
/// ```
public final class TestSignal<Value, Failure: Error>: Sendable {
    /// The signal to feed to the code under test.
    ///
    /// ```swift
    /// let doubled = source.signal.map { $0 * 2 }
    /// ```
    public let signal: Signal<Value, Failure>

    private let _scheduler: TestScheduler
    private let _subscriptions: _Locked<[TestSubscription]>
    /// The events as they happened, for pictures: a cold signal's as each subscription
    /// received them, a hot signal's as it sent them (whoever listened).
    let _marbles: _Locked<[MarbleDiagram.Marble]>
    /// A cold signal's script (each event's time since its subscription), for pictures: what
    /// a subscription cut short, or an offer never subscribed, would have received; `nil` for
    /// a hot signal.
    let _script: [MarbleDiagram.Marble]?
    /// When ``offer()`` handed the signal out, on the scheduler's clock.
    let _offers = _Locked<[Duration]>([])

    init(
        scheduler: TestScheduler,
        subscriptions: _Locked<[TestSubscription]>,
        marbles: _Locked<[MarbleDiagram.Marble]>,
        script: [MarbleDiagram.Marble]? = nil,
        signal: Signal<Value, Failure>
    ) {
        _scheduler = scheduler
        _subscriptions = subscriptions
        _marbles = marbles
        _script = script
        self.signal = signal
    }

    /// ``signal``, noting that it is offered now: for a flattening that may ignore what it is
    /// given (`flatMapFirst`, `flatten(.first)`), so that a picture can draw what was ignored.
    ///
    /// A cold signal offered at a time when nothing subscribes to it is drawn on its lane
    /// faded, as it would have run from that time (see ``MarbleDiagram/Lane/unreceived``).
    ///
    /// ```swift
    /// let inner = ["a": a, "b": b]
    /// let output = source.signal.flatMapFirst { inner[$0]!.offer() }
    /// ```
    public func offer() -> Signal<Value, Failure> {
        let time = _scheduler.now.offset
        _offers.withLock { $0.append(time) }
        return signal
    }

    /// Every subscription so far, in the order they were made: when each was made and when
    /// it ended (disposed, or ended by a terminal event), on the scheduler's clock.
    ///
    /// ```swift
    /// #expect(source.subscriptions == [TestSubscription(.seconds(1), .seconds(4))])
    /// ```
    public var subscriptions: [TestSubscription] {
        _subscriptions.withLock { $0 }
    }

    /// The subscriptions as marble diagrams on the scheduler's ticks, from its start: `^`
    /// where each was made, `!` where it ended (no `!` while it lasts).
    ///
    /// ```swift
    /// #expect(source.subscriptionMarbles == ["-^--!"])
    /// ```
    public var subscriptionMarbles: [String] {
        let tick = _scheduler.tick
        return subscriptions.map { subscription in
            var entries: [(tick: Int, symbol: _MarbleSymbol)] = [(subscription.subscribed._ticks(of: tick).ticks, .subscribed)]
            if let disposed = subscription.disposed {
                entries.append((disposed._ticks(of: tick).ticks, .disposed))
            }
            return _MarbleDiagram(entries: entries).text
        }
    }
}

/// When a test signal was subscribed, and when that subscription ended, as times on the
/// scheduler's clock (since it started).
///
/// ```swift
/// #expect(source.subscriptions == [TestSubscription(.seconds(2), .seconds(5))])
/// ```
public struct TestSubscription: Hashable, Sendable, CustomStringConvertible {
    /// When the subscription was made.
    ///
    /// ```swift
    /// #expect(source.subscriptions.first?.subscribed == .seconds(2))
    /// ```
    public var subscribed: Duration
    /// When it ended — disposed, or ended by its terminal event — or `nil` while it lasts.
    ///
    /// ```swift
    /// #expect(source.subscriptions.first?.disposed == .seconds(5))
    /// ```
    public var disposed: Duration?

    /// A subscription made at `subscribed` and ended at `disposed` (`nil`: still live).
    ///
    /// ```swift
    /// let live = TestSubscription(.seconds(3))
    /// ```
    public init(_ subscribed: Duration, _ disposed: Duration? = nil) {
        self.subscribed = subscribed
        self.disposed = disposed
    }

    /// `(2.0 seconds, 5.0 seconds)`, or `(2.0 seconds, live)`.
    ///
    /// ```swift
    /// print(TestSubscription(.seconds(2))) // Prints: (2.0 seconds, live)
    /// ```
    public var description: String {
        "(\(subscribed), \(disposed.map(\.description) ?? "live"))"
    }
}

extension TestScheduler {
    /// A cold test signal: every subscription replays `marbles` from the moment it is made,
    /// one ``tick`` per character.
    ///
    /// `-` is a tick; a letter or digit sends the value `values` gives for it (or, for
    /// `String`, `Character` and `Int` signals, the letter itself); `|` completes; `( )`
    /// groups events at one tick. A cold signal cannot fail with this form (use
    /// ``cold(_:values:error:)`` for `#`); `^` and `!` belong to hot signals and expectations.
    ///
    /// ```swift
    /// let source = scheduler.cold("-a-(bc)-|", values: ["a": 1, "b": 2, "c": 3])
    /// ```
    public func cold<Value>(_ marbles: String, values: [Character: Value] = [:]) -> TestSignal<Value, Never> {
        _cold(marbles, values: values, error: nil)
    }

    /// A cold test signal that may fail: `#` fails it with `error`.
    ///
    /// ```swift
    /// let source = scheduler.cold("-a-#", values: ["a": 1], error: Oops())
    /// ```
    public func cold<Value, Failure: Error>(
        _ marbles: String,
        values: [Character: Value] = [:],
        error: Failure
    ) -> TestSignal<Value, Failure> {
        _cold(marbles, values: values, error: error)
    }

    /// A hot test signal: its events happen at fixed times, whoever listens. Its `^` marks
    /// now — the time the signal is made — and each later character is one ``tick``;
    /// without `^`, the first character is now. Values drawn before `^` are not sent (they
    /// show what a late subscriber misses).
    ///
    /// Symbols as in ``cold(_:values:)``; this form cannot fail (use
    /// ``hot(_:values:error:)`` for `#`).
    ///
    /// ```swift
    /// let clicks = scheduler.hot("-a-^-b--c-|", values: ["a": 1, "b": 2, "c": 3])
    /// // b is sent at tick 2 from now, c at 5, completion at 7.
    /// ```
    public func hot<Value>(_ marbles: String, values: [Character: Value] = [:]) -> TestSignal<Value, Never> {
        _hot(marbles, values: values, error: nil)
    }

    /// A hot test signal that may fail: `#` fails it with `error`.
    ///
    /// ```swift
    /// let clicks = scheduler.hot("--^-a--#", values: ["a": 1], error: Oops())
    /// ```
    public func hot<Value, Failure: Error>(
        _ marbles: String,
        values: [Character: Value] = [:],
        error: Failure
    ) -> TestSignal<Value, Failure> {
        _hot(marbles, values: values, error: error)
    }

    // MARK: - Internals

    private func _events<Value, Failure: Error>(
        _ marbles: String,
        _ diagram: _MarbleDiagram,
        values: [Character: Value],
        error: Failure?
    ) -> [(tick: Int, event: Event<Value, Failure>)] {
        diagram.events.map { entry in
            switch entry.symbol {
            case .value(let letter):
                return (entry.tick, .next(_marbleValue(for: letter, in: values, marbles: marbles)))
            case .completed:
                return (entry.tick, .completed)
            default:
                guard let error else {
                    _preconditionFailure("Signals: marbles \"\(marbles)\": '#' needs an error; pass one in `error:`")
                }
                return (entry.tick, .error(error))
            }
        }
    }

    private func _cold<Value, Failure: Error>(
        _ marbles: String,
        values: [Character: Value],
        error: Failure?
    ) -> TestSignal<Value, Failure> {
        let diagram = _MarbleDiagram(marbles)
        _precondition(
            diagram.subscriptionTick == nil && diagram.disposalTick == nil,
            "Signals: cold(_:) marbles \"\(marbles)\": '^' and '!' belong to hot signals and expectations; use hot(_:) or remove them")
        let events = _Unchecked(_events(marbles, diagram, values: values, error: error))
        let subscriptions = _Locked<[TestSubscription]>([])
        let recorded = _Locked<[MarbleDiagram.Marble]>([])
        let signal = Signal<Value, Failure> { [self] observer in
            let index = _recordSubscription(in: subscriptions)
            let scheduled = CompoundDisposable()
            for (tick, event) in events.value {
                let delivery = _Unchecked(event)
                scheduled.add(schedule(after: self.tick * tick) { [self] in
                    let marble = _recordMarble(delivery.value, in: recorded)
                    _Delivery.during(self, marble) { observer.send(delivery.value) }
                })
            }
            return AnyDisposable { [self] in
                _recordDisposal(of: index, in: subscriptions)
                scheduled.dispose()
            }
        }
        let script = events.value.map { MarbleDiagram.Marble(time: self.tick * $0.tick, event: $0.event, label: { String(describing: $0) }) }
        return TestSignal(scheduler: self, subscriptions: subscriptions, marbles: recorded, script: script, signal: signal)
    }

    private func _hot<Value, Failure: Error>(
        _ marbles: String,
        values: [Character: Value],
        error: Failure?
    ) -> TestSignal<Value, Failure> {
        let diagram = _MarbleDiagram(marbles)
        _precondition(diagram.disposalTick == nil, "Signals: hot(_:) marbles \"\(marbles)\": '!' belongs to expectations; dispose through the expectation's marbles")
        let origin = diagram.subscriptionTick ?? 0
        let subject = Subject<Value, Failure>()
        let recorded = _Locked<[MarbleDiagram.Marble]>([])
        for (tick, event) in _events(marbles, diagram, values: values, error: error) {
            if tick < origin {
                _precondition(
                    !event.isTerminating,
                    "Signals: hot(_:) marbles \"\(marbles)\": a terminal event before '^' would end the signal before the test; move it after the '^'")
                continue
            }
            let delivery = _Unchecked(event)
            schedule(after: self.tick * (tick - origin)) { [self] in
                let marble = _recordMarble(delivery.value, in: recorded)
                _Delivery.during(self, marble) { subject.send(delivery.value) }
            }
        }
        let subscriptions = _Locked<[TestSubscription]>([])
        let signal = Signal<Value, Failure> { [self] observer in
            let index = _recordSubscription(in: subscriptions)
            let subscription = subject.signal.subscribe(observer)
            return AnyDisposable { [self] in
                _recordDisposal(of: index, in: subscriptions)
                subscription.dispose()
            }
        }
        return TestSignal(scheduler: self, subscriptions: subscriptions, marbles: recorded, signal: signal)
    }

    /// Records `event` as a marble; returns it with its index on the lane (what a diagram's
    /// recorder names as the cause of the outputs sent while it is delivered).
    private func _recordMarble<Value, Failure: Error>(_ event: Event<Value, Failure>, in marbles: _Locked<[MarbleDiagram.Marble]>) -> _Delivery.Cause {
        let marble = MarbleDiagram.Marble(time: now.offset, event: event, label: { String(describing: $0) })
        return marbles.withLock { marbles in
            marbles.append(marble)
            return _Delivery.Cause(marble: marble, index: marbles.count - 1)
        }
    }

    private func _recordSubscription(in subscriptions: _Locked<[TestSubscription]>) -> Int {
        let time = now.offset
        return subscriptions.withLock { list in
            list.append(TestSubscription(time))
            return list.count - 1
        }
    }

    private func _recordDisposal(of index: Int, in subscriptions: _Locked<[TestSubscription]>) {
        let time = now.offset
        subscriptions.withLock { list in
            if list[index].disposed == nil { list[index].disposed = time }
        }
    }
}

/// A value handed to scheduled work, which runs on the test's thread.
///
/// `@unchecked Sendable`: test values are made by the test and read by work that the test
/// runs itself (`advance`/`run`), so they cross no thread on their own.
struct _Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
