// groupBy(key) = _split { source in bind over source keeping a table key -> Subject:
//     a value of a known key is sent to its subject; the first value of a new key returns
//     just((key, subject)).concat(just(value).flattenMap { send it; .empty }) — the group first, then its
//     value, so a subscriber joining from the outer `next` receives it; a terminal event is
//     sent to every subject, then passed on }
//     .map { GroupedSignal(key:signal:) }
// _split(route) = deferred {
//     routing = _RefCountedSubscription(route(self))   (one routing subscription: read by the
//                                                       outer signal, held by every inner one)
//     routing.signal.map { tag, subject in (tag, routing.holding(subject.signal)) }
// }   — the source lives while the outer subscription or any inner one does; a holder
//     receives none of the routing events, so an open group costs the others nothing.

/// One group of ``Signal/groupBy(_:)``: the key its values share, and the signal of those
/// values.
///
/// The signal is hot: it forwards the values of its key that arrive while you are
/// subscribed. Subscribe from inside the outer `next` callback to receive the group's first
/// value (see ``Signal/groupBy(_:)``).
///
/// ```swift
/// Signal.from([1, 2, 3]).groupBy { $0 % 2 }
///     .subscribe(next: { group in
///         group.signal.subscribe(next: { print("\(group.key): \($0)") })
///     })
/// // Prints: 1: 1, 0: 2, 1: 3
/// ```
public struct GroupedSignal<Key: Hashable & Sendable, Value, Failure: Error>: Sendable {
    /// The key every value of this group has.
    public let key: Key
    /// The values of this group, as they arrive (hot).
    public let signal: Signal<Value, Failure>

    /// A group of values sharing `key`.
    ///
    /// ```swift
    /// let group = GroupedSignal(key: "a", signal: Signal<Int, Never>.just(1))
    /// ```
    public init(key: Key, signal: Signal<Value, Failure>) {
        self.key = key
        self.signal = signal
    }
}

extension Signal {
    /// Splits this signal into one signal per key: the first value with a new key sends a
    /// ``GroupedSignal`` for that key, and every value goes to its key's group.
    ///
    /// A group's signal is hot, as in RxSwift and ReactiveCocoa: it forwards the values that
    /// arrive while you are subscribed. The group is sent *before* its first value, so a
    /// subscription made inside the outer `next` callback (as `flatten`, `flattenMap` and
    /// `subscribe(next:)` make it) receives that value; subscribe later (after a hop to
    /// another thread or scheduler, or from a `.concat` that queues it) and the values sent
    /// meanwhile are lost, not buffered: a buffer for a group that nobody subscribes would
    /// grow for as long as the source runs.
    ///
    /// Completes / Fails: when this signal completes or fails, every group receives that
    /// event, then the outer signal does. Disposes: the outer subscription and the group
    /// subscriptions share one subscription to this signal, which is disposed when the
    /// last of them ends: disposing the outer subscription while groups are subscribed stops
    /// new groups from reaching it but keeps the groups running (RxSwift's ref-counted rule).
    ///
    /// ![groupBy { $0.isMultiple(of: 2) ? "even" : "odd" }](marble-groupBy.svg)
    ///
    /// Composed of: a `bind` keeping a table of one `Subject` per key (a new key returns
    /// `just((key, subject))` `concat` a signal sending its value), read through a shared
    /// subscription (`_RefCountedSubscription`, RxSwift's `RefCountDisposable` as signals)
    /// that each group's `subject.signal` holds while it is subscribed.
    ///
    /// ```swift
    /// Signal.from(["ann: hi", "bob: yo", "ann: bye"])
    ///     .groupBy { $0.prefix(3) }
    ///     .flattenMap { group in group.signal.map { "\(group.key) said \($0.dropFirst(5))" } }
    ///     .subscribe(next: { print($0) })
    /// // Prints: ann said hi, bob said yo, ann said bye
    /// ```
    /// From `GroupByTests` (`x` is the group of odd values, `y` of even ones):
    /// ```
    /// source: -1-2-3-4-|
    /// outer:  -x-y-----|
    /// x:       1---3---|
    /// y:         2---4-|
    /// ```
    ///
    /// - Complexity: one dictionary lookup per value, and one insert per new key: a value
    ///   reaches its own group only, whatever the number of open groups (n values over k keys
    ///   cost O(n + k)). One `Subject` per key, kept until this signal terminates.
    /// - SeeAlso: RxSwift `groupBy(keySelector:)`; ReactiveCocoa `-groupBy:`; ReactiveSwift
    ///   and Combine have none.
    public func groupBy<Key: Hashable & Sendable>(
        _ key: @escaping @Sendable (Value) -> Key
    ) -> Signal<GroupedSignal<Key, Value, Failure>, Failure> {
        _split { source in
            source.bind {
                let groups = _BindingState(_GroupTable<Key, Value, Failure>())
                return { event, _ in
                    switch event {
                    case .next(let value):
                        let key = key(value)
                        if let subject = groups.value.subjects[key] {
                            subject.send(value: value)
                            return nil
                        }
                        let subject = Subject<Value, Failure>()
                        groups.value.add(subject, for: key)
                        // The group first, then its value, once the group has been delivered.
                        let firstValue: Signal<(Key, Subject<Value, Failure>), Failure> = Signal<Value, Failure>.just(value)
                            .flattenMap { value in
                                subject.send(value: value)
                                return .empty
                            }
                        return Signal<(Key, Subject<Value, Failure>), Failure>.just((key, subject)).concat(firstValue)
                    case .error(let error):
                        for subject in groups.value.take() { subject.send(error: error) }
                        return .error(error)
                    case .completed:
                        for subject in groups.value.take() { subject.sendCompleted() }
                        return nil
                    }
                }
            }
        }
        .map { key, signal in GroupedSignal(key: key, signal: signal) }
    }

