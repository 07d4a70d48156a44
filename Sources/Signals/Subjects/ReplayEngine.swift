// The engine shared by ReplaySubject, BehaviorSubject, share(replay:) and replayLazily(upTo:):
// a buffer of the last values and a list of subscribers, changed only by commands that pass
// through one internal Subject, so that a subscriber's replay is ordered with the events by
// construction (see `_ReplayEngine`).

/// What the engine's single observer processes, one at a time.
@usableFromInline
enum _ReplayCommand<Value, Failure: Error> {
    /// An event sent to the subject.
    case event(Event<Value, Failure>)
    /// A subscriber registered under `id` (its entry waits in the list) to replay to and
    /// then deliver to.
    case add(id: Int)
}

/// The engine of every replaying hot source: `ReplaySubject`, `BehaviorSubject`,
/// `share(replay:)` and `replayLazily(upTo:)`.
///
/// Why it is correct. Every change that must be ordered with the events — an event, and
/// "add this subscriber" (which must replay the buffer and then see every later event) —
/// is sent as a command through one internal `Subject`. A `Subject` delivers to its
/// observers serially, never concurrently and never re-entrantly (a send from inside a
/// callback is queued), so the engine's single observer processes the commands one at a
/// time, in one total order. Processing an event appends it to the buffer and delivers it
/// to the subscribers added so far; processing an "add" copies the buffer, adds the
/// subscriber, and replays the copy to it. No event is processed between the copy and the
/// add, and every event processed after the add reaches the subscriber: so a subscriber
/// receives a contiguous run of the one total order, replay included — no gap, no
/// duplicate — whatever the threads do. The lock below only guards the buffer and the list
/// against `remove` (dispose, any thread) and readers of `BehaviorSubject.value`; it is never
/// held while an observer runs.
///
/// The delivery path is lean: an event costs one lock (append to the ring buffer, which
/// allocates nothing once full, and take the list of subscribers, a retain) and one `send`
/// per subscriber — nothing is allocated per event per subscriber.
@usableFromInline
final class _ReplayEngine<Value, Failure: Error>: Sendable {
    /// A subscriber in the list: registered when it subscribes, delivered to once its "add"
    /// command has been processed (`isAdded`); a removed one leaves a hole (`sink == nil`).
    @usableFromInline
    struct _Entry {
        @usableFromInline let id: Int
        @usableFromInline var sink: Observer<Value, Failure>?
        @usableFromInline var isAdded: Bool

        @inlinable init(id: Int, sink: Observer<Value, Failure>) {
            self.id = id
            self.sink = sink
            self.isAdded = false
        }
    }

    @usableFromInline
    struct _State {
        @usableFromInline var buffer: _ReplayBuffer<Value>
        /// Every registered subscriber, those whose "add" command has not been processed
        /// yet included (not delivered to until it has).
        @usableFromInline var subscribers = _Subscribers()
        @usableFromInline var nextID = 0
        /// The terminal event, once processed.
        @usableFromInline var terminal: Event<Value, Failure>?

        @inlinable init(buffer: _ReplayBuffer<Value>) {
            self.buffer = buffer
        }
    }

    @usableFromInline let _state: _Locked<_State>
    @usableFromInline let _commands = Subject<_ReplayCommand<Value, Failure>, Never>()
    /// `BehaviorSubject` replays only its terminal event once it has one.
    @usableFromInline let _replaysValuesAfterTerminal: Bool
    /// The list a subscriber's slot holds with its id (`Observer._setUpstream(addedTo:id:)`):
    /// a subscription without a `whenEnded` action needs no disposable of its own. It holds
    /// the engine weakly (one weak reference per engine, not per subscription): a live
    /// subscription keeps nothing of a released subject's buffer.
    @usableFromInline let _slotOwner = _ClosureSlotOwner()

