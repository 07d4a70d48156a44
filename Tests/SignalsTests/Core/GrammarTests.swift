// The grammar of a subscription: `next*` then at most one of `error` / `completed`, and
// nothing after a terminal event or after dispose (Contracts.md, "The grammar").

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

@Suite struct ObserverGrammarTests {
    @Test func ignoresEverythingAfterCompletion() {
        // Given
        let log = Locked<[Event<Int, Oops>]>([])
        let observer = Observer<Int, Oops> { log.append($0) }
        // When
        observer.send(value: 1)
        observer.sendCompleted()
        observer.send(value: 2)
        observer.send(error: Oops())
        observer.sendCompleted()
        // Then
        #expect(log.value == [.next(1), .completed])
    }

    @Test func ignoresEverythingAfterAnError() {
        // Given
        let log = Locked<[Event<Int, Oops>]>([])
        let observer = Observer<Int, Oops> { log.append($0) }
        // When
        observer.send(.next(1))
        observer.send(.error(Oops()))
        observer.send(.next(2))
        observer.send(.completed)
        // Then
        #expect(log.value == [.next(1), .error(Oops())])
    }

    @Test func closureInitialiserRoutesEachKindOfEvent() {
        // Given
        let log = Locked<[String]>([])
        let observer = Observer<Int, Oops>(
            next: { log.append("next \($0)") },
            error: { _ in log.append("error") },
            completed: { log.append("completed") })
        // When
        observer.send(value: 1)
        observer.send(error: Oops())
        // Then
        #expect(log.value == ["next 1", "error"])
    }

    @Test func isStoppedBecomesTrueOnlyAfterTheTerminalEvent() {
        // Given
        let observer = Observer<Int, Oops> { _ in }
        // When
        observer.send(value: 1)
        let stoppedAfterValue = observer.isStopped
        observer.send(error: Oops())
        // Then
        #expect(!stoppedAfterValue)
        #expect(observer.isStopped)
    }

    @Test func sinkIsStoppedOnceTheSubscriptionIsDisposed() {
        // Given
        let source = ManualSource<Int, Never>()
        let subscription = source.signal.subscribe(next: { _ in })
        let sink = source.observer
        let stoppedBefore = sink.isStopped
        // When
        subscription.dispose()
        // Then
        #expect(!stoppedBefore)
        #expect(sink.isStopped)
    }

    @Test func observerSubscribedToTwoSignalsIsStoppedForBothByTheFirstTerminalEvent() {
        // Given
        let a = Subject<Int, Never>(), b = Subject<Int, Never>()
        let log = Locked<[Event<Int, Never>]>([])
        let observer = Observer<Int, Never> { log.append($0) }
        a.signal.subscribe(observer)
        b.signal.subscribe(observer)
        // When
        a.send(value: 1)
        b.send(value: 2)
        a.sendCompleted()
        b.send(value: 3)
        b.sendCompleted()
        // Then
        #expect(log.value == [.next(1), .next(2), .completed])
        #expect(observer.isStopped)
    }

    @Test func signalSendingAfterItsTerminalEventDeliversNothingMore() {
        // Given
        let unruly = Signal<Int, Oops> { observer in
            observer.send(value: 1)
            observer.sendCompleted()
            observer.send(value: 2)
            observer.send(error: Oops())
            return nil
        }
        // When
        let recorder = unruly.record()
        // Then
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test func innerSignalSendingAfterItsTerminalEventDeliversNothingMoreThroughBind() {
        // Given
        let unruly = Signal<Int, Oops> { observer in
            observer.send(value: 1)
            observer.sendCompleted()
            observer.send(value: 2)
            observer.send(error: Oops())
            return nil
        }
        // When
        let recorder = Signal<Int, Oops>.from([10, 20]).flattenMap { base in unruly.map { base + $0 } }.record()
        // Then
        #expect(recorder.events == [.next(11), .next(21), .completed])
    }

    @Test func terminalEventReleasesTheSubscriptionResources() {
        // Given
        let disposals = Counter()
        let source = Signal<Int, Never> { observer in
            observer.send(value: 1)
            observer.sendCompleted()
            return AnyDisposable { disposals.increment() }
        }
        // When
        let recorder = source.record()
        // Then
        #expect(recorder.events == [.next(1), .completed])
        #expect(disposals.count == 1)
    }
}

@Suite struct SubscriptionDisposalTests {
    @Test func subscriptionThatEndedSynchronouslyReturnsADisposedDisposable() {
        // Given / When
        let fromJust = Signal.just(1).subscribe(next: { _ in })
        let fromError = Signal<Int, Oops>.error(Oops()).subscribe(Observer { _ in })
        let fromSequence = Signal.from([1, 2]).map { $0 + 1 }.subscribe(next: { _ in })
        let fromCreate = Signal<Int, Never> { observer in
            observer.sendCompleted()
            return AnyDisposable()
        }.subscribe(next: { _ in })
        let subject = Subject<Int, Never>()
        let live = subject.signal.subscribe(next: { _ in })
        // Then
        #expect(fromJust.isDisposed)
        #expect(fromError.isDisposed)
        #expect(fromSequence.isDisposed)
        #expect(fromCreate.isDisposed)
        #expect(!live.isDisposed)
        live.dispose()   // a live subscription lasts until disposed (Contracts.md, "Disposal and lifetimes")
        withExtendedLifetime(subject) {}
    }

