// Disposable ↔ AnyCancellable: the two kinds of bag mix while an app moves from Combine to
// Signals one screen at a time.
//
//   disposable.asCancellable()        = AnyCancellable { disposable.dispose() }
//   disposable.store(in: &cancellables) = asCancellable().store(in:)
//   cancellable.asDisposable()        = a disposable that cancels it, once
//   cancellable.disposed(by: bag)     = asDisposable().disposed(by: bag)
//
// The lifetimes differ, and each side keeps its own: dropping an `AnyCancellable` cancels
// (Combine's rule), dropping a `Disposable` does not (Signals').

#if (canImport(Combine) && !SIGNALS_OPENCOMBINE) || canImport(OpenCombine)
#if canImport(Combine) && !SIGNALS_OPENCOMBINE
import Combine
#else
import OpenCombine
#endif
import Signals

extension Disposable {
    /// This disposable as an `AnyCancellable`, which disposes it when cancelled — and, as
    /// every `AnyCancellable` does, when it is deinitialised.
    ///
    /// ```swift
    /// let cancellable = Signal<Int, Never>.never.subscribe(next: { print($0) }).asCancellable()
    /// cancellable.cancel() // the subscription is disposed
    /// ```
    ///
    /// - Important: Combine's lifetime rule applies from here on: dropping the returned
    ///   `AnyCancellable` disposes the subscription.
    @inlinable
    public func asCancellable() -> AnyCancellable {
        AnyCancellable { self.dispose() }
    }

    /// Stores this disposable in a set of `AnyCancellable`s, as Combine's `store(in:)` does:
    /// the subscription is disposed when the set lets go of it (a view model's
    /// `cancellables` deinitialised, or `removeAll()`).
    ///
    /// ```swift
    /// var cancellables = Set<AnyCancellable>()
    /// Signal.just(1).subscribe(next: { print($0) }).store(in: &cancellables)
    /// ```
    ///
    /// Composed of: ``Signals/Disposable/asCancellable()`` and `AnyCancellable.store(in:)`.
    @inlinable
    public func store(in set: inout Set<AnyCancellable>) {
        asCancellable().store(in: &set)
    }

    /// Stores this disposable in a collection of `AnyCancellable`s (an array), as Combine's
    /// `store(in:)` does.
    ///
    /// ```swift
    /// var cancellables: [AnyCancellable] = []
    /// Signal.just(1).subscribe(next: { print($0) }).store(in: &cancellables)
    /// ```
    ///
    /// Composed of: ``Signals/Disposable/asCancellable()`` and `AnyCancellable.store(in:)`.
    @inlinable
    public func store<Cancellables: RangeReplaceableCollection>(in collection: inout Cancellables)
    where Cancellables.Element == AnyCancellable {
        asCancellable().store(in: &collection)
    }
}

extension Cancellable {
    /// This cancellable as a ``Signals/Disposable`` that cancels it when disposed, once.
    /// Dropping the disposable does not cancel (Signals' rule); keep it in a
    /// ``Signals/DisposeBag``.
    ///
    /// ```swift
    /// let bag = DisposeBag()
    /// [1, 2].publisher.sink { print($0) }.asDisposable().disposed(by: bag)
    /// ```
    ///
    /// Composed of: a disposable holding the cancellable until it is disposed.
    @inlinable
    public func asDisposable() -> any Disposable {
        _CancellableDisposable(self)
    }

    /// Adds this cancellable to `bag`, which cancels it when the bag is deinitialised: a
    /// Combine subscription in a Signals bag.
    ///
    /// ```swift
    /// let bag = DisposeBag()
    /// [1, 2].publisher.sink { print($0) }.disposed(by: bag) // Prints: 1, 2
    /// ```
    ///
    /// Composed of: ``Combine/Cancellable/asDisposable()`` and
    /// ``Signals/Disposable/disposed(by:)``.
    @inlinable
    public func disposed(by bag: DisposeBag) {
        asDisposable().disposed(by: bag)
    }
}

extension AnyCancellable {
    /// Stores this cancellable in a Signals ``Signals/DisposeBag``, which cancels it when
    /// the bag is deinitialised: `store(in:)` the other way round.
    ///
    /// ```swift
    /// let bag = DisposeBag()
    /// Just(1).sink { print($0) }.store(in: bag) // Prints: 1
    /// ```
    ///
    /// Composed of: ``Combine/Cancellable/disposed(by:)``.
    @inlinable
    public func store(in bag: DisposeBag) {
        disposed(by: bag)
    }
}

/// A Combine cancellable as a disposable: cancels it once, on the first `dispose()`, and lets
/// go of it.
///
/// `@unchecked Sendable`: the cancellable is under the lock, taken out once; Combine's
/// `cancel()` may be called from any thread.
@usableFromInline
final class _CancellableDisposable: Disposable, @unchecked Sendable {
    @usableFromInline let cancellable: _BridgeLocked<(any Cancellable)?>

    @inlinable
    init(_ cancellable: any Cancellable) {
        self.cancellable = .make(cancellable)
    }

    @inlinable
    func dispose() {
        cancellable.withLock { $0.take() }?.cancel()
    }

    @inlinable
    var isDisposed: Bool {
        cancellable.withLock { $0 == nil }
    }
}
#endif
