// Small pieces the rooms need, and — marked "STAND-IN" — the library features that were
// still arriving when this example was written, each in one place so that the swap is local.

import Signals
import Synchronization

/// A count read from any thread (live subscriptions).
final class LiveCount: Sendable {
    private let count = Atomic<Int>(0)
    func add(_ delta: Int) { count.add(delta, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}

// STAND-IN for `Lifetime.make()` + `signal.take(during: lifetime)`: one switch that every
// client stream is cut by. A replaying subject, so a stream followed after the end completes
// at once.
final class ShutdownSwitch: Sendable {
    private let ended = ReplaySubject<Void, Never>(capacity: 1)
    func cut<V>(_ signal: Signal<V, Never>) -> Signal<V, Never> { signal.take(until: ended.signal) }
    func end() { ended.send(value: ()) }
}

// STAND-IN for `groupBy(_:duration:)`: groups of posts by room, each ending after `idleAfter`
// of quiet; the room's next post starts a new group. Until the library's operator lands, the
// key carries a session number (bumped when a post arrives after the idle time) and each group
// is cut by its own debounce; the ended groups' subjects stay in groupBy's table.
func groupsEndingWhenIdle(
    _ posts: Signal<Message, Never>, idleAfter: Duration, on scheduler: some Scheduler
) -> Signal<(String, Signal<Message, Never>), Never> {
    let sessions = Mutex<[String: (number: Int, last: Duration)]>([:])
    let start = scheduler.now
    return posts
        .map { message -> (key: RoomSession, message: Message) in
            let now = start.duration(to: scheduler.now)
            let number = sessions.withLock { table in
                var session = table[message.room] ?? (0, now)
                if now - session.last >= idleAfter { session.number += 1 }
                session.last = now
                table[message.room] = session
                return session.number
            }
            return (RoomSession(room: message.room, number: number), message)
        }
        .groupBy { $0.key }
        .map { group in
            let messages = group.signal.map(\.message)
            return (group.key.room, messages.take(until: messages.debounce(idleAfter, on: scheduler)))
        }
}

struct RoomSession: Hashable, Sendable {
    var room: String
    var number: Int
}
