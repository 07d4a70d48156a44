// A first-in-first-out ring for buffers that live as long as a connection (the async
// bridge's buffer): a value is released as soon as it is taken out, and the storage never
// holds many more slots than the most values it held at once: a bounded buffer's ring grows
// by half up to its bound (a buffer of 256 that held 200 values at most has 202 slots, and
// one that filled up has 256), an unbounded one doubles.
//
// `_Queue` (Queue.swift) keeps taken values in its array until it compacts, so a buffer that
// drops its oldest value for every new one (`.dropOldest` at its bound of n) grew to 2n slots
// and kept up to n values it had already let go; this one stays at n.

/// A first-in-first-out queue on a ring of optional slots: O(1) `append` and `popFirst`, a
/// taken value released at once.
@usableFromInline
struct _RingQueue<Element> {
    /// The ring; `nil` in every slot not holding a value.
    @usableFromInline var slots: [Element?] = []
    /// The slot of the first value.
    @usableFromInline var head = 0
    /// The number of values waiting.
    @usableFromInline var count = 0
    /// The bound of the buffer this ring serves (`Int.max`: none): growth stops there, unless
    /// more values than that must wait (a replay, which is kept whole).
    @usableFromInline let limit: Int

    @inlinable init(limit: Int = .max) {
        self.limit = limit
    }

    /// Whether no value is waiting.
    @inlinable
    var isEmpty: Bool { count == 0 }

    @inlinable
    mutating func append(_ element: Element) {
        if count == slots.count { grow() }
        var tail = head + count
        if tail >= slots.count { tail -= slots.count }
        slots[tail] = element
        count += 1
    }

    @inlinable
    mutating func popFirst() -> Element? {
        guard count > 0 else { return nil }
        let element = slots[head].take()
        count -= 1
        head = count == 0 ? 0 : (head + 1 == slots.count ? 0 : head + 1)
        return element
    }

    /// Grows the ring (to at least 8 slots: by half up to `limit`, else double), its values
    /// in order from the first slot.
    @inlinable
    mutating func grow() {
        var capacity = Swift.max(8, limit == .max ? slots.count * 2 : slots.count + slots.count / 2)
        if slots.count < limit && capacity > limit { capacity = limit }
        if head == 0 {
            // Not wrapped (a buffer filled faster than it is read): the array grows in place,
            // its values moved in bulk, to exactly `capacity` slots.
            slots.reserveCapacity(capacity)
            slots.append(contentsOf: repeatElement(nil, count: capacity - slots.count))
            return
        }
        var larger = [Element?]()
        larger.reserveCapacity(capacity)
        for offset in 0..<count {
            var index = head + offset
            if index >= slots.count { index -= slots.count }
            larger.append(slots[index].take())
        }
        larger.append(contentsOf: repeatElement(nil, count: capacity - count))
        slots = larger
        head = 0
    }
}
