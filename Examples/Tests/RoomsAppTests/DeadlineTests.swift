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
