// values(bufferingPolicy:): unbounded keeps everything; bufferingNewest(n) / bufferingOldest(n)
// never hold more than n values, keeping the newest / the oldest; the terminal event is never
// dropped.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct ValuesBufferingTests {
    // MARK: A burst before the first read (deterministic)

    @Test func unboundedKeepsEveryValueOfABurst() async {
        let subject = Subject<Int, Never>()
        var iterator = subject.signal.values.makeAsyncIterator()
        for value in 0..<1_000 { subject.send(value: value) }
        subject.sendCompleted()
        #expect(await readAll(&iterator) == Array(0..<1_000))
        #expect(iterator._maxBufferedCount == 1_000)
    }

    @Test func bufferingNewestKeepsTheLastNValuesOfABurstThenCompletes() async {
        let subject = Subject<Int, Never>()
        var iterator = subject.signal.values(bufferingPolicy: .bufferingNewest(3)).makeAsyncIterator()
        for value in 0..<1_000 { subject.send(value: value) }
        subject.sendCompleted()
        #expect(await readAll(&iterator) == [997, 998, 999])
        #expect(iterator._maxBufferedCount == 3)
    }

    @Test func bufferingOldestKeepsTheFirstNValuesOfABurstThenCompletes() async {
        let subject = Subject<Int, Never>()
        var iterator = subject.signal.values(bufferingPolicy: .bufferingOldest(3)).makeAsyncIterator()
        for value in 0..<1_000 { subject.send(value: value) }
        subject.sendCompleted()
        #expect(await readAll(&iterator) == [0, 1, 2])
        #expect(iterator._maxBufferedCount == 3)
    }

    @Test func aBoundedBufferNeverDropsTheError() async throws {
        let subject = Subject<Int, TestError>()
        var iterator = subject.signal.values(bufferingPolicy: .bufferingOldest(1)).makeAsyncIterator()
        for value in 0..<10 { subject.send(value: value) }
        subject.send(error: TestError(5))
        #expect(try await iterator.next() == 0)
        await #expect(throws: TestError(5)) { try await iterator.next() }
    }

    @Test func aSynchronousSignalFillsTheBufferAsItIsSubscribed() async {
        var iterator = Signal.from(0..<100).values(bufferingPolicy: .bufferingNewest(2)).makeAsyncIterator()
        #expect(await readAll(&iterator) == [98, 99])
    }

    @Test func zeroCapacityIsAProgrammerError() async {
        await #expect(processExitsWith: .failure) {
            _ = Signal<Int, Never>.never.values(bufferingPolicy: .bufferingNewest(0))
        }
    }

    // MARK: A fast producer and a slow consumer (concurrent)

    @Test(arguments: [Policy.newest, .oldest, .unbounded])
    func fastProducerSlowConsumer(policy: Policy) async {
        let capacity = 4
        let count = 2_000
        let subject = Subject<Int, Never>()
        var iterator = subject.signal.values(bufferingPolicy: policy.bufferingPolicy(capacity)).makeAsyncIterator()
        let producer = TestThread {
            for value in 0..<count { subject.send(value: value) }
            subject.sendCompleted()
        }
        var received: [Int] = []
        while let value = await iterator.next() {
            received.append(value)
            if received.count % 50 == 0 { try? await Task.sleep(for: .milliseconds(1)) } // slow
        }
        producer.join()

        // In order, without duplicates, in every policy.
        #expect(zip(received, received.dropFirst()).allSatisfy { $0 < $1 })
        switch policy {
        case .unbounded:
            #expect(received == Array(0..<count))
        case .newest:
            // The memory bound, and the newest value always survives.
            #expect(iterator._maxBufferedCount <= capacity)
            #expect(received.last == count - 1)
        case .oldest:
            #expect(iterator._maxBufferedCount <= capacity)
            #expect(received.first == 0)
        }
    }

    enum Policy: CustomStringConvertible, Sendable {
        case unbounded, newest, oldest
        func bufferingPolicy(_ n: Int) -> Signal<Int, Never>.Values.BufferingPolicy {
            switch self {
            case .unbounded: .unbounded
            case .newest: .bufferingNewest(n)
            case .oldest: .bufferingOldest(n)
            }
        }
        var description: String {
            switch self {
            case .unbounded: "unbounded"
            case .newest: "bufferingNewest"
            case .oldest: "bufferingOldest"
            }
        }
    }
}

private func readAll<Failure: Error>(
    _ iterator: inout Signal<Int, Failure>.Values.Iterator
) async -> [Int] {
    var received: [Int] = []
    while let value = try? await iterator.next() { received.append(value) }
    return received
}
