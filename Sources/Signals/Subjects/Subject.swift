import Synchronization

/// A hot signal you send to by hand: it forwards each event to the observers subscribed
/// when the event is delivered.
///
/// ![Subject<Int, Never>()](marble-subject.svg)
///
/// Sends from several threads at once are serialised by turn-taking: a sender that finds
/// another delivering waits for its turn, then delivers its own event, so `send` returns once
/// its event has been delivered and nothing piles up. A send from inside an observer's
/// callback (a re-entrant send), or one whose waiting would close a cycle of waiting threads
/// (two subjects feeding each other from two threads), is queued behind the event being
/// delivered instead and returns at once — never deadlocked, never reordered (Contracts.md,
/// "Threading and serialisation"). No lock is held while observers run. After a terminal
/// event the subject ignores further sends and sends that terminal event to every later
/// subscriber. Subscribing and disposing cost O(log n) in the number of subscribers; the
/// list's storage shrinks when it falls below a quarter of its capacity, so a subject that
/// outlives a crowd of subscribers keeps nothing sized by it.
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

    /// Creates a subject with no observers.
    ///
    /// ```swift
    /// let clicks = Subject<Void, Never>()
    /// ```
    // Inlinable, so that making a subject runs specialised in the caller: compiled once for
    // every type, it looked up `_SerialEmitter<Event<Value, Failure>>`'s and `Event`'s generic
    // metadata on every subject made (about 650 instructions; a subject per inner signal in
    // W9b, per group in `groupBy`, per window in `window`).
    @inlinable
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
            _add(sink)
        }, _promptness: .quiet)
    }

    /// Sends `event` to the current observers. Ignored after a terminal event.
    ///
    /// ```swift
    /// subject.send(.next(1))
    /// ```
    @inlinable
    public func send(_ event: Event<Value, Failure>) {
        // A value sent after a terminal event reaches nobody without a check of its own: the
        // terminal event empties the list of observers when it is delivered, and a value sent
        // after it (once its send has returned, or queued behind it) is delivered after it.
        // So only a second terminal event needs a check.
        if event.isTerminating {
            let accepted = _state.withLock { state -> Bool in
                if state.isTerminating { return false }
                state.isTerminating = true
                return true
            }
            guard accepted else { return }
        }
        let state = _state
        _emitter.send(event) { event in
            if event.isTerminating {
                let recipients = state.withLock { $0.recipients(endingWith: event, of: state) }
                for observer in recipients { unsafeDowncast(observer, to: Observer<Value, Failure>.self).send(event) }
                return
            }
            // A value: read the current list without retaining it (see `beginDelivery`); a
            // removed subscriber's slot is empty.
            let list = state.beginDelivery()
            for index in 0..<list.count {
                list[index].observer?._withUnsafeGuaranteedRef {
                    unsafeDowncast($0, to: Observer<Value, Failure>.self).send(event)
                }
            }
            state.endDelivery()
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

    /// Adds `observer` and installs the subscription in its slot: the core and the id it was
    /// added as (no disposable object: the observer's slot removes the id when it is emptied).
    /// After a terminal event, sends it that event instead.
    @inlinable
    func _add(_ observer: Observer<Value, Failure>) {
        let core = _state
        let (id, terminal) = core.withLock { state -> (Int?, Any?) in
            if let terminal = state.terminal { return (nil, terminal) }
            return (state.add(observer, of: core), nil)
        }
        guard let id else {
            if let terminal = terminal as? Event<Value, Failure> { observer.send(terminal) }
            return
        }
        observer._setUpstream(addedTo: core, id: id)
    }
}

/// A subject's observers and terminal event, under its lock. Not generic — observers are
/// kept as `AnyObject` (each an `Observer<Value, Failure>` of the subject's types) and the
/// terminal event as `Any` — so that removing an observer, which runs unspecialised when it
/// is reached through `any Disposable`, costs no generic-metadata lookup.
@usableFromInline
struct _SubjectState {
    /// The observers in subscription order with their subscription ids (increasing, so a
    /// removal finds its slot by binary search: O(log n), never a scan), a removed one's
    /// observer `nil` (a tombstone). One array, not one of ids and one of observers: a subject
    /// with one subscriber makes one allocation for it (W9b: a subject per inner signal).
    @usableFromInline var slots: [_SubjectSlot] = []
    @usableFromInline var tombstones = 0
    /// The slots as a value delivery reads them (through `_SubjectCore.published`): `slots`
    /// itself, shared copy-on-write (no allocation), taken by the first delivery after a
    /// change and shared by deliveries until the next change. A change takes it out first
    /// (`invalidateSnapshot`), so that `slots` is mutated in place, unless a delivery is
    /// still reading it: then the change copies `slots`, and the delivery keeps reading the
    /// old storage, unchanged.
    @usableFromInline var snapshot: [_SubjectSlot]?
    /// The snapshot a delivery is still reading, taken out by a change meanwhile (see
    /// `_SubjectCore.delivery`); the delivery releases it when it ends.
    @usableFromInline var retired: [_SubjectSlot]?
    @usableFromInline var nextID = 0
    /// The terminal event (an `Event<Value, Failure>`), once it is being delivered; later
    /// subscribers receive it.
    @usableFromInline var terminal: Any?
    /// A terminal event has been accepted; a later terminal event is ignored (a later value
    /// reaches nobody: see `Subject.send`).
    @usableFromInline var isTerminating = false

    @inlinable init() {}

    /// The snapshot, taken first if there is none, as its first element's address and its
    /// count (removed subscribers' slots included, empty).
    @inlinable
    mutating func snapshotBuffer() -> (address: UInt, count: Int) {
        if snapshot == nil { snapshot = slots }
        // The snapshot is never mutated, so its storage stays where it is while it lives.
        return snapshot.unsafelyUnwrapped.withUnsafeBufferPointer { (UInt(bitPattern: $0.baseAddress), $0.count) }
    }

    /// Takes the snapshot out because the list changed: returns it for the caller to release
    /// outside the lock, or keeps it in `retired` while a delivery reads it (see
    /// `_SubjectCore.delivery`). `core` is the subject's core, whose lock is held.
    @inlinable
    mutating func invalidateSnapshot(of core: _SubjectCore) -> [_SubjectSlot]? {
        guard let old = snapshot.take() else { return nil }
        // Dekker's handshake with `beginDelivery` (sequentially consistent on both sides):
        // this thread unpublishes, then looks for a delivery; a delivery announces itself,
        // then reads the published address. At least one of them sees the other's store.
        core.published.store(0, ordering: .sequentiallyConsistent)
        // 0: no delivery reads `old`; 2: the one under way reads `retired`, not `old`.
        guard retired == nil, core.delivery.load(ordering: .sequentiallyConsistent) == 1 else { return old }
        retired = old
        if core.delivery.compareExchange(expected: 1, desired: 2, ordering: .acquiringAndReleasing).exchanged {
            return nil
        }
        return retired.take()  // that delivery has ended meanwhile
    }

    /// The observers to deliver the terminal event `terminal` to; it ends the list (and is
    /// what later subscribers receive). `core` is the subject's core, whose lock is held.
    @inlinable
    mutating func recipients(endingWith terminal: Any, of core: _SubjectCore) -> [AnyObject] {
        let recipients = slots.compactMap(\.observer)
        self.terminal = terminal
        // No value delivery is under way (this runs in the subject's turn), and `recipients`
        // keeps every observer, so the old snapshot may be released under the lock.
        _ = invalidateSnapshot(of: core)
        slots = []
        tombstones = 0
        return recipients
    }

    @inlinable
    mutating func add(_ observer: AnyObject, of core: _SubjectCore) -> Int {
        let id = nextID
        nextID += 1
        // Dropping the old snapshot here releases no observer (it is `slots`' storage, or a
        // copy of it while a delivery reads it), so it may happen under the lock; dropped
        // first, so that `slots` grows in place.
        _ = invalidateSnapshot(of: core)
        slots.append(_SubjectSlot(id: id, observer: observer))
        return id
    }

    /// Removes the observer subscribed as `id`, if it is still there: O(log n), plus an
    /// amortised O(1) compaction once half the slots are tombstones. Returns what it took
    /// out, for the caller to release outside the lock.
    @inlinable
    mutating func remove(id: Int, of core: _SubjectCore) -> (observer: AnyObject?, snapshot: [_SubjectSlot]?) {
        var low = 0
        var high = slots.count
        while low < high {
            let middle = (low + high) / 2
            if slots[middle].id < id { low = middle + 1 } else { high = middle }
        }
        guard low < slots.count, slots[low].id == id, slots[low].observer != nil else { return (nil, nil) }
        // The old snapshot shares `slots`' storage (or is a delivery's, kept in `retired`):
        // dropping it releases no observer, so it may happen under the lock, and it happens
        // before `slots` changes, so that `slots` changes in place.
        _ = invalidateSnapshot(of: core)
        let observer = slots[low].observer.take()
        tombstones += 1
        if tombstones == slots.count {
            // Every subscriber has left (the common case of one at a time): empty the list,
            // keeping its storage unless a burst made it large.
            tombstones = 0
            if slots.capacity > 64 {
                slots = []
            } else if slots.count == 1 {
                slots.removeLast()   // `removeAll(keepingCapacity:)` costs about 70 instructions more
            } else {
                slots.removeAll(keepingCapacity: true)
            }
        } else if tombstones >= 16 && tombstones * 2 >= slots.count {
            var kept = 0
            for index in slots.indices where slots[index].observer != nil {
                slots.swapAt(kept, index)
                kept += 1
            }
            slots.removeLast(slots.count - kept)
            tombstones = 0
            if slots.capacity > 64 && slots.count < slots.capacity / 4 {
                // Sized by a past peak (a crowd that has left): the storage goes, and the
                // observers left move to one with room to double. The old storage's
                // observers are all in the new one too, so releasing it releases none.
                var smaller: [_SubjectSlot] = []
                smaller.reserveCapacity(slots.count * 2)
                smaller.append(contentsOf: slots)
                slots = smaller
            }
        }
        return (observer, nil)
    }
}

/// One subscriber of a subject: its subscription id and its observer (`nil` once removed).
@usableFromInline
struct _SubjectSlot {
    @usableFromInline let id: Int
    @usableFromInline var observer: AnyObject?

    @inlinable
    init(id: Int, observer: AnyObject) {
        self.id = id
        self.observer = observer
    }
}

/// A `_SubjectSlot` as a delivery reads it (the same layout): the observer unretained.
@usableFromInline
struct _SubjectSlotView {
    @usableFromInline let id: Int
    @usableFromInline let observer: Unmanaged<AnyObject>?
}

/// A subject's state and the lock that guards it, stored inline (no separate lock
/// allocation, and a send takes an uncontended lock with one compare-exchange). Not
/// generic, so that a subscription can reach it from unspecialised code.
///
/// A subscription has no object of its own: its observer's upstream slot holds this core and
/// the id it was added as (`Observer._setUpstream(addedTo:id:)`), and emptying the slot
/// (dispose, terminal event) calls `remove(id:)` (see `_SlotOwner`).
///
/// `@unchecked Sendable`: `state` is reached only through `withLock`.
@usableFromInline
final class _SubjectCore: _SlotOwner, @unchecked Sendable {
    @usableFromInline let lock = _InlineLock()
    @usableFromInline @exclusivity(unchecked) var state = _SubjectState()
    /// Whether a value delivery is reading the snapshot without holding a reference to it
    /// (only the thread whose turn it is delivers, so there is at most one): 0, no; 1, yes;
    /// 2, yes, and a change has since taken that snapshot out into `state.retired`, which
    /// the delivery releases when it ends. A delivery sets it to 1 and, if it is still 1 at
    /// its end, back to 0, each with one atomic instruction and without the lock.
    @usableFromInline let delivery = Atomic<UInt8>(0)
    /// The address of `state.snapshot`'s first element, or 0 when there is no snapshot.
    /// Written under the lock; read by a delivery without it.
    @usableFromInline let published = Atomic<UInt>(0)
    /// The number of observers in the published snapshot. Written only by a delivery, under
    /// the lock, before it publishes the address, and read by later deliveries after they
    /// have read that address (every delivery has its subject's turn, so they are ordered).
    @usableFromInline let publishedCount = Atomic<Int>(0)

    @inlinable override init() {}

    /// Starts delivering a value: the live observers, as unretained references that stay
    /// valid until `endDelivery` (the snapshot cannot be released meanwhile: see
    /// `delivery`). No lock unless the snapshot must be rebuilt, and no retain: that saves a
    /// retain and a release of the list and of each observer, and a lock, per delivery (W2:
    /// about 100 instructions per send).
    @inlinable
    func beginDelivery() -> UnsafeBufferPointer<_SubjectSlotView> {
        delivery.store(1, ordering: .sequentiallyConsistent)   // see `invalidateSnapshot`
        let address = published.load(ordering: .sequentiallyConsistent)
        if address == 0 { return publishSnapshot() }
        return UnsafeBufferPointer(
            start: UnsafePointer(bitPattern: address), count: publishedCount.load(ordering: .relaxed)
        )
    }

    /// Builds the snapshot (on the first delivery after a change) and publishes it.
    ///
    /// A snapshot in `state.retired` here is not this delivery's: it reads the one built
    /// here. (A change that saw the previous delivery under way, and marked the delivery 2
    /// just after this one had started, put it there.) So it is released now, and `delivery`
    /// set back to 1: otherwise a later change would take this delivery's snapshot for that
    /// one's and release it while this delivery reads it.
    @inlinable @inline(never)
    func publishSnapshot() -> UnsafeBufferPointer<_SubjectSlotView> {
        let (buffer, stale) = withLock { state -> ((address: UInt, count: Int), [_SubjectSlot]?) in
            let buffer = state.snapshotBuffer()
            publishedCount.store(buffer.count, ordering: .relaxed)
            published.store(buffer.address, ordering: .sequentiallyConsistent)
            delivery.store(1, ordering: .relaxed)
            return (buffer, state.retired.take())
        }
        withExtendedLifetime(stale) {}  // released outside the lock
        return UnsafeBufferPointer(start: UnsafePointer(bitPattern: buffer.address), count: buffer.count)
    }

    /// Ends a delivery: one compare-exchange, unless a change retired the snapshot
    /// meanwhile; then it releases that snapshot (outside the lock).
    @inlinable
    func endDelivery() {
        if delivery.compareExchange(expected: 1, desired: 0, ordering: .releasing).exchanged { return }
        let retired = withLock { state -> [_SubjectSlot]? in
            delivery.store(0, ordering: .relaxed)
            return state.retired.take()
        }
        withExtendedLifetime(retired) {}
    }

    /// Removes the observer subscribed as `id`, if it is still there (O(log n)); what it
    /// takes out is released outside the lock.
    @usableFromInline
    override func remove(id: Int) {
        let removed = withLock { $0.remove(id: id, of: self) }
        withExtendedLifetime(removed) {}
    }

    /// Runs `body` on the state under the lock; `body` runs no user code and releases
    /// nothing that could be a last reference.
    @inlinable @inline(__always)
    func withLock<Result>(_ body: (inout _SubjectState) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }
}
