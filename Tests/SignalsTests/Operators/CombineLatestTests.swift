// combineLatest: emits once every source has a value, then on each value; completes when
// all completed, or as soon as one completes without having emitted; the first error wins.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct CombineLatestTests {
    @Test func closureFormFormatsTheLatestPair() {
        // Given: the tour's combineLatest story (chapter 11)
        let ob1 = Subject<Int, Never>(), ob2 = Subject<String, Never>()
        let recorder = Signal.combineLatest(ob1.signal, ob2.signal) { "1:\($0)-2:\($1)" }.record()
        // When
        ob1.send(value: 1)
        ob1.send(value: 2)
        ob2.send(value: "a")
        ob2.send(value: "b")
        // Then
        #expect(recorder.values == ["1:2-2:a", "1:2-2:b"])
    }

    @Test func emitsOnceEverySourceHasAValueThenOnEveryValue() {
        // Given
        let a = Subject<Int, Never>(), b = Subject<String, Never>()
        let recorder = Signal.combineLatest(a.signal, b.signal).map { "\($0)\($1)" }.record()
        // When / Then
        a.send(value: 1)
        a.send(value: 2)
        #expect(recorder.values.isEmpty)
        b.send(value: "x")
        a.send(value: 3)
        b.send(value: "y")
        #expect(recorder.values == ["2x", "3x", "3y"])
    }

    @Test func packFormsCombineArities2Through6() {
        // Given
        let i = Signal<Int, Never>.just(1), s = Signal<String, Never>.just("s")
        let d = Signal<Double, Never>.just(2.5), b = Signal<Bool, Never>.just(true)
        let c = Signal<Character, Never>.just("c"), u = Signal<UInt8, Never>.just(7)
        // When
        let two = Signal.combineLatest(i, s).map { "\($0)\($1)" }.record()
        let three = Signal.combineLatest(i, s, d).map { "\($0)\($1)\($2)" }.record()
        let four = Signal.combineLatest(i, s, d, b).map { "\($0)\($1)\($2)\($3)" }.record()
        let five = Signal.combineLatest(i, s, d, b, c).map { "\($0)\($1)\($2)\($3)\($4)" }.record()
        let six = Signal.combineLatest(i, s, d, b, c, u).map { "\($0)\($1)\($2)\($3)\($4)\($5)" }.record()
        // Then
        #expect(two.events == [.next("1s"), .completed])
        #expect(three.events == [.next("1s2.5"), .completed])
        #expect(four.events == [.next("1s2.5true"), .completed])
        #expect(five.events == [.next("1s2.5truec"), .completed])
        #expect(six.events == [.next("1s2.5truec7"), .completed])
    }

    @Test func packFormKeepsEachTupleElementInPlace() {
        // Given
        let a = Subject<Int, Never>(), b = Subject<String, Never>(), c = Subject<Bool, Never>()
        let recorder = Signal.combineLatest(a.signal, b.signal, c.signal).record()
        // When
        c.send(value: true)
        b.send(value: "b")
        a.send(value: 1)
        // Then
        #expect(recorder.values.count == 1)
        #expect(recorder.values.first.map { $0.0 == 1 && $0.1 == "b" && $0.2 } == true)
    }

    @Test func arrayFormGivesTheLatestValuesInSourceOrder() {
        // Given
        let a = Subject<Int, Never>(), b = Subject<Int, Never>(), c = Subject<Int, Never>()
        let recorder = Signal.combineLatest([a.signal, b.signal, c.signal]).record()
        // When
        c.send(value: 30)
        a.send(value: 10)
        b.send(value: 20)
        a.send(value: 11)
        // Then
        #expect(recorder.values == [[10, 20, 30], [11, 20, 30]])
    }

    @Test func synchronousSourcesCombineTheLastValueOfEarlierOnesWithEachLaterValue() {
        // Given: sources are subscribed in order, so `a` has run to completion before `b` starts
        let a = Signal.from([1, 2]), b = Signal.from([10, 20])
        // When
        let recorder = Signal.combineLatest([a, b]).record()
        // Then
        #expect(recorder.events == [.next([2, 10]), .next([2, 20]), .completed])
    }

    @Test func arrayFormOfNoSignalsCompletesAtOnce() {
        #expect(Signal.combineLatest([Signal<Int, Never>]()).record().events == [.completed])
    }

    @Test func instanceFormPairsWithTheOtherSignal() {
        // Given
        let numbers = Subject<Int, Never>(), letters = Subject<String, Never>()
        let recorder = numbers.signal.combineLatest(with: letters.signal).map { "\($0)\($1)" }.record()
        // When
        numbers.send(value: 1)
        letters.send(value: "a")
        numbers.send(value: 2)
        // Then
        #expect(recorder.values == ["1a", "2a"])
    }

    @Test func completesWhenEverySourceCompleted() {
        // Given
        let a = Subject<Int, Never>(), b = Subject<Int, Never>()
        let recorder = Signal.combineLatest([a.signal, b.signal]).record()
        a.send(value: 1)
        b.send(value: 2)
        // When / Then
        a.sendCompleted()
        #expect(!recorder.isCompleted)
        b.send(value: 3)
        b.sendCompleted()
        #expect(recorder.events == [.next([1, 2]), .next([1, 3]), .completed])
    }

    @Test func completesAsSoonAsOneSourceCompletesWithoutHavingEmitted() {
        // Given
        let a = SpySource<Int, Never>(), b = SpySource<Int, Never>()
        let recorder = Signal.combineLatest(a.signal, b.signal).map { $0 + $1 }.record()
        a.send(value: 1)
        // When
        b.sendCompleted()
        a.send(value: 2)
        // Then
        #expect(recorder.events == [.completed])
        #expect(a.disposals.count == 1)
    }

    @Test func firstErrorWinsAndDisposesTheOtherSources() {
        // Given
        let a = SpySource<Int, TestError>(), b = SpySource<Int, TestError>()
        let recorder = Signal.combineLatest([a.signal, b.signal]).record()
        a.send(value: 1)
        b.send(value: 2)
        // When
        b.send(error: TestError(2))
        a.send(error: TestError(1))
        // Then
        #expect(recorder.events == [.next([1, 2]), .error(TestError(2))])
        #expect(a.disposals.count == 1)
    }

    @Test func errorBeforeEverySourceHasAValueStillFails() {
        // Given
        let a = Subject<Int, Oops>(), b = Subject<Int, Oops>()
        let recorder = Signal.combineLatest([a.signal, b.signal]).record()
        // When
        a.send(error: Oops())
        // Then
        #expect(recorder.events == [.error(Oops())])
    }

    @Test func disposingMidStreamDisposesEverySource() {
        // Given
        let a = SpySource<Int, Never>(), b = SpySource<Int, Never>()
        let recorder = Signal.combineLatest([a.signal, b.signal]).record()
        a.send(value: 1)
        b.send(value: 2)
        // When
        recorder.dispose()
        a.send(value: 3)
        // Then
        #expect(recorder.events == [.next([1, 2])])
        #expect(a.disposals.count == 1)
        #expect(b.disposals.count == 1)
    }

    @Test func reentrantSendIsDeliveredAfterTheCurrentCombination() {
        // Given
        let a = Subject<Int, Never>(), b = Subject<Int, Never>()
        let log = Locked<[String]>([])
        Signal.combineLatest([a.signal, b.signal]).subscribe(next: { values in
            log.append("start \(values)")
            if values == [1, 2] { a.send(value: 3) }
            log.append("end \(values)")
        })
        a.send(value: 1)
        // When
        b.send(value: 2)
        // Then
        #expect(log.value == ["start [1, 2]", "end [1, 2]", "start [3, 2]", "end [3, 2]"])
    }

    // MARK: Every rule on each code path: the typed pair, the pack (3+) and the array form

    @Test func pairCompletesWhenBothCompletedAndFailsWithTheFirstError() {
        // Given
        let a = Subject<Int, TestError>(), b = Subject<Int, TestError>()
        let completing = Signal.combineLatest(a.signal, b.signal).map { $0 * 10 + $1 }.record()
        let c = SpySource<Int, TestError>(), d = SpySource<Int, TestError>()
        let failing = c.signal.combineLatest(with: d.signal).map { $0 * 10 + $1 }.record()
        // When
        a.send(value: 1); b.send(value: 2); a.sendCompleted()
        let completedAfterOne = completing.isCompleted
        b.sendCompleted()
        c.send(value: 1); d.send(error: TestError(2)); c.send(error: TestError(1))
        // Then
        #expect(!completedAfterOne)
        #expect(completing.events == [.next(12), .completed])
        #expect(failing.events == [.error(TestError(2))])
        #expect(c.disposals.count == 1)
    }

    @Test func packOfThreeCompletesEarlyOrWhenAllCompletedAndFailsWithTheFirstError() {
        // Given
        let a = SpySource<Int, TestError>(), b = SpySource<Int, TestError>(), c = SpySource<Int, TestError>()
        let early = Signal.combineLatest(a.signal, b.signal, c.signal).map { $0 + $1 + $2 }.record()
        let d = Subject<Int, TestError>(), e = Subject<Int, TestError>(), f = Subject<Int, TestError>()
        let complete = Signal.combineLatest(d.signal, e.signal, f.signal).map { $0 + $1 + $2 }.record()
        let g = Subject<Int, TestError>(), h = Subject<Int, TestError>(), i = Subject<Int, TestError>()
        let failing = Signal.combineLatest(g.signal, h.signal, i.signal).map { $0 + $1 + $2 }.record()
        // When
        a.send(value: 1); b.send(value: 2); c.sendCompleted()
        d.send(value: 1); e.send(value: 2); f.send(value: 3)
        d.sendCompleted(); e.sendCompleted()
        let completedAfterTwo = complete.isCompleted
        f.sendCompleted()
        g.send(value: 1); h.send(error: TestError(2)); i.send(error: TestError(3))
        // Then
        #expect(early.events == [.completed])
        #expect(a.disposals.count == 1 && b.disposals.count == 1)
        #expect(!completedAfterTwo)
        #expect(complete.events == [.next(6), .completed])
        #expect(failing.events == [.error(TestError(2))])
    }

    @Test func arrayFormCompletesAsSoonAsOneSourceCompletesWithoutHavingEmitted() {
        // Given
        let a = SpySource<Int, Never>(), b = SpySource<Int, Never>(), c = SpySource<Int, Never>()
        let recorder = Signal.combineLatest([a.signal, b.signal, c.signal]).record()
        a.send(value: 1)
        c.send(value: 3)
        // When
        b.sendCompleted()
        // Then
        #expect(recorder.events == [.completed])
        #expect(a.disposals.count == 1 && c.disposals.count == 1)
    }

    @Test func synchronousPairCombinesTheLastValueOfTheFirstWithEachValueOfTheSecond() {
        // When
        let recorder = Signal.combineLatest(Signal.from([1, 2]), Signal.from([10, 20])).map { $0 + $1 }.record()
        // Then
        #expect(recorder.events == [.next(12), .next(22), .completed])
    }
}
