// Signal.observing(_:) over Swift's Observation: the current value on subscription, a newer
// one after every change, nothing after disposal; changes made on several threads.

#if canImport(Observation)
import Testing
import Signals
import SignalsTesting
import SignalsTestSupport
import Observation
import Foundation

/// A model whose changes and reads are serialised by a lock (`NSLock`, not `Mutex`, which
/// ThreadSanitizer cannot see), so that several threads may change it: an `@Observable`
/// class's storage is not thread-safe by itself.
@Observable
private final class Thermostat: @unchecked Sendable {
    var target = 20
    var unit = "C"
    @ObservationIgnored private let lock = NSLock() // over a pthread mutex: ThreadSanitizer sees it

    func withLock<T>(_ body: (Thermostat) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(self)
    }
}

@Suite struct ObservingTests {
    @Test func sendsTheCurrentValueOnSubscription() {
        let model = Thermostat()
        let recorder = Signal.observing { model.withLock { $0.target } }.record()
        #expect(recorder.values == [20]) // before subscribe returned
        recorder.dispose()
    }

    @Test func sendsTheNewValueAfterAChange() {
        let model = Thermostat()
        let recorder = Signal.observing { model.withLock { $0.target } }.record()
        model.withLock { $0.target = 22 }
        #expect(waitUntil(seconds: 30) { recorder.values.last == 22 })
        #expect(recorder.values == [20, 22])
        recorder.dispose()
    }

    @Test func followsOnlyWhatTheReadTouched() {
        let model = Thermostat()
        let recorder = Signal.observing { model.withLock { $0.target } }.record()
        model.withLock { $0.unit = "F" }    // not read: no new value
        model.withLock { $0.target = 70 }   // read: a new value
        #expect(waitUntil(seconds: 30) { recorder.values.last == 70 })
        #expect(recorder.values == [20, 70])
        recorder.dispose()
    }

    @Test func disposalStopsTracking() {
        let model = Thermostat()
        let reads = Counter()
        let recorder = Signal.observing {
            reads.increment()
            return model.withLock { $0.target }
        }.record()
        recorder.dispose()
        model.withLock { $0.target = 30 }
        model.withLock { $0.target = 31 }
        // A re-read would be queued by the first change; give it the chance to (wrongly) run.
        let probe = Signal.observing { model.withLock { $0.target } }.record()
        model.withLock { $0.target = 32 }
        #expect(waitUntil(seconds: 30) { probe.values.last == 32 })
        probe.dispose()
        #expect(recorder.values == [20])
        #expect(reads.count == 2) // the registering read and the value's read, at subscription
    }

    @Test func changesFromSeveralThreadsEndAtTheLatestValue() {
        let model = Thermostat()
        let recorder = Signal.observing { model.withLock { $0.target } }.record()
        runConcurrently(4) { _ in
            for _ in 0..<250 { model.withLock { $0.target += 1 } }
        }
        // Every change is followed by a value at least as new: the last is the final one.
        #expect(waitUntil(seconds: 120) { recorder.values.last == 1_020 })
        let values = recorder.values
        #expect(values.first == 20)
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 }) // never older than the last
        recorder.dispose()
    }
}
#endif