    @Test func nothingIsDeliveredAfterDispose() {
        // Given
        let source = SpySource<Int, Oops>()
        let recorder = source.signal.record()
        source.send(value: 1)
        // When
        recorder.dispose()
        source.send(value: 2)
        source.send(error: Oops())
        // Then
        #expect(recorder.events == [.next(1)])
        #expect(source.disposals.count == 1)
    }

    /// Where Signals differs from ReactiveSwift, whose disposal sends `interrupted`.
    @Test func disposingSendsNoEventThroughOperators() {
        // Given
        let source = SpySource<Int, Oops>()
        let events = Locked<[Event<Int, Oops>]>([])
        let subscription = source.signal.map { $0 * 2 }.flattenMap { Signal.just($0) }.take(5)
            .subscribe(Observer { events.append($0) })
        source.send(value: 1)
        // When
        subscription.dispose()
        // Then
        #expect(events.value == [.next(2)])
        #expect(subscription.isDisposed)
        #expect(source.disposals.count == 1)
    }

    @Test func nothingIsDeliveredAfterDisposeEvenBySinkHeldByTheSource() {
        // Given
        let source = ManualSource<Int, Never>()
        let recorder = source.signal.record()
        source.observer.send(value: 1)
        // When
        recorder.dispose()
        source.observer.send(value: 2)
        source.observer.sendCompleted()
        // Then
        #expect(recorder.events == [.next(1)])
        #expect(source.disposals.count == 1)
    }

    @Test func doubleDisposeIsANoOp() {
        // Given: a live subscription whose source keeps its sink
        let source = ManualSource<Int, Never>()
        let subscription = source.signal.subscribe(next: { _ in })
        let disposalsBefore = source.disposals.count
        // When
        subscription.dispose()
        subscription.dispose()
        // Then
        #expect(disposalsBefore == 0)
        #expect(source.disposals.count == 1)
        #expect(subscription.isDisposed)
    }

    @Test func disposingFromInsideTheCallbackStopsDeliveryAtOnce() {
        // Given
        let subject = Subject<Int, Never>()
        let holder = SerialDisposable()
        let log = Locked<[Int]>([])
        holder.inner = subject.signal.subscribe(next: { value in
            log.append(value)
            if value == 2 { holder.dispose() }
        })
        // When
        for value in 1...4 { subject.send(value: value) }
        // Then
        #expect(log.value == [1, 2])
    }

    @Test func disposingFromAnotherThreadWhileValuesFlowStartsNoNewDelivery() {
        // Given: a producer thread sending as fast as it can until its sink stops. The contract
        // (Core/Disposable.swift): after dispose() returns no delivery *starts*; one already under
        // way on the sending thread may still finish.
        let source = ManualSource<Int, Never>()
        let received = Counter()
        let receivedAfterDisposeReturned = Locked<[Int]>([])
        let terminals = Counter()
        let disposeReturned = Flag()
        let subscription = source.signal.subscribe(Observer { event in
            if disposeReturned.isSet { receivedAfterDisposeReturned.append(event.value ?? -1) }
            if event.isTerminating { terminals.increment() } else { received.increment() }
        })
        let sink = source.observer
        let limit = 50_000_000
        let producer = TestThread {
            var value = 0
            while !sink.isStopped && value < limit {
                sink.send(value: value)
                value += 1
            }
            sink.sendCompleted()
        }
        // When
        waitUntil { received.count >= 1_000 }
        subscription.dispose()
        disposeReturned.set()
        producer.join()
        sink.send(value: -2)
        // Then
        #expect(received.count >= 1_000)
        #expect(received.count < limit)
        #expect(receivedAfterDisposeReturned.value.count <= 1, "at most the one delivery under way")
        #expect(!receivedAfterDisposeReturned.value.contains(-2))
        #expect(terminals.count == 0)
        #expect(source.disposals.count == 1)
    }
}
