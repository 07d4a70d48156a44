// A source's teardown that waits for the next connection deadlocks: the source is subscribed
// once at a time, so the next connection starts only when the teardown has returned
// (Contracts.md, "Connectable signals": "A teardown must not wait for the next connection").
// Debug builds name the cause once, when a connection has waited in line longer than a
// threshold (5 s; shortened here). Release builds have no such check, so the diagnostic test
// exists only in debug builds.

import Dispatch
import Signals
import SignalsTestSupport
import Testing

@Suite(.serialized) struct TeardownWaitConcurrencyTests {
    /// Issue 35: the teardown of `share()`'s source waits for another thread that subscribes
    /// to the same shared signal and waits for its first value. That subscription's
    /// connection waits in line for the teardown, so neither moves. The teardown's wait is
    /// bounded here (a real app would wait for ever) and lasts until the diagnostic speaks.
    #if DEBUG
    @Test func aTeardownWaitingForTheNextConnectionIsNamed() {
        let messages = Locked<[String]>([])
        let saved = _ConnectionLineDiagnostic.settings.withLock { settings in
            defer {
                settings.threshold = .milliseconds(50)
                settings.hasReported = false
                settings.report = { message in messages.withLock { $0.append(message) } }
            }
            return settings
        }
        defer { _ConnectionLineDiagnostic.settings.withLock { $0 = saved } }

        let shared = Locked<Signal<Int, Never>?>(nil)
        let secondGotAValue = DispatchSemaphore(value: 0)
        let teardownWaited = Locked<DispatchTimeoutResult?>(nil)
        let subscriptions = Counter()
        let source = Signal<Int, Never> { observer in
            let number = subscriptions.increment()
            observer.send(value: number)
            return AnyDisposable {
                guard number == 1 else { return }
                // The teardown asks another thread to subscribe, and waits for its first value.
                let other = TestThread {
                    shared.value!.take(1).subscribe(next: { _ in secondGotAValue.signal() })
                }
                let result = DispatchSemaphore(value: 0)
                let waiter = TestThread {
                    _ = waitUntil(seconds: 10) { !messages.value.isEmpty }
                    result.signal()
                }
                result.wait()
                let waited = secondGotAValue.wait(timeout: .now())
                teardownWaited.withLock { $0 = waited }
                other.join()
                waiter.join()
            }
        }
        shared.withLock { $0 = source.share() }
        let first = shared.value!.subscribe()
        first.dispose()
        // The second subscription's connection starts once the teardown has returned.
        #expect(secondGotAValue.wait(timeout: .now() + 10) == .success)
        #expect(teardownWaited.value == .timedOut)  // the wait could not end by itself

        let printed = messages.value
        #expect(printed.count == 1)
        #expect(printed.first?.hasPrefix("Signals:") == true)
        #expect(printed.first?.contains("may be waiting for the next connection") == true)
        #expect(printed.first?.contains("A teardown must not wait for the next connection") == true)
    }
    #endif

    /// What holds: a teardown that waits only for another thread's `subscribe` to return.
    @Test func aTeardownWaitingForASubscribeCallToReturnHolds() {
        let shared = Locked<Signal<Int, Never>?>(nil)
        let secondGotAValue = DispatchSemaphore(value: 0)
        let subscriptions = Counter()
        let source = Signal<Int, Never> { observer in
            let number = subscriptions.increment()
            observer.send(value: number)
            return AnyDisposable {
                guard number == 1 else { return }
                let subscribed = DispatchSemaphore(value: 0)
                let other = TestThread {
                    shared.value!.take(1).subscribe(next: { _ in secondGotAValue.signal() })
                    subscribed.signal()
                }
                subscribed.wait()
                other.join()
            }
        }
        shared.withLock { $0 = source.share() }
        let finished = withWatchdog(.seconds(10)) {
            shared.value!.subscribe().dispose()
        }
        #expect(finished)
        #expect(secondGotAValue.wait(timeout: .now() + 10) == .success)
        #expect(subscriptions.count == 2)
    }
}
