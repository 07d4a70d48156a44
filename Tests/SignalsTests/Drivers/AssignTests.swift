// assign(to:on:) on the main-actor signal: writes on the main actor, in order, and holds its
// root weakly, so a root that keeps the subscription in its own bag makes no cycle. Waits
// are one turn of the real main queue (the deliveries are queued ahead of it).

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

@MainActor
private final class ViewProfile {
    var name = ""
    let bag = DisposeBag()

    init(names: Signal<String, Never>) {
        names.observe(on: .mainActor).assign(to: \.name, on: self).disposed(by: bag)
    }
}

/// Resumes once everything queued on the main queue before the call has run.
@MainActor
private func mainQueueTurn() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        QueueScheduler.main.schedule { continuation.resume() }
    }
}

@Suite struct AssignTests {
    @MainActor
    @Test func writesEveryValueToTheKeyPathInOrder() async {
        let names = Subject<String, Never>()
        let profile = ViewProfile(names: names.signal)
        names.send(value: "Ada")
        await mainQueueTurn()
        #expect(profile.name == "Ada")
        names.send(value: "Grace")
        names.send(value: "Hedy")
        await mainQueueTurn()
        #expect(profile.name == "Hedy")
    }

    @MainActor
    @Test func aRootThatOwnsTheBagIsReleasedAndTheSubscriptionEnds() async {
        let names = Subject<String, Never>()
        let tracker = LifetimeTracker()
        weak var released: ViewProfile?
        do {
            let profile = ViewProfile(names: names.signal.on(disposed: { tracker.ended() }))
            released = profile
            names.send(value: "Ada")
            await mainQueueTurn()
            #expect(profile.name == "Ada")
        }
        // The only strong reference was `profile`: the subscription does not keep it alive,
        // and its bag's deinit disposed the subscription.
        #expect(released == nil)
        #expect(tracker.hasEnded)
        names.send(value: "Grace") // nobody left to write to: dropped
        await mainQueueTurn()
    }

    @MainActor
    @Test func valuesArrivingAfterTheRootIsGoneAreDropped() async {
        let names = Subject<String, Never>()
        var profile: NameHolder? = NameHolder()
        weak let released = profile
        let subscription = names.signal.observe(on: .mainActor).assign(to: \.name, on: profile!)
        names.send(value: "Ada")
        await mainQueueTurn()
        #expect(profile?.name == "Ada")
        profile = nil
        #expect(released == nil)
        names.send(value: "Grace")
        await mainQueueTurn()
        #expect(!subscription.isDisposed) // still subscribed until disposed: the value went nowhere
        subscription.dispose()
    }
}

@MainActor
private final class NameHolder {
    var name = ""
}

/// Records that a subscription ended.
private final class LifetimeTracker: Sendable {
    private let count = Counter()
    func ended() { count.increment() }
    var hasEnded: Bool { count.count > 0 }
}
