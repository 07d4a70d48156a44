// A small FIFO used by the kernel and by stateful bindings (`Subject`'s queue, `concat()`'s
// waiting inner signals).

/// A first-in-first-out queue with amortised O(1) `popFirst`.
@usableFromInline
struct _Queue<Element> {
    @usableFromInline var elements: [Element] = []
    @usableFromInline var head = 0

    @inlinable init() {}

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
