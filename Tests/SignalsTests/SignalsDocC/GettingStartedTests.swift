// The three features of the Getting Started article (Signals.docc/GettingStarted.md), with
// the tests the article shows: a type-ahead search feeding a `@MainActor` view model, a
// reducer over merged actions with a periodic refresh that retries, and an async API
// bridged into a signal. Every test runs on virtual time. Keep this file and the article
// in step: the article's snippets are these declarations and test bodies.

import Signals
import SignalsTesting
import Synchronization
import Testing

// MARK: - 1. Type-ahead search

/// The search pipeline: wait for a pause in typing, skip repeats and short queries, and keep
/// only the latest request (a new query disposes the request still running).
func searchResults(
    for queries: Signal<String, Never>,
    search: @escaping @Sendable (String) -> Signal<[String], Never>,
    on scheduler: some Scheduler
) -> Signal<[String], Never> {
    queries
        .debounce(.milliseconds(300), on: scheduler)
        .distinctUntilChanged()
        .filter { $0.count >= 2 }
        .flatMapLatest(search)
}

/// The screen's state, on the main actor.
@MainActor final class SearchViewModel {
    private(set) var results: [String] = []
    private let bag = DisposeBag()

    /// The app passes no scheduler (`.mainActor`); a test passes `testScheduler.mainActor`.
    init(results updates: Signal<[String], Never>, scheduler: MainActorScheduler = .mainActor) {
        updates
            .observe(on: scheduler)
            .subscribe(next: { [weak self] rows in self?.results = rows })
            .disposed(by: bag)
    }
}

@Suite struct GettingStartedTypeAheadTests {
    @Test func onlyTheLatestQueryIsAnsweredOnceTypingPauses() {
        let scheduler = TestScheduler(tick: .milliseconds(100))
        let typing = scheduler.hot("-a-b---c---------|", values: ["a": "s", "b": "sw", "c": "swi"])
        // The fake search answers after half a second.
        let search: @Sendable (String) -> Signal<[String], Never> = { query in
            scheduler.cold("-----r|", values: ["r": ["\(query)ft", "\(query)tch"]]).signal
        }

        let results = searchResults(for: typing.signal, search: search, on: scheduler)

        // "s" is cut by "sw" before the pause; "sw" is asked at 6 and cut by "swi" at 10.
        let expectation = scheduler.expect(
            results, "---------------r-|", values: ["r": ["swift", "switch"]])
        #expect(expectation.isMet, "\(expectation)")
    }

    @Test func aRepeatedQueryIsNotAskedAgain() {
        let scheduler = TestScheduler(tick: .milliseconds(100))
        let typing = scheduler.hot("-a-----a-----|", values: ["a": "sw"])
        let asked = Mutex<[String]>([])
        let search: @Sendable (String) -> Signal<[String], Never> = { query in
            asked.withLock { $0.append(query) }
            return .just([query])
        }

        let recorder = searchResults(for: typing.signal, search: search, on: scheduler)
            .record(scheduler: scheduler)
        scheduler.run()

        #expect(asked.withLock { $0 } == ["sw"])
        #expect(recorder.values == [["sw"]])
        #expect(recorder.isCompleted)
    }

    @MainActor @Test func theViewModelShowsOnlyTheLatestAnswer() {
        let scheduler = TestScheduler(tick: .milliseconds(100))
        let typing = scheduler.hot("-a-b---c---------|", values: ["a": "s", "b": "sw", "c": "swi"])
        let search: @Sendable (String) -> Signal<[String], Never> = { query in
            scheduler.cold("-----r|", values: ["r": ["\(query)ft"]]).signal
        }
        let model = SearchViewModel(
            results: searchResults(for: typing.signal, search: search, on: scheduler),
            scheduler: scheduler.mainActor)   // the app passes nothing: .mainActor

        scheduler.advance(by: .milliseconds(1_400))   // "sw" was asked at 600 ms, cut at 1,000
        #expect(model.results == [])
        scheduler.advance(by: .milliseconds(100))     // "swi" answers at 1,500 ms
        #expect(model.results == ["swift"])
    }
}

// MARK: - 2. A reducer over merged actions, with a periodic refresh that retries

enum CounterAction: Sendable, Equatable {
    case increment
    case reset
    case loaded(Int)
    case loadFailed
}

struct CounterState: Sendable, Equatable {
    var count = 0
    var isOffline = false
}

/// The screen's state: the user's taps and a refresh every `period`, merged into one stream
/// of actions, folded by a reducer. A refresh retries twice, then reports the failure; a
/// refresh that is still running when the next one is due is left to finish.
func counterStates(
    taps: Signal<CounterAction, Never>,
    load: Signal<Int, LoadError>,
    refreshEvery period: Duration,
    on scheduler: some Scheduler
) -> Signal<CounterState, Never> {
    let refreshes = Signal<Int, Never>.interval(period, on: scheduler)
        .flatMapFirst { _ in
            load.retry(2)
                .map { CounterAction.loaded($0) }
                .replaceError(with: .loadFailed)
        }
    return Signal.merge(taps, refreshes)
        .scan(into: CounterState()) { state, action in
            switch action {
            case .increment: state.count += 1
            case .reset: state.count = 0
            case .loaded(let count): state = CounterState(count: count)
            case .loadFailed: state.isOffline = true
            }
        }
        .distinctUntilChanged()
}

struct LoadError: Error, Equatable {}

/// A fake server that gives its answers in order, one per request.
///
/// `retry` subscribes again to the *same* signal, so the request is made in
/// `Signal.deferred`: each subscription asks anew.
final class FakeServer: Sendable {
    private let answers: Mutex<[Signal<Int, LoadError>]>

