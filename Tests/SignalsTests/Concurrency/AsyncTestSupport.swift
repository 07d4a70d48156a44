// Helpers for the suites of the async/await bridge (Tests/SignalsTests/Concurrency/).

import Signals
import SignalsTestSupport

/// Waits, sleeping a millisecond at a time, until `condition` holds; gives up after
/// `timeout` and returns whether it held. Never a timing assertion: it only bounds how long
/// a test may hang. The bound is generous because tasks run on the shared cooperative pool
/// (as many threads as cores), which the synchronous suites running beside these ones may
/// keep busy for minutes on a small, loaded machine (two cores beside other builds: a loop
/// of 3,000 values through `values` has taken over 60 s there).
func eventually(timeout: Duration = .seconds(600), _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        if ContinuousClock.now > deadline { return false }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return true
}

/// A weak reference that tasks may set and tests may read.
///
/// `@unchecked Sendable`: `object` is read and written under `lock`.
final class WeakReference<Object: AnyObject>: @unchecked Sendable {
    private let lock = Locked(())
    private weak var _object: Object?

    var object: Object? {
        get { lock.withLock { _ in _object } }
        set { lock.withLock { _ in _object = newValue } }
    }
}

/// An `AsyncSequence` with a typed failure: counts `from` down to 1, then fails with
/// `TestError(failure)` if a failure is given, else ends.
struct TypedCountdown: AsyncSequence, Sendable {
    typealias Element = Int
    typealias Failure = TestError

    let from: Int
    let failure: Int?

    struct Iterator: AsyncIteratorProtocol {
        var remaining: Int
        var failure: Int?

        mutating func next() async throws(TestError) -> Int? {
            try await next(isolation: nil)
        }

        mutating func next(isolation actor: isolated (any Actor)?) async throws(TestError) -> Int? {
            if remaining > 0 {
                defer { remaining -= 1 }
                return remaining
            }
            if let failure {
                self.failure = nil
                throw TestError(failure)
            }
            return nil
        }
    }

    func makeAsyncIterator() -> Iterator { Iterator(remaining: from, failure: failure) }
}


/// 0, 1, 2, … without end, counting how many elements have been read.
struct EndlessCount: Sequence, Sendable {
    let reads: Counter

    struct Iterator: IteratorProtocol {
        let reads: Counter
        var current = 0

        mutating func next() -> Int? {
            reads.increment()
            defer { current += 1 }
            return current
        }
    }

    func makeIterator() -> Iterator { Iterator(reads: reads) }
}
