// Differential fuzzing of the time operators: generated timed schedules (values at virtual
// ticks, several sometimes at one tick, ending in completion, an error or nothing) go
// through each operator under a TestScheduler, and the output — events and their ticks — is
// compared with the reference model (Model/TimeModel.swift).
//
// `SIGNALS_TIME_FUZZ_CASES=100000 swift test --filter TimeFuzzTests` runs more cases per
// operator (the default is CI-sized).

import Signals
import SignalsTesting
import Testing
import SignalsTestSupport

@Suite struct TimeFuzzTests {
    /// Schedules per operator.
    static var cases: Int { environmentInteger("SIGNALS_TIME_FUZZ_CASES") ?? testSize(400, quick: 100) }
    static let seed: UInt64 = 0x7449_4d45

    typealias Source = Signal<Int, TestError>
    typealias Output = Signal<[Int], TestError>

    /// A schedule of up to 12 events, 0 to 3 ticks apart, ending in completion (45 %), an
    /// error (20 %) or nothing; the test runs until well after the last event.
    static func schedule(using rng: inout SplitMix64) -> TickSchedule {
        var events: [TickItem] = []
        var tick = 0
        for _ in 0..<Int.random(in: 0...12, using: &rng) {
            tick += Int.random(in: 0...3, using: &rng)
            events.append(TickItem(tick: tick, event: .next([Int.random(in: 0...9, using: &rng)])))
        }
        tick += Int.random(in: 0...3, using: &rng)
        switch Int.random(in: 0..<100, using: &rng) {
        case ..<45: events.append(TickItem(tick: tick, event: .completed))
        case ..<65: events.append(TickItem(tick: tick, event: .error(Int.random(in: 1...3, using: &rng))))
        default: break
        }
        return TickSchedule(events: events, horizon: tick + 16)
    }

    /// Runs `build` over a source that sends `schedule` on a fresh TestScheduler (the source's
    /// events are scheduled first, so at one tick they come before the operator's timers),
    /// until the horizon; then disposes, and checks that nothing is left on the scheduler.
    static func run(_ schedule: TickSchedule, _ build: (Source, TestScheduler) -> Output) -> (TickTrace, leftover: Bool) {
        let scheduler = TestScheduler()
        let subject = Subject<Int, TestError>()
        for item in schedule.events {
            let event: Event<Int, TestError> = switch item.event {
            case .next(let values): .next(values[0])
            case .error(let code): .error(TestError(code))
            case .completed: .completed
            }
            scheduler.schedule(after: .seconds(item.tick)) { subject.send(event) }
        }
        let recorder = build(subject.signal, scheduler).record(scheduler: scheduler)
        scheduler.advance(to: .zero + .seconds(schedule.horizon))
        recorder.dispose()
        let trace = recorder.timedEvents.map { timed -> TickItem in
            let event: TickEvent = switch timed.event {
            case .next(let values): .next(values)
            case .error(let error): .error(error.code)
            case .completed: .completed
            }
            return TickItem(tick: Int(timed.time.components.seconds), event: event)
        }
        // After the disposal nothing of the operator may fire: the clock stays where it is.
        let before = scheduler.now
        scheduler.run()
        return (trace, scheduler.now != before)
    }

    /// One fuzzed operator: its name (with its parameters), the library and the model.
    struct Case {
        var name: String
        var build: (Source, TestScheduler) -> Output
        var model: (TickSchedule) -> TickTrace
    }

    /// The operators with parameters drawn from `rng`.
    static func operatorCase(_ index: Int, using rng: inout SplitMix64) -> Case {
        let d = Int.random(in: 1...4, using: &rng)
        let n = Int.random(in: 1...4, using: &rng)
        let flag = Bool.random(using: &rng)
        let duration = Duration.seconds(d)
        switch index {
        case 0:
            return Case(name: "delay(\(d))", build: { $0.delay(duration, on: $1).map { [$0] } },
                        model: { TimeModel.delay(d, $0) })
        case 1:
            return Case(name: "debounce(\(d))", build: { $0.debounce(duration, on: $1).map { [$0] } },
                        model: { TimeModel.debounce(d, $0) })
        case 2:
            return Case(name: "throttle(\(d), latest: \(flag))",
                        build: { $0.throttle(duration, on: $1, latest: flag).map { [$0] } },
                        model: { TimeModel.throttle(d, latest: flag, $0) })
        case 3:
            return Case(
                name: flag ? "timeout(\(d), error:)" : "timeout(\(d), switchTo:)",
                build: { source, scheduler in
                    (flag ? source.timeout(duration, on: scheduler, error: TestError(99))
                          : source.timeout(duration, on: scheduler, switchTo: .just(-1))).map { [$0] }
                },
                model: { TimeModel.timeout(d, fails: flag, $0) })
        case 4:
            return Case(name: "sample(every: \(d))", build: { $0.sample(every: duration, on: $1).map { [$0] } },
                        model: { TimeModel.sample(every: d, $0) })
        case 5:
            return Case(name: "buffer(timeSpan: \(d), count: \(n))",
                        build: { $0.buffer(timeSpan: duration, count: n, on: $1) },
                        model: { TimeModel.buffer(span: d, count: n, skipsEmpty: false, $0) })
        default:
            return Case(name: "collect(every: \(d))", build: { $0.collect(every: duration, on: $1) },
                        model: { TimeModel.buffer(span: d, count: .max, skipsEmpty: true, $0) })
        }
    }

    static let operatorCount = 7

    @Test func timeOperatorsFollowTheModelOnGeneratedSchedules() {
        var rng = SplitMix64(seed: Self.seed)
        var mismatches = 0
        var leftovers = 0
        var runs = 0
        for index in 0..<Self.cases {
            for op in 0..<Self.operatorCount {
                let schedule = Self.schedule(using: &rng)
                let subject = Self.operatorCase(op, using: &rng)
                let expected = subject.model(schedule)
                let (actual, leftover) = Self.run(schedule, subject.build)
                runs += 1
                if leftover { leftovers += 1 }
                guard actual != expected else { continue }
                mismatches += 1
                if mismatches <= 5 {
                    Issue.record("""
                        \(subject.name) disagrees with the model (case \(index)).
                        schedule: \(schedule)
                        expected: \(expected.map(\.description).joined(separator: " "))
                        actual:   \(actual.map(\.description).joined(separator: " "))
                        """)
                }
            }
        }
        printFigure("[figures] TimeFuzzTests: \(runs) schedules (\(Self.cases) per operator), \(mismatches) mismatches, \(leftovers) with work left after disposal")
        #expect(mismatches == 0)
        #expect(leftovers == 0)
    }
}
