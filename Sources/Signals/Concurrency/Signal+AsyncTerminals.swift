// firstValue()    = fold keeping the first value, disposing the subscription at once
// lastValue()     = fold keeping the latest value, until the signal ends
// collectValues() = fold appending every value, until the signal ends
// completion()    = fold keeping nothing, until the signal ends
// A fold subscribes once, resumes the awaiting task with the result (or throws the typed
// error) when it ends, and disposes the subscription if the awaiting task is cancelled.
//
// Cancellation, told apart from an empty completion: where the error type can hold it
// (`Failure == any Error`), a terminal whose task is cancelled before the signal has given
// its answer throws `CancellationError`. Where it cannot (`Never`, a typed failure), the
// terminal returns what it has seen so far, and `Task.isCancelled` tells the caller why.
//
// Not named first() / last() / collect(): those are operators returning signals, and an
// async overload of the same name would be chosen in every async context.

extension Signal {
    /// Subscribes, waits for the first value, and disposes the subscription; `nil` if the
    /// signal completes without a value.
    ///
    /// Returns at the first value (the subscription is disposed at once, so an endless or
    /// synchronous signal stops there) or at completion. Throws the signal's error if it
    /// fails first.
    ///
    /// **Cancellation.** If the awaiting task is cancelled first, the subscription is
    /// disposed. For a signal whose `Failure` is `any Error`, `firstValue()` then throws
    /// `CancellationError`. For `Never` or a typed failure it cannot, so it returns `nil`, as
    /// if the signal had completed then; check `Task.isCancelled` to tell the two apart. The
    /// same rule holds for `lastValue()`, `collectValues()` and `completion()`.
    ///
    /// Composed of: one subscription whose sink resumes a continuation (the bridge).
    ///
    /// ```swift
    /// let first = await Signal.from([1, 2, 3]).firstValue()
    /// print(first as Any) // Prints: Optional(1)
    /// ```
    ///
    /// - SeeAlso: Combine's `values.first(where:)`; RxSwift's `values` + `first`;
    ///   ReactiveSwift's `first()` (synchronous, blocking).
    @inlinable
    public nonisolated(nonsending) func firstValue() async throws(Failure) -> Value? {
        try await _fold(into: Value?.none, _AsyncFoldSteps.first)
    }

    /// Subscribes and waits for the signal to complete; returns its last value, or `nil` if
    /// it sent none.
    ///
    /// Returns at completion. Throws the signal's error if it fails (the values before are
    /// lost). If the awaiting task is cancelled first, the subscription is disposed and, for
    /// `Failure == any Error`, `CancellationError` is thrown; for `Never` or a typed failure
    /// the last value so far is returned, as if the signal had completed then
    /// (`Task.isCancelled` tells the two apart).
    ///
    /// Composed of: one subscription whose sink keeps the latest value and resumes a
    /// continuation at the end (the bridge).
    ///
    /// ```swift
    /// let last = await Signal.from([1, 2, 3]).lastValue()
    /// print(last as Any) // Prints: Optional(3)
    /// ```
    ///
    /// - SeeAlso: Combine's `values` + a loop; RxSwift's `values` + a loop; ReactiveSwift's
    ///   `last()` (synchronous, blocking).
    @inlinable
    public nonisolated(nonsending) func lastValue() async throws(Failure) -> Value? {
        try await _fold(into: Value?.none, _AsyncFoldSteps.last)
    }

    /// Subscribes and waits for the signal to complete; returns every value it sent, in
    /// order (`[]` if none).
    ///
    /// Returns at completion. Throws the signal's error if it fails. If the awaiting task is
    /// cancelled first, the subscription is disposed and, for `Failure == any Error`,
    /// `CancellationError` is thrown; for `Never` or a typed failure the values so far are
    /// returned, as if the signal had completed then (`Task.isCancelled` tells the two apart).
    ///
    /// Composed of: one subscription whose sink appends every value and resumes a
    /// continuation at the end (the bridge).
    ///
    /// ```swift
    /// let all = await Signal.from([1, 2, 3]).collectValues()
    /// print(all) // Prints: [1, 2, 3]
    /// ```
    ///
    /// - Complexity: O(n) memory for n values.
    /// - SeeAlso: Combine's `collect()` + `values`; RxSwift's `toArray()` + `value`;
    ///   ReactiveSwift's `collect()` + `single()`.
    @inlinable
    public nonisolated(nonsending) func collectValues() async throws(Failure) -> [Value] {
        try await _fold(into: [Value](), _AsyncFoldSteps.all)
    }

