import Testing
import Signals
import SignalsTesting
import Foundation

struct Oops: Error, Equatable {}

@Suite struct SmokeTests {
    @Test func mapFilter() {
        let r = Signal.from(0..<10).map { $0 * 2 }.filter { $0 % 3 == 0 }.record()
        #expect(r.events == [.next(0), .next(6), .next(12), .next(18), .completed])
    }
    @Test func concatSeed() {
        let r = Signal.just(1).concat(.just(2)).concat(.just(3)).materialize().record()
        #expect(r.values.map(\.description) == ["next(1)", "next(2)", "next(3)", "completed"])
    }
    @Test func lettersNumbers() {
        let letters = Subject<String, Never>(), numbers = Subject<String, Never>()
        let r = Signal.from([letters.signal, numbers.signal]).flatten().record()
        letters.send(value: "A"); numbers.send(value: "1"); letters.send(value: "B"); letters.send(value: "C"); numbers.send(value: "2")
        #expect(r.values.joined(separator: " ") == "A 1 B C 2")
    }
    @Test func combineLatestSeed() {
        let ob1 = Subject<Int, Never>(), ob2 = Subject<String, Never>()
        let r = Signal.combineLatest(ob1.signal, ob2.signal) { "1:\($0)-2:\($1)" }.record()
        ob1.send(value: 1); ob1.send(value: 2); ob2.send(value: "a"); ob2.send(value: "b")
        #expect(r.values == ["1:2-2:a", "1:2-2:b"])
        let r3 = Signal.combineLatest(Signal<Int, Never>.just(1), .just("x"), .just(2.5)).map { "\($0)\($1)\($2)" }.record()
        #expect(r3.events == [.next("1x2.5"), .completed])
    }
    @Test func concatOfSignals() {
        let a = Subject<Int, Oops>()
        let outer = Subject<Signal<Int, Oops>, Oops>()
        let r = outer.signal.concat().record()
        outer.send(value: a.signal); outer.send(value: .from([10, 11])); outer.sendCompleted()
        a.send(value: 1); #expect(r.values == [1]); a.sendCompleted()
        #expect(r.events == [.next(1), .next(10), .next(11), .completed])
    }
    @Test func errorsAndDematerialize() {
        let r = Signal<Int, Oops>.from([1, 2]).concat(.error(Oops())).concat(.just(9)).materialize().dematerialize().record() as Recorder<Int, Oops>
        #expect(r.events == [.next(1), .next(2), .error(Oops())])
    }
    @Test func stackSafety() {
        runOnThread(stackSize: 512 * 1024) {
            let n = 1_000_000
            let r = Signal.concat((0..<n).map { Signal<Int, Never>.just($0) }).record()
            precondition(r.values.count == n)
            var s = Signal<Int, Never>.just(0)
            for i in 1..<100_000 { s = s.concat(.just(i)) }
            precondition(s.record().values.count == 100_000)
            var m = Signal<Int, Never>.just(0)
            for i in 1..<100_000 { m = m.merge(.just(i)) }
            precondition(m.record().values.count == 100_000)
            let f = Signal.from(0..<n).flattenMap { Signal.from([$0]) }.record()
            precondition(f.values.count == n && f.isCompleted)
        }
    }
}

final class Body: @unchecked Sendable { let run: () -> Void; init(_ run: @escaping () -> Void) { self.run = run } }
func runOnThread(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    pthread_attr_setstacksize(&attributes, stackSize)
    var thread = pthread_t()
    let box = Unmanaged.passRetained(Body(body)).toOpaque()
    pthread_create(&thread, &attributes, { pointer in
        Unmanaged<Body>.fromOpaque(pointer!).takeRetainedValue().run()
        return nil
    }, box)
    pthread_join(thread, nil)
}

@Suite struct ConcatOfSynchronousSignalsSmoke {
    @Test func synchronousOuterOfSynchronousInnersDeliversEveryValue() {
        let r = Signal.from(0..<3).map { Signal<Int, Never>.just($0) }.concat().record()
        #expect(r.events == [.next(0), .next(1), .next(2), .completed])
    }
}
