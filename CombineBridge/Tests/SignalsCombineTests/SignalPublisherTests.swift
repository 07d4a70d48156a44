import OpenCombine
import Signals
import SignalsOpenCombine
import SignalsTesting
import Testing

/// `signal.publisher`: demand honoured, values beyond it buffered, one terminal event.
@Suite struct SignalPublisherDemandTests {
    @Test func aDemandOfOneDeliversOneValueUntilTheNextRequest() {
        let source = Signals.Subject<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>(initial: .max(1))
        source.signal.publisher.subscribe(subscriber)
        source.send(value: 1)
        source.send(value: 2)
        source.send(value: 3)
        #expect(subscriber.values == [1])
        subscriber.request(.max(1))
        #expect(subscriber.values == [1, 2])
        subscriber.request(.max(1))
        #expect(subscriber.values == [1, 2, 3])
        source.send(value: 4)
        #expect(subscriber.values == [1, 2, 3])
    }

    @Test func aDemandOfThreeDeliversThreeAndTheCompletionWaitsBehindTheRest() {
        let source = Signals.Subject<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>(initial: .max(3))
        source.signal.publisher.subscribe(subscriber)
        for value in 1...5 { source.send(value: value) }
        source.sendCompleted()
        #expect(subscriber.received == [.subscription, .value(1), .value(2), .value(3)])
        subscriber.request(.max(3))
        #expect(subscriber.received == [.subscription, .value(1), .value(2), .value(3), .value(4), .value(5), .completion(.finished)])
    }

    @Test func anUnlimitedDemandDeliversEveryValueAsItComes() {
        let source = Signals.Subject<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>(initial: .unlimited)
        source.signal.publisher.subscribe(subscriber)
        for value in 1...100 { source.send(value: value) }
        #expect(subscriber.values == Array(1...100))
        source.send(error: TestError(code: 7))
        #expect(subscriber.completions == [.failure(TestError(code: 7))])
    }

    @Test func demandReturnedFromReceiveCounts() {
        let subscriber = TrackingSubscriber<Int, Never>(initial: .max(1), perValue: .max(1))
        Signal.from(Array(1...10)).publisher.subscribe(subscriber)
        #expect(subscriber.values == Array(1...10))
        #expect(subscriber.completions == [.finished])
    }

    @Test func aSynchronousSignalIsReadUpToTheDemandThenBuffered() {
        let subscriber = TrackingSubscriber<Int, Never>(initial: .max(2))
        Signal.from([1, 2, 3, 4]).publisher.subscribe(subscriber)
        #expect(subscriber.values == [1, 2])
        subscriber.request(.unlimited)
        #expect(subscriber.values == [1, 2, 3, 4])
        #expect(subscriber.completions == [.finished])
    }

    @Test func aValueSentFromInsideTheSubscriberWaitsForTheDeliveryToReturn() {
        let source = Signals.Subject<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initial: .unlimited, onValue: { value in
            if value < 3 { source.send(value: value + 1) }
        })
        source.signal.publisher.subscribe(subscriber)
        source.send(value: 1)
        #expect(subscriber.values == [1, 2, 3])
        #expect(subscriber.overlaps == 0)
    }

    @Test func aSubscriberWithoutDemandStillGetsTheCompletion() {
        let subscriber = TrackingSubscriber<Int, Never>(initial: nil)
        Signal<Int, Never>.empty.publisher.subscribe(subscriber)
        #expect(subscriber.received == [.subscription, .completion(.finished)])
    }

    @Test func aSignalThatCompletesInsideReceiveSubscriptionCompletesThere() {
        let subscriber = TrackingSubscriber<Int, Never>(initial: .max(1))
        Signal.just(1).publisher.subscribe(subscriber)
        #expect(subscriber.received == [.subscription, .value(1), .completion(.finished)])
        #expect(subscriber.state.value.completedInsideReceiveSubscription)
    }

    @Test func aRequestOfZeroIsAProgrammerError() async {
        await #expect(processExitsWith: .failure) {
            let subscriber = TrackingSubscriber<Int, Never>(initial: Subscribers.Demand.none)
            Signal<Int, Never>.never.publisher.subscribe(subscriber)
        }
    }

    @Test func worksWithCombineOperators() {
        let box = Box<[String]>([])
        let cancellable = Signal.from([1, 2, 3, 4]).publisher
            .filter { $0 % 2 == 0 }
            .map { "#\($0)" }
            .sink { value in box.mutate { $0.append(value) } }
        #expect(box.value == ["#2", "#4"])
        cancellable.cancel()
    }

    @Test func prefixCutsAnEndlessSynchronousSignal() {
        let box = Box<[Int]>([])
        let cancellable = Signal.from(1...).publisher.prefix(3).sink { value in box.mutate { $0.append(value) } }
        #expect(box.value == [1, 2, 3])
        cancellable.cancel()
    }
}

