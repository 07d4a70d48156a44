// The gallery's second half: the sharing family, the subjects and state types, and the
// creators. Each picture runs its signal on virtual time with several subscribers that join
// and leave at their own ticks (`TestScheduler.diagram(_:inputs:output:subscribers:…)`), so
// the source's shading shows who is subscribed to it when. GalleryTests and
// PictureLayoutTests check `allGalleryPictures`: both halves.

import Signals
import SignalsTesting

/// Every picture of the gallery, in its order: the operators, then these.
let allGalleryPictures: [GalleryPicture] = galleryPictures + sharingGalleryPictures

/// One sentence under each picture of the whole gallery.
let allGallerySentences: [String: String] = gallerySentences.merging(sharingGallerySentences) { first, _ in first }

private let sharing = "Sharing"
private let subjectsAndState = "Subjects and state"
private let creating = "Creating"

/// A subscriber's times, in ticks: it subscribes at `from` and, if `to` is given, leaves then.
private func during(_ from: Int, _ to: Int? = nil) -> TestSubscription {
    TestSubscription(.seconds(from), to.map { .seconds($0) })
}

/// A lane of the calls a picture makes during its run (`connect()`, the connection's
/// `dispose()`, a resource made and released), each drawn as a note (a log lane) at its time.
final class CallLane: MarbleDiagramInput, Sendable {
    private let scheduler: TestScheduler
    private let calls = _Locked<[MarbleDiagram.Marble]>([])

    init(on scheduler: TestScheduler) { self.scheduler = scheduler }

    /// Records `call` now.
    func record(_ call: String) {
        let time = scheduler.now.offset
        calls.withLock { $0.append(.value(call, at: time)) }
    }

    /// Runs `action` at `tick` and records `call` then.
    func call(_ call: String, at tick: Int, _ action: @escaping @Sendable () -> Void) {
        scheduler.schedule(after: .seconds(tick) - scheduler.now.offset) { [self] in
            action()
            record(call)
        }
    }

    func marbleLane(named name: String) -> MarbleDiagram.Lane {
        var lane = MarbleDiagram.Lane(name, events: calls.withLock { $0 })
        lane.isLog = true
        return lane
    }
}

