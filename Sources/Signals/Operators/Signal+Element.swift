// element(at: i)      = skip(i).take(1)
// single()            = mapError(SingleError.failure) + a stateful bind:
//                       `.next(v) -> seen ? stop; .error(.moreThanOne) : seen = true; .just(v)`,
//                       `.completed -> seen ? nil : .error(.empty)`.
// ifEmpty(switchTo:)  = a stateful bind: `.completed -> sawValue ? nil : other` (tail-called).

/// Why ``Signal/single()`` failed: the signal sent no value, more than one, or failed itself.
///
/// One generic error, so that `single()` keeps the source's typed failure: a
/// `Signal<Int, NetworkError>` becomes a `Signal<Int, SingleError<NetworkError>>`. For a
/// signal that cannot fail, `SingleError<Never>` has two cases that matter, and Swift lets a
/// `switch` leave out `.failure`, whose payload cannot exist:
///
/// ```swift
/// do {
///     let only = try await Signal.from([1, 2]).single().lastValue()
/// } catch {
///     switch error {
///     case .empty: print("none")
///     case .moreThanOne: print("several")   // Prints: several
///     }
/// }
/// ```
public enum SingleError<Failure: Error>: Error {
    /// The signal completed without a value.
    case empty
    /// The signal sent a second value.
    case moreThanOne
    /// The signal failed with its own error.
    case failure(Failure)
}

extension SingleError: Equatable where Failure: Equatable {}
extension SingleError: Hashable where Failure: Hashable {}

extension Signal {
    /// Forwards the value at `index` (counting from 0), then completes and disposes this
    /// signal.
    ///
    /// Completes: after that value, or without a value if this signal completes with
    /// `index` values or fewer. RxSwift fails there with `RxError.argumentOutOfRange`; a
    /// typed `Failure` cannot hold such an error, so Signals completes empty, as Combine's
    /// `output(at:)` — follow with `single()` or `ifEmpty(switchTo: .error(…))` to fail
    /// instead. Fails: with this signal's error, if it comes first.
    ///
    /// ![element(at: 2)](marble-element-at.svg)
    ///
    /// Composed of: `skip(index).take(1)`.
    ///
    /// ```swift
    /// Signal.from(["a", "b", "c"]).element(at: 1).subscribe(next: { print($0) })
    /// // Prints: b
    /// ```
    /// (from `ElementAtTests`)
    /// ```
    /// self:   -a-b-c-d|
    /// output: -----(c|)
    /// ```
    ///
    /// - Precondition: `index >= 0`.
    /// - SeeAlso: RxSwift `element(at:)` (`elementAt`), ReactiveSwift `skip(first:)` +
    ///   `take(first: 1)`, Combine `output(at:)`.
    public func element(at index: Int) -> Signal {
        _precondition(index >= 0, "Signals: element(at:) needs an index of 0 or more, got \(index); element(at: 0) is the first value")
        return skip(index).take(1)
    }

    /// Forwards this signal's only value; fails if it has none, or as soon as it sends a
    /// second.
    ///
    /// As RxSwift's `single()`, the first value is forwarded when it arrives, not held
    /// until completion. Completes: when this signal completes after exactly one value.
    /// Fails: with ``SingleError/empty`` when this signal completes without a value; with
    /// ``SingleError/moreThanOne`` at the second value, disposing this signal; with
    /// ``SingleError/failure(_:)`` wrapping this signal's own error.
    ///
    /// The error type is `SingleError<Failure>`: it keeps the source's typed failure, and
    /// for a signal that cannot fail (`SingleError<Never>`) a `switch` needs only `.empty`
    /// and `.moreThanOne`. To get back to the source's failure type, `mapError` or `catch`.
    ///
    /// ![single()](marble-single.svg)
    ///
    /// Composed of: `mapError(SingleError.failure)` and a stateful `bind`:
    /// `.next(v) -> seen ? stop; .error(.moreThanOne) : .just(v)`,
    /// `.completed -> seen ? nil : .error(.empty)`.
    ///
    /// ```swift
    /// Signal.from([1, 2]).single().subscribe(next: { print($0) }, error: { print($0) })
    /// // Prints: 1, moreThanOne
    /// ```
    /// (from `SingleTests`)
    /// ```
    /// self:   -a-b-|
    /// output: -a-#
    /// ```
    ///
    /// - SeeAlso: RxSwift `single()` (`RxError.noElements` / `.moreThanOneElement`),
    ///   ReactiveSwift none, Combine none (`collect()` + a check).
    public func single() -> Signal<Value, SingleError<Failure>> {
        mapError { SingleError.failure($0) }.bind {
            let seen = _BindingState(false)
            return { event, stop in
                switch event {
                case .next(let value):
                    if seen.value {
                        stop = true
                        return .error(.moreThanOne)
                    }
                    seen.value = true
                    return .just(value)
                case .error(let error):
                    return .error(error)
                case .completed:
                    return seen.value ? nil : .error(.empty)
                }
            }
        }
    }

    /// Forwards this signal's values; if it completes without any, continues with `other`.
    ///
    /// Completes: with this signal when it sent a value, else with `other`. Fails: with this
    /// signal's error (an empty signal that fails is not switched), or with `other`'s.
    /// Disposes: this signal, or `other` once switched to. `other` is subscribed only when
    /// this signal has completed empty.
    ///
    /// ![ifEmpty(switchTo: fallback)](marble-ifEmpty-switchTo.svg)
    ///
    /// Composed of: a stateful `bind`: `.next(v) -> sawValue = true; .just(v)`,
    /// `.completed -> sawValue ? nil : other` (tail-called, as `catch`'s handler).
    ///
    /// ```swift
    /// let cached = Signal<String, Never>.empty
    /// cached.ifEmpty(switchTo: .from(["fetched"])).subscribe(next: { print($0) })
    /// // Prints: fetched
    /// ```
    /// (from `IfEmptyTests`)
    /// ```
    /// self:   ---|
    /// other:     -a-b|
    /// output: ----a-b|
    /// ```
    ///
    /// - SeeAlso: RxSwift `ifEmpty(switchTo:)` (`switchIfEmpty`), ReactiveSwift none,
    ///   Combine none (`replaceEmpty(with:)` for one value).
    public func ifEmpty(switchTo other: Signal) -> Signal {
        bind {
            let sawValue = _BindingState(false)
            return { event, _ in
                switch event {
                case .next(let value):
                    sawValue.value = true
                    return .just(value)
                case .error(let error):
                    return .error(error)
                case .completed:
                    return sawValue.value ? nil : other
                }
            }
        }
    }
}
