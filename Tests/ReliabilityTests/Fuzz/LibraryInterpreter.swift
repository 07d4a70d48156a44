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
