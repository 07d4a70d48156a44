// Every time operator given its scheduler four ways gives the same timeline: as the concrete
// `TestScheduler`, as `any Scheduler` (how a server or a view model holds it), and — reached
// directly, since which one a call takes depends on the optimiser (Scheduler+Specialising.swift) —
// its implementation specialised for `TestScheduler` and for `_ErasedScheduler`.

import Testing
@testable import Signals
import SignalsTesting

/// One time operator, applied to a source on a scheduler through its public entry point, and
/// through its implementation (what the entry point calls, for the scheduler's type).
protocol TimedOperatorCase: Sendable, CustomStringConvertible {
    /// The source's marbles (values one letter each; `#` fails with `TestError(1)`).
    var source: String { get }
    func apply(_ source: Signal<String, TestError>, on scheduler: some Scheduler) -> Signal<String, TestError>
    func implementation(_ source: Signal<String, TestError>, on scheduler: some Scheduler) -> Signal<String, TestError>
}

private struct Debounce: TimedOperatorCase {
    let description = "debounce", source = "-a--bc---d|"
    func apply(_ s: Signal<String, TestError>, on scheduler: some Scheduler) -> Signal<String, TestError> {
        s.debounce(.seconds(2), on: scheduler)
    }
    func implementation(_ s: Signal<String, TestError>, on scheduler: some Scheduler) -> Signal<String, TestError> {
        s._debounce(.seconds(2), on: scheduler)
    }
}

private struct Throttle: TimedOperatorCase {
    let latest: Bool
    var description: String { "throttle(latest: \(latest))" }
    let source = "-abc-----d-e----|"
    func apply(_ s: Signal<String, TestError>, on scheduler: some Scheduler) -> Signal<String, TestError> {
        s.throttle(.seconds(3), on: scheduler, latest: latest)
    }
    func implementation(_ s: Signal<String, TestError>, on scheduler: some Scheduler) -> Signal<String, TestError> {
        s._throttle(.seconds(3), on: scheduler, latest: latest)
    }
}

private struct Delay: TimedOperatorCase {
    let description = "delay", source = "-a-b--c#"
    func apply(_ s: Signal<String, TestError>, on scheduler: some Scheduler) -> Signal<String, TestError> {
        s.delay(.seconds(2), on: scheduler)
    }
    func implementation(_ s: Signal<String, TestError>, on scheduler: some Scheduler) -> Signal<String, TestError> {
        s._delay(.seconds(2), on: scheduler)
    }
}

private struct SampleEvery: TimedOperatorCase {
    let description = "sample(every:)", source = "-ab--c-d---e|"
    func apply(_ s: Signal<String, TestError>, on scheduler: some Scheduler) -> Signal<String, TestError> {
        s.sample(every: .seconds(3), on: scheduler)
    }
    func implementation(_ s: Signal<String, TestError>, on scheduler: some Scheduler) -> Signal<String, TestError> {
        s.sample(on: Signal<Int, Never>._interval(.seconds(3), on: scheduler))
    }
}

private struct Timeout: TimedOperatorCase {
    let switching: Bool
    var description: String { switching ? "timeout(switchTo:)" : "timeout(error:)" }
    let source = "-a-b-----c|"
    func apply(_ s: Signal<String, TestError>, on scheduler: some Scheduler) -> Signal<String, TestError> {
        switching
            ? s.timeout(.seconds(3), on: scheduler, switchTo: .just("x"))
            : s.timeout(.seconds(3), on: scheduler, error: TestError(9))
    }
    func implementation(_ s: Signal<String, TestError>, on scheduler: some Scheduler) -> Signal<String, TestError> {
        s._timeout(.seconds(3), on: scheduler, switchTo: switching ? .just("x") : .error(TestError(9)))
    }
}

private struct BufferTimeSpan: TimedOperatorCase {
    let description = "buffer(timeSpan:count:)", source = "-abc--d-----e|"
    func apply(_ s: Signal<String, TestError>, on scheduler: some Scheduler) -> Signal<String, TestError> {
        s.buffer(timeSpan: .seconds(4), count: 2, on: scheduler).map { $0.joined() }
    }
    func implementation(_ s: Signal<String, TestError>, on scheduler: some Scheduler) -> Signal<String, TestError> {
        s._buffer(timeSpan: .seconds(4), count: 2, on: scheduler).map { $0.joined() }
    }
}

private struct CollectEvery: TimedOperatorCase {
    let description = "collect(every:)", source = "-abc--d-----e|"
    func apply(_ s: Signal<String, TestError>, on scheduler: some Scheduler) -> Signal<String, TestError> {
        s.collect(every: .seconds(4), on: scheduler).map { $0.joined() }
    }
    func implementation(_ s: Signal<String, TestError>, on scheduler: some Scheduler) -> Signal<String, TestError> {
        s._buffer(timeSpan: .seconds(4), count: .max, on: scheduler).filter { !$0.isEmpty }.map { $0.joined() }
    }
}

