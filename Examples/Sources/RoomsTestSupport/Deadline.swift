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
