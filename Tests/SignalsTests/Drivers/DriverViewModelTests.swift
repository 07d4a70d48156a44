// The RxSwift app shape, on virtual time: a view model takes drivers in and gives drivers out,
// composing them with map / combineLatest / withLatestFrom / flatMapLatest (RxExample's GitHub
// search); a view controller — a @MainActor final class with properties — binds each output
// with assign(to:on:) or subscribe(with:next:); RxFeedback's Driver loop drives one. No
// share / observe(on:) / assumeIsolated workarounds.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

/// GitHub's search API on virtual time: answers 100 ms after the request.
private struct SearchAPI: Sendable {
    let scheduler: TestScheduler
    let requests = Locked<[String]>([])

    func search(_ query: String) -> Signal<[String], Never> {
        Signal.deferred { [requests, scheduler] in
            _ = requests.append(query)
            return Signal<Int, Never>.timer(after: .milliseconds(100), on: scheduler).map { _ in ["\(query)/1", "\(query)/2"] }
        }
    }
}

/// RxExample's GitHub search view model: drivers in, drivers out.
private struct RepositorySearchViewModel {
    let repositories: MainActorSignal<[String], Never>
    let title: MainActorSignal<String, Never>
    let isSearchEnabled: MainActorSignal<Bool, Never>

    init(query: MainActorSignal<String, Never>, refreshTaps: MainActorSignal<Void, Never>, api: SearchAPI) {
        let searches = query.debounce(.milliseconds(300)).distinctUntilChanged()
        let requests = searches.merge(with: refreshTaps.withLatestFrom(query) { _, text in text })
        repositories = requests
            .flatMapLatest { text in text.isEmpty ? Signal.just([]) : api.search(text) }
            .startWith([])   // shared, as every driver operator's result: one request for both views
        title = MainActorSignal.combineLatest(query, repositories) { text, found in
            text.isEmpty ? "Search" : "\(found.count) for \(text)"
        }
        isSearchEnabled = query.map { $0.count >= 2 }.distinctUntilChanged()
    }
}

/// The view controller: main-actor state, each property bound to one output.
@MainActor private final class RepositorySearchViewController {
    var rows: [String] = []
    var title = ""
    var isSearchEnabled = false
    private(set) var updates = 0
    let bag = DisposeBag()

    func bind(_ model: RepositorySearchViewModel) {
        model.repositories.assign(to: \.rows, on: self).disposed(by: bag)
        model.title.assign(to: \.title, on: self).disposed(by: bag)
        model.isSearchEnabled
            .subscribe(with: self, next: { controller, enabled in
                controller.isSearchEnabled = enabled
                controller.updates += 1
            })
            .disposed(by: bag)
    }
}

// RxFeedback's Driver flavour: `Driver.system(initialState:reduce:feedback:)`. The loops see
// the states on a later turn of the driver's scheduler (RxFeedback's
// `MainScheduler.asyncInstance`), so a loop that answers at once does not re-enter the reduce.
@MainActor private func system<State: Sendable, Event>(
    initial: State,
    reduce: @escaping @Sendable (State, Event) -> State,
    scheduler: MainActorScheduler,
    feedback loops: [@Sendable (MainActorSignal<State, Never>) -> MainActorSignal<Event, Never>]
) -> MainActorSignal<State, Never> {
    Signal.deferred {
        let state = ReplaySubject<State, Never>(capacity: 1)
        let states = state.signal.observe(on: scheduler)
        return Signal.merge(loops.map { loop in loop(states).signal })
            .on(started: { state.send(value: initial) })
            .scan(initial, reduce)
            .on(next: { state.send(value: $0) })
            .startWith(initial)
    }
    .driver(on: scheduler)
}

private struct SavedCounter: Sendable, Equatable {
    var count = 0
    var saved = 0
    var isSaving: Bool { saved != count }
}

private enum CounterEvent: Sendable {
    case increment
    case saved(Int)
}

/// The UI loop: each tap is an increment.
private func increments(_ taps: Signal<Void, Never>, scheduler: TestScheduler) -> @Sendable (MainActorSignal<SavedCounter, Never>) -> MainActorSignal<CounterEvent, Never> {
    { _ in taps.driver(on: scheduler.mainActor).map { CounterEvent.increment } }
}

/// The reacting loop: saves each new count; the server answers 100 ms later, and a newer
/// count cuts the save in flight.
private func saves(scheduler: TestScheduler) -> @Sendable (MainActorSignal<SavedCounter, Never>) -> MainActorSignal<CounterEvent, Never> {
    { states in
        states.filter { $0.isSaving }.map { $0.count }.distinctUntilChanged()
            .flatMapLatest { count in
                Signal<Int, Never>.timer(after: .milliseconds(100), on: scheduler).map { _ in CounterEvent.saved(count) }
            }
    }
}

