import Signals

extension TestScheduler {
    /// Runs `output` with several subscribers, each joining and leaving at its own time, and
    /// draws what happened: one lane per input (in the order given), then one lane per
    /// subscriber (in the order given), shaded while it was subscribed.
    ///
    /// Each subscriber's ``TestSubscription`` gives the times on this scheduler's clock (since
    /// it started) at which it subscribes to `output` and, if `disposed` is set, disposes its
    /// subscription; one without `disposed` stays until the run ends. A subscriber whose time
    /// has already come subscribes at once, in the order given. The scheduler runs until
    /// `until` (a duration from now) or, without it, until nothing is scheduled, for at most
    /// 1,000 ticks — as ``diagram(_:inputs:output:named:until:label:)`` does, which draws one
    /// subscriber from now. This is the picture of a shared signal or a subject: the input
    /// lanes' shading shows when the source was subscribed (connected), each subscriber's lane
    /// what it received while it listened. Values are labelled by `label`.
    ///
    /// ```swift
    /// let scheduler = TestScheduler()
    /// let source = scheduler.hot("-1-2-3-4-|")
    /// let diagram = scheduler.diagram(
    ///     "source.share()", inputs: ["source": source], output: source.signal.share(),
    ///     subscribers: ["A": TestSubscription(.zero, .seconds(4)), "B": TestSubscription(.seconds(2))])
    /// print(diagram)
    /// // Prints:
    /// // source.share()
    /// // source  1@1 2@3 3@5 4@7 |@9
    /// // A       1@1 2@3
    /// // B       2@3 3@5 4@7 |@9
    /// ```
    public func diagram<Value, Failure: Error>(
        _ title: String,
        inputs: KeyValuePairs<String, any MarbleDiagramInput> = [:],
        output: Signal<Value, Failure>,
        subscribers: KeyValuePairs<String, TestSubscription>,
        until: Duration? = nil,
        label: @escaping @Sendable (Value) -> String = { String(describing: $0) }
    ) -> MarbleDiagram {
        let entries = subscribers.map { (name: $0.key, times: $0.value) }
        let recorders = _Locked<[_LaneRecorder?]>(Array(repeating: nil, count: entries.count))
        let start = now
        for (index, entry) in entries.enumerated() {
            let join: @Sendable () -> Void = { [self] in
                let recorder = _LaneRecorder(output, on: self, label: label)
                recorders.withLock { $0[index] = recorder }
            }
            if entry.times.subscribed <= start.offset {
                join()
            } else {
                schedule(after: entry.times.subscribed - start.offset, join)
            }
            if let leave = entry.times.disposed {
                schedule(after: leave - start.offset) { [self] in
                    recorders.withLock { $0[index] }?.dispose(at: now.offset)
                }
            }
        }
        if let until {
            advance(to: start + until)
        } else {
            let limit = start + tick * 1000
            while let next = _nextDueTime, next <= limit { advance(to: next) }
        }
        let end = now.offset
        let joined = recorders.withLock { $0 }
        var lanes = inputs.map { $0.value.marbleLane(named: $0.key) }
        var causes: [[_Delivery.Cause?]] = inputs.map { _ in [] }
        for (index, entry) in entries.enumerated() {
            if let recorder = joined[index] {
                recorder.dispose(at: end)
                lanes.append(recorder.lane(named: entry.name, isOutput: true))
                causes.append(recorder.causes)
            } else {
                // Its time never came: an empty lane, never shaded.
                lanes.append(MarbleDiagram.Lane(entry.name, events: [], isOutput: true))
                causes.append([])
            }
        }
        var diagram = MarbleDiagram(title: title, lanes: lanes)
        diagram._causes = causes
        return diagram
    }
}
