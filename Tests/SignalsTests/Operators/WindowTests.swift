// window(count:) and window(timeSpan:count:on:): consecutive hot windows, each sent before
// its first value; the time form closes a window at its span or its count, whichever comes
// first (RxSwift's rules, and the cases of RxSwift's Observable+WindowTests on virtual time).

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

/// Each value of `windows`, replaced by the number of the window it came in.
private func windowNumbers<Value, Failure: Error>(
    _ windows: Signal<Signal<Value, Failure>, Failure>
) -> Signal<Int, Failure> {
    windows
        .scan((index: -1, window: Signal<Value, Failure>?.none)) { ($0.index + 1, $1) }
        .flattenMap { pair in pair.window!.map { _ in pair.index } }
}

@Suite struct WindowCountTests {
    @Test func splitsIntoConsecutiveWindowsOfCountValues() {
        let windows = Signal.from(1...5).window(count: 2).flattenMap { $0.collect() }.record()
        #expect(windows.events == [.next([1, 2]), .next([3, 4]), .next([5]), .completed])
    }

    @Test func theNextWindowOpensAsSoonAsOneIsFullSoTheLastMayBeEmpty() {
        #expect(Signal.from(1...4).window(count: 2).flattenMap { $0.collect() }.record().values == [[1, 2], [3, 4], []])
        #expect(Signal<Int, Never>.empty.window(count: 3).flattenMap { $0.collect() }.record().values == [[]])
    }

    @Test func theWindowsTimeline() {
        // The timeline in window(count:)'s doc comment.
        let scheduler = TestScheduler()
        let source: TestSignal<Int, Never> = scheduler.cold("-1-2-3-4-5-|")
        let windows = Locked<[Recorder<Int, Never>]>([])
        let outer = Recorder(
            source.signal.window(count: 2).map { window -> String in
                _ = windows.append(Recorder(window, scheduler: scheduler))
                return ["x", "y", "z"][windows.value.count - 1]
            },
            scheduler: scheduler)
        scheduler.run()
        #expect(outer.marbles() == "x--y---z---|")
        #expect(windows.value.map { $0.marbles() } == ["-1-(2|)", "--3-(4|)", "--5-|"])
    }

    @Test func anErrorFailsTheOpenWindowThenTheOuterSignal() {
        let scheduler = TestScheduler()
        let source: TestSignal<Int, TestError> = scheduler.cold("-1-2-3-#", error: TestError(2))
        let windows = Locked<[Recorder<Int, TestError>]>([])
        let outer = Recorder(source.signal.window(count: 2).on(next: { _ = windows.append($0.record()) }))
        scheduler.run()
        #expect(windows.value.map(\.events) == [[.next(1), .next(2), .completed], [.next(3), .error(TestError(2))]])
        #expect(outer.error == TestError(2))
    }

    @Test func aWindowSubscribedLaterLosesTheValuesSentMeanwhile() {
        let subject = Subject<Int, Never>()
        let windows = Locked<[Signal<Int, Never>]>([])
        let outer = subject.signal.window(count: 3).subscribe(next: { _ = windows.append($0) })
        subject.send(value: 1)
        let first = windows.value[0].record()
        subject.send(value: 2)
        subject.send(value: 3)
        #expect(first.events == [.next(2), .next(3), .completed])
        outer.dispose()
    }

    @Test func disposingTheOuterSubscriptionKeepsASubscribedWindowRunning() {
        // The ref-counted rule: the source lives until the open window's subscription ends.
        let scheduler = TestScheduler()
        let source: TestSignal<Int, Never> = scheduler.hot("-1-2-3-4-5-6-|")
        let windows = Locked<[Recorder<Int, Never>]>([])
        let outer = Recorder(source.signal.window(count: 3).on(next: { _ = windows.append($0.record()) }))
        _ = scheduler.schedule(after: .seconds(2)) { outer.dispose() }
        scheduler.run()
        #expect(windows.value.map(\.events) == [[.next(1), .next(2), .next(3), .completed]])
        #expect(source.subscriptionMarbles == ["^----!"])
    }

    @Test func disposingEverythingDisposesTheSource() {
        let scheduler = TestScheduler()
        let source: TestSignal<Int, Never> = scheduler.hot("-1-2-3-4-|")
        let result = scheduler.expect(source.signal.window(count: 2).flatten(.merge), "-1-2-3!")
        #expect(result.isMet, "\(result)")
        #expect(source.subscriptionMarbles == ["^-----!"])
    }

    @Test func concatenatingTheWindowsGivesTheSourceBack() {
        for count in 1...4 {
            #expect(Signal.from(1...10).window(count: count).flatten(.concat).record().values == Array(1...10))
        }
    }

    @Test func aCountBelowOneIsAProgrammerError() async {
        await #expect(processExitsWith: .failure) {
            _ = Signal<Int, Never>.never.window(count: 0)
        }
    }
}

