// The checks behind `OperatorConformance.check`. Each returns one line per violation.

import Signals
import Synchronization
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension OperatorConformance {
    typealias Source = Signal<Int, SourceError>

    /// The prepared sources of the grammar check, each with a function that drives it.
    static func grammarSources() -> [(String, (Subject<Int, SourceError>) -> Source, (Subject<Int, SourceError>) -> Void)] {
        [
            ("empty", { _ in .empty }, { _ in }),
            ("never", { _ in .never }, { _ in }),
            ("failing", { _ in .error(SourceError()) }, { _ in }),
            ("synchronous", { _ in .from([1, 2, 3]) }, { _ in }),
            ("hot", { $0.signal }, { subject in
                subject.send(value: 1); subject.send(value: 2); subject.sendCompleted()
            }),
            ("hot, failing", { $0.signal }, { subject in
                subject.send(value: 1); subject.send(error: SourceError())
            }),
            ("asynchronous", { $0.signal }, { subject in
                _ConformanceThread { for value in 1...100 { subject.send(value: value) }; subject.sendCompleted() }.join()
            }),
        ]
    }

    static func checkGrammar<O, F: Error>(settle: () -> Void, _ makeOperator: @escaping @Sendable (Source) -> Signal<O, F>) -> [String] {
        var failures: [String] = []
        for (name, makeSource, drive) in grammarSources() {
            let subject = Subject<Int, SourceError>()
            let probe = _Probe<O, F>()
            let subscription = makeOperator(makeSource(subject)).subscribe(probe.observer)
            drive(subject)
            settle()
            subscription.dispose()
            failures += probe.violations.map { "\(name) source: \($0)" }
        }
        // Re-entrant: the first value the output delivers makes the source send again.
        let subject = Subject<Int, SourceError>()
        let probe = _Probe<O, F>()
        probe.onFirstEvent = { subject.send(value: 100) }
        let subscription = makeOperator(subject.signal).subscribe(probe.observer)
        subject.send(value: 1); subject.send(value: 2); subject.sendCompleted()
        settle()
        subscription.dispose()
        failures += probe.violations.map { "re-entrant source: \($0)" }
        return failures
    }

    static func checkFinishesWithSource<O, F: Error>(
        settle: () -> Void, onScheduler: Bool, errorsLater: Bool, _ makeOperator: @escaping @Sendable (Source) -> Signal<O, F>
    ) -> [String] {
        var sources: [(String, Source)] = [("empty", .empty), ("synchronous", .from([1, 2, 3]))]
        // An error forwarded later (without a scheduler to run) may legitimately be pending.
        if !errorsLater || onScheduler { sources.insert(("failing", .error(SourceError())), at: 1) }
        let when = onScheduler ? "once virtual time had run out" : "when subscribe returned"
        return sources.compactMap { name, source in
            let probe = _Probe<O, F>()
            let subscription = makeOperator(source).subscribe(probe.observer)
            settle()
            defer { subscription.dispose() }
            return probe.isTerminated ? nil : "\(name) source: the output had not ended \(when)"
        }
    }

    static func checkErrorPassthrough<O, F: Error>(
        settle: () -> Void, onScheduler: Bool, atOnce: Bool, _ makeOperator: @escaping @Sendable (Source) -> Signal<O, F>
    ) -> [String] {
        if F.self == Never.self { return [] }   // the output cannot fail: nothing to pass through
        // Forwarded later, with no virtual time to run: only an end other than an error is wrong.
        let mustHaveFailed = atOnce || onScheduler
        func verdict(_ probe: _Probe<O, F>, _ what: String) -> String? {
            if probe.failed { return nil }
            if !mustHaveFailed && !probe.isTerminated { return nil }
            return "\(what): the output ended with \(probe.lastEventDescription), not an error"
        }
        var failures: [String] = []
        let immediate = _Probe<O, F>()
        let first = makeOperator(.error(SourceError())).subscribe(immediate.observer)
        settle()
        first.dispose()
        if let failure = verdict(immediate, "a source failing at once") { failures.append(failure) }
        let subject = Subject<Int, SourceError>()
        let later = _Probe<O, F>()
        let subscription = makeOperator(subject.signal).subscribe(later.observer)
        subject.send(error: SourceError())
        settle()
        subscription.dispose()
        if let failure = verdict(later, "a hot source failing") { failures.append(failure) }
        return failures
    }

    static func checkDispose<O, F: Error>(
        afterValues count: Int, settle: () -> Void, _ makeOperator: @escaping @Sendable (Source) -> Signal<O, F>
    ) -> [String] {
        let spy = _SpySource()
        let probe = _Probe<O, F>()
        let subscription = makeOperator(spy.signal).subscribe(probe.observer)
        for value in 0..<count { spy.subject.send(value: value) }
        subscription.dispose()
        probe.markDisposed()
        // Counted before the source ends by itself (its end would release a leaked subscription).
        let (subscriptions, disposals) = (spy.subscriptions.load(ordering: .acquiring), spy.disposals.load(ordering: .acquiring))
        for value in count..<(count + 3) { spy.subject.send(value: value) }
        spy.subject.sendCompleted()
        settle()   // work the operator scheduled must not deliver after dispose either
        var failures = probe.violations
        if disposals != subscriptions {
            failures.append("\(subscriptions) upstream subscription(s) but \(disposals) disposal(s) after dispose")
        }
        if !subscription.isDisposed { failures.append("the disposable does not say isDisposed after dispose()") }
        return failures
    }

    static func checkLifetimes<O, F: Error>(settle: () -> Void, _ makeOperator: @escaping @Sendable (Source) -> Signal<O, F>) -> [String] {
        var failures: [String] = []
        weak var sourceToken: _Token?
        weak var observerToken: _Token?
        var kept: (any Disposable)?
        var ended = false
        do {
            let tokens = (_Token(), _Token())
            sourceToken = tokens.0
            observerToken = tokens.1
            let subject = Subject<Int, SourceError>()
            let source = Source { [tokens] observer in
                _ = tokens.0
                return subject.signal.subscribe(observer)
            }
            let probe = _Probe<O, F>()
            let observer = Observer<O, F> { [tokens] event in
                _ = tokens.1
                probe.observer.send(event)
            }
            kept = makeOperator(source).subscribe(observer)
            subject.send(value: 1)
            subject.sendCompleted()
            settle()
            ended = probe.isTerminated
        }
        if ended {
            if observerToken != nil { failures.append("after the output ended, the kept disposable still retains the observer") }
            if sourceToken != nil { failures.append("after the output ended, the source subscription is still alive") }
        }
        kept?.dispose()
        if observerToken != nil { failures.append("after dispose, the kept disposable still retains the observer") }
        if sourceToken != nil { failures.append("after dispose, the source's resources are still alive") }
        kept = nil
        return failures
    }

    static func checkSerialisedOutput<O, F: Error>(
        valuesPerThread: Int = 2_000, settle: () -> Void, _ makeOperator: @escaping @Sendable (Source) -> Signal<O, F>
    ) -> [String] {
        let subject = Subject<Int, SourceError>()
        let probe = _Probe<O, F>()
        let subscription = makeOperator(subject.signal).subscribe(probe.observer)
        let threads = (0..<2).map { index in
            _ConformanceThread {
                for value in 0..<valuesPerThread { subject.send(value: index * 10_000 + value) }
            }
        }
        for thread in threads { thread.join() }
        subject.sendCompleted()
        settle()
        subscription.dispose()
        return probe.violations
    }

    static func checkStackSafety<O, F: Error>(
        length: Int = 100_000,
        settle: @escaping @Sendable () -> Void,
        _ makeOperator: @escaping @Sendable (Source) -> Signal<O, F>
    ) -> [String] {
        let result = _Locked<[String]>([])
        _ConformanceThread(stackSize: 512 * 1024) {
            let probe = _Probe<O, F>()
            let subscription = makeOperator(.from(0..<length)).subscribe(probe.observer)
            settle()
            subscription.dispose()
            result.withLock { $0 = probe.violations }
        }.join()
        return result.withLock { $0 }
    }

    /// A source that fails at once on its first `depth` subscriptions, then sends 1 and
    /// completes, subscribed on a 512 KiB stack: a `retry` resubscribing `depth` times must
    /// neither overflow nor stop short.
    static func checkDeepResubscription<O, F: Error>(
        depth: Int,
        settle: @escaping @Sendable () -> Void,
        _ makeOperator: @escaping @Sendable (Source) -> Signal<O, F>
    ) -> [String] {
        let result = _Locked<[String]>([])
        _ConformanceThread(stackSize: 512 * 1024) {
            let subscriptions = Atomic<Int>(0)
            let source = Source { observer in
                if subscriptions.add(1, ordering: .relaxed).newValue <= depth {
                    observer.send(error: SourceError())
                } else {
                    observer.send(value: 1)
                    observer.sendCompleted()
                }
                return nil
            }
            let probe = _Probe<O, F>()
            let subscription = makeOperator(source).subscribe(probe.observer)
            settle()
            subscription.dispose()
            var failures = probe.violations
            if !probe.isTerminated { failures.append("a source failing \(depth) times then completing: the output had not ended") }
            result.withLock { $0 = failures }
        }.join()
        return result.withLock { $0 }
    }

    /// An endless synchronous source (it gives up after `count + 1,000` values): the output
    /// must complete after `count` of them, and stop the source.
    static func checkCompletesEarly<O, F: Error>(
        after count: Int,
        settle: () -> Void,
        _ makeOperator: @escaping @Sendable (Source) -> Signal<O, F>
    ) -> [String] {
        let limit = count + 1_000
        let sent = Atomic<Int>(0)
        let gaveUp = Atomic<Bool>(false)
        let stopped = Atomic<Bool>(false)
        let subscribed = Atomic<Bool>(false)
        let source = Source { observer in
            subscribed.store(true, ordering: .relaxed)
            var value = 0
            while !observer.isStopped {
                if value == limit {
                    gaveUp.store(true, ordering: .relaxed)
                    break
                }
                observer.send(value: value)
                value += 1
                sent.store(value, ordering: .relaxed)
            }
            if observer.isStopped { stopped.store(true, ordering: .relaxed) }
            return nil
        }
        let probe = _Probe<O, F>()
        let subscription = makeOperator(source).subscribe(probe.observer)
        settle()
        subscription.dispose()
        var failures = probe.violations
        let values = sent.load(ordering: .relaxed)
        if gaveUp.load(ordering: .relaxed) {
            failures.append("the source was not stopped: it sent \(limit) values and was still running (set `stop` once the output needs no more)")
        } else if values > count {
            failures.append("the source sent \(values) values before it was stopped, \(count) expected")
        }
        if !probe.isTerminated {
            failures.append("after \(count) value(s) of an endless source the output had not ended")
        } else if probe.failed {
            failures.append("after \(count) value(s) of an endless source the output failed instead of completing")
        }
        // (An operator that completes without subscribing, as `take(0)`, has nothing to stop.)
        if subscribed.load(ordering: .relaxed) && !gaveUp.load(ordering: .relaxed) && !stopped.load(ordering: .relaxed) {
            failures.append("the source's subscription was not disposed")
        }
        return failures
    }

    /// Inner signals that each send from a thread of their own, many at once.
    static func checkConcurrentInners<O, F: Error>(
        settle: () -> Void,
        _ makeOperator: @escaping @Sendable (Source, @escaping @Sendable (Int) -> Source) -> Signal<O, F>
    ) -> [String] {
        let threads = _Locked<[_ConformanceThread]>([])
        let inner: @Sendable (Int) -> Source = { value in
            Source { observer in
                let thread = _ConformanceThread {
                    for _ in 0..<20 { observer.send(value: value) }
                    observer.sendCompleted()
                }
                threads.withLock { $0.append(thread) }
                return nil
            }
        }
        let subject = Subject<Int, SourceError>()
        let probe = _Probe<O, F>()
        let subscription = makeOperator(subject.signal, inner).subscribe(probe.observer)
        for value in 0..<40 { subject.send(value: value) }
        subject.sendCompleted()
        // Join every inner thread, also those started by inner signals that started late.
        while let thread = threads.withLock({ $0.popLast() }) { thread.join() }
        settle()
        var failures = probe.violations
        if !probe.isTerminated { failures.append("inner signals on other threads: the output had not ended once they all had") }
        subscription.dispose()
        return failures
    }
}

