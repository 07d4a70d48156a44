// A callback that blocks on a thread sending into the signal it is called from deadlocks
// (Contracts.md, "Blocking in a callback"). Debug builds name the cause once, when a send has
// waited for its turn longer than a threshold (5 s; shortened here). Release builds have no
// such check, so these tests exist only in debug builds.

#if DEBUG
import Dispatch
import Signals
import SignalsTestSupport
import Testing

@Suite(.serialized) struct BlockingCallbackConcurrencyTests {
    /// Thread A's callback blocks until the diagnostic has spoken (a real app would block for
    /// ever: a semaphore waiting for thread B, whose send waits for A's callback to return).
    @Test func aSendThatWaitsTooLongForItsTurnNamesTheCauseOnce() {
        let messages = Locked<[String]>([])
        let saved = _SlowTurnDiagnostic.settings.withLock { settings in
            defer {
                settings.threshold = .milliseconds(50)
                settings.hasReported = false
                settings.report = { message in messages.withLock { $0.append(message) } }
            }
            return settings
        }
        defer { _SlowTurnDiagnostic.settings.withLock { $0 = saved } }

        let subject = Subject<Int, Never>()
        let inCallback = DispatchSemaphore(value: 0)
        let received = Locked<[Int]>([])
        let subscription = subject.signal.subscribe(next: { value in
            received.append(value)
            guard value == 1 else { return }
            inCallback.signal()
            // Generous: under a loaded CI machine the waiting senders may start late.
            _ = waitUntil(seconds: 60) { !messages.value.isEmpty }
        })
        // Dedicated threads, not the global queue: a suite running beside this one can take
        // every pool thread, and then the waiting sends would never start.
        let first = TestThread { subject.send(value: 1) }
        inCallback.wait()
        let second = TestThread { subject.send(value: 2) } // waits for its turn
        let third = TestThread { subject.send(value: 3) } // a second waiter
        for thread in [first, second, third] { thread.join() }
        subscription.dispose()

        let printed = messages.value
        #expect(printed.count == 1)
        #expect(printed.first?.hasPrefix("Signals:") == true)
        #expect(printed.first?.contains("a callback may be blocking on a thread that is sending into this signal") == true)
        #expect(printed.first?.contains("Blocking in a callback") == true)
        #expect(received.value.first == 1 && received.value.sorted() == [1, 2, 3])
    }
}
#endif