/// `publisher(bufferSize:whenFull:dropped:)`: values faster than demand, under each policy.
@Suite struct SignalPublisherBufferTests {
    func run(_ policy: BufferOverflow<TestError>) -> (TrackingSubscriber<Int, TestError>, BufferDrops, Box<Int>) {
        let live = Box(0)
        let source = Signals.Subject<Int, TestError>()
        let counted = Signal<Int, TestError> { observer in
            live.mutate { $0 += 1 }
            let subscription = source.signal.subscribe(observer)
            return AnyDisposable { subscription.dispose(); live.mutate { $0 -= 1 } }
        }
        let drops = BufferDrops()
        let subscriber = TrackingSubscriber<Int, TestError>(initial: .max(1))
        counted.publisher(bufferSize: 2, whenFull: policy, dropped: drops).subscribe(subscriber)
        for value in 1...6 { source.send(value: value) }
        return (subscriber, drops, live)
    }

    @Test func dropOldestKeepsTheNewestAndCountsTheRest() {
        let (subscriber, drops, live) = run(.dropOldest)
        #expect(subscriber.values == [1])
        #expect(drops.count == 3)  // 2, 3, 4 made room for 5, 6
        subscriber.request(.unlimited)
        #expect(subscriber.values == [1, 5, 6])
        #expect(live.value == 1)
    }

    @Test func dropNewestKeepsTheOldestAndCountsTheRest() {
        let (subscriber, drops, live) = run(.dropNewest)
        #expect(subscriber.values == [1])
        #expect(drops.count == 3)  // 4, 5, 6 found the buffer full
        subscriber.request(.unlimited)
        #expect(subscriber.values == [1, 2, 3])
        #expect(live.value == 1)
    }

    @Test func failEndsAtOnceDropsTheBufferAndDisposesTheSignal() {
        let (subscriber, drops, live) = run(.fail(TestError(code: 9)))
        // 1 delivered, 2 and 3 buffered, 4 overflows: 2, 3 and 4 dropped, the failure sent at once.
        #expect(subscriber.received == [.subscription, .value(1), .completion(.failure(TestError(code: 9)))])
        #expect(drops.count == 3)
        #expect(live.value == 0)
        subscriber.request(.unlimited)
        #expect(subscriber.completions.count == 1)
    }

    @Test func theBufferNeverHoldsMoreThanItsSize() {
        let drops = BufferDrops()
        let source = Signals.Subject<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initial: nil)
        source.signal.publisher(bufferSize: 3, whenFull: .dropOldest, dropped: drops).subscribe(subscriber)
        for value in 1...1000 { source.send(value: value) }
        subscriber.request(.unlimited)
        #expect(subscriber.values == [998, 999, 1000])
        #expect(drops.count == 997)
    }

    @Test func valuesWithinTheDemandAreNeverDropped() {
        let drops = BufferDrops()
        let subscriber = TrackingSubscriber<Int, Never>(initial: .unlimited)
        Signal.from(Array(1...100)).publisher(bufferSize: 1, whenFull: .dropNewest, dropped: drops).subscribe(subscriber)
        #expect(subscriber.values == Array(1...100))
        #expect(drops.count == 0)
    }

    @Test func oneCounterAddsUpManyBuffers() {
        let drops = BufferDrops()
        let source = Signals.Subject<Int, Never>()
        let first = TrackingSubscriber<Int, Never>(initial: nil)
        let second = TrackingSubscriber<Int, Never>(initial: nil)
        source.signal.publisher(bufferSize: 1, whenFull: .dropNewest, dropped: drops).subscribe(first)
        source.signal.publisher(bufferSize: 1, whenFull: .dropNewest, dropped: drops).subscribe(second)
        for value in 1...3 { source.send(value: value) }
        #expect(drops.count == 4)
    }

    @Test func theErrorWaitsBehindTheBufferedValues() {
        let source = Signals.Subject<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>(initial: .max(1))
        source.signal.publisher(bufferSize: 4, whenFull: .dropOldest).subscribe(subscriber)
        source.send(value: 1)
        source.send(value: 2)
        source.send(error: TestError(code: 1))
        #expect(subscriber.values == [1])
        subscriber.request(.max(1))
        #expect(subscriber.received == [.subscription, .value(1), .value(2), .completion(.failure(TestError(code: 1)))])
    }
}
