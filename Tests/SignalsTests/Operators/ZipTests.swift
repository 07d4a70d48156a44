// zip: pairs values in order; completes as soon as a source has completed and its values are
// used up; the first error fails; the array form costs O(number of sources) per array.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct ZipTests {
    @Test func pairsValuesInOrderWhateverTheirTiming() {
        // Given
        let numbers = Subject<Int, Never>(), letters = Subject<String, Never>()
        let recorder = Signal.zip(numbers.signal, letters.signal).map { "\($0)\($1)" }.record()
        // When
        numbers.send(value: 1)
        numbers.send(value: 2)
        letters.send(value: "a")
        numbers.send(value: 3)
        letters.send(value: "b")
        letters.send(value: "c")
        letters.send(value: "d")
        // Then
        #expect(recorder.values == ["1a", "2b", "3c"])
    }

    @Test func everyFormPairsTheSameWay() {
        // Given
        let a = Signal.from([1, 2, 3]), b = Signal.from([10, 20])
        // When
        let pair = Signal.zip(a, b).map { $0 + $1 }.record()
        let instance = a.zip(with: b).map { $0 + $1 }.record()
        let array = Signal.zip([a, b]).map { $0.reduce(0, +) }.record()
        let pack = Signal.zip(a, b, Signal.from([100, 200, 300])).map { $0 + $1 + $2 }.record()
        // Then
        #expect(pair.events == [.next(11), .next(22), .completed])
        #expect(instance.events == [.next(11), .next(22), .completed])
        #expect(array.events == [.next(11), .next(22), .completed])
        #expect(pack.events == [.next(111), .next(222), .completed])
    }

    @Test func packFormsZipArities2Through6() {
        // Given
        let i = Signal<Int, Never>.just(1), s = Signal<String, Never>.just("s")
        let d = Signal<Double, Never>.just(2.5), b = Signal<Bool, Never>.just(true)
        let c = Signal<Character, Never>.just("c"), u = Signal<UInt8, Never>.just(7)
        // When
        let three = Signal.zip(i, s, d).map { "\($0)\($1)\($2)" }.record()
        let six = Signal.zip(i, s, d, b, c, u).map { "\($0)\($1)\($2)\($3)\($4)\($5)" }.record()
        // Then
        #expect(three.events == [.next("1s2.5"), .completed])
        #expect(six.events == [.next("1s2.5truec7"), .completed])
    }

    @Test func arrayFormOfNoSignalsCompletesAtOnce() {
        #expect(Signal.zip([Signal<Int, Never>]()).record().events == [.completed])
    }

    @Test func completesOnceACompletedSourceIsUsedUpAndDisposesTheOthers() {
        // Given
        let a = SpySource<Int, Never>(), b = SpySource<Int, Never>()
        let recorder = Signal.zip(a.signal, b.signal).map { $0 * 10 + $1 }.record()
        a.send(value: 1)
        a.send(value: 2)
        // When: a completes with two values waiting
        a.sendCompleted()
        b.send(value: 1)
        let completedEarly = recorder.isCompleted
        b.send(value: 2)
        // Then
        #expect(!completedEarly)
        #expect(recorder.events == [.next(11), .next(22), .completed])
        #expect(b.disposals.count == 1)
    }

    @Test func completesAtOnceWhenASourceCompletesWithNothingWaiting() {
        // Given
        let a = SpySource<Int, Never>(), b = SpySource<Int, Never>(), c = SpySource<Int, Never>()
        let recorder = Signal.zip([a.signal, b.signal, c.signal]).record()
        a.send(value: 1)
        b.send(value: 2)
        // When
        c.sendCompleted()
        // Then
        #expect(recorder.events == [.completed])
        #expect(a.disposals.count == 1 && b.disposals.count == 1)
    }

    @Test func arrayFormCompletesWhenTheArrayUsesUpACompletedSource() {
        // Given
        let a = Subject<Int, Never>(), b = Subject<Int, Never>(), c = Subject<Int, Never>()
        let recorder = Signal.zip([a.signal, b.signal, c.signal]).record()
        a.send(value: 1)
        a.sendCompleted()
        b.send(value: 2)
        // When
        c.send(value: 3)
        // Then
        #expect(recorder.events == [.next([1, 2, 3]), .completed])
    }

    @Test func firstErrorFailsAndDisposesTheOtherSources() {
        // Given
        let a = SpySource<Int, TestError>(), b = SpySource<Int, TestError>()
        let recorder = Signal.zip([a.signal, b.signal]).record()
        a.send(value: 1)
        b.send(value: 2)
        // When
        b.send(error: TestError(2))
        a.send(error: TestError(1))
        // Then
        #expect(recorder.events == [.next([1, 2]), .error(TestError(2))])
        #expect(a.disposals.count == 1)
    }

    @Test func pairFailsWithTheFirstErrorEvenWithValuesWaiting() {
        // Given
        let a = Subject<Int, Oops>(), b = Subject<Int, Oops>()
        let recorder = Signal.zip(a.signal, b.signal).map { $0 + $1 }.record()
        a.send(value: 1)
        a.send(value: 2)
        // When
        b.send(error: Oops())
        // Then
        #expect(recorder.events == [.error(Oops())])
    }

    @Test func disposingMidStreamDisposesEverySourceAndDeliversNothingMore() {
        // Given
        let a = SpySource<Int, Never>(), b = SpySource<Int, Never>()
        let recorder = Signal.zip(a.signal, b.signal).map { $0 + $1 }.record()
        a.send(value: 1)
        b.send(value: 2)
        a.send(value: 3)
        // When
        recorder.dispose()
        b.send(value: 4)
        // Then
        #expect(recorder.events == [.next(3)])
        #expect(a.disposals.count == 1 && b.disposals.count == 1)
    }

    @Test func reentrantSendIsPairedAfterTheCurrentPair() {
        // Given
        let a = Subject<Int, Never>(), b = Subject<Int, Never>()
        let log = Locked<[String]>([])
        Signal.zip(a.signal, b.signal).subscribe(next: { x, y in
            log.append("start \(x)\(y)")
            if x == 1 {
                a.send(value: 2)
                b.send(value: 20)
            }
            log.append("end \(x)\(y)")
        })
        a.send(value: 1)
        // When
        b.send(value: 10)
        // Then
        #expect(log.value == ["start 110", "end 110", "start 220", "end 220"])
    }

    @Test func pairsInOrderWhenTheSourcesSendFromTwoThreadsAtOnce() {
        // Given
        let count = 10_000
        let a = Subject<Int, Never>(), b = Subject<Int, Never>()
        let recorder = Signal.zip(a.signal, b.signal).map { $0 == $1 }.record()
        // When
        runConcurrently(2) { thread in
            let subject = thread == 0 ? a : b
            for value in 0..<count { subject.send(value: value) }
            subject.sendCompleted()
        }
        // Then
        let values = recorder.values
        #expect(values.count == count)
        #expect(values.allSatisfy { $0 }, "the n-th value of a is paired with the n-th of b")
        #expect(recorder.isCompleted)
    }

    @Test func zipsAnArrayOfTenThousandSignals() {
        // Given: 10,000 sources of three values each
        let count = 10_000
        let signals = (0..<count).map { index in Signal<Int, Never>.from([index, index + count, index + 2 * count]) }
        // When
        let recorder = Signal.zip(signals).record()
        // Then
        let rows = recorder.values
        #expect(rows.count == 3)
        let inOrder = rows == [Array(0..<count), Array(count..<2 * count), Array(2 * count..<3 * count)]
        #expect(inOrder, "each array holds the n-th value of every source, in source order")
        #expect(recorder.isCompleted)
    }

    /// Where Signals differs from RxSwift (which waits until every source has completed).
    @Test func completesWithoutWaitingForTheOtherSourcesToComplete() {
        // Given
        let a = SpySource<Int, Never>(), b = SpySource<Int, Never>()
        let recorder = Signal.zip(a.signal, b.signal).map { $0 * 10 + $1 }.record()
        a.send(value: 1)
        a.sendCompleted()
        // When: b's value uses up a; b itself never completes
        b.send(value: 2)
        // Then
        #expect(recorder.events == [.next(12), .completed])
        #expect(b.disposals.count == 1)
    }
}
