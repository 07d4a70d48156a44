// Property: read-only state with a current value; derived properties (map, combineLatest,
// flatMap(.latest)). Includes the Property cases of ReactiveSwift's PropertySpec (inputs and
// expected outcomes, in our words); where our rule differs on purpose, the test says so.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct PropertyTests {
    // MARK: Constant

    @Test func aConstantHasTheValueGivenAtInitialisation() {
        #expect(Property(value: "initial").value == "initial")
    }

    /// Differs from ReactiveSwift on purpose: there the constant's hot `signal` interrupts at
    /// once and its `producer` sends the value; here `signal` is the producer's rule (the value,
    /// then completed) and `changes` completes at once.
    @Test func aConstantsSignalSendsTheValueThenCompletes() {
        let constant = Property(value: "initial")
        #expect(constant.signal.record().events == [.next("initial"), .completed])
        #expect(constant.changes.record().events == [.completed])
    }

    // MARK: A view of a MutableProperty

    @Test func aViewPassesThroughTheMutablePropertysValueAndSignal() {
        let mutable = MutableProperty("initial")
        let view = Property(mutable)
        let recorder = view.signal.record()
        mutable.value = "subsequent"
        #expect(view.value == "subsequent")
        #expect(recorder.values == ["initial", "subsequent"])
        #expect(view.changes.record().values == [])
    }

    /// Decided (ReactiveSwift's `Property(capturing:)` rule): a view keeps its mutable
    /// property alive.
    @Test func aViewKeepsItsMutablePropertyAlive() {
        var mutable: MutableProperty<Int>? = MutableProperty(1)
        weak let weakMutable = mutable
        var view: Property<Int>? = Property(mutable!)
        mutable = nil
        #expect(weakMutable != nil)
        #expect(view?.value == 1)
        view = nil
        #expect(weakMutable == nil)
    }

    // MARK: From a value and a signal

    @Test func initialThenTakesTheInitialValueUntilTheSignalSends() {
        let source = Subject<String, Never>()
        let property = Property(initial: "initial", then: source.signal)
        #expect(property.value == "initial")
        source.send(value: "subsequent")
        #expect(property.value == "subsequent")
    }

    @Test func initialThenTakesValuesSentDuringItsSubscription() {
        let property = Property(initial: "initial", then: .just("subsequent"))
        #expect(property.value == "subsequent")
    }

    @Test func initialThenCompletesWhenItsSignalCompletesAndKeepsTheLastValue() {
        let source = Subject<Int, Never>()
        let property = Property(initial: 1, then: source.signal)
        let recorder = property.signal.record()
        source.send(value: 2)
        #expect(!recorder.isCompleted)
        source.sendCompleted()
        #expect(recorder.events == [.next(1), .next(2), .completed])
        #expect(property.value == 2)
        #expect(property.signal.record().events == [.next(2), .completed])
    }

    /// Differs from ReactiveSwift on purpose: there the property's signal follows its ultimate
    /// source after the property is gone; here deinitialising the property disposes its
    /// subscription to the source and completes its signal (a property that nobody holds
    /// stops its work).
    @Test func initialThenDeinitialisedDisposesItsSubscriptionAndCompletes() {
        let source = Subject<Int, Never>()
        let disposed = Flag()
        var property: Property<Int>? = Property(initial: 1, then: source.signal.on(disposed: { disposed.set() }))
        let recorder = property!.signal.record()
        source.send(value: 2)
        property = nil
        #expect(disposed.isSet)
        #expect(recorder.events == [.next(1), .next(2), .completed])
    }

    // MARK: map

    @Test func mapTransformsTheCurrentValueAndEveryChange() {
        let property = MutableProperty(1)
        let mapped = property.map { $0 + 1 }
        #expect(mapped.value == 2)
        property.value = 2
        #expect(mapped.value == 3)
    }

    @Test func aDerivedValueIsCurrentBeforeItsSubscribersAreTold() {
        let property = MutableProperty(1)
        let mapped = property.map { $0 + 1 }
        let seen = Locked<[Int]>([])
        mapped.signal.subscribe(next: { _ in seen.withLock { $0.append(mapped.value) } })
        property.value = 2
        property.value = 3
        #expect(seen.value == [2, 3, 4])
    }

    @Test func mapOfAConstantIsAConstant() {
        let mapped = Property(value: 1).map { $0 + 1 }
        #expect(mapped.value == 2)
        #expect(mapped.signal.record().events == [.next(2), .completed])
    }

    @Test func mapRunsItsTransformOncePerChangeNotPerRead() {
        let property = MutableProperty(1)
        let calls = Counter()
        let mapped = property.map { value -> Int in _ = calls.increment(); return value * 10 }
        _ = mapped.value; _ = mapped.value
        property.value = 2
        _ = mapped.value; _ = mapped.value
        #expect(calls.count == 2)
    }

    /// Decided (differs from the ReactiveSwift spec's "should not retain its source property"
    /// and "should capture no properties", as ReactiveSwift itself later did): a derived
    /// property keeps its sources alive, so derived state never outlives what it reads.
    @Test func aDerivedPropertyKeepsItsSourcesAlive() {
        weak var weakSource: MutableProperty<Int>?
        weak var weakA: Property<Int>?
        var final: Property<Int>?
        do {
            let source = MutableProperty(1)
            weakSource = source
            let a = source.map { $0 + 1 }
            weakA = a
            final = a.map { $0 + 1 }.map { $0 + 1 }.map { $0 + 1 }
        }
        #expect(final?.value == 5)
        #expect(weakSource != nil)
        #expect(weakA != nil)
        final = nil
        #expect(weakSource == nil)
        #expect(weakA == nil)
    }

    /// Differs from ReactiveSwift on purpose (its view's signal follows the ultimate source):
    /// a derived property's signal completes when that property is deinitialised — and as it
    /// keeps its sources alive, the chain ends from the last derived property back to the source.
    @Test func derivedSignalsCompleteWhenTheLastDerivedPropertyGoesAway() {
        var property: MutableProperty<Int>? = MutableProperty(1)
        var first: Property<Int>? = property!.map { $0 + 1 }
        var second: Property<Int>? = first!.map { $0 + 2 }
        var third: Property<Int>? = second!.map { $0 + 2 }
        let recorders = [first!.signal.record(), second!.signal.record(), third!.signal.record()]
        let sourceRecorder = property!.signal.record()
        first = nil
        second = nil
        property = nil
        #expect(recorders.allSatisfy { !$0.isCompleted })
        #expect(!sourceRecorder.isCompleted)
        third = nil
        #expect(recorders.allSatisfy { $0.isCompleted })
        #expect(sourceRecorder.isCompleted)
    }

    // MARK: combineLatest

    @Test func combineLatestForwardsTheLatestValuesOfBoth() {
        let property = MutableProperty("initial"), other = MutableProperty("otherInitial")
        let combined = property.combineLatest(with: other)
        let recorder = combined.signal.record()
        property.value = "subsequent"
        other.value = "otherSubsequent"
        property.value = "final"
        #expect(recorder.values.map { "\($0.0)+\($0.1)" } == [
            "initial+otherInitial", "subsequent+otherInitial", "subsequent+otherSubsequent", "final+otherSubsequent",
        ])
    }

    @Test func combineLatestCompletesWhenTheCombinedPropertyAndItsSourcesAreGone() {
        var property: MutableProperty<Int>? = MutableProperty(1)
        var other: MutableProperty<Int>? = MutableProperty(2)
        var combined: Property<(Int, Int)>? = property!.combineLatest(with: other!)
        let recorder = combined!.signal.record()
        property = nil
        other = nil
        #expect(!recorder.isCompleted)  // the combined property keeps both alive
        combined = nil
        #expect(recorder.isCompleted)
    }

    @Test func combineLatestsValueAgreesWithItsSignal() {
        let property = MutableProperty("a"), other = MutableProperty("b")
        let combined = property.combineLatest(with: other)
        let first = combined.signal.map { $0.0 + $0.1 }.record()
        #expect(combined.value.0 + combined.value.1 == "ab")
        property.value = "c"
        #expect(combined.value.0 + combined.value.1 == "cb")
        let second = combined.signal.map { $0.0 + $0.1 }.record()
        other.value = "d"
        #expect(combined.value.0 + combined.value.1 == "cd")
        #expect(first.values == ["ab", "cb", "cd"])
        #expect(second.values == ["cb", "cd"])
    }

    @Test func nestedCombinedPropertiesStayConsistent() {
        let a = MutableProperty(1), b = MutableProperty(100), c = MutableProperty(10_000)
        let combined = a.combineLatest(with: b)
        a.value = 2; b.value = 200; a.value = 3
        #expect(combined.value.0 + combined.value.1 == 203)
        let another = combined.combineLatest(with: c)
        #expect(another.value.0.0 + another.value.0.1 + another.value.1 == 10_203)
        a.value = 4
        #expect(combined.value.0 + combined.value.1 == 204)
        #expect(another.value.0.0 + another.value.0.1 + another.value.1 == 10_204)
    }

    @Test func staticCombineLatestTakesAnyNumberOfProperties() {
        let a = MutableProperty(1), b = MutableProperty("x"), c = Property(value: true)
        let all = Property.combineLatest(a, b, c)
        a.value = 2
        #expect(all.value == (2, "x", true))
        let joined = Property.combineLatest(a, b) { "\($0)\($1)" }
        b.value = "y"
        #expect(joined.value == "2y")
        #expect(joined.signal.record().values == ["2y"])
    }

    // MARK: flatMap(.latest)

    @Test func flatMapLatestForwardsValuesFromTheLatestInnerProperty() {
        let first = MutableProperty(0)
        var second: MutableProperty<Int>? = MutableProperty(10)
        var third: MutableProperty<Int>? = MutableProperty(20)
        var outer: MutableProperty<MutableProperty<Int>>? = MutableProperty(first)
        var flattened: Property<String>? = outer!.flatMap(.latest) { $0.map { "\($0)" } }
        let recorder = flattened!.signal.record()
        outer!.value = second!
        second!.value = 11
        outer!.value = third!
        third!.value = 21
        #expect(recorder.values == ["0", "10", "11", "20", "21"])
        second!.value = 12
        second = nil
        third!.value = 22
        third = nil
        #expect(recorder.values == ["0", "10", "11", "20", "21", "22"])
        #expect(flattened!.value == "22")
        outer = nil
        #expect(!recorder.isCompleted)  // the flattened property keeps `outer` alive
        flattened = nil
        #expect(recorder.isCompleted)
        #expect(recorder.error == nil)
    }

    @Test func flatMapLatestReleasesTheOldInnerPropertiesWhenSwitched() {
        var first: MutableProperty<Int>? = MutableProperty(0)
        var second: MutableProperty<Int>? = MutableProperty(10)
        var third: MutableProperty<Int>? = MutableProperty(20)
        weak let weakFirst = first
        weak let weakSecond = second
        weak let weakThird = third
        var outer: MutableProperty<MutableProperty<Int>>? = MutableProperty(first!)
        var flattened: Property<Int>? = outer!.flatMap(.latest) { $0 }
        let recorder = flattened!.signal.record()
        first = nil
        outer!.value = second!
        #expect(weakFirst == nil)
        second = nil
        outer!.value = third!
        #expect(weakSecond == nil)
        third = nil
        outer = nil
        flattened = nil
        #expect(weakThird == nil)
        #expect(recorder.isCompleted)
        #expect(recorder.values == [0, 10, 20])
    }

    @Test func flatMapKeepsANewlyMadeInnerPropertyAliveWhileItIsCurrent() {
        let useMetric = MutableProperty(true)
        let meters = MutableProperty(1000)
        let distance = useMetric.flatMap(.latest) { metric in
            metric ? meters.map { "\($0) m" } : Property(value: "far")
        }
        meters.value = 2000
        #expect(distance.value == "2000 m")
        useMetric.value = false
        #expect(distance.value == "far")
        meters.value = 3000
        #expect(distance.value == "far")
        useMetric.value = true
        #expect(distance.value == "3000 m")
    }

    @Test func aPropertyDerivedInsideItsSourcesCallbackStillHasTheCurrentValue() {
        let source = MutableProperty(1)
        let derived = Locked<Property<Int>?>(nil)
        source.changes.take(1).subscribe(next: { _ in
            derived.withLock { $0 = source.map { $0 * 10 } }
        })
        source.value = 2
        #expect(derived.value?.value == 20)
        source.value = 3
        #expect(derived.value?.value == 30)
    }
}
