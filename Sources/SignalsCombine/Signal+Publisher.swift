// signal.publisher: a Combine `Publisher` over a signal. Combine's subscriber asks for values
// (`Subscribers.Demand`); a signal pushes them and does not wait. So each Combine subscriber
// gets its own subscription to the signal, values within the demand go straight through,
// and values beyond it wait in a buffer: unbounded (`publisher`), or of at most `size`
// values with a `BufferOverflow` policy and a `BufferDrops` count
// (`publisher(bufferSize:whenFull:dropped:)`).
//
//   signal.publisher                                  = SignalPublisher, unbounded buffer
//   signal.publisher(bufferSize:whenFull:dropped:)    = SignalPublisher, bounded buffer
//
// The Reactive Streams rules Combine's own publishers follow hold: no value without demand,
// one terminal event, nothing after cancel, and the subscriber is never entered from two
// threads at once (one thread at a time drains the buffer: `_SignalSubscription.drain`).

#if (canImport(Combine) && !SIGNALS_OPENCOMBINE) || canImport(OpenCombine)
#if canImport(Combine) && !SIGNALS_OPENCOMBINE
import Combine
#else
import OpenCombine
#endif
import Signals
import Synchronization

extension Signal {
    /// This signal as a Combine publisher: each subscriber gets its own subscription to the
    /// signal, receives no more values than it has demanded, and holds in an unbounded
    /// buffer the values that arrive beyond its demand.
    ///
    /// Use it for sources known to be slow beside their subscriber (a request, a property's
    /// changes, user actions) or a subscriber that asks for `.unlimited` (`sink`,
    /// `assign`): then nothing ever waits. For a fast source and a subscriber that asks for
    /// a few values at a time, choose what happens when it falls behind with
    /// ``Signals/Signal/publisher(bufferSize:whenFull:dropped:)``.
    ///
    /// Subscribes to the signal at the subscriber's first request, or when its
    /// `receive(subscription:)` returns, whichever comes first. Completes and fails as the
    /// signal does, after the values waiting in the buffer (a completion needs no demand).
    /// `cancel()` disposes the signal's subscription and drops what waits.
    ///
    /// Composed of: ``SignalPublisher``, whose subscription subscribes to this signal and
    /// delivers under the subscriber's demand.
    ///
    /// ```swift
    /// let prices = Signals.Subject<Int, Never>()
    /// let cancellable = prices.signal.publisher.sink { print($0) }
    /// prices.send(value: 42) // Prints: 42
    /// ```
    ///
    /// - SeeAlso: RxCombine's `asPublisher()`; Combine's `buffer(size:prefetch:whenFull:)`.
    @inlinable
    public var publisher: SignalPublisher<Value, Failure> {
        SignalPublisher(self, bufferSize: nil, whenFull: .dropNewest, dropped: nil)
    }

    /// This signal as a Combine publisher whose subscribers each hold at most `size` values
    /// beyond their demand: when a value arrives and `size` are waiting, `policy` decides.
    /// ``Signals/BufferOverflow/dropOldest`` and ``Signals/BufferOverflow/dropNewest`` keep
    /// the newest / the oldest and count the dropped value in `dropped`;
    /// ``Signals/BufferOverflow/fail(_:)`` drops what waits (counted too), sends the
    /// subscriber that failure at once and disposes the signal's subscription;
    /// ``Signals/BufferOverflow/finish`` does the same with `.finished` (a subscriber of a
    /// signal that cannot fail is disconnected without an error type). Either counts the
    /// disconnection in ``Signals/BufferDrops/disconnected``.
    ///
    /// Values within the demand never wait, so a subscriber that asks for `.unlimited` never
    /// loses one. Completes and fails as ``Signals/Signal/publisher``.
    ///
    /// Composed of: ``SignalPublisher`` with a bounded buffer.
    ///
    /// ```swift
    /// let drops = BufferDrops()
    /// let ticks = Signals.Subject<Int, Never>()
    /// let latest = ticks.signal.publisher(bufferSize: 1, whenFull: .dropOldest, dropped: drops)
    /// ```
    /// A subscriber that asked for 1 value while 1…6 were sent, then asks for more
    /// (SignalPublisherBufferTests):
    /// ```
    /// bufferSize 2, .dropOldest:  1, then on request 5 6    (2, 3, 4 dropped: drops.count == 3)
    /// bufferSize 2, .dropNewest:  1, then on request 2 3    (4, 5, 6 dropped: drops.count == 3)
    /// bufferSize 2, .fail(e):     1, then e at once         (2, 3, 4 dropped; the signal disposed)
    /// ```
    ///
    /// - Precondition: `size > 0`.
    /// - SeeAlso: Combine's `buffer(size:prefetch:whenFull:)`,
    ///   ``Signals/Signal/observe(on:bufferSize:whenFull:dropped:)``, and for an async loop
    ///   ``Signals/Signal/values(bufferSize:whenFull:dropped:)``.
    @inlinable
    public func publisher(
        bufferSize size: Int,
        whenFull policy: BufferOverflow<Failure>,
        dropped: BufferDrops? = nil
    ) -> SignalPublisher<Value, Failure> {
        _precondition(size > 0, "Signals: publisher(bufferSize:whenFull:) needs a buffer of 1 or more, got \(size)")
        return SignalPublisher(self, bufferSize: size, whenFull: policy, dropped: dropped)
    }
}

