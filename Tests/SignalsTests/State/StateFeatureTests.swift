// Features built on Property, MutableProperty, Action and assign(to:), as an app writes them,
// on virtual time: an Action-driven sign-up with `isExecuting` as the activity indicator,
// derived state, and a feedback loop that binds its state with `assign(to:)` from any thread.
// None of them needs a workaround line.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

private enum SignUpError: Error, Equatable { case nameTaken }

/// A sign-up screen's model: validity as derived state, a sign-up action enabled by it.
private final class SignUpModel: Sendable {
    let username: MutableProperty<String>
    let password: MutableProperty<String>
    let isUsernameValid: Property<Bool>
    let isPasswordValid: Property<Bool>
    let signUp: Action<Void, String, SignUpError>
    let message: Property<String>

    init(api: @escaping @Sendable (String, String) -> Signal<String, SignUpError>) {
        let username = MutableProperty(""), password = MutableProperty("")
        self.username = username
        self.password = password
        isUsernameValid = username.map { $0.count >= 3 }
        isPasswordValid = password.map { $0.count >= 8 }
        let canSignUp = Property.combineLatest(isUsernameValid, isPasswordValid) { $0 && $1 }
        signUp = Action(enabledIf: canSignUp) { _ in api(username.value, password.value) }
        message = Property(initial: "", then: Signal.merge(
            signUp.values.map { "Welcome, \($0)!" },
            signUp.errors.map { _ in "That name is taken." }
        ))
    }
}

/// A sign-up API that answers after two seconds of virtual time.
private func api(on scheduler: TestScheduler) -> @Sendable (String, String) -> Signal<String, SignUpError> {
    { name, _ in
        Signal<Int, SignUpError>.timer(after: .seconds(2), on: scheduler).flattenMap { _ in
            name == "taken" ? .error(.nameTaken) : .just(name)
        }
    }
}

@Suite struct StateFeatureTests {
    @Test func signUpIsEnabledByValidInputAndShowsActivityWhileTheRequestRuns() {
        let scheduler = TestScheduler()
        let model = SignUpModel(api: api(on: scheduler))
        let spinner = model.signUp.isExecuting.signal.record()
        let button = model.signUp.isEnabled.signal.record()
        #expect(button.values == [false])

        model.username.value = "ada"
        #expect(model.isUsernameValid.value && !model.isPasswordValid.value)
        model.password.value = "correct horse"
        #expect(button.values == [false, true])

        model.signUp.apply(()).subscribe()
        #expect(spinner.values == [false, true])
        #expect(button.values == [false, true, false])
        #expect(model.signUp.apply(()).record().error == .disabled)  // a second tap meanwhile

        scheduler.advance(by: .seconds(1))
        #expect(model.message.value == "")
        scheduler.advance(by: .seconds(1))
        #expect(model.message.value == "Welcome, ada!")
        #expect(spinner.values == [false, true, false])
        #expect(button.values == [false, true, false, true])
    }

    @Test func aFailedSignUpShowsItsErrorAndEnablesTheButtonAgain() {
        let scheduler = TestScheduler()
        let model = SignUpModel(api: api(on: scheduler))
        model.username.value = "taken"
        model.password.value = "correct horse"
        let attempt = model.signUp.apply(()).record()
        scheduler.advance(by: .seconds(2))
        #expect(attempt.error == .failed(.nameTaken))
        #expect(model.message.value == "That name is taken.")
        #expect(model.signUp.isEnabled.value)
        #expect(!model.signUp.isExecuting.value)
    }

    @Test func editingTheFormDuringARequestKeepsTheButtonDisabledUntilItEnds() {
        let scheduler = TestScheduler()
        let model = SignUpModel(api: api(on: scheduler))
        model.username.value = "ada"
        model.password.value = "correct horse"
        model.signUp.apply(()).subscribe()
        model.password.value = "short"
        model.password.value = "correct horse battery"
        #expect(!model.signUp.isEnabled.value)
        scheduler.advance(by: .seconds(2))
        #expect(model.signUp.isEnabled.value)
    }

    @Test func derivedStateFollowsItsSourcesWithoutSubscriptions() {
        // A cart: totals and labels derived from the items and the selected currency.
        struct Item: Sendable { let name: String; let cents: Int }
        let items = MutableProperty<[Item]>([])
        let euros = MutableProperty(true)
        let total = items.map { $0.reduce(0) { $0 + $1.cents } }
        let label = Property.combineLatest(total, euros) { cents, euros in
            euros ? "€\(cents / 100)" : "$\(cents * 11 / 1_000)"
        }
        let labels = label.signal.record()
        items.modify { $0.append(Item(name: "tea", cents: 400)) }
        items.modify { $0.append(Item(name: "cake", cents: 600)) }
        euros.value = false
        #expect(total.value == 1_000)
        #expect(labels.values == ["€0", "€4", "€10", "$11"])

        // The selected shop's opening hours: flatMap(.latest) follows the current shop's property.
        final class Shop: Sendable {
            let hours: MutableProperty<String>
            init(_ hours: String) { self.hours = MutableProperty(hours) }
        }
        let north = Shop("9-5"), south = Shop("10-6")
        let selected = MutableProperty(north)
        let hours = selected.flatMap(.latest) { $0.hours }
        north.hours.value = "8-4"
        selected.value = south
        north.hours.value = "closed"
        #expect(hours.value == "10-6")
        #expect(hours.signal.record().values == ["10-6"])
    }

    @Test func aFeedbackLoopBindsItsStateWithAssignFromAnyThread() {
        // RxFeedback's shape: state = scan(events), bound into a property; a feedback reads
        // the state and emits events (here a timer-driven "tick" while running).
        enum Event: Sendable { case start, tick, stop }
        struct State: Sendable, Equatable { var running = false; var ticks = 0 }
        let scheduler = TestScheduler()
        let state = MutableProperty(State())
        let userEvents = Subject<Event, Never>()
        let ticks = state.signal.map(\.running).distinctUntilChanged().flatMapLatest { running in
            running ? Signal<Int, Never>.interval(.seconds(1), on: scheduler).map { _ in Event.tick } : .empty
        }
        let binding = userEvents.signal.merge(ticks)
            .scan(State()) { state, event in
                var next = state
                switch event {
                case .start: next.running = true
                case .tick: next.ticks += 1
                case .stop: next.running = false
                }
                return next
            }
            .assign(to: state)
        runConcurrently(1, "a background sender") { _ in userEvents.send(value: .start) }
        scheduler.advance(by: .seconds(3))
        userEvents.send(value: .stop)
        scheduler.advance(by: .seconds(3))
        #expect(state.value == State(running: false, ticks: 3))
        binding.dispose()
    }
}
