// multicast(_:) over any of the three subjects = one generic implementation, `_multicast`:
//     ConnectableSignal(source: self, subscribers join subject.signal, connect() feeds
//     subject.send). The subjects adopt `_MulticastSubject` here, by extension: what a
//     connectable signal needs of a subject is its signal and its send, which all three have.

/// A hot source that a connectable signal can feed: its signal, which subscribers join, and
/// its `send(_:)`, which the connection feeds. `Subject`, `ReplaySubject` and
/// `BehaviorSubject` adopt it.
///
/// Internal: the public API has no subject protocol, so the three public `multicast(_:)`
/// overloads stay and forward to the one generic `_multicast(_:)`.
@usableFromInline
protocol _MulticastSubject<Value, Failure>: AnyObject, Sendable {
    associatedtype Value
    associatedtype Failure: Error
    /// The subject's events, for subscribers to join.
    var signal: Signal<Value, Failure> { get }
    /// Sends `event` to the subject's subscribers (and remembers it, for a replaying subject).
    func send(_ event: Event<Value, Failure>)
}

extension Subject: _MulticastSubject {}
extension ReplaySubject: _MulticastSubject {}
extension BehaviorSubject: _MulticastSubject {}
