// The picture of the "A room feed, step by step" article (RoomFeed.md): a small room feed run
// on virtual time, drawn and compared, byte for byte, with the committed
// Sources/Signals/Signals.docc/Resources/room-feed.svg. SIGNALS_UPDATE_PICTURES=1 rewrites it.
// The room below is the article's, scaled down: a history of 2 (the server keeps 50), a
// typing quiet period of 3 ticks, a rate window of 5 ticks.

import Foundation
import Testing
import Signals
import SignalsTesting

/// What a follower of the pictured room receives.
private enum FeedEvent: Sendable, Equatable {
    case message(String)
    case typing(String?)
    case rate(Int)

    /// The marble's label: a message's text, `ann…` while ann types, `quiet` once nobody does,
    /// `n/5` for the rate (n messages in the 5-tick window).
    var label: String {
        switch self {
        case .message(let text): text
        case .typing(let author?): "\(author)…"
        case .typing(nil): "quiet"
        case .rate(let count): "\(count)/5"
        }
    }
}

/// The article's room: a history, the typing pings, the posts; typing and rate built once
/// and shared by its followers.
private final class PictureRoom: Sendable {
    let history: ReplaySubject<String, Never>
    let pings: Subject<String, Never>
    let posts: Subject<String, Never>
    let typing: Signal<String?, Never>
    let rate: Signal<Int, Never>

    init(historySize: Int, typingQuiet: Duration, rateWindow: Duration, on scheduler: some Scheduler) {
        let pings = Subject<String, Never>(), posts = Subject<String, Never>()
        (history, self.pings, self.posts) = (ReplaySubject(capacity: historySize), pings, posts)
        let saying = pings.signal.map { author -> String? in author }
        let quiet = pings.signal.debounce(typingQuiet, on: scheduler).map { _ -> String? in nil }
        typing = saying.merge(quiet).distinctUntilChanged().share(replay: 1)
        rate = posts.signal.window(timeSpan: rateWindow, count: .max, on: scheduler)
            .flattenMap { $0.count() }
            .share(replay: 1)
    }

    func post(_ text: String) {
        history.send(value: text)
        posts.send(value: text)
    }

    /// One follower's feed: the history then live messages, typing and rate, merged.
    var feed: Signal<FeedEvent, Never> {
        Signal.merge([
            history.signal.map(FeedEvent.message),
            typing.map(FeedEvent.typing),
            rate.map(FeedEvent.rate),
        ])
    }
}

/// The run: posts a, b, c before the follower joins at tick 6 (it receives the last two at
/// once), ann types at 8 and 9 (cleared 3 ticks after the last ping, at 12), d is posted
/// at 10, the first rate window (from 6) closes at 11, and the server's lifetime ends at 14.
func roomFeedDiagram() -> MarbleDiagram {
    let scheduler = TestScheduler()
    let posts: TestSignal<String, Never> = scheduler.hot("-a-b-c----d------")
    let pings: TestSignal<String, Never> = scheduler.hot("--------aa-------", values: ["a": "ann"])
    let room = PictureRoom(historySize: 2, typingQuiet: .seconds(3), rateWindow: .seconds(5), on: scheduler)
    let postsIn = posts.signal.subscribe(next: { room.post($0) })
    let pingsIn = pings.signal.subscribe(next: { room.pings.send(value: $0) })
    let (lifetime, token) = Lifetime.make()
    let shutdown = scheduler.schedule(after: .seconds(14)) { token.end() }
    let follower = room.feed.take(during: lifetime).delaySubscription(.seconds(6), on: scheduler)
    var diagram = scheduler.diagram(
        "a room feed: history, then live messages, typing and rate, until the lifetime ends",
        inputs: ["posts": posts, "typing": pings],
        output: follower,
        named: "follower",
        until: .seconds(16),
        label: \.label
    )
    postsIn.dispose()
    pingsIn.dispose()
    shutdown.dispose()
    // Wider ticks than the gallery's 40 pixels: the follower's `1/5` at 11 and `quiet` at 12
    // need 44 to sit side by side on the lane's line (at 40, quiet was lifted above it).
    diagram.tickWidth = 48
    return diagram
}

@Suite struct RoomFeedPictureTests {
    private let file = repositoryRoot.appendingPathComponent("Sources/Signals/Signals.docc/Resources/room-feed.svg")

    @Test func theFollowerReceivesTheHistoryThenLiveEventsUntilTheLifetimeEnds() throws {
        let text = roomFeedDiagram().description
        let lane = try #require(text.split(separator: "\n").first { $0.hasPrefix("follower") })
        // b and c replayed on joining at 6 (a is older than the history of 2); ann's typing at
        // 8 (her second ping changes nothing); d at 10; the rate of the window 6–11; typing
        // cleared 3 ticks after the last ping; completion when the lifetime ends at 14.
        #expect(lane.split(separator: " ").dropFirst() == ["b@6", "c@6", "ann…@8", "d@10", "1/5@11", "quiet@12", "|@14"], "\(text)")
    }

    @Test func thePictureMatchesTheCommittedFile() {
        let problem = compareWithCommitted(roomFeedDiagram().svg, at: file)
        #expect(problem == nil, "\(problem ?? "")")
    }

    @Test func thePictureKeepsTheLayoutRules() {
        // The gallery's rules (Tests/Support/PictureLayout.swift): every mark at its time, no
        // two overlapping, a mark off its lane's line only when stacked above another mark of
        // its tick (b and c at 6), terminal events on the line.
        let problems = layoutProblems(of: roomFeedDiagram())
        #expect(problems.isEmpty, "\(problems.joined(separator: "; "))")
    }

    @Test func thePictureIsWellFormedAndTheSameOnEveryRun() {
        let first = roomFeedDiagram().svg, second = roomFeedDiagram().svg
        #expect(first == second)
        let check = checkWellFormed(first)
        #expect(check.error == nil, "\(check.error ?? "")")
    }
}