    /// Subscribes and waits for the signal to end, ignoring its values: returns when it
    /// completes, throws its error when it fails.
    ///
    /// If the awaiting task is cancelled first, the subscription is disposed and, for
    /// `Failure == any Error`, `CancellationError` is thrown; for `Never` or a typed failure
    /// `completion()` returns, as if the signal had completed then (`Task.isCancelled` tells
    /// the two apart).
    ///
    /// Composed of: one subscription whose sink resumes a continuation at the end (the
    /// bridge).
    ///
    /// ```swift
    /// try await upload.completion()
    /// print("uploaded")
    /// ```
    ///
    /// - SeeAlso: Combine's `values` + an empty loop; RxSwift's `Completable.value`;
    ///   ReactiveSwift's `wait()` (synchronous, blocking).
    @inlinable
    public nonisolated(nonsending) func completion() async throws(Failure) {
        try await _fold(into: (), _AsyncFoldSteps.none)
    }

    /// Subscribes once, folds the values with `step` (which returns whether to go on), and
    /// returns the result when the signal completes or `step` says stop; throws the typed
    /// error if the signal fails first.
    @inlinable
    nonisolated(nonsending) func _fold<Result>(
        into initial: Result,
        _ step: @escaping @Sendable (inout Result, Value) -> Bool
    ) async throws(Failure) -> Result {
        try await _foldOutcome(into: initial, step).result.get()
    }

    /// The fold's outcome, and whether the awaiting task's cancellation ended it (before the
    /// signal did).
    @inlinable
    nonisolated(nonsending) func _foldOutcome<Result>(
        into initial: Result,
        _ step: @escaping @Sendable (inout Result, Value) -> Bool
    ) async -> (result: Swift.Result<Result, Failure>, cancelled: Bool) {
        let fold = _AsyncFold<Result, Value, Failure>(initial, step: step)
        let outcome = await withTaskCancellationHandler {
            await withUnsafeContinuation { (continuation: UnsafeContinuation<_AsyncFold<Result, Value, Failure>.Outcome, Never>) in
                fold.start(self, continuation: continuation)
            }
        } onCancel: {
            fold.finish(with: nil, cancelled: true)
        }
        return outcome.value
    }
}

extension Signal where Failure == any Error {
    /// Subscribes, waits for the first value, and disposes the subscription; `nil` if the
    /// signal completes without a value; throws `CancellationError` if the awaiting task is
    /// cancelled first.
    ///
    /// The form for `Failure == any Error`, which can tell cancellation apart from an empty
    /// completion; otherwise as `firstValue()`.
    ///
    /// Composed of: one subscription whose sink resumes a continuation (the bridge).
    ///
    /// ```swift
    /// let loading = Task { try await Signal<Int, any Error>.never.firstValue() }
    /// loading.cancel()
    /// do { _ = try await loading.value } catch { print(error is CancellationError) }
    /// // Prints: true
    /// ```
    ///
    /// - SeeAlso: Combine's `values.first(where:)`; RxSwift's `values` + `first`.
    @inlinable
    public nonisolated(nonsending) func firstValue() async throws -> Value? {
        try await _foldThrowingCancellation(into: Value?.none, _AsyncFoldSteps.first)
    }

    /// Subscribes and waits for the signal to complete; returns its last value, or `nil` if
    /// it sent none; throws `CancellationError` if the awaiting task is cancelled first.
    ///
    /// The form for `Failure == any Error`; otherwise as `lastValue()`.
    ///
    /// Composed of: one subscription whose sink keeps the latest value and resumes a
    /// continuation at the end (the bridge).
    ///
    /// ```swift
    /// let last = try await Signal<Int, any Error>.from([1, 2, 3]).lastValue()
    /// print(last as Any) // Prints: Optional(3)
    /// ```
    ///
    /// - SeeAlso: Combine's `values` + a loop; RxSwift's `values` + a loop.
    @inlinable
    public nonisolated(nonsending) func lastValue() async throws -> Value? {
        try await _foldThrowingCancellation(into: Value?.none, _AsyncFoldSteps.last)
    }

    /// Subscribes and waits for the signal to complete; returns every value it sent, in
    /// order; throws `CancellationError` if the awaiting task is cancelled first (the values
    /// so far are dropped).
    ///
    /// The form for `Failure == any Error`; otherwise as `collectValues()`.
    ///
    /// Composed of: one subscription whose sink appends every value and resumes a
    /// continuation at the end (the bridge).
    ///
    /// ```swift
    /// let all = try await Signal<Int, any Error>.from([1, 2, 3]).collectValues()
    /// print(all) // Prints: [1, 2, 3]
    /// ```
    ///
    /// - Complexity: O(n) memory for n values.
    /// - SeeAlso: Combine's `collect()` + `values`; RxSwift's `toArray()` + `value`.
    @inlinable
    public nonisolated(nonsending) func collectValues() async throws -> [Value] {
        try await _foldThrowingCancellation(into: [Value](), _AsyncFoldSteps.all)
    }

