// log(name, to: output) = deferred { take a fresh subscription id;
//                                     on(subscribed:next:error:completed:disposed:) writing one line each }

import Synchronization

extension Signal {
    /// Writes a line for every event of each subscription, labelled with `name` and a
    /// number that tells subscriptions apart: `subscribed`, `next(…)`, `error(…)`,
    /// `completed`, then `disposed` when the subscription ends (however it ends).
    ///
    /// The events themselves pass through unchanged. Each line is written before the event
    /// is forwarded. Subscription numbers count up from 1 across the whole process.
    ///
    /// Completes / Fails / Disposes: as this signal.
    ///
    /// ![log("src", to: log)](marble-log.svg)
    ///
    /// Composed of: `deferred` (a fresh number per subscription) and
    /// `on(subscribed:next:error:completed:disposed:)`.
    ///
    /// ```swift
    /// Signal.from([1, 2]).log("numbers").subscribe(next: { _ in })
    /// // Prints: numbers #1: subscribed, numbers #1: next(1), numbers #1: next(2),
    /// //         numbers #1: completed, numbers #1: disposed (one per line)
    /// ```
    ///
    /// - Parameters:
    ///   - name: the label at the start of every line.
    ///   - output: where the lines go; standard output by default.
    /// - SeeAlso: RxSwift `debug(_:trimOutput:)`, ReactiveSwift `logEvents(identifier:)`,
    ///   Combine `print(_:to:)`.
    public func log(
        _ name: String,
        to output: @escaping @Sendable (String) -> Void = { print($0) }
    ) -> Signal {
        let source = self
        return .deferred {
            let id = _logSubscriptionCount.add(1, ordering: .relaxed).newValue
            let write: @Sendable (String) -> Void = { output("\(name) #\(id): \($0)") }
            return source.on(
                subscribed: { write("subscribed") },
                next: { write("next(\($0))") },
                error: { write("error(\($0))") },
                completed: { write("completed") },
                disposed: { write("disposed") }
            )
        }
    }
}

/// How many subscriptions `log` has numbered so far, in the whole process.
private let _logSubscriptionCount = Atomic<Int>(0)
