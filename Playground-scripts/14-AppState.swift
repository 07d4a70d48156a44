// Chapter 14 · App state: properties and actions
//
// An app is not made of operators alone: it holds state ("what is typed in the name field?")
// and runs work on demand ("sign up, once, and show a spinner meanwhile"). A
// `MutableProperty` holds a value you read and write from any thread, with a signal of its
// changes; a `Property` is read-only state, and `map`, `combineLatest` and `flatMap(.latest)`
// derive new properties from old ones, so derived state always has a current value. An
// `Action` runs a signal per `apply`, refuses while it is disabled or already running, and
// says so through two properties a screen binds to: `isEnabled` (the button) and
// `isExecuting` (the spinner). `executions` sends every run as a signal of its own, so
// `executions.switchToLatest()` follows only the newest.
//
// ReactiveSwift users know these types by the same names; RxSwift users know them as
// `BehaviorRelay`, `bind(to:)` and the community `Action`; ReactiveCocoa 2 users as
// `RACCommand` and its `executionSignals`; Combine users as `CurrentValueSubject`.
//
// The chapter ends with the shape RxSwift apps are written in: a view model that takes
// drivers in and gives drivers out, composing them with `map`, `combineLatest`,
// `withLatestFrom` and `flatMapLatest`, a `@MainActor` view controller that binds each output
// to a property, and an `Action` fed by taps through `inputs` — all on virtual time.

import Dispatch
import Signals
import SignalsTesting

extension Chapter {
    static let appState = Chapter("state", title: "App state: properties and actions") {
        mutableProperties()
        derivedState()
        actions()
        latestExecution()
        onTheMainActor { aViewModelOfDrivers() }
    }
}

private func mutableProperties() {
    section("MutableProperty: a value, and a signal of its changes")
    show("let name = MutableProperty(\"\")")
    let name = MutableProperty("")
    show("name.signal.subscribe(next: { print(\"name is '\\($0)'\") })")
    let subscription = name.signal.subscribe(next: { print("  name is '\($0)'") })
    show("name.value = \"ada\"")
    name.value = "ada"
    show("name.modify { $0 = $0.capitalized }   // read and write in one step")
    name.modify { $0 = $0.capitalized }
    print("name.value: \(name.value)")
    subscription.dispose()

    section("assign(to:): bind a signal into a property")
    let typed = Subject<String, Never>()
    show("typed.signal.assign(to: name)")
    let binding = typed.signal.assign(to: name)
    show("typed.send(value: \"Grace\")")
    typed.send(value: "Grace")
    print("name.value: \(name.value)")
    binding.dispose()
    print("The binding holds the property weakly: it ends when either side ends.")
}

private func derivedState() {
    section("Derived state: map and combineLatest return properties")
    show("let isUsernameValid = username.map { $0.count >= 3 }")
    show("let canSignUp = Property.combineLatest(isUsernameValid, isPasswordValid) { $0 && $1 }")
    let username = MutableProperty(""), password = MutableProperty("")
    let isUsernameValid = username.map { $0.count >= 3 }
    let isPasswordValid = password.map { $0.count >= 8 }
    let canSignUp = Property.combineLatest(isUsernameValid, isPasswordValid) { $0 && $1 }
    let watching = canSignUp.signal.subscribe(next: { print("  canSignUp: \($0)") })
    show("username.value = \"ada\"")
    username.value = "ada"
    show("password.value = \"correct horse\"")
    password.value = "correct horse"
    print("(false twice: a change of a source is a change of what derives from it, even to an equal")
    print("value; add distinctUntilChanged() to the signal to skip repeats.)")
    print("canSignUp.value is \(canSignUp.value): derived state is always there to read.")
    watching.dispose()
}

/// A sign-up API that answers after two seconds, on the tour's virtual clock.
private func signUpAPI(on scheduler: TestScheduler) -> @Sendable (String) -> Signal<String, TourError> {
    { name in
        Signal<Int, TourError>.timer(after: .seconds(2), on: scheduler).flattenMap { _ in
            name == "taken" ? .error(TourError("that name is taken")) : .just("welcome, \(name)")
        }
    }
}

private func actions() {
    section("Action: work on demand, with isEnabled and isExecuting")
    let scheduler = TestScheduler()
    let username = MutableProperty("ada")
    let isValid = username.map { $0.count >= 3 }
    show("let signUp = Action(enabledIf: isValid) { name in api.signUp(name) }   // answers in 2 s")
    let api = signUpAPI(on: scheduler)
    let signUp = Action<String, String, TourError>(enabledIf: isValid) { name in api(name) }
    let button = signUp.isEnabled.signal.subscribe(next: { print("  [button \($0 ? "enabled" : "disabled")]") })
    let spinner = signUp.isExecuting.signal.subscribe(next: { print("  [spinner \($0 ? "on" : "off")]") })
    show("signUp.apply(\"ada\").subscribe(...)")
    let first = signUp.apply("ada").subscribe(
        next: { print("  \($0)") }, error: { print("  apply failed: \($0)") }
    )
    show("signUp.apply(\"ada\")   // tapped again while it runs")
    let second = signUp.apply("ada").subscribe(error: { print("  apply failed: \($0)") })
    show("scheduler.advance(by: .seconds(2))")
    scheduler.advance(by: .seconds(2))
    show("signUp.apply(\"taken\").subscribe(...); scheduler.advance(by: .seconds(2))")
    let third = signUp.apply("taken").subscribe(
        next: { print("  \($0)") }, error: { print("  apply failed: \($0)") }
    )
    scheduler.advance(by: .seconds(2))
    show("username.value = \"al\"   // too short: the button follows the derived state")
    username.value = "al"
    for subscription in [first, second, third, button, spinner] { subscription.dispose() }
    print("apply is cold: each subscription is one attempt, refused with .disabled while one runs.")
}