    init(answers: [Signal<Int, LoadError>]) {
        self.answers = Mutex(answers)
    }

    var count: Signal<Int, LoadError> {
        Signal.deferred {
            self.answers.withLock { $0.isEmpty ? .error(LoadError()) : $0.removeFirst() }
        }
    }
}

@Suite struct GettingStartedReducerTests {
    @Test func tapsAndRefreshesFoldIntoOneState() {
        let scheduler = TestScheduler()
        let taps = scheduler.hot("-i-i-------r--|", values: ["i": CounterAction.increment, "r": .reset])
        let server = FakeServer(answers: [
            scheduler.cold("-#", error: LoadError()),   // the first request fails ...
            scheduler.cold("-a|", values: ["a": 10], error: LoadError()),   // ... the retry answers 10
            scheduler.cold("-#", error: LoadError()),   // the second refresh fails three times
            scheduler.cold("-#", error: LoadError()),
            scheduler.cold("-#", error: LoadError()),
        ].map(\.signal))

        let states = counterStates(taps: taps.signal, load: server.count, refreshEvery: .seconds(5), on: scheduler)
            .take(until: Signal<Int, Never>.timer(after: .seconds(14), on: scheduler))

        let expectation = scheduler.expect(states, "-a-b---c---d-z|", values: [
            "a": CounterState(count: 1),
            "b": CounterState(count: 2),
            "c": CounterState(count: 10),
            "d": CounterState(count: 0),
            "z": CounterState(count: 0, isOffline: true),
        ])
        #expect(expectation.isMet, "\(expectation)")
    }
}

// MARK: - 3. An async API bridged into a signal

struct Profile: Sendable, Equatable {
    let name: String
}

enum APIError: Error, Equatable {
    case offline
    case timedOut
}

/// The app's async API.
protocol ProfileAPI: Sendable {
    func profile(id: Int) async throws(APIError) -> Profile
}

/// A profile request: given up after five seconds and tried once more.
///
/// `fetch` makes the request as a signal; the app passes one built on the async API (see
/// ``profileFetcher(_:)``), a test passes a signal on virtual time.
func profile(
    id: Int,
    fetch: @escaping @Sendable (Int) -> Signal<Profile, APIError>,
    on scheduler: some Scheduler
) -> Signal<Profile, APIError> {
    Signal.deferred { fetch(id) }
        .timeout(.seconds(5), on: scheduler, error: .timedOut)
        .retry(1)
}

/// The production `fetch`: each subscription runs the async call in a task (disposing
/// cancels it). The closure's error type is written out: `throws(APIError)`.
func profileFetcher(_ api: some ProfileAPI) -> @Sendable (Int) -> Signal<Profile, APIError> {
    { id in Signal.task { () async throws(APIError) -> Profile in try await api.profile(id: id) } }
}

struct StubAPI: ProfileAPI {
    func profile(id: Int) async throws(APIError) -> Profile {
        if id < 0 { throw .offline }
        return Profile(name: "user \(id)")
    }
}

@Suite struct GettingStartedAsyncBridgeTests {
    @Test func aSlowRequestTimesOutAndIsTriedOnce() {
        let scheduler = TestScheduler()
        let slow = scheduler.cold("-------p|", values: ["p": Profile(name: "Ada")], error: APIError.offline)

        let result = profile(id: 1, fetch: { _ in slow.signal }, on: scheduler)

        let expectation = scheduler.expect(result, "----------#", error: .timedOut)
        #expect(expectation.isMet, "\(expectation)")
        #expect(slow.subscriptions == [TestSubscription(.seconds(0), .seconds(5)), TestSubscription(.seconds(5), .seconds(10))])
    }

    @Test func aFastAnswerArrivesOnTime() {
        let scheduler = TestScheduler()
        let fast = scheduler.cold("--p|", values: ["p": Profile(name: "Ada")], error: APIError.offline)

        let result = profile(id: 1, fetch: { _ in fast.signal }, on: scheduler)

        let expectation = scheduler.expect(result, "--p|", values: ["p": Profile(name: "Ada")])
        #expect(expectation.isMet, "\(expectation)")
    }

    @Test func asyncCodeAwaitsTheSignal() async throws {
        let scheduler = TestScheduler()
        let result = profile(id: 7, fetch: { _ in .just(Profile(name: "Ada")) }, on: scheduler)

        let first = try await result.firstValue()

        #expect(first == Profile(name: "Ada"))
    }

    @Test func theProductionFetcherKeepsTheAPIsErrorType() async throws {
        let fetch = profileFetcher(StubAPI())

        await #expect(throws: APIError.offline) { try await fetch(-1).firstValue() }
        #expect(try await fetch(3).firstValue() == Profile(name: "user 3"))
    }
}

// MARK: - Testing at the edges (the article's last section)

private func fakeNetworkSearch(_ query: String) async -> [String] { ["\(query)ft"] }

@Suite struct GettingStartedEdgeTests {
    @Test func theRealSearchAnswers() async throws {
        let recorder = Signal.task { await fakeNetworkSearch("sw") }.record()
        #expect(try await recorder.next(timeout: .seconds(60)) == ["swft"])
        #expect(try await recorder.completion(timeout: .seconds(60)) == .completed)
    }

    @Test func aCancelledWaitThrows() async {
        let answer = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await Signal<Int, any Error>.never.firstValue()
        }
        await #expect(throws: CancellationError.self) { try await answer.value }
    }

    @Test func aCancelledWaitOnASignalThatCannotFailReturnsNil() async {
        let answer = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return (await Signal<Int, Never>.never.firstValue(), Task.isCancelled)
        }
        let (value, cancelled) = await answer.value
        #expect(value == nil && cancelled)
    }
}
