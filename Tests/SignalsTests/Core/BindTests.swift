// bind, the primitive: its five rules, the stop flag, per-subscription binding state,
// terminal events seen by the binding, re-entrancy and the constant fast path
// (Contracts.md, "bind").

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct BindTests {
    // MARK: makeBinding and binding state

    @Test func makeBindingIsCalledOncePerSubscription() {
        // Given
        let makes = Counter()
        let output: Signal<Int, Never> = Signal.from([1, 2, 3]).bind {
            makes.increment()
            return { event, _ in event.value.map { .just($0) } }
        }
        let madeBeforeSubscribing = makes.count
        // When
        _ = output.record()
        _ = output.record()
        // Then
        #expect(madeBeforeSubscribing == 0)
        #expect(makes.count == 2)
    }

    @Test func bindingStateIsPrivateToEachSubscription() {
        // Given: a binding that numbers the values it sees
        let numbered: Signal<String, Never> = Signal.from(["a", "b", "c"]).bind {
            var count = 0
            return { event, _ in
                guard case .next(let value) = event else { return nil }
                count += 1
                return .just("\(count)\(value)")
            }
        }
        // When
        let first = numbered.record(), second = numbered.record()
        // Then
        #expect(first.values == ["1a", "2b", "3c"])
        #expect(second.values == ["1a", "2b", "3c"])
    }

    // MARK: The binding sees values and the terminal event

    @Test func bindingSeesEveryValueAndTheCompletion() {
        // Given
        let seen = Locked<[Event<Int, Oops>]>([])
        let output: Signal<Int, Oops> = Signal<Int, Oops>.from([1, 2]).bind {
            { event, _ in
                seen.append(event)
                return nil
            }
        }
        // When
        let recorder = output.record()
        // Then
        #expect(seen.value == [.next(1), .next(2), .completed])
        #expect(recorder.events == [.completed])
    }

    @Test func bindingSeesTheSourceError() {
        // Given
        let seen = Locked<[Event<Int, Oops>]>([])
        let output: Signal<Int, Oops> = Signal<Int, Oops>.just(1).concat(.error(Oops())).bind {
            { event, _ in
                seen.append(event)
                return event.error.map { .error($0) }
            }
        }
        // When
        let recorder = output.record()
        // Then
        #expect(seen.value == [.next(1), .error(Oops())])
        #expect(recorder.events == [.error(Oops())])
    }

    @Test func bindingThatIgnoresTheSourceErrorLetsTheOutputComplete() {
        // Given: the source failing is just "finished" to bind; the binding decides
        let output: Signal<Int, Never> = Signal<Int, Oops>.from([1]).concat(.error(Oops())).bind {
            { event, _ in event.value.map { .just($0) } }
        }
        // When
        let recorder = output.record()
        // Then
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test func signalReturnedForTheCompletionIsMergedIntoTheOutput() {
        // Given
        let output: Signal<Int, Never> = Signal.from([1, 2]).bind {
            { event, _ in
                switch event {
                case .next(let value): return .just(value)
                case .completed: return Signal.from([8, 9])
                }
            }
        }
        // When
        let recorder = output.record()
        // Then
        #expect(recorder.events == [.next(1), .next(2), .next(8), .next(9), .completed])
    }

    // MARK: Rule 2: nil emits nothing

    @Test func returningNilEmitsNothingForThatEvent() {
        // Given
        let output: Signal<Int, Never> = Signal.from(1...6).bind {
            { event, _ in
                guard case .next(let value) = event, value % 2 == 0 else { return nil }
                return .just(value)
            }
        }
        // When
        let recorder = output.record()
        // Then
        #expect(recorder.events == [.next(2), .next(4), .next(6), .completed])
    }

    // MARK: The stop flag

    @Test func stopDisposesTheSourceAndCountsItAsFinished() {
        // Given
        let source = SpySource<Int, Never>()
        let seen = Locked<[Event<Int, Never>]>([])
        let output: Signal<Int, Never> = source.signal.bind {
            { event, stop in
                seen.append(event)
                if event.value == 2 { stop = true }
                return event.value.map { .just($0) }
            }
        }
        let recorder = output.record()
        // When
        source.send(value: 1)
        source.send(value: 2)
        source.send(value: 3)
        source.sendCompleted()
        // Then
        #expect(recorder.events == [.next(1), .next(2), .completed])
        #expect(seen.value == [.next(1), .next(2)])
        #expect(source.disposals.count == 1)
    }

    @Test func stopEndsAnEndlessSynchronousSource() {
        // Given: a source that sends until its sink stops
        let sent = Counter()
        let endless = Signal<Int, Never> { observer in
            var value = 0
            while !observer.isStopped && value < 1_000_000 {
                sent.increment()
                observer.send(value: value)
                value += 1
            }
            return nil
        }
        let output: Signal<Int, Never> = endless.bind {
            { event, stop in
                if event.value == 3 { stop = true }
                return event.value.map { .just($0) }
            }
        }
        // When
        let recorder = output.record()
        // Then
        #expect(recorder.events == [.next(0), .next(1), .next(2), .next(3), .completed])
        #expect(sent.count == 4)
    }

    @Test func stopWaitsForLiveInnerSignalsBeforeCompleting() {
        // Given
        let inner = Subject<Int, Never>()
        let output: Signal<Int, Never> = Signal.from([1, 2, 3]).bind {
            { event, stop in
                if event.value == 1 { stop = true }
                return event.value == nil ? nil : inner.signal
            }
        }
        let recorder = output.record()
        let completedBeforeInner = recorder.isCompleted
        // When
        inner.send(value: 7)
        inner.sendCompleted()
        // Then
        #expect(!completedBeforeInner)
        #expect(recorder.events == [.next(7), .completed])
    }

    // MARK: Rules 3 and 4: forwarding and completion

    @Test func forwardsInnerValuesAsTheyArrive() {
        // Given
        let a = Subject<String, Never>(), b = Subject<String, Never>()
        let output: Signal<String, Never> = Signal.from([a.signal, b.signal]).bind {
            { event, _ in event.value }
        }
        let recorder = output.record()
        // When
        a.send(value: "a1")
        b.send(value: "b1")
        a.send(value: "a2")
        // Then
        #expect(recorder.values == ["a1", "b1", "a2"])
    }

    @Test func completesWhenTheSourceFinishedAndEveryInnerSignalCompleted() {
        // Given
        let source = Subject<Signal<Int, Never>, Never>()
        let a = Subject<Int, Never>(), b = Subject<Int, Never>()
        let output: Signal<Int, Never> = source.signal.bind { { event, _ in event.value } }
        let recorder = output.record()
        source.send(value: a.signal)
        source.send(value: b.signal)
        // When / Then
        a.sendCompleted()
        #expect(!recorder.isCompleted)
        source.sendCompleted()
        #expect(!recorder.isCompleted)
        b.send(value: 1)
        b.sendCompleted()
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test func completesAtOnceWhenTheSourceFinishesWithNoInnerSignalLive() {
        // Given
        let source = Subject<Int, Never>()
        let output: Signal<Int, Never> = source.signal.bind { { event, _ in event.value.map { .just($0) } } }
        let recorder = output.record()
        // When
        source.send(value: 1)
        source.sendCompleted()
        // Then
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test func aConstantForTheLastSourceEventPrecedesTheCompletionWhileAnInnerEndsOnAnotherThread() {
        // Given: each round, one live inner; the source's completion returns a constant while
        // the inner completes on another thread at the same moment
        for _ in 0..<testSize(8_000, quick: 5_000) {
            let source = Subject<Int, Never>()
            let inner = Subject<Int, Never>()
            let recorder = source.signal.bind {
                { event, _ in
                    switch event {
                    case .next: return inner.signal
                    case .completed: return .just(99)
                    case .error: return nil
                    }
                }
            }.record()
            source.send(value: 1)
            // When
            runConcurrently(2) { index in
                if index == 0 { source.sendCompleted() } else { inner.sendCompleted() }
            }
            // Then: the constant is delivered, and before the completion (the source leaves
            // the live count only after its value is emitted)
            #expect(recorder.events == [.next(99), .completed])
        }
    }

    // MARK: Rule 5: the first error fails the output and disposes everything else

    @Test func innerErrorFailsTheOutputAndDisposesTheSourceAndOtherInners() {
        // Given
        let source = SpySource<Int, TestError>()
        let inners = [SpySource<Int, TestError>(), SpySource<Int, TestError>(), SpySource<Int, TestError>()]
        let output: Signal<Int, TestError> = source.signal.bind {
            { event, _ in event.value.map { inners[$0].signal } }
        }
        let recorder = output.record()
        for index in inners.indices { source.send(value: index) }
        // When
        inners[0].send(value: 10)
        inners[1].send(error: TestError(1))
        inners[2].send(error: TestError(2))
        inners[0].send(value: 11)
        // Then
        #expect(recorder.events == [.next(10), .error(TestError(1))])
        #expect(source.disposals.count == 1)
        #expect(inners[0].disposals.count == 1)
        #expect(inners[2].disposals.count == 1)
    }

    @Test func errorReturnedByTheBindingFailsTheOutputAndDisposesTheSourceAndInners() {
        // Given
        let source = SpySource<Int, Oops>()
        let inner = SpySource<Int, Oops>()
        let output: Signal<Int, Oops> = source.signal.bind {
            { event, _ in
                switch event.value {
                case 0?: return inner.signal
                case 1?: return .error(Oops())
                default: return nil
                }
            }
        }
        let recorder = output.record()
        source.send(value: 0)
        // When
        source.send(value: 1)
        // Then
        #expect(recorder.events == [.error(Oops())])
        #expect(source.disposals.count == 1)
        #expect(inner.disposals.count == 1)
    }

    // MARK: Disposal

    @Test func disposingTheOutputDisposesTheSourceAndEveryInnerOnce() {
        // Given
        let source = SpySource<Int, Never>()
        let inners = [SpySource<Int, Never>(), SpySource<Int, Never>()]
        let output: Signal<Int, Never> = source.signal.bind {
            { event, _ in event.value.map { inners[$0].signal } }
        }
        let recorder = output.record()
        source.send(value: 0)
        source.send(value: 1)
        inners[1].send(value: 5)
        // When
        recorder.dispose()
        recorder.dispose()
        inners[0].send(value: 6)
        // Then
        #expect(recorder.events == [.next(5)])
        #expect(source.disposals.count == 1)
        #expect(inners.map(\.disposals.count) == [1, 1])
    }

    @Test func disposingFromInsideACallbackStopsASynchronousInnerAtOnce() {
        // Given
        let source = Subject<Int, Never>()
        let innerSent = Counter()
        let output: Signal<Int, Never> = source.signal.bind {
            { event, _ in
                event.value.map { value in
                    Signal { observer in
                        for step in [1, 10, 100] where !observer.isStopped {
                            innerSent.increment()
                            observer.send(value: value * step)
                        }
                        observer.sendCompleted()
                        return nil
                    }
                }
            }
        }
        let holder = SerialDisposable()
        let log = Locked<[Int]>([])
        holder.inner = output.subscribe(next: { value in
            log.append(value)
            if value == 10 { holder.dispose() }
        })
        // When
        source.send(value: 1)
        source.send(value: 2)
        // Then
        #expect(log.value == [1, 10])
        #expect(innerSent.count == 2)
    }

    // MARK: Re-entrancy

    @Test func reentrantSourceEventIsHandledAfterTheCurrentOneReturns() {
        // Given: a source whose sink we can send to from inside a downstream callback
        let source = ManualSource<Int, Never>()
        let log = Locked<[String]>([])
        let output: Signal<Int, Never> = source.signal.bind {
            { event, _ in
                guard case .next(let value) = event else { return nil }
                log.append("bind \(value)")
                return .just(value)
            }
        }
        output.subscribe(next: { value in
            log.append("start \(value)")
            if value == 1 { source.observer.send(value: 2) }
            log.append("end \(value)")
        })
        // When
        source.observer.send(value: 1)
        // Then
        #expect(log.value == ["bind 1", "start 1", "end 1", "bind 2", "start 2", "end 2"])
    }

    @Test func reentrantSourceEventWaitsBehindTheSynchronousInnerOfTheCurrentOne() {
        // Given
        let source = ManualSource<Int, Never>()
        let output: Signal<Int, Never> = source.signal.bind {
            { event, _ in event.value.map { Signal.from([$0, $0 * 10]) } }
        }
        let recorder = Locked<[Int]>([])
        output.subscribe(next: { value in
            recorder.append(value)
            if value == 1 { source.observer.send(value: 2) }
        })
        // When
        source.observer.send(value: 1)
        source.observer.sendCompleted()
        // Then
        #expect(recorder.value == [1, 10, 2, 20])
    }

    @Test func reentrantSourceCompletionWaitsForTheInnerBeingDelivered() {
        // Given
        let source = ManualSource<Int, Never>()
        let output: Signal<Int, Never> = source.signal.bind {
            { event, _ in event.value.map { Signal.from([$0, $0 * 10]) } }
        }
        let log = Locked<[Event<Int, Never>]>([])
        output.subscribe(Observer { event in
            log.append(event)
            if event.value == 1 { source.observer.sendCompleted() }
        })
        // When
        source.observer.send(value: 1)
        // Then
        #expect(log.value == [.next(1), .next(10), .completed])
    }

    @Test func reentrantInnerValueIsQueuedBehindTheValueBeingDelivered() {
        // Given: two live inner subjects; delivering one value sends another re-entrantly
        let a = Subject<String, Never>(), b = Subject<String, Never>()
        let output: Signal<String, Never> = Signal.from([a.signal, b.signal]).bind { { event, _ in event.value } }
        let log = Locked<[String]>([])
        output.subscribe(next: { value in
            log.append("start \(value)")
            if value == "a1" { b.send(value: "b1") }
            log.append("end \(value)")
        })
        // When
        a.send(value: "a1")
        // Then
        #expect(log.value == ["start a1", "end a1", "start b1", "end b1"])
    }

    // MARK: The constant fast path

    @Test func constantsReturnedByTheBindingAreDeliveredInPlace() {
        // Given: just, empty and error, interleaved with the binding's own calls
        let log = Locked<[String]>([])
        let output: Signal<Int, Oops> = Signal<Int, Oops>.from([1, 2, 3, 4]).bind {
            { event, _ in
                guard case .next(let value) = event else { return nil }
                log.append("bind \(value)")
                switch value {
                case 2: return .empty
                case 4: return .error(Oops())
                default: return .just(value)
                }
            }
        }
        // When
        output.subscribe(Observer { event in log.append("\(event)") })
        // Then
        #expect(log.value == ["bind 1", "next(1)", "bind 2", "bind 3", "next(3)", "bind 4", "error(Oops())"])
    }

    @Test func constantsBehaveLikeTheSameSignalsSubscribedNormally() {
        // Given: the same binding, once returning constants, once deferring them
        func output(deferring: Bool) -> Signal<Int, Oops> {
            Signal<Int, Oops>.from([1, 2, 3]).bind {
                { event, _ in
                    guard case .next(let value) = event else { return nil }
                    let constant: Signal<Int, Oops> = value == 2 ? .empty : value == 3 ? .error(Oops()) : .just(value)
                    return deferring ? .deferred { constant } : constant
                }
            }
        }
        // When
        let fast = output(deferring: false).record(), slow = output(deferring: true).record()
        // Then
        #expect(fast.events == [.next(1), .error(Oops())])
        #expect(fast.events == slow.events)
    }

    @Test func constantsReturnedWhileAnInnerIsLiveKeepTheOutputOrder() {
        // Given
        let source = Subject<Int, Never>()
        let inner = Subject<Int, Never>()
        let output: Signal<Int, Never> = source.signal.bind {
            { event, _ in
                guard case .next(let value) = event else { return nil }
                return value == 0 ? inner.signal : .just(value)
            }
        }
        let recorder = output.record()
        // When
        source.send(value: 0)
        inner.send(value: 100)
        source.send(value: 1)
        inner.send(value: 101)
        source.sendCompleted()
        let completedWhileInnerLive = recorder.isCompleted
        inner.sendCompleted()
        // Then
        #expect(!completedWhileInnerLive)
        #expect(recorder.events == [.next(100), .next(1), .next(101), .completed])
    }

    // MARK: bind over a constant source (just / empty / error)

    @Test func constantSourceGivesTheBindingItsValueThenCompletion() {
        // Given
        let makes = Counter()
        let seen = Locked<[Event<Int, Never>]>([])
        let output: Signal<Int, Never> = Signal.just(1).bind {
            makes.increment()
            return { event, _ in
                seen.append(event)
                switch event {
                case .next(let value): return Signal.from([value, value + 1])
                case .completed: return .just(99)
                }
            }
        }
        // When
        let first = output.record(), second = output.record()
        // Then
        #expect(first.events == [.next(1), .next(2), .next(99), .completed])
        #expect(second.events == first.events)
        #expect(makes.count == 2)
        #expect(seen.value == [.next(1), .completed, .next(1), .completed])
    }

    @Test func constantSourceWithALiveInnerCompletesOnlyWhenTheInnerCompletes() {
        // Given
        let inner = Subject<Int, Never>()
        let output: Signal<Int, Never> = Signal.just(1).bind {
            { event, _ in event.value == nil ? .just(99) : inner.signal }
        }
        let recorder = output.record()
        // When / Then
        #expect(recorder.events == [.next(99)])
        inner.send(value: 5)
        inner.sendCompleted()
        #expect(recorder.events == [.next(99), .next(5), .completed])
    }

    @Test func constantSourceStoppedOnItsValueSkipsTheCompletion() {
        // Given
        let seen = Locked<[Event<Int, Never>]>([])
        let output: Signal<Int, Never> = Signal.just(1).bind {
            { event, stop in
                seen.append(event)
                stop = true
                return Signal.from([7, 8])
            }
        }
        // When
        let recorder = output.record()
        // Then
        #expect(recorder.events == [.next(7), .next(8), .completed])
        #expect(seen.value == [.next(1)])
    }

    @Test func emptySourceGivesTheBindingOnlyTheCompletion() {
        // Given
        let output: Signal<Int, Never> = Signal<Int, Never>.empty.bind {
            { event, _ in event.isTerminating ? Signal.from([7, 8]) : .just(0) }
        }
        // When
        let recorder = output.record()
        // Then
        #expect(recorder.events == [.next(7), .next(8), .completed])
    }

    @Test func errorSourceGivesTheBindingTheError() {
        // Given
        let swallowing: Signal<Int, Never> = Signal<Int, Oops>.error(Oops()).bind {
            { event, _ in event.error == nil ? nil : .just(-1) }
        }
        let forwarding: Signal<Int, Oops> = Signal<Int, Oops>.error(Oops()).bind {
            { event, _ in event.error.map { .error($0) } }
        }
        // When
        let swallowed = swallowing.record(), forwarded = forwarding.record()
        // Then
        #expect(swallowed.events == [.next(-1), .completed])
        #expect(forwarded.events == [.error(Oops())])
    }

    @Test func constantSourceReentrancyKeepsOrder() {
        // Given: an inner subject whose values trigger re-entrant sends
        let inner = Subject<Int, Never>()
        let output: Signal<Int, Never> = Signal.just(0).bind {
            { event, _ in event.value == nil ? nil : inner.signal }
        }
        let log = Locked<[String]>([])
        output.subscribe(next: { value in
            log.append("start \(value)")
            if value == 1 { inner.send(value: 2) }
            log.append("end \(value)")
        })
        // When
        inner.send(value: 1)
        // Then
        #expect(log.value == ["start 1", "end 1", "start 2", "end 2"])
    }
    // MARK: Many live inner signals

    @Test func innersEndingInAnyOrderAreEachDisposedOnceAndTheRestByDispose() {
        // Given: 40 live inner signals, each counting the disposals of its subscription
        let count = 40
        let observers = Locked<[Int: Observer<Int, Never>]>([:])
        let disposals = Locked<[Int]>(Array(repeating: 0, count: count))
        let inners = (0..<count).map { index in
            Signal<Int, Never> { observer in
                observers.withLock { $0[index] = observer }
                return AnyDisposable { disposals.withLock { $0[index] += 1 } }
            }
        }
        let recorder = Signal.from(inners).flatten().record()
        // When: 30 of them complete, in a scrambled order (more than enough removals to
        // compact the binder's list of inners), then every one still live sends a value
        let completing = (0..<30).map { ($0 * 7) % count }
        for index in completing { observers.value[index]?.sendCompleted() }
        let live = (0..<count).filter { !completing.contains($0) }
        for index in live { observers.value[index]?.send(value: index) }
        recorder.dispose()
        // Then: the live ones delivered, and every subscription was disposed exactly once
        #expect(Set(completing).count == 30)
        #expect(recorder.values == live)
        #expect(disposals.value == Array(repeating: 1, count: count))
        #expect(!recorder.isCompleted)
    }
}
