// How every time operator runs specialised code, whatever type its caller holds the scheduler as.
//
// A time operator is generic over its scheduler. Given a scheduler whose type the compiler knows
// (`TestScheduler`, `QueueScheduler`, a `some Scheduler` of a specialised caller), the operator is
// specialised for it: `bind`, the per-value path and the scheduler calls are direct code. Given
// `any Scheduler` (how a server or a testable view model keeps its scheduler), Swift opens the
// existential and calls the operator with the opened type, and a generic function cannot be
// specialised for an opened type: the whole operator, `bind` and the per-value path included,
// would run as generic code that looks up type metadata for every value.
//
// The shape, written once here and used by every public time operator: the public entry point is
// a thin `@inline(__always)` function whose body is
//
//     scheduler._isSpecialisable ? _op(…, on: scheduler) : _op(…, on: scheduler._erased)
//
// where `_op` is the operator, generic over its scheduler.
//   - A scheduler of a known type goes straight to `_op`, specialised for that type: nothing in
//     between, nothing charged (the erased branch is folded away at compile time).
//   - Any other scheduler (an opened `any Scheduler`) is wrapped once, when the operator is
//     built, in `_ErasedScheduler`: a concrete type, so `_op` is specialised for it and for the
//     caller's `Value` and `Failure`; only the scheduler's own calls go through its witness table,
//     and not even those for the library's own schedulers (`QueueScheduler`, `TaskScheduler` on
//     the continuous or suspending clock), which are recognised when wrapped and called as code
//     specialised for them (`TaskScheduler`'s generic methods, through its witness table, ran
//     unspecialised: generic metadata looked up on every `schedule`).
// `_isSpecialisable` is the standard library's `_isConcrete`: `true` where the code is
// specialised for a known type; `false` for an opened existential, and in unoptimised builds
// (where nothing is specialised, and the erased branch is taken). Both branches run the same
// operator, so they behave the same: `TimedOperatorSchedulerTests` checks it, operator by
// operator, and `W23` in the Benchmarks package measures it.

extension Scheduler {
    /// Whether this code is specialised for the scheduler's type (see the top of this file):
    /// the time operators then use the scheduler directly, and otherwise its erased form.
    @inlinable @inline(__always)
    var _isSpecialisable: Bool { _isConcrete(Self.self) }

    /// This scheduler as a concrete type that a time operator can be specialised for.
    @inlinable @inline(__always)
    var _erased: _ErasedScheduler { _ErasedScheduler._wrapping(self) }
}

/// A scheduler behind one reference of a concrete type: the time operators' implementation for a
/// scheduler held as `any Scheduler` (see the top of this file). Its clock reads the wrapped
/// scheduler's time as the duration since the wrapper was made, so instants compare as the
/// wrapped scheduler's do.
///
/// Its calls are closures made where the wrapped scheduler's type is known: the library's own
/// schedulers (`QueueScheduler`, `TaskScheduler` on the continuous or the suspending clock) are
/// recognised when wrapped, so that their `schedule` and `now` run as code specialised for
/// them. Any other scheduler is called as its opened type (through its witness table).
@usableFromInline
final class _ErasedScheduler: Scheduler {
    @usableFromInline let base: any Scheduler
    /// The wrapped scheduler's time since the wrapper was made (made where its type was open).
    @usableFromInline let elapsed: @Sendable () -> Duration
    /// The wrapped scheduler's `schedule(_:)`, `schedule(after:_:)` and
    /// `schedule(after:repeating:_:)`, made where its type was known.
    @usableFromInline let scheduleNow: @Sendable (@escaping @Sendable () -> Void) -> any Disposable
    @usableFromInline let scheduleAfter: @Sendable (Duration, @escaping @Sendable () -> Void) -> any Disposable
    @usableFromInline let scheduleRepeating: @Sendable (Duration, Duration, @escaping @Sendable () -> Void) -> any Disposable

    @inlinable
    init<S: Scheduler>(_ base: S) {
        self.base = base
        let origin = base.now
        self.elapsed = { origin.duration(to: base.now) }
        self.scheduleNow = { action in base.schedule(action) }
        self.scheduleAfter = { delay, action in base.schedule(after: delay, action) }
        self.scheduleRepeating = { delay, interval, action in base.schedule(after: delay, repeating: interval, action) }
    }

    /// `scheduler` erased, once: a scheduler already erased is not wrapped again, and the
    /// library's own schedulers are wrapped at their own type (specialised calls).
    @inlinable
    static func _wrapping<S: Scheduler>(_ scheduler: S) -> _ErasedScheduler {
        if let erased = scheduler as? _ErasedScheduler { return erased }
        if let known = _ofLibraryType(scheduler) { return known }
        return _ErasedScheduler(scheduler)
    }

    /// `scheduler` erased at its own type if it is one of the library's schedulers; otherwise
    /// `nil`. Not inlinable: made here, in the library, the closures are specialised for that
    /// type (`TaskScheduler`'s methods are not inlinable, so a client module could only call
    /// their generic form).
    @usableFromInline
    static func _ofLibraryType(_ scheduler: any Scheduler) -> _ErasedScheduler? {
        if let queue = scheduler as? QueueScheduler { return _ErasedScheduler(queue) }
        if let task = scheduler as? TaskScheduler<ContinuousClock> { return _ErasedScheduler(task) }
        if let task = scheduler as? TaskScheduler<SuspendingClock> { return _ErasedScheduler(task) }
        return nil
    }

    @inlinable
    var now: _ErasedInstant { _ErasedInstant(elapsed()) }

    @inlinable @discardableResult
    func schedule(_ action: @escaping @Sendable () -> Void) -> any Disposable {
        scheduleNow(action)
    }

    @inlinable @discardableResult
    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        scheduleAfter(delay, action)
    }

    @inlinable @discardableResult
    func schedule(
        after delay: Duration,
        repeating interval: Duration,
        _ action: @escaping @Sendable () -> Void
    ) -> any Disposable {
        scheduleRepeating(delay, interval, action)
    }
}

/// An instant of an `_ErasedScheduler`: the wrapped scheduler's time since the wrapper was made.
@usableFromInline
struct _ErasedInstant: InstantProtocol {
    @usableFromInline var sinceOrigin: Duration

    @inlinable
    init(_ sinceOrigin: Duration) { self.sinceOrigin = sinceOrigin }

    @inlinable
    func advanced(by duration: Duration) -> _ErasedInstant { _ErasedInstant(sinceOrigin + duration) }

    @inlinable
    func duration(to other: _ErasedInstant) -> Duration { other.sinceOrigin - sinceOrigin }

    @inlinable
    static func < (lhs: _ErasedInstant, rhs: _ErasedInstant) -> Bool { lhs.sinceOrigin < rhs.sinceOrigin }
}