/// Runs the checks for one `OperatorConformance.check` call.
struct _Run<O, F: Error> {
    let name: String
    let sourceErrors: OperatorConformance.SourceErrors
    let skipping: Set<OperatorConformance.Check>
    let stackSafetyLength: Int
    var scheduler: TestScheduler?
    var completesAfter: Int?
    let makeOperator: @Sendable (Signal<Int, OperatorConformance.SourceError>) -> Signal<O, F>
    var makeThreadedOperator: (@Sendable (
        Signal<Int, OperatorConformance.SourceError>, @escaping @Sendable (Int) -> Signal<Int, OperatorConformance.SourceError>
    ) -> Signal<O, F>)?

    init(
        name: String, sourceErrors: OperatorConformance.SourceErrors, skipping: Set<OperatorConformance.Check>,
        stackSafetyLength: Int, scheduler: TestScheduler? = nil, completesAfter: Int? = nil,
        makeOperator: @escaping @Sendable (Signal<Int, OperatorConformance.SourceError>) -> Signal<O, F>
    ) {
        self.name = name
        self.sourceErrors = sourceErrors
        self.skipping = skipping
        self.stackSafetyLength = stackSafetyLength
        self.scheduler = scheduler
        self.completesAfter = completesAfter
        self.makeOperator = makeOperator
    }

