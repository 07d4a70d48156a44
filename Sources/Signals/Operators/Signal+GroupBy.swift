// groupBy(key) = _split { source in bind over source keeping a table key -> Subject:
//     a value of a known key is sent to its subject; the first value of a new key returns
//     just((key, subject)).concat(just(value).flattenMap { send it; .empty }) — the group first, then its
//     value, so a subscriber joining from the outer `next` receives it; a terminal event is
//     sent to every subject, then passed on }
//     .map { GroupedSignal(key:signal:) }
// groupBy(key, duration: d) = _split { source in the same table, in a bind over the merge of
//     `ends` (a Subject of (key, subject) pairs) and the source materialized: a new key's
//     group is returned merged with its watcher, `d(group).materialize().first()` taking
//     until the group's subject ends, whose first event sends (key, subject) to `ends`; an
//     end takes the key out of the table (if it is still that group) and completes it }
// _split(route) = deferred {
//     routing = _SharedSource(route(self))   (one routing subscription: read by the outer
//                                             signal, held by every inner one)
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
    /// subscription (the sharing engine under `refCount()`: RxSwift's `RefCountDisposable`
    /// as signals) that each group's `subject.signal` holds while it is subscribed.
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
    @inlinable
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

    /// Splits this signal into one signal per key, as ``groupBy(_:)`` does, and ends each
    /// group when the signal `duration` returns for it sends a value or ends: the group's
    /// signal completes, the key leaves the operator's table, and the key's next value starts
    /// a new group (a new ``GroupedSignal`` is sent).
    ///
    /// This is what keeps a long-lived grouping bounded: with ``groupBy(_:)`` every key ever
    /// seen keeps a group until this signal ends; here a group lives only while `duration`
    /// lets it (an idle timeout, a fixed lifetime, a "leave" message), and an ended group
    /// leaves nothing behind.
    ///
    /// `duration` is called once per group, when the group is made, with that group (its
    /// signal is the group's values, as they arrive); its signal is subscribed before the
    /// group's first value is sent, so `group.signal.debounce(idle, on: scheduler)` sees every
    /// value of the group. The first event of that signal — a value, its completion or its
    /// error (an error ends the group, it is not forwarded: the duration signal says *when*,
    /// not *what*) — ends the group, and the duration signal is disposed. When this signal
    /// completes or fails first, the open groups receive that event and their duration
    /// signals are disposed.
    ///
    /// Completes / Fails / Disposes: as ``groupBy(_:)`` (a group that ended early has
    /// completed). The law still holds: `groupBy(k, duration: d).flatten(.merge)` is this
    /// signal.
    ///
    /// ![groupBy({ $0.lowercased() }, duration: { $0.signal.debounce(2) })](marble-groupBy-duration.svg)
    ///
    /// Composed of: the `bind` of ``groupBy(_:)`` over the `merge` of this signal
    /// materialized and a `Subject` of ended groups; each new group is returned merged with
    /// its watcher, `duration(group).materialize().first()` (taken until the group ends),
    /// which sends the group to that subject.
    ///
    /// ```swift
    /// let scheduler = TestScheduler()
    /// let messages = Subject<(room: String, text: String), Never>()
    /// messages.signal
    ///     .groupBy(\.room) { group in group.signal.debounce(.seconds(60), on: scheduler) }
    ///     .subscribe(next: { group in print("room \(group.key) opened") })
    /// messages.send(value: ("lobby", "hi"))   // Prints: room lobby opened
    /// scheduler.advance(by: .seconds(60))     // lobby idle for a minute: its group ends
    /// messages.send(value: ("lobby", "back")) // Prints: room lobby opened
    /// ```
    /// From `GroupByDurationTests` (key: the letter, ignoring case; duration: 2 ticks
    /// without a value, `debounce`; `x` and `z` are the two groups of `a`):
    /// ```
    /// source: -a-A---b-a---|
    /// outer:  -x-----y-z---|
    /// x:       a-A-|
    /// y:             b-|
    /// z:               a-|
    /// ```
    ///
    /// - Complexity: as ``groupBy(_:)``, plus one duration subscription per group; the
    ///   table holds the open groups only.
    /// - SeeAlso: RxJS `groupBy(key, { duration })`, RxJava `groupBy` with an evicting map;
    ///   RxSwift, ReactiveSwift and Combine have none.
    @inlinable
    public func groupBy<Key: Hashable & Sendable, DurationValue, DurationFailure: Error>(
        _ key: @escaping @Sendable (Value) -> Key,
        duration: @escaping @Sendable (GroupedSignal<Key, Value, Failure>) -> Signal<DurationValue, DurationFailure>
    ) -> Signal<GroupedSignal<Key, Value, Failure>, Failure> {
        _split { source in
            let groups = _BindingState(_ExpiringGroupTable<Key, Value, Failure>())
            let ends = Subject<_GroupStep<Key, Value, Failure>, Never>()
            return ends.signal.merge(source.materialize().map { .source($0) }).bind {
                { event, stop in
                    guard case .next(let step) = event else { return nil }
                    switch step {
                    case .source(.next(let value)):
                        let key = key(value)
                        if let subject = groups.value.subject(for: key) {
                            subject.send(value: value)
                            return nil
                        }
                        let subject = Subject<Value, Failure>()
                        groups.value.add(subject, for: key)
                        // The watcher first (so the duration sees the first value), then the
                        // group, then its first value.
                        let groupEnded = subject.signal.materialize().filter(\.isTerminating)
                        let watcher: Signal<(Key, Subject<Value, Failure>), Failure> =
                            duration(GroupedSignal(key: key, signal: subject.signal))
                                .materialize()
                                .first()
                                .take(until: groupEnded)
                                .flattenMap { _ -> Signal<(Key, Subject<Value, Failure>), Never> in
                                    ends.send(value: .ended(key, subject))
                                    return .empty
                                }
                                .promoteError()
                        let firstValue: Signal<(Key, Subject<Value, Failure>), Failure> = Signal<Value, Failure>.just(value)
                            .flattenMap { value in
                                subject.send(value: value)
                                return .empty
                            }
                        let announce = Signal<(Key, Subject<Value, Failure>), Failure>.just((key, subject)).concat(firstValue)
                        return watcher.merge(announce)
                    case .source(.error(let error)):
                        for subject in groups.value.takeAll() { subject.send(error: error) }
                        return .error(error)
                    case .source(.completed):
                        for subject in groups.value.takeAll() { subject.sendCompleted() }
                        stop = true
                        return nil
                    case .ended(let key, let subject):
                        // An end of a group that already ended (and whose key may have a new
                        // group) changes nothing.
                        guard groups.value.remove(subject, for: key) else { return nil }
                        subject.sendCompleted()
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
    /// ![groupBy { $0.isMultiple(of: 2) ? "even" : "odd" }.flatten(.latest)](marble-groupBy-flatten.svg)
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
    @inlinable
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
    @inlinable
    func _split<Tag>(
        _ route: @escaping @Sendable (Signal) -> Signal<(Tag, Subject<Value, Failure>), Failure>
    ) -> Signal<(Tag, Signal), Failure> {
        let source = self
        return .deferred {
            let feed = _ReaderFeed<(Tag, Subject<Value, Failure>), Failure>()
            let routing = _SharedSource(source: route(source), makeFeed: { feed })
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

/// A step of `groupBy(_:duration:)`'s routing: an event of the source, or the end of a group
/// (its key and its subject) sent by the group's duration watcher.
@usableFromInline
enum _GroupStep<Key, Value, Failure: Error> {
    case source(Event<Value, Failure>)
    case ended(Key, Subject<Value, Failure>)
}

/// The open groups of one `groupBy(_:duration:)` subscription: a subject per key, with its
/// order of arrival (so that a terminal event reaches the groups in that order). A group is
/// taken out when it ends, so the table holds the open groups only.
@usableFromInline
struct _ExpiringGroupTable<Key: Hashable, Value, Failure: Error> {
    @usableFromInline var groups: [Key: (subject: Subject<Value, Failure>, order: Int)] = [:]
    @usableFromInline var nextOrder = 0

    @inlinable init() {}

    @inlinable
    func subject(for key: Key) -> Subject<Value, Failure>? {
        groups[key]?.subject
    }

    @inlinable
    mutating func add(_ subject: Subject<Value, Failure>, for key: Key) {
        groups[key] = (subject, nextOrder)
        nextOrder += 1
    }

    /// Takes out the group of `key` if it is `subject`'s; whether it was.
    @inlinable
    mutating func remove(_ subject: Subject<Value, Failure>, for key: Key) -> Bool {
        guard groups[key]?.subject === subject else { return false }
        groups[key] = nil
        return true
    }

    /// Empties the table, returning the subjects in order of arrival.
    @inlinable
    mutating func takeAll() -> [Subject<Value, Failure>] {
        defer { groups = [:] }
        return groups.values.sorted { $0.order < $1.order }.map(\.subject)
    }
}
