// retry(n, delay: d, on: s) = catch { e in n == 0 ? .error(e)
//                                 : timer(after: d.first, on: s).then(retry(n - 1, after the next delay)) }
//   retry(_:) with a timer in front of each new attempt. Each retry is built only when an
//   attempt fails, and carries the delay of the one after it, so an exponential backoff is
//   one multiplication per retry.

/// How long ``Signal/retry(_:delay:on:)`` waits before each new attempt.
///
/// ```swift
/// let steady = RetryDelay.constant(.seconds(1))                       // 1 s, 1 s, 1 s, …
/// let backoff = RetryDelay.exponential(initial: .milliseconds(100))   // 0.1 s, 0.2 s, 0.4 s, …
/// let capped = RetryDelay.exponential(initial: .seconds(1), multiplier: 3, maxDelay: .seconds(10))
/// // 1 s, 3 s, 9 s, 10 s, 10 s, …
/// ```
///
/// - SeeAlso: RxSwiftExt `RepeatBehavior.delayed` / `.exponentialDelayed`; ReactiveSwift
///   `retry(upTo:interval:on:)` (constant only); Combine has none.
public enum RetryDelay: Sendable, Hashable {
    /// The same wait before every retry. A negative duration counts as zero.
    case constant(Duration)

    /// `initial` before the first retry, then each wait `multiplier` times the one before,
    /// never longer than `maxDelay` (when given). `initial` must not be negative and
    /// `multiplier` must be finite and at least 1 (a "Signals:" precondition).
    case exponential(initial: Duration, multiplier: Double = 2, maxDelay: Duration? = nil)

    /// The longest wait when no `maxDelay` is given (about 35,000 years): the waits stop
    /// growing there rather than overflow `Duration`.
    static let _ceiling = Duration.seconds(Int64(1) << 40)

    /// The wait before the first retry.
    @usableFromInline
    var _first: Duration {
        switch self {
        case .constant(let delay): delay
        case .exponential(let initial, _, let maxDelay): min(initial, maxDelay ?? Self._ceiling)
        }
    }

    /// The wait that follows a wait of `delay`.
    @usableFromInline
    func _next(after delay: Duration) -> Duration {
        switch self {
        case .constant(let delay):
            return delay
        case .exponential(_, let multiplier, let maxDelay):
            let ceiling = min(maxDelay ?? Self._ceiling, Self._ceiling)
            guard delay < ceiling else { return ceiling }
            let (seconds, attoseconds) = delay.components
            if (Double(seconds) + Double(attoseconds) * 1e-18) * multiplier >= Double(ceiling.components.seconds) {
                return ceiling
            }
            // Whole multipliers multiply exactly (no rounding through `Double`), so virtual
            // time stays on the ticks a test expects.
            let grown = multiplier == multiplier.rounded() ? delay * Int(multiplier) : delay * multiplier
            return min(grown, ceiling)
        }
    }

    /// The "Signals:" checks of the arguments.
    @usableFromInline
    func _check() {
        guard case .exponential(let initial, let multiplier, let maxDelay) = self else { return }
        _precondition(initial >= .zero, "Signals: RetryDelay.exponential needs an initial delay of zero or more, got \(initial); use .zero to retry at once")
        _precondition(
            multiplier.isFinite && multiplier >= 1,
            "Signals: RetryDelay.exponential needs a finite multiplier of 1 or more, got \(multiplier); 2 doubles each wait")
        if let maxDelay {
            _precondition(maxDelay >= .zero, "Signals: RetryDelay.exponential needs a maxDelay of zero or more, got \(maxDelay); pass nil for no cap")
        }
    }
}

extension Signal {
    /// On an error, subscribes to this signal again after a delay on `scheduler`, up to
    /// `count` times after the first attempt; `delay` says how long each wait is.
    ///
    /// Completes: when an attempt completes. Fails: with the error of the last attempt, once
    /// `count` retries have failed (`retry(0, …)` is this signal). Disposes: the running
    /// attempt, or the waiting timer. The values of every attempt are forwarded, as in
    /// ``retry(_:)``. The wait starts when an attempt fails; the next attempt is subscribed
    /// on `scheduler` when it ends.
    ///
    /// ![retry(2, delay: .constant(2))](marble-retry-delay.svg)
    ///
    /// ![retry(3, delay: .exponential(initial: 1))](marble-retry-delay-exponential.svg)
    ///
    /// Composed of: `catch { error in count == 0 ? .error(error) : timer(after: wait, on:
    /// scheduler).then(retry(count - 1, …)) }`, each retry built when an attempt fails.
    ///
    /// ```swift
    /// let scheduler = TestScheduler()
    /// let flaky = Signal<Int, Oops>.just(1).concat(.error(Oops()))
    /// flaky.retry(2, delay: .exponential(initial: .seconds(1)), on: scheduler)
    ///     .subscribe(next: { print($0) }, error: { _ in print("failed") })
    /// scheduler.run()
    /// // Prints: 1 (at once), 1 (after 1 s), 1 (after 2 s more), failed
    /// ```
    /// Two retries with a constant delay of two ticks (from `RetryDelayTests`):
    /// ```
    /// self:   -a#
    /// output: -a---a---a#
    /// ```
    ///
    /// - Precondition: `count >= 0`; for `.exponential`, `initial >= 0`, a finite
    ///   `multiplier >= 1` and `maxDelay >= 0`.
    /// - SeeAlso: RxSwift `retry(when:)` with a timer (RxSwiftExt `retry(_:scheduler:)`
    ///   with `.delayed` / `.exponentialDelayed`), ReactiveSwift `retry(upTo:interval:on:)`,
    ///   Combine has none (`catch` + `delay`).
    @inlinable @inline(__always)
    public func retry(_ count: Int, delay: RetryDelay, on scheduler: some Scheduler) -> Signal {
        _precondition(count >= 0, "Signals: retry(_:delay:on:) needs a count of 0 or more, got \(count); retry(0, …) makes one attempt")
        delay._check()
        return scheduler._isSpecialisable
            ? _retrying(count, after: delay._first, delay, on: scheduler)
            : _retrying(count, after: delay._first, delay, on: scheduler._erased)
    }

    /// `retry(count, delay:on:)`, whose next wait is `wait`, specialised for the scheduler's
    /// type (`_ErasedScheduler` for one held as `any Scheduler`: Scheduler+Specialising.swift).
    @inlinable
    func _retrying<S: Scheduler>(_ count: Int, after wait: Duration, _ delay: RetryDelay, on scheduler: S) -> Signal {
        self.catch { error in
            guard count > 0 else { return .error(error) }
            return Signal<Int, Failure>.timer(after: wait, on: scheduler)
                .then(self._retrying(count - 1, after: delay._next(after: wait), delay, on: scheduler))
        }
    }
}
