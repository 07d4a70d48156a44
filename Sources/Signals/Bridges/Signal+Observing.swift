#if canImport(Observation) && canImport(Dispatch)
// A bridge from Swift's Observation: `Signal.observing { model.count }` is a signal of what
// `read` returns, re-read after every change of what it touched.
//
// `withObservationTracking` calls its `onChange` once, on the thread that makes the change,
// *before* the new value is stored (it is a `willSet`). So a change is not read there: it
// schedules a new tracking read on the subscription's serial queue, which reads the stored
// value and registers again. The queue also keeps the sends of one subscription serial
// (Observation may report changes from several threads at once).
import Dispatch
import Observation

extension Signal where Failure == Never {
    /// A signal of the value `read` returns: sends it on subscription, then the new value
    /// after every change of an observable property that `read` touched.
    ///
    /// `read` runs at subscription, synchronously (the first value is sent before
    /// `subscribe` returns), then after each change, on a serial queue of that
    /// subscription: each read tracks the properties it touches afresh, so a `read` that
    /// branches follows what it reads now. Changes that arrive together (before the re-read
    /// runs) are read once, as their latest value: every change is followed by a value at
    /// least as new, not necessarily one value per change. Values equal to the previous one
    /// are sent too (`distinctUntilChanged()` drops them). Each time, `read` runs twice:
    /// once to register for the next change of what it touches, once for the value sent, so
    /// that a change made on another thread while registering is not missed.
    ///
    /// Never completes, never fails. Disposing stops tracking: no more reads and no more
    /// values (a registration made by the last read ends, silently, at the next change).
    /// `read` may run on any thread: it must be safe to call there (read main-actor models
    /// with `MainActor.assumeIsolated` only if every change happens on the main actor).
    ///
    /// Composed of: a bridge source (`withObservationTracking` and a serial `DispatchQueue`
    /// per subscription).
    ///
    /// ```swift
    /// @Observable final class Cart { var items: [String] = [] }
    /// let cart = Cart()
    /// Signal.observing { cart.items.count }.subscribe(next: { print($0) })
    /// cart.items.append("tea")
    /// // Prints: 0, then 1 (after the change, on the subscription's queue)
    /// ```
    ///
    /// - SeeAlso: Swift `Observations` (an `AsyncSequence`), RxSwift `observe(_:)` (KVO),
    ///   ReactiveSwift `Property`, Combine `publisher(for:)` (KVO) / `@Published`.
    public static func observing(_ read: @escaping @Sendable () -> Value) -> Signal {
        Signal { observer in
            let tracking = _ObservationTracking(read: read, observer: observer)
            tracking.start()
            return AnyDisposable { tracking.stop() }
        }
    }
}

/// One subscription of `Signal.observing`: reads, registers for the next change, sends.
///
/// `@unchecked Sendable`: `read` and `observer` are immutable and Sendable; the reads and
/// sends happen only on `queue`, one at a time (the first inside `queue.sync`).
final class _ObservationTracking<Value>: @unchecked Sendable {
    let read: @Sendable () -> Value
    let observer: Observer<Value, Never>
    let queue = DispatchQueue(label: "Signals.observing")

    init(read: @escaping @Sendable () -> Value, observer: Observer<Value, Never>) {
        self.read = read
        self.observer = observer
    }

    /// The first read, on the subscribing thread (inside `queue.sync`, so a change that
    /// happens during it is read after it).
    func start() {
        queue.sync { track() }
    }

    /// Registers for the next change of what `read` touches, then reads the value and sends
    /// it. On `queue`.
    ///
    /// `withObservationTracking` installs its registration only after `read` has returned, so
    /// a change made on another thread between the two would be seen by neither that read nor
    /// a registration. Registering first and reading the value afterwards closes that window:
    /// a change before the second read is in its value, a change after it is reported.
    func track() {
        // A disposed subscription's observer is stopped: no read, no new registration.
        guard !observer.isStopped else { return }
        withObservationTracking({ _ = read() }) { [weak self] in
            // Before the change is stored: read it once it is, on the queue.
            guard let self else { return }
            self.queue.async { self.track() }
        }
        observer.send(value: read())
    }

    /// Called on disposal; the observer is already stopped, so the next `track` does nothing.
    func stop() {}
}
#endif
