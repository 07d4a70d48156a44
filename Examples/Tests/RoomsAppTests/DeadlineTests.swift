// rooms-load's deadline for its client process (one run of the followers scenario hung for
// ten minutes waiting for the client process's report): `waitForExit(of:until:)`, which the
// tool waits with, kills a child that outlives the deadline and says so. Counts and statuses,
// not times.

import Foundation
import RoomsTestSupport
import Testing

@Suite struct ProcessDeadlineTests {
    @Test func aChildStillRunningAtTheDeadlineIsKilledAndTheWaitSaysSo() async throws {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/sleep")
        child.arguments = ["600"]   // a client process that never reports
        try child.run()
        let exitedByItself = await waitForExit(of: child, until: .now + .milliseconds(100))
        #expect(!exitedByItself)
        #expect(!child.isRunning)
        #expect(child.terminationReason == .uncaughtSignal)
        #expect(child.terminationStatus == SIGKILL)
    }

    @Test func aChildThatExitsBeforeTheDeadlineIsWaitedForAndKeepsItsStatus() async throws {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/sh")
        child.arguments = ["-c", "exit 7"]
        try child.run()
        let exitedByItself = await waitForExit(of: child, until: .now + .seconds(120))
        #expect(exitedByItself)
        #expect(child.terminationReason == .exit)
        #expect(child.terminationStatus == 7)
    }

    @Test func killingAChildThatHasExitedChangesNothing() async throws {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/sh")
        child.arguments = ["-c", "exit 0"]
        try child.run()
        child.waitUntilExit()
        killProcess(child)
        #expect(child.terminationReason == .exit)
        #expect(child.terminationStatus == 0)
    }
}

/// `Watchdog`: the deadline rooms-load keeps on a thread of its own, for when its tasks no
/// longer run. Whether it fires, not when.
@Suite struct WatchdogTests {
    @Test func aWatchdogNotCancelledRunsItsActionOnce() {
        let fired = DispatchSemaphore(value: 0)
        let count = Count()
        let watchdog = Watchdog(after: 0.05) {
            count.add()
            fired.signal()
        }
        #expect(fired.wait(timeout: .now() + 60) == .success)
        #expect(count.value == 1)
        watchdog.cancel()
    }

    @Test func aCancelledWatchdogNeverRunsItsAction() {
        let count = Count()
        let watchdog = Watchdog(after: 0.2) { count.add() }
        watchdog.cancel()
        Thread.sleep(forTimeInterval: 0.6)   // past the deadline and a few of its polls
        #expect(count.value == 0)
    }
}

/// A counter any thread adds to.
private final class Count: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    func add() { lock.withLock { n += 1 } }
    var value: Int { lock.withLock { n } }
}
