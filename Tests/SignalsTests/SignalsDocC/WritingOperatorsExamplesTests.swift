// The five operators WritingOperators.md teaches, written exactly as the article shows
// (a plain `import Signals`, no @testable): if the article's recipes stop working, these
// tests stop compiling or fail.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

extension Signal {
    /// Each value with the one before it (the first value only starts the pairs).
    func pairwise() -> Signal<(Value, Value), Failure> {
        bind {
            let previous = BindingState<Value?>(nil)      // one cell per subscription
            return { event, _ in
                switch event {
                case .next(let value):
                    defer { previous.value = value }
                    guard let last = previous.value else { return nil }
                    return .just((last, value))
                case .error(let error): return .error(error)
                case .completed: return nil
                }
            }
        }
    }

    /// Groups consecutive values: a value joins the buffer while `belongs(buffer, value)`;
    /// one that does not sends the buffer and starts the next. The last buffer is sent on
    /// completion.
    func bufferWhile(_ belongs: @escaping @Sendable ([Value], Value) -> Bool) -> Signal<[Value], Failure> {
        bind {
            let buffer = BindingState<[Value]>([])
            return { event, _ in
                switch event {
                case .next(let value):
                    if buffer.value.isEmpty || belongs(buffer.value, value) {
                        buffer.value.append(value)
                        return nil
                    }
                    defer { buffer.value = [value] }
                    return .just(buffer.value)
                case .error(let error): return .error(error)
                case .completed: return buffer.value.isEmpty ? nil : .just(buffer.value)
                }
            }
        }
    }

    /// Resubscribes after an error, waiting `delay`, then twice as long each time; after
    /// `attempts` subscriptions in all, the error goes through.
    func retryWithBackoff(_ attempts: Int, delay: Duration, on scheduler: some Scheduler) -> Signal {
        precondition(attempts >= 1, "retryWithBackoff: attempts must be at least 1")
        let source = self
        @Sendable func attempt(_ number: Int, after delay: Duration) -> Signal {
            source.bind {
                { event, _ in
                    switch event {
                    case .next(let value): return .just(value)
                    case .completed: return nil
                    case .error(let error):
                        if number == attempts { return .error(error) }
                        return Signal<Int, Failure>.timer(after: delay, on: scheduler)
                            .then(attempt(number + 1, after: delay * 2))   // tail-called
                    }
                }
            }
        }
        return attempt(1, after: delay)
    }

    /// Maps a value to a signal and runs it; values that arrive while it runs are ignored.
    func exhaustMap<U>(_ transform: @escaping @Sendable (Value) -> Signal<U, Failure>) -> Signal<U, Failure> {
        bindTrackingInners {
            let busy = BindingState(false)
            return { event, _ in
                switch event {
                case .source(.next(let value)):
                    if busy.value { return nil }
                    busy.value = true
                    return transform(value)
                case .source(.error(let error)): return .error(error)
                case .source(.completed): return nil
                case .innerCompleted:
                    busy.value = false
                    return nil
                }
            }
        }
    }

    /// Lets a value through, then ignores values for `interval`.
    func rateLimit(_ interval: Duration, on scheduler: some Scheduler) -> Signal {
        bindTrackingInners {
            let resting = BindingState(false)
            return { event, _ in
                switch event {
                case .source(.next(let value)):
                    if resting.value { return nil }
                    resting.value = true
                    // The value now, then a silent inner signal that completes after `interval`.
                    return Signal.just(value).concat(Signal<Int, Failure>.timer(after: interval, on: scheduler).ignoreValues().then(.empty))
                case .source(.error(let error)): return .error(error)
                case .source(.completed): return nil
                case .innerCompleted:
                    resting.value = false
                    return nil
                }
            }
        }
    }
}

@Suite struct WritingOperatorsExamplesTests {
    typealias Source = Signal<Int, OperatorConformance.SourceError>

