// SignalConvertible: a value that can be read as a signal — a signal itself, a driver, a
// property (its current value, then its changes), a subject (what it sends from now on).
//
// The operators that take another signal (`withLatestFrom`, `combineLatest`, `zip`, `merge`,
// `take(until:)`, `skip(until:)`, `sample(on:)`) and `Action(enabledIf:)` take any of these
// (Signal+SignalConvertible.swift, Action+Inputs.swift); each reads `signal` once, when the
// composition is built, so a convertible costs nothing per value.

/// A value that can be read as a ``Signal``: a signal, a driver (``MainActorSignal``), a
/// ``Property`` or ``MutableProperty`` (the current value, then every change), a subject
/// (``Subject``, ``BehaviorSubject``, ``ReplaySubject``, ``MergeInput``: what it sends to a
/// new subscriber).
///
/// The operators that combine this signal with another — `withLatestFrom`,
/// `combineLatest`, `zip`, `merge`, `take(until:)`, `skip(until:)`, `sample(on:)` — and
/// ``Action``'s `init(enabledIf:)` take any conforming value where they take a signal, so a
/// driver or a property goes where RxSwift would take any `ObservableConvertibleType`. Each
/// reads ``signal`` once, when the composition is built.
///
/// ```swift
/// let name = MutableProperty("Ada")
/// let taps = Subject<Void, Never>()
/// taps.signal.withLatestFrom(name).subscribe(next: { print("hello,", $0.1) })
/// taps.send(value: ()) // Prints: hello, Ada
/// ```
///
/// Conform your own types by returning the signal they stand for.
///
/// - SeeAlso: RxSwift `ObservableConvertibleType` (`asObservable()`), ReactiveSwift
///   `SignalProducerConvertible` (`producer`), Combine `Publisher` (every publisher is one).
public protocol SignalConvertible<Value, Failure> {
    /// The type of the values the signal sends.
    associatedtype Value
    /// The type of the error the signal may fail with.
    associatedtype Failure: Error

    /// This value read as a signal.
    ///
    /// ```swift
    /// let count = MutableProperty(1)
    /// count.signal.subscribe(next: { print($0) }) // Prints: 1
    /// ```
    var signal: Signal<Value, Failure> { get }
}

extension Signal: SignalConvertible {
    /// The signal itself.
    ///
    /// ```swift
    /// let one = Signal.just(1)
    /// one.signal.subscribe(next: { print($0) }) // Prints: 1
    /// ```
    @inlinable
    public var signal: Signal { self }
}

extension Property: SignalConvertible {}
extension MutableProperty: SignalConvertible {}
extension Subject: SignalConvertible {}
extension BehaviorSubject: SignalConvertible {}
extension ReplaySubject: SignalConvertible {}
extension MergeInput: SignalConvertible {}
extension GroupedSignal: SignalConvertible {}
extension ConnectableSignal: SignalConvertible {}

#if canImport(Dispatch)
extension MainActorSignal: SignalConvertible {}
#endif