private struct WindowTimeSpan: TimedOperatorCase {
    let description = "window(timeSpan:count:)", source = "-abc--d-----e|"
    func apply(_ s: Signal<String, TestError>, on scheduler: some Scheduler) -> Signal<String, TestError> {
        s.window(timeSpan: .seconds(4), count: 2, on: scheduler).concatMap { $0.collect() }.map { $0.joined() }
    }
    func implementation(_ s: Signal<String, TestError>, on scheduler: some Scheduler) -> Signal<String, TestError> {
        s._window(timeSpan: .seconds(4), count: 2, on: scheduler).concatMap { $0.collect() }.map { $0.joined() }
    }
}

private struct TimerSource: TimedOperatorCase {
    let description = "timer", source = "|"
    func apply(_ s: Signal<String, TestError>, on scheduler: some Scheduler) -> Signal<String, TestError> {
        Signal<Int, TestError>.timer(after: .seconds(3), on: scheduler).map { "\($0)" }
    }
    func implementation(_ s: Signal<String, TestError>, on scheduler: some Scheduler) -> Signal<String, TestError> {
        Signal<Int, TestError>._timer(after: .seconds(3), on: scheduler).map { "\($0)" }
    }
}

private struct IntervalSource: TimedOperatorCase {
    let description = "interval", source = "|"
    func apply(_ s: Signal<String, TestError>, on scheduler: some Scheduler) -> Signal<String, TestError> {
        Signal<Int, TestError>.interval(.seconds(2), on: scheduler).take(4).map { "\($0)" }
    }
    func implementation(_ s: Signal<String, TestError>, on scheduler: some Scheduler) -> Signal<String, TestError> {
        Signal<Int, TestError>._interval(.seconds(2), on: scheduler).take(4).map { "\($0)" }
    }
}

private struct RetryWithDelay: TimedOperatorCase {
    let description = "retry(_:delay:)", source = "-a#"
    func apply(_ s: Signal<String, TestError>, on scheduler: some Scheduler) -> Signal<String, TestError> {
        s.retry(2, delay: .exponential(initial: .seconds(1)), on: scheduler)
    }
    func implementation(_ s: Signal<String, TestError>, on scheduler: some Scheduler) -> Signal<String, TestError> {
        s._retrying(2, after: .seconds(1), .exponential(initial: .seconds(1)), on: scheduler)
    }
}

private struct DelaySubscription: TimedOperatorCase {
    let description = "delaySubscription", source = "-a-b|"
    func apply(_ s: Signal<String, TestError>, on scheduler: some Scheduler) -> Signal<String, TestError> {
        s.delaySubscription(.seconds(3), on: scheduler)
    }
    func implementation(_ s: Signal<String, TestError>, on scheduler: some Scheduler) -> Signal<String, TestError> {
        Signal<Int, TestError>._timer(after: .seconds(3), on: scheduler).then(s)
    }
}

private struct TakeAndSkipFor: TimedOperatorCase {
    let description = "take(for:) and skip(for:)", source = "-a-b-c-d-e|"
    func apply(_ s: Signal<String, TestError>, on scheduler: some Scheduler) -> Signal<String, TestError> {
        s.skip(for: .seconds(2), on: scheduler).take(for: .seconds(7), on: scheduler)
    }
    func implementation(_ s: Signal<String, TestError>, on scheduler: some Scheduler) -> Signal<String, TestError> {
        s.skip(until: Signal<Int, Never>._timer(after: .seconds(2), on: scheduler))
            .take(until: Signal<Int, Never>._timer(after: .seconds(7), on: scheduler))
    }
}

private struct ObserveOn: TimedOperatorCase {
    let description = "observe(on:)", source = "-a-b-c#"
    func apply(_ s: Signal<String, TestError>, on scheduler: some Scheduler) -> Signal<String, TestError> {
        s.observe(on: scheduler)
    }
    func implementation(_ s: Signal<String, TestError>, on scheduler: some Scheduler) -> Signal<String, TestError> {
        s._observe(on: scheduler)
    }
}

private struct ObserveOnBounded: TimedOperatorCase {
    let description = "observe(on:bufferSize:whenFull:)", source = "-a-b-c|"
    func apply(_ s: Signal<String, TestError>, on scheduler: some Scheduler) -> Signal<String, TestError> {
        s.observe(on: scheduler, bufferSize: 1, whenFull: .dropOldest)
    }
    func implementation(_ s: Signal<String, TestError>, on scheduler: some Scheduler) -> Signal<String, TestError> {
        s._observe(on: scheduler, bufferSize: 1, whenFull: .dropOldest, dropped: nil)
    }
}

private struct SubscribeOn: TimedOperatorCase {
    let description = "subscribe(on:)", source = "-a-b|"
    func apply(_ s: Signal<String, TestError>, on scheduler: some Scheduler) -> Signal<String, TestError> {
        s.subscribe(on: scheduler)
    }
    func implementation(_ s: Signal<String, TestError>, on scheduler: some Scheduler) -> Signal<String, TestError> {
        s._subscribing(on: scheduler)
    }
}

