// Chapter 7 · Disposables
//
// A subscription holds resources: a timer, a network request, its place in a subject's
// list of observers, the subscriptions of the signals it is built from. `subscribe`
// returns a `Disposable`, the handle that releases them. Disposing is idempotent, works
// from any thread, and once it returns no further event reaches your closure. A
// subscription that ends by itself (a terminal event) releases its resources too: the
// sink of chapter 6 disposes them when the first terminal event passes.
//
// Four small types compose every lifetime in the library:
// - `AnyDisposable { ... }` runs an action once;
// - `CompoundDisposable` disposes many together (adding to a disposed one disposes the
//   newcomer at once);
// - `SerialDisposable` holds one at a time (replacing disposes the previous one);
// - `DisposeBag` disposes what it holds when it goes away - tie subscriptions to an owner.
//
// ReactiveCocoa's `-bind:` pipeline is built from exactly these: a compound disposable
// holds the source's subscription and one serial disposable per inner signal; an inner
// that finishes removes its own disposable; the output completes when the list of live
// signals becomes empty; disposing the output disposes the whole list. The last section
// sketches that pipeline in a few lines, so that chapter 8's `bind` holds no mystery.

import Signals

extension Chapter {
    static let disposables = Chapter("disposables", title: "Disposables") {
        subscribeReturnsADisposable()
        theDisposableFamily()
        disposeBags()
        theBindPipelinesDisposables()
    }
}

