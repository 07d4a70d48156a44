// The gallery is an artefact of this test: each picture is drawn by running its operator on
// virtual time and compared, byte for byte, with the file committed in the DocC catalog. A
// change in an operator's behaviour shows up as a failing test here and as a changed picture
// in review. SIGNALS_UPDATE_PICTURES=1 rewrites the files (and the Gallery article).

import Foundation
import Testing
import Signals
import SignalsTesting

/// The repository's root, from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

private let resources = repositoryRoot.appendingPathComponent("Sources/Signals/Signals.docc/Resources")
private let galleryArticle = repositoryRoot.appendingPathComponent("Sources/Signals/Signals.docc/Gallery.md")

/// Whether this run rewrites stale pictures instead of failing.
let updatingPictures = ProcessInfo.processInfo.environment["SIGNALS_UPDATE_PICTURES"] == "1"

/// Compares `content` with the file at `url`; rewrites it when updating. Returns a failure
/// message, or `nil` when they match (or the file was rewritten).
func compareWithCommitted(_ content: String, at url: URL) -> String? {
    let committed = try? String(contentsOf: url, encoding: .utf8)
    if committed == content { return nil }
    if updatingPictures {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        do {
            try content.write(to: url, atomically: true, encoding: .utf8)
            return nil
        } catch {
            return "could not write \(url.path): \(error)"
        }
    }
    let relative = url.path.replacingOccurrences(of: repositoryRoot.path + "/", with: "")
    return committed == nil
        ? "\(relative) is missing; run the tests with SIGNALS_UPDATE_PICTURES=1 to write it, then review and commit it"
        : "\(relative) is stale (the operator now draws a different picture); if the change is meant, "
            + "run the tests with SIGNALS_UPDATE_PICTURES=1 to rewrite it, then review the diff and commit it"
}

