// MainActorScheduler on virtual time: the app passes `.mainActor`, a test passes
// `testScheduler.mainActor` and advances it from the main actor; the same `@MainActor`
// closures run, synchronously, inside `advance`.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

/// A view model as an app writes it: main-actor state, a scheduler it is given.
@MainActor private final class SearchModel {
    private(set) var results: [String] = []
    private(set) var failures = 0
    private(set) var isFinished = false
    private let bag = DisposeBag()

    init(query: Signal<String, Never>, scheduler: MainActorScheduler = .mainActor) {
        query.debounce(.milliseconds(300), on: scheduler)
            .observe(on: scheduler)
            .subscribe(
                next: { [weak self] text in self?.results.append(text) },
                completed: { [weak self] in self?.isFinished = true }
            )
            .disposed(by: bag)
    }
}

private struct Boom: Error, Equatable {}

@Suite struct MainActorSchedulerTests {
    @MainActor @Test func aMainActorTestAdvancesVirtualTimeAndSeesTheClosuresRun() {
        // Given
        let scheduler = TestScheduler()
        let query = Subject<String, Never>()
        let model = SearchModel(query: query.signal, scheduler: scheduler.mainActor)
        // When
        query.send(value: "s")
        scheduler.advance(by: .milliseconds(100))
        query.send(value: "sig")
        scheduler.advance(by: .milliseconds(299))
        // Then
        #expect(model.results == [])
        scheduler.advance(by: .milliseconds(1))
        #expect(model.results == ["sig"])
        query.sendCompleted()
        #expect(!model.isFinished) // delivered on a later turn, as on the main queue
        scheduler.advance()
        #expect(model.isFinished)
    }

    @MainActor @Test func eventsArriveOnALaterTurnInOrderNeverInline() {
        let scheduler = TestScheduler()
        let seen = Locked<[Event<Int, Never>]>([])
        Signal.from([1, 2, 3]).observe(on: scheduler.mainActor).subscribe(
            next: { @MainActor value in seen.append(.next(value)) },
            completed: { @MainActor in seen.append(.completed) }
        )
        #expect(seen.value == [])
        scheduler.advance()
        #expect(seen.value == [.next(1), .next(2), .next(3), .completed])
    }

    @MainActor @Test func anErrorReachesTheMainActorErrorClosure() {
        let scheduler = TestScheduler()
        let errors = Locked<[Boom]>([])
        Signal<Int, Boom>.error(Boom()).observe(on: scheduler.mainActor).subscribe(
            error: { @MainActor error in errors.append(error) }
        )
        scheduler.advance()
        #expect(errors.value == [Boom()])
    }

    @MainActor @Test func disposingBeforeTheTurnDeliversNothing() {
        let scheduler = TestScheduler()
        let seen = Locked<[Int]>([])
        let subscription = Signal.from([1, 2]).observe(on: scheduler.mainActor)
            .subscribe(next: { @MainActor value in seen.append(value) })
        subscription.dispose()
        scheduler.advance()
        #expect(seen.value == [])
    }

    @MainActor @Test func theSchedulerForTestsIsATestSchedulerForTimeOperators() {
        // `.signal` keeps composing on the same virtual time.
        let scheduler = TestScheduler()
        let recorder = Signal.from([1, 2]).observe(on: scheduler.mainActor).signal
            .delay(.seconds(2), on: scheduler.mainActor)
            .record()
        scheduler.advance(by: .seconds(1))
        #expect(recorder.values == [])
        scheduler.advance(by: .seconds(1))
        #expect(recorder.events == [.next(1), .next(2), .completed])
    }

    @Test func itsClockFollowsTheDrivingScheduler() {
        let scheduler = TestScheduler()
        scheduler.advance(by: .seconds(5))
        let mainActor = scheduler.mainActor
        let start = mainActor.now
        scheduler.advance(by: .seconds(3))
        #expect(start.duration(to: mainActor.now) == .seconds(3))
    }

    @Test func theProductionValueIsTheMainQueueOnTheSuspendingClock() {
        let before = SuspendingClock.now
        let now = MainActorScheduler.mainActor.now
        #expect(now >= before)
        #expect(now <= SuspendingClock.now)
    }
}
