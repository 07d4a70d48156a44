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
/// Disposing disposes the members in the order they were added.
///
/// ```swift
/// let all = CompoundDisposable([a.subscribe(next: { _ in }), b.subscribe(next: { _ in })])
/// all.dispose() // disposes both subscriptions
/// ```
///
/// - Complexity: `add` and `remove` are amortised O(1) (members are kept by identity, as
///   RxSwift's `CompositeDisposable` keeps them by key); `dispose()` is O(n log n).
public final class CompoundDisposable: Disposable {
    /// A member: the disposable, when it was first added (for the disposal order), and how
    /// many times it was added and not yet removed.
    private struct Member {
        let disposable: any Disposable
        let order: Int
        var count: Int
    }
    private struct State {
        var members: [ObjectIdentifier: Member] = [:]
        var nextOrder = 0
        var isDisposed = false
    }
    private let _state: _Locked<State>

    /// Creates a compound disposable holding `disposables`.
    ///
    /// ```swift
    /// let compound = CompoundDisposable()
    /// ```
    public init(_ disposables: [any Disposable] = []) {
        var state = State()
        for disposable in disposables { Self._insert(disposable, into: &state) }
        _state = _Locked(state)
    }

    // The key is the member's identity; the dictionary holds the member, so the identity
    // cannot be reused by another object while the key is present.
    private static func _insert(_ disposable: any Disposable, into state: inout State) {
        let key = ObjectIdentifier(disposable)
        if state.members[key] != nil {
            state.members[key]!.count += 1
        } else {
            state.members[key] = Member(disposable: disposable, order: state.nextOrder, count: 1)
            state.nextOrder += 1
        }
    }

    /// Adds `disposable`; if this compound is already disposed, disposes it at once.
    ///
    /// ```swift
    /// compound.add(signal.subscribe(next: { print($0) }))
    /// ```
    public func add(_ disposable: any Disposable) {
        let accepted = _state.withLock { state -> Bool in
            if state.isDisposed { return false }
            Self._insert(disposable, into: &state)
            return true
        }
        if !accepted { disposable.dispose() }
    }

    /// Removes `disposable` (by identity; one addition of it) without disposing it.
    ///
    /// ```swift
    /// compound.remove(finishedSubscription)
    /// ```
    public func remove(_ disposable: any Disposable) {
        // The removed member is released outside the lock: its deinit is not ours to run under it.
        let removed = _state.withLock { state -> Member? in
            let key = ObjectIdentifier(disposable)
            guard let member = state.members[key] else { return nil }
            if member.count > 1 {
                state.members[key]!.count -= 1
                return nil
            }
            return state.members.removeValue(forKey: key)
        }
        _ = removed
    }

    public func dispose() {
        let members = _state.withLock { state -> [ObjectIdentifier: Member] in
            if state.isDisposed { return [:] }
            state.isDisposed = true
            defer { state.members = [:] }
            return state.members
        }
        if members.isEmpty { return }
        for member in members.values.sorted(by: { $0.order < $1.order }) { member.disposable.dispose() }
    }

    public var isDisposed: Bool { _state.withLock { $0.isDisposed } }
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
