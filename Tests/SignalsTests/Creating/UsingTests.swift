// Signal.using: a resource acquired per subscription and released exactly once when the
// subscription ends, however it ends.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

/// A resource that records its lifetime.
private final class Resource: Sendable {
    let id: Int
    let log: Locked<[String]>
    init(_ id: Int, _ log: Locked<[String]>) {
        self.id = id
        self.log = log
        log.append("acquire \(id)")
    }
    func release() { log.append("release \(id)") }
}

@Suite struct UsingTests {
    @Test func acquiresPerSubscriptionAndReleasesAfterCompletion() {
        // Given
        let log = Locked<[String]>([])
        let ids = Counter()
        let signal = Signal<Int, Never>.using({ Resource(ids.increment(), log) }, release: { $0.release() }) { resource in
            Signal.from([resource.id * 10])
        }
        // When
        signal.subscribe(Observer { event in log.append("got \(event)") })
        signal.subscribe(Observer { event in log.append("got \(event)") })
        // Then
        #expect(log.value == [
            "acquire 1", "got next(10)", "got completed", "release 1",
            "acquire 2", "got next(20)", "got completed", "release 2",
        ])
    }

    @Test func releasesAfterAnError() {
        // Given
        let log = Locked<[String]>([])
        let signal = Signal<Int, Oops>.using({ Resource(1, log) }, release: { $0.release() }) { _ in .error(Oops()) }
        // When
        signal.subscribe(Observer { event in log.append("got \(event)") })
        // Then
        #expect(log.value == ["acquire 1", "got error(Oops())", "release 1"])
    }

    @Test func disposingMidStreamDisposesTheSignalThenReleasesOnce() {
        // Given
        let log = Locked<[String]>([])
        let source = SpySource<Int, Never>()
        let recorder = Signal<Int, Never>.using({ Resource(1, log) }, release: { $0.release() }) { _ in
            source.signal.on(disposed: { log.append("inner disposed") })
        }.record()
        source.send(value: 1)
        // When
        recorder.dispose()
        recorder.dispose()
        source.send(value: 2)
        source.sendCompleted()
        // Then
        #expect(recorder.events == [.next(1)])
        #expect(log.value == ["acquire 1", "inner disposed", "release 1"])
        #expect(source.disposals.count == 1)
    }

    @Test func releasesOnceWhenDisposedFromManyThreadsAtOnce() {
        // Given
        let releases = Counter()
        let recorder = Signal<Int, Never>.using({ 1 }, release: { _ in releases.increment() }) { _ in .never }.record()
        // When
        runConcurrently(4) { _ in recorder.dispose() }
        // Then
        #expect(releases.count == 1)
    }

    @Test func theResourceLivesWhileTheSubscriptionDoes() {
        // Given
        let releases = Counter()
        let subject = Subject<Int, Never>()
        let recorder = Signal<Int, Never>.using({ 1 }, release: { _ in releases.increment() }) { _ in subject.signal }.record()
        // When
        subject.send(value: 1)
        let releasedWhileLive = releases.count
        subject.sendCompleted()
        // Then
        #expect(releasedWhileLive == 0)
        #expect(releases.count == 1)
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test func reentrantSendFromACallbackIsDeliveredBeforeTheRelease() {
        // Given
        let log = Locked<[String]>([])
        let subject = Subject<Int, Never>()
        Signal<Int, Never>.using({ Resource(1, log) }, release: { $0.release() }) { _ in subject.signal }
            .subscribe(next: { value in
                log.append("got \(value)")
                if value == 1 {
                    subject.send(value: 2)
                    subject.sendCompleted()
                }
            })
        // When
        subject.send(value: 1)
        // Then
        #expect(log.value == ["acquire 1", "got 1", "got 2", "release 1"])
    }
}
