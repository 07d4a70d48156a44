// Creating signals and the disposable family
// (Contracts.md, "The grammar" and "Disposal and lifetimes").

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct CreatingTests {
    @Test func justSendsItsValueThenCompletes() {
        #expect(Signal.just(1).record().events == [.next(1), .completed])
    }

    @Test func emptyCompletesAtOnce() {
        #expect(Signal<Int, Never>.empty.record().events == [.completed])
    }

    @Test func errorFailsAtOnce() {
        #expect(Signal<Int, Oops>.error(Oops()).record().events == [.error(Oops())])
    }

    @Test func neverSendsNothing() {
        // Given
        let recorder = Signal<Int, Never>.never.record()
        // Then
        #expect(recorder.events.isEmpty)
        recorder.dispose()
    }

    @Test func fromSendsEveryElementInOrderThenCompletes() {
        #expect(Signal.from([3, 1, 2]).record().events == [.next(3), .next(1), .next(2), .completed])
        #expect(Signal<Int, Oops>.from(1...2).record().events == [.next(1), .next(2), .completed])
    }

    @Test func fromIsColdAndRunsForEverySubscription() {
        // Given
        let numbers = Signal.from([1, 2])
        // When
        let first = numbers.record(), second = numbers.record()
        // Then
        #expect(first.values == [1, 2])
        #expect(second.values == [1, 2])
    }

    @Test func deferredBuildsAFreshSignalForEverySubscription() {
        // Given
        let builds = Counter()
        let signal = Signal<Int, Never>.deferred { .just(builds.increment()) }
        let builtBeforeSubscribing = builds.count
        // When
        let first = signal.record(), second = signal.record()
        // Then
        #expect(builtBeforeSubscribing == 0)
        #expect(first.events == [.next(1), .completed])
        #expect(second.events == [.next(2), .completed])
    }

    @Test func eventDescriptionsPrintTheirCase() {
        let events: [Event<Int, Oops>] = [.next(1), .error(Oops()), .completed]
        #expect(events.map(\.description) == ["next(1)", "error(Oops())", "completed"])
        #expect(events.map(\.value) == [1, nil, nil])
        #expect(events.map(\.isTerminating) == [false, true, true])
    }
}

@Suite struct DisposableTests {
    @Test func anyDisposableRunsItsActionOnce() {
        // Given
        let runs = Counter()
        let disposable = AnyDisposable { runs.increment() }
        // When
        disposable.dispose()
        disposable.dispose()
        // Then
        #expect(runs.count == 1)
        #expect(disposable.isDisposed)
    }

    @Test func compoundDisposableDisposesAllAndDisposesLateAdditionsAtOnce() {
        // Given
        let a = AnyDisposable(), b = AnyDisposable(), removed = AnyDisposable(), late = AnyDisposable()
        let compound = CompoundDisposable([a])
        compound.add(b)
        compound.add(removed)
        compound.remove(removed)
        // When
        compound.dispose()
        compound.add(late)
        // Then
        #expect(a.isDisposed && b.isDisposed && late.isDisposed)
        #expect(!removed.isDisposed)
        #expect(compound.isDisposed)
    }

    @Test func serialDisposableDisposesTheReplacedInnerAndLateAssignments() {
        // Given
        let first = AnyDisposable(), second = AnyDisposable(), late = AnyDisposable()
        let serial = SerialDisposable()
        serial.inner = first
        // When
        serial.inner = second
        let firstDisposedOnReplace = first.isDisposed
        serial.dispose()
        serial.inner = late
        // Then
        #expect(firstDisposedOnReplace)
        #expect(second.isDisposed)
        #expect(late.isDisposed)
    }

    @Test func disposeBagDisposesEverythingOnDeinit() {
        // Given
        let subject = Subject<Int, Never>()
        let recorder = Locked<[Int]>([])
        var bag: DisposeBag? = DisposeBag()
        subject.signal.subscribe(next: { recorder.append($0) }).disposed(by: bag!)
        subject.send(value: 1)
        // When
        bag = nil
        subject.send(value: 2)
        // Then
        #expect(recorder.value == [1])
    }
}