/// A signal as a Combine `Publisher`: made by ``Signals/Signal/publisher`` and
/// ``Signals/Signal/publisher(bufferSize:whenFull:dropped:)``.
///
/// Each subscriber gets a subscription of its own to the signal. The subscription delivers
/// no more values than the subscriber has demanded; the values that arrive beyond the demand
/// wait in a buffer (unbounded, or bounded with a ``Signals/BufferOverflow`` policy) and are
/// delivered, in order, as demand arrives. A terminal event waits behind the buffered values
/// and needs no demand; ``Signals/BufferOverflow/fail(_:)`` is the exception: it drops the
/// buffer and fails at once.
///
/// The rules Combine's own publishers follow hold: no value without demand; one terminal
/// event; the subscriber is never called from two threads at once; after `cancel()` nothing
/// more is delivered — a delivery already under way on another thread finishes, none
/// starts — and the signal's subscription is disposed.
///
/// ```swift
/// let answers: AnyPublisher<Int, Never> = Signal.just(42).publisher.eraseToAnyPublisher()
/// let cancellable = answers.sink { print($0) } // Prints: 42
/// ```
///
/// - SeeAlso: RxCombine's `Observable.asPublisher()`.
public struct SignalPublisher<Output, Failure: Error>: Publisher {
    /// The signal subscribed for each subscriber.
    ///
    /// ```swift
    /// let same = Signal.just(1).publisher.signal
    /// ```
    public let signal: Signal<Output, Failure>
    @usableFromInline let _buffering: _Buffering<Failure>
    /// Subscribes a subscription to the signal. Made here, where `signal.publisher` is called:
    /// that code is specialised for the signal's types, and so is this closure, and so is the
    /// per-value path it sets up. Combine calls `receive(subscriber:)` from its own generic
    /// code, where the subscription's methods would run unspecialised (a generic-metadata
    /// lookup at every turn: W21, 12,199 instructions a value unspecialised, 1,450 so).
    @usableFromInline let _subscribe: @Sendable (_SignalSubscription<Output, Failure>) -> any Disposable

    @inlinable
    init(_ signal: Signal<Output, Failure>, bufferSize: Int?, whenFull policy: BufferOverflow<Failure>, dropped: BufferDrops?) {
        self.signal = signal
        _buffering = _Buffering(size: bufferSize ?? .max, policy: policy, dropped: dropped)
        _subscribe = { subscription in
            // `take(while:)` reads the cancellation flag so that a synchronous source (a long
            // `Signal.from`) cancelled from inside the subscriber while it is still being
            // subscribed stops at its next value; once subscribed, `cancel()` disposes it.
            signal
                .take(while: { _ in !subscription.isCancelled.load(ordering: .acquiring) })
                .subscribe(
                    next: { subscription.receive($0) },
                    error: { subscription.finish(.failure($0)) },
                    completed: { subscription.finish(.finished) })
        }
    }

    /// Attaches `subscriber`: gives it a subscription, and subscribes to the signal at its
    /// first request (or once `receive(subscription:)` returns).
    ///
    /// ```swift
    /// Signal.from([1, 2]).publisher.subscribe(Subscribers.Sink(receiveCompletion: { _ in }, receiveValue: { print($0) }))
    /// // Prints: 1, 2
    /// ```
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        // The subscriber is erased here, once: the subscription's closures, which run on any
        // thread, then use no conformance of `S` (which could be isolated to an actor).
        let subscription = _SignalSubscription(_subscribe, _buffering, _Downstream(subscriber))
        subscriber.receive(subscription: subscription)
        subscription.startUnlessStarted()
    }
}

/// The buffer of a ``SignalPublisher``'s subscriptions: its bound (`Int.max`: unbounded),
/// its policy when full, and where drops are counted.
@usableFromInline
struct _Buffering<Failure: Error>: Sendable {
    @usableFromInline let size: Int
    @usableFromInline let policy: BufferOverflow<Failure>
    @usableFromInline let dropped: BufferDrops?

    @inlinable
    init(size: Int, policy: BufferOverflow<Failure>, dropped: BufferDrops?) {
        self.size = size
        self.policy = policy
        self.dropped = dropped
    }
}

