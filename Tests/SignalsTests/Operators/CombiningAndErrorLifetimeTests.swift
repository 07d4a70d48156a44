// Lifetimes of zip, withLatestFrom, sample, catch, retry, retry(when:), repeat, on and using:
// once a subscription has ended (terminal event or dispose), nothing it captured is alive,
// even through the feedback subjects of retry(when:). See LifetimeTests for `expectReleased`.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

/// A source that subscribes each subscriber to a fresh subject, the `current` one, and keeps
/// nothing else (a `ManualSource` keeps every sink, and with it everything a sink holds).
private final class FreshSubjects<Value, Failure: Error>: Sendable {
    private let subject = Locked<Subject<Value, Failure>?>(nil)

    var signal: Signal<Value, Failure> {
        .deferred { [subject] in
            let fresh = Subject<Value, Failure>()
            subject.withLock { $0 = fresh }
            return fresh.signal
        }
    }

    var current: Subject<Value, Failure> { subject.value! }
}

@Suite struct CombiningAndErrorLifetimeTests {
    @Test func zipReleasesEverythingAfterCompletionAndAfterDispose() {
        let a = Subject<Int, Never>(), b = Subject<Int, Never>()
        let completed = expectReleased({ token in
            Signal.zip(a.signal.map { _ = token; return $0 }, b.signal)
        }, after: { _ in a.sendCompleted() })
        #expect(completed.isCompleted)
        let c = Subject<Int, Never>()
        expectReleased({ token in Signal.zip([c.signal.map { _ = token; return $0 }, c.signal]) }, after: { $0.dispose() })
    }

    @Test func withLatestFromAndSampleReleaseEverythingWhenTheyEnd() {
        let a = Subject<Int, Never>(), b = Subject<Int, Never>()
        let completed = expectReleased({ token in
            a.signal.withLatestFrom(b.signal.map { _ = token; return $0 })
        }, after: { _ in a.sendCompleted() })
        #expect(completed.isCompleted)
        let c = Subject<Int, Never>(), ticks = Subject<Void, Never>()
        let sampled = expectReleased({ token in
            c.signal.sample(on: ticks.signal.map { _ in _ = token })
        }, after: { _ in ticks.sendCompleted() })
        #expect(sampled.isCompleted)
    }

    @Test func catchAndRetryReleaseEverythingWhenTheyEnd() {
        let source = FreshSubjects<Int, Oops>()
        let caught = expectReleased({ token in
            source.signal.catch { _ in Signal<Int, Never>.just(token.id) }
        }, after: { _ in source.current.send(error: Oops()) })
        #expect(caught.events == [.next(1), .completed])
        let retried = expectReleased({ token in
            source.signal.map { _ = token; return $0 }.retry(3)
        }, after: { _ in
            source.current.send(error: Oops())
            source.current.sendCompleted()
        })
        #expect(retried.events == [.completed])
    }

    @Test func retryWhenReleasesItsFeedbackLoopAfterCompletionErrorAndDispose() {
        let source = ManualSource<Int, Oops>()
        let completed = expectReleased({ token in
            source.signal.retry(when: { errors in errors.map { _ in _ = token } })
        }, after: { _ in
            source.observer.send(error: Oops())
            source.observer.sendCompleted()
        })
        #expect(completed.events == [.completed])
        let failed = expectReleased({ token in
            source.signal.retry(when: { errors in errors.flattenMap { error in Signal<Void, Oops>.error(error).map { _ in _ = token } } })
        }, after: { _ in source.observer.send(error: Oops()) })
        #expect(failed.events == [.error(Oops())])
        expectReleased({ token in
            source.signal.retry(when: { errors in errors.map { _ in _ = token } })
        }, after: { $0.dispose() })
    }

    @Test func repeatReleasesEverythingAfterDispose() {
        let source = FreshSubjects<Int, Never>()
        expectReleased({ token in source.signal.map { _ = token; return $0 }.repeatForever() }, after: { recorder in
            source.current.sendCompleted()
            recorder.dispose()
        })
    }

    @Test func onAndUsingReleaseEverythingWhenTheyEnd() {
        let subject = Subject<Int, Never>()
        expectReleased({ token in subject.signal.on(next: { _ in _ = token }, disposed: { _ = token }) }, after: { $0.dispose() })
        let released = Counter()
        expectReleased({ token in
            Signal<Int, Never>.using({ token }, release: { _ in released.increment() }) { _ in subject.signal }
        }, after: { _ in subject.sendCompleted() })
        #expect(released.count == 1)
    }
}