    @Test func pairwiseSendsEachValueWithThePreviousOne() {
        let recorder = Signal<Int, Never>.from([1, 2, 3]).pairwise().map { "\($0)\($1)" }.record()
        #expect(recorder.events == [.next("12"), .next("23"), .completed])
    }

    @Test func bufferWhileGroupsConsecutiveValuesAndSendsTheLastGroupOnCompletion() {
        let recorder = Signal<Int, Never>.from([1, 2, 5, 6, 7, 10]).bufferWhile { buffer, value in value == buffer.last! + 1 }.record()
        #expect(recorder.events == [.next([1, 2]), .next([5, 6, 7]), .next([10]), .completed])
    }

    @Test func retryWithBackoffWaitsLongerEachTimeThenLetsTheErrorThrough() {
        // Given
        let scheduler = TestScheduler()
        let subscriptions = Locked(0)
        let failing = Source.deferred {
            subscriptions.withLock { $0 += 1 }
            return .error(OperatorConformance.SourceError())
        }
        let recorder = failing.retryWithBackoff(3, delay: .seconds(1), on: scheduler).record()
        // When
        scheduler.advance(by: .seconds(1))
        let afterOne = subscriptions.value
        scheduler.advance(by: .seconds(1))
        let afterTwo = subscriptions.value
        scheduler.advance(by: .seconds(1))
        // Then: subscribed at 0, 1 s and 3 s; the third error goes through.
        #expect((afterOne, afterTwo, subscriptions.value) == (2, 2, 3))
        #expect(recorder.events == [.error(OperatorConformance.SourceError())])
    }

    @Test func exhaustMapIgnoresValuesWhileItsInnerSignalRuns() {
        // Given
        let taps = Subject<Int, Never>()
        let requests = [1: Subject<String, Never>(), 2: Subject<String, Never>(), 3: Subject<String, Never>()]
        let recorder = taps.signal.exhaustMap { requests[$0]!.signal }.record()
        // When
        taps.send(value: 1)
        taps.send(value: 2)
        requests[1]!.send(value: "one")
        requests[1]!.sendCompleted()
        taps.send(value: 3)
        requests[3]!.send(value: "three")
        requests[3]!.sendCompleted()
        taps.sendCompleted()
        // Then
        #expect(recorder.events == [.next("one"), .next("three"), .completed])
    }

    @Test func rateLimitLetsOneValueThroughPerInterval() {
        let scheduler = TestScheduler()
        let source = scheduler.hot("ab-c--de|", values: ["a": 1, "b": 2, "c": 3, "d": 4, "e": 5])
        let recorder = source.signal.rateLimit(.seconds(3), on: scheduler).record(scheduler: scheduler)
        scheduler.run()
        // a at 0 s starts a 3 s rest (b, c ignored); d at 6 s starts another (e ignored);
        // the output completes when the source has and the rest is over (9 s).
        #expect(recorder.marbles(values: ["a": 1, "d": 4]) == "a-----d--|")
    }

    @Test func theFiveConformToTheOperatorContract() {
        let scheduler = TestScheduler()
        let reports = [
            OperatorConformance.check("pairwise", stackSafetyLength: 10_000) { $0.pairwise().map { $0 + $1 } },
            OperatorConformance.check("bufferWhile", stackSafetyLength: 10_000) { $0.bufferWhile { _, _ in true } },
            OperatorConformance.check("retryWithBackoff", on: scheduler, sourceErrors: .forwardedLater, stackSafetyLength: 200) {
                $0.retryWithBackoff(3, delay: .seconds(1), on: scheduler)
            },
            OperatorConformance.check("exhaustMap", inners: { source, inner in source.exhaustMap(inner) }, stackSafetyLength: 10_000),
            OperatorConformance.check("rateLimit", on: scheduler, stackSafetyLength: 200) { $0.rateLimit(.seconds(2), on: scheduler) },
        ]
        for report in reports { #expect(report.failures == [], "\(report)") }
    }
}