private let timedOperators: [any TimedOperatorCase] = [
    Debounce(), Throttle(latest: true), Throttle(latest: false), Delay(), SampleEvery(),
    Timeout(switching: true), Timeout(switching: false), BufferTimeSpan(), CollectEvery(),
    WindowTimeSpan(), TimerSource(), IntervalSource(), RetryWithDelay(), DelaySubscription(), TakeAndSkipFor(),
    ObserveOn(), ObserveOnBounded(), SubscribeOn(),
]

/// How the operator is given its scheduler.
enum SchedulerForm: CaseIterable, Sendable, CustomStringConvertible {
    case concrete, existential, implementationForTestScheduler, implementationForErased

    var description: String {
        switch self {
        case .concrete: "TestScheduler"
        case .existential: "any Scheduler"
        case .implementationForTestScheduler: "implementation for TestScheduler"
        case .implementationForErased: "implementation for _ErasedScheduler"
        }
    }
}

/// The operator's timeline on a fresh `TestScheduler`, given its scheduler in `form`: one entry
/// per event, `tick:event`, from the subscription.
private func timeline(_ operation: any TimedOperatorCase, _ form: SchedulerForm) -> [String] {
    let scheduler = TestScheduler()
    let source: TestSignal<String, TestError> = scheduler.cold(operation.source, error: TestError(1))
    let held: any Scheduler = scheduler
    let signal = switch form {
    case .concrete: operation.apply(source.signal, on: scheduler)
    case .existential: operation.apply(source.signal, on: held)
    case .implementationForTestScheduler: operation.implementation(source.signal, on: scheduler)
    case .implementationForErased: operation.implementation(source.signal, on: _ErasedScheduler(scheduler))
    }
    let recorder = Recorder(signal, scheduler: scheduler)
    scheduler.advance(by: .seconds(40))
    recorder.dispose()
    return recorder.timedEvents.map { "\($0.time.components.seconds):\($0.event)" }
}

@Suite struct TimedOperatorSchedulerTests {
    @Test(arguments: timedOperators)
    func givesTheSameTimelineHoweverTheSchedulerIsHeld(_ operation: any TimedOperatorCase) {
        let concrete = timeline(operation, .concrete)
        #expect(concrete.contains { $0.contains("next(") }, "\(operation) sent no value on TestScheduler: \(concrete)")
        for form in SchedulerForm.allCases.dropFirst() {
            #expect(timeline(operation, form) == concrete, "\(operation) given \(form)")
        }
    }

    @Test func anErasedSchedulerKeepsTheClockOfTheOneItWraps() {
        let scheduler = TestScheduler()
        scheduler.advance(by: .seconds(5))
        let erased = _ErasedScheduler(scheduler)
        let start = erased.now
        scheduler.advance(by: .seconds(3))
        #expect(start.duration(to: erased.now) == .seconds(3))
        #expect(start < erased.now)
        #expect(start.advanced(by: .seconds(3)) == erased.now)
    }

    @Test func anErasedSchedulerIsNotWrappedTwice() {
        let erased = _ErasedScheduler(TestScheduler())
        #expect(_ErasedScheduler._wrapping(erased) === erased)
        #expect(erased._erased === erased)
    }

    @Test func anErasedSchedulerForwardsCancellation() {
        let scheduler = TestScheduler()
        let erased = _ErasedScheduler(scheduler)
        let ran = _Locked(0)
        erased.schedule(after: .seconds(1)) { ran.withLock { $0 += 1 } }
        erased.schedule(after: .seconds(1)) { ran.withLock { $0 += 10 } }.dispose()
        let ticking = erased.schedule(after: .seconds(1), repeating: .seconds(1)) { ran.withLock { $0 += 100 } }
        erased.schedule { ran.withLock { $0 += 1000 } }
        scheduler.advance(by: .seconds(2))
        ticking.dispose()
        scheduler.advance(by: .seconds(2))
        let total: Int = ran.withLock { $0 }
        #expect(total == 1_201)  // the first action once, the repeating one twice, the immediate one
    }

    @Test func theLibrarysSchedulersAreWrappedAtTheirOwnTypeAndForward() async throws {
        let held: [any Scheduler] = [QueueScheduler(), TaskScheduler(), TaskScheduler(clock: SuspendingClock())]
        for scheduler in held {
            let erased = try #require(_ErasedScheduler._ofLibraryType(scheduler), "\(type(of: scheduler)) not recognised")
            let ran = _Locked<[String]>([])
            let start = erased.now
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                erased.schedule { ran.withLock { $0.append("now") } }
                // Disposed at once, due long before "later": it shows up if cancelling does not
                // reach the wrapped scheduler. (Due after 1 ms, it ran before its dispose on a
                // busy machine: a thread can be held off a core for longer than that.)
                erased.schedule(after: .milliseconds(100)) { ran.withLock { $0.append("cancelled") } }.dispose()
                erased.schedule(after: .milliseconds(250)) {
                    ran.withLock { $0.append("later") }
                    done.resume()
                }
            }
            #expect(ran.withLock { $0 } == ["now", "later"], "\(type(of: scheduler))")
            #expect(start < erased.now, "\(type(of: scheduler))")  // its clock is the wrapped one's
        }
        #expect(_ErasedScheduler._ofLibraryType(TestScheduler()) == nil)
    }
}
