/// One thing a signal tells its observer: a value, a failure, or that it has finished.
///
/// The grammar of every subscription is `next* (error | completed)?`: any number of
/// values, then at most one terminal event. After a terminal event nothing more is
/// delivered; an ``Observer`` enforces this by ignoring everything after its first
/// terminal event.
///
/// ```swift
/// let events: [Event<Int, Never>] = [.next(1), .next(2), .completed]
/// print(events.map(\.description).joined(separator: " "))
/// // Prints: next(1) next(2) completed
/// ```
///
/// `Event` is `Equatable`, `Hashable` and `Sendable` when its parts are, so tests can
/// compare whole histories (see `Recorder` in SignalsTesting).
@frozen
public enum Event<Value, Failure: Error> {
    /// A value.
    case next(Value)
    /// A failure. Terminal: nothing follows it.
    case error(Failure)
    /// Successful completion. Terminal: nothing follows it.
    case completed

    /// The value of a `.next` event, or `nil`.
    ///
    /// ```swift
    /// Event<Int, Never>.next(3).value   // 3
    /// Event<Int, Never>.completed.value // nil
    /// ```
    @inlinable
    public var value: Value? {
        if case .next(let value) = self { return value }
        return nil
    }

    /// The failure of an `.error` event, or `nil`.
    ///
    /// ```swift
    /// struct Oops: Error {}
    /// Event<Int, Oops>.error(Oops()).error // Oops()
    /// ```
    @inlinable
    public var error: Failure? {
        if case .error(let error) = self { return error }
        return nil
    }

    /// Whether this is a terminal event (`.error` or `.completed`).
    ///
    /// ```swift
    /// Event<Int, Never>.next(1).isTerminating   // false
    /// Event<Int, Never>.completed.isTerminating // true
    /// ```
    @inlinable
    public var isTerminating: Bool {
        if case .next = self { return false }
        return true
    }
}

extension Event: Equatable where Value: Equatable, Failure: Equatable {}
extension Event: Hashable where Value: Hashable, Failure: Hashable {}
extension Event: Sendable where Value: Sendable {}

extension Event: CustomStringConvertible {
    /// `next(1)`, `error(<the error>)` or `completed`.
    ///
    /// ```swift
    /// print(Event<String, Never>.next("a")) // Prints: next(a)
    /// ```
    public var description: String {
        switch self {
        case .next(let value): return "next(\(value))"
        case .error(let error): return "error(\(error))"
        case .completed: return "completed"
        }
    }
}
