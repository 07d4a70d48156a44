import Foundation

/// Waits until `process` exits or `deadline` passes, whichever comes first; at the deadline
/// it kills the process (`SIGKILL`: a process with graceful-shutdown handlers ignores a
/// polite signal) and waits for it to go. Returns whether the process exited by itself.
///
/// What a tool calls instead of `waitUntilExit()` for a child it depends on, so that a child
/// that hangs ends the wait with a clear failure instead of a tool that never returns.
///
/// ```swift
/// try clients.run()
/// if await !waitForExit(of: clients, until: .now + .seconds(300)) {
///     print("the client process did not finish within 300 s: killed")
/// }
/// ```
public func waitForExit(of process: Process, until deadline: ContinuousClock.Instant) async -> Bool {
    while process.isRunning {
        guard ContinuousClock.now < deadline else {
            killProcess(process)
            return false
        }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return true
}

/// Kills `process` (`SIGKILL`) if it is still running, and waits until it has gone.
///
/// ```swift
/// killProcess(clients)
/// print(clients.terminationReason == .uncaughtSignal) // true, unless it had exited already
/// ```
public func killProcess(_ process: Process) {
    guard process.isRunning else { return }
    _ = kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
}

/// Runs `action` on a thread of its own once `seconds` have passed, unless `cancel()` comes
/// first: a deadline that holds when every task of the process is blocked, the cooperative
/// pool's threads included, where `waitForExit(of:until:)` and every other `async` wait can no
/// longer run. (The `AsyncStream` twin's server once deadlocked both of the pool's threads on
/// this machine's 2 cores; a deadline in a task never fired.)
///
/// ```swift
/// let watchdog = Watchdog(after: 360) { killProcess(clients); exit(3) }
/// // … the scenario …
/// watchdog.cancel()
/// ```
public final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    public init(after seconds: Double, _ action: @escaping @Sendable () -> Void) {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1_000))
        Thread.detachNewThread { [self] in
            while ContinuousClock.now < deadline {
                if isCancelled { return }
                Thread.sleep(forTimeInterval: 0.05)
            }
            if !isCancelled { action() }
        }
    }

    /// Stops the watchdog: `action` will not run (unless it already has).
    public func cancel() { lock.withLock { cancelled = true } }

    private var isCancelled: Bool { lock.withLock { cancelled } }
}
