// What a loop keeps of a replay once it has read it: nothing. The values a prompt source sends
// while it is being subscribed (a `ReplaySubject`'s history) wait in a ring of their own, ahead
// of the live values; nothing joins that ring once the subscribe call has returned, so its
// slots go as soon as it has been read. Before, a follower kept them for as long as it followed
// (8 slots at least: 542 bytes for a rooms follower's `RoomEvent`, issue 47).
// Internal (the channel's rings), hence `@testable`.

import Testing
@testable import Signals
import SignalsTestSupport

@Suite struct ValuesReplayStorageTests {
    /// The slots of the replay's ring of `iterator`'s channel.
    static func replaySlots(_ iterator: Signal<Int, Never>.Values.Iterator) -> Int {
        iterator._subscription.channel.state.withLock { $0.replay.slots.count }
    }

    @Test func aFollowerThatHasReadTheHistoryKeepsNoSlotForItAndReadsLiveValuesAfterIt() async throws {
        // Seen failing before the fix: 8 slots were kept after the history had been read.
        let room = ReplaySubject<Int, Never>(capacity: 10)
        room.send(value: 1)
        var iterator = room.signal.values(bufferSize: 256, whenFull: .dropOldest).makeAsyncIterator()
        // Given: the history (one value) waits in the replay's ring.
        #expect(Self.replaySlots(iterator) > 0)
        // When: the loop reads it…
        #expect(await iterator.next() == 1)
        // …then the ring holds no slot…
        #expect(Self.replaySlots(iterator) == 0)
        // …and live values still follow, in order, the replay's ring staying empty.
        room.send(value: 2)
        room.send(value: 3)
        #expect(await iterator.next() == 2)
        #expect(await iterator.next() == 3)
        #expect(Self.replaySlots(iterator) == 0)
        room.sendCompleted()
        #expect(await iterator.next() == nil)
    }
}
