// Turns a `Pipeline` into real `Signal`s, spelling each node with the public API it names.

import Signals

typealias DSignal = Signal<DValue, TestError>

extension MEvent {
    init(_ event: Event<DValue, TestError>) {
        switch event {
        case .next(let value): self = .next(value)
        case .error(let error): self = .error(error)
        case .completed: self = .completed
        }
    }

    var libraryEvent: Event<DValue, TestError> {
        switch self {
        case .next(let value): .next(value)
        case .error(let error): .error(error)
        case .completed: .completed
        }
    }
}

extension Signal where Value == DValue, Failure == Never {
    /// The same events with the failure type `TestError` (nothing can fail): a one-line bind.
    func promoted() -> DSignal {
        bind { { event, _ in event.value.map { DSignal.just($0) } } }
    }
}

struct LibraryInterpreter: Sendable {
    /// Every source captures an object of this tracker, and literal sources count their
    /// subscriptions open until disposed.
    let tracker: LifetimeTracker

    func signal(_ pipeline: Pipeline) -> DSignal {
        switch pipeline {
        case .source(let source):
            return signal(source)
        case .map(let p, let f):
            return signal(p).map { f($0) }
        case .filter(let p, let isIncluded):
            return signal(p).filter { isIncluded($0) }
        case .flattenMap(let p, let family):
            return signal(p).flattenMap { signal(family, for: $0) }
        case .flatten(let p, let family):
            return signal(p).map { signal(family, for: $0) }.flatten()
        case .concatAll(let p, let family):
            return signal(p).map { signal(family, for: $0) }.concat()
        case .merge(let ps, let form):
            let signals = ps.map(signal)
            switch form {
            case .method where !signals.isEmpty:
                return signals.dropFirst().reduce(signals[0]) { $0.merge($1) }
            case .variadic where signals.count == 2:
                return DSignal.merge(signals[0], signals[1])
            case .variadic where signals.count == 3:
                return DSignal.merge(signals[0], signals[1], signals[2])
            default:
                return DSignal.merge(signals)
            }
        case .concat(let ps, let form):
            let signals = ps.map(signal)
            switch form {
            case .method where !signals.isEmpty:
                return signals.dropFirst().reduce(signals[0]) { $0.concat($1) }
            case .variadic where signals.count == 2:
                return DSignal.concat(signals[0], signals[1])
            case .variadic where signals.count == 3:
                return DSignal.concat(signals[0], signals[1], signals[2])
            default:
                return DSignal.concat(signals)
            }
        case .combineLatest(let ps, let form):
            let signals = ps.map(signal)
            switch form {
            case .pair where signals.count == 2:
                return Signal<(DValue, DValue), TestError>.combineLatest(signals[0], signals[1])
                    .map { .array([$0.0, $0.1]) }
            case .pack where signals.count == 3:
                return Signal<(DValue, DValue, DValue), TestError>.combineLatest(signals[0], signals[1], signals[2])
                    .map { .array([$0.0, $0.1, $0.2]) }
            default:
                return Signal<[DValue], TestError>.combineLatest(signals).map { .array($0) }
            }
        case .materialize(let p):
            return signal(p).materialize().map { DValue.event(MEvent($0)) }.promoted()
        case .dematerialize(let p):
            return signal(p).materialize()
                .map { event -> Event<DValue, TestError> in
                    if case .next(.event(let inner)) = event { return inner.libraryEvent }
                    return event
                }
                .dematerialize()
        case .unary(let p, let op):
            return LibraryInterpreter.apply(op, to: signal(p))
        case .binary(let a, let op, let b):
            return LibraryInterpreter.apply(op, signal(a), signal(b))
        case .nested(let p, let op, let family):
            return apply(op, signal(p), family)
        case .list(let ps, let op):
            return LibraryInterpreter.apply(op, ps.map(signal))
        }
    }

    func signal(_ family: InnerFamily, for value: DValue) -> DSignal {
        let inner = signal(family.choices[family.index(for: value)])
        return family.pairsWithValue ? inner.map { .array([value, $0]) } : inner
    }

