import Synchronization

/// A hot signal you send to by hand: it forwards each event to the observers subscribed
/// when the event is delivered.
///
/// Sends from several threads at once are serialised by turn-taking: a sender that finds
/// another delivering waits for its turn, then delivers its own event, so `send` returns once
/// its event has been delivered and nothing piles up. A send from inside an observer's
/// callback (a re-entrant send), or one whose waiting would close a cycle of waiting threads
/// (two subjects feeding each other from two threads), is queued behind the event being
/// delivered instead and returns at once — never deadlocked, never reordered (Contracts.md,
/// "Threading and serialisation"). No lock is held while observers run. After a terminal
/// event the subject ignores further sends and sends that terminal event to every later
/// subscriber. Subscribing and disposing cost O(log n) in the number of subscribers.
///
/// ```swift
/// let subject = Subject<Int, Never>()
/// subject.signal.subscribe(next: { print($0) })
/// subject.send(value: 1)     // Prints: 1
/// subject.sendCompleted()
/// subject.send(value: 2)     // ignored
/// ```
public final class Subject<Value, Failure: Error>: Sendable {
    /// Not generic (`_SubjectState`): a subscription's removal is reached through `any
    /// Disposable` and so runs unspecialised; it must then cost no generic-metadata lookup.
    @usableFromInline let _state = _SubjectCore()

    /// Takes turns between senders (TurnTaking.swift).
    @usableFromInline let _emitter = _SerialEmitter<Event<Value, Failure>>()
    @usableFromInline let _isTerminating = Atomic<Bool>(false)

    /// Creates a subject with no observers.
    ///
    /// ```swift
    /// let clicks = Subject<Void, Never>()
    /// ```
    public init() {}

    /// The signal of this subject's events. Subscribing adds an observer; disposing the
    /// subscription removes it (and never delivers anything on the disposing thread).
    ///
    /// ```swift
    /// let subscription = subject.signal.subscribe(next: { print($0) })
    /// ```
    @inlinable
    public var signal: Signal<Value, Failure> {
        // Inlinable, with `_add`, so that subscribing and disposing run specialised in the
        // caller (no generic-metadata lookups on the subscription's teardown).
        Signal(_representation: .subscribe { [self] sink in
            sink._setUpstream(_add(sink))
        })
    }

    /// Sends `event` to the current observers. Ignored after a terminal event.
    ///
    /// ```swift
    /// subject.send(.next(1))
    /// ```
    @inlinable
    public func send(_ event: Event<Value, Failure>) {
        if case .next = event {
            if _isTerminating.load(ordering: .acquiring) { return }
        } else {
            let accepted = _state.withLock { state -> Bool in
                if state.isTerminating { return false }
                state.isTerminating = true
                return true
            }
            guard accepted else { return }
            _isTerminating.store(true, ordering: .releasing)
        }
        let state = _state
        _emitter.send(event) { event in
            if event.isTerminating {
                let recipients = state.withLock { $0.recipients(endingWith: event) }
                for observer in recipients { unsafeDowncast(observer, to: Observer<Value, Failure>.self).send(event) }
                return
            }
            // A value: read the current list without retaining it (see `beginDelivery`).
            let list = state.withLock { $0.beginDelivery() }
            for index in 0..<list.count {
                list[index]._withUnsafeGuaranteedRef {
                    unsafeDowncast($0, to: Observer<Value, Failure>.self).send(event)
                }
            }
            if let retired = state.withLock({ $0.endDelivery() }) {
                withExtendedLifetime(retired) {}  // released outside the lock
            }
        }
    }

    /// Sends a value to the current observers.
    ///
    /// ```swift
    /// subject.send(value: 1)
    /// ```
    @inlinable
    public func send(value: Value) {
        send(.next(value))
    }

    /// Fails: sends `error` to the current and every later observer.
    ///
    /// ```swift
    /// subject.send(error: .disconnected)
    /// ```
    public func send(error: Failure) {
        send(.error(error))
    }

    /// Completes: sends `completed` to the current and every later observer.
    ///
    /// ```swift
    /// subject.sendCompleted()
    /// ```
    public func sendCompleted() {
        send(.completed)
    }

    @inlinable
    func _add(_ observer: Observer<Value, Failure>) -> (any Disposable)? {
        let (id, terminal) = _state.withLock { state -> (Int?, Any?) in
            if let terminal = state.terminal { return (nil, terminal) }
            return (state.add(observer), nil)
        }
        guard let id else {
            if let terminal = terminal as? Event<Value, Failure> { observer.send(terminal) }
            return nil
        }
        return _SubjectSubscription(state: _state, id: id)
    }
}

/// A subject's observers and terminal event, under its lock. Not generic — observers are
/// kept as `AnyObject` (each an `Observer<Value, Failure>` of the subject's types) and the
/// terminal event as `Any` — so that removing an observer, which runs unspecialised when it
/// is reached through `any Disposable`, costs no generic-metadata lookup.
@usableFromInline
struct _SubjectState {
    /// The observers in subscription order, with `nil` for removed ones (tombstones), and
    /// their subscription ids (increasing, so a removal finds its slot by binary search:
    /// O(log n), never a scan).
    @usableFromInline var ids: [Int] = []
    @usableFromInline var slots: [AnyObject?] = []
    @usableFromInline var tombstones = 0
    /// The live observers in order, rebuilt on the first delivery after a change (a cost
    /// proportional to that delivery), and shared by deliveries until the next.
    @usableFromInline var snapshot: [AnyObject]? = []
    /// A delivery is iterating `snapshot` without holding a reference to it (only the thread
    /// whose turn it is delivers, so there is at most one). Until it ends, a change does not
    /// release the snapshot but moves it to `retired`, which the delivery releases.
    @usableFromInline var isDelivering = false
    @usableFromInline var retired: [AnyObject]?
    @usableFromInline var nextID = 0
    /// The terminal event (an `Event<Value, Failure>`), once it is being delivered; later
    /// subscribers receive it.
    @usableFromInline var terminal: Any?
    /// A terminal event has been accepted; later sends are ignored.
    @usableFromInline var isTerminating = false