/// A Combine subscriber behind one class reference: what a subscription holds of its
/// subscriber, so that handing it from the lock to the delivering thread costs one retain (an
/// `AnySubscriber` is four references: W21, 1,450 -> 973 instructions a value). Subclassed for
/// each subscriber type (`_Downstream`).
@usableFromInline
class _AnyDownstream<Value, Failure: Error> {
    @inlinable
    init() {}

    @inlinable
    func receive(_ value: Value) -> Subscribers.Demand { _preconditionFailure("Signals: _AnyDownstream is abstract; _Downstream overrides it") }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) { _preconditionFailure("Signals: _AnyDownstream is abstract; _Downstream overrides it") }
}

@usableFromInline
final class _Downstream<S: Subscriber>: _AnyDownstream<S.Input, S.Failure> {
    @usableFromInline let subscriber: S

    @inlinable
    init(_ subscriber: S) {
        self.subscriber = subscriber
    }

    @inlinable
    override func receive(_ value: S.Input) -> Subscribers.Demand {
        subscriber.receive(value)
    }

    @inlinable
    override func receive(completion: Subscribers.Completion<S.Failure>) {
        subscriber.receive(completion: completion)
    }
}

/// One Combine subscriber's subscription to a signal.
///
/// The state machine: `waiting` (no subscription to the signal yet) → `subscribed` (the
/// signal's disposable is held) → `ended` (a terminal event was delivered, or `cancel()`).
/// One thread at a time delivers to the subscriber (`isDelivering`): a value sent while
/// another thread delivers, or re-entrantly from inside the subscriber, or beyond the demand,
/// joins the buffer, and the delivering thread drains it as demand allows.
///
/// `@unchecked Sendable`: the mutable state is in `state`, under its lock; `isCancelled` is
/// atomic; the rest is constant. Values cross threads here, as everywhere in the library.
@usableFromInline
final class _SignalSubscription<Value, Failure: Error>: Subscription, @unchecked Sendable {
    @usableFromInline typealias Downstream = _AnyDownstream<Value, Failure>

    /// What a request decided, acted on outside the lock.
    @usableFromInline enum AfterRequest { case nothing, start, drain }

    /// What a value from the signal decided, acted on outside the lock.
    @usableFromInline enum AfterValue {
        case nothing
        case deliver(Downstream)
        case drain
        /// `.fail` overflowed: dispose the signal, and drain unless another thread delivers.
        case fail((any Disposable)?, drains: Bool)
    }

    /// The drain loop's next step, decided under the lock.
    @usableFromInline enum DrainStep {
        case stop
        case deliver(Downstream, Value)
        case complete(Downstream?, Subscribers.Completion<Failure>, (any Disposable)?)
    }

    @usableFromInline
    struct State {
        @usableFromInline var downstream: Downstream?
        @usableFromInline var demand: Subscribers.Demand = .none
        /// Values beyond the demand, oldest first from `head`.
        @usableFromInline var buffer: [Value] = []
        @usableFromInline var head = 0
        /// The terminal event, waiting behind the buffer.
        @usableFromInline var terminal: Subscribers.Completion<Failure>?
        @usableFromInline var isDelivering = false
        @usableFromInline var hasStarted = false
        @usableFromInline var hasEnded = false
        @usableFromInline var upstream: (any Disposable)?

        @inlinable
        init(_ downstream: Downstream) {
            self.downstream = downstream
        }

        @inlinable
        var count: Int { buffer.count - head }

        @inlinable
        mutating func popFirst() -> Value {
            let value = buffer[head]
            head += 1
            if head == buffer.count {
                buffer.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= 32 && head * 2 >= buffer.count {
                buffer.removeFirst(head)
                head = 0
            }
            return value
        }

        @inlinable
        mutating func dropFirst() {
            _ = popFirst()
        }

        /// Ends the subscription: returns what must be released or disposed outside the lock.
        @inlinable
        mutating func end() -> (Downstream?, (any Disposable)?, [Value]) {
            hasEnded = true
            let released = (downstream.take(), upstream.take(), buffer)
            buffer = []
            head = 0
            terminal = nil
            return released
        }
    }

    @usableFromInline let state: _BridgeLocked<State>
    @usableFromInline let subscribe: @Sendable (_SignalSubscription) -> any Disposable
    @usableFromInline let buffering: _Buffering<Failure>
    /// Set by `cancel()`: stops a synchronous source still inside its subscribe call.
    @usableFromInline let isCancelled = Atomic<Bool>(false)

    @inlinable
    init(
        _ subscribe: @escaping @Sendable (_SignalSubscription) -> any Disposable,
        _ buffering: _Buffering<Failure>,
        _ downstream: Downstream
    ) {
        self.subscribe = subscribe
        self.buffering = buffering
        state = .make(State(downstream))
    }