/// The pictures of the sharing family, the subjects and state types, and the creators.
let sharingGalleryPictures: [GalleryPicture] = [
    // MARK: Sharing
    GalleryPicture("share", "share()", sharing) { s in
        let source: TestSignal<Int, Never> = s.hot("-1-2-3-4-5-6-|")
        return s.diagram("source.signal.share()", inputs: ["source": source], output: source.signal.share(),
                         subscribers: ["A": during(0, 6), "B": during(2, 8), "C": during(10)])
    },
    GalleryPicture("share-replay", "share(replay:)", sharing) { s in
        let source: TestSignal<Int, Never> = s.hot("-1-2-3-4-5-|")
        return s.diagram("source.signal.share(replay: 1)", inputs: ["source": source], output: source.signal.share(replay: 1),
                         subscribers: ["A": during(0, 8), "B": during(4)])
    },
    GalleryPicture("replayLazily", "replayLazily(upTo:)", sharing) { s in
        let source: TestSignal<Int, Never> = s.hot("-1-2-3-4---|")
        return s.diagram("source.signal.replayLazily(upTo: 2)", inputs: ["source": source], output: source.signal.replayLazily(upTo: 2),
                         subscribers: ["A": during(0, 4), "B": during(6)])
    },
    GalleryPicture("publish", "publish(), connect()", sharing) { s in
        let source: TestSignal<Int, Never> = s.hot("-1-2-3-4-5-6-|")
        let published = source.signal.publish()
        let calls = CallLane(on: s), connection = _Locked<(any Disposable)?>(nil)
        calls.call("connect", at: 2) { connection.withLock { $0 = published.connect() } }
        calls.call("dispose", at: 10) { connection.withLock { $0 }?.dispose() }
        return s.diagram("let p = source.signal.publish(); p.connect()", inputs: ["source": source, "calls": calls],
                         output: published.signal, subscribers: ["A": during(0, 6), "B": during(4)], until: .seconds(14))
    },
    GalleryPicture("multicast", "multicast(_:)", sharing) { s in
        let source: TestSignal<Int, Never> = s.hot("-1-2-3-4-|")
        let multicast = source.signal.multicast(ReplaySubject(capacity: 2))
        let calls = CallLane(on: s)
        calls.call("connect", at: 0) { _ = multicast.connect() }
        return s.diagram("source.signal.multicast(ReplaySubject(capacity: 2))", inputs: ["source": source, "calls": calls],
                         output: multicast.signal, subscribers: ["A": during(2), "B": during(6)])
    },
    GalleryPicture("refCount", "refCount()", sharing) { s in
        let source: TestSignal<Int, Never> = s.hot("-1-2-3-4-5-|")
        return s.diagram("source.signal.publish().refCount()", inputs: ["source": source], output: source.signal.publish().refCount(),
                         subscribers: ["A": during(0, 4), "B": during(2, 6), "C": during(8), "D": during(13)])
    },
    GalleryPicture("autoconnect", "autoconnect()", sharing) { s in
        let source: TestSignal<Int, Never> = s.hot("-1-2-3-4-5-|")
        return s.diagram("source.signal.publish().autoconnect()", inputs: ["source": source], output: source.signal.publish().autoconnect(),
                         subscribers: ["A": during(2, 6), "B": during(8)])
    },

    // MARK: Subjects and state
    GalleryPicture("subject", "Subject", subjectsAndState) { s in
        let sends: TestSignal<Int, Never> = s.hot("-1-2-3-4-|")
        let subject = Subject<Int, Never>()
        sends.signal.subscribe(next: { subject.send(value: $0) }, completed: { subject.sendCompleted() })
        return s.diagram("Subject<Int, Never>()", inputs: ["send": sends], output: subject.signal,
                         subscribers: ["A": during(0, 6), "B": during(4), "C": during(10)])
    },
    GalleryPicture("replaySubject", "ReplaySubject(capacity:)", subjectsAndState) { s in
        let sends: TestSignal<Int, Never> = s.hot("-1-2-3-4-|")
        let subject = ReplaySubject<Int, Never>(capacity: 2)
        sends.signal.subscribe(next: { subject.send(value: $0) }, completed: { subject.sendCompleted() })
        return s.diagram("ReplaySubject<Int, Never>(capacity: 2)", inputs: ["send": sends], output: subject.signal,
                         subscribers: ["A": during(2), "B": during(6), "C": during(10)])
    },
    GalleryPicture("behaviorSubject", "BehaviorSubject(value:)", subjectsAndState) { s in
        let sends: TestSignal<Int, Never> = s.hot("--1-2---3-|")
        let subject = BehaviorSubject<Int, Never>(value: 0)
        sends.signal.subscribe(next: { subject.send(value: $0) }, completed: { subject.sendCompleted() })
        return s.diagram("BehaviorSubject<Int, Never>(value: 0)", inputs: ["send": sends], output: subject.signal,
                         subscribers: ["A": during(0), "B": during(5), "C": during(12)])
    },
    GalleryPicture("mergeInput", "MergeInput", subjectsAndState) { s in
        let a: TestSignal<String, Never> = s.hot("-a---b---c-|"), b: TestSignal<String, Never> = s.hot("---x---y|")
        let input = MergeInput<String, Never>()
        let calls = CallLane(on: s)
        calls.call("attach(a)", at: 2) { input.attach(a.signal) }
        calls.call("attach(b)", at: 4) { input.attach(b.signal) }
        calls.call("cancel", at: 10) { input.cancel() }
        return s.diagram("MergeInput<String, Never>()", inputs: ["a": a, "b": b, "calls": calls], output: input.signal,
                         subscribers: ["A": during(0), "B": during(6)])
    },
    GalleryPicture("mutableProperty-signal", "signal (on properties)", subjectsAndState) { s in
        let sets: TestSignal<Int, Never> = s.hot("-1-2---3--")
        let property = MutableProperty(0)
        sets.signal.subscribe(next: { property.value = $0 })
        return s.diagram("MutableProperty(0).signal", inputs: ["value =": sets], output: property.signal,
                         subscribers: ["A": during(0), "B": during(5)], until: .seconds(10))
    },
    GalleryPicture("mutableProperty-changes", "changes (on properties)", subjectsAndState) { s in
        let sets: TestSignal<Int, Never> = s.hot("-1-2---3--")
        let property = MutableProperty(0)
        sets.signal.subscribe(next: { property.value = $0 })
        return s.diagram("MutableProperty(0).changes", inputs: ["value =": sets], output: property.changes,
                         subscribers: ["A": during(0), "B": during(5)], until: .seconds(10))
    },
    GalleryPicture("property-initial-then", "Property(initial:then:)", subjectsAndState) { s in
        let source: TestSignal<Int, Never> = s.hot("--1-2-3-|")
        let property = Property(initial: 0, then: source.signal)
        return withExtendedLifetime(property) {
            s.diagram("Property(initial: 0, then: source.signal).signal", inputs: ["source": source], output: property.signal,
                      subscribers: ["A": during(1), "B": during(5), "C": during(10)], until: .seconds(11))
        }
    },
    GalleryPicture("property-map", "map(_:) (on properties)", subjectsAndState) { s in
        let sets: TestSignal<Int, Never> = s.hot("-2-3---4--")
        let count = MutableProperty(1)
        sets.signal.subscribe(next: { count.value = $0 })
        let tenfold = count.map { $0 * 10 }
        return withExtendedLifetime(tenfold) {
            s.diagram("count.map { $0 * 10 }.signal", inputs: ["count =": sets], output: tenfold.signal,
                      subscribers: ["A": during(0), "B": during(5)], until: .seconds(10))
        }
    },
    GalleryPicture("property-combineLatest", "combineLatest(with:) (on properties)", subjectsAndState) { s in
        let widths: TestSignal<Int, Never> = s.hot("--2-----3----"), heights: TestSignal<Int, Never> = s.hot("-----5-----6-")
        let width = MutableProperty(1), height = MutableProperty(4)
        widths.signal.subscribe(next: { width.value = $0 })
        heights.signal.subscribe(next: { height.value = $0 })
        let size = width.combineLatest(with: height)
        return withExtendedLifetime(size) {
            s.diagram("width.combineLatest(with: height).signal", inputs: ["width =": widths, "height =": heights], output: size.signal,
                      subscribers: ["A": during(0), "B": during(6)], until: .seconds(13), label: { "(\($0.0), \($0.1))" })
        }
    },
    GalleryPicture("property-flatMap", "flatMap(_:_:) (on properties)", subjectsAndState) { s in
        let choices: TestSignal<String, Never> = s.hot("----b-----"), aSets: TestSignal<Int, Never> = s.hot("-2-----3--")
        let bSets: TestSignal<Int, Never> = s.hot("--7---8---")
        let choice = MutableProperty("a"), a = MutableProperty(1), b = MutableProperty(6)
        choices.signal.subscribe(next: { choice.value = $0 })
        aSets.signal.subscribe(next: { a.value = $0 })
        bSets.signal.subscribe(next: { b.value = $0 })
        let followed = choice.flatMap(.latest) { $0 == "a" ? a : b }
        return withExtendedLifetime(followed) {
            s.diagram("choice.flatMap(.latest) { $0 == \"a\" ? a : b }.signal",
                      inputs: ["choice =": choices, "a =": aSets, "b =": bSets], output: followed.signal,
                      subscribers: ["A": during(0), "B": during(5)], until: .seconds(10))
        }
    },
    GalleryPicture("assign-to", "assign(to:) (a MutableProperty)", subjectsAndState) { s in
        let source: TestSignal<Int, Never> = s.hot("-1-2-3-4--")
        let property = MutableProperty(0)
        let calls = CallLane(on: s), binding = _Locked<(any Disposable)?>(nil)
        binding.withLock { $0 = source.signal.assign(to: property) }
        calls.call("dispose", at: 6) { binding.withLock { $0 }?.dispose() }
        return withExtendedLifetime(property) {
            s.diagram("source.signal.assign(to: property); property.signal", inputs: ["source": source, "binding": calls],
                      output: property.signal, subscribers: ["A": during(0), "B": during(4)], until: .seconds(10))
        }
    },
    GalleryPicture("action", "Action(enabledIf:allowsConcurrentExecution:execute:)", subjectsAndState) { s in
        let applies: TestSignal<Int, Never> = s.hot("--1-2--3----")
        let action = Action<Int, Int, Never> { n in Signal<Int, Never>.timer(after: .seconds(3), on: s).map { _ in n } }
        let executing = action.isExecuting.signal.record(scheduler: s)
        applies.signal.subscribe(next: { _ = action.apply($0).subscribe(error: { _ in }) })
        return s.diagram("action.values, Action { n in timer(3).map { _ in n } }",
                         inputs: ["apply": applies, "isExecuting": executing], output: action.values,
                         subscribers: ["A": during(0), "B": during(6)], until: .seconds(12))
    },
    GalleryPicture("action-errors", "errors (on Action)", subjectsAndState) { s in
        let applies: TestSignal<Int, Never> = s.hot("-1---2---3---")
        let action = Action<Int, Int, PictureFailure> { n in
            Signal<Int, Never>.timer(after: .seconds(2), on: s).setFailureType(to: PictureFailure.self)
                .flattenMap { _ in n == 2 ? .error(PictureFailure()) : .just(n) }
        }
        let values = action.values.record(scheduler: s)
        applies.signal.subscribe(next: { _ = action.apply($0).subscribe(error: { _ in }) })
        return s.diagram("action.errors, Action { n in timer(2).flattenMap { _ in n == 2 ? .error(oops) : .just(n) } }",
                         inputs: ["apply": applies, "values": values], output: action.errors,
                         subscribers: ["A": during(0)], until: .seconds(12))
    },
    GalleryPicture("lifetime-ended", "ended (on Lifetime)", subjectsAndState) { s in
        let (lifetime, token) = Lifetime.make()
        let calls = CallLane(on: s)
        calls.call("end()", at: 3) { token.end() }
        return s.diagram("lifetime.ended", inputs: ["token": calls], output: lifetime.ended,
                         subscribers: ["A": during(1), "B": during(6)], label: { _ in "()" })
    },

    // MARK: Creating
    GalleryPicture("just", "just(_:)", creating) { s in
        s.diagram("Signal.just(1)", output: Signal<Int, Never>.just(1), subscribers: ["A": during(1), "B": during(4)])
    },
    GalleryPicture("empty", "empty", creating) { s in
        s.diagram("Signal<Int, Never>.empty", output: Signal<Int, Never>.empty, subscribers: ["A": during(1), "B": during(4)])
    },
    GalleryPicture("never", "never", creating) { s in
        s.diagram("Signal<Int, Never>.never", output: Signal<Int, Never>.never,
                  subscribers: ["A": during(1, 4), "B": during(3)], until: .seconds(6))
    },
    GalleryPicture("error", "error(_:)", creating) { s in
        s.diagram("Signal<Int, PictureFailure>.error(oops)", output: Signal<Int, PictureFailure>.error(PictureFailure()),
                  subscribers: ["A": during(1), "B": during(4)])
    },
    GalleryPicture("from", "from(_:)", creating) { s in
        s.diagram("Signal.from([1, 2, 3])", output: Signal<Int, Never>.from([1, 2, 3]), subscribers: ["A": during(1), "B": during(4)])
    },
    GalleryPicture("deferred", "deferred(_:)", creating) { s in
        let output = Signal<Int, Never>.deferred { .just(Int(s.now.offset / s.tick)) }
        return s.diagram("Signal.deferred { .just(ticksSoFar()) }", output: output, subscribers: ["A": during(1), "B": during(4)])
    },
    GalleryPicture("generate", "Signal.generate(first:while:next:)", creating) { s in
        s.diagram("Signal.generate(first: 1, while: { $0 < 10 }, next: { $0 * 2 })",
                  output: Signal<Int, Never>.generate(first: 1, while: { $0 < 10 }, next: { $0 * 2 }), subscribers: ["A": during(1)])
    },
    GalleryPicture("range", "Signal.range(start:count:)", creating) { s in
        s.diagram("Signal.range(start: 5, count: 3)", output: Signal<Int, Never>.range(start: 5, count: 3), subscribers: ["A": during(1)])
    },
    GalleryPicture("using", "Signal.using(_:release:_:)", creating) { s in
        let source: TestSignal<String, Never> = s.cold("-a-b-c|")
        let calls = CallLane(on: s)
        let output = Signal<String, Never>.using({ calls.record("make") }, release: { _ in calls.record("release") }) { _ in source.signal }
        return s.diagram("Signal.using({ make() }, release: { release($0) }) { _ in source.signal }",
                         inputs: ["resource": calls, "source": source], output: output,
                         subscribers: ["A": during(1, 5), "B": during(7)])
    },
]

