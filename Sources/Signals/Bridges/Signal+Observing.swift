#if canImport(Observation) && canImport(Dispatch)
// A bridge from Swift's Observation: `Signal.observing { model.count }` is a signal of what
// `read` returns, re-read after every change of what it touched.
//
// `withObservationTracking` calls its `onChange` once, on the thread that makes the change,
// *before* the new value is stored (it is a `willSet`). So a change is never read there, and
// nothing waits there either (the writer may hold the model's lock): `onChange` only marks
// the subscription changed and, unless a read is already scheduled or running, schedules one
// on the subscription's serial queue. That read runs once the writer lets go of what `read`
// needs, tracks what it touches afresh, and sends. One read at a time per subscription;
// changes that arrive meanwhile are read together by one more read.
//
// Observation cannot unregister a tracking registration; it ends when it fires. So every
// registration of a subscription also tracks a tiny observable object of its own
// (`_ObservationCancellation`), and disposing "changes" that object: the registration fires,
// finds the subscription gone, and Observation removes it from the model too. The closure a
// registration holds keeps only a weak reference to the subscription.
import Dispatch
import Observation

extension Signal where Failure == Never {
    /// A signal of the value `read` returns: sends it on subscription, then the new value
    /// after every change of an observable property that `read` touched.
    ///
    /// `read` runs at subscription, synchronously (the first value is sent before
    /// `subscribe` returns), then after each change, on a serial queue of the subscription:
    /// each read tracks the properties it touches afresh, so a `read` that branches follows
    /// what it reads now. Changes that arrive together (before
    /// the re-read runs) are read once, as their latest value: the last change is always
    /// followed by a value at least as new, not necessarily one value per change. Values
    /// equal to the previous one are sent too (`distinctUntilChanged()` drops them). Each
    /// time, `read` runs twice: once to register for the next change of what it touches,
    /// once for the value sent, so that a change made on another thread while registering
    /// is not missed.
    ///
    /// Observation reports a change *before* it is stored, so `read` must wait for a change
    /// in progress: read under the lock your writers hold across the whole change (as any
    /// `@Observable` model shared between threads needs), or on the one actor or queue that
    /// changes the model. The thread making the change never waits for the bridge: it only
    /// marks the subscription changed.
    ///
    /// Never completes, never fails. Disposing stops tracking at once: no more reads and
    /// no more values, and the subscription's registration with the model is removed, with
    /// everything it held (`read`, your observer), even if the model never changes again.
    /// `read` may run on any thread: it must be safe to call there (read main-actor models
    /// with `MainActor.assumeIsolated` only if every change happens on the main actor).
    ///
    /// Composed of: a bridge source (`withObservationTracking` and a serial `DispatchQueue`
    /// per subscription for the re-reads).
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
            let bridge = _ObservationBridge(read: read, observer: observer)
            bridge.start()
            return AnyDisposable { bridge.stop() }
        }
    }
}

/// One subscription of `Signal.observing`: reads, registers for the next change, sends.
///
/// The reads and sends of one subscription happen one at a time (`phase`: a read is
/// scheduled or running, or not); the first on the subscribing thread, the others on
/// `queue`.
final class _ObservationBridge<Value>: Sendable {
    private enum Phase {
        /// Registered, waiting for a change.
        case idle
        /// A change was reported; a read is scheduled.
        case scheduled
        /// A read is running; `changedAgain` if a change was reported meanwhile.
        case reading(changedAgain: Bool)
        /// Disposed.
        case stopped
    }

    private let read: @Sendable () -> Value
    private let observer: Observer<Value, Never>
    private let phase = _Locked(Phase.reading(changedAgain: false))
    private let cancellation = _ObservationCancellation()
    /// Where the re-reads run. A serial queue made with a label always gets a thread; the
    /// global queues (and concurrent queues) give no new thread while their threads are busy
    /// — on Linux, with Swift concurrency's tasks too — so a re-read there could wait behind
    /// the very tasks that wait for its value.
    private let queue = DispatchQueue(label: "Signals.observing")

    init(read: @escaping @Sendable () -> Value, observer: Observer<Value, Never>) {
        self.read = read
        self.observer = observer
    }

    /// The first read and send, on the subscribing thread.
    func start() {
        track()
        finishReading()
    }

    /// Disposal: no more reads; the registration is removed from what it tracks.
    func stop() {
        phase.withLock { $0 = .stopped }
        cancellation.cancel()
    }

    /// Observation's `onChange`, on the thread making the change, before the change is
    /// stored: marks the change and schedules a read, never waits.
    private func changed() {
        let schedules = phase.withLock { phase -> Bool in
            switch phase {
            case .idle:
                phase = .scheduled
                return true
            case .reading:
                phase = .reading(changedAgain: true)
                return false
            case .scheduled, .stopped:
                return false
            }
        }
        if schedules { schedule() }
    }

    private func schedule() {
        queue.async { [self] in
            let reads = phase.withLock { phase -> Bool in
                guard case .scheduled = phase else { return false }
                phase = .reading(changedAgain: false)
                return true
            }
            guard reads else { return }
            track()
            finishReading()
        }
    }

    /// After a read: idle, or one more read if a change was reported while it ran.
    private func finishReading() {
        let again = phase.withLock { phase -> Bool in
            switch phase {
            case .reading(changedAgain: true):
                phase = .scheduled
                return true
            case .reading:
                phase = .idle
                return false
            case .idle, .scheduled, .stopped:
                return false
            }
        }
        if again { schedule() }
    }

    private var isStopped: Bool {
        phase.withLock { if case .stopped = $0 { true } else { false } }
    }

    /// Registers for the next change of what `read` touches, then reads the value and sends
    /// it.
    ///
    /// `withObservationTracking` installs its registration only after `read` has returned, so
    /// a change made on another thread between the two would be seen by neither that read nor
    /// a registration. Registering first and reading the value afterwards closes that window:
    /// a change before the second read is in its value, a change after it is reported.
    private func track() {
        guard !isStopped else { return }
        let cancellation = cancellation
        withObservationTracking({
            cancellation.track()
            _ = read()
        }, onChange: { [weak self] in self?.changed() })
        // Disposed while registering: remove the registration just made.
        if isStopped { return cancellation.cancel() }
        observer.send(value: read())
    }
}

/// A tiny observable object that every registration of one `Signal.observing` subscription
/// also tracks, so that disposing can end that registration: ``cancel()`` reports a change
/// of it, the registration fires (and finds the subscription stopped), and Observation
/// removes it from every object it tracked.
final class _ObservationCancellation: Observable, Sendable {
    private let registrar = ObservationRegistrar()

    /// Nothing to read: a property that only exists to be tracked.
    var registration: Void {
        registrar.access(self, keyPath: \.registration)
    }

    /// Makes the tracking read that runs this track this object.
    func track() {
        registration
    }

    /// Fires the registrations that track this object.
    func cancel() {
        registrar.willSet(self, keyPath: \.registration)
        registrar.didSet(self, keyPath: \.registration)
    }
}
#endif