    private func signal(_ source: Source) -> DSignal {
        let token = tracker.instance()
        switch source.style {
        case .literal:
            let events = source.events
            return DSignal { observer in
                let subscription = token.tracker.subscriptionOpened()
                for event in events { observer.send(event.libraryEvent) }
                return AnyDisposable { subscription.close() }
            }
        case .creators:
            return LibraryInterpreter.creators(source.events)
        case .deferred:
            let events = source.events
            return DSignal.deferred { _ = token; return LibraryInterpreter.creators(events) }
        }
    }

    /// The source spelled with `just`, `empty`, `error`, `never` and `from` (and `concat` to
    /// end `from` with an error or with nothing).
    private static func creators(_ events: Trace) -> DSignal {
        let values = events.compactMap(\.value)
        switch (values.count, events.last) {
        case (0, nil): return .never
        case (0, .completed?): return .empty
        case (0, .error(let error)?): return .error(error)
        case (1, .completed?): return .just(values[0])
        case (_, .completed?): return .from(values)
        case (_, .error(let error)?): return DSignal.from(values).concat(.error(error))
        default: return DSignal.from(values).concat(.never)
        }
    }
}

extension LibraryInterpreter {
    /// `signal` with the one-operand operator `op`, its output turned back into `DValue`s
    /// (booleans as `.int(1)` / `.int(0)`, arrays and pairs as `.array`).
    static func apply(_ op: UnaryOperator, to signal: DSignal) -> DSignal {
        switch op {
        case .compactMap(let isIncluded, let transform):
            return signal.compactMap { isIncluded($0) ? transform($0) : nil }
        case .scan(let seed, let f, into: false): return signal.scan(seed) { f($0, $1) }
        case .scan(let seed, let f, into: true): return signal.scan(into: seed) { $0 = f($0, $1) }
        case .reduce(let seed, let f): return signal.reduce(seed) { f($0, $1) }
        case .scanWithoutSeed(let f): return signal.scan { f($0, $1) }
        case .pairwise: return signal.pairwise().map { .array([$0, $1]) }
        case .enumerated: return signal.enumerated().map { .array([.int($0.offset), $0.element]) }
        case .chunkedOn(let key): return signal.chunked(on: { key($0) }).map { .array([$0.0, .array($0.1)]) }
        case .collect: return signal.collect().map { .array($0) }
        case .collectCount(let n): return signal.collect(count: n).map { .array($0) }
        case .groupByMerge(let k): return signal.groupBy { k($0) }.flatten(.merge)
        case .windowConcat(let n): return signal.window(count: n).flatten(.concat)
        case .combinePrevious(let initial): return signal.combinePrevious(initial).map { .array([$0.0, $0.1]) }
        case .take(let n): return signal.take(n)
        case .takeWhile(let p): return signal.take { p($0) }
        case .takeWhileInclusive(let p): return signal.take(while: { p($0) }, inclusive: true)
        case .takeLast(let n): return signal.takeLast(n)
        case .skip(let n): return signal.skip(n)
        case .skipWhile(let p): return signal.skip { p($0) }
        case .distinctUntilChanged: return signal.distinctUntilChanged()
        case .distinctUntilChangedBy(let same): return signal.distinctUntilChanged { same($0, $1) }
        case .first: return signal.first()
        case .firstWhere(let p): return signal.first { p($0) }
        case .last: return signal.last()
        case .replaceEmpty(let value): return signal.replaceEmpty(with: value)
        case .count: return signal.count().map { .int($0) }
        case .allSatisfy(let p): return signal.allSatisfy { p($0) }.map { .int($0 ? 1 : 0) }
        case .containsWhere(let p): return signal.contains { p($0) }.map { .int($0 ? 1 : 0) }
        case .ignoreValues: return signal.ignoreValues()
        case .mapError(let k): return signal.mapError { TestError($0.code + k) }
        case .startWith(let values):
            // The variadic form, spelled for each count the generator draws.
            switch values.count {
            case 0: return signal.startWith()
            case 1: return signal.startWith(values[0])
            default: return signal.startWith(values[0], values[1])
            }
        case .replaceError(let value): return signal.replaceError(with: value).promoteError()
        case .retry(let n): return signal.retry(n)
        case .repeat(let n): return signal.repeat(n)
        case .shared(let replay, let lazily, let copies):
            // One shared signal per subscription to the node, so that every subscription to
            // the pipeline sees the same events (as the model assumes of every node).
            return DSignal.deferred {
                let shared = lazily ? signal.replayLazily(upTo: replay) : replay == 0 ? signal.share() : signal.share(replay: replay)
                return DSignal.merge(Array(repeating: shared, count: copies))
            }
        }
    }
}

