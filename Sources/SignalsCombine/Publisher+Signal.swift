// publisher.signal: a Combine publisher as a signal. Each subscription to the signal is one
// Combine subscription (`_PublisherSubscriber`), which requests `.unlimited`
// (`publisher.signal`) or batches of `size` values (`publisher.signal(requestingBatchesOf:)`),
// and which disposing the signal's subscription cancels.
//
//   publisher.signal                         = Signal { observer in publisher.subscribe(subscriber(.unlimited)) }
//   publisher.signal(requestingBatchesOf: n) = the same, requesting n, then n more each time n have arrived

#if (canImport(Combine) && !SIGNALS_OPENCOMBINE) || canImport(OpenCombine)
#if canImport(Combine) && !SIGNALS_OPENCOMBINE
import Combine
#else
import OpenCombine
#endif
import Signals

// `SendableMetatype`: the publisher is subscribed on whichever thread subscribes to the signal,
// so its conformance to `Publisher` must not be isolated to an actor (as for the library's
// `distinctUntilChanged()`, whose `==` runs on whichever thread delivers).
extension Publisher where Self: SendableMetatype {
    /// This publisher as a signal: each subscription to the signal subscribes to the
    /// publisher once and requests `.unlimited`; disposing it cancels the Combine
    /// subscription. A publisher that fails gives a signal of the same `Failure`.
    ///
    /// Completes and fails as the publisher does. A subscription disposed while the publisher
    /// is still delivering synchronously (a long `Sequence` publisher cut by `take(3)`)
    /// cancels it at the next value.
    ///
    /// Composed of: `Signal { observer in … }` around one Combine subscriber per subscription
    /// (plumbing: the bridge's subscriber, which forwards every event to the observer).
    ///
    /// ```swift
    /// let numbers = [1, 2, 3].publisher.signal   // Signal<Int, Never>
    /// numbers.subscribe(next: { print($0) })     // Prints: 1, 2, 3
    /// ```
    ///
    /// - SeeAlso: RxCombine's `Publisher.asObservable()`;
    ///   ``Combine/Publisher/signal(requestingBatchesOf:)``.
    @inlinable
    public var signal: Signal<Output, Failure> {
        _signal(batch: nil)
    }

    /// This publisher as a signal that asks for values in batches: each subscription to the
    /// signal subscribes to the publisher once, requests `size` values, and requests `size`
    /// more each time `size` have arrived. Disposing it cancels the Combine subscription.
    ///
    /// A signal's observer takes every value as it comes, so batches change nothing for the
    /// observer: they let a publisher that produces on demand (a `Sequence` publisher, a
    /// paged loader, a `buffer` upstream) produce `size` values at a time instead of all at
    /// once.
    ///
    /// Completes and fails as ``Combine/Publisher/signal``.
    ///
    /// Composed of: the same subscriber as ``Combine/Publisher/signal``, with a demand of
    /// `size` renewed each time `size` values have arrived.
    ///
    /// ```swift
    /// let pages = (1...100).publisher.signal(requestingBatchesOf: 10)
    /// pages.take(15).subscribe(next: { _ in }) // the publisher is asked for 10, then 10
    /// ```
    ///
    /// - Precondition: `size > 0`.
    @inlinable
    public func signal(requestingBatchesOf size: Int) -> Signal<Output, Failure> {
        _precondition(size > 0, "Signals: signal(requestingBatchesOf:) needs a batch of 1 or more, got \(size)")
        return _signal(batch: size)
    }

    @inlinable
    func _signal(batch: Int?) -> Signal<Output, Failure> {
        let publisher = _CombineValue(self)
        return Signal { observer in
            let subscriber = _PublisherSubscriber(observer, batch: batch)
            publisher.wrapped.subscribe(subscriber)
            return subscriber
        }
    }
}

/// The Combine subscriber behind ``Combine/Publisher/signal``: forwards every event to the
/// signal's observer, requests `.unlimited` or a batch at a time, and cancels its
/// subscription when disposed (or when it finds the observer stopped, at a value).
///
/// Accepts one subscription (Combine's rule for a subscriber): a second one is cancelled.
///
/// `@unchecked Sendable`: the subscription, the count and the flags are under `state`'s lock;
/// the observer and the batch size are constant.
@usableFromInline
final class _PublisherSubscriber<Input, Failure: Error>: Subscriber, Disposable, @unchecked Sendable {
    @usableFromInline
    struct State {
        @usableFromInline var subscription: (any Subscription)?
        @usableFromInline var hasSubscription = false
        @usableFromInline var isDisposed = false
        /// Values received since the last batch was requested.
        @usableFromInline var received = 0

        @inlinable init() {}
    }

    @usableFromInline let observer: Observer<Input, Failure>
    @usableFromInline let batch: Int?
    @usableFromInline let state = _BridgeLocked<State>.make(State())

    @inlinable
    init(_ observer: Observer<Input, Failure>, batch: Int?) {
        self.observer = observer
        self.batch = batch
    }

    // MARK: Subscriber

    @inlinable
    func receive(subscription: any Subscription) {
        let accepted = state.withLock { state in
            if state.hasSubscription || state.isDisposed { return false }
            state.hasSubscription = true
            state.subscription = subscription
            return true
        }
        guard accepted else {
            subscription.cancel()
            return
        }
        subscription.request(batch.map { .max($0) } ?? .unlimited)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        if observer.isStopped {
            // Disposed while the publisher delivers synchronously, inside `subscribe`.
            dispose()
            return .none
        }
        observer.send(value: input)
        guard let batch else { return .none }
        let renews = state.withLock { state in
            state.received += 1
            if state.received < batch { return false }
            state.received = 0
            return !state.isDisposed
        }
        return renews ? .max(batch) : .none
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
        let subscription = state.withLock { state in
            state.isDisposed = true
            return state.subscription.take()
        }
        withExtendedLifetime(subscription) {}
        switch completion {
        case .finished: observer.sendCompleted()
        case .failure(let failure): observer.send(error: failure)
        }
    }

    // MARK: Disposable

    @inlinable
    func dispose() {
        let subscription = state.withLock { state in
            state.isDisposed = true
            return state.subscription.take()
        }
        subscription?.cancel()
    }

    @inlinable
    var isDisposed: Bool {
        state.withLock { $0.isDisposed }
    }
}
#endif
