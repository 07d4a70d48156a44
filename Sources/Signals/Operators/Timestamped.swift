// The elements of `timestamp(on:)` and `timeInterval(on:)`: a value with a time.

/// A value with the time a scheduler read when it passed: the element of
/// ``Signal/timestamp(on:)``.
///
/// A struct rather than a tuple so that it is `Equatable`, `Hashable` and `Sendable` when
/// the value is (a tuple is none of them, so a marble test could not compare it), and so
/// that the fields have names at every use: `$0.value`, `$0.time`.
///
/// ```swift
/// let stamped = Timestamped(value: "a", time: ContinuousClock.now)
/// print(stamped.value) // Prints: a
/// ```
public struct Timestamped<Value, Instant: InstantProtocol> {
    /// The value.
    public var value: Value
    /// The scheduler's `now` when the value passed.
    public var time: Instant

    /// Pairs `value` with `time`.
    ///
    /// ```swift
    /// let stamped = Timestamped(value: 1, time: TestScheduler.Instant.zero)
    /// ```
    public init(value: Value, time: Instant) {
        self.value = value
        self.time = time
    }
}

extension Timestamped: Equatable where Value: Equatable {}
extension Timestamped: Hashable where Value: Hashable {}
extension Timestamped: Sendable where Value: Sendable {}

/// A value with the time that passed since the value before it (for the first value, since
/// the subscription): the element of ``Signal/timeInterval(on:)``.
///
/// A struct for the same reasons as ``Timestamped``: `Equatable`, `Hashable` and `Sendable`
/// when the value is, and named fields (`$0.value`, `$0.interval`).
///
/// ```swift
/// let spaced = Elapsed(value: "a", interval: .seconds(2))
/// print(spaced.interval) // Prints: 2.0 seconds
/// ```
public struct Elapsed<Value> {
    /// The value.
    public var value: Value
    /// The time since the previous value, or since the subscription for the first one.
    public var interval: Duration

    /// Pairs `value` with `interval`.
    ///
    /// ```swift
    /// let spaced = Elapsed(value: 1, interval: .milliseconds(250))
    /// ```
    public init(value: Value, interval: Duration) {
        self.value = value
        self.interval = interval
    }
}

extension Elapsed: Equatable where Value: Equatable {}
extension Elapsed: Hashable where Value: Hashable {}
extension Elapsed: Sendable where Value: Sendable {}
