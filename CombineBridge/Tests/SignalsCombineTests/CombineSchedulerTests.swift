import Dispatch
import OpenCombine
import OpenCombineDispatch
import Signals
import SignalsOpenCombine
import SignalsTesting
import Testing

/// A Combine scheduler as a Signals scheduler.
@Suite struct CombineSchedulerTests {
    @Test func aCombineTestSchedulerDrivesSignalsTimeOperators() {
        let combine = VirtualCombineScheduler()
        let scheduler = CombineScheduler(combine)
        let recorder = Signal.just(1).delay(.seconds(2), on: scheduler).record()
        combine.advance(by: .seconds(1))
        #expect(recorder.events == [])
        combine.advance(by: .seconds(1))
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test func debounceRunsOnTheCombineClock() {
        let combine = VirtualCombineScheduler()
        let source = Signals.Subject<String, Never>()
        let recorder = source.signal.debounce(.milliseconds(300), on: CombineScheduler(combine)).record()
        source.send(value: "s")
        combine.advance(by: .milliseconds(100))
        source.send(value: "sw")
        combine.advance(by: .milliseconds(299))
        #expect(recorder.values == [])
        combine.advance(by: .milliseconds(1))
        #expect(recorder.values == ["sw"])
    }

    @Test func intervalRepeatsAndStopsWhenDisposed() {
        let combine = VirtualCombineScheduler()
        let recorder = Signal<Int, Never>.interval(.seconds(1), on: CombineScheduler(combine)).take(3).record()
        combine.advance(by: .seconds(5))
        #expect(recorder.events == [.next(0), .next(1), .next(2), .completed])
        #expect(combine.pending == 0)
    }

    @Test func nowIsTheTimeSinceTheAdapterWasMade() {
        let combine = VirtualCombineScheduler()
        combine.advance(by: .seconds(10))
        let scheduler = CombineScheduler(combine)
        #expect(scheduler.now.sinceStart == .zero)
        combine.advance(by: .milliseconds(1500))
        #expect(scheduler.now.sinceStart == .milliseconds(1500))
        #expect(scheduler.now.duration(to: scheduler.now.advanced(by: .seconds(2))) == .seconds(2))
    }

    @Test func aDisposedActionDoesNotRunAndIsReleased() {
        let combine = VirtualCombineScheduler()
        let ran = Box(false)
        weak var released: Box<Bool>?
        let work: any Disposable
        do {
            let captured = Box(false)
            released = captured
            work = CombineScheduler(combine).schedule(after: .seconds(1)) {
                captured.mutate { $0 = true }
                ran.mutate { $0 = true }
            }
        }
        work.dispose()
        #expect(released == nil)
        combine.advance(by: .seconds(2))
        #expect(!ran.value)
    }

    @Test func opencombinesImmediateSchedulerRunsAtOnce() {
        let scheduler = CombineScheduler(OpenCombine.ImmediateScheduler.shared)
        let recorder = Signal.from([1, 2]).observe(on: scheduler).record()
        #expect(recorder.events == [.next(1), .next(2), .completed])
        #expect(scheduler.now.sinceStart == .zero)
    }

    @Test func aDispatchQueueRunsTheWork() async throws {
        let scheduler = CombineScheduler(DispatchQueue(label: "combine-bridge").ocombine)
        let recorder = Signal.from([1, 2]).delay(.milliseconds(5), on: scheduler).record()
        #expect(try await recorder.completion(timeout: .seconds(10)) == .completed)
        #expect(recorder.values == [1, 2])
    }
}