extension LibraryInterpreter {
    /// A signal that cannot fail, for trigger operands: the values of `signal`; its error
    /// ends it like a completion.
    static func trigger(_ signal: DSignal) -> Signal<DValue, Never> {
        signal.materialize().compactMap(\.value)
    }

    static func apply(_ op: BinaryOperator, _ a: DSignal, _ b: DSignal) -> DSignal {
        switch op {
        case .skipUntil: a.skip(until: trigger(b))
        case .takeUntil: a.take(until: trigger(b))
        case .then: a.then(b)
        case .startWithSignal: a.startWith(b)
        case .zipWith: a.zip(with: b).map { .array([$0.0, $0.1]) }
        }
    }

    func apply(_ op: NestedOperator, _ p: DSignal, _ family: InnerFamily) -> DSignal {
        let f: @Sendable (DValue) -> DSignal = { signal(family, for: $0) }
        switch op {
        case .catchError:
            return p.catch { signal(family, for: .int($0.code)) }
        case .strategy(let strategy, .flatten):
            return p.map(f).flatten(strategy.library)
        case .strategy(let strategy, .flattenMap):
            return p.flattenMap(strategy.library, f)
        case .strategy(let strategy, .namedMap):
            switch strategy {
            case .merge: return p.flatMap(f)
            case .concat: return p.concatMap(f)
            case .latest: return p.flatMapLatest(f)
            case .first: return p.flatMapFirst(f)
            case .concurrent(let limit): return p.map(f).merge(maxConcurrent: limit)
            }
        case .strategy(let strategy, .named):
            switch strategy {
            case .merge: return p.map(f).flatten()
            case .concat: return p.map(f).concat()
            case .latest: return p.map(f).switchToLatest()
            case .first: return p.map(f).flatten(.first)
            case .concurrent(let limit): return p.map(f).merge(maxConcurrent: limit)
            }
        }
    }

    static func apply(_ op: ListOperator, _ signals: [DSignal]) -> DSignal {
        switch op {
        case .zip(.pair) where signals.count == 2:
            return Signal<(DValue, DValue), TestError>.zip(signals[0], signals[1]).map { .array([$0.0, $0.1]) }
        case .zip(.pack) where signals.count == 3:
            return Signal<(DValue, DValue, DValue), TestError>.zip(signals[0], signals[1], signals[2])
                .map { .array([$0.0, $0.1, $0.2]) }
        case .zip:
            return Signal<[DValue], TestError>.zip(signals).map { .array($0) }
        case .race(variadic: true) where signals.count == 1:
            return DSignal.race(signals[0])
        case .race(variadic: true) where signals.count == 2:
            return DSignal.race(signals[0], signals[1])
        case .race(variadic: true) where signals.count == 3:
            return DSignal.race(signals[0], signals[1], signals[2])
        case .race:
            return DSignal.race(signals)
        }
    }
}

extension Strategy {
    /// The library's strategy.
    var library: FlattenStrategy {
        switch self {
        case .merge: .merge
        case .concat: .concat
        case .latest: .latest
        case .first: .first
        case .concurrent(let limit): .concurrent(limit: limit)
        }
    }
}