/// One sentence under each picture of the second half.
let sharingGallerySentences: [String: String] = [
    "share": "A connects the source at 0 and B joins it at 2; when B, the last, leaves at 8 the source is disposed (5 reaches no one), and C connects it anew at 10.",
    "share-replay": "B joins at 4 and receives the latest value, 2, at once, then shares A's subscription to the source.",
    "replayLazily": "The source stays connected after A leaves at 4; B, at 6, receives the last two values, 2 and the 3 that no one heard.",
    "publish": "Nothing reaches A or B until connect() subscribes the source at 2, once for both; disposing the connection at 10 stops it for everyone.",
    "multicast": "connect() subscribes the source before anyone listens; the replay subject gives A (at 2) and B (at 6) its last two values.",
    "refCount": "A's subscription connects the source; it is disposed when B, the last, leaves at 6, and C connects it again at 8. D, after the completion, receives it at once from the ended subject: the source is not subscribed again (share() would start over).",
    "autoconnect": "A connects the source at 2; it stays connected after A leaves at 6, so 4 is lost, and B at 8 joins the same subscription.",
    "subject": "Each value goes to whoever is subscribed when it is sent: B never sees 1 or 2; C, after the completion, receives it at once.",
    "replaySubject": "Each new subscriber receives the last two values first; C, after the completion, receives them and the completion.",
    "behaviorSubject": "A subscriber receives the current value at once (0, then 2 for B); after the completion, C receives only the completion.",
    "mergeInput": "Each attached upstream feeds the output from its attachment on (a's first value is before it); cancel() detaches them and completes.",
    "mutableProperty-signal": "A subscriber receives the current value at once, then every change: B, at 5, starts with 2.",
    "mutableProperty-changes": "Only the changes after subscribing: no current value at once, so B, at 5, waits for 3.",
    "property-initial-then": "The property holds 0 until the source's first value; a subscriber receives the current value at once; when the source completes, so does the property's signal, and C, later, receives the last value and the completion.",
    "property-map": "The derived property's signal sends the transformed current value at once, then each change, in its source's colour.",
    "property-combineLatest": "Every change of either property sends the new pair; B, at 6, receives the current pair at once.",
    "property-flatMap": "The output follows a until the choice becomes b at 4, then b's current value and changes; a's 3 no longer reaches it.",
    "assign-to": "Each value of the source becomes the property's value until the binding is disposed at 6; 4 is not assigned.",
    "action": "apply(2) at 4 is refused while apply(1) runs (isExecuting is true); each execution's value reaches values, and B, at 6, sees only 3.",
    "action-errors": "An execution that fails sends its error on errors, not on values; the next apply runs as before.",
    "lifetime-ended": "ended sends () and completes when the lifetime ends at 3; a subscriber after the end receives them at once.",
    "just": "Each subscriber receives 1 and the completion at the tick it subscribes.",
    "empty": "Each subscriber receives only the completion, at once.",
    "never": "No event ever: A's subscription lasts until A disposes it at 4, B's until the end.",
    "error": "Each subscriber receives the failure at once.",
    "from": "Each subscriber receives every element and the completion at once, at the tick it subscribes.",
    "deferred": "The signal is made per subscription, when it happens: A, at 1, receives 1; B, at 4, receives 4.",
    "generate": "1, doubled while below 10: every value and the completion, at once.",
    "range": "Three consecutive integers from 5, at once, then the completion.",
    "using": "A resource is made for each subscription and released when it ends: A disposes at 5, B (from 7) ends with the source's completion.",
]