private func subscribeReturnsADisposable() {
    section("`subscribe` returns a disposable")

    let ticks = Subject<Int, Never>()
    show(#"let subscription = traced("ticks", ticks.signal).subscribe(next: { print("tick", $0) })"#)
    let subscription = traced("ticks", ticks.signal).subscribe(next: { print("tick", $0) })
    show("ticks.send(value: 1)")
    ticks.send(value: 1)

    print("Disposing releases the subscription's resources; nothing reaches the closure any more.")
    show("subscription.dispose()")
    subscription.dispose()
    show("ticks.send(value: 2)")
    ticks.send(value: 2)
    print("subscription.isDisposed:", subscription.isDisposed)
    print("Disposing twice is a no-op.")
    show("subscription.dispose()")
    subscription.dispose()

    print("A subscription that has already ended returns a disposable that is already disposed.")
    show(#"let finished = Signal.just(1).subscribe(next: { print("got", $0) })"#)
    let finished = Signal.just(1).subscribe(next: { print("got", $0) })
    print("finished.isDisposed:", finished.isDisposed)
}

private func theDisposableFamily() {
    section("AnyDisposable runs its action once")
    let cleanup = AnyDisposable { print("cleaned up") }
    show("cleanup.dispose(); cleanup.dispose()")
    cleanup.dispose()
    cleanup.dispose()

    section("CompoundDisposable disposes many together")
    let first = AnyDisposable { print("first disposed") }
    let second = AnyDisposable { print("second disposed") }
    let third = AnyDisposable { print("third disposed") }
    show("let all = CompoundDisposable([first, second, third])")
    let all = CompoundDisposable([first, second, third])
    print("`remove` takes one out without disposing it (a finished inner signal does this).")
    show("all.remove(second)")
    all.remove(second)
    show("all.dispose()")
    all.dispose()
    print("Adding to a disposed compound disposes the newcomer at once.")
    show(#"all.add(AnyDisposable { print("late one disposed") })"#)
    all.add(AnyDisposable { print("late one disposed") })

    section("SerialDisposable holds one at a time")
    let current = SerialDisposable()
    show(#"current.inner = AnyDisposable { print("page 1 disposed") }"#)
    current.inner = AnyDisposable { print("page 1 disposed") }
    print("Replacing disposes the previous one:")
    show(#"current.inner = AnyDisposable { print("page 2 disposed") }"#)
    current.inner = AnyDisposable { print("page 2 disposed") }
    show("current.dispose()")
    current.dispose()
    print("After dispose, whatever is assigned is disposed at once:")
    show(#"current.inner = AnyDisposable { print("page 3 disposed") }"#)
    current.inner = AnyDisposable { print("page 3 disposed") }
}

private func disposeBags() {
    section("DisposeBag ties subscriptions to an owner")
    let updates = Subject<String, Never>()
    var bag: DisposeBag? = DisposeBag()
    show(#"traced("updates", updates.signal).subscribe(next: { print("update", $0) }).disposed(by: bag)"#)
    traced("updates", updates.signal).subscribe(next: { print("update", $0) }).disposed(by: bag!)
    show(#"updates.send(value: "first")"#)
    updates.send(value: "first")
    print("The owner goes away, and its bag with it:")
    show("bag = nil")
    bag = nil
    show(#"updates.send(value: "second")"#)
    updates.send(value: "second")
}

/// ReactiveCocoa's `-bind:` pipeline reduced to its disposables: `flatten` by hand.
///
/// A sketch to read, not to ship: the real pipeline (`bind`, in Core/Bind.swift) also
/// serialises the output when inner signals emit on several threads, and runs long
/// synchronous chains without growing the stack. The library's rule is that operators
/// are written with `bind`, never like this; chapter 8 starts from here.
func sketchOfFlatten<Value>(_ outer: Signal<Signal<Value, Never>, Never>) -> Signal<Value, Never> {
    Signal { observer in
        // Everything this subscription holds: the source's subscription, and one
        // serial disposable per live inner signal.
        let everything = CompoundDisposable()
        // The signals still running: the source, plus each inner signal.
        let live = MutexBox(1)

        @Sendable func oneFinished() {
            let remaining = live.withLock { count -> Int in
                count -= 1
                return count
            }
            print("  (live signals: \(remaining))")
            if remaining == 0 { observer.sendCompleted() }
        }

        // Each slot is created and added *before* its subscription starts, so that a
        // dispose arriving meanwhile still reaches it; the subscription fills it after.
        let sourceSlot = SerialDisposable()
        everything.add(sourceSlot)
        sourceSlot.inner = outer.subscribe(
            next: { inner in
                let count = live.withLock { count -> Int in
                    count += 1
                    return count
                }
                print("  (live signals: \(count))")
                let innerSlot = SerialDisposable()
                everything.add(innerSlot)
                innerSlot.inner = inner.subscribe(
                    next: { value in observer.send(value: value) },
                    completed: {
                        everything.remove(innerSlot) // a finished inner removes its own disposable
                        oneFinished()
                    }
                )
            },
            completed: { oneFinished() }
        )
        return everything // disposing the output disposes the whole list
    }
}

private func theBindPipelinesDisposables() {
    section("The bind pipeline's disposables, by hand")
    let signals = Subject<Signal<String, Never>, Never>()
    let first = Subject<String, Never>()
    let second = Subject<String, Never>()

    show("sketchOfFlatten(signals.signal).subscribe(next: { print($0) }, completed: { print(\"completed\") })")
    sketchOfFlatten(signals.signal).subscribe(next: { print($0) }, completed: { print("completed") })
    show(#"signals.send(value: traced("first", first.signal))"#)
    signals.send(value: traced("first", first.signal))
    show(#"signals.send(value: traced("second", second.signal))"#)
    signals.send(value: traced("second", second.signal))
    show(#"first.send(value: "from first"); second.send(value: "from second")"#)
    first.send(value: "from first")
    second.send(value: "from second")
    show("signals.sendCompleted()")
    signals.sendCompleted()
    show("first.sendCompleted()")
    first.sendCompleted()
    show("second.sendCompleted()")
    second.sendCompleted()

    print("Disposing the output disposes the source and every live inner signal:")
    let moreSignals = Subject<Signal<String, Never>, Never>()
    let third = Subject<String, Never>()
    show("let output = sketchOfFlatten(traced(\"source\", moreSignals.signal)).subscribe(next: { print($0) })")
    let output = sketchOfFlatten(traced("source", moreSignals.signal)).subscribe(next: { print($0) })
    show(#"moreSignals.send(value: traced("third", third.signal))"#)
    moreSignals.send(value: traced("third", third.signal))
    show("output.dispose()")
    output.dispose()
    show(#"third.send(value: "too late")"#)
    third.send(value: "too late")
    print("bind (Core/Bind.swift) keeps the same books - the source, the live inner subscriptions,")
    print("a count of live signals - and adds what this sketch lacks: a serialised output and a flat stack.")
}
