import OpenCombine
import Signals
import SignalsOpenCombine
import SignalsTesting
import Testing

/// Round trips on virtual time: `signal.publisher.signal` and `publisher.signal.publisher`
/// are the original, event for event and tick for tick.
@Suite struct RoundTripTests {
    @Test func signalToPublisherToSignalIsTheSignal() {
        let scheduler = TestScheduler()
        let source = scheduler.cold("-a-b--c|", values: ["a": 1, "b": 2, "c": 3])
        let result = scheduler.expect(source.signal.publisher.signal, "-a-b--c|", values: ["a": 1, "b": 2, "c": 3])
        #expect(result.isMet, "\(result)")
    }

    @Test func aFailingSignalRoundTripsWithItsError() {
        let scheduler = TestScheduler()
        let source = scheduler.cold("-a--#", values: ["a": 1], error: TestError(code: 3))
        let result = scheduler.expect(source.signal.publisher.signal, "-a--#", values: ["a": 1], error: TestError(code: 3))
        #expect(result.isMet, "\(result)")
    }

    @Test func aBoundedPublisherWithUnlimitedDemandRoundTripsToo() {
        let scheduler = TestScheduler()
        let source = scheduler.hot("-a-b-c-d|", values: ["a": 1, "b": 2, "c": 3, "d": 4])
        let result = scheduler.expect(
            source.signal.publisher(bufferSize: 1, whenFull: .dropNewest).signal,
            "-a-b-c-d|", values: ["a": 1, "b": 2, "c": 3, "d": 4])
        #expect(result.isMet, "\(result)")
    }

    /// Records a Combine publisher's events with their virtual times.
    func timeline<P: Publisher>(_ publisher: P, on scheduler: TestScheduler) -> (Box<[String]>, AnyCancellable)
    where P.Output == Int, P.Failure == TestError {
        let box = Box<[String]>([])
        let cancellable = publisher.sink(
            receiveCompletion: { completion in box.mutate { $0.append("\(scheduler.now): \(completion)") } },
            receiveValue: { value in box.mutate { $0.append("\(scheduler.now): \(value)") } })
        return (box, cancellable)
    }

    @Test(arguments: [nil, TestError(code: 5)])
    func publisherToSignalToPublisherIsThePublisher(failure: TestError?) {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, TestError>()
        let (original, first) = timeline(subject, on: scheduler)
        let (roundTrip, second) = timeline(subject.signal.publisher, on: scheduler)
        let sender = Unchecked(subject)
        for (tick, value) in [(1, 10), (2, 20), (4, 40)] {
            scheduler.schedule(after: .seconds(tick)) { sender.wrapped.send(value) }
        }
        scheduler.schedule(after: .seconds(6)) { sender.wrapped.send(completion: failure.map { .failure($0) } ?? .finished) }
        scheduler.run()
        #expect(original.value.count == 4)
        #expect(roundTrip.value == original.value)
        withExtendedLifetime((first, second)) {}
    }
}
