// FlattenStrategy: a struct with a kind of its own, so that a strategy can be added without
// breaking a user's `switch` (ReactiveSwift's `FlattenStrategy` is shaped the same way).
// flattenMap(_:_:) (Signal+Flatten.swift) is the one place that reads the kind.

/// How a signal of signals is flattened: how many inner signals run at once, and what
/// happens to one that arrives while others run.
///
/// Every strategy forwards the values of the running inner signals as they arrive, fails
/// at the first error of the outer signal or of a running inner signal (disposing the
/// rest), and completes when the outer signal and every inner signal it started have
/// completed.
///
/// The strategies are static members (`.merge`, `.concat`, `.latest`, `.first`,
/// `.concurrent(limit:)`), not the cases of an enum: a later release may add a strategy
/// without breaking code that reads one. Compare a strategy with `==`, and give a `switch`
/// over one a `default:` branch (`case .concat:` matches by equality; `.concat` is not
/// `.concurrent(limit: 1)`, though the two behave alike).
///
/// ```swift
/// let outer = Signal.from([Signal.from([1, 2]), Signal.from([3])])
/// outer.flatten(.concat).subscribe(next: { print($0) })
/// // Prints: 1, 2, 3
/// ```
///
/// - SeeAlso: ReactiveSwift `FlattenStrategy` (`.merge`, `.concat`, `.latest`,
///   `.concurrent(limit:)`, and `.throttle` for `.first`; its `.race` is not `.first`); RxSwift `flatMap`, `concatMap`,
///   `flatMapLatest`, `flatMapFirst`, `merge(maxConcurrent:)`; Combine
///   `flatMap(maxPublishers:)`, `switchToLatest()`.
public struct FlattenStrategy: Sendable, Equatable, CustomStringConvertible {
    /// Which strategy this is; read only by `flattenMap(_:_:)`.
    @usableFromInline
    enum _Kind: Sendable, Equatable {
        case merge, concat, latest, first
        case concurrent(limit: Int)
    }

    @usableFromInline let _kind: _Kind

    @inlinable
    init(_ kind: _Kind) { _kind = kind }

    /// Every inner signal runs as soon as it arrives (no limit).
    ///
    /// ```swift
    /// Signal.from([Signal.from([1]), Signal.from([2])]).flatten(.merge)
    ///     .subscribe(next: { print($0) })
    /// // Prints: 1, 2
    /// ```
    @inlinable
    public static var merge: FlattenStrategy { FlattenStrategy(.merge) }

    /// One inner signal at a time; the others wait their turn, in arrival order (it
    /// behaves as `.concurrent(limit: 1)`).
    ///
    /// ```swift
    /// Signal.from([Signal.from([1, 2]), Signal.from([3])]).flatten(.concat)
    ///     .subscribe(next: { print($0) })
    /// // Prints: 1, 2, 3
    /// ```
    @inlinable
    public static var concat: FlattenStrategy { FlattenStrategy(.concat) }

    /// Only the latest inner signal runs: a new one disposes the previous one.
    ///
    /// ```swift
    /// let outer = Subject<Signal<Int, Never>, Never>(), a = Subject<Int, Never>()
    /// outer.signal.flatten(.latest).subscribe(next: { print($0) })
    /// outer.send(value: a.signal); outer.send(value: .just(2)); a.send(value: 1)
    /// // Prints: 2
    /// ```
    @inlinable
    public static var latest: FlattenStrategy { FlattenStrategy(.latest) }

    /// An inner signal that arrives while another runs is ignored (exhaust).
    ///
    /// ```swift
    /// let outer = Subject<Signal<Int, Never>, Never>(), a = Subject<Int, Never>()
    /// outer.signal.flatten(.first).subscribe(next: { print($0) })
    /// outer.send(value: a.signal); outer.send(value: .just(2)); a.send(value: 1)
    /// // Prints: 1
    /// ```
    @inlinable
    public static var first: FlattenStrategy { FlattenStrategy(.first) }

    /// At most `limit` inner signals run at once; the others wait, in arrival order.
    ///
    /// ```swift
    /// Signal.from([Signal.from([1]), Signal.from([2])]).flatten(.concurrent(limit: 2))
    ///     .subscribe(next: { print($0) })
    /// // Prints: 1, 2
    /// ```
    ///
    /// - Precondition: `limit` is at least 1 (checked when the operator is built).
    @inlinable
    public static func concurrent(limit: Int) -> FlattenStrategy { FlattenStrategy(.concurrent(limit: limit)) }

    /// The strategy as it is spelled: `.merge`, `.concurrent(limit: 2)`, …
    ///
    /// ```swift
    /// print(FlattenStrategy.concurrent(limit: 2)) // Prints: .concurrent(limit: 2)
    /// ```
    public var description: String {
        switch _kind {
        case .merge: ".merge"
        case .concat: ".concat"
        case .latest: ".latest"
        case .first: ".first"
        case .concurrent(let limit): ".concurrent(limit: \(limit))"
        }
    }
}
