// One source subscription at a time, for every connectable and sharing operator.
//
// A connection is live from the moment its source subscription starts until that
// subscription's disposal has finished — after `dispose()` (or the terminal event) *and*
// after the source's subscribe call has returned, whichever comes last (a source that ends
// while it subscribes hands its disposable over only when it returns). A new connection
// waits in line until then: its start runs on the thread that finishes the previous
// teardown. Nothing blocks and no lock is held while user code runs: the line only decides,
// under its lock, who runs next; the starting and the cleanup run outside it.

import Dispatch
import Synchronization
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The line of connections of one connectable or sharing signal: at most one is live.
///
/// Starting the next connection in line from `leave()` is trampolined: a start that ends at
/// once (a connection disposed while it waited, or a source that completes while it
/// subscribes) leaves the line again from inside `leave()`, and that thread — the *drainer* —
/// runs the next start in a loop instead of nesting, so a long line costs no stack.
@usableFromInline
final class _ConnectionLine: Sendable {
    @usableFromInline
    struct State {
        /// A connection is live or tearing down.
        @usableFromInline var isBusy = false
        /// The starts of the connections waiting for it, in order.
        @usableFromInline var waiting = _Queue<@Sendable () -> Void>()
        /// The thread running starts in `leave()`'s loop, or 0.
        @usableFromInline var drainer: UInt = 0
        /// The drainer's current start has left the line (from inside it).
        @usableFromInline var leftDuringStart = false
        /// How many starts have waited in line, and how many of them have been taken (for the
        /// debug diagnostic of a teardown that waits for the next connection).
        @usableFromInline var queuedCount = 0
        @usableFromInline var takenCount = 0
        @inlinable init() {}
    }

    @usableFromInline let state = _Locked(State())

    @inlinable init() {}

    /// Runs `start` now if no connection is live, or once the connections ahead of it have
    /// been torn down (on the thread that finishes the last teardown).
    @inlinable
    func enter(_ start: @escaping @Sendable () -> Void) {
        let ticket = state.withLock { state -> Int? in
            if state.isBusy {
                state.waiting.append(start)
                state.queuedCount += 1
                return state.queuedCount
            }
            state.isBusy = true
            return nil
        }
        guard let ticket else { return start() }
        waitsInLine(ticket)
    }

    /// A start waits in line, the `ticket`-th to do so. Debug builds watch it: if it is still
    /// waiting after the diagnostic's threshold, the previous teardown may be waiting for it
    /// (Contracts.md, "Connectable signals"), and a message says so, once per process.
    @usableFromInline
    func waitsInLine(_ ticket: Int) {
        #if DEBUG
        guard let threshold = _ConnectionLineDiagnostic.threshold() else { return }
        let (seconds, attoseconds) = threshold.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [weak self] in
            guard let self, state.withLock({ $0.takenCount < ticket }) else { return }
            _ConnectionLineDiagnostic.reportOnce()
        }
        #endif
    }

    /// The live connection has been torn down: the next one in line starts.
    @usableFromInline
    func leave() {
        let thread = _currentThreadID()
        var next = state.withLock { state -> (@Sendable () -> Void)? in
            if state.drainer == thread {
                // Inside a start that this thread runs below: its loop goes on.
                state.leftDuringStart = true
                return nil
            }
            return Self.takeNext(&state, thread)
        }
        while let start = next {
            start()
            next = state.withLock { state -> (@Sendable () -> Void)? in
                guard state.drainer == thread else { return nil }  // another thread took over
                guard state.leftDuringStart else {
                    state.drainer = 0
                    return nil
                }
                state.leftDuringStart = false
                return Self.takeNext(&state, thread)
            }
        }
    }

    /// The next start, with `thread` as the drainer; or none, and the line is free.
    @inlinable
    static func takeNext(_ state: inout State, _ thread: UInt) -> (@Sendable () -> Void)? {
        guard let next = state.waiting.popFirst() else {
            state.isBusy = false
            state.drainer = 0
            return nil
        }
        state.drainer = thread
        state.leftDuringStart = false
        state.takenCount += 1
        return next
    }
}

/// One connection's place in its line: the source subscription (`upstream`), and the two
/// halves of its end — the start has returned, the subscription has been ended and cleaned
/// up — after both of which the next connection may start.
@usableFromInline
final class _ConnectionTurn: Sendable {
    /// The source subscription (the sink's disposable, installed before the start).
    @usableFromInline let upstream = SerialDisposable()
    @usableFromInline let line: _ConnectionLine
    @usableFromInline let hasEndedOnce = Atomic<Bool>(false)
    @usableFromInline let halvesLeft = Atomic<Int>(2)

    @inlinable
    init(line: _ConnectionLine) {
        self.line = line
    }

    /// Subscribes the source with `start` when this connection's turn comes (now, if no
    /// other connection is live); `start` must not run if the connection has already ended.
    @inlinable
    func start(_ start: @escaping @Sendable () -> Void) {
        line.enter { [self] in
            start()
            halfDone()
        }
    }

    /// Ends the connection, once: disposes the source subscription (its cleanup runs here).
    @inlinable
    func end() {
        guard !hasEndedOnce.exchange(true, ordering: .acquiringAndReleasing) else { return }
        upstream.dispose()
        halfDone()
    }

    /// Whether `end()` has been called.
    @inlinable
    var hasEnded: Bool { hasEndedOnce.load(ordering: .acquiring) }

    @inlinable
    func halfDone() {
        if halvesLeft.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 { line.leave() }
    }
}

#if DEBUG
/// Debug builds only: the message printed once when a connection has waited in line longer
/// than `threshold` (5 s) for the previous connection's teardown — almost always a source's
/// teardown waiting for the next connection (Contracts.md, "Connectable signals": "A teardown
/// must not wait for the next connection"). Release builds have none of it. Tests shorten the
/// threshold and catch the message through `report`.
package enum _ConnectionLineDiagnostic: _WaitDiagnostic {
    package static let settings = _Locked(_WaitDiagnosticSettings())

    package static let message = """
        Signals: a subscription to a shared or connectable signal has waited more than a few \
        seconds for the previous connection's teardown to finish: the source's teardown may be \
        waiting for the next connection (a subscriber's first value, say), which starts only \
        once the teardown has returned — a deadlock. See Contracts.md, "Connectable signals": \
        "A teardown must not wait for the next connection". (Printed once; debug builds only.)
        """

}
#endif