    /// Inlinable, like the delivery path, so that the processor is specialised for the
    /// client's `Value`.
    @inlinable
    init(capacity: Int, replaysValuesAfterTerminal: Bool, initial: Value? = nil) {
        var buffer = _ReplayBuffer<Value>(capacity: capacity)
        if let initial { buffer.append(initial) }
        let state = _Locked(_State(buffer: buffer))
        _state = state
        _replaysValuesAfterTerminal = replaysValuesAfterTerminal
        // The processor captures only the state, not the engine: the engine owns the
        // subject, the subject its observer, and no cycle forms.
        let processor = Observer<_ReplayCommand<Value, Failure>, Never> { event in
            if case .next(let command) = event {
                Self._process(command, state: state, replaysValuesAfterTerminal: replaysValuesAfterTerminal)
            }
        }
        _slotOwner._remove = { [weak self] id in self?._remove(id) }
        _commands.signal._subscribe(processor)
        // The processor is never disposed: it lives as long as the subject's list holds it.
        // Its slot would hold the subject's core (a subscription to a subject keeps the core
        // until it ends), a cycle that would outlive the engine; emptied without removing it.
        processor._setUpstream(nil)
    }

    @inlinable
    func send(_ event: Event<Value, Failure>) {
        _commands.send(value: .event(event))
    }

    /// The last value remembered (`BehaviorSubject.value`).
    @inlinable
    var lastValue: Value? {
        _state.withLock { $0.buffer.last }
    }

    /// Subscribes `sink`: installs its disposable (which removes it and then runs
    /// `whenEnded`) before anything is delivered, then queues its "add" command; or, once
    /// the engine has terminated, replays to it right here.
    @inlinable
    func subscribe(_ sink: Observer<Value, Failure>, whenEnded: (@Sendable () -> Void)? = nil) {
        let registration = _state.withLock { state -> (id: Int?, replay: [Value], terminal: Event<Value, Failure>?) in
            if let terminal = state.terminal {
                // Final: nothing can be delivered between this copy and the replay.
                return (nil, _replaysValuesAfterTerminal ? state.buffer.elements : [], terminal)
            }
            let id = state.nextID
            state.nextID += 1
            state.subscribers.register(_Entry(id: id, sink: sink))
            return (id, [], nil)
        }
        guard let id = registration.id else {
            for value in registration.replay { sink.send(value: value) }
            if let terminal = registration.terminal { sink.send(terminal) }
            whenEnded?()
            return
        }
        if let whenEnded {
            sink._setUpstream(AnyDisposable { [weak self] in
                self?._remove(id)
                whenEnded()
            })
        } else {
            sink._setUpstream(addedTo: _slotOwner, id: id)
        }
        _commands.send(value: .add(id: id))
    }

    @inlinable
    func _remove(_ id: Int) {
        // The removed entry is released outside the lock: releasing a sink may run its deinit.
        let removed = _state.withLock { state -> Observer<Value, Failure>? in
            state.subscribers.remove(id)
        }
        _ = removed
    }

    /// The single observer's work: one command at a time (see the type's comment).
    @inlinable
    static func _process(
        _ command: _ReplayCommand<Value, Failure>,
        state: _Locked<_State>,
        replaysValuesAfterTerminal: Bool
    ) {
        switch command {
        case .event(.next(let value)):
            let recipients = state.withLock { state -> [_Entry]? in
                if state.terminal != nil { return nil }
                state.buffer.append(value)
                return state.subscribers.slots
            }
            guard let recipients else { return }
            for entry in recipients where entry.isAdded { entry.sink?.send(value: value) }
        case .event(let terminal):
            let recipients = state.withLock { state -> [_Entry] in
                if state.terminal != nil { return [] }
                state.terminal = terminal
                // The subscribers still waiting for their "add" stay: it replays the terminal event.
                return state.subscribers.removeAdded()
            }
            for entry in recipients where entry.isAdded { entry.sink?.send(terminal) }
        case .add(let id):
            let replay = state.withLock { state -> (sink: Observer<Value, Failure>, values: [Value], terminal: Event<Value, Failure>?)? in
                if let terminal = state.terminal {
                    // Disposed before its turn came: nothing to do.
                    guard let sink = state.subscribers.remove(id) else { return nil }
                    return (sink, replaysValuesAfterTerminal ? state.buffer.elements : [], terminal)
                }
                guard let sink = state.subscribers.markAdded(id) else { return nil }
                return (sink, state.buffer.elements, nil)
            }
            guard let replay else { return }
            for value in replay.values { replay.sink.send(value: value) }
            if let terminal = replay.terminal { replay.sink.send(terminal) }
        }
    }
}

