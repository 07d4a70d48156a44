#if canImport(Dispatch)
import Dispatch

// driver(replacingErrorsWith: v, on: s) = replaceError(with: v)
//                                           .share(replay: 1)
//                                           ._deliverOnMainActor(s)   (per subscriber)
//                                         as a MainActorSignal
//
// RxCocoa's `Driver` in one call: it cannot fail, its subscribers share one upstream
// subscription and a late one receives the latest value, and every event reaches a subscriber
// on the main actor. The hop is RxSwift's `MainScheduler.instance` rule, not `observe(on:)`'s:
// an event sent on the main actor while nothing is waiting for this subscriber is delivered
// inline; any other event waits for a turn of the main queue (or of the test's scheduler).
// The hop comes after the share, one per subscriber, so that a late subscriber that joins from
// another thread receives the replayed value on the main actor too.
//
// "On the main actor" is told by a queue-specific key set on the main queue, not by
// `Thread.isMainThread`: on Linux the main queue can be drained by a thread that is not the
// process's first one (as in a test run), where `@MainActor` code sees `isMainThread == false`.

extension Signal {
    /// RxCocoa's `Driver`: a signal that cannot fail, shares one subscription of this signal
    /// and replays the latest value to late subscribers, and delivers on the main actor.
    ///
    /// An error of this signal is replaced by `value`, then the driver completes. Events
    /// reach each subscriber on the main actor: **synchronously** when they are sent on the
    /// main actor and nothing is still queued for that subscriber (RxSwift's
    /// `MainScheduler.instance` rule), so a `@MainActor` model that subscribes in its `init`
    /// to a signal that already has a value holds that value when `init` returns; from another
    /// thread, on a later turn of the main queue. Order is always kept. (``observe(on:)-(MainActorScheduler)``
    /// instead always delivers on a later turn.) A subscriber that joins late receives the
    /// latest value first, also on the main actor, so the result's `subscribe` can be called
    /// from any context.
    ///
    /// Completes: when this signal completes, or right after `value` replaced an error.
    /// Fails: never. Disposes: the shared subscription when the last subscriber leaves; the
    /// next subscriber starts a fresh one (`share(replay: 1)`'s rule).
    ///
    /// Pass a scheduler made for a test (`testScheduler.mainActor`) as `scheduler` to run
    /// the deliveries that wait for a turn on virtual time; the ones sent on the main actor
    /// still arrive inline.
    ///
    /// Composed of: `replaceError(with: value)`, `share(replay: 1)`, then, per subscriber, a
    /// hop onto the main actor that is inline when already there.
    ///
    /// ```swift
    /// @MainActor final class Results {
    ///     var rows: [String] = []
    ///     let bag = DisposeBag()
    ///     init(search: Signal<[String], any Error>) {
    ///         search.driver(replacingErrorsWith: [])
    ///             .subscribe(next: { [weak self] in self?.rows = $0 })
    ///             .disposed(by: bag)
    ///     }
    /// }
    /// let results = Results(search: .just(["signals"]))
    /// print(results.rows)   // Prints: ["signals"] (the value was sent on the main actor)
    /// ```
    ///
    /// - SeeAlso: RxCocoa `asDriver(onErrorJustReturn:)` and `drive(_:)`; ReactiveSwift
    ///   `Property` with `observe(on: UIScheduler())` (inline on the main thread too); Combine
    ///   `replaceError(with:)` + `share()` + `receive(on: DispatchQueue.main)` (always later).
    public func driver(
        replacingErrorsWith value: Value,
        on scheduler: MainActorScheduler = .mainActor
    ) -> MainActorSignal<Value, Never> {
        replaceError(with: value).driver(on: scheduler)
    }
}

extension Signal where Failure == Never {
    /// RxCocoa's `Driver` for a signal that cannot fail: shares one subscription and replays
    /// the latest value to late subscribers, and delivers on the main actor — inline when the
    /// value is sent on the main actor, on a later turn of the main queue otherwise.
    ///
    /// The rules are ``driver(replacingErrorsWith:on:)``'s: completes when this signal
    /// completes; disposes the shared subscription when the last subscriber leaves.
    ///
    /// Composed of: `share(replay: 1)`, then, per subscriber, a hop onto the main actor that
    /// is inline when already there.
    ///
    /// ```swift
    /// @MainActor final class Greeting {
    ///     var text = ""
    ///     let bag = DisposeBag()
    ///     init(names: Signal<String, Never>) {
    ///         names.map { "Hello, \($0)" }.driver()
    ///             .subscribe(next: { [weak self] in self?.text = $0 })
    ///             .disposed(by: bag)
    ///     }
    /// }
    /// print(Greeting(names: .just("Ada")).text)   // Prints: Hello, Ada
    /// ```
    ///
    /// - SeeAlso: RxCocoa `asDriver()` / `Driver`, `drive(_:)`.
    public func driver(on scheduler: MainActorScheduler = .mainActor) -> MainActorSignal<Value, Never> {
        _sharedOnMainActor(scheduler)
    }
}

extension Signal {
    /// A driver's sharing: `share(replay: 1)`, then, per subscriber, the hop onto the main
    /// actor — what `driver(on:)` does and what every ``MainActorSignal`` operator does to its
    /// result (RxCocoa's `share(replay: 1, scope: .whileConnected)` after each operator). The
    /// hop comes after the share, so that what the share sends on another thread (the replay
    /// to a subscriber that joins there, an event an operator sent off the main actor) still
    /// reaches every subscriber on the main actor.
    @inlinable
    func _sharedOnMainActor(_ scheduler: MainActorScheduler) -> MainActorSignal<Value, Failure> {
        MainActorSignal(signal: share(replay: 1)._deliverOnMainActor(scheduler), scheduler: scheduler, isShared: true)
    }

    /// Delivers every event on the main actor: inline when it is sent on the main queue and
    /// nothing sent earlier is still waiting, else through `scheduler` (the main queue, or
    /// a test's scheduler), so that order is kept. RxSwift's `MainScheduler.instance` rule.
    @usableFromInline
    func _deliverOnMainActor(_ scheduler: MainActorScheduler) -> Signal {
        Signal { observer in
            let waiting = _Locked(0)
            return self.subscribe(Observer { event in
                let inline = waiting.withLock { count in
                    if count == 0 && _MainQueueKey.isOnMainQueue { return true }
                    count += 1
                    return false
                }
                if inline {
                    observer.send(event)
                    return
                }
                // Once this subscription is disposed its observer ignores what still arrives,
                // so the queued deliveries need not be cancelled one by one.
                let queued = _QueuedDelivery(event)
                scheduler.schedule {
                    observer.send(queued.event)
                    waiting.withLock { $0 -= 1 }
                }
            })
        }
    }
}

/// An event queued for a later turn of the main queue (or the test's scheduler).
///
/// `@unchecked Sendable`: the event is immutable; it is handed from the sending thread to
/// the one delivery that reads it, as a value crosses threads in any scheduled signal
/// (values are shared by subscriptions and may be delivered on other threads: Contracts.md).
struct _QueuedDelivery<Value, Failure: Error>: @unchecked Sendable {
    let event: Event<Value, Failure>
    init(_ event: Event<Value, Failure>) { self.event = event }
}

/// The queue-specific key that marks the main queue, set on first use.
enum _MainQueueKey {
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Whether the caller runs on the main queue — the main actor's executor — whichever
    /// thread drains it.
    static var isOnMainQueue: Bool {
        DispatchQueue.getSpecific(key: key) == true
    }
}
#endif
