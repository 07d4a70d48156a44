// Signal.task { value }       = Signal { observer in a Task that sends the value, then completes;
//                               disposing cancels the task }
// Signal.task { observer in } = the same, the task sending as many values as it likes
// Signal(asyncSequence)       = Signal.task { observer in for each element: send it }
// flatMap { await f($0) }     = flattenMap { value in .task { await f(value) } }

extension Signal {
    /// A signal that runs `operation` in a new task on every subscription, sends the value it
    /// returns, and completes.
    ///
    /// Completes after the value. Fails with the error `operation` throws (typed: `Failure`).
    /// Disposing the subscription cancels the task (`Task.isCancelled` becomes true inside
    /// `operation`, and cancellable awaits such as `Task.sleep` throw); whatever the task
    /// does after that is ignored.
    ///
    /// Composed of: `Signal { observer in … }` starting a `Task` that sends to the observer,
    /// and a disposable that cancels it.
    ///
    /// ```swift
    /// let answer = Signal<Int, Never>.task { await compute() }
    /// answer.subscribe(next: { print($0) }, completed: { print("done") })
    /// // Prints (once the task has run): 42, done
    /// ```
    /// ```
    /// subscribe:  ^
    /// task:       [-----compute------]
    /// output:     -------------------42|
    /// ```
    ///
    /// **Testing a pipeline that contains a task.** The task runs on real time, in the
    /// cooperative pool, so a `TestScheduler` cannot drive it: a marble test of the pipeline
    /// records nothing (its report says "no events were recorded" and why). Make the
    /// task-making closure a parameter: the app passes one that makes tasks, the test one
    /// that makes virtual-time signals (from `TaskOnVirtualTimeTests`):
    ///
    /// ```swift
    /// func results(for query: Signal<String, Never>,
    ///              search: @escaping @Sendable (String) -> Signal<[String], SearchError>,
    ///              on scheduler: some Scheduler) -> Signal<[String], SearchError> {
    ///     query.debounce(.seconds(2), on: scheduler).promoteError().flatMapLatest(search)
    /// }
    /// // The app:
    /// results(for: query, search: { text in .task { () throws(SearchError) in try await api.search(text) } },
    ///         on: MainActorScheduler.mainActor)
    /// // The test: each search answers two ticks after it starts.
    /// let search: @Sendable (String) -> Signal<[String], SearchError> = { text in
    ///     scheduler.cold("--(r|)", values: ["r": [text]], error: SearchError()).signal
    /// }
    /// ```
    /// ```
    /// query:  -a-b------c---|       a = "s", b = "si", c = "sig"
    /// output: -------x------(y|)    x = ["si"], y = ["sig"]
    /// ```
    /// A test that runs the real task instead awaits it with `Recorder`'s
    /// `next(timeout:)` / `completion(timeout:)` (SignalsTesting).
    ///
    /// - Note: Swift infers `throws(any Error)` for a closure that contains `try` unless you
    ///   write its error type: `Signal.task { () throws(SearchError) in try await search() }`
    ///   gives a `Signal<Results, SearchError>`; without the annotation you get a
    ///   `Signal<Results, any Error>`.
    /// - SeeAlso: RxSwift's `Single.create` around a `Task`; ReactiveSwift's
    ///   `SignalProducer { observer, lifetime in … }` around a `Task`; Combine's `Future`
    ///   around a `Task`.
    public static func task(
        priority: TaskPriority? = nil,
        _ operation: @escaping @Sendable () async throws(Failure) -> Value
    ) -> Signal {
        task(priority: priority) { (observer: Observer<Value, Failure>) async throws(Failure) in
            observer.send(value: try await operation())
        }
    }

