// Lifetimes: after completion or dispose, nothing a signal captured is still alive
// (Contracts.md, "Disposal and lifetimes": every resource of a subscription is released).
// How long a subscription lives is pinned by SubscriptionLifetimeTests.
//
// Each check builds a signal that captures a `Tracked` object, subscribes a Recorder, lets
// go of the signal (only the recorder, which keeps the subscription's disposable, stays),
// ends the subscription, and then expects the tracked object to be gone.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

/// Builds `build(token)`, records it, runs `end`, then expects `token` to be released.
@discardableResult
func expectReleased<Value, Failure: Error>(
    _ build: (Tracked) -> Signal<Value, Failure>,
    after end: (Recorder<Value, Failure>) -> Void = { _ in },
    sourceLocation: SourceLocation = #_sourceLocation
) -> Recorder<Value, Failure> {
    weak var weakToken: Tracked?
    let recorder: Recorder<Value, Failure>
    do {
        let token = Tracked()
        weakToken = token
        recorder = build(token).record()
    }
    end(recorder)
    #expect(weakToken == nil, "a captured object outlived the subscription", sourceLocation: sourceLocation)
    return recorder
}

@Suite struct LifetimeTests {
    // MARK: Creating and bind

    @Test func createReleasesItsDisposableAfterCompletion() {
        let subject = Subject<Int, Never>()
        let recorder = expectReleased({ token in
            Signal<Int, Never> { observer in
                let subscription = subject.signal.subscribe(observer)
                return AnyDisposable { _ = token; subscription.dispose() }
            }
        }, after: { _ in subject.sendCompleted() })
        #expect(recorder.isCompleted)
    }

    @Test func createReleasesItsDisposableAfterDispose() {
        let subject = Subject<Int, Never>()
        expectReleased({ token in
            Signal<Int, Never> { observer in
                let subscription = subject.signal.subscribe(observer)
                return AnyDisposable { _ = token; subscription.dispose() }
            }
        }, after: { $0.dispose() })
    }

    @Test func deferredReleasesItsFactory() {
        let subject = Subject<Int, Never>()
        expectReleased({ token in
            Signal<Int, Never>.deferred { _ = token; return subject.signal }
        }, after: { _ in subject.sendCompleted() })
        expectReleased({ token in
            Signal<Int, Never>.deferred { _ = token; return subject.signal }
        }, after: { $0.dispose() })
    }

    @Test func bindReleasesItsBindingAndStateAfterCompletion() {
        let source = Subject<Int, Never>()
        let recorder = expectReleased({ token in
            source.signal.bind {
                var state = [token]
                return { event, _ in
                    state.append(token)
                    return event.value.map { .just($0 + state.count) }
                }
            }
        }, after: { _ in
            source.send(value: 1)
            source.sendCompleted()
        })
        #expect(recorder.events == [.next(3), .completed])
    }

    @Test func bindReleasesItsBindingAndStateAfterDispose() {
        let source = Subject<Int, Never>()
        let inner = Subject<Int, Never>()
        expectReleased({ token in
            source.signal.bind {
                var state = [token]
                return { event, _ in
                    state.append(token)
                    let count = state.count
                    return event.value == nil ? nil : inner.signal.map { $0 + count }
                }
            }
        }, after: { recorder in
            source.send(value: 1)
            recorder.dispose()
        })
    }

    @Test func bindReleasesEverythingAfterAnInnerError() {
        let source = Subject<Int, Oops>()
        let inner = Subject<Int, Oops>()
        let recorder = expectReleased({ token in
            source.signal.flattenMap { _ in inner.signal.map { $0 + token.id } }
        }, after: { _ in
            source.send(value: 1)
            inner.send(error: Oops())
        })
        #expect(recorder.error == Oops())
    }

    // MARK: map, filter, flattenMap, flatten

    @Test func mapAndFilterReleaseTheirClosures() {
        let subject = Subject<Int, Never>()
        expectReleased({ token in Signal.from([1, 2]).map { $0 + token.id } })
        expectReleased({ token in Signal.from([1, 2]).filter { $0 > token.id } })
        expectReleased({ token in subject.signal.map { $0 + token.id }.filter { $0 > token.id } }, after: { $0.dispose() })
    }

