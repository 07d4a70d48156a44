// Derived properties: each is a Property fed by one composition of its sources' signals.
//
//   p.map(f)                     = Property(deriving: p.signal.map(f))
//   p.combineLatest(with: q)     = Property(deriving: Signal.combineLatest(p.signal, q.signal))
//   Property.combineLatest(a, …) = Property(deriving: Signal.combineLatest(a.signal, …))
//   p.flatMap(.latest, f)        = Property(deriving: p.signal.flatMapLatest { v in
//                                      using({ f(v) }) { $0.signal } })   -- the inner is held while current
//
// A property's signal sends its current value when subscribed, so each composition sends the
// derived value at once: that first value is the derived property's initial value. Each
// derived property keeps its sources alive.

/// How ``PropertyProtocol/flatMap(_:_:)`` flattens the properties it makes: only `.latest`.
///
/// A property has one current value. `.latest` (follow the property made from the source's
/// current value, and drop the previous one) keeps that true. The other strategies of
/// ``FlattenStrategy`` do not fit state: `.merge` would interleave the values of every inner
/// property ever made, so the "current value" would be whichever changed last; `.concat` and
/// `.first` would keep following an earlier inner property — which never completes while it
/// lives — and ignore the source's changes. ReactiveSwift accepts them on properties; Signals
/// does not, so that `flatMap` on a property always means "the current one". (Flatten
/// `property.signal` with any strategy when a signal is what you need.)
///
/// ```swift
/// let user = MutableProperty(User(name: MutableProperty("Ada")))
/// let name = user.flatMap(.latest) { $0.name }
/// ```
public enum PropertyFlattenStrategy: Sendable {
    /// Follow the property made from the source's current value; drop the previous one when
    /// the source changes.
    case latest
}

extension PropertyProtocol {
    /// A property whose value is `transform` of this property's value.
    ///
    /// ![count.map { $0 * 10 }.signal](marble-property-map.svg)
    ///
    /// `transform` runs once per change (and once for the initial value), not on every read
    /// of ``Property/value``. Completes: when this property's signal completes, or when the
    /// derived property is deinitialised. The derived property keeps this one alive.
    ///
    /// Composed of: `Property(deriving: signal.map(transform))` — a subject fed by one
    /// subscription.
    ///
    /// ```swift
    /// let count = MutableProperty(1)
    /// let label = count.map { "\($0) items" }
    /// count.value = 2
    /// print(label.value) // Prints: 2 items
    /// ```
    ///
    /// - SeeAlso: ReactiveSwift `Property.map`; RxSwift `BehaviorRelay` + `map` (an
    ///   `Observable`, without a value); Combine `map` on `$published` (a publisher).
    public func map<U>(_ transform: @escaping @Sendable (Value) -> U) -> Property<U> {
        Property<U>(_deriving: signal.map(transform), fallback: { transform(value) }, retaining: [self])
    }

    /// A property whose value is the pair of this property's value and `other`'s.
    ///
    /// ![width.combineLatest(with: height).signal](marble-property-combineLatest.svg)
    ///
    /// Changes whenever either property changes. Completes: when both sources' signals have
    /// completed, or when the derived property is deinitialised. Keeps both alive.
    ///
    /// Composed of: `Property(deriving: Signal.combineLatest(signal, other.signal))`.
    ///
    /// ```swift
    /// let width = MutableProperty(2), height = MutableProperty(3)
    /// let size = width.combineLatest(with: height)
    /// height.value = 4
    /// print(size.value) // Prints: (2, 4)
    /// ```
    ///
    /// - SeeAlso: ReactiveSwift `Property.combineLatest(with:)`; RxSwift
    ///   `Observable.combineLatest` of two relays; Combine `CombineLatest`.
    public func combineLatest<Other: PropertyProtocol>(with other: Other) -> Property<(Value, Other.Value)> {
        Property<(Value, Other.Value)>(
            _deriving: Signal.combineLatest(signal, other.signal),
            fallback: { (value, other.value) },
            retaining: [self, other]
        )
    }

