// trace(name, in: timeline)
//   = deferred { let id = timeline.newSubscription()
//                return self.on(subscribed:next:error:completed:disposed: record into timeline) }
//   A named stage marker: the stage's events land on its lane of a SignalTrace.

extension Signal {
    /// Marks a stage of a live pipeline: records what passes this point — each
    /// subscription, value, terminal event and disposal, with the time and the thread — into
    /// `timeline` (``SignalTrace/shared`` by default), which reads as text
    /// (``SignalTrace/text``) and, with `import SignalsPictures`, draws the stages as lanes
    /// over real time, as SVG (`timeline.svg(title:)`).
    ///
    /// Add `.trace("name")` after each step worth seeing. Values are recorded by their
    /// description, cut to at most 256 bytes (UTF-8, ending in `…`). The timeline keeps only its latest entries (1,000 by default), so a
    /// traced pipeline can run for as long as it likes. Nothing is recorded, and nothing
    /// costs, where no `trace` is written.
    ///
    /// Completes / Fails / Disposes: as this signal; the events are only recorded.
    ///
    /// ![A trace of the type-ahead search: keys, debounced, queries, results and shown, with the debounce and the searches on another thread](trace-search.svg)
    ///
    /// (The type-ahead search traced stage by stage; a stage on one thread names it after its
    /// name, one that hops tags each value, `t2`, spelled out under the key.)
    ///
    /// Composed of: `deferred` (a subscription number per subscription) + `on(subscribed:next:error:completed:disposed:)`.
    ///
    /// ```swift
    /// let timeline = SignalTrace()
    /// Signal.from([1, 2]).trace("numbers", in: timeline).map { $0 * 10 }.trace("tens", in: timeline)
    ///     .subscribe(next: { print($0) })
    /// print(timeline.entries.map(\.stage).count)
    /// // Prints: 10, 20, 10
    /// ```
    ///
    /// - SeeAlso: RxSwift `debug(_:)`, ReactiveSwift `logEvents(identifier:)`, Combine
    ///   `print(_:)`; ``log(_:to:)`` prints instead of recording.
    public func trace(_ name: String, in timeline: SignalTrace = .shared) -> Signal {
        let source = self
        return Signal.deferred {
            let id = timeline._newSubscription()
            return source.on(
                subscribed: { timeline._record(name, id, .subscribed) },
                next: { timeline._record(name, id, .value(_traceLabel(String(describing: $0)))) },
                error: { timeline._record(name, id, .failed(_traceLabel(String(describing: $0)))) },
                completed: { timeline._record(name, id, .completed) },
                disposed: { timeline._record(name, id, .disposed) })
        }
    }
}
