// property.publisher: a property as Combine's `CurrentValueSubject` shows itself to a
// subscriber — the current value at subscription, then every change, the latest one kept for
// a subscriber without demand.
//
//   property.publisher = property.signal.publisher(bufferSize: 1, whenFull: .dropOldest)

#if (canImport(Combine) && !SIGNALS_OPENCOMBINE) || canImport(OpenCombine)
#if canImport(Combine) && !SIGNALS_OPENCOMBINE
import Combine
#else
import OpenCombine
#endif
import Signals

extension PropertyProtocol {
    /// The property as a Combine publisher of its current value, then every change: what a
    /// `CurrentValueSubject` sends, for a view model that SwiftUI or Combine code observes.
    ///
    /// A subscriber without demand keeps only the latest value (as a `CurrentValueSubject`
    /// does): when it asks again, it gets the value the property has now, not the ones it
    /// missed. Completes when the property's ``Signals/PropertyProtocol/signal`` completes.
    ///
    /// Composed of: ``Signals/PropertyProtocol/signal`` as
    /// ``Signals/Signal/publisher(bufferSize:whenFull:dropped:)`` with a buffer of one value,
    /// `.dropOldest`.
    ///
    /// ```swift
    /// let name = MutableProperty("Ada")
    /// let cancellable = name.publisher.sink { print($0) } // Prints: Ada
    /// name.value = "Grace"                               // Prints: Grace
    /// ```
    ///
    /// - SeeAlso: Combine's `CurrentValueSubject`, `@Published`'s projected value.
    @inlinable
    public var publisher: SignalPublisher<Value, Never> {
        signal.publisher(bufferSize: 1, whenFull: .dropOldest)
    }
}
#endif