    /// A property that follows the property `transform` makes from this property's current
    /// value: its value is that property's value, and when this property changes, it switches
    /// to the property made from the new value (dropping the previous one).
    ///
    /// ![choice.flatMap(.latest) { $0 == "a" ? a : b }.signal](marble-property-flatMap.svg)
    ///
    /// Only `.latest`: see ``PropertyFlattenStrategy`` for why the other strategies do not fit
    /// properties. The current inner property is kept alive while it is the current one (so
    /// `transform` may make a new property, e.g. with `map`); the previous one is released
    /// when the source changes. Completes: when this property's signal completes and the
    /// current inner property's signal has completed, or when the derived property is
    /// deinitialised.
    ///
    /// Composed of: `Property(deriving: signal.flatMapLatest { v in Signal.using({ transform(v) },
    /// release: { _ in }) { $0.signal } })`.
    ///
    /// ```swift
    /// let useMetric = MutableProperty(true)
    /// let meters = MutableProperty(1000), miles = MutableProperty(0.6)
    /// let distance = useMetric.flatMap(.latest) { metric in
    ///     metric ? meters.map { "\($0) m" } : miles.map { "\($0) mi" }
    /// }
    /// useMetric.value = false
    /// print(distance.value) // Prints: 0.6 mi
    /// ```
    ///
    /// - SeeAlso: ReactiveSwift `Property.flatMap(.latest)`; RxSwift `flatMapLatest` (an
    ///   `Observable`); Combine `map` + `switchToLatest()`.
    public func flatMap<Inner: PropertyProtocol>(
        _ strategy: PropertyFlattenStrategy,
        _ transform: @escaping @Sendable (Value) -> Inner
    ) -> Property<Inner.Value> {
        let followed = signal.flatMapLatest { value in
            let inner = transform(value)
            return Signal<Inner.Value, Never>.using({ inner }, release: { _ in }, { $0.signal })
        }
        return Property<Inner.Value>(_deriving: followed, fallback: { transform(value).value }, retaining: [self])
    }
}

extension Property {
    /// A property whose value is the tuple of the properties' values.
    ///
    /// Changes whenever any of them changes. Completes: when every source's signal has
    /// completed, or when the combined property is deinitialised. Keeps every source alive.
    ///
    /// Composed of: `Property(deriving: Signal.combineLatest(repeat (each properties).signal))`.
    ///
    /// ```swift
    /// let username = MutableProperty("ada"), password = MutableProperty("")
    /// let form = Property.combineLatest(username, password)
    /// password.value = "secret"
    /// print(form.value) // Prints: ("ada", "secret")
    /// ```
    ///
    /// - SeeAlso: ReactiveSwift `Property.combineLatest(_:_:)`; RxSwift
    ///   `Observable.combineLatest`; Combine `CombineLatest3`.
    public static func combineLatest<each P: PropertyProtocol>(
        _ properties: repeat each P
    ) -> Property where Value == (repeat (each P).Value) {
        var sources: [any AnyObject & Sendable] = []
        for property in repeat each properties { sources.append(property) }
        return Property(
            _deriving: Signal<Value, Never>.combineLatest(repeat (each properties).signal),
            fallback: { (repeat (each properties).value) },
            retaining: sources
        )
    }

    /// A property whose value is `combine` of the properties' values.
    ///
    /// Composed of: `Property.combineLatest(repeat each properties).map { combine(repeat each $0) }`
    /// (one derived property: the tuple is not kept).
    ///
    /// ```swift
    /// let username = MutableProperty(""), password = MutableProperty("")
    /// let canSignUp = Property.combineLatest(username, password) { $0.count >= 3 && $1.count >= 8 }
    /// print(canSignUp.value) // Prints: false
    /// ```
    public static func combineLatest<each P: PropertyProtocol>(
        _ properties: repeat each P,
        combine: @escaping @Sendable (repeat (each P).Value) -> Value
    ) -> Property {
        var sources: [any AnyObject & Sendable] = []
        for property in repeat each properties { sources.append(property) }
        let combined = Signal<(repeat (each P).Value), Never>.combineLatest(repeat (each properties).signal)
        return Property(
            _deriving: combined.map { values in combine(repeat each values) },
            fallback: { combine(repeat (each properties).value) },
            retaining: sources
        )
    }
}