    /// A signal that runs `produce` in a new task on every subscription; `produce` sends
    /// values to the observer it is given, and the signal completes when it returns.
    ///
    /// Completes when `produce` returns (or earlier, if it sends completion itself). Fails
    /// with the error `produce` throws (typed: `Failure`), or one it sends. Disposing the
    /// subscription cancels the task: check `Task.isCancelled` or `observer.isStopped` in a
    /// long loop; sends after disposal are ignored.
    ///
    /// Composed of: `Signal { observer in … }` starting a `Task` that runs `produce`, then
    /// sends completion (or the error), and a disposable that cancels it.
    ///
    /// ```swift
    /// let countdown = Signal<Int, Never>.task { observer in
    ///     for n in (1...3).reversed() { observer.send(value: n); await Task.yield() }
    /// }
    /// countdown.subscribe(next: { print($0) }) // Prints: 3, 2, 1
    /// ```
    ///
    /// - SeeAlso: RxSwift's `Observable.create` around a `Task`; ReactiveSwift's
    ///   `SignalProducer { observer, lifetime in … }` with a `Task`; Combine has no
    ///   equivalent (people use a `PassthroughSubject` fed by a `Task`).
    public static func task(
        priority: TaskPriority? = nil,
        _ produce: @escaping @Sendable (Observer<Value, Failure>) async throws(Failure) -> Void
    ) -> Signal {
        Signal { observer in
            let task = Task(priority: priority) {
                do throws(Failure) {
                    try await produce(observer)
                    observer.sendCompleted()
                } catch {
                    observer.send(error: error)
                }
            }
            return AnyDisposable { task.cancel() }
        }
    }

    /// A signal of the elements of `sequence`: every subscription iterates it in a new task,
    /// sending each element, then completion or the sequence's typed error.
    ///
    /// Completes when the sequence ends. Fails with the error the sequence throws: its
    /// `Failure` is the signal's (`Never` for `AsyncStream`, `any Error` for
    /// `AsyncThrowingStream`, the exact type for a typed-throws sequence). Disposing the
    /// subscription cancels the iterating task, which ends the iteration of sequences that
    /// honour cancellation (as `AsyncStream` does) and stops sending in any case.
    ///
    /// Composed of: `Signal.task { observer in for each element: observer.send(value:) }`.
    ///
    /// ```swift
    /// let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    /// Signal(stream).subscribe(next: { print($0) })
    /// continuation.yield(1); continuation.yield(2); continuation.finish()
    /// // Prints: 1, 2
    /// ```
    ///
    /// - Important: Each subscription iterates the sequence anew. A sequence that can be
    ///   iterated only once (`AsyncStream`) must be subscribed once; share the signal
    ///   (`share()`) if several observers need it.
    /// - SeeAlso: RxSwift's `asyncSequence.asObservable()`; ReactiveSwift and Combine have
    ///   none (people iterate in a `Task` and send to an observer or a subject).
    public init<Elements: AsyncSequence & Sendable>(
        _ sequence: Elements,
        priority: TaskPriority? = nil
    ) where Elements.Element == Value, Elements.Failure == Failure {
        self = .task(priority: priority) { (observer: Observer<Value, Failure>) async throws(Failure) in
            var iterator = sequence.makeAsyncIterator()
            while !observer.isStopped, let element = try await iterator.next(isolation: nil) {
                observer.send(value: element)
            }
        }
    }

    /// Runs `transform` on each value in a new task and merges the results, in the order the
    /// tasks finish.
    ///
    /// Completes when this signal and every task have completed. Fails with the first error,
    /// from this signal or a task, and cancels the other tasks. Disposing cancels every
    /// running task.
    ///
    /// Composed of: `flattenMap { value in .task { try await transform(value) } }`.
    ///
    /// ```swift
    /// Signal.from([1, 2, 3]).flatMap { n in await double(n) }
    ///     .subscribe(next: { print($0) })
    /// // Prints 2, 4 and 6, in the order the tasks finish
    /// ```
    ///
    /// - Note: To keep only the latest request (a search field), map to tasks and use the
    ///   `.latest` flatten strategy, which disposes — so cancels — the previous task.
    /// - SeeAlso: RxSwift's `flatMap` to a `Single` around a `Task`; ReactiveSwift's
    ///   `flatMap(.merge)` to a producer around a `Task`; Combine's `flatMap` to a `Future`.
    public func flatMap<U>(
        _ transform: @escaping @Sendable (Value) async throws(Failure) -> U
    ) -> Signal<U, Failure> {
        flattenMap { value in
            let value = _Unchecked(value)
            return .task { () async throws(Failure) -> U in try await transform(value.value) }
        }
    }

