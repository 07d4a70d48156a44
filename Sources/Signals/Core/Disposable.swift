import Synchronization

/// Something that can be cancelled once: a subscription, or the resources behind one.
///
/// Disposing is idempotent and may happen from any thread, even while events are being
/// delivered. After `dispose()` returns, no delivery *starts*: a delivery already under way
/// on another thread (at most one per sending thread) may still finish, as in RxSwift,
/// ReactiveSwift and Combine. Making `dispose()` wait for it would put a lock on every event.
///
/// ```swift
/// let subscription = ticks.subscribe(next: { print($0) })
/// subscription.dispose()          // no more ticks
/// subscription.dispose()          // a no-op
/// ```
public protocol Disposable: AnyObject, Sendable {
    /// Releases the resources; only the first call has an effect.
    func dispose()
    /// Whether `dispose()` has been called (or the subscription has ended by itself).
    var isDisposed: Bool { get }
}

extension Disposable {
    /// Hands this disposable to `bag`, which disposes it when the bag is deinitialised.
    ///
    /// ```swift
    /// let bag = DisposeBag()
    /// signal.subscribe(next: { print($0) }).disposed(by: bag)
    /// ```
    public func disposed(by bag: DisposeBag) {
        bag.insert(self)
    }
}

/// A disposable that runs an action once, on the first `dispose()`.
///
/// ```swift
/// let disposable = AnyDisposable { print("cleaned up") }
/// disposable.dispose() // Prints: cleaned up
/// disposable.dispose() // nothing
/// ```
public final class AnyDisposable: Disposable {
    private let _disposed = Atomic<Bool>(false)
    private let _action: (@Sendable () -> Void)?

    /// A disposable with no action; it only records that it was disposed.
    ///
    /// ```swift
    /// let flag = AnyDisposable()
    /// flag.dispose(); print(flag.isDisposed) // Prints: true
    /// ```
    public init() {
        _action = nil
    }

    /// A disposable that runs `action` on the first `dispose()`.
    ///
    /// ```swift
    /// let disposable = AnyDisposable { timer.invalidate() }
    /// ```
    public init(_ action: @escaping @Sendable () -> Void) {
        _action = action
    }

    public func dispose() {
        if !_disposed.exchange(true, ordering: .acquiringAndReleasing) { _action?() }
    }

    public var isDisposed: Bool { _disposed.load(ordering: .acquiring) }
}

/// The disposable of a subscription that has already ended: disposing it does nothing.
/// Shared, so that a subscription that finishes synchronously allocates no disposable.
@usableFromInline
final class _DisposedDisposable: Disposable {
    @usableFromInline static let shared = _DisposedDisposable()
    @usableFromInline func dispose() {}
    @usableFromInline var isDisposed: Bool { true }
}

/// Disposes many disposables together.
///
/// Adding to a compound disposable that is already disposed disposes the newcomer at once.
///
/// ```swift
/// let all = CompoundDisposable([a.subscribe(next: { _ in }), b.subscribe(next: { _ in })])
/// all.dispose() // disposes both subscriptions
/// ```
public final class CompoundDisposable: Disposable {
    private let _state: _Locked<[any Disposable]?>

    /// Creates a compound disposable holding `disposables`.
    ///
    /// ```swift
    /// let compound = CompoundDisposable()
    /// ```
    public init(_ disposables: [any Disposable] = []) {
        _state = _Locked(disposables)
    }

    /// Adds `disposable`; if this compound is already disposed, disposes it at once.
    ///
    /// ```swift
    /// compound.add(signal.subscribe(next: { print($0) }))
    /// ```
    public func add(_ disposable: any Disposable) {
        let accepted = _state.withLock { list -> Bool in
            guard list != nil else { return false }
            list!.append(disposable)
            return true
        }
        if !accepted { disposable.dispose() }
    }

    /// Removes `disposable` (by identity) without disposing it.
    ///
    /// ```swift
    /// compound.remove(finishedSubscription)
    /// ```
    public func remove(_ disposable: any Disposable) {
        _state.withLock { list in
            if let index = list?.firstIndex(where: { $0 === disposable }) {
                list!.remove(at: index)
            }
        }
    }

    public func dispose() {
        let list = _state.withLock { list -> [any Disposable]? in
            defer { list = nil }
            return list
        }
        list?.forEach { $0.dispose() }
    }

    public var isDisposed: Bool { _state.withLock { $0 == nil } }
}

/// Holds one disposable at a time.
///
/// Replacing `inner` disposes the previous one; once the serial disposable is disposed,
/// anything assigned to `inner` is disposed at once.
///
/// ```swift
/// let current = SerialDisposable()
/// current.inner = first.subscribe(next: { print($0) })
/// current.inner = second.subscribe(next: { print($0) }) // disposes the first
/// ```
public final class SerialDisposable: Disposable {
    private struct State {
        var inner: (any Disposable)?
        var isDisposed = false
    }
    private let _state = _Locked(State())

    /// Creates an empty serial disposable.
    ///
    /// ```swift
    /// let serial = SerialDisposable()
    /// ```
    public init() {}

    /// The current disposable. Setting it disposes the previous one, or disposes the new
    /// one at once if this serial disposable is already disposed.
    ///
    /// ```swift
    /// serial.inner = AnyDisposable { print("old one gone") }
    /// ```
    public var inner: (any Disposable)? {
        get { _state.withLock { $0.inner } }
        set {
            let (previous, disposeNewValue) = _state.withLock { state -> ((any Disposable)?, Bool) in
                if state.isDisposed { return (nil, true) }
                defer { state.inner = newValue }
                return (state.inner, false)
            }
            if disposeNewValue { newValue?.dispose() }
            if let previous, previous !== newValue { previous.dispose() }
        }
    }

    public func dispose() {
        let inner = _state.withLock { state -> (any Disposable)? in
            if state.isDisposed { return nil }
            state.isDisposed = true
            defer { state.inner = nil }
            return state.inner
        }
        inner?.dispose()
    }

    public var isDisposed: Bool { _state.withLock { $0.isDisposed } }
}

/// Disposes everything put in it when it is deinitialised: tie subscriptions to the
/// lifetime of an owner.
///
/// ```swift
/// final class ViewModel {
///     let bag = DisposeBag()
///     init(updates: Signal<Int, Never>) { updates.subscribe(next: { print($0) }).disposed(by: bag) }
/// }
/// ```
public final class DisposeBag: Sendable {
    private let _disposables = _Locked<[any Disposable]>([])

    /// Creates an empty bag.
    ///
    /// ```swift
    /// let bag = DisposeBag()
    /// ```
    public init() {}

    func insert(_ disposable: any Disposable) {
        _disposables.withLock { $0.append(disposable) }
    }

    deinit {
        let all = _disposables.withLock { list -> [any Disposable] in
            defer { list = [] }
            return list
        }
        all.forEach { $0.dispose() }
    }
}