    @inlinable init() {}

    /// The live observers, in subscription order.
    @inlinable
    mutating func observers() -> [AnyObject] {
        if let snapshot { return snapshot }
        let live = slots.compactMap { $0 }
        snapshot = live
        return live
    }

    /// Starts delivering a value: the live observers, as a buffer of unretained references
    /// that stays valid until `endDelivery` (the snapshot cannot be released meanwhile: see
    /// `isDelivering`). Reading them this way saves a retain and a release of the list and
    /// of each observer per delivery (W2: 90 instructions per send).
    @inlinable
    mutating func beginDelivery() -> UnsafeBufferPointer<Unmanaged<AnyObject>> {
        if snapshot == nil { snapshot = slots.compactMap { $0 } }
        isDelivering = true
        return snapshot.unsafelyUnwrapped.withUnsafeBufferPointer { buffer in
            UnsafeBufferPointer(
                start: UnsafeRawPointer(buffer.baseAddress)?.assumingMemoryBound(to: Unmanaged<AnyObject>.self),
                count: buffer.count
            )
        }
    }

    /// Ends a delivery: returns the snapshot retired meanwhile, for the caller to release
    /// outside the lock.
    @inlinable
    mutating func endDelivery() -> [AnyObject]? {
        isDelivering = false
        return retired.take()
    }

    /// Takes the snapshot out because the list changed: returns it for the caller to release
    /// outside the lock, or keeps it in `retired` while a delivery reads it.
    @inlinable
    mutating func invalidateSnapshot() -> [AnyObject]? {
        guard isDelivering, retired == nil else { return snapshot.take() }
        retired = snapshot.take()
        return nil
    }

    /// The observers to deliver the terminal event `terminal` to; it ends the list (and is
    /// what later subscribers receive).
    @inlinable
    mutating func recipients(endingWith terminal: Any) -> [AnyObject] {
        let recipients = observers()
        self.terminal = terminal
        ids = []
        slots = []
        tombstones = 0
        snapshot = []
        return recipients
    }

    @inlinable
    mutating func add(_ observer: AnyObject) -> Int {
        let id = nextID
        nextID += 1
        ids.append(id)
        slots.append(observer)
        // Dropping the old snapshot here releases no observer (every one of them is still
        // in `slots`), so it may happen under the lock.
        _ = invalidateSnapshot()
        return id
    }

    /// Removes the observer subscribed as `id`, if it is still there: O(log n), plus an
    /// amortised O(1) compaction once half the slots are tombstones. Returns what it took
    /// out, for the caller to release outside the lock.
    @inlinable
    mutating func remove(id: Int) -> (observer: AnyObject?, snapshot: [AnyObject]?) {
        var low = 0
        var high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        guard low < ids.count, ids[low] == id, slots[low] != nil else { return (nil, nil) }
        let observer = slots[low].take()
        tombstones += 1
        let oldSnapshot = invalidateSnapshot()
        if tombstones >= 16 && tombstones * 2 >= slots.count {
            var kept = 0
            for index in slots.indices where slots[index] != nil {
                ids[kept] = ids[index]
                slots.swapAt(kept, index)
                kept += 1
            }
            ids.removeLast(ids.count - kept)
            slots.removeLast(slots.count - kept)
            tombstones = 0
        }
        return (observer, oldSnapshot)
    }
}

/// A subject's state and the lock that guards it, stored inline (no separate lock
/// allocation, and a send takes an uncontended lock with one compare-exchange). Not
/// generic, so that a subscription can reach it from unspecialised code.
///
/// `@unchecked Sendable`: `state` is reached only through `withLock`.
@usableFromInline
final class _SubjectCore: @unchecked Sendable {
    @usableFromInline let lock = _InlineLock()
    @usableFromInline @exclusivity(unchecked) var state = _SubjectState()

    @inlinable init() {}

    /// Runs `body` on the state under the lock; `body` runs no user code and releases
    /// nothing that could be a last reference.
    @inlinable @inline(__always)
    func withLock<Result>(_ body: (inout _SubjectState) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }
}

/// The disposable of one subscription to a subject: removes its observer (O(log n)).
/// Holds the subject's state weakly: a subscription keeps no subject alive. Not generic, so
/// that disposing through `any Disposable` runs specialised code.
///
/// `@unchecked Sendable`: the state is reached only through its lock.
@usableFromInline
final class _SubjectSubscription: Disposable, @unchecked Sendable {
    @usableFromInline weak let state: _SubjectCore?
    @usableFromInline let id: Int
    @usableFromInline let removed = Atomic<Bool>(false)

    @inlinable
    init(state: _SubjectCore, id: Int) {
        self.state = state
        self.id = id
    }

    @inlinable
    func dispose() {
        guard !removed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let id = self.id
        let removed = state?.withLock { $0.remove(id: id) }
        withExtendedLifetime(removed) {}  // released outside the lock
    }

    @inlinable
    var isDisposed: Bool { removed.load(ordering: .acquiring) }
}
