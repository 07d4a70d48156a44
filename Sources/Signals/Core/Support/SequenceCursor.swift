// The iterator behind `Signal.concat(sequence)`: read one element each time a link completes.

/// An iterator shared by the links of one lazy concatenation.
///
/// `@unchecked Sendable`: it is advanced only when the previous signal has completed, so
/// never by two threads at once, and each advance happens-after the previous one.
@usableFromInline
final class _SequenceCursor<Element>: @unchecked Sendable {
    // Advanced serially (above): no runtime exclusivity check needed.
    @usableFromInline @exclusivity(unchecked) var base: AnyIterator<Element>
    /// Elements not yet read, when known (a collection's count); `nil` for a sequence.
    @usableFromInline @exclusivity(unchecked) var remaining: Int?

    @inlinable
    init<Base: IteratorProtocol>(_ base: Base, count: Int? = nil) where Base.Element == Element {
        self.base = AnyIterator(base)
        self.remaining = count
    }

    @inlinable
    func next() -> Element? {
        if let remaining { self.remaining = remaining - 1 }
        return base.next()
    }

    /// Whether the last element has been read (known only for collections).
    @inlinable
    var isExhausted: Bool { remaining == 0 }
}
