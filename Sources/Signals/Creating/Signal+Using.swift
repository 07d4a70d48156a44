// `using`: a resource that lives exactly as long as one subscription.
//
// Each subscription acquires the resource, subscribes the signal made from it through a
// sink of its own, and installs in the subscriber's slot a disposable that ends that sink
// and then releases the resource. The slot is disposed on the first terminal event (after
// it has been forwarded) or when the subscription is disposed, once either way.

import Synchronization

extension Signal {
    /// A signal whose every subscription acquires a resource, runs the signal made from it,
    /// and releases it exactly once when the subscription ends.
    ///
    /// ![Signal.using({ make() }, release: { release($0) }) { _ in source.signal }](marble-using.svg)
    ///
    /// Completes / Fails: as the signal `make` returns. Disposes: disposing the output
    /// disposes that signal's subscription, then releases the resource. The resource is
    /// released once, however the subscription ends — completion, error or dispose — after
    /// the terminal event has been forwarded and after the inner subscription's own
    /// resources are gone. A subscriber that is already disposed when the resource is
    /// acquired releases it at once, without calling `make`.
    ///
    /// Composed of: plumbing (`Creating/`): a forwarding sink, and a disposable that ends it
    /// and calls `release`.
    ///
    /// ```swift
    /// let numbers = Signal<Int, Never>.using({ print("open"); return 3 }, release: { _ in print("close") }) { n in
    ///     Signal.from(1...n)
    /// }
    /// numbers.subscribe(next: { print($0) })
    /// // Prints: open, 1, 2, 3, close
    /// ```
    ///
    /// - Note: The resource is passed to `release` and `make` only; it is not required to be
    ///   `Sendable`, but `release` may run on the thread that ends the subscription.
    /// - SeeAlso: RxSwift `Observable.using`, ReactiveSwift `SignalProducer` with
    ///   `lifetime.observeEnded`, Combine has no equivalent (a `Deferred` + `handleEvents`).
    @inlinable
    public static func using<Resource>(
        _ resource: @escaping @Sendable () -> Resource,
        release: @escaping @Sendable (Resource) -> Void,
        _ make: @escaping @Sendable (Resource) -> Signal
    ) -> Signal {
        Signal(_representation: .subscribe { subscriber in
            let acquired = _UsingResource(resource(), release: release)
            let sink = Observer<Value, Failure> { subscriber.send($0) }
            subscriber._setUpstream(AnyDisposable {
                sink._dispose()
                acquired.release()
            })
            if subscriber.isStopped { return }
            make(acquired.value)._subscribe(sink)
        })
    }
}

/// The resource of one `using` subscription and its release, run at most once.
///
/// `@unchecked Sendable`: `value` is written once in `init` and only read afterwards; it is
/// handed to the user's `make` and `release` closures, which `using` documents.
@usableFromInline
final class _UsingResource<Resource>: @unchecked Sendable {
    @usableFromInline let value: Resource
    private let releaseAction: @Sendable (Resource) -> Void
    private let isReleased = Atomic<Bool>(false)

    @usableFromInline
    init(_ value: Resource, release: @escaping @Sendable (Resource) -> Void) {
        self.value = value
        self.releaseAction = release
    }

    @usableFromInline
    func release() {
        if !isReleased.exchange(true, ordering: .acquiringAndReleasing) { releaseAction(value) }
    }
}
