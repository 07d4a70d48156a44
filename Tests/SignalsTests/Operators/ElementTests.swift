// element(at:), single() and ifEmpty(switchTo:): the cases of RxSwift's ElementAt, Single and
// SwitchIfEmpty tests on virtual time (one tick for ten of RxTest's units, `^` for its
// subscription at 200), plus the rules where Signals differs (element(at:) out of range).

import Testing
import Signals
import SignalsTesting

@Suite struct ElementAtTests {
    @Test func sendsTheValueAtTheIndexThenCompletesAndLetsGoOfTheSource() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.hot("a^bcdefghijklmn|")
        let result = scheduler.expect(source.signal.element(at: 10), "-^----------(l|)")
        #expect(result.isMet, "\(result)")
        #expect(source.subscriptions == [TestSubscription(.zero, .seconds(11))])
    }

    @Test func indexZeroIsTheFirstValue() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.hot("a^-b-c-|")
        let result = scheduler.expect(source.signal.element(at: 0), "-^-(b|)")
        #expect(result.isMet, "\(result)")
        #expect(source.subscriptions == [TestSubscription(.zero, .seconds(2))])
    }

    @Test func completesEmptyWhenTheSourceEndsBeforeTheIndex() {
        // RxSwift fails with argumentOutOfRange; a typed Failure cannot hold it (documented).
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.hot("a^bcdefg|")
        let result = scheduler.expect(source.signal.element(at: 10), "-^------|")
        #expect(result.isMet, "\(result)")
    }

    @Test func anErrorAfterTheIndexIsNeverSeen() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, TestError> = scheduler.hot("a^bcdefghijklmn#", error: TestError(1))
        let result = scheduler.expect(source.signal.element(at: 10), "-^----------(l|)")
        #expect(result.isMet, "\(result)")
    }

    @Test func anErrorBeforeTheIndexFails() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, TestError> = scheduler.hot("a^bcdefg#", error: TestError(1))
        let result = scheduler.expect(source.signal.element(at: 10), "-^------#", error: TestError(1))
        #expect(result.isMet, "\(result)")
    }

    @Test func disposingBeforeTheIndexSendsNothing() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.hot("a^bcdefg|")
        let result = scheduler.expect(source.signal.element(at: 3), "-^--!")
        #expect(result.isMet, "\(result)")
        #expect(source.subscriptions == [TestSubscription(.zero, .seconds(3))])
    }

    @Test func disposingAfterTheIndexChangesNothing() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.hot("a^bcdefghij|")
        let result = scheduler.expect(source.signal.element(at: 3), "-^---(e|)-!")
        #expect(result.isMet, "\(result)")
        #expect(source.subscriptions == [TestSubscription(.zero, .seconds(4))])
    }

    @Test func theDocumentedTimeline() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-a-b-c-d|")
        let result = scheduler.expect(source.signal.element(at: 2), "-----(c|)")
        #expect(result.isMet, "\(result)")
    }

    @Test func stopsAnEndlessSynchronousSource() {
        #expect(Signal.from(0...).element(at: 5).record().events == [.next(5), .completed])
    }

    @Test func aNegativeIndexIsAProgrammerError() async {
        await #expect(processExitsWith: .failure) {
            _ = Signal<Int, Never>.never.element(at: -1)
        }
    }
}

@Suite struct SingleTests {
    @Test func failsWithEmptyWhenTheSourceCompletesWithoutAValue() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.hot("a^----|")
        let result = scheduler.expect(source.signal.single(), "-^----#", error: .empty)
        #expect(result.isMet, "\(result)")
        #expect(source.subscriptions == [TestSubscription(.zero, .seconds(5))])
    }

    @Test func forwardsTheOnlyValueAtOnceAndCompletesWithTheSource() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.hot("a^b---|")
        let result = scheduler.expect(source.signal.single(), "-^b---|")
        #expect(result.isMet, "\(result)")
    }

    @Test func failsWithMoreThanOneAtTheSecondValueAndLetsGoOfTheSource() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.hot("a^bc--|")
        let result = scheduler.expect(source.signal.single(), "-^b#", error: .moreThanOne)
        #expect(result.isMet, "\(result)")
        #expect(source.subscriptions == [TestSubscription(.zero, .seconds(2))])
    }

    @Test func wrapsTheSourcesOwnError() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, TestError> = scheduler.hot("a^#", error: TestError(3))
        let result = scheduler.expect(source.signal.single(), "-^#", error: .failure(TestError(3)))
        #expect(result.isMet, "\(result)")
    }

    @Test func stopsAnEndlessSynchronousSourceAtTheSecondValue() {
        let recorder = Signal.from(1...).single().record()
        #expect(recorder.events == [.next(1), .error(.moreThanOne)])
    }

    @Test func aSignalThatCannotFailNeedsOnlyTwoCases() {
        let recorder = Signal<Int, Never>.empty.single().record()
        let name: String? = switch recorder.error {
        case .empty?: "empty"
        case .moreThanOne?: "moreThanOne"
        case nil: nil
        }
        #expect(name == "empty")
    }
}

@Suite struct IfEmptyTests {
    @Test func switchesToTheOtherSignalWhenTheSourceCompletesEmpty() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("---|")
        let other: TestSignal<String, Never> = scheduler.cold("-a-b|")
        let result = scheduler.expect(source.signal.ifEmpty(switchTo: other.signal), "----a-b|")
        #expect(result.isMet, "\(result)")
        #expect(other.subscriptionMarbles == ["---^---!"])
    }

    @Test func keepsASourceThatSentValuesAndNeverSubscribesTheOther() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-a-|")
        let other: TestSignal<String, Never> = scheduler.cold("-x|")
        let result = scheduler.expect(source.signal.ifEmpty(switchTo: other.signal), "-a-|")
        #expect(result.isMet, "\(result)")
        #expect(other.subscriptions == [])
    }

    @Test func anEmptySourceThatFailsIsNotSwitched() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, TestError> = scheduler.cold("--#", error: TestError(1))
        let other: TestSignal<String, TestError> = scheduler.cold("-x|", error: TestError(2))
        let result = scheduler.expect(source.signal.ifEmpty(switchTo: other.signal), "--#", error: TestError(1))
        #expect(result.isMet, "\(result)")
        #expect(other.subscriptions == [])
    }

    @Test func theOthersErrorFailsTheOutput() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, TestError> = scheduler.cold("-|", error: TestError(1))
        let other: TestSignal<String, TestError> = scheduler.cold("-a#", error: TestError(2))
        let result = scheduler.expect(source.signal.ifEmpty(switchTo: other.signal), "--a#", error: TestError(2))
        #expect(result.isMet, "\(result)")
    }

    @Test func disposingDisposesTheOtherOnceSwitched() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-|")
        let other: TestSignal<String, Never> = scheduler.cold("-a-b|")
        let result = scheduler.expect(source.signal.ifEmpty(switchTo: other.signal), "--a!")
        #expect(result.isMet, "\(result)")
        #expect(other.subscriptionMarbles == ["-^-!"])
    }
}