    /// Runs `transform` on each value in a new task and forwards only the latest task's
    /// result: a new value cancels the task still running for the previous one (the
    /// type-ahead search).
    ///
    /// Completes when this signal and the last task have completed. Fails with the first
    /// error, from this signal or the current task. Disposing cancels the running task.
    ///
    /// Composed of: `flattenMap(.latest) { value in .task { try await transform(value) } }`
    /// (the `.latest` strategy is a bind that cuts the previous inner signal,
    /// `BindControl.cancelInners()`, which cancels its task: no operator around each task).
    ///
    /// ```swift
    /// queries.flatMapLatest { query in await search(query) }
    ///     .subscribe(next: { print($0) })
    /// // Prints the results of the latest query only
    /// ```
    ///
    /// - SeeAlso: RxSwift's `flatMapLatest` to a `Single` around a `Task`; ReactiveSwift's
    ///   `flatMap(.latest)` to a producer around a `Task`; Combine's `map` + `switchToLatest`
    ///   to a `Future`.
    public func flatMapLatest<U>(
        _ transform: @escaping @Sendable (Value) async throws(Failure) -> U
    ) -> Signal<U, Failure> {
        flattenMap(.latest) { value in
            let value = _Unchecked(value)
            return .task { () async throws(Failure) -> U in try await transform(value.value) }
        }
    }
}

// The typed-throws trap. Swift infers `throws(any Error)` for a closure that contains `try`
// and says nothing of its error type, so `Signal.task { try await search(q) }` is a
// `Signal<[String], any Error>` even where a `SearchError` pipeline needs it. Returned from
// `flatMapLatest`/`flatMap` on that pipeline, it fits neither the signal form (the failures
// differ) nor, sensibly, the async form (whose value would be the signal itself), and the
// compiler's message names the wrong type ("cannot convert value of type
// 'Signal<[String], any Error>' to closure result type '[String]'"). These unavailable
// forms catch exactly that shape — a closure returning a signal whose failure is not this
// signal's — and say the fix. A closure returning a signal of this signal's failure still
// picks the signal form, which is more specific.

extension Signal {
    /// Unavailable: the closure returns a signal whose failure type is not this signal's.
    ///
    /// Write the task's error type (`.task { () throws(SearchError) in try await … }`), or
    /// convert the inner signal (`mapError`, `promoteError()`); or use the async form,
    /// `flatMap { value in try await work(value) }`, with a typed closure.
    ///
    /// ```swift
    /// // queries.flatMap { q in Signal.task { try await search(q) } }                         // error
    /// // queries.flatMap { q in Signal.task { () throws(SearchError) in try await search(q) } } // fix
    /// ```
    @available(*, unavailable, message: "Signals: the closure returns a Signal whose failure type is not this signal's (Swift infers 'any Error' for a closure with 'try'); write the task's error type, .task { () throws(MyError) in try await … }, or convert the inner signal with mapError / promoteError()")
    public func flatMap<U, F: Error>(_ transform: @escaping @Sendable (Value) -> Signal<U, F>) -> Signal<U, Failure> {
        _preconditionFailure("Signals: unavailable; the closure must return a signal of this signal's failure type")
    }

    /// Unavailable: the closure returns a signal whose failure type is not this signal's.
    ///
    /// Write the task's error type (`.task { () throws(SearchError) in try await … }`), or
    /// convert the inner signal (`mapError`, `promoteError()`); or use the async form,
    /// `flatMapLatest { value in try await work(value) }`, with a typed closure.
    ///
    /// ```swift
    /// // queries.flatMapLatest { q in Signal.task { try await search(q) } }                         // error
    /// // queries.flatMapLatest { q in Signal.task { () throws(SearchError) in try await search(q) } } // fix
    /// ```
    @available(*, unavailable, message: "Signals: the closure returns a Signal whose failure type is not this signal's (Swift infers 'any Error' for a closure with 'try'); write the task's error type, .task { () throws(MyError) in try await … }, or convert the inner signal with mapError / promoteError()")
    public func flatMapLatest<U, F: Error>(_ transform: @escaping @Sendable (Value) -> Signal<U, F>) -> Signal<U, Failure> {
        _preconditionFailure("Signals: unavailable; the closure must return a signal of this signal's failure type")
    }
}

/// Carries a value into a task.
///
/// `@unchecked Sendable`: the value is handed over once and read only by the receiving task
/// (values cross threads throughout the library; `Value` is unconstrained by design).
@usableFromInline
struct _Unchecked<Wrapped>: @unchecked Sendable {
    @usableFromInline let value: Wrapped
    @inlinable init(_ value: Wrapped) { self.value = value }
}
