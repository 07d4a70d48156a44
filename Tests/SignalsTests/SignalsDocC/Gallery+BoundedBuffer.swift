// The gallery's picture of values(bufferSize:whenFull:dropped:), whose reader is an async
// loop: the source runs on the test clock, a loop reads the bounded sequence at its own pace
// (one value every 3 ticks), and what the policy dropped is drawn faded on the loop's lane,
// at the tick it was dropped. The loop runs in a task on a Dispatch queue of its own, which the gallery
// waits for: the gallery draws synchronously, and the loop never needs the cooperative pool.

import Dispatch
import Signals
import SignalsTesting

/// The run of `values(bufferSize: 2, whenFull: policy)` that the gallery draws: `a b c d`
/// arrive at 1–4 and `e` at 8, the loop reads at 1, 4, 7, 10 and 13. Each read comes after
/// the clock has reached its tick, so the loop never waits (the run is the same every time).
func boundedBufferPicture(_ s: TestScheduler, policy: BufferOverflow<Never>, title: String) -> MarbleDiagram {
    let source: TestSignal<String, Never> = s.hot("-abcd---e--|")
    let run = waitForTask { () async -> (reads: [MarbleDiagram.Marble], drops: [Duration]) in
        let drops = BufferDrops()
        var iterator = source.signal.values(bufferSize: 2, whenFull: policy, dropped: drops).makeAsyncIterator()
        var reads: [MarbleDiagram.Marble] = []
        var dropTimes: [Duration] = []
        var counted = 0
        /// Moves the clock one tick at a time to `tick`, noting when the buffer drops.
        func advance(to tick: Int) {
            while s.now.offset < .seconds(tick) {
                s.advance(by: .seconds(1))
                while counted < drops.count {
                    dropTimes.append(s.now.offset)
                    counted += 1
                }
            }
        }
        var tick = 1
        while true {
            advance(to: tick)
            guard let value = await iterator.next() else {
                reads.append(.completed(at: s.now.offset))
                break
            }
            reads.append(.value(value, at: s.now.offset))
            tick += 3
        }
        return (reads, dropTimes)
    }
    // What was sent and never read was dropped: in the order it arrived (the oldest buffered
    // value goes first under .dropOldest, the arriving one under .dropNewest), at the ticks
    // the counter went up.
    let read = Set(run.reads.compactMap { marble -> String? in
        if case .value(let label) = marble.kind { label } else { nil }
    })
    let sent = source.marbleLane(named: "source").events.compactMap { marble -> String? in
        if case .value(let label) = marble.kind { label } else { nil }
    }
    let dropped = sent.filter { !read.contains($0) }
    var loop = MarbleDiagram.Lane("for await (every 3)", events: run.reads,
                                  subscriptions: [TestSubscription(.zero, run.reads.last?.time ?? .zero)], isOutput: true)
    loop.unreceived = zip(dropped, run.drops).map { MarbleDiagram.Marble.value($0, at: $1) }
    return MarbleDiagram(title: title, summary: nil, lanes: [source.marbleLane(named: "source"), loop])
}

/// Runs `body` in a task on a Dispatch queue of its own and waits for its result.
func waitForTask<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
    let done = DispatchSemaphore(value: 0)
    let result = _Locked<T?>(nil)
    Task(executorPreference: QueueTaskExecutor.shared) {
        let value = await body()
        result.withLock { $0 = value }
        done.signal()
    }
    done.wait()
    return result.withLock { $0! }
}

/// A task executor that runs its jobs on a serial Dispatch queue (not the cooperative pool, so
/// a caller blocked on a semaphore never starves it).
final class QueueTaskExecutor: TaskExecutor, Sendable {
    static let shared = QueueTaskExecutor()
    private let queue = DispatchQueue(label: "Gallery.QueueTaskExecutor")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
