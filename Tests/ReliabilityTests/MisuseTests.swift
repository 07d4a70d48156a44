// Misuse: what happens when code breaks the rules or does surprising things. Each test
// states the documented behaviour it pins.

import Signals
import SignalsTesting
import SignalsTestSupport
import Testing

private struct Boom: Error, Equatable {}


@Suite struct MisuseTests {
    // MARK: Events after a terminal event

    @Test func eventsSentAfterCompletionAreIgnored() {
        let tracker = LifetimeTracker()
        do {
            let token = tracker.instance()
            let source = Signal<Int, Boom> { observer in
                _ = token
                observer.send(value: 1)
                observer.sendCompleted()
                observer.send(value: 2)
                observer.send(error: Boom())
                observer.sendCompleted()
                return nil
            }
            #expect(Recorder(source).events == [.next(1), .completed])
            #expect(Recorder(source.map { $0 * 10 }).events == [.next(10), .completed])
            #expect(Recorder(source.merge(.just(5))).events == [.next(1), .next(5), .completed])
            #expect(Recorder(source.flattenMap { .just($0) }).events == [.next(1), .completed])
        }
        tracker.expectNothingAlive()
    }

    @Test func eventsSentAfterAnErrorAreIgnored() {
        let source = Signal<Int, Boom> { observer in
            observer.send(error: Boom())
            observer.send(value: 2)
            observer.sendCompleted()
            return nil
        }
        #expect(Recorder(source.concat(.just(3))).events == [.error(Boom())])
    }

    @Test func aSubjectIgnoresEventsAfterItsTerminalEventAndRepeatsItToLateSubscribers() {
        let subject = Subject<Int, Boom>()
        let early = Recorder(subject.signal)
        subject.send(value: 1)
        subject.send(error: Boom())
        subject.send(value: 2)
        subject.sendCompleted()
        let late = Recorder(subject.signal)
        #expect(early.events == [.next(1), .error(Boom())])
        #expect(late.events == [.error(Boom())])
    }

    @Test func anObserverIgnoresEverythingAfterItsFirstTerminalEvent() {
        let received = Locked<[Event<Int, Boom>]>([])
        let observer = Observer<Int, Boom> { received.append($0) }
        observer.send(value: 1)
        observer.sendCompleted()
        observer.send(value: 2)
        observer.send(error: Boom())
        #expect(received.value == [.next(1), .completed])
        #expect(observer.isStopped)
    }

    // MARK: Dispose

    @Test func disposingTwiceIsANoOp() {
        let tracker = LifetimeTracker()
        let disposals = Counter()
        do {
            let subject = Subject<Int, Never>()
            let source = Signal<Int, Never> { observer in
                let subscription = tracker.subscriptionOpened()
                let inner = subject.signal.subscribe(observer)
                return AnyDisposable {
                    disposals.increment()
                    subscription.close()
                    inner.dispose()
                }
            }
            let recorder = Recorder(source.map { $0 + 1 }.merge(.never))
            subject.send(value: 1)
            recorder.dispose()
            recorder.dispose()
            subject.send(value: 2)
            #expect(recorder.events == [.next(2)])
            let disposable = source.subscribe()
            disposable.dispose()
            disposable.dispose()
            #expect(disposable.isDisposed)
        }
        #expect(disposals.count == 2)
        tracker.expectNothingAlive()
    }