    /// Whether `check` applies to this run.
    func applies(_ check: OperatorConformance.Check) -> Bool {
        if skipping.contains(check) { return false }
        switch check {
        case .errorPassthrough: return sourceErrors != .recovered
        case .deepResubscription: return sourceErrors == .recovered
        case .completesEarly: return completesAfter != nil
        case .concurrentInners: return makeThreadedOperator != nil
        default: return true
        }
    }

    func report() -> OperatorConformance.Report {
        let checks = OperatorConformance.Check.allCases.filter(applies)
        var failures: [String] = []
        for check in checks {
            failures += run(check).map { "\(check.rawValue): \($0)" }
        }
        return OperatorConformance.Report(name: name, checks: checks, failures: failures)
    }

    /// Runs the scheduler's virtual time until nothing is left (bounded), if there is one.
    var settle: @Sendable () -> Void {
        guard let scheduler else { return {} }
        return {
            var steps = 0
            while let due = scheduler._nextDueTime, steps < 100_000 {
                scheduler.advance(to: max(due, scheduler.now))
                steps += 1
            }
        }
    }

    func run(_ check: OperatorConformance.Check) -> [String] {
        typealias Kit = OperatorConformance
        let onScheduler = scheduler != nil
        switch check {
        case .grammar: return Kit.checkGrammar(settle: settle, makeOperator)
        case .finishesWithSource:
            return Kit.checkFinishesWithSource(
                settle: settle, onScheduler: onScheduler, errorsLater: sourceErrors == .forwardedLater, makeOperator)
        case .errorPassthrough:
            return Kit.checkErrorPassthrough(
                settle: settle, onScheduler: onScheduler, atOnce: sourceErrors == .forwardedAtOnce, makeOperator)
        case .disposeBeforeValues: return Kit.checkDispose(afterValues: 0, settle: settle, makeOperator)
        case .disposeMidStream: return Kit.checkDispose(afterValues: 2, settle: settle, makeOperator)
        case .lifetimes: return Kit.checkLifetimes(settle: settle, makeOperator)
        case .serialisedOutput:
            // On a scheduler every value may become scheduled work: fewer values keep the run short.
            return Kit.checkSerialisedOutput(valuesPerThread: onScheduler ? 200 : 2_000, settle: settle, makeOperator)
        case .stackSafety: return Kit.checkStackSafety(length: stackSafetyLength, settle: settle, makeOperator)
        case .deepResubscription:
            return Kit.checkDeepResubscription(depth: min(stackSafetyLength, 10_000), settle: settle, makeOperator)
        case .completesEarly: return Kit.checkCompletesEarly(after: completesAfter ?? 0, settle: settle, makeOperator)
        case .concurrentInners:
            guard let makeThreadedOperator else { return [] }
            return Kit.checkConcurrentInners(settle: settle, makeThreadedOperator)
        }
    }
}