@Suite struct WindowTimeTests {
    /// RxSwift's input for these cases (values 1 … 9 from 205 to 470, completion at 600),
    /// at one tick per 10 from 200, the first two values one tick apart.
    static let marbles = "ab--c---d---e--f-g----h----i------------|"

    @Test func closesAWindowAtItsSpanOrItsCountWhicheverComesFirst() {
        // RxSwift testWindowWithTimeOrCount_Basic: a span of 70 (7 ticks) and a count of 3.
        let scheduler = TestScheduler()
        let source: TestSignal<Character, Never> = scheduler.cold(Self.marbles)
        let result = scheduler.expect(
            windowNumbers(source.signal.window(timeSpan: .seconds(7), count: 3, on: scheduler)),
            "00--0---1---2--2-2----3----4------------|")
        #expect(result.isMet, "\(result)")
        #expect(source.subscriptionMarbles == ["^---------------------------------------!"])
    }

    @Test func eachWindowHoldsItsValues() {
        let scheduler = TestScheduler()
        let source: TestSignal<Character, Never> = scheduler.cold(Self.marbles)
        let windows = Recorder(
            source.signal.window(timeSpan: .seconds(7), count: 3, on: scheduler).flattenMap { $0.collect() })
        scheduler.run()
        #expect(windows.values == [["a", "b", "c"], ["d"], ["e", "f", "g"], ["h"], ["i"], [], []])
        #expect(windows.isCompleted)
    }

    @Test func anErrorFailsTheOpenWindowAndTheOuterSignal() {
        // RxSwift testWindowWithTimeOrCount_Error.
        let scheduler = TestScheduler()
        let source: TestSignal<Character, TestError> = scheduler.cold(
            "ab--c---d---e--f-g----h----i------------#", error: TestError(4))
        let result = scheduler.expect(
            windowNumbers(source.signal.window(timeSpan: .seconds(7), count: 3, on: scheduler)),
            "00--0---1---2--2-2----3----4------------#", error: TestError(4))
        #expect(result.isMet, "\(result)")
        #expect(source.subscriptionMarbles == ["^---------------------------------------!"])
    }

    @Test func disposingStopsTheSourceAndTheClock() {
        // RxSwift testWindowWithTimeOrCount_Disposed: disposed right after the seventh value.
        let scheduler = TestScheduler()
        let source: TestSignal<Character, Never> = scheduler.hot(Self.marbles)
        let result = scheduler.expect(
            windowNumbers(source.signal.window(timeSpan: .seconds(7), count: 3, on: scheduler)),
            "00--0---1---2--2-2!")
        #expect(result.isMet, "\(result)")
        #expect(source.subscriptionMarbles == ["^-----------------!"])
    }

    @Test func windowsCloseByTimeAndMayBeEmpty() {
        let scheduler = TestScheduler()
        let source: TestSignal<Character, Never> = scheduler.cold("-a-b------|")
        let windows = Recorder(
            source.signal.window(timeSpan: .seconds(3), count: 10, on: scheduler).flattenMap { $0.collect() },
            scheduler: scheduler)
        scheduler.run()
        #expect(windows.values == [["a"], ["b"], [], []])
        #expect(windows.timedEvents.map(\.time) == [.seconds(3), .seconds(6), .seconds(9), .seconds(10), .seconds(10)])
    }

    @Test func aSynchronousSourceLeavesNoClockRunning() {
        // RxSwift testWindowReleasesResourcesOnComplete / OnError.
        let scheduler = TestScheduler()
        let windows = Signal.just(1).window(timeSpan: .seconds(5), count: 10, on: scheduler).flattenMap { $0.collect() }
        #expect(windows.record().events == [.next([1]), .completed])
        let failing = Signal<Int, TestError>.error(TestError(1)).window(timeSpan: .seconds(5), count: 10, on: scheduler)
        #expect(failing.record().error == TestError(1))
        scheduler.run()
        #expect(scheduler.now == .zero)
    }

    @Test func concatenatingTheWindowsGivesTheSourceBack() {
        let scheduler = TestScheduler()
        let source: TestSignal<Character, Never> = scheduler.cold(Self.marbles)
        let joined = Recorder(source.signal.window(timeSpan: .seconds(7), count: 3, on: scheduler).flatten(.concat))
        scheduler.run()
        #expect(String(joined.values) == "abcdefghi")
        #expect(joined.isCompleted)
    }

    @Test func aNonPositiveTimeSpanIsAProgrammerError() async {
        await #expect(processExitsWith: .failure) {
            _ = Signal<Int, Never>.never.window(timeSpan: .zero, count: 1, on: TestScheduler())
        }
    }
}

