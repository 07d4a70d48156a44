// The structural description of an associative composition (Contracts.md, "Stack safety").
//
// `a.concat(b)` and `a.merge(b)` do not wrap `a` in a closure: they build a fold node that
// lists the parts. Core knows no operator: the operator that builds a node names it with an
// opaque key, and only nodes with the same key are flattened into one another. A left fold of 100,000 binary concats is then a tree of nodes that
// flattens into one list when subscribed, and subscribing runs the ordinary composition
// (`Signal.concat(list)` or `Signal.merge(list)`) over that list. By associativity the
// events are exactly those of the nested composition, but each value crosses one level
// instead of thousands, and nothing recurses: flattening walks the tree with an explicit
// stack, and teardown releases nested nodes one by one (`_DeferredRelease`).

/// Names one associative composition, chosen by the operator that builds the fold node
/// (`"concat"`, `"merge"`): nested nodes are flattened only into a node with the same key.
@usableFromInline
struct _AssociativeKey: Equatable, Sendable {
    @usableFromInline let name: String

    @inlinable
    init(_ name: String) {
        self.name = name
    }
}

/// A fold node: the composition named `kind` applied to `parts`, in order.
///
/// `@unchecked Sendable`: `parts` is never mutated after init except in `deinit`, when no
/// other reference exists.
@usableFromInline
final class _AssociativeFold<Value, Failure: Error>: @unchecked Sendable {
    @usableFromInline let kind: _AssociativeKey
    @usableFromInline var parts: [Signal<Value, Failure>]
    /// The ordinary composition over a flat list, supplied by the operator that built this.
    @usableFromInline let compose: @Sendable ([Signal<Value, Failure>]) -> Signal<Value, Failure>
    /// The composition's promptness (Promptness.swift): the least prompt of its parts, unless
    /// stated otherwise.
    @usableFromInline let promptness: _Promptness

    @inlinable
    init(
        kind: _AssociativeKey,
        parts: [Signal<Value, Failure>],
        compose: @escaping @Sendable ([Signal<Value, Failure>]) -> Signal<Value, Failure>,
        promptness: _Promptness
    ) {
        self.kind = kind
        self.parts = parts
        self.compose = compose
        self.promptness = promptness
    }

    /// Every leaf, in order: nested folds of the same kind are expanded (iteratively).
    ///
    /// The common case first: when no part is a node of this kind (a single `a.merge(b)`,
    /// `debounce`'s merge per value), the leaves are `parts` as they are, with no
    /// allocation. Both are inlinable, so that they run specialised: unspecialised, the
    /// walk's array of tuples looked type metadata up on every subscription (debounce, W14:
    /// about 10,000 instructions per value; a left fold of concats: about 3,700 per source).
    @inlinable
    func flattened() -> [Signal<Value, Failure>] {
        for part in parts {
            if case .fold(let nested) = part._representation, nested.kind == kind { return flattenedNested() }
        }
        return parts
    }

    /// `flattened()` when some part is a node of this kind: walks the tree with an explicit
    /// stack.
    @inlinable
    func flattenedNested() -> [Signal<Value, Failure>] {
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
    @inlinable
    func composition() -> Signal<Value, Failure> {
        compose(flattened())
    }

    deinit {
        _DeferredRelease.release(&parts)
    }
}

extension Signal {
    /// The associative composition named `key` of `parts`: a signal whose events are those of
    /// `compose(parts)`, kept as a flat list so that nested uses of the same composition
    /// (`a.concat(b).concat(c)`) subscribe as one list and tear down without recursion.
    ///
    /// The one structural hook an operator file may use (Contracts.md, "The kernel rule"):
    /// `compose` must be associative over its list, so that flattening changes nothing
    /// observable.
    @inlinable
    init(
        associative key: String,
        _ parts: [Signal],
        compose: @escaping @Sendable ([Signal]) -> Signal
    ) {
        // As prompt as its least prompt part (Promptness.swift): it subscribes them in turn.
        self.init(_representation: .fold(_AssociativeFold(
            kind: _AssociativeKey(key), parts: parts, compose: compose,
            promptness: .leastPrompt(of: parts.lazy.map { $0._composablePromptness }))))
    }
}

/// Releases nested structures iteratively: a release that happens while another release
/// is running on the same thread is queued instead of recursing.
@usableFromInline
final class _DeferredRelease {
    // Per thread, and every access ends before any release that could come back here (a
    // batch is taken out first), so no dynamic exclusivity check is needed.
    @exclusivity(unchecked) var pending: [Any] = []
    @exclusivity(unchecked) var pendingClosures: [_SourceClosures<Never, Never>] = []
    @exclusivity(unchecked) var pendingObjects: [AnyObject] = []
    /// Empty buffers with capacity, swapped with the pending ones on each batch, so that
    /// queueing allocates nothing once the buffers have grown.
    @exclusivity(unchecked) var spare: [Any] = []
    @exclusivity(unchecked) var spareClosures: [_SourceClosures<Never, Never>] = []
    @exclusivity(unchecked) var spareObjects: [AnyObject] = []
    @exclusivity(unchecked) var isReleasing = false

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

    /// Takes `closures` and `object` and releases them without recursion. Not generic, so
    /// that an unspecialised caller (a generic class's `deinit`) needs no type metadata.
    @usableFromInline
    static func release(closures: inout _SourceClosures<Never, Never>, object: inout AnyObject?) {
        let queue = perThread.current
        if closures.subscribe != nil || closures.constant != nil {
            queue.pendingClosures.append(closures)
            closures = _SourceClosures()   // the queue now holds the only reference
        }
        if let taken = object.take() { queue.pendingObjects.append(taken) }
        queue.drain()
    }

    /// Releases what is pending, unless a release further up this thread's stack is
    /// already doing so (then it is queued there: no recursion). Each batch is swapped out
    /// before any release, so a release it causes queues into the emptied buffer.
    private func drain() {
        if isReleasing { return }
        isReleasing = true
        while !pending.isEmpty || !pendingClosures.isEmpty || !pendingObjects.isEmpty {
            // Each batch is taken out before any release (the accesses end there): what a
            // release queues goes into the emptied buffers.
            var values = Self.takeBatch(&pending, spare: &spare)
            values.removeAll(keepingCapacity: true)
            spare = values
            var closures = Self.takeBatch(&pendingClosures, spare: &spareClosures)
            closures.removeAll(keepingCapacity: true)
            spareClosures = closures
            var objects = Self.takeBatch(&pendingObjects, spare: &spareObjects)
            objects.removeAll(keepingCapacity: true)
            spareObjects = objects
        }
        isReleasing = false
    }

    /// The elements of `pending`, taken out; `pending` takes the spare buffer and its
    /// capacity.
    private static func takeBatch<Element>(_ pending: inout [Element], spare: inout [Element]) -> [Element] {
        var batch: [Element] = []
        swap(&batch, &spare)
        swap(&batch, &pending)
        return batch
    }
}
