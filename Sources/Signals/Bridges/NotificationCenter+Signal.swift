#if canImport(Foundation)
// A bridge from NotificationCenter: one block observer per subscription, removed when the
// subscription ends. Notifications posted on several threads at once go through a Subject,
// which serialises them, so the subscriber is never entered concurrently.
import Foundation

extension NotificationCenter {
    /// A signal of the notifications named `name` posted to this center (from `object`
    /// only, when given).
    ///
    /// Each subscription adds one observer to the center, and disposing removes it. Never
    /// completes, never fails. Notifications arrive on the posting thread, synchronously
    /// within `post`; posts from several threads at once are delivered one at a time.
    /// `object` is held strongly while a subscription is live (the center compares it by
    /// identity).
    ///
    /// Composed of: a bridge source (`addObserver(forName:object:queue:using:)` feeding a
    /// `Subject`; `removeObserver(_:)` on disposal).
    ///
    /// ```swift
    /// let saved = Notification.Name("saved")
    /// let subscription = NotificationCenter.default.signal(for: saved)
    ///     .subscribe(next: { print($0.name.rawValue) })
    /// NotificationCenter.default.post(name: saved, object: nil)
    /// subscription.dispose()
    /// NotificationCenter.default.post(name: saved, object: nil)
    /// // Prints: saved (once: the observer was removed)
    /// ```
    ///
    /// - SeeAlso: RxCocoa `NotificationCenter.rx.notification(_:object:)`, ReactiveSwift
    ///   `NotificationCenter.reactive.notifications(forName:object:)`, Combine
    ///   `NotificationCenter.publisher(for:object:)`.
    public func signal(for name: Notification.Name, object: AnyObject? = nil) -> Signal<Notification, Never> {
        let center = self
        let sender = _NotificationSender(object)
        return Signal { observer in
            let notifications = Subject<Notification, Never>()
            let delivery = notifications.signal.subscribe(observer)
            let token = _NotificationToken(
                center.addObserver(forName: name, object: sender.object, queue: nil) { notification in
                    notifications.send(value: notification)
                })
            return AnyDisposable {
                center.removeObserver(token.token)
                delivery.dispose()
            }
        }
    }
}

/// The `object` a subscription filters on.
///
/// `@unchecked Sendable`: it is only handed to `NotificationCenter`, which compares it by
/// identity and never calls it.
struct _NotificationSender: @unchecked Sendable {
    let object: AnyObject?
    init(_ object: AnyObject?) { self.object = object }
}

/// The token `addObserver(forName:object:queue:using:)` returns.
///
/// `@unchecked Sendable`: it is only handed back to `removeObserver(_:)`, which the center
/// allows from any thread.
struct _NotificationToken: @unchecked Sendable {
    let token: any NSObjectProtocol
    init(_ token: any NSObjectProtocol) { self.token = token }
}
#endif