@Suite struct WindowBoundaryTests {
    @Test func theWindowsTimeline() {
        // The timeline in window(boundary:)'s doc comment; each window's marbles start when
        // it is sent.
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-ab--c--|")
        let boundary: TestSignal<String, Never> = scheduler.cold("---o--o---")
        let windows = Locked<[Recorder<String, Never>]>([])
        let outer = Recorder(
            source.signal.window(boundary: boundary.signal).map { window -> String in
                _ = windows.append(Recorder(window, scheduler: scheduler))
                return ["x", "y", "z"][windows.value.count - 1]
            },
            scheduler: scheduler)
        scheduler.run()
        #expect(outer.marbles() == "x--y--z-|")
        #expect(windows.value.map { $0.marbles() } == ["-ab|", "--c|", "--|"])
    }

    @Test func splitsSynchronouslyAndWindowsMayBeEmpty() {
        let values = Subject<Int, Never>(), pages = Subject<Void, Never>()
        let recorder = values.signal.window(boundary: pages.signal).flattenMap { $0.collect() }.record()
        values.send(value: 1)
        values.send(value: 2)
        pages.send(value: ())
        pages.send(value: ())
        values.send(value: 3)
        values.sendCompleted()
        #expect(recorder.events == [.next([1, 2]), .next([]), .next([3]), .completed])
    }

    @Test func theBoundarysCompletionLeavesTheWindowOpenUntilTheSourceEnds() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-a-b-c-|")
        let boundary: TestSignal<String, Never> = scheduler.cold("--o|")
        let windows = source.signal.window(boundary: boundary.signal).flattenMap { $0.collect() }
        let result = scheduler.expect(windows, "--x----(y|)", values: ["x": ["a"], "y": ["b", "c"]])
        #expect(result.isMet, "\(result)")
    }

    @Test func theBoundarysErrorFailsTheOpenWindowThenTheOuterSignal() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, TestError> = scheduler.cold("-a-b-c-|", error: TestError(1))
        let boundary: TestSignal<String, TestError> = scheduler.cold("--o-#", error: TestError(2))
        let windows = Locked<[Recorder<String, TestError>]>([])
        let outer = Recorder(source.signal.window(boundary: boundary.signal).on(next: { _ = windows.append($0.record()) }))
        scheduler.run()
        #expect(windows.value.map(\.events) == [[.next("a"), .completed], [.next("b"), .error(TestError(2))]])
        #expect(outer.error == TestError(2))
        #expect(source.subscriptionMarbles == ["^---!"])
    }

    @Test func theSourcesErrorFailsTheOpenWindowThenTheOuterSignal() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, TestError> = scheduler.cold("-a-#", error: TestError(1))
        let boundary: TestSignal<String, TestError> = scheduler.cold("--o---o", error: TestError(2))
        let windows = Locked<[Recorder<String, TestError>]>([])
        let outer = Recorder(source.signal.window(boundary: boundary.signal).on(next: { _ = windows.append($0.record()) }))
        scheduler.run()
        #expect(windows.value.map(\.events) == [[.next("a"), .completed], [.error(TestError(1))]])
        #expect(outer.error == TestError(1))
        #expect(boundary.subscriptionMarbles == ["^--!"])
    }

    @Test func disposingTheOuterSubscriptionKeepsASubscribedWindowRunning() {
        // The ref-counted rule of window(count:): the source and the boundary live until the
        // open window's subscription ends.
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.hot("-a-b-c-d-|")
        let boundary: TestSignal<String, Never> = scheduler.hot("------o---")
        let windows = Locked<[Recorder<String, Never>]>([])
        let outer = Recorder(source.signal.window(boundary: boundary.signal).on(next: { _ = windows.append($0.record()) }))
        _ = scheduler.schedule(after: .seconds(2)) { outer.dispose() }
        scheduler.run()
        #expect(windows.value.map(\.events) == [[.next("a"), .next("b"), .next("c"), .completed]])
        #expect(source.subscriptionMarbles == ["^-----!"])
        #expect(boundary.subscriptionMarbles == ["^-----!"])
    }

    @Test func disposingEverythingDisposesTheSourceAndTheBoundary() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.hot("-a-b-c-|")
        let boundary: TestSignal<String, Never> = scheduler.hot("--o--o--")
        let result = scheduler.expect(source.signal.window(boundary: boundary.signal).flatten(.merge), "-a-b!")
        #expect(result.isMet, "\(result)")
        #expect(source.subscriptionMarbles == ["^---!"])
        #expect(boundary.subscriptionMarbles == ["^---!"])
    }

    @Test func concatenatingTheWindowsGivesTheSourceBack() {
        let scheduler = TestScheduler()
        let source: TestSignal<String, Never> = scheduler.cold("-ab-cd-e-|")
        let boundary: TestSignal<String, Never> = scheduler.cold("-o--oo-o--")
        let result = scheduler.expect(source.signal.window(boundary: boundary.signal).flatten(.concat), "-ab-cd-e-|")
        #expect(result.isMet, "\(result)")
    }
}
