// MutableProperty: state you change, with a signal of its changes.
//
//   value (get)       = the latest committed value, under a lock
//   modify(body)      = body runs under the writer lock; the result is committed and queued
//                       for delivery in commit order; the thread that finds nobody delivering
//                       delivers the queue to a `BehaviorSubject` until it is empty
//   signal / changes  = the subject's signal (with its last value after completion) / skip(1)
//   deinit            = the subject completes; `_ended` sends (the bindings' ended-only lifetime)

import Dispatch
import Synchronization
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value you can read and change from any thread, with a signal of its changes: the state
/// an app holds.
///
/// ![MutableProperty(0).signal](marble-mutableProperty-signal.svg)
///
/// ``value`` reads and writes the current value; ``modify(_:)`` reads and writes it in one
/// atomic step. ``signal`` sends the current value at subscription, then every change (every
/// write is a change, even to an equal value); ``changes`` sends only the changes. A
/// ``Property`` made with ``Property/init(_:)`` is a read-only view of it, and `map`,
/// `combineLatest(with:)` and `flatMap(.latest)` derive properties from it.
///
/// Serialised: writes from several threads never lose a value (each ``modify(_:)`` sees the
/// result of the one before), and subscribers receive the changes one at a time, in the order
/// the writes were made. A write made from inside a subscriber's callback (re-entrant), or
/// while another thread is delivering earlier changes, is queued and delivered, in order, by
/// the thread that is delivering — never deadlocked, never reordered; ``value`` already
/// returns it. No lock is held while subscribers run.
///
/// Completes: when the mutable property is deinitialised, its signal completes: every
/// subscriber receives `completed` (as in ReactiveSwift). A subscriber that arrives later
/// (through a signal value kept from before) receives the last value, then `completed`.
/// Subscribing does not keep the mutable property alive; a ``Property`` derived from it does.
///
/// Composed of: a ``BehaviorSubject`` (the subscribers and the replay of the current value), a
/// lock around the value, and a queue of changes to deliver.
///
/// ```swift
/// let count = MutableProperty(0)
/// count.signal.subscribe(next: { print($0) }) // Prints: 0
/// count.value = 1                             // Prints: 1
/// count.modify { $0 += 1 }                    // Prints: 2
/// ```
///
/// - SeeAlso: ReactiveSwift `MutableProperty`; RxSwift `BehaviorRelay` (`accept(_:)`, `value`);
///   Combine `CurrentValueSubject` (`send(_:)`, `value`), `@Published`.
public final class MutableProperty<Value>: PropertyProtocol {
    /// The subscribers, and the value a new subscriber receives first.
    let _subject: BehaviorSubject<Value, Never>
    /// The value, and the changes waiting to be delivered.
    let _state: _Locked<_MutablePropertyState<Value>>
    /// Sends once, when the property is deinitialised: the end that `assign(to:)` bindings
    /// wait for. Only the end, so that a write never reaches a binding (watching `_subject`'s
    /// end instead made every write cost O(bindings)).
    let _ended = Subject<Void, Never>()
    /// Held while a `modify` body runs, so that read-modify-writes do not interleave. Its
    /// state counts the writes (a lock over `Void` state would do, but ThreadSanitizer
    /// reports a zero-sized access as racing).
    let _writer = _Locked<UInt>(0)
    /// The thread running a `modify` body (0 when none): a write from inside the body is a
    /// programmer error that would otherwise deadlock.
    let _writerThread = Atomic<UInt>(0)

    /// Creates a mutable property whose value is `initial`.
    ///
    /// ```swift
    /// let isLoading = MutableProperty(false)
    /// ```
    public init(_ initial: Value) {
        _subject = BehaviorSubject(value: initial)
        _state = _Locked(_MutablePropertyState(value: initial))
    }

    deinit {
        _subject.sendCompleted()
        _ended.send(value: ())
        _ended.sendCompleted()
    }

    /// The current value. Setting it is ``modify(_:)`` with an assignment: the new value is
    /// the current value when the setter returns, and is sent to the subscribers.
    ///
    /// ```swift
    /// let name = MutableProperty("")
    /// name.value = "Ada"
    /// print(name.value) // Prints: Ada
    /// ```
    public var value: Value {
        get { _state.withLock { $0.value } }
        set { modify { $0 = newValue } }
    }

