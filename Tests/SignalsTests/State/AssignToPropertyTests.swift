// signal.assign(to: mutableProperty): binds a signal into a property until either side ends.
// Includes the binding cases of ReactiveSwift's PropertySpec (`property <~ signal`).

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct AssignToPropertyTests {
    @Test func eachValueBecomesThePropertysValue() {
        let source = Subject<String, Never>()
        let property = MutableProperty("initial")
        source.signal.assign(to: property)
        #expect(property.value == "initial")  // binding alone does not change the value
        source.send(value: "subsequent")
        #expect(property.value == "subsequent")
    }

    @Test func disposingTheBindingEndsIt() {
        let source = Subject<String, Never>()
        let property = MutableProperty("initial")
        let binding = source.signal.assign(to: property)
        binding.dispose()
        source.send(value: "subsequent")
        #expect(property.value == "initial")
    }

    @Test func thePropertyGoingAwayEndsTheBindingAndDisposesTheSource() {
        let source = Subject<String, Never>()
        let disposed = Flag()
        var property: MutableProperty<String>? = MutableProperty("initial")
        let binding = source.signal.on(disposed: { disposed.set() }).assign(to: property!)
        #expect(!disposed.isSet)
        property = nil
        #expect(disposed.isSet)
        #expect(binding.isDisposed)
    }

    @Test func theBindingDoesNotKeepThePropertyAlive() {
        let source = Subject<Int, Never>()
        var property: MutableProperty<Int>? = MutableProperty(0)
        weak let weakProperty = property
        source.signal.assign(to: property!)
        property = nil
        #expect(weakProperty == nil)
        source.send(value: 1)  // nobody to write to
    }

    @Test func aSynchronousSignalSetsEveryValueInOrder() {
        let property = MutableProperty("")
        let recorder = property.changes.record()
        Signal.from(["initial", "subsequent"]).assign(to: property)
        #expect(property.value == "subsequent")
        #expect(recorder.values == ["initial", "subsequent"])
    }

    @Test func bindingFromAnotherPropertyTakesItsCurrentValueThenItsChanges() {
        let source = MutableProperty("initial")
        let destination = MutableProperty("")
        source.signal.assign(to: destination)
        #expect(destination.value == "initial")
        source.value = "subsequent"
        #expect(destination.value == "subsequent")
    }

    @Test func bindingFromAnotherPropertyEndsWhenTheBindingIsDisposed() {
        let source = MutableProperty("initial")
        let destination = MutableProperty("")
        let binding = source.signal.assign(to: destination)
        binding.dispose()
        source.value = "subsequent"
        #expect(destination.value == "initial")
    }

    @Test func theSourcePropertyGoingAwayEndsTheBinding() {
        var source: MutableProperty<String>? = MutableProperty("initial")
        let destination = MutableProperty("")
        let binding = source!.signal.assign(to: destination)
        source = nil
        #expect(binding.isDisposed)
        #expect(destination.value == "initial")
    }

    @Test func theDestinationGoingAwayDisposesTheSourcePropertysSubscription() {
        let source = MutableProperty("initial")
        let disposed = Flag()
        var destination: MutableProperty<String>? = MutableProperty("")
        source.signal.on(disposed: { disposed.set() }).assign(to: destination!)
        #expect(!disposed.isSet)
        destination = nil
        #expect(disposed.isSet)
    }

    @Test func theSignalCompletingOrFailingEndsTheBindingAndKeepsTheLastValue() {
        struct Broken: Error {}
        let completing = Subject<Int, Never>(), failing = Subject<Int, Broken>()
        let property = MutableProperty(0)
        let first = completing.signal.assign(to: property)
        completing.send(value: 1)
        completing.sendCompleted()
        #expect(first.isDisposed)
        let second = failing.signal.assign(to: property)
        failing.send(value: 2)
        failing.send(error: Broken())
        #expect(second.isDisposed)
        #expect(property.value == 2)
    }

    @Test func callableFromAnyThread() {
        let property = MutableProperty(0)
        let sources = (0..<4).map { _ in Subject<Int, Never>() }
        runConcurrently(4, "binders") { index in
            sources[index].signal.assign(to: property)
            for value in 1...250 { sources[index].send(value: value) }
        }
        #expect((1...250).contains(property.value))
    }
}
