// `using`: a resource that lives exactly as long as one subscription.
//
// Each subscription acquires the resource, subscribes the signal made from it through a
// sink of its own, and installs that sink in the subscriber's slot as the disposable that
// ends it and then releases the resource (`_UsingSink`: one object per subscription). The
// slot is disposed on the first terminal event (after it has been forwarded) or when the
// subscription is disposed, once either way.

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
            let sink = _UsingSink(subscriber, resource: resource(), release: release)
            subscriber._setUpstream(kernelSink: sink)
            if subscriber.isStopped { return }
            make(sink.resource)._subscribe(sink)
        })
    }
}

/// One `using` subscription: the sink of the signal made from the resource (it forwards every
/// event to the subscriber), the resource, and the disposable in the subscriber's slot
/// (dispose ends the sink, then releases the resource, at most once). One object: a sink, a
/// disposable and a resource holder, with the two closures' contexts, were five.
///
/// `@unchecked Sendable`: `resource` is written once in `init` and only read afterwards; it is
/// handed to the user's `make` and `release` closures, which `using` documents.
@usableFromInline
final class _UsingSink<Value, Failure: Error, Resource>: Observer<Value, Failure>, Disposable, @unchecked Sendable {
    // The resource last: of the caller's type (often `Void?`, one byte), it then follows the
    // flag without padding.
    @usableFromInline let downstream: Observer<Value, Failure>
    @usableFromInline let releaseAction: @Sendable (Resource) -> Void
    @usableFromInline let isReleased = Atomic<Bool>(false)
    @usableFromInline let resource: Resource

    @inlinable
    init(_ downstream: Observer<Value, Failure>, resource: Resource, release: @escaping @Sendable (Resource) -> Void) {
        self.downstream = downstream
        self.resource = resource
        self.releaseAction = release
        // Cast as in `_Binder.init`: unchecked in debug builds (a smaller frame).
        super.init(_passingSelf: { sink, event in
        #if DEBUG
            Unmanaged<_UsingSink>.fromOpaque(Unmanaged.passUnretained(sink).toOpaque()).takeUnretainedValue().downstream.send(event)
        #else
            unsafeDowncast(sink, to: _UsingSink.self).downstream.send(event)
        #endif
        }, teardown: { sink in
            // Specialised: reached through `any Disposable`, `dispose()` ran as a generic witness.
        #if DEBUG
            Unmanaged<_UsingSink>.fromOpaque(Unmanaged.passUnretained(sink).toOpaque()).takeUnretainedValue().dispose()
        #else
            unsafeDowncast(sink, to: _UsingSink.self).dispose()
        #endif
        })
    }

    /// Ends the sink (its source's subscription first), then releases the resource.
    @inlinable
    func dispose() {
        _dispose()
        if !isReleased.exchange(true, ordering: .acquiringAndReleasing) { releaseAction(resource) }
    }

    @inlinable
    var isDisposed: Bool { isReleased.load(ordering: .acquiring) }
}