    @Test func disposingAfterCompletionIsANoOp() {
        let disposals = Counter()
        let source = Signal<Int, Never> { observer in
            observer.send(value: 1)
            observer.sendCompleted()
            return AnyDisposable { disposals.increment() }
        }
        let recorder = Recorder(source.flattenMap { .just($0) })
        #expect(disposals.count == 1)   // released on completion
        recorder.dispose()
        #expect(disposals.count == 1)
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test func disposingInsideACallbackStopsDeliveryAtOnce() {
        let subject = Subject<Int, Never>()
        let received = Locked<[Int]>([])
        let subscription = SerialDisposable()
        subscription.inner = subject.signal.map { $0 * 10 }.merge(.never).subscribe(next: { value in
            received.append(value)
            if value == 20 { subscription.dispose() }
        })
        for value in 1...4 { subject.send(value: value) }
        #expect(received.value == [10, 20])
    }

    @Test func disposingInsideACallbackStopsAnInfiniteSynchronousSource() {
        let trigger = Subject<Int, Never>()
        let received = Locked<[Int]>([])
        let subscription = SerialDisposable()
        subscription.inner = trigger.signal.flattenMap { _ in Signal.from(1...) }.subscribe(next: { value in
            if received.append(value) == 5 { subscription.dispose() }
        })
        withWatchdog(.seconds(120), "an infinite source after dispose") { trigger.send(value: 0) }
        #expect(received.value == [1, 2, 3, 4, 5])
    }

    @Test func anInfiniteSynchronousSourceStopsWhenTheOutputFails() {
        let recorder = Locked<[Event<Int, Boom>]>([])
        withWatchdog(.seconds(120), "an infinite source after an inner error") {
            Signal<Int, Boom>.from(1...)
                .flattenMap { $0 == 3 ? .error(Boom()) : .just($0) }
                .subscribe(Observer { recorder.append($0) })
        }
        #expect(recorder.value == [.next(1), .next(2), .error(Boom())])
    }

    // MARK: Re-entrancy

    @Test func aReentrantSendFromACallbackIsQueuedNotReordered() {
        let subject = Subject<Int, Never>()
        let first = Locked<[Int]>([]), second = Locked<[Int]>([])
        let subscriptions = CompoundDisposable()
        subscriptions.add(subject.signal.subscribe(next: { value in
            first.append(value)
            if value == 1 { subject.send(value: 2) }   // re-entrant
        }))
        subscriptions.add(subject.signal.subscribe(next: { second.append($0) }))
        subject.send(value: 1)
        #expect(first.value == [1, 2])
        #expect(second.value == [1, 2])   // 1 reached everyone before 2 was delivered
        subscriptions.dispose()   // the first closure captures the subject that holds it
    }

    @Test func aReentrantSendThroughBindIsQueuedNotReordered() {
        let subject = Subject<Int, Never>()
        let other = Subject<Int, Never>()
        let received = Locked<[Int]>([])
        let output = subject.signal.merge(other.signal)
        let subscription = output.subscribe(next: { value in
            received.append(value)
            if value == 1 { other.send(value: 2) }   // re-enters the merged output
            if value == 1 { received.append(-1) }    // runs before 2 is delivered
        })
        subject.send(value: 1)
        subject.send(value: 3)
        #expect(received.value == [1, -1, 2, 3])
        subscription.dispose()
    }

    @Test func aReentrantSendOfTheTerminalEventEndsTheOutputAfterTheCurrentValue() {
        let subject = Subject<Int, Never>()
        let received = Locked<[Event<Int, Never>]>([])
        subject.signal.map { $0 }.subscribe(Observer { event in
            received.append(event)
            if event == .next(1) {
                subject.sendCompleted()
                subject.send(value: 99)
            }
        })
        subject.send(value: 1)
        subject.send(value: 2)
        #expect(received.value == [.next(1), .completed])
    }

    // MARK: The same observer twice

    @Test func theSameObserverSubscribedTwiceIsStoppedForBothByTheFirstTerminalEvent() {
        let tracker = LifetimeTracker()
        let a = Subject<Int, Never>(), b = Subject<Int, Never>()
        let received = Locked<[Event<Int, Never>]>([])
        let observer = Observer<Int, Never> { received.append($0) }
        func tracked(_ subject: Subject<Int, Never>) -> Signal<Int, Never> {
            Signal { observer in
                let subscription = tracker.subscriptionOpened()
                let inner = subject.signal.subscribe(observer)
                return AnyDisposable { subscription.close(); inner.dispose() }
            }
        }
        tracked(a).subscribe(observer)
        tracked(b).subscribe(observer)
        a.send(value: 1)
        b.send(value: 2)
        a.sendCompleted()
        b.send(value: 3)
        b.sendCompleted()
        #expect(received.value == [.next(1), .next(2), .completed])
        // Both subscriptions are released by the first terminal event, not only the latest one.
        #expect(tracker.openSubscriptionCount == 0)
    }

    // MARK: Bindings and their stop flag

    @Test func aBindingThatSetsStopIsNeverCalledAgainAndStopsAnInfiniteSource() {
        let calls = Counter()
        let recorder = Locked<[Event<Int, Never>]>([])
        withWatchdog(.seconds(120), "an infinite source after stop") {
            Signal<Int, Never>.from(1...).bind {
                { (event: Event<Int, Never>, stop: inout Bool) -> Signal<Int, Never>? in
                    calls.increment()
                    guard case .next(let value) = event else { return nil }
                    if value == 2 { stop = true }
                    return .just(value)
                }
            }.subscribe(Observer { recorder.append($0) })
        }
        #expect(recorder.value == [.next(1), .next(2), .completed])
        #expect(calls.count == 2)
    }

    @Test func aBindingThatClearsStopAgainKeepsTheSourceRunning() {
        let recorder = Recorder(Signal<Int, Never>.from([1, 2, 3]).bind {
            { (event: Event<Int, Never>, stop: inout Bool) -> Signal<Int, Never>? in
                stop = true
                stop = false   // only the final value counts
                return event.value.map { .just($0) }
            }
        })
        #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
    }

    @Test func aBindingThatNeverSetsStopCompletesWithTheSource() {
        let subject = Subject<Int, Never>()
        let recorder = Recorder(subject.signal.bind {
            { (event: Event<Int, Never>, _: inout Bool) -> Signal<Int, Never>? in
                event.value.map { .just($0) }
            }
        })
        subject.send(value: 1)
        #expect(!recorder.isCompleted)
        subject.sendCompleted()
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test func aStopAfterTheLastValueStillWaitsForLiveInnerSignals() {
        let inner = Subject<Int, Never>()
        let recorder = Recorder(Signal<Int, Never>.from([1, 2]).bind {
            { (event: Event<Int, Never>, stop: inout Bool) -> Signal<Int, Never>? in
                stop = true
                return event.value == 1 ? inner.signal : nil
            }
        })
        #expect(recorder.events == [])
        inner.send(value: 10)
        inner.sendCompleted()
        #expect(recorder.events == [.next(10), .completed])
    }
}
