// Creating a signal whose work is main-actor work: RxExample's `Wireframe.promptFor`, which
// presents an alert when subscribed and dismisses it when the subscription ends, ported with
// `MainActorSignal { observer in … }` — no `MainActor.assumeIsolated`. The body and its
// teardown run on the main actor however the subscription starts and ends; subscribed or
// disposed from another thread, they wait for a turn of the driver's scheduler (virtual time).

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

/// A stand-in for UIKit: main-actor state, as `UIAlertController` and the root view controller are.
@MainActor private final class Screen {
    private(set) var presented: [Alert] = []
    private(set) var log: [String] = []

    func present(_ alert: Alert) {
        presented.append(alert)
        log.append("present \(alert.message)")
    }

    func dismiss(_ alert: Alert) {
        presented.removeAll { $0 === alert }
        log.append("dismiss \(alert.message)")
    }
}

@MainActor private final class Alert {
    let message: String
    private(set) var buttons: [(title: String, handler: @MainActor () -> Void)] = []
    init(message: String) { self.message = message }

    func addButton(_ title: String, handler: @escaping @MainActor () -> Void) {
        buttons.append((title, handler))
    }

    func tap(_ title: String) {
        buttons.first { $0.title == title }?.handler()
    }
}

/// RxExample's `Wireframe.promptFor(_:cancelAction:actions:)`, callable from nonisolated code.
private func promptFor(
    _ message: String, cancelAction: String, actions: [String],
    on screen: Screen, scheduler: MainActorScheduler
) -> MainActorSignal<String, Never> {
    MainActorSignal(on: scheduler) { observer in
        let alert = Alert(message: message)
        alert.addButton(cancelAction) { observer.send(value: cancelAction) }
        for action in actions {
            alert.addButton(action) { observer.send(value: action) }
        }
        screen.present(alert)
        return { screen.dismiss(alert) }
    }
}

@Suite struct MainActorCreationTests {
    @MainActor @Test func thePromptPresentsOnSubscriptionAndDismissesWhenItEnds() {
        let scheduler = TestScheduler()
        let screen = Screen()
        let answers = Locked<[String]>([])
        let subscription = promptFor("Retry?", cancelAction: "Cancel", actions: ["Retry"], on: screen, scheduler: scheduler.mainActor)
            .take(1)
            .subscribe(next: { @MainActor in answers.append($0) }, completed: { @MainActor in answers.append("|") })
        #expect(screen.log == ["present Retry?"]) // inline: subscribed on the main actor
        screen.presented.first?.tap("Retry")
        #expect(answers.value == ["Retry", "|"])
        #expect(screen.log == ["present Retry?", "dismiss Retry?"]) // take(1) ended it: torn down at once
        #expect(screen.presented.isEmpty)
        subscription.dispose()
        #expect(screen.log.count == 2) // the teardown ran once
    }

    @MainActor @Test func composesWithDriversAsRxExamplesRetryDoes() {
        // RxExample retries a failed request when the user answers "Retry":
        // `promptFor(…).flatMap { $0 == retry ? request : .empty }`.
        let scheduler = TestScheduler()
        let screen = Screen()
        let failures = Subject<String, Never>()
        let retries = failures.signal.driver(on: scheduler.mainActor)
            .flatMapFirst { message in
                promptFor(message, cancelAction: "Cancel", actions: ["Retry"], on: screen, scheduler: scheduler.mainActor).take(1)
            }
            .filter { $0 == "Retry" }
        let count = Locked<[String]>([])
        let subscription = retries.subscribe(next: { @MainActor in count.append($0) })
        failures.send(value: "Offline")
        failures.send(value: "Still offline") // an alert is up: flatMapFirst drops it
        #expect(screen.log == ["present Offline"])
        screen.presented.first?.tap("Retry")
        #expect(count.value == ["Retry"])
        #expect(screen.log == ["present Offline", "dismiss Offline"])
        subscription.dispose()
    }

    @MainActor @Test func subscribedFromAnotherThreadTheBodyWaitsForTheMainActor() {
        let scheduler = TestScheduler()
        let screen = Screen()
        let prompt = promptFor("Delete?", cancelAction: "Cancel", actions: ["Delete"], on: screen, scheduler: scheduler.mainActor)
        let answers = Locked<[String]>([])
        let subscription = Locked<(any Disposable)?>(nil)
        TestThread {
            let made = prompt.subscribe(next: { @MainActor in answers.append($0) })
            subscription.withLock { $0 = made }
        }.join()
        #expect(screen.log == []) // the body did not run on the other thread
        scheduler.advance()
        #expect(screen.log == ["present Delete?"])
        screen.presented.first?.tap("Cancel")
        #expect(answers.value == ["Cancel"])
        TestThread { subscription.value?.dispose() }.join()
        #expect(screen.log == ["present Delete?"]) // the teardown waits for the main actor too
        scheduler.advance()
        #expect(screen.log == ["present Delete?", "dismiss Delete?"])
    }

    @MainActor @Test func disposedBeforeItsTurnTheBodyNeverRuns() {
        let scheduler = TestScheduler()
        let screen = Screen()
        let prompt = promptFor("Quit?", cancelAction: "Cancel", actions: [], on: screen, scheduler: scheduler.mainActor)
        TestThread { prompt.subscribe(next: { @MainActor _ in }).dispose() }.join()
        scheduler.advance()
        #expect(screen.log == [])
    }

    @MainActor @Test func eachSubscriptionRunsTheBodyUnlessShared() {
        let scheduler = TestScheduler()
        let screen = Screen()
        let prompt = promptFor("Save?", cancelAction: "No", actions: ["Yes"], on: screen, scheduler: scheduler.mainActor)
        let one = prompt.subscribe(next: { @MainActor _ in })
        let two = prompt.subscribe(next: { @MainActor _ in })
        #expect(screen.presented.count == 2)
        one.dispose(); two.dispose()
        #expect(screen.presented.isEmpty)
        let shared = prompt.driver()
        let three = shared.subscribe(next: { @MainActor _ in })
        let four = shared.subscribe(next: { @MainActor _ in })
        #expect(screen.presented.count == 1)
        three.dispose()
        #expect(screen.presented.count == 1) // one subscriber left
        four.dispose()
        #expect(screen.presented.isEmpty)
    }

    @MainActor @Test func anEventSentFromAnotherThreadReachesTheSubscriberOnTheMainActor() {
        let scheduler = TestScheduler()
        let sent = Locked<Observer<Int, Never>?>(nil)
        let source = MainActorSignal<Int, Never>(on: scheduler.mainActor) { observer in
            sent.withLock { $0 = observer }
            return nil
        }
        let seen = Locked<[Int]>([])
        let subscription = source.subscribe(next: { @MainActor value in
            MainActor.preconditionIsolated()
            seen.append(value)
        })
        TestThread { sent.value?.send(value: 5) }.join()
        #expect(seen.value == [])
        scheduler.advance()
        #expect(seen.value == [5])
        subscription.dispose()
    }
}