/// The Gallery article: every picture under its section, generated with the pictures.
func galleryMarkdown() -> String {
    var text = """
        # Gallery

        Every operator drawn from a run of the operator itself, starting with the primitive
        they are all made of, `bind`.

        ## Overview

        Each picture below was produced by running the operator on a `TestScheduler` (virtual
        time) and recording its inputs and its output with `TestScheduler.diagram(_:inputs:output:named:until:label:)`
        from SignalsTesting: one lane per signal, values as labelled marbles at their ticks,
        completion as a bar, failure as a cross, and the intervals each signal was subscribed
        shaded. Output lanes are in bold, below the inputs. The pictures are not drawn by hand: a
        test (`GalleryTests`) redraws them all and fails when one no longer matches the
        committed file, so a change in an operator's behaviour shows up as a changed picture.
        The name above each picture links to the operator's page, which shows the same picture;
        <doc:Operators> lists every operator with its composition.

        How to read them (each picture carries this key at its foot): the shaded band is the
        time a signal was subscribed; a marble is a value, drawn at its tick on the lane's
        line; events sharing a tick are stacked above the line at that tick, in the order they
        happened, a completion or a failure staying on the line; a bar is completion, a red
        cross is failure (its text under it), and a dashed bar ends a subscription that was
        disposed — cancelled — rather than ended by its own events. What a signal would have
        sent but nobody received is drawn faded: the rest of an inner signal that a switch
        cut, an inner signal that an exhaust ignored, or a value a full buffer dropped (at the
        tick it was dropped). A lane of square notes on a dotted
        line is a log (lines a hook wrote, calls such as `connect()`), not a signal. A value
        keeps the colour of the input event that caused it (a combined value shows each of
        its sources), so it can be followed through the operator; a value with no source is
        grey. A long empty stretch of time is drawn as a break in the axis. The pictures
        follow the reader's colour scheme: in dark mode the card is dark.

        """
    // Each name links to its page: a Signal operator (`map(_:)`) to ``Signal/map(_:)``, a
    // name that starts with an upper-case letter (`ReplaySubject`, `Signal.zip(_:_:)`) to
    // ``ReplaySubject``, ``Signal/zip(_:_:)``; a name that is no symbol's path
    // (`combineLatest(…)`, `flatten(.merge)`, `share().refCount()`) is plain code. DocC
    // fails the build on a link that is ambiguous (overloads) or resolves to nothing: such
    // a name gets its link here — a disambiguated one, to the overload whose page shows the picture (DocC's error lists the choices:
    // `-method`, a signature like `-((Value)->U)`, or a hash like `-lagy`, which is stable
    // while the declaration's signature is), or `nil` for plain code. A link whose title
    // differs from the name is shown after it.
    let links: [String: String?] = [
        // bind's two overloads differ by an `inout` closure parameter, which DocC cannot
        // disambiguate by signature: linked by the hash of each one's symbol (its USR, which
        // is stable while the declaration's signature is; build-docs fails if one changes).
        "bind(_:)": "Signal/bind(_:)-95b2e",
        "bind(_:) (BindControl)": "Signal/bind(_:)-7s0gt",
        "map(_:)": "Signal/map(_:)-((Value)->U)",
        "merge(_:)": "Signal/merge(_:)-(Signal)",
        "withLatestFrom(_:)": "Signal/withLatestFrom(_:)-(Signal<Other,Failure>)",
        "withLatestFrom(_:resultSelector:)": "Signal/withLatestFrom(_:resultSelector:)-(Signal<Other,Failure>,_)",
        "sample(on:)": "Signal/sample(on:)-(Signal<T,Never>)",
        "take(until:)": "Signal/take(until:)-(Signal<T,Never>)",
        "skip(until:)": "Signal/skip(until:)-(Signal<T,Never>)",
        "concat(_:)": "Signal/concat(_:)-method",
        "combineLatest(…)": "Signal/combineLatest(_:_:)",
        "Signal.zip(…)": "Signal/zip(_:_:)",
        "startWith(_:)": "Signal/startWith(_:)-(Value...)",
        "then(_:)": "Signal/then(_:)->Signal<U,Failure>",
        "flatten(.merge)": "Signal/flatten(_:)->Signal<V,Failure>",
        "flatten(.concat)": "Signal/flatten(_:)->Signal<V,Failure>",
        "flatten(.latest)": "Signal/flatten(_:)->Signal<V,Failure>",
        "flatten(.first)": "Signal/flatten(_:)->Signal<V,Failure>",
        "flatMapLatest(_:)": "Signal/flatMapLatest(_:)-((Value)->Signal<U,Failure>)",
        "Signal.race(_:)": "Signal/race(_:_:)",
        "Signal.timer(after:on:)": "Signal/timer(after:on:)-lagy",
        "Signal.interval(_:on:)": "Signal/interval(_:on:)-1yggn",
        "observe(on:)": "Signal/observe(on:)->Signal<Value,Failure>",
        "multicast(_:)": "Signal/multicast(_:)-(ReplaySubject<Value,Failure>)",
        "refCount()": "ConnectableSignal/refCount()",
        "autoconnect()": "ConnectableSignal/autoconnect()",
        "ReplaySubject(capacity:)": "ReplaySubject/init(capacity:)",
        "BehaviorSubject(value:)": "BehaviorSubject/init(value:)",
        "Property(initial:then:)": "Property/init(initial:then:)",
        "Action(enabledIf:allowsConcurrentExecution:execute:)": "Action",
        "just(_:)": "Signal/just(_:)-36jq9",
        "from(_:)": "Signal/from(_:)-9c4kc",
        "Signal.generate(first:while:next:)": "Signal/generate(first:while:next:)-9ia90",
        "Signal.range(start:count:)": "Signal/range(start:count:)-4l2w",
    ]
    func linked(_ name: String) -> String {
        let target: String?
        if let link = links[name] {
            target = link
        } else if name.wholeMatch(of: /[A-Za-z_]\w*(\.[A-Za-z_]\w*)*(\((\w+:)*\))?/) == nil {
            // Not a symbol's path: `flatten(.merge)`, `combineLatest(…)`, `publish/connect`.
            target = nil
        } else if name.contains("."), name.first?.isUppercase != true {
            target = nil
        } else if let first = name.first, first.isUppercase {
            // `Type.member` is the symbol path `Type/member`.
            let call = name.firstIndex(of: "(") ?? name.endIndex
            target = name[..<call].replacingOccurrences(of: ".", with: "/") + name[call...]
        } else {
            target = "Signal/" + name
        }
        guard let target else { return "`\(name)`" }
        // The symbol the link shows, without its disambiguation (`-method`, `-((Value)->U)`).
        let symbol = target.firstIndex(of: ")").map { String(target[...$0]) } ?? String(target.prefix { $0 != "-" })
        let title = String(symbol.split(separator: "/").last ?? "")
        return title == name || symbol.replacingOccurrences(of: "/", with: ".") == name
            ? "``\(target)``" : "`\(name)` (``\(target)``)"
    }
    var section = ""
    for picture in allGalleryPictures {
        if picture.section != section {
            section = picture.section
            text += "\n### \(section)\n"
        }
        text += "\n\(linked(picture.operatorName))\n\n![\(picture.diagram.title)](marble-\(picture.name).svg)\n"
        if let sentence = allGallerySentences[picture.name] { text += "\n\(sentence)\n" }
    }
    return text
}