    @Test func flattenMapReleasesItsTransformAndInnerSignalsAfterCompletion() {
        let recorder = expectReleased({ token in
            Signal.from([1, 2]).flattenMap { value in Signal.from([value]).map { $0 + token.id } }
        })
        #expect(recorder.events == [.next(2), .next(3), .completed])
    }

    @Test func flattenMapReleasesItsTransformAndInnerSignalsAfterDispose() {
        let source = Subject<Int, Never>(), inner = Subject<Int, Never>()
        expectReleased({ token in
            source.signal.flattenMap { _ in inner.signal.map { $0 + token.id } }
        }, after: { recorder in
            source.send(value: 1)
            recorder.dispose()
        })
    }

    @Test func flattenReleasesItsInnerSignals() {
        let outer = Subject<Signal<Int, Never>, Never>(), inner = Subject<Int, Never>()
        expectReleased({ token in
            outer.signal.map { signal in signal.map { $0 + token.id } }.flatten()
        }, after: { recorder in
            outer.send(value: inner.signal)
            outer.sendCompleted()
            inner.sendCompleted()
            #expect(recorder.isCompleted)
        })
        let outer2 = Subject<Signal<Int, Never>, Never>()
        expectReleased({ token in
            outer2.signal.map { signal in signal.map { $0 + token.id } }.flatten()
        }, after: { recorder in
            outer2.send(value: inner.signal)
            recorder.dispose()
        })
    }

    // MARK: merge and concat

    @Test func mergeReleasesItsSignalsAfterCompletionAndDispose() {
        let a = Subject<Int, Never>(), b = Subject<Int, Never>()
        expectReleased({ token in
            a.signal.map { $0 + token.id }.merge(b.signal)
        }, after: { _ in
            a.sendCompleted()
            b.sendCompleted()
        })
        let c = Subject<Int, Never>()
        expectReleased({ token in
            Signal.merge(c.signal, .just(token.id), c.signal.map { $0 + token.id })
        }, after: { $0.dispose() })
        expectReleased({ token in
            Signal.merge([Signal.just(token.id), c.signal.filter { $0 > token.id }])
        }, after: { $0.dispose() })
    }

    @Test func concatReleasesItsSignalsAfterCompletionAndDispose() {
        let a = Subject<Int, Never>()
        let recorder = expectReleased({ token in
            a.signal.concat(Signal.from([1]).map { $0 + token.id })
        }, after: { _ in a.sendCompleted() })
        #expect(recorder.events == [.next(2), .completed])
        let b = Subject<Int, Never>()
        expectReleased({ token in
            Signal.concat(b.signal.map { $0 + token.id }, .just(token.id))
        }, after: { $0.dispose() })
        expectReleased({ token in
            Signal.concat([b.signal, Signal.just(token.id)])
        }, after: { $0.dispose() })
    }

    @Test func concatOfSignalsReleasesItsInnersAfterCompletionAndDispose() {
        let outer = Subject<Signal<Int, Never>, Never>(), inner = Subject<Int, Never>()
        let recorder = expectReleased({ token in
            outer.signal.map { signal in signal.map { $0 + token.id } }.concat()
        }, after: { _ in
            outer.send(value: inner.signal)
            outer.send(value: .just(1))
            outer.sendCompleted()
            inner.sendCompleted()
        })
        #expect(recorder.events == [.next(2), .completed])
        let outer2 = Subject<Signal<Int, Never>, Never>(), inner2 = Subject<Int, Never>()
        expectReleased({ token in
            outer2.signal.map { signal in signal.map { $0 + token.id } }.concat()
        }, after: { recorder in
            outer2.send(value: inner2.signal)
            outer2.send(value: inner2.signal)
            recorder.dispose()
        })
    }

