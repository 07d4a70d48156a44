// Main-actor delivery on the real main queue: `observe(on: .mainActor)` hands each event to
// `@MainActor` closures, in order, errors included. Every wait is one short turn of the main
// queue; no assertion depends on how long anything took.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

/// A view model as an app writes it: main-actor state, mutated from a signal's closures with
/// no `MainActor.assumeIsolated`.
@MainActor private final class CountingModel {
    var values: [Int] = []
    var isDone = false
    private let bag = DisposeBag()

    init(_ updates: Signal<Int, Never>, done: @escaping @MainActor () -> Void) {
        updates
            .observe(on: .mainActor)
            .subscribe(next: { [weak self] value in self?.values.append(value) },
                       completed: { [weak self] in self?.isDone = true; done() })
            .disposed(by: bag)
    }
}

@Suite struct MainActorDeliveryTests {
    @MainActor
    @Test func mainActorClosuresMutateMainActorStateInOrder() async {
        var model: CountingModel?
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let source = Signal.from(0..<100).subscribe(on: QueueScheduler(name: "producer"))
            model = CountingModel(source, done: { continuation.resume() })
        }
        #expect(model?.values == Array(0..<100))
        #expect(model?.isDone == true)
    }

    @MainActor
    @Test func deliversErrorsOnTheMainActor() async {
        let received = await withCheckedContinuation { (continuation: CheckedContinuation<TestError, Never>) in
            Signal<Int, TestError>.error(TestError(9)).observe(on: .mainActor).subscribe(
                error: { error in
                    MainActor.preconditionIsolated()
                    continuation.resume(returning: error)
                })
        }
        #expect(received == TestError(9))
    }

    @MainActor
    @Test func sharesTheMainQueueOrderWithQueueSchedulerMain() async {
        let log = Locked<[String]>([])
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            QueueScheduler.main.schedule { log.append("queue 1") }
            Signal.just("signal").observe(on: .mainActor).subscribe(next: { log.append($0) })
            QueueScheduler.main.schedule {
                log.append("queue 2")
                continuation.resume()
            }
        }
        #expect(log.value == ["queue 1", "signal", "queue 2"])
    }

    @MainActor
    @Test func theSignalFormKeepsComposing() async {
        let values = await withCheckedContinuation { (continuation: CheckedContinuation<[Int], Never>) in
            let recorder = Locked<[Int]>([])
            Signal.from([1, 2]).observe(on: .mainActor).signal.map { $0 * 10 }
                .subscribe(next: { recorder.append($0) }, completed: { continuation.resume(returning: recorder.value) })
        }
        #expect(values == [10, 20])
    }

    @MainActor
    @Test func disposingStopsMainActorDelivery() async {
        // Sent and disposed within one turn of the main queue: the delivery queued by the
        // send cannot have started.
        let subject = Subject<Int, Never>()
        let count = Counter()
        let subscription = subject.signal.observe(on: .mainActor).subscribe(next: { _ in count.increment() })
        subject.send(value: 1)
        subscription.dispose()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            QueueScheduler.main.schedule { continuation.resume() } // queued behind the delivery
        }
        #expect(count.count == 0)
    }
}
