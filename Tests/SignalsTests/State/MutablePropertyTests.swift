// MutableProperty: a value with a signal of its changes. Includes the MutableProperty cases
// of ReactiveSwift's PropertySpec (inputs and expected outcomes, in our words).

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@Suite struct MutablePropertyTests {
    @Test func hasTheValueGivenAtInitialisation() {
        #expect(MutableProperty("initial").value == "initial")
    }

    @Test func signalSendsTheCurrentValueThenEveryChange() {
        let property = MutableProperty("initial")
        let recorder = property.signal.record()
        property.value = "subsequent"
        property.value = "final"
        #expect(recorder.values == ["initial", "subsequent", "final"])
    }

    @Test func everyWriteIsAChangeEvenToAnEqualValue() {
        let property = MutableProperty("initial")
        let signal = property.signal.record()
        let changes = property.changes.record()
        property.value = "initial"
        property.value = "initial"
        #expect(signal.values.count == 3)
        #expect(changes.values.count == 2)
    }

    @Test func changesSendsOnlyLaterChanges() {
        let property = MutableProperty("initial")
        let recorder = property.changes.record()
        #expect(recorder.values == [])
        property.value = "subsequent"
        property.value = "final"
        #expect(recorder.values == ["subsequent", "final"])
    }

    /// Decided: a mutable property's signal completes when it is deinitialised (as in
    /// ReactiveSwift); subscribing does not keep it alive.
    @Test func deinitialisingCompletesSignalAndChanges() {
        var property: MutableProperty<String>? = MutableProperty("initial")
        let signal = property!.signal.record()
        let changes = property!.changes.record()
        weak let weakProperty = property
        property = nil
        #expect(weakProperty == nil)
        #expect(signal.events == [.next("initial"), .completed])
        #expect(changes.events == [.completed])
    }

    @Test func aSignalKeptFromBeforeTheDeinitSendsTheLastValueThenCompletes() {
        var property: MutableProperty<String>? = MutableProperty("initial")
        let signal = property!.signal
        property!.value = "subsequent"
        property = nil
        #expect(signal.record().events == [.next("subsequent"), .completed])
    }

    @Test func modifyWritesTheValueAndSendsIt() {
        let property = MutableProperty("initial")
        let recorder = property.signal.record()
        property.modify { $0 = "subsequent" }
        #expect(property.value == "subsequent")
        #expect(recorder.values == ["initial", "subsequent"])
    }

    @Test func modifyReturnsWhatItsBodyReturns() {
        // ReactiveSwift's `swap` and `withValue`, as `modify`.
        let property = MutableProperty("initial")
        let old = property.modify { value -> String in
            defer { value = "subsequent" }
            return value
        }
        #expect(old == "initial")
        #expect(property.value == "subsequent")
        let isEmpty = property.modify { $0.isEmpty }
        #expect(isEmpty == false)
        #expect(property.value == "subsequent")
    }

    @Test func readingTheValueFromASubscriberSeesTheNewValue() {
        let source = Subject<Int, Never>()
        let property = MutableProperty(0)
        source.signal.assign(to: property)
        let seen = Locked<[Int]>([])
        property.signal.subscribe(next: { _ in seen.withLock { $0.append(property.value) } })
        source.send(value: 10)
        #expect(seen.value == [0, 10])
    }

    @Test func subscribingFromInsideACallbackDoesNotDeadlock() {
        let property = MutableProperty(0)
        let seen = Locked<[Int]>([])
        property.signal.take(1).subscribe(next: { _ in
            property.signal.subscribe(next: { value in seen.withLock { $0.append(value) } })
        })
        #expect(seen.value == [0])
        property.value = 1
        #expect(seen.value == [0, 1])
    }

    @Test func subscribingAcrossTwoPropertiesFromInsideCallbacksDoesNotDeadlock() {
        let a = MutableProperty(0), b = MutableProperty(0)
        let seen = Locked<Int?>(nil)
        a.signal.take(1).subscribe(next: { _ in
            b.signal.take(1).subscribe(next: { _ in
                a.signal.subscribe(next: { value in seen.withLock { $0 = value } })
            })
        })
        #expect(seen.value == 0)
        a.value = 1
        #expect(seen.value == 1)
    }

    @Test func aWriteFromInsideACallbackIsDeliveredAfterTheCurrentOneInOrder() {
        let property = MutableProperty(0)
        let recorder = property.signal.record()
        property.changes.subscribe(next: { value in
            if value < 3 { property.value = value + 1 }
        })
        property.value = 1
        #expect(recorder.values == [0, 1, 2, 3])
        #expect(property.value == 3)
    }

    @Test func fourThreadsModifyingAtOnceLoseNoValueAndChangesArriveInOrder() {
        let property = MutableProperty(0)
        let changes = property.changes.record()
        runConcurrently(4, "four writers") { _ in
            for _ in 0..<1_000 { property.modify { $0 += 1 } }
        }
        #expect(property.value == 4_000)
        #expect(changes.values == Array(1...4_000))
    }

    @Test func bindingIntoATargetThatGoesAwayOnAnotherThreadDoesNotDeadlock() {
        // ReactiveSwift's "should not deadlock": a source bound into a target that another
        // thread releases while the source changes.
        runConcurrently(2, "binding and releasing") { index in
            for _ in 0..<200 {
                let source = MutableProperty(1)
                var target: MutableProperty<Int>? = MutableProperty(1)
                source.signal.assign(to: target!)
                if index == 0 { target = nil } else { source.value = 2 }
                _ = target
            }
        }
    }

    @Test func aMutablePropertyIsSendableAcrossThreads() {
        let property = MutableProperty([Int]())
        runConcurrently(2, "appenders") { index in
            for value in 0..<100 { property.modify { $0.append(index * 1_000 + value) } }
        }
        #expect(property.value.count == 200)
    }

    @Test func writingToThePropertyFromInsideItsModifyBodyStopsWithASignalsMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let property = MutableProperty(0)
            property.modify { _ in property.value = 1 }
        }
        let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(standardError.contains(
            "Signals: MutableProperty.modify (or the value setter) was called from inside a modify body on the same property"))
    }

    @Test func readingTheValueInsideModifyReturnsTheValueBeforeTheChange() {
        let property = MutableProperty(1)
        let seen = property.modify { value -> Int in
            value = 2
            return property.value
        }
        #expect(seen == 1)
        #expect(property.value == 2)
    }
}