@MainActor private final class CounterViewController {
    var label = ""
    var isSpinnerVisible = false
    let taps = Subject<Void, Never>()
    let bag = DisposeBag()

    init(scheduler: TestScheduler) {
        let states = system(
            initial: SavedCounter(),
            reduce: { state, event in
                var state = state
                switch event {
                case .increment: state.count += 1
                case .saved(let count): state.saved = count
                }
                return state
            },
            scheduler: scheduler.mainActor,
            feedback: [increments(taps.signal, scheduler: scheduler), saves(scheduler: scheduler)]
        )
        states.map { "count: \($0.count)" }.assign(to: \.label, on: self).disposed(by: bag)
        states.map { $0.isSaving }.distinctUntilChanged()
            .subscribe(with: self, next: { controller, saving in controller.isSpinnerVisible = saving })
            .disposed(by: bag)
    }
}

@Suite struct DriverViewModelTests {
    @MainActor @Test func theSearchViewModelComposesDriversInAndOut() {
        let scheduler = TestScheduler()
        let api = SearchAPI(scheduler: scheduler)
        let query = Subject<String, Never>(), refresh = Subject<Void, Never>()
        let model = RepositorySearchViewModel(
            query: query.signal.startWith("").driver(on: scheduler.mainActor),
            refreshTaps: refresh.signal.driver(on: scheduler.mainActor),
            api: api
        )
        let controller = RepositorySearchViewController()
        controller.bind(model)
        #expect(controller.title == "Search") // bound inline, on the main actor
        #expect(controller.rows == [])
        #expect(controller.isSearchEnabled == false)

        query.send(value: "s"); query.send(value: "si")
        #expect(controller.isSearchEnabled == true)
        scheduler.advance(by: .milliseconds(300)) // typing paused: one request, for "si"
        scheduler.advance(by: .milliseconds(100))
        #expect(api.requests.value == ["si"])      // one request for both views (drivers share)
        #expect(controller.rows == ["si/1", "si/2"])
        #expect(controller.title == "2 for si")

        refresh.send(value: ())                     // withLatestFrom: the query again
        scheduler.advance(by: .milliseconds(50))
        query.send(value: "sig")                    // flatMapLatest cuts the refresh in flight
        scheduler.advance(by: .milliseconds(400))
        #expect(api.requests.value == ["si", "si", "sig"])
        #expect(controller.rows == ["sig/1", "sig/2"])
        #expect(controller.updates == 2)            // false, true: distinctUntilChanged
    }

    @MainActor @Test func rxFeedbacksDriverLoopDrivesAMainActorViewController() {
        let scheduler = TestScheduler()
        let controller = CounterViewController(scheduler: scheduler)
        #expect(controller.label == "count: 0")
        #expect(controller.isSpinnerVisible == false)

        controller.taps.send(value: ())
        scheduler.advance() // the loops see the state on the next turn
        #expect(controller.label == "count: 1")
        #expect(controller.isSpinnerVisible == true)
        controller.taps.send(value: ())
        scheduler.advance()
        #expect(controller.label == "count: 2")
        scheduler.advance(by: .milliseconds(100)) // the save of 2 (the save of 1 was cut)
        #expect(controller.isSpinnerVisible == false)
        #expect(controller.label == "count: 2")
    }

    @MainActor @Test func subscribeWithDropsTheValuesOnceTheOwnerIsGone() {
        let values = Subject<Int, Never>()
        let seen = Locked<[Int]>([])
        var controller: RepositorySearchViewController? = RepositorySearchViewController()
        weak let weakController = controller
        let subscription = values.signal.driver()
            .subscribe(with: controller!, next: { _, value in seen.append(value) })
        values.send(value: 1)
        controller = nil
        #expect(weakController == nil) // held weakly: no cycle, no retain
        values.send(value: 2)
        #expect(seen.value == [1])
        subscription.dispose()
    }

    @Test func signalSubscribeWithHoldsTheOwnerWeakly() {
        final class Owner: Sendable {}
        let values = Subject<Int, Never>()
        let seen = Locked<[Int]>([])
        var owner: Owner? = Owner()
        weak let weakOwner = owner
        let subscription = values.signal.subscribe(with: owner!, next: { _, value in seen.append(value) })
        values.send(value: 1)
        owner = nil
        #expect(weakOwner == nil)
        values.send(value: 2)
        #expect(seen.value == [1])
        subscription.dispose()
    }
}