/// Something whose lifetime the lifetime check watches.
final class _Token: Sendable {}

/// A hot source that counts its subscriptions and their disposals.
final class _SpySource: Sendable {
    let subject = Subject<Int, OperatorConformance.SourceError>()
    let subscriptions = Atomic<Int>(0)
    let disposals = Atomic<Int>(0)

    var signal: Signal<Int, OperatorConformance.SourceError> {
        Signal { [self] observer in
            subscriptions.add(1, ordering: .acquiringAndReleasing)
            let subscription = subject.signal.subscribe(observer)
            return AnyDisposable { [self] in
                disposals.add(1, ordering: .acquiringAndReleasing)
                subscription.dispose()
            }
        }
    }
}

/// An observer that records what the checks need and the violations it sees.
final class _Probe<Value, Failure: Error>: Sendable {
    struct State {
        var violations: [String] = []
        var terminal: String?
        var failed = false
        var isDisposed = false
        var onFirstEvent: (@Sendable () -> Void)?
    }
    let state = _Locked(State())
    let inside = Atomic<Int>(0)

    var onFirstEvent: (@Sendable () -> Void)? {
        get { state.withLock { $0.onFirstEvent } }
        set { state.withLock { $0.onFirstEvent = newValue } }
    }

    var observer: Observer<Value, Failure> {
        Observer { [self] event in receive(event) }
    }

