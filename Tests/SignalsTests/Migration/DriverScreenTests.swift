// A Driver-style screen, ported from RxSwift's example app (GitHub search): typing →
// debounce → the API through flatMapLatest → driver(replacingErrorsWith: []) → a @MainActor
// view model's property. All on virtual time: the API answers on the TestScheduler, the
// driver delivers on `scheduler.mainActor`. No share(replay: 1) or observe(on:) workaround.

import Testing
import Signals
import SignalsTesting
import SignalsTestSupport

private struct Repository: Equatable, Sendable {
    let name: String
}

private struct GitHubError: Error, Equatable {}

/// GitHub's search API on virtual time: answers 100 ms after the request; "boom" fails.
private struct GitHubAPI: Sendable {
    let scheduler: TestScheduler
    let requests = Locked<[String]>([])

    func search(_ query: String) -> Signal<[Repository], GitHubError> {
        Signal.deferred { [requests, scheduler] in
            _ = requests.append(query)
            return Signal<Int, GitHubError>.timer(after: .milliseconds(100), on: scheduler)
                .flatMap { _ -> Signal<[Repository], GitHubError> in
                    query == "boom" ? .error(GitHubError()) : .just([Repository(name: "\(query)/1"), Repository(name: "\(query)/2")])
                }
        }
    }
}

/// The screen's model, as an app writes it: main-actor state fed by drivers in `init`.
@MainActor private final class GitHubSearchModel {
    private(set) var repositories: [Repository] = []
    private(set) var title = ""
    /// The results, for a second view that subscribes later (a table and a count label).
    let results: MainActorSignal<[Repository], Never>
    private let bag = DisposeBag()

    init(query: Signal<String, Never>, api: GitHubAPI, scheduler: MainActorScheduler = .mainActor) {
        results = query
            .debounce(.milliseconds(300), on: scheduler)
            .distinctUntilChanged()
            .setFailureType(to: GitHubError.self)
            .flatMapLatest { text in text.isEmpty ? .just([]) : api.search(text) }
            .driver(replacingErrorsWith: [], on: scheduler)
        results.subscribe(next: { [weak self] in self?.repositories = $0 }).disposed(by: bag)
        query.startWith("").map { $0.isEmpty ? "Search" : "Results for \($0)" }
            .driver(on: scheduler)
            .assign(to: \.title, on: self)
            .disposed(by: bag)
    }
}

@Suite struct DriverScreenTests {
    @MainActor @Test func theViewModelShowsTheResultsOfTheLastQueryOnceTypingPauses() {
        let scheduler = TestScheduler()
        let api = GitHubAPI(scheduler: scheduler)
        let query = Subject<String, Never>()
        let model = GitHubSearchModel(query: query.signal, api: api, scheduler: scheduler.mainActor)
        #expect(model.title == "Search") // the driver delivered inline, during init

        query.send(value: "sig")
        scheduler.advance(by: .milliseconds(100))
        query.send(value: "signals")
        #expect(model.title == "Results for signals")
        scheduler.advance(by: .milliseconds(300))  // typing paused: the request goes out
        #expect(api.requests.value == ["signals"])
        #expect(model.repositories == [])
        scheduler.advance(by: .milliseconds(100))  // the answer
        #expect(model.repositories.map(\.name) == ["signals/1", "signals/2"])
    }

    @MainActor @Test func aNewQueryCancelsTheRequestInFlight() {
        let scheduler = TestScheduler()
        let api = GitHubAPI(scheduler: scheduler)
        let query = Subject<String, Never>()
        let model = GitHubSearchModel(query: query.signal, api: api, scheduler: scheduler.mainActor)
        query.send(value: "rx")
        scheduler.advance(by: .milliseconds(350))  // "rx" requested, answer due at 400 ms
        query.send(value: "signals")
        scheduler.advance(by: .milliseconds(300))  // "signals" requested at 650 ms: "rx" is cut
        scheduler.advance(by: .milliseconds(100))
        #expect(api.requests.value == ["rx", "signals"])
        #expect(model.repositories.map(\.name) == ["signals/1", "signals/2"])
    }

    @MainActor @Test func aLateSubscriberGetsTheLatestResultsAtOnceFromTheSameRequest() {
        let scheduler = TestScheduler()
        let api = GitHubAPI(scheduler: scheduler)
        let query = Subject<String, Never>()
        let model = GitHubSearchModel(query: query.signal, api: api, scheduler: scheduler.mainActor)
        query.send(value: "signals")
        scheduler.advance(by: .milliseconds(400))
        let count = Locked<[Int]>([])
        let label = model.results.subscribe(next: { @MainActor in count.append($0.count) })
        #expect(count.value == [2])              // replayed, inline
        #expect(api.requests.value == ["signals"]) // shared: no second request
        label.dispose()
    }

    @MainActor @Test func anAPIErrorShowsNoResultsAndEndsTheDriverWithoutFailing() {
        let scheduler = TestScheduler()
        let api = GitHubAPI(scheduler: scheduler)
        let query = Subject<String, Never>()
        let model = GitHubSearchModel(query: query.signal, api: api, scheduler: scheduler.mainActor)
        query.send(value: "signals")
        scheduler.advance(by: .milliseconds(400))
        #expect(model.repositories.count == 2)
        let ended = Flag()
        let watcher = model.results.subscribe(completed: { @MainActor in ended.set() })
        query.send(value: "boom")
        scheduler.advance(by: .milliseconds(400))
        #expect(model.repositories == [])       // the error became [], as asDriver(onErrorJustReturn: [])
        #expect(ended.isSet)                    // then the driver completed, without failing
        watcher.dispose()
    }
}
