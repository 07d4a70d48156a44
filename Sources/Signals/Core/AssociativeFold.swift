// The structural description of an associative composition (DESIGN.md section 3).
//
// `a.concat(b)` and `a.merge(b)` do not wrap `a` in a closure: they build a fold node that
// lists the parts. A left fold of 100,000 binary concats is then a tree of nodes that
// flattens into one list when subscribed, and subscribing runs the ordinary composition
// (`Signal.concat(list)` or `Signal.merge(list)`) over that list. By associativity the
// events are exactly those of the nested composition, but each value crosses one level
// instead of thousands, and nothing recurses: flattening walks the tree with an explicit
// stack, and teardown releases nested nodes one by one (`_DeferredRelease`).

/// The kinds of associative composition Core knows how to keep flat.
@usableFromInline
enum _FoldKind: Sendable {
    case concat
    case merge
}

/// A fold node: `kind` applied to `parts`, in order.
///
/// `@unchecked Sendable`: `parts` is never mutated after init except in `deinit`, when no
/// other reference exists.
@usableFromInline
final class _AssociativeFold<Value, Failure: Error>: @unchecked Sendable {
    @usableFromInline let kind: _FoldKind
    @usableFromInline var parts: [Signal<Value, Failure>]
    /// The ordinary composition over a flat list, supplied by the operator that built this.
    @usableFromInline let compose: @Sendable ([Signal<Value, Failure>]) -> Signal<Value, Failure>

    @inlinable
    init(
        kind: _FoldKind,
        parts: [Signal<Value, Failure>],
        compose: @escaping @Sendable ([Signal<Value, Failure>]) -> Signal<Value, Failure>
    ) {
        self.kind = kind
        self.parts = parts
        self.compose = compose
    }

    /// Every leaf, in order: nested folds of the same kind are expanded (iteratively).
    @usableFromInline
    func flattened() -> [Signal<Value, Failure>] {
        var leaves: [Signal<Value, Failure>] = []
        var stack: [(parts: [Signal<Value, Failure>], next: Int)] = [(parts, 0)]
        while !stack.isEmpty {
            let top = stack.count - 1
            let index = stack[top].next
            if index == stack[top].parts.count {
                stack.removeLast()
                continue
            }
            stack[top].next += 1
            let part = stack[top].parts[index]
            if case .fold(let nested) = part._representation, nested.kind == kind {
                stack.append((nested.parts, 0))
            } else {
                leaves.append(part)
            }
        }
        return leaves
    }

    /// The composition this node stands for.
    @usableFromInline
    func composition() -> Signal<Value, Failure> {
        compose(flattened())
    }

    deinit {
        _DeferredRelease.release(&parts)
    }
}

extension Signal {
    /// A fold node of `kind` over `parts`; `compose` is the ordinary composition over a flat
    /// list, which is what subscribing runs.
    @inlinable
    init(
        _fold kind: _FoldKind,
        _ parts: [Signal],
        compose: @escaping @Sendable ([Signal]) -> Signal
    ) {
        self.init(_representation: .fold(_AssociativeFold(kind: kind, parts: parts, compose: compose)))
    }
}

/// Releases nested structures iteratively: a release that happens while another release
/// is running on the same thread is queued instead of recursing.
@usableFromInline
final class _DeferredRelease {
    var pending: [Any] = []
    var isReleasing = false

    static let perThread = _ThreadLocal { _DeferredRelease() }

    /// Takes the contents of `storage` and releases them without recursion.
    @usableFromInline
    static func release<Element>(_ storage: inout [Element]) {
        guard !storage.isEmpty else { return }
        let queue = perThread.current
        queue.pending.append(storage)
        storage = []   // the queue now holds the only reference
        queue.drain()
    }

    /// Takes the value out of `storage` and releases it without recursion.
    @usableFromInline
    static func release<Element>(_ storage: inout Element?) {
        guard case .some = storage else { return }
        let queue = perThread.current
        queue.pending.append(storage as Any)
        storage = nil   // the queue now holds the only reference
        queue.drain()
    }

    /// Releases what is pending, unless a release further up this thread's stack is
    /// already doing so (then it is queued there: no recursion).
    private func drain() {
        let queue = self
        if queue.isReleasing { return }
        queue.isReleasing = true
        while !queue.pending.isEmpty {
            var batch: [Any] = []
            swap(&batch, &queue.pending)   // the access to `pending` ends here, before any
            batch.removeAll()              // release: a nested release queues, never recurses
        }
        queue.isReleasing = false
    }
}