    func receive(_ event: Event<Value, Failure>) {
        if inside.add(1, ordering: .acquiringAndReleasing).newValue > 1 {
            record("the observer was entered concurrently")
        }
        let hook = state.withLock { state -> (@Sendable () -> Void)? in
            if state.isDisposed { state.violations.append("\(Self.kind(of: event)) delivered after dispose() returned") }
            if let terminal = state.terminal { state.violations.append("\(Self.kind(of: event)) after \(terminal)") }
            if event.isTerminating {
                state.terminal = Self.kind(of: event)
                state.failed = event.error != nil
            }
            defer { state.onFirstEvent = nil }
            return state.onFirstEvent
        }
        hook?()
        inside.subtract(1, ordering: .acquiringAndReleasing)
    }

    func record(_ violation: String) { state.withLock { $0.violations.append(violation) } }
    func markDisposed() { state.withLock { $0.isDisposed = true } }

    var violations: [String] { state.withLock { $0.violations } }
    var isTerminated: Bool { state.withLock { $0.terminal != nil } }
    var failed: Bool { state.withLock { $0.failed } }
    var lastEventDescription: String { state.withLock { $0.terminal ?? "no terminal event" } }

    static func kind(of event: Event<Value, Failure>) -> String {
        switch event {
        case .next: "a value"
        case .error: "an error"
        case .completed: "completion"
        }
    }
}

/// `@unchecked Sendable`: handed to exactly one new thread, read once there.
private final class _ThreadBody: @unchecked Sendable {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}

/// A pthread with a chosen stack size; `join()` waits for it.
final class _ConformanceThread: @unchecked Sendable { // `thread` is written in init, read by join only
    private var thread = pthread_t()

    init(stackSize: Int = 1 << 20, _ body: @escaping @Sendable () -> Void) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setstacksize(&attributes, stackSize)
        let box = Unmanaged.passRetained(_ThreadBody(body)).toOpaque()
        #if canImport(Darwin)
        let error = pthread_create(&thread, &attributes, { pointer in
            Unmanaged<_ThreadBody>.fromOpaque(pointer).takeRetainedValue().run()
            return nil
        }, box)
        #else
        let error = pthread_create(&thread, &attributes, { pointer in
            Unmanaged<_ThreadBody>.fromOpaque(pointer!).takeRetainedValue().run()
            return nil
        }, box)
        #endif
        _precondition(error == 0, "Signals: pthread_create failed (error \(error)) while starting a conformance thread; the system is out of threads")
        pthread_attr_destroy(&attributes)
    }

    func join() {
        pthread_join(thread, nil)
    }
}