    @Test func mergeConcatAndCombineLatestReleaseEverythingAfterAnError() {
        let a = Subject<Int, Oops>(), b = Subject<Int, Oops>(), c = Subject<Int, Oops>()
        let merged = expectReleased({ token in
            a.signal.map { $0 + token.id }.merge(b.signal.filter { $0 > token.id })
        }, after: { _ in b.send(error: Oops()) })
        let concatenated = expectReleased({ token in
            c.signal.map { $0 + token.id }.concat(.just(token.id))
        }, after: { _ in c.send(error: Oops()) })
        let d = Subject<Int, Oops>(), e = Subject<Int, Oops>()
        let combined = expectReleased({ token in
            Signal.combineLatest(d.signal, e.signal) { $0 + $1 + token.id }
        }, after: { _ in
            d.send(value: 1)
            e.send(error: Oops())
        })
        #expect(merged.error == Oops())
        #expect(concatenated.error == Oops())
        #expect(combined.error == Oops())
    }

    // MARK: combineLatest

    @Test func combineLatestReleasesItsSourcesAndLatestValuesAfterCompletion() {
        let a = Subject<Tracked, Never>(), b = Subject<Int, Never>()
        let recorder = expectReleased({ token in
            Signal.combineLatest(a.signal, b.signal) { tracked, number in tracked.id + number + token.id }
        }, after: { _ in
            a.send(value: Tracked(id: 10))
            b.send(value: 1)
            a.sendCompleted()
            b.sendCompleted()
        })
        #expect(recorder.events == [.next(12), .completed])
    }

    @Test func combineLatestReleasesItsSourcesAndLatestValuesAfterDispose() {
        let a = Subject<Int, Never>(), b = Subject<Int, Never>()
        expectReleased({ token in
            Signal.combineLatest([a.signal.map { $0 + token.id }, b.signal])
        }, after: { recorder in
            a.send(value: 1)
            recorder.dispose()
        })
        expectReleased({ token in
            a.signal.combineLatest(with: b.signal.filter { $0 > token.id }).map { $0 + $1 }
        }, after: { $0.dispose() })
    }

    @Test func combineLatestReleasesTheLatestValuesItHeld() {
        // Given: the token is a value held as "latest", not a captured closure
        let a = Subject<Tracked, Never>(), b = Subject<Int, Never>()
        weak var weakToken: Tracked?
        let recorder = Signal.combineLatest(a.signal, b.signal).map { $0.id + $1 }.record()
        do {
            let token = Tracked(id: 5)
            weakToken = token
            a.send(value: token)
        }
        // When
        recorder.dispose()
        // Then
        #expect(weakToken == nil)
    }

    // MARK: materialize

    @Test func materializeAndDematerializeReleaseTheirSources() {
        let subject = Subject<Int, Oops>()
        expectReleased({ token in subject.signal.map { $0 + token.id }.materialize() }, after: { $0.dispose() })
        let events = Subject<Event<Int, Oops>, Never>()
        let recorder = expectReleased({ token in
            events.signal.map { event in event.value.map { .next($0 + token.id) } ?? event }.dematerialize()
        }, after: { _ in events.send(value: .completed) })
        #expect(recorder.events == [.completed])
    }

    // MARK: Subject and MergeInput

    @Test func subjectReleasesTheObserverOfACompletedSubscription() {
        // Given
        let subject = Subject<Int, Never>()
        weak var weakToken: Tracked?
        do {
            let token = Tracked()
            weakToken = token
            subject.signal.subscribe(next: { _ = $0 + token.id })
        }
        let aliveBeforeCompletion = weakToken != nil
        // When
        subject.sendCompleted()
        // Then
        #expect(aliveBeforeCompletion)
        #expect(weakToken == nil)
    }

    @Test func subjectReleasesTheObserverOfADisposedSubscription() {
        // Given
        let subject = Subject<Int, Never>()
        weak var weakToken: Tracked?
        do {
            let token = Tracked()
            weakToken = token
            subject.signal.subscribe(next: { _ = $0 + token.id }).dispose()
        }
        // Then
        #expect(weakToken == nil)
    }

    @Test func disposedSubscriptionReleasesTheObserverClosureWhileItsDisposableIsKept() {
        // Given: the usual `self.subscription = signal.subscribe(next: { self... })` shape
        let subject = Subject<Int, Never>()
        weak var weakToken: Tracked?
        let subscription: any Disposable
        do {
            let token = Tracked()
            weakToken = token
            subscription = subject.signal.subscribe(next: { _ = $0 + token.id })
        }
        // When
        subscription.dispose()
        // Then: nothing of the subscription outlives dispose, or a cycle through the holder would
        #expect(weakToken == nil)
    }

