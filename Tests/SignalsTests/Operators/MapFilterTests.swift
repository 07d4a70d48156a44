// map and filter: compositions of flattenMap returning constants.

import Testing
import Signals
import SignalsTesting

@Suite struct MapFilterTests {
    @Test func mapTransformsEveryValue() {
        #expect(Signal.from([1, 2, 3]).map { $0 * 10 }.record().events == [.next(10), .next(20), .next(30), .completed])
    }

    @Test func filterKeepsMatchingValues() {
        #expect(Signal.from(1...6).filter { $0 % 2 == 0 }.record().events == [.next(2), .next(4), .next(6), .completed])
    }

    @Test func mapAndFilterChain() {
        // When
        let recorder = Signal.from(0..<10).map { $0 * 2 }.filter { $0 % 3 == 0 }.record()
        // Then
        #expect(recorder.events == [.next(0), .next(6), .next(12), .next(18), .completed])
    }

    @Test func errorsPassThroughMapAndFilter() {
        // When
        let recorder = Signal<Int, Oops>.from([1, 2]).concat(.error(Oops())).map { $0 + 1 }.filter { $0 > 2 }.record()
        // Then
        #expect(recorder.events == [.next(3), .error(Oops())])
    }

    @Test func disposingMidStreamDisposesTheSource() {
        // Given
        let source = SpySource<Int, Never>()
        let recorder = source.signal.map { $0 + 1 }.filter { _ in true }.record()
        source.send(value: 1)
        // When
        recorder.dispose()
        source.send(value: 2)
        // Then
        #expect(recorder.events == [.next(2)])
        #expect(source.disposals.count == 1)
    }
}