private func latestExecution() {
    section("executions.switchToLatest(): only the newest run counts")
    let scheduler = TestScheduler()
    show("let search = Action(allowsConcurrentExecution: true) { query in api.search(query) }   // 1 s a query")
    let search = Action<String, String, Never>(allowsConcurrentExecution: true) { query in
        Signal<Int, Never>.timer(after: .seconds(1), on: scheduler).map { _ in "results for '\(query)'" }
    }
    show("search.executions.switchToLatest().subscribe(next: { print($0) })")
    let results = search.executions.switchToLatest().subscribe(next: { print("  \($0)") })
    show("search.apply(\"si\"); search.apply(\"sig\"); search.apply(\"signals\")   // typed quickly")
    let runs = ["si", "sig", "signals"].map { search.apply($0).subscribe() }
    show("scheduler.advance(by: .seconds(1))")
    scheduler.advance(by: .seconds(1))
    print("Three searches ran; only the last one's results were shown.")
    for run in runs { run.dispose() }
    results.dispose()
}

// MARK: - A view model: drivers in, drivers out

/// The search screen's view model: drivers in (the query, the refresh taps), drivers out.
private struct SearchViewModel {
    let results: MainActorSignal<[String], Never>
    let title: MainActorSignal<String, Never>

    init(query: MainActorSignal<String, Never>, refresh: MainActorSignal<Void, Never>,
         search: @escaping @Sendable (String) -> Signal<[String], Never>) {
        let requests = query.debounce(.milliseconds(300)).distinctUntilChanged()
            .merge(with: refresh.withLatestFrom(query) { _, text in text })
        results = requests.flatMapLatest { search($0) }.startWith([])   // shared: one request for both views
        title = MainActorSignal.combineLatest(query, results) { text, rows in
            text.isEmpty ? "Search" : "\(rows.count) for '\(text)'"
        }
    }
}

/// The view controller: main-actor properties, each bound to one output.
@MainActor private final class SearchViewController {
    var rows: [String] = [] { didSet { print("  rows:", rows) } }
    var title = "" { didSet { print("  title:", title) } }
    var isSaving = false { didSet { print("  spinner:", isSaving) } }
    let bag = DisposeBag()

    func bind(_ model: SearchViewModel, save: Action<Void, String, Never>) {
        model.results.assign(to: \.rows, on: self).disposed(by: bag)
        model.title.subscribe(with: self, next: { controller, title in controller.title = title }).disposed(by: bag)
        save.isExecuting.driver().skip(1).assign(to: \.isSaving, on: self).disposed(by: bag)
    }
}

@MainActor private func aViewModelOfDrivers() {
    section("A view model: drivers in, drivers out")
    print("Drivers compose on the main actor (each operator is its Signal counterpart, no second")
    print("hop); the view controller binds with assign(to:on:) and subscribe(with:next:); the")
    print("driver's scheduler is a TestScheduler, so debounce and the API run on virtual time:")
    let scheduler = TestScheduler()
    let query = Subject<String, Never>(), refresh = Subject<Void, Never>(), saveTaps = Subject<Void, Never>()
    let search: @Sendable (String) -> Signal<[String], Never> = { text in
        print("  [request '\(text)']")
        return Signal<Int, Never>.timer(after: .milliseconds(100), on: scheduler).map { _ in ["\(text)/1", "\(text)/2"] }
    }
    show("let model = SearchViewModel(query: query.signal.startWith(\"\").driver(on: scheduler.mainActor), ...)")
    let model = SearchViewModel(
        query: query.signal.startWith("").driver(on: scheduler.mainActor),
        refresh: refresh.signal.driver(on: scheduler.mainActor),
        search: search
    )
    show("let save = Action<Void, String, Never>(enabledIf: query.signal.map { !$0.isEmpty }) { ... }")
    let save = Action<Void, String, Never>(enabledIf: query.signal.map { !$0.isEmpty }) { _ in
        Signal<Int, Never>.timer(after: .milliseconds(200), on: scheduler).map { _ in "saved" }
    }
    let controller = SearchViewController()
    show("controller.bind(model, save: save); saveTaps.signal.subscribe(save.inputs)")
    controller.bind(model, save: save)
    let feeding = saveTaps.signal.subscribe(save.inputs)
    let saves = save.values.subscribe(next: { print("  save:", $0) })
    show("query.send(value: \"si\"); query.send(value: \"sig\"); advance 300 ms, then 100 ms")
    query.send(value: "si")
    query.send(value: "sig")
    scheduler.advance(by: .milliseconds(300))
    scheduler.advance(by: .milliseconds(100))
    show("refresh.send(value: ())   // withLatestFrom: the same query again")
    refresh.send(value: ())
    scheduler.advance(by: .milliseconds(100))
    show("saveTaps.send(value: ()) twice   // inputs drops the tap that comes while saving: one save")
    saveTaps.send(value: ())
    saveTaps.send(value: ())
    scheduler.advance(by: .milliseconds(200))
    feeding.dispose()
    saves.dispose()
    _ = controller
}

/// Marks the main queue, to tell whether the tour already runs on it.
private let mainQueueMark: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()

/// Runs `body` on the main actor: inline when the tour runs on the main thread
/// (`swift run playground`), on the main queue when a test runs the chapter.
private func onTheMainActor(_ body: @MainActor () -> Void) {
    if DispatchQueue.getSpecific(key: mainQueueMark) == true {
        MainActor.assumeIsolated(body)
    } else {
        DispatchQueue.main.sync { MainActor.assumeIsolated(body) }
    }
}
