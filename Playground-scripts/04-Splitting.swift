// Chapter 4 · Splitting a stream: one signal per user, one signal per minute
//
// A chat room sends one stream of messages, but most questions are per user ("how many has
// each person sent?") or per stretch of time ("how many a minute?"). `groupBy` splits a
// signal into one signal per key, sent the moment a key is first seen; `window` splits it
// into consecutive windows of time or count. Both send *signals of signals* — the library's
// namesake — and the flatten strategies join them back: `.merge` runs every group at once,
// `.concat` one window after the other, `.latest` only the newest.
//
// Groups and windows are hot: each is sent just before its first value, so subscribe it
// right there, in the outer callback (flatten and flattenMap do). One put aside and
// subscribed later has missed what was sent meanwhile.

import Signals
import SignalsTesting

extension Chapter {
    static let splitting = Chapter("splitting", title: "Splitting a stream: per user, per minute") {
        perUser()
        perMinute()
    }
}

/// A chat message.
private struct Message: Sendable {
    let user: String
    let text: String
}

private let messages = [
    Message(user: "ann", text: "hi all"),
    Message(user: "bob", text: "hello"),
    Message(user: "ann", text: "lunch?"),
    Message(user: "cyd", text: "yes"),
    Message(user: "bob", text: "sure"),
    Message(user: "ann", text: "12:30 then"),
]

private func perUser() {
    section("groupBy: one signal per user")
    show("let byUser = chat.signal.groupBy { $0.user }")
    show("byUser.flattenMap { user in user.signal.scan(0) { n, _ in n + 1 }.map { \"\\(user.key): \\($0)\" } }")
    let chat = Subject<Message, Never>()
    let byUser = chat.signal.groupBy { $0.user }
    let counts = byUser
        .on(next: { print("  new group: \($0.key)") })
        .flattenMap { user in user.signal.scan(0) { count, _ in count + 1 }.map { "\(user.key): \($0)" } }
        .subscribe(next: { print("  \($0)") })
    for message in messages { chat.send(value: message) }
    counts.dispose()
    print("Each group is a signal of its own: scan counts per user, flattenMap (.merge) joins them.")

    section("Joining back with the other strategies")
    show("byUser.flatten(.merge)   // every user's messages: the chat again")
    let everyone = Recorder(Signal.from(messages).groupBy { $0.user }.flatten(.merge).map(\.text))
    print("  \(everyone.values.joined(separator: " | "))")
    show("byUser.flatMapLatest { $0.signal }   // only the newest user who spoke for the first time")
    let newest = Recorder(Signal.from(messages).groupBy { $0.user }.flatMapLatest { $0.signal }.map(\.text))
    print("  \(newest.values.joined(separator: " | "))")
    print("(cyd is the last new user: after \"yes\", ann's and bob's messages are no longer followed.)")

    section("Subscribe a group when it arrives, or miss what comes meanwhile")
    let late = Subject<Message, Never>()
    let groups = Recorder(late.signal.groupBy { $0.user })
    show("late.send(ann: \"one\")   // the group arrives; we keep it for later")
    late.send(value: Message(user: "ann", text: "one"))
    show("ann.signal.subscribe(...); late.send(ann: \"two\")")
    let ann = Recorder(groups.values[0].signal.map(\.text))
    late.send(value: Message(user: "ann", text: "two"))
    late.sendCompleted()
    print("  ann's group received: \(ann.values) then \(ann.isCompleted ? "completed" : "nothing")")
    print("\"one\" was sent before anyone listened: groups are hot, as in RxSwift.")
}

private func perMinute() {
    section("window: one signal per minute, on a virtual clock")
    show("let minutes = views.window(timeSpan: .seconds(60), count: .max, on: scheduler)")
    show("minutes.flattenMap(.concat) { $0.count() }")
    // One character is 10 seconds: page views during three and a half minutes.
    let scheduler = TestScheduler(tick: .seconds(10))
    let timeline = "-v-vv--v--vvv-vv-v--|"
    let views = scheduler.hot(timeline, values: ["v": "view"])
    let minutes = views.signal.window(timeSpan: .seconds(60), count: .max, on: scheduler)
    let perMinute = Recorder(minutes.flattenMap(.concat) { $0.count() }, scheduler: scheduler)
    let joined = Recorder(minutes.flatten(.concat).map { _ in "v" }, scheduler: scheduler)
    scheduler.run()
    print("views:       \(timeline)")
    print("per minute:  \(perMinute.marbles())")
    print("  \(perMinute.values.map { "\($0) views" }.joined(separator: ", "))")
    print("concat back: \(joined.marbles())")
    print("""
        A window closes every 60 s (6 ticks) and the next opens at once; count() reports each
        one as it closes, the last one when the views end. flatten(.concat) of the windows
        gives the views back: windows are consecutive, so concatenating loses nothing.
        """)
}