extension _ReplayEngine {
    /// The engine's subscribers in the order they registered, found by id by binary search
    /// (ids are handed out in increasing order, so the entries stay sorted by id): no hashing,
    /// no table beside the list. A removal leaves a hole (`sink == nil`); the list is emptied
    /// (keeping a small storage) when only holes are left, and compacted once holes are at
    /// least half of it (O(n), paid for by the n/2 removals before it), moving to smaller
    /// storage after a crowd, so neither keeps storage sized by a past peak. A delivery walks
    /// the entries and skips holes and entries still waiting for their "add", so it costs at
    /// most twice the subscribers.
    @usableFromInline
    struct _Subscribers {
        @usableFromInline var slots: [_Entry] = []
        @usableFromInline var holes = 0

        @inlinable init() {}

        /// The registered subscribers (holes excluded).
        @inlinable
        var count: Int { slots.count - holes }

        /// Registers `entry`, whose id must be greater than every id registered before.
        @inlinable
        mutating func register(_ entry: _Entry) {
            slots.append(entry)
        }

        @inlinable
        func index(of id: Int) -> Int? {
            var low = 0
            var high = slots.count
            while low < high {
                let middle = (low &+ high) >> 1
                if slots[middle].id < id { low = middle &+ 1 } else { high = middle }
            }
            guard low < slots.count, slots[low].id == id, slots[low].sink != nil else { return nil }
            return low
        }

        /// Marks the subscriber registered under `id` as added (delivered to from now on) and
        /// returns it; `nil` if it has been removed.
        @inlinable
        mutating func markAdded(_ id: Int) -> Observer<Value, Failure>? {
            guard let index = index(of: id), !slots[index].isAdded else { return nil }
            slots[index].isAdded = true
            return slots[index].sink
        }

        /// Removes the subscriber registered under `id`, returning it (to be released outside
        /// the lock).
        @inlinable
        mutating func remove(_ id: Int) -> Observer<Value, Failure>? {
            guard let index = index(of: id) else { return nil }
            let sink = slots[index].sink.take()
            holes += 1
            if holes == slots.count {
                holes = 0
                if slots.capacity > Self.capacityKeptAfterCrowd { slots = [] } else { slots.removeAll(keepingCapacity: true) }
            } else if slots.count >= 32 && holes * 2 >= slots.count {
                compact()
            }
            return sink
        }

        /// Empties the list but for the subscribers still waiting for their "add", and returns
        /// what it held: the terminal event goes to the entries that were added.
        @inlinable
        mutating func removeAdded() -> [_Entry] {
            let all = slots
            slots = all.filter { !$0.isAdded && $0.sink != nil }
            holes = 0
            return all
        }

        /// The most entries' storage kept when the list empties.
        @inlinable
        static var capacityKeptAfterCrowd: Int { 64 }

        /// Drops the holes, into smaller storage if the entries left fill less than a quarter
        /// of a large one.
        @inlinable @inline(never)
        mutating func compact() {
            slots.removeAll { $0.sink == nil }
            holes = 0
            if slots.capacity > Self.capacityKeptAfterCrowd && slots.count * 4 < slots.capacity {
                var smaller: [_Entry] = []
                smaller.reserveCapacity(Swift.max(slots.count * 2, Self.capacityKeptAfterCrowd))
                smaller.append(contentsOf: slots)
                slots = smaller
            }
        }
    }
}

/// The last `capacity` values, oldest first: a ring over an array that stops growing once
/// full, so appending then allocates nothing (while no copy of it is alive).
@usableFromInline
struct _ReplayBuffer<Value> {
    @usableFromInline let capacity: Int
    @usableFromInline var storage: [Value] = []
    /// The index of the oldest value once the storage is full.
    @usableFromInline var head = 0

    @inlinable
    init(capacity: Int) {
        self.capacity = capacity
    }

    @inlinable
    mutating func append(_ value: Value) {
        if storage.count < capacity {
            storage.append(value)
        } else if capacity > 0 {
            storage[head] = value
            head += 1
            if head == capacity { head = 0 }
        }
    }

    /// The values, oldest first.
    @inlinable
    var elements: [Value] {
        if head == 0 { return storage }
        return Array(storage[head...] + storage[..<head])
    }

    @inlinable
    var last: Value? {
        if storage.isEmpty { return nil }
        return storage[(head == 0 ? storage.count : head) - 1]
    }
}
