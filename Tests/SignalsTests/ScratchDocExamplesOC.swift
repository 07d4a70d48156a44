import Testing
import Signals

@Suite struct ScratchDocExamplesOC {
    @Test func run() {
        print("--using")
        let numbers = Signal<Int, Never>.using({ print("open"); return 3 }, release: { _ in print("close") }) { n in
            Signal.from(1...n)
        }
        numbers.subscribe(next: { print($0) })
        print("--on")
        Signal.from([1, 2]).on(next: { print("saw", $0) }, completed: { print("done") })
            .subscribe(next: { print($0) })
        print("--log")
        Signal.from([1, 2]).log("numbers").subscribe(next: { _ in })
        Signal.from([1, 2]).log("numbers").subscribe()
        print("--catch")
        Signal<Int, Oops>.from([1, 2]).concat(.error(Oops()))
            .catch { _ in Signal<Int, Never>.just(0) }
            .subscribe(next: { print($0) })
        let inferred: Signal<Int, Oops> = Signal<Int, Oops>.from([1]).catch { _ in .just(0) }
        _ = inferred
        let inferred2 = Signal<Int, Oops>.from([1]).catch { _ in .just(0) }
        print(type(of: inferred2))
        print("--replaceError")
        Signal<Int, Oops>.just(1).concat(.error(Oops())).replaceError(with: -1)
            .subscribe(next: { print($0) })
        print("--retry")
        let flaky = Signal<Int, Oops>.just(1).concat(.error(Oops()))
        flaky.retry(2).subscribe(next: { print($0) }, error: { _ in print("failed") })
        print("--retry when")
        flaky.retry(when: { errors in
            errors.zip(with: .from(1...3)).flattenMap { error, attempt in attempt < 3 ? .just(()) : .error(error) }
        })
        .subscribe(next: { print($0) }, error: { _ in print("failed") })
        print("--repeat")
        Signal.from([1, 2]).repeat(3).subscribe(next: { print($0) })
        print("--startWith")
        Signal.from([3, 4]).startWith(1, 2).subscribe(next: { print($0) })
        Signal.just(3).startWith(Signal.from([1, 2])).subscribe(next: { print($0) })
        print("--then")
        let save = Signal<Int, Never>.from([1, 2])
        save.then(Signal.just("saved")).subscribe(next: { print($0) })
        print("--withLatestFrom")
        let taps = Subject<Void, Never>(), text = Subject<String, Never>()
        taps.signal.withLatestFrom(text.signal).subscribe(next: { print($0.1) })
        taps.send(value: ()); text.send(value: "a"); text.send(value: "ab"); taps.send(value: ())
        print("--sample")
        let values = Subject<Int, Never>(), ticks = Subject<Void, Never>()
        values.signal.sample(on: ticks.signal).subscribe(next: { print($0) })
        values.send(value: 1); values.send(value: 2); ticks.send(value: ()); ticks.send(value: ())
        print("--zip")
        let a = Subject<Int, Never>(), b = Subject<Int, Never>()
        Signal.zip([a.signal, b.signal]).subscribe(next: { print($0) })
        a.send(value: 1); a.send(value: 2); b.send(value: 10); b.send(value: 20)
        let nums = Subject<Int, Never>(), letters = Subject<String, Never>()
        Signal.zip(nums.signal, letters.signal).subscribe(next: { print($0) })
        nums.send(value: 1); nums.send(value: 2); letters.send(value: "a")
        Signal.zip(Signal.from([1, 2]), Signal.from(["a", "b"]), Signal.from([true]))
            .subscribe(next: { print($0) })
        Signal.from([1, 2, 3]).zip(with: Signal.from(["a", "b"])).subscribe(next: { print($0) })
    }
}
