// Programmer errors stop the process with a message that starts "Signals:", names the call
// and says the fix. `precondition` is not enough for that: `-O` drops its message, so a
// release build would stop on `take(-1)` with a bare SIGILL. `fatalError` prints its
// message in debug and release builds alike (all but `-Ounchecked`), so the checks go
// through it. The condition is tested inline; the message is built only on failure, out of
// line, so a passing check costs one comparison.

import Synchronization

/// Stops the process with `message` when `condition` is false, in every build
/// configuration (unlike `precondition`, whose message `-O` drops).
///
/// `message` starts with "Signals:", names the call and says the fix.
@inlinable @inline(__always)
package func _precondition(
    _ condition: @autoclosure () -> Bool,
    _ message: @autoclosure () -> String,
    file: StaticString = #fileID,
    line: UInt = #line
) {
    if _slowPath(!condition()) { _preconditionFailure(message(), file: file, line: line) }
}

/// Stops the process with `message`, in every build configuration.
@usableFromInline @inline(never)
package func _preconditionFailure(
    _ message: String,
    file: StaticString = #fileID,
    line: UInt = #line
) -> Never {
    fatalError(message, file: file, line: line)
}

#if DEBUG
/// Debug builds only: catches a subscriber entered by two threads at once, which the grammar
/// forbids (a source sends its events one at a time). Behind an operator, bind catches it
/// (`_Binder.onSource`); this catches it for a closure subscribed directly, with the same
/// message. Release builds compile none of it.
///
/// The word holds the thread inside the subscriber (0 when none); a re-entrant send on that
/// same thread is allowed, as it is everywhere in the library.
@usableFromInline
final class _SubscriberEntryCheck: Sendable {
    @usableFromInline let _owner = Atomic<UInt>(0)

    @inlinable init() {}

    /// Enters the subscriber; `true` when this is the outermost entry (which must `leave()`).
    @inlinable
    func enter() -> Bool {
        let thread = _currentThreadID()
        let claim = _owner.compareExchange(expected: 0, desired: thread, ordering: .acquiring)
        if claim.exchanged { return true }
        if claim.original != thread { _concurrentSourceEvents() }
        return false
    }

    @inlinable
    func leave() {
        _owner.store(0, ordering: .releasing)
    }
}
#endif

extension Observer {
    /// The subscriber `subscribe` installs: in debug builds, `observer` behind a check that
    /// stops the process when two threads enter it at once ("Signals: events sent
    /// concurrently into one observer…", the message bind gives behind an operator); in
    /// release builds, `observer` itself.
    @inlinable @inline(__always)
    static func _checkingConcurrentEntry(_ observer: Observer) -> Observer {
        #if DEBUG
        let check = _SubscriberEntryCheck()
        let handler = observer._handler
        let next = observer._next
        let valuesOnly = observer._valuesOnly
        return Observer { event in
            let outermost = check.enter()
            if valuesOnly, case .next(let value) = event { next(value) } else { handler(event) }
            if outermost { check.leave() }
        }
        #else
        return observer
        #endif
    }
}