    /// Reads and writes the value in one atomic step, and sends the result to the subscribers.
    ///
    /// No other write happens between the read and the write, so four threads incrementing
    /// at once never lose an increment. `body` runs while the property's writer lock is held:
    /// keep it short, and change the value only through its `inout` argument — writing to this
    /// property from inside `body` stops the program with a "Signals:" message (it would
    /// deadlock). Reading ``value`` inside `body` returns the value before the change.
    ///
    /// Nesting: `body` may call `modify` on *another* property, but two threads that nest the
    /// same two properties in opposite orders (`a.modify { b.modify { … } }` on one,
    /// `b.modify { a.modify { … } }` on the other) deadlock, each holding the lock the other
    /// waits for — as with ReactiveSwift's `modify`. Nest in one order everywhere, or read the
    /// other property's ``value`` inside `body` and write it after `modify` returns. Debug
    /// builds help: a `modify` that has waited for the lock for more than 5 seconds prints,
    /// once per process, a `Signals:` message naming this rule (Contracts.md, "State:
    /// properties and actions"); release builds pay nothing for it.
    ///
    /// ```swift
    /// let count = MutableProperty(0)
    /// let previous = count.modify { value -> Int in
    ///     defer { value += 1 }
    ///     return value
    /// }
    /// print(previous, count.value) // Prints: 0 1
    /// ```
    ///
    /// - Returns: What `body` returns.
    @discardableResult
    public func modify<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        let thread = _currentThreadID()
        _precondition(
            _writerThread.load(ordering: .relaxed) != thread,
            "Signals: MutableProperty.modify (or the value setter) was called from inside a modify body on the same property; change the value through the body's inout argument instead"
        )
        #if DEBUG
        let acquired = _NestedModifyDiagnostic.watch(isHeld: _writerThread.load(ordering: .relaxed) != 0)
        #endif
        let (result, delivery) = try _writer.withLock { writes -> (Result, Value?) in
            #if DEBUG
            acquired?.flag.store(true, ordering: .releasing)
            #endif
            writes &+= 1
            _writerThread.store(thread, ordering: .relaxed)
            defer { _writerThread.store(0, ordering: .relaxed) }
            var value = _state.withLock { $0.value }
            let result = try body(&value)
            let delivery = _state.withLock { state in state.commit(value) }
            return (result, delivery)
        }
        if let first = delivery { _deliver(first) }
        return result
    }

    /// Sends `first`, then every change queued meanwhile, until the queue is empty.
    func _deliver(_ first: Value) {
        var next = first
        while true {
            _subject.send(value: next)
            guard let queued = _state.withLock({ $0.nextToDeliver() }) else { return }
            next = queued
        }
    }

    /// The current value at subscription, then every change. Completes when this mutable
    /// property is deinitialised; a subscriber after that receives the last value, then
    /// `completed`.
    ///
    /// ![MutableProperty(0).signal](marble-mutableProperty-signal.svg)
    ///
    /// Composed of: the subject's signal, with a `bind` that sends the last value before a
    /// completion that arrives without one.
    ///
    /// ```swift
    /// let count = MutableProperty(1)
    /// count.signal.subscribe(next: { print($0) }) // Prints: 1
    /// count.value = 2                             // Prints: 2
    /// ```
    public var signal: Signal<Value, Never> {
        _currentThenChanges(_subject)
    }

    /// Every change after subscription, without the current value. Completes when this
    /// mutable property is deinitialised.
    ///
    /// ![MutableProperty(0).changes](marble-mutableProperty-changes.svg)
    ///
    /// Composed of: `signal.skip(1)`.
    ///
    /// ```swift
    /// let count = MutableProperty(1)
    /// count.changes.subscribe(next: { print($0) })
    /// count.value = 2 // Prints: 2
    /// ```
    public var changes: Signal<Value, Never> {
        signal.skip(1)
    }
}

/// A mutable property's value and the changes not yet delivered, under its lock.
struct _MutablePropertyState<Value> {
    var value: Value
    /// Committed changes waiting for the delivering thread, oldest first.
    var pending = _Queue<Value>()
    /// Whether a thread is delivering changes to the subscribers.
    var isDelivering = false

    init(value: Value) {
        self.value = value
    }

    /// Makes `newValue` the value. Returns it when the caller must deliver it (nobody is
    /// delivering), or queues it for the thread that is.
    mutating func commit(_ newValue: Value) -> Value? {
        value = newValue
        if isDelivering {
            pending.append(newValue)
            return nil
        }
        isDelivering = true
        return newValue
    }

    /// The next queued change to deliver, or `nil` (and delivery ends) when there is none.
    mutating func nextToDeliver() -> Value? {
        if let next = pending.popFirst() { return next }
        isDelivering = false
        return nil
    }
}

#if DEBUG
/// Debug builds only: the message printed once when a `modify` has waited for its property's
/// lock longer than `threshold` (5 s) — almost always two threads nesting `modify` on two
/// properties in opposite orders (Contracts.md, "State: properties and actions"). A `modify`
/// that finds the lock free pays one atomic load; one that finds it held is watched with one
/// timer. Release builds have none of it. Tests shorten the threshold.
package enum _NestedModifyDiagnostic: _WaitDiagnostic {
    package static let settings = _Locked(_WaitDiagnosticSettings())

    package static let message = """
        Signals: a MutableProperty.modify has waited more than a few seconds for the \
        property's lock: two threads may be nesting modify on two properties in opposite \
        orders (a.modify { b.modify { … } } on one, b.modify { a.modify { … } } on the other), \
        each holding the lock the other waits for — a deadlock. Nest in one order everywhere. \
        See Contracts.md, "State: properties and actions". (Printed once; debug builds only.)
        """

    /// When the lock is held by another thread (`isHeld`), a flag for the caller to set once
    /// it has the lock, watched: still unset after the threshold, the message is printed.
    static func watch(isHeld: Bool) -> _AcquiredFlag? {
        guard isHeld, let threshold = threshold() else { return nil }
        let acquired = _AcquiredFlag()
        let (seconds, attoseconds) = threshold.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
            guard !acquired.flag.load(ordering: .acquiring) else { return }
            reportOnce()
        }
        return acquired
    }

    /// Set by the watched `modify` once it holds the lock.
    final class _AcquiredFlag: Sendable {
        let flag = Atomic<Bool>(false)
    }
}
#endif