    /// Flattens the groups of ``groupBy(_:)`` back into one signal of their values, with
    /// `strategy`: `groupBy(key).flatten(.merge)` is this signal again.
    ///
    /// Completes, fails and disposes as `flatten(_:)` does over the groups' signals.
    ///
    /// Composed of: `map(\.signal).flatten(strategy)`.
    ///
    /// ```swift
    /// Signal.from([1, 2, 3]).groupBy { $0 % 2 }.flatten(.merge)
    ///     .subscribe(next: { print($0) })
    /// // Prints: 1, 2, 3
    /// ```
    ///
    /// - SeeAlso: RxSwift `merge()` over `GroupedObservable`s; ReactiveCocoa `-flatten`.
    public func flatten<Key, GroupValue>(
        _ strategy: FlattenStrategy
    ) -> Signal<GroupValue, Failure> where Value == GroupedSignal<Key, GroupValue, Failure> {
        map(\.signal).flatten(strategy)
    }

    /// Splits this signal into inner signals fed by `route`, all sharing one subscription to
    /// this signal: `route(self)` sends a tag and a fresh `Subject` for each inner signal it
    /// opens, and feeds and ends those subjects itself. The outer signal reads the routing
    /// subscription; each inner signal is the subject's signal, holding that subscription
    /// while it is subscribed: the subscription lives while the outer subscription or any
    /// inner one does (RxSwift's ref-counted rule), and is never made twice for one outer
    /// subscription (an inner signal subscribed after everything ended holds nothing, and
    /// stays silent unless its subject has ended, as in RxSwift).
    ///
    /// A holder receives none of the routing subscription's events, so an open inner signal
    /// costs the others nothing: each value costs the routing and its own inner signal.
    @usableFromInline
    func _split<Tag>(
        _ route: @escaping @Sendable (Signal) -> Signal<(Tag, Subject<Value, Failure>), Failure>
    ) -> Signal<(Tag, Signal), Failure> {
        let source = self
        return .deferred {
            let routing = _RefCountedSubscription(route(source))
            return routing.signal.map { tag, subject in (tag, routing.holding(subject.signal)) }
        }
    }
}

/// The groups of one `groupBy` subscription: a subject per key, and their order of arrival
/// (so that a terminal event reaches the groups in that order).
@usableFromInline
struct _GroupTable<Key: Hashable, Value, Failure: Error> {
    @usableFromInline var subjects: [Key: Subject<Value, Failure>] = [:]
    @usableFromInline var order: [Subject<Value, Failure>] = []

    @inlinable init() {}

    @inlinable
    mutating func add(_ subject: Subject<Value, Failure>, for key: Key) {
        subjects[key] = subject
        order.append(subject)
    }

    /// Empties the table, returning the subjects in order of arrival.
    @inlinable
    mutating func take() -> [Subject<Value, Failure>] {
        defer {
            subjects = [:]
            order = []
        }
        return order
    }
}
