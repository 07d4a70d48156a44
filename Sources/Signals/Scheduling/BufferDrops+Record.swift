// The public way to count into a `BufferDrops`: for bounded buffers written outside the
// library (SignalsCombine's `publisher(bufferSize:whenFull:dropped:)`, a user's own), so that
// one counter can add up the drops of every buffer that shares it.

extension BufferDrops {
    /// Counts `dropped` more dropped values (nothing for zero or less): how a bounded buffer
    /// written outside the library reports what its policy dropped.
    ///
    /// ```swift
    /// let drops = BufferDrops()
    /// drops.record(2)
    /// print(drops.count) // Prints: 2
    /// ```
    @inlinable
    public func record(_ dropped: Int) {
        add(dropped)
    }

    /// Counts one subscriber that a full buffer ended (``BufferOverflow/fail(_:)`` or
    /// ``BufferOverflow/finish``): how a bounded buffer written outside the library reports
    /// a disconnection in ``disconnected``.
    ///
    /// ```swift
    /// let drops = BufferDrops()
    /// drops.recordDisconnection()
    /// print(drops.disconnected) // Prints: 1
    /// ```
    @inlinable
    public func recordDisconnection() {
        _addDisconnection()
    }
}