@Suite struct GalleryTests {
    @Test func theGalleryHasAPictureForAtLeastFortyOperatorsWithDistinctNames() {
        #expect(allGalleryPictures.count >= 40)
        #expect(Set(allGalleryPictures.map(\.name)).count == allGalleryPictures.count)
    }

    @Test(arguments: allGalleryPictures.map(\.name))
    func everyPictureMatchesItsCommittedFile(name: String) throws {
        let picture = try #require(allGalleryPictures.first { $0.name == name })
        let svg = picture.diagram.svg
        let problem = compareWithCommitted(svg, at: resources.appendingPathComponent("marble-\(name).svg"))
        #expect(problem == nil, "\(problem ?? "")")
    }

    @Test(arguments: allGalleryPictures.map(\.name))
    func everyPictureIsWellFormedXMLAndTheSameOnEveryRun(name: String) throws {
        let picture = try #require(allGalleryPictures.first { $0.name == name })
        let first = picture.diagram.svg, second = picture.diagram.svg
        #expect(first == second)
        let check = checkWellFormed(first)
        #expect(check.error == nil, "\(check.error ?? "")")
        #expect(check.elements.contains("title") && check.elements.contains("desc"))
        #expect(!check.elements.contains("script") && !check.elements.contains("image"))
    }

    @Test func theGalleryArticleListsEveryPicture() {
        let problem = compareWithCommitted(galleryMarkdown(), at: galleryArticle)
        #expect(problem == nil, "\(problem ?? "")")
    }

    @Test func everyPictureHasASentenceAndIsShownOnAPage() throws {
        let missing = allGalleryPictures.map(\.name).filter { allGallerySentences[$0] == nil }
        #expect(missing.isEmpty, "pictures without a sentence: \(missing)")
        // Each picture is shown on its operator's page too (a `![…](marble-NAME.svg)` line in
        // its doc comment).
        var sources = ""
        for folder in ["Core", "Operators", "Scheduling", "Concurrency", "Sharing", "Subjects", "Creating", "State", "Drivers"] {
            let url = repositoryRoot.appendingPathComponent("Sources/Signals/\(folder)")
            for file in try FileManager.default.contentsOfDirectory(atPath: url.path) where file.hasSuffix(".swift") {
                sources += try String(contentsOf: url.appendingPathComponent(file), encoding: .utf8)
            }
        }
        let unshown = allGalleryPictures.map(\.name).filter { !sources.contains("(marble-\($0).svg)") }
        #expect(unshown.isEmpty, "pictures on no operator page: \(unshown)")
    }

    @Test func noStalePictureFilesAreLeftInTheCatalog() throws {
        let names = Set(allGalleryPictures.map { "marble-\($0.name).svg" })
        let files = try FileManager.default.contentsOfDirectory(atPath: resources.path).filter { $0.hasPrefix("marble-") }
        let stale = files.filter { !names.contains($0) }.sorted()
        #expect(stale.isEmpty, "pictures no gallery entry draws any more (delete them): \(stale)")
    }
}