    /// Subscribes and waits for the signal to end, ignoring its values; throws its error, or
    /// `CancellationError` if the awaiting task is cancelled first.
    ///
    /// The form for `Failure == any Error`; otherwise as `completion()`.
    ///
    /// Composed of: one subscription whose sink resumes a continuation at the end (the
    /// bridge).
    ///
    /// ```swift
    /// try await Signal<Int, any Error>.from([1, 2]).completion()
    /// print("done") // Prints: done
    /// ```
    ///
    /// - SeeAlso: Combine's `values` + an empty loop; RxSwift's `Completable.value`.
    @inlinable
    public nonisolated(nonsending) func completion() async throws {
        try await _foldThrowingCancellation(into: (), _AsyncFoldSteps.none)
    }

    /// `_fold`, throwing `CancellationError` when the task's cancellation ended it.
    @inlinable
    nonisolated(nonsending) func _foldThrowingCancellation<Result>(
        into initial: Result,
        _ step: @escaping @Sendable (inout Result, Value) -> Bool
    ) async throws -> Result {
        let outcome = await _foldOutcome(into: initial, step)
        if outcome.cancelled { throw CancellationError() }
        return try outcome.result.get()
    }
}

/// The steps of the four terminals (each returns whether to go on).
@usableFromInline
enum _AsyncFoldSteps {
    @inlinable static func first<Value>(_ first: inout Value?, _ value: Value) -> Bool {
        first = value
        return false
    }

    @inlinable static func last<Value>(_ last: inout Value?, _ value: Value) -> Bool {
        last = value
        return true
    }

    @inlinable static func all<Value>(_ all: inout [Value], _ value: Value) -> Bool {
        all.append(value)
        return true
    }

    @inlinable static func none<Value>(_: inout Void, _: Value) -> Bool { true }
}

/// One subscription folded into one result for an awaiting task.
///
/// `@unchecked Sendable`: the mutable state lives in `state`, under its lock. `step` is the
/// library's own (append, assign), so it runs under the lock.
@usableFromInline
final class _AsyncFold<Result, Value, Failure: Error>: @unchecked Sendable {
    /// The result, and whether the awaiting task's cancellation ended the fold.
    @usableFromInline typealias Outcome = _Unchecked<(result: Swift.Result<Result, Failure>, cancelled: Bool)>

    @usableFromInline
    struct State {
        @usableFromInline var result: Result
        @usableFromInline var waiter: UnsafeContinuation<Outcome, Never>?
        @usableFromInline var sink: Observer<Value, Failure>?
        @usableFromInline var isFinished = false

        @inlinable init(result: Result) { self.result = result }
    }

    @usableFromInline let step: @Sendable (inout Result, Value) -> Bool
    @usableFromInline let state: _Locked<State>

    @inlinable
    init(_ initial: Result, step: @escaping @Sendable (inout Result, Value) -> Bool) {
        self.step = step
        state = _Locked(State(result: initial))
    }

    @inlinable
    func start(_ signal: Signal<Value, Failure>, continuation: UnsafeContinuation<Outcome, Never>) {
        let sink = Observer<Value, Failure> { [self] event in
            switch event {
            case .next(let value):
                let goOn = state.withLock { state in state.isFinished || step(&state.result, value) }
                if !goOn { finish(with: nil) }
            case .error(let failure):
                finish(with: failure)
            case .completed:
                finish(with: nil)
            }
        }
        let alreadyCancelled = state.withLock { state -> Bool in
            if state.isFinished { return true }
            state.waiter = continuation
            state.sink = sink
            return false
        }
        if alreadyCancelled {
            continuation.resume(returning: state.withLock { _Unchecked((.success($0.result), cancelled: true)) })
            return
        }
        signal._subscribe(sink)
    }

    /// Ends the fold: with the failure, or with the result so far (`cancelled`: because the
    /// awaiting task was cancelled). Idempotent: the first ending wins.
    @inlinable
    func finish(with failure: Failure?, cancelled: Bool = false) {
        let ended = state.withLock { state -> (UnsafeContinuation<Outcome, Never>?, Observer<Value, Failure>?, Outcome)? in
            if state.isFinished { return nil }
            state.isFinished = true
            defer {
                state.waiter = nil
                state.sink = nil
            }
            let outcome: Swift.Result<Result, Failure> = failure.map { .failure($0) } ?? .success(state.result)
            return (state.waiter, state.sink, _Unchecked((outcome, cancelled)))
        }
        guard let (waiter, sink, outcome) = ended else { return }
        sink?._dispose()
        waiter?.resume(returning: outcome)
    }
}
