// RxExample's GitHub sign-up screen (the driver version), ported in its own shape: a view
// model made from input drivers, with an `Action` for the sign-up request fed through
// `inputs`, and output drivers. The screen makes the view model as a local and does not keep
// it (RxExample's view controller does so in `viewDidLoad`): the bindings to its outputs
// keep the action working, and taps still sign up. On virtual time: the API answers on the
// TestScheduler, the drivers deliver on `scheduler.mainActor`.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

/// The sign-up API on virtual time: answers `true` 200 ms after the request.
private struct SignUpAPI: Sendable {
    let scheduler: TestScheduler
    let requests = Locked<[String]>([])

    func signUp(_ username: String, password: String) -> Signal<Bool, Never> {
        Signal.deferred { [requests, scheduler] in
            _ = requests.append(username)
            return Signal<Int, Never>.timer(after: .milliseconds(200), on: scheduler).map { _ in true }
        }
    }
}

/// The view model: inputs in, drivers out; nothing in it is kept by the screen.
@MainActor private final class SignUpViewModel {
    let signupEnabled: MainActorSignal<Bool, Never>
    let signingIn: MainActorSignal<Bool, Never>
    let signedIn: MainActorSignal<Bool, Never>
    /// Exposed for the test that checks its release.
    let signUp: Action<(String, String), Bool, Never>

    init(
        username: Signal<String, Never>,
        password: Signal<String, Never>,
        loginTaps: Signal<Void, Never>,
        api: SignUpAPI,
        scheduler: MainActorScheduler
    ) {
        let isValid = Signal.combineLatest(username, password) { name, password in
            name.count >= 3 && password.count >= 5
        }
        let signUp = Action<(String, String), Bool, Never>(enabledIf: isValid) { name, password in
            api.signUp(name, password: password)
        }
        // The binding lives as long as the taps do, as `bind(to: action.inputs)` in RxSwift.
        loginTaps.withLatestFrom(Signal.combineLatest(username, password)).map(\.1).subscribe(signUp.inputs)
        self.signUp = signUp
        signupEnabled = signUp.isEnabled.driver(on: scheduler)
        signingIn = signUp.isExecuting.driver(on: scheduler)
        signedIn = signUp.values.driver(on: scheduler)
    }
}

/// What the screen shows.
@MainActor private final class SignUpScreen {
    var buttonEnabled = false
    var spinner = false
    var signedIn: [Bool] = []
    let bag = DisposeBag()
}

@Suite struct SignUpViewModelTests {
    @MainActor @Test func tapsSignUpThoughTheViewModelIsNotKept() {
        let scheduler = TestScheduler()
        let api = SignUpAPI(scheduler: scheduler)
        let username = BehaviorSubject<String, Never>(value: "")
        let password = BehaviorSubject<String, Never>(value: "")
        let taps = Subject<Void, Never>()
        let screen = SignUpScreen()
        weak var weakModel: SignUpViewModel?
        do { // viewDidLoad: the view model is a local
            let model = SignUpViewModel(
                username: username.signal, password: password.signal, loginTaps: taps.signal,
                api: api, scheduler: scheduler.mainActor
            )
            weakModel = model
            model.signupEnabled.assign(to: \.buttonEnabled, on: screen).disposed(by: screen.bag)
            model.signingIn.assign(to: \.spinner, on: screen).disposed(by: screen.bag)
            model.signedIn.subscribe(next: { [screen] in screen.signedIn.append($0) }).disposed(by: screen.bag)
        }
        #expect(weakModel == nil) // gone, as in RxExample
        #expect(screen.buttonEnabled == false)

        username.send(value: "ada")
        password.send(value: "secret")
        #expect(screen.buttonEnabled == true)
        taps.send(value: ())
        #expect(api.requests.value == ["ada"])
        #expect(screen.spinner == true)
        #expect(screen.buttonEnabled == false) // executing
        scheduler.advance(by: .milliseconds(200))
        #expect(screen.signedIn == [true])
        #expect(screen.spinner == false)
        #expect(screen.buttonEnabled == true)

        taps.send(value: ())
        scheduler.advance(by: .milliseconds(200))
        #expect(api.requests.value == ["ada", "ada"])
        #expect(screen.signedIn == [true, true])
    }

    @MainActor @Test func theActionIsReleasedWhenTheScreenAndItsButtonGo() {
        let scheduler = TestScheduler()
        let api = SignUpAPI(scheduler: scheduler)
        let username = BehaviorSubject<String, Never>(value: "ada")
        let password = BehaviorSubject<String, Never>(value: "secret")
        let taps = Subject<Void, Never>()
        var screen: SignUpScreen? = SignUpScreen()
        let signedIn = Locked<[Bool]>([])
        weak var weakAction: Action<(String, String), Bool, Never>?
        do {
            let model = SignUpViewModel(
                username: username.signal, password: password.signal, loginTaps: taps.signal,
                api: api, scheduler: scheduler.mainActor
            )
            weakAction = model.signUp
            model.signedIn.subscribe(next: { signedIn.append($0) }).disposed(by: screen!.bag)
        }
        taps.send(value: ())
        scheduler.advance(by: .milliseconds(200))
        #expect(signedIn.value == [true])
        screen = nil              // the screen's bag ends the binding to the output
        #expect(weakAction != nil) // the binding into inputs still holds it
        taps.sendCompleted()      // the button goes: its taps complete
        #expect(weakAction == nil)
        _ = screen
    }
}