    // MARK: Subscription

    @inlinable
    func request(_ demand: Subscribers.Demand) {
        _precondition(demand > 0, "Signals: a subscriber requested \(demand) values; a request must be for 1 or more (Combine's rule)")
        let next: AfterRequest = state.withLock { state in
            if state.hasEnded { return .nothing }
            state.demand += demand
            if !state.hasStarted {
                state.hasStarted = true
                return .start
            }
            if !state.isDelivering && (state.count > 0 || state.terminal != nil) {
                state.isDelivering = true
                return .drain
            }
            return .nothing
        }
        switch next {
        case .nothing: break
        case .start: start()
        case .drain: drain(nil)
        }
    }

    @inlinable
    func cancel() {
        isCancelled.store(true, ordering: .releasing)
        let released = state.withLock { state in state.hasEnded ? nil : state.end() }
        released?.1?.dispose()
        withExtendedLifetime(released) {}
    }

    // MARK: The signal's side

    /// Subscribes to the signal unless a request already has.
    @inlinable
    func startUnlessStarted() {
        let starts = state.withLock { state in
            if state.hasStarted || state.hasEnded { return false }
            state.hasStarted = true
            return true
        }
        if starts { start() }
    }

    @inlinable
    func start() {
        let upstream = subscribe(self)
        let disposesAtOnce = state.withLock { state in
            if state.hasEnded { return true }
            state.upstream = upstream
            return false
        }
        if disposesAtOnce { upstream.dispose() }
    }

    @inlinable
    func receive(_ value: Value) {
        var dropped = 0
        let next: AfterValue = state.withLock { state in
            if state.hasEnded || state.terminal != nil { return .nothing }
            if !state.isDelivering && state.count == 0 && state.demand > 0, let downstream = state.downstream {
                state.isDelivering = true
                state.demand -= 1
                return .deliver(downstream)
            }
            if state.count < buffering.size {
                state.buffer.append(value)
            } else {
                switch buffering.policy {
                case .dropOldest:
                    state.dropFirst()
                    state.buffer.append(value)
                    dropped = 1
                case .dropNewest:
                    dropped = 1
                case .fail, .finish:
                    dropped = state.count + 1
                    state.buffer = []
                    state.head = 0
                    if case .fail(let failure) = buffering.policy { state.terminal = .failure(failure) } else { state.terminal = .finished }
                    let upstream = state.upstream.take()
                    // A thread delivering now sends the failure when its delivery returns.
                    if state.isDelivering { return .fail(upstream, drains: false) }
                    state.isDelivering = true
                    return .fail(upstream, drains: true)
                }
            }
            if !state.isDelivering && state.demand > 0 {
                state.isDelivering = true
                return .drain
            }
            return .nothing
        }
        if dropped > 0 { buffering.dropped?.record(dropped) }
        switch next {
        case .nothing:
            break
        case .deliver(let downstream):
            let more = downstream.receive(value)
            drain(more)
        case .drain:
            drain(nil)
        case .fail(let upstream, let drains):
            buffering.dropped?.recordDisconnection()
            isCancelled.store(true, ordering: .releasing)
            upstream?.dispose()
            if drains { drain(nil) }
        }
    }

    @inlinable
    func finish(_ completion: Subscribers.Completion<Failure>) {
        let drains = state.withLock { state in
            if state.hasEnded || state.terminal != nil { return false }
            state.terminal = completion
            if state.isDelivering { return false }
            state.isDelivering = true
            return true
        }
        if drains { drain(nil) }
    }

    /// Delivers what waits, as the demand allows, then the terminal event; called by the one
    /// thread that set `isDelivering`, with the demand a delivery just returned (if any).
    /// Ends by clearing `isDelivering`, under the lock, when nothing can be delivered.
    @inlinable
    func drain(_ returned: Subscribers.Demand?) {
        var returned = returned
        while true {
            let next: DrainStep = state.withLock { state in
                if state.hasEnded {
                    return .stop
                }
                if let more = returned { state.demand += more }
                if state.count > 0 {
                    if state.demand > 0, let downstream = state.downstream {
                        state.demand -= 1
                        return .deliver(downstream, state.popFirst())
                    }
                } else if let terminal = state.terminal {
                    let (downstream, upstream, _) = state.end()
                    return .complete(downstream, terminal, upstream)
                }
                state.isDelivering = false
                return .stop
            }
            switch next {
            case .stop:
                return
            case .deliver(let downstream, let value):
                returned = downstream.receive(value)
            case .complete(let downstream, let completion, let upstream):
                upstream?.dispose()
                downstream?.receive(completion: completion)
                return
            }
        }
    }
}
#endif
