// The private state of one subscription's binding, as cheap as the library's own.

/// A mutable cell for a binding's private state (what `var count = 0` captured by the
/// binding would hold), without the run-time exclusivity check a captured `var` pays.
///
/// A `var` captured by a binding lives in a box that Swift checks on every access for
/// overlapping accesses (exclusivity: about 40 to 80 instructions per access, a third of
/// `scan` → `distinctUntilChanged` → `take`'s cost per value). A binding's accesses never
/// overlap: bind calls the binding of one subscription serially and never re-entrantly (an
/// event that arrives while the binding runs waits until it returns). So a cell made in
/// `makeBinding`, and touched only by the binding made with it, can leave that check out —
/// which is what this cell does, and what the library's own stateful operators use.
///
/// ```swift
/// extension Signal {
///     func countingValues() -> Signal<Int, Failure> {
///         bind {
///             let count = BindingState(0)        // one cell per subscription
///             return { event, _ in
///                 switch event {
///                 case .next: count.value += 1; return .just(count.value)
///                 case .error(let error): return .error(error)
///                 case .completed: return nil
///                 }
///             }
///         }
///     }
/// }
/// Signal<String, Never>.from(["a", "b"]).countingValues().subscribe(next: { print($0) })
/// // Prints: 1, 2
/// ```
///
/// - Important: Safe as documented, and only so: make the cell inside `makeBinding` (so
///   each subscription has its own) and touch it only from the binding made with it, or
///   from closures that binding calls synchronously. Do not share one cell between bindings,
///   subscriptions or threads, and do not read it from an inner signal that runs later or
///   elsewhere (an inner signal runs outside the binding's turn): accesses would then
///   overlap unchecked, a data race. For state shared in any other way, use a lock
///   (`Mutex`) or an `Atomic`.
///
/// Composed of: a `final class` with one `@exclusivity(unchecked)` stored property; it is
/// `@unchecked Sendable` so that `makeBinding` (a `@Sendable` closure) may capture it.
///
/// - SeeAlso: RxSwift keeps such state in a sink's stored properties, ReactiveSwift in a
///   captured `var` or `Atomic`, Combine in a `Subscription`'s stored properties.
public final class BindingState<State>: @unchecked Sendable {
    /// The state. Read and write it only from the binding that owns the cell.
    @exclusivity(unchecked) public var value: State

    /// A cell holding `value`.
    @inlinable
    public init(_ value: State) {
        self.value = value
    }
}

/// The library's name for ``BindingState`` before it was public.
@usableFromInline
typealias _BindingState<State> = BindingState<State>