    @Test func completedSubscriptionReleasesTheObserverClosureWhileItsDisposableIsKept() {
        // Given
        let subject = Subject<Int, Never>()
        weak var weakToken: Tracked?
        let subscription: any Disposable
        do {
            let token = Tracked()
            weakToken = token
            subscription = subject.signal.map { $0 + 1 }.subscribe(next: { _ = $0 + token.id })
        }
        // When
        subject.sendCompleted()
        // Then
        #expect(weakToken == nil)
        #expect(subscription.isDisposed)
    }

    @Test func mergeInputReleasesAnUpstreamWhenItCompletes() {
        // Given
        let input = MergeInput<Int, Never>()
        let upstream = Subject<Int, Never>()
        let recorder = input.signal.record()
        weak var weakToken: Tracked?
        do {
            let token = Tracked()
            weakToken = token
            input.attach(upstream.signal.map { $0 + token.id })
        }
        upstream.send(value: 1)
        // When
        upstream.sendCompleted()
        // Then
        #expect(weakToken == nil)
        #expect(recorder.values == [2])
    }

    @Test func mergeInputReleasesEveryUpstreamOnCancelAndOnDeinit() {
        // Given
        let upstream = Subject<Int, Never>()
        let cancelled = MergeInput<Int, Never>()
        var dropped: MergeInput<Int, Never>? = MergeInput()
        weak var weakCancelled: Tracked?, weakDropped: Tracked?
        do {
            let tokenA = Tracked(), tokenB = Tracked()
            weakCancelled = tokenA
            weakDropped = tokenB
            cancelled.attach(upstream.signal.map { $0 + tokenA.id })
            dropped?.attach(upstream.signal.map { $0 + tokenB.id })
        }
        // When
        cancelled.cancel()
        dropped = nil
        // Then
        #expect(weakCancelled == nil)
        #expect(weakDropped == nil)
    }

    @Test func mergeInputItselfIsReleasedWhileItsOutputIsObserved() {
        // Given
        weak var weakInput: MergeInput<Int, Never>?
        let upstream = Subject<Int, Never>()
        let recorder: Recorder<Int, Never>
        do {
            let input = MergeInput<Int, Never>()
            weakInput = input
            recorder = input.signal.record()
            input.attach(upstream.signal)
        }
        // Then
        #expect(weakInput == nil)
        #expect(recorder.events == [.completed])
    }

    @Test func concatOfALazySequenceReleasesEachSignalOnceItFinished() {
        // Given: 1,000 finished signals, each capturing its own token, then a live one
        let tokens = Locked<[WeakTracked]>([])
        let live = Subject<Int, Never>()
        let signals = (0..<1_000).lazy.map { index -> Signal<Int, Never> in
            let token = Tracked(id: index)
            tokens.append(WeakTracked(token))
            return Signal.from([0]).map { $0 + token.id }
        }
        let sequence = LazySignals(base: signals, tail: live.signal)
        // When
        let recorder = Signal.concat(sequence).record()
        // Then
        let alive = tokens.value.filter { $0.object != nil }.count
        #expect(tokens.value.count == 1_000)
        #expect(alive == 0)
        #expect(recorder.values.count == 1_000)
        #expect(!recorder.isCompleted)
        recorder.dispose()
    }
}

struct WeakTracked {
    weak var object: Tracked?
    init(_ object: Tracked) { self.object = object }
}

/// `base`, then `tail`: a lazy sequence of signals whose elements are made on demand.
/// `@unchecked Sendable`: iterated by one concat subscription at a time.
struct LazySignals<Base: Sequence>: Sequence, @unchecked Sendable where Base.Element == Signal<Int, Never> {
    let base: Base
    let tail: Signal<Int, Never>

    func makeIterator() -> AnyIterator<Signal<Int, Never>> {
        var iterator = base.makeIterator()
        var tailSent = false
        return AnyIterator {
            if let next = iterator.next() { return next }
            if tailSent { return nil }
            tailSent = true
            return tail
        }
    }
}
