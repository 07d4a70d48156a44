// F8 — the supported depths per shape (Contracts.md, "Supported depths"), pinned on a thread
// with a 512 KiB stack. Each runs in a child process (an exit test), so that an overflow fails
// the test instead of killing the run. Debug builds use several times more stack per level
// than release builds, so each shape is pinned at the depth stated for the build under test.

import Foundation
import Signals
import SignalsTestSupport
import SignalsTesting
import Synchronization
import Testing

@Suite struct DepthTests {
    /// 512 KiB; eight times as much under a sanitizer, whose instrumentation takes several
    /// times the stack per frame (the figures are for uninstrumented builds).
    static let stackSize = isSanitized ? 4 << 20 : 512 * 1024

    /// Whether an address or thread sanitizer runtime is loaded.
    static let isSanitized: Bool = {
        #if canImport(Darwin)
        let everywhere = UnsafeMutableRawPointer(bitPattern: -2)   // RTLD_DEFAULT
        #else
        let everywhere: UnsafeMutableRawPointer? = nil             // RTLD_DEFAULT
        #endif
        return dlsym(everywhere, "__asan_init") != nil || dlsym(everywhere, "__tsan_init") != nil
    }()

    /// Releasing a chain of a million `map`s that was never subscribed.
    @Test func f8ReleasingAMillionNestedMapsNeverSubscribedDoesNotRecurse() async {
        await #expect(processExitsWith: .success) {
            DepthTests.onSmallStack {
                var signal = Signal<Int, Never>.just(0).concat(.never)
                for _ in 0..<testSize(1_000_000, quick: 100_000) { signal = signal.map { $0 + 1 } }
                _ = signal
            }
        }
    }

    /// `map` and `filter` of one type, fused into runs of up to 32 stages, one bind each.
    @Test func f8NestedMapAndFilterAtTheSupportedDepth() async {
        await #expect(processExitsWith: .success) {
            let depth = DepthTests.supported(debug: 4_000, release: 20_000)
            DepthTests.onSmallStack {
                var signal = Signal<Int, Never>.from([0])
                for index in 0..<depth { signal = index % 5 == 4 ? signal.filter { $0 >= 0 } : signal.map { $0 + 1 } }
                DepthTests.expectLastValue(signal, depth - depth / 5)
            }
        }
    }

    /// `map`s that change the type at every level: fused into runs of up to 32 stages whatever
    /// their types, one bind each (ReactiveSwift reaches 4,597 levels in release, 1,795 in debug).
    @Test func f8NestedMapChangingTypeAtTheSupportedDepth() async {
        await #expect(processExitsWith: .success) {
            let depth = DepthTests.supported(debug: 1_800, release: 4_600)
            DepthTests.onSmallStack {
                var signal = Signal<Int, Never>.from([0])
                for _ in 0..<depth / 2 { signal = signal.map { Double($0) }.map { Int($0) + 1 } }
                DepthTests.expectLastValue(signal, depth / 2)
            }
        }
    }

    @Test func f8NestedFlattenMapAtTheSupportedDepth() async {
        await #expect(processExitsWith: .success) {
            let depth = DepthTests.supported(debug: 100, release: 300)
            DepthTests.onSmallStack {
                var signal = Signal<Int, Never>.from([0])
                for _ in 0..<depth { signal = signal.flattenMap { .from([$0 + 1]) } }
                DepthTests.expectLastValue(signal, depth)
            }
        }
    }

    @Test func f8AlternatingConcatAndMergeAtTheSupportedDepth() async {
        await #expect(processExitsWith: .success) {
            let depth = DepthTests.supported(debug: 50, release: 200)
            DepthTests.onSmallStack {
                var signal = Signal<Int, Never>.from([0])
                for index in 0..<depth { signal = index % 2 == 0 ? signal.concat(.just(1)) : signal.merge(.just(1)) }
                DepthTests.expectLastValue(signal.map { _ in 1 }.scanCount(), depth + 1)
            }
        }
    }

    @Test func f8CombineLatestWithJustAndMapAtTheSupportedDepth() async {
        await #expect(processExitsWith: .success) {
            let depth = DepthTests.supported(debug: 50, release: 100)
            DepthTests.onSmallStack {
                var signal = Signal<Int, Never>.from([0])
                for _ in 0..<depth { signal = signal.combineLatest(with: .just(1)).map { $0 + $1 } }
                DepthTests.expectLastValue(signal, depth)
            }
        }
    }

    @Test func f8RecursionThroughMergeOfDeferredAtTheSupportedDepth() async {
        await #expect(processExitsWith: .success) {
            let depth = DepthTests.supported(debug: 50, release: 200)
            DepthTests.onSmallStack {
                DepthTests.expectLastValue(DepthTests.mergeOfDeferred(depth).map { _ in 1 }.scanCount(), depth + 1)
            }
        }
    }

    @Test func f8RecursionThroughFlattenMapOfDeferredAtTheSupportedDepth() async {
        await #expect(processExitsWith: .success) {
            let depth = DepthTests.supported(debug: 100, release: 300)
            DepthTests.onSmallStack {
                DepthTests.expectLastValue(DepthTests.flattenMapOfDeferred(depth), 0)
            }
        }
    }

    // groupBy and window nest a routing subscription, a subject and a flatten per level.
    // Measured in debug: 22 levels of groupBy, 16 of window(count:), 12 of
    // window(timeSpan:count:on:) pass on 512 KiB; release (not measured separately) uses
    // less stack per level, so it is pinned at the same depth.

    @Test func f8NestedGroupByAtTheSupportedDepth() async {
        await #expect(processExitsWith: .success) {
            let depth = DepthTests.supported(debug: 15, release: 15)
            DepthTests.onSmallStack {
                var signal = Signal<Int, Never>.from([0])
                for _ in 0..<depth { signal = signal.groupBy { $0 % 2 }.flatten(.merge).map { $0 + 1 } }
                DepthTests.expectLastValue(signal, depth)
            }
        }
    }

    @Test func f8NestedWindowByCountAtTheSupportedDepth() async {
        await #expect(processExitsWith: .success) {
            let depth = DepthTests.supported(debug: 10, release: 10)
            DepthTests.onSmallStack {
                var signal = Signal<Int, Never>.from([0])
                for _ in 0..<depth { signal = signal.window(count: 2).flatten(.concat).map { $0 + 1 } }
                DepthTests.expectLastValue(signal, depth)
            }
        }
    }

    @Test func f8NestedWindowByTimeAtTheSupportedDepth() async {
        await #expect(processExitsWith: .success) {
            let depth = DepthTests.supported(debug: 8, release: 8)
            DepthTests.onSmallStack {
                let scheduler = TestScheduler()
                var signal = Signal<Int, Never>.from([0])
                for _ in 0..<depth {
                    signal = signal.window(timeSpan: .seconds(1), count: 2, on: scheduler).flatten(.concat).map { $0 + 1 }
                }
                DepthTests.expectLastValue(signal, depth)
            }
        }
    }

    // MARK: Support

    static func supported(debug: Int, release: Int) -> Int {
        #if DEBUG
        debug
        #else
        release
        #endif
    }

    @Sendable static func mergeOfDeferred(_ n: Int) -> Signal<Int, Never> {
        n == 0 ? .just(0) : Signal.merge(.just(n), .deferred { mergeOfDeferred(n - 1) })
    }

    @Sendable static func flattenMapOfDeferred(_ n: Int) -> Signal<Int, Never> {
        n == 0 ? .just(0) : Signal.just(n).flattenMap { n in .deferred { flattenMapOfDeferred(n - 1) } }
    }

    /// Subscribes and expects `expected` as the last value, and completion.
    static func expectLastValue(_ signal: Signal<Int, Never>, _ expected: Int) {
        let last = Locked<(Int?, Bool)>((nil, false))
        signal.subscribe(next: { value in last.withLock { $0.0 = value } }, completed: { last.withLock { $0.1 = true } })
        let (value, isCompleted) = last.withLock { $0 }
        #expect(value == expected)
        #expect(isCompleted)
    }

    /// Runs `body` on a new thread with a 512 KiB stack and waits for it.
    static func onSmallStack(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let wrapped = Thread {
            body()
            done.signal()
        }
        wrapped.stackSize = stackSize
        wrapped.start()
        done.wait()
    }
}

extension Signal where Failure == Never {
    /// The running count of values (a test helper: 1, 2, 3, …).
    fileprivate func scanCount() -> Signal<Int, Never> {
        bind {
            var count = 0
            return { event, _ in
                guard case .next = event else { return nil }
                count += 1
                return .just(count)
            }
        }
    }
}
