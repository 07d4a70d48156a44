import OpenCombine
import Signals
import SignalsOpenCombine
import SignalsTesting
import Testing

/// Properties as publishers: the current value, then every change.
@Suite struct PropertyPublisherTests {
    @Test func aMutablePropertySendsItsValueThenEveryChange() {
        let name = MutableProperty("Ada")
        let box = Box<[String]>([])
        let cancellable = name.publisher.sink { value in box.mutate { $0.append(value) } }
        name.value = "Grace"
        name.value = "Hedy"
        #expect(box.value == ["Ada", "Grace", "Hedy"])
        cancellable.cancel()
        name.value = "Radia"
        #expect(box.value == ["Ada", "Grace", "Hedy"])
    }

    @Test func aSubscriberWithoutDemandGetsTheLatestValueWhenItAsks() {
        let count = MutableProperty(0)
        let subscriber = TrackingSubscriber<Int, Never>(initial: .max(1))
        count.publisher.subscribe(subscriber)
        for value in 1...5 { count.value = value }
        #expect(subscriber.values == [0])
        subscriber.request(.max(1))
        #expect(subscriber.values == [0, 5])
    }

    @Test func aDerivedPropertyCompletesWithItsSource() {
        let source = Signals.Subject<Int, Never>()
        let property = Property(initial: 1, then: source.signal)
        let subscriber = TrackingSubscriber<Int, Never>(initial: .unlimited)
        let derived = property.map { $0 * 10 }  // kept: a property's signal does not keep it
        derived.publisher.subscribe(subscriber)
        source.send(value: 2)
        source.sendCompleted()
        withExtendedLifetime(derived) {}
        #expect(subscriber.received == [.subscription, .value(10), .value(20), .completion(.finished)])
    }
}

/// Disposable <-> AnyCancellable: the two kinds of bag mix.
@Suite struct CancellableBridgeTests {
    @Test func aDisposableStoredInASetIsDisposedWhenTheSetLetsGo() {
        let live = Box(0)
        var cancellables = Set<AnyCancellable>()
        counted(Signal<Int, Never>.never, live).subscribe(next: { _ in }).store(in: &cancellables)
        #expect(live.value == 1)
        cancellables.removeAll()
        #expect(live.value == 0)
    }

    @Test func aDisposableStoredInAnArrayIsDisposedWhenTheArrayLetsGo() {
        let live = Box(0)
        var cancellables: [AnyCancellable] = []
        counted(Signal<Int, Never>.never, live).subscribe(next: { _ in }).store(in: &cancellables)
        #expect(live.value == 1)
        cancellables = []
        #expect(live.value == 0)
    }

    @Test func asCancellableDisposesOnCancel() {
        let live = Box(0)
        let cancellable = counted(Signal<Int, Never>.never, live).subscribe(next: { _ in }).asCancellable()
        cancellable.cancel()
        #expect(live.value == 0)
    }

    @Test func aCancellableInADisposeBagIsCancelledWithTheBag() {
        let subject = PassthroughSubject<Int, Never>()
        let box = Box<[Int]>([])
        var bag: DisposeBag? = DisposeBag()
        subject.sink { value in box.mutate { $0.append(value) } }.disposed(by: bag!)
        subject.send(1)
        bag = nil
        subject.send(2)
        #expect(box.value == [1])
    }

    @Test func anAnyCancellableStoredInADisposeBagIsCancelledWithTheBag() {
        let subject = PassthroughSubject<Int, Never>()
        let box = Box<[Int]>([])
        var bag: DisposeBag? = DisposeBag()
        subject.sink { value in box.mutate { $0.append(value) } }.store(in: bag!)
        subject.send(1)
        bag = nil
        subject.send(2)
        #expect(box.value == [1])
    }

    @Test func asDisposableCancelsOnceAndReportsIt() {
        let publisher = CountingPublisher([])
        let subscriber = TrackingSubscriber<Int, TestError>(initial: nil)
        publisher.subscribe(subscriber)
        let subscription = subscriber.state.value.subscription!
        let disposable = subscription.asDisposable()
        #expect(!disposable.isDisposed)
        disposable.dispose()
        disposable.dispose()
        #expect(disposable.isDisposed)
        #expect(publisher.counts.value.cancels == 1)
    }
}
