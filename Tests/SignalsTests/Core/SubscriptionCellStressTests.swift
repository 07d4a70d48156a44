// Stress and fuzz cases for the lifetime rule (Contracts.md, "Disposal and lifetimes"): once a
// subscription has ended (terminal event or dispose), nothing it kept is kept through its
// disposable or its source, and a live subscription is kept, whatever the source keeps and
// whether or not its disposable is kept. They would catch a subscription kept too long (a
// disposable or a subject still holding the observer's captures after the end) or released
// too early (a subscription whose disposable was dropped that stops delivering).

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

/// One subscription of a fuzz run: what it has received, whether it has ended, and a weak
/// reference to the token its closures capture.
private final class Subscriber {
    let received = Locked<[Int]>([])
    let ended = Flag()
    weak var token: Tracked?
    /// The disposable, while the run keeps it (nil: dropped, or never kept).
    var disposable: (any Disposable)?
    /// Whether the run chose to keep the disposable after the end.
    var keepsDisposableAfterEnd = false
}

@Suite struct SubscriptionCellStressTests {
    /// Random interleavings of subscribing (through a random `Shape`, keeping or dropping the
    /// disposable), sending, disposing, ending one subscriber with `take(1)`, and completing
    /// the subject. After every step: each live subscription has received every value sent
    /// since it subscribed and its captures are alive; each ended one has released its
    /// captures, even when its disposable is still kept.
    @Test(arguments: 0..<testSize(64, quick: 12))
    func aRandomMixOfSubscriptionsKeepsExactlyTheLiveOnes(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed) &* 7919 &+ 1)
        let subject = Subject<Int, Never>()
        var subscribers: [(Subscriber, expected: [Int])] = []
        var nextValue = 0
        var completed = false
        for _ in 0..<testSize(400, quick: 120) {
            switch Int.random(in: 0..<10, using: &random) {
            case 0...2:
                // Subscribe; the token is captured only by the subscription's closures.
                let subscriber = Subscriber()
                let shape = Shape.allCases.randomElement(using: &random)!
                let endsAfterOne = Int.random(in: 0..<4, using: &random) == 0
                let keep = Bool.random(using: &random)
                do {
                    let token = Tracked(id: 0)
                    subscriber.token = token
                    var signal = shape.apply(subject.signal)
                    if endsAfterOne { signal = signal.take(1) }
                    let disposable = signal.subscribe(
                        next: { [received = subscriber.received] in received.append($0 + token.id) },
                        completed: { [ended = subscriber.ended] in _ = token.id; ended.set() })
                    subscriber.keepsDisposableAfterEnd = Bool.random(using: &random)
                    if keep { subscriber.disposable = disposable }
                }
                if completed { #expect(subscriber.ended.isSet) }
                subscribers.append((subscriber, []))
            case 3...6:
                // Send to every live subscriber.
                let value = nextValue
                nextValue += 1
                let live = subscribers.indices.filter { !subscribers[$0].0.ended.isSet }
                subject.send(value: value)
                for index in live { subscribers[index].expected.append(value) }
            case 7, 8:
                // Dispose one whose disposable is kept.
                let kept = subscribers.indices.filter { subscribers[$0].0.disposable != nil }
                guard let index = kept.randomElement(using: &random) else { continue }
                let subscriber = subscribers[index].0
                subscriber.disposable?.dispose()
                subscriber.ended.set()
                if !subscriber.keepsDisposableAfterEnd { subscriber.disposable = nil }
            default:
                // Rarely: complete the subject (every later subscriber ends at once).
                if Int.random(in: 0..<8, using: &random) == 0 {
                    subject.sendCompleted()
                    completed = true
                }
            }
            // Then, after every step:
            for (subscriber, expected) in subscribers {
                if subscriber.ended.isSet {
                    #expect(subscriber.token == nil, "seed \(seed): an ended subscription kept its captures")
                    if let disposable = subscriber.disposable { #expect(disposable.isDisposed) }
                } else {
                    #expect(subscriber.token != nil, "seed \(seed): a live subscription was released")
                    #expect(subscriber.received.value == expected, "seed \(seed)")
                    if let disposable = subscriber.disposable { #expect(!disposable.isDisposed) }
                }
            }
        }
        // Finally: completing the subject ends every subscription, kept or not.
        subject.sendCompleted()
        for (subscriber, _) in subscribers {
            #expect(subscriber.token == nil, "seed \(seed): a subscription outlived its source's completion")
        }
    }

    /// A subscription whose disposable nobody keeps, to a live subject, keeps delivering while
    /// other threads subscribe and dispose subscriptions of their own to the same subject and a
    /// third sends; it is released once the subject completes.
    @Test func aSubscriptionWithoutItsDisposableKeepsDeliveringWhileOthersComeAndGo() {
        let subject = Subject<Int, Never>()
        let received = Counter()
        weak var weakToken: Tracked?
        do {
            let token = Tracked()
            weakToken = token
            subject.signal.map { $0 + 0 }.filter { _ in true }
                .subscribe(next: { _ in _ = token.id; received.increment() })   // dropped at once
        }
        let sends = testSize(20_000, quick: 2_000)
        let churners = (0..<2).map { _ in
            TestThread {
                for _ in 0..<sends / 4 {
                    let token = Tracked()
                    let other = subject.signal.map { $0 + token.id }.subscribe(next: { _ in })
                    other.dispose()
                }
            }
        }
        let sender = TestThread { for value in 0..<sends { subject.send(value: value) } }
        sender.join()
        for churner in churners { churner.join() }
        #expect(received.count == sends)
        #expect(weakToken != nil)
        subject.sendCompleted()
        #expect(weakToken == nil)
    }

    /// Disposing on one thread while the subject completes on another, the disposable kept
    /// afterwards: whichever comes first, the subscription ends once, and neither its
    /// disposable nor the subject keeps the observer's captures.
    @Test(arguments: [Shape.direct, .map, .flattenMap])
    func disposingWhileTheSubjectCompletesReleasesTheCapturesThroughAKeptDisposable(shape: Shape) {
        for _ in 0..<testSize(2_000, quick: 300) {
            let subject = Subject<Int, Never>()
            let completions = Counter()
            weak var weakToken: Tracked?
            let subscription: any Disposable
            do {
                let token = Tracked()
                weakToken = token
                subscription = shape.apply(subject.signal).subscribe(
                    next: { _ = $0 + token.id }, completed: { _ = token.id; completions.increment() })
            }
            let completer = TestThread { subject.sendCompleted() }
            subscription.dispose()
            completer.join()
            #expect(subscription.isDisposed)
            #expect(completions.count <= 1)
            #expect(weakToken == nil)
            withExtendedLifetime(subject) {}
        }
    }

    /// A subject that is released keeps none of its subscribers' captures through itself, and
    /// a subscription whose disposable is disposed after that releases them too.
    @Test func aReleasedSubjectAndADisposedSubscriptionKeepNothing() {
        weak var weakToken: Tracked?
        weak var weakSubject: Subject<Int, Never>?
        let subscription: any Disposable
        do {
            let subject = Subject<Int, Never>()
            weakSubject = subject
            let token = Tracked()
            weakToken = token
            subscription = subject.signal.map { $0 + 1 }.subscribe(next: { _ = $0 + token.id })
            subject.send(value: 1)
        }
        #expect(weakSubject == nil)
        // Still live (never ended): its disposable keeps it, as the contract says.
        #expect(!subscription.isDisposed)
        subscription.dispose()
        #expect(subscription.isDisposed)
        #expect(weakToken == nil)
    }
}
