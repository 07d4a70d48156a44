// The private state of one subscription's binding, for operators on hot paths.

/// A binding's state (`var count = 0`, kept in a cell instead).
///
/// A `var` captured by a binding lives in a box that the runtime checks on every access for
/// overlapping accesses (exclusivity: about 40 to 80 instructions per access, a third of
/// `scan` → `distinctUntilChanged` → `take`'s cost per value). A binding's accesses never
/// overlap: bind calls it serially and never re-entrantly (an event that arrives while the
/// binding runs waits until it returns). So operators on hot paths keep their state here,
/// where that check is left out; the cell is allocated once per subscription, as the box
/// of a captured `var` would be.
///
/// `@unchecked Sendable`: only the binding that owns it touches it, serially.
@usableFromInline
final class _BindingState<State>: @unchecked Sendable {
    @usableFromInline @exclusivity(unchecked) var value: State

    @inlinable
    init(_ value: State) {
        self.value = value
    }
}
