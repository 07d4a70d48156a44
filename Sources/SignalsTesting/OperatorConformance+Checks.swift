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

    static func checkGrammar<O, F: Error>(_ makeOperator: @escaping @Sendable (Source) -> Signal<O, F>) -> [String] {
        var failures: [String] = []
        for (name, makeSource, drive) in grammarSources() {
            let subject = Subject<Int, SourceError>()
            let probe = _Probe<O, F>()
            let subscription = makeOperator(makeSource(subject)).subscribe(probe.observer)
            drive(subject)
            subscription.dispose()
            failures += probe.violations.map { "\(name) source: \($0)" }
        }
        // Re-entrant: the first value the output delivers makes the source send again.
        let subject = Subject<Int, SourceError>()
        let probe = _Probe<O, F>()
        probe.onFirstEvent = { subject.send(value: 100) }
        let subscription = makeOperator(subject.signal).subscribe(probe.observer)
        subject.send(value: 1); subject.send(value: 2); subject.sendCompleted()
        subscription.dispose()
        failures += probe.violations.map { "re-entrant source: \($0)" }
        return failures
    }

    static func checkFinishesWithSource<O, F: Error>(_ makeOperator: @escaping @Sendable (Source) -> Signal<O, F>) -> [String] {
        let sources: [(String, Source)] = [("empty", .empty), ("failing", .error(SourceError())), ("synchronous", .from([1, 2, 3]))]
        return sources.compactMap { name, source in
            let probe = _Probe<O, F>()
            let subscription = makeOperator(source).subscribe(probe.observer)
            defer { subscription.dispose() }
            return probe.isTerminated ? nil : "\(name) source: the output had not ended when subscribe returned"
        }
    }

    static func checkErrorPassthrough<O, F: Error>(_ makeOperator: @escaping @Sendable (Source) -> Signal<O, F>) -> [String] {
        if F.self == Never.self { return [] }   // the output cannot fail: nothing to pass through
        var failures: [String] = []
        let immediate = _Probe<O, F>()
        makeOperator(.error(SourceError())).subscribe(immediate.observer).dispose()
        if !immediate.failed { failures.append("a source failing at once: the output ended with \(immediate.lastEventDescription), not an error") }
        let subject = Subject<Int, SourceError>()
        let later = _Probe<O, F>()
        let subscription = makeOperator(subject.signal).subscribe(later.observer)
        subject.send(error: SourceError())
        subscription.dispose()
        if !later.failed { failures.append("a hot source failing: the output ended with \(later.lastEventDescription), not an error") }
        return failures
    }

    static func checkDispose<O, F: Error>(afterValues count: Int, _ makeOperator: @escaping @Sendable (Source) -> Signal<O, F>) -> [String] {
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
        var failures = probe.violations
        if disposals != subscriptions {
            failures.append("\(subscriptions) upstream subscription(s) but \(disposals) disposal(s) after dispose")
        }
        if !subscription.isDisposed { failures.append("the disposable does not say isDisposed after dispose()") }
        return failures
    }

    static func checkLifetimes<O, F: Error>(_ makeOperator: @escaping @Sendable (Source) -> Signal<O, F>) -> [String] {
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

    static func checkSerialisedOutput<O, F: Error>(_ makeOperator: @escaping @Sendable (Source) -> Signal<O, F>) -> [String] {
        let subject = Subject<Int, SourceError>()
        let probe = _Probe<O, F>()
        let subscription = makeOperator(subject.signal).subscribe(probe.observer)
        let threads = (0..<2).map { index in
            _ConformanceThread {
                for value in 0..<2_000 { subject.send(value: index * 10_000 + value) }
            }
        }
        for thread in threads { thread.join() }
        subject.sendCompleted()
        subscription.dispose()
        return probe.violations
    }

    static func checkStackSafety<O, F: Error>(
        length: Int = 100_000,
        _ makeOperator: @escaping @Sendable (Source) -> Signal<O, F>
    ) -> [String] {
        let result = _Locked<[String]>([])
        _ConformanceThread(stackSize: 512 * 1024) {
            let probe = _Probe<O, F>()
            let subscription = makeOperator(.from(0..<length)).subscribe(probe.observer)
            subscription.dispose()
            result.withLock { $0 = probe.violations }
        }.join()
        return result.withLock { $0 }
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
