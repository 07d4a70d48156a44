// A small FIFO used by the kernel and by stateful bindings (`Subject`'s queue, the flatten
// strategies' waiting inner signals, the async bridge's buffer).

/// A first-in-first-out queue with amortised O(1) `popFirst`.
@usableFromInline
struct _Queue<Element> {
    @usableFromInline var elements: [Element] = []
    @usableFromInline var head = 0

    @inlinable init() {}

    /// The number of elements waiting.
    @inlinable
    var count: Int { elements.count - head }

    /// Whether no element is waiting: one comparison, as `popFirst` empties `elements`
    /// whenever it takes the last element. (`count`, not `isEmpty`: unspecialised, as in an
    /// operator of another module that is not `@inlinable`, `Array.isEmpty` is the generic
    /// `Collection` one and looks the array's type metadata up, about 330 instructions per
    /// call; `count` reads the buffer's header.)
    @inlinable
    var isEmpty: Bool { elements.count == 0 }

    @inlinable
    mutating func append(_ element: Element) {
        elements.append(element)
    }

    @inlinable
    mutating func popFirst() -> Element? {
        guard head < elements.count else { return nil }
        let element = elements[head]
        head += 1
        if head == elements.count {
            elements.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64 && head * 2 >= elements.count {
            elements.removeFirst(head)
            head = 0
        }
        return element
    }
}
