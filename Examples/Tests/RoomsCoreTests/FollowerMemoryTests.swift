// What a follower of a room holds in memory while it follows, counted in allocated bytes (not
// timed): 1,000 followers of one room, the allocator's bytes in use before and after, divided
// by 1,000; then the followers leave and the bytes must come back.
//
// A follower here is what the server holds for an SSE or WebSocket connection: the iterator
// of `events(in:).values(bufferSize: 256, whenFull: .dropOldest, dropped:)` (`Rooms.follow(_:bufferSize:)`
// in RoomsApp's Backend.swift), after it has read the room's history. The iterator is the
// subscription a server keeps alive for as long as the connection is open: the feed's
// subscription graph (the merge of history, typing, rate and heartbeats, the count around it)
// and the bridge's buffer and turn-taking state in front of the loop. A plain `subscribe` of
// the same feed (the graph alone, without the bridge) and the `AsyncStream` twin's follower are
// measured beside it, printed for comparison.
//
// Measured in a child process (an exit test), where nothing else allocates, as glibc's
// allocator totals (`allocatedBytes()` of RoomsTestSupport, which rooms-load reads too:
// `malloc_info`'s bytes handed out and not had back, chunk headers and rounding included); each figure is the smallest of three rounds, each round on a room of its
// own (so the subjects' lists of observers grow in the round and are counted in it).
// Linux only: glibc's allocator statistics.

#if os(Linux)
import Foundation
import Glibc
import RoomsCore
import RoomsStreams
import RoomsTestSupport
import Signals
import SignalsTesting
import Testing

@Suite struct FollowerMemoryTests {
    /// Followers per round.
    static let followers = 1_000

    /// The bound a server's follower (a `Rooms` feed through `values(bufferSize:whenFull:dropped:)`)
    /// is held to, in bytes. Issue 47's target is 1,024 bytes (``target``); with the kernel's
    /// sinks unpadded and the bridge's read replay released (`1328964`) a follower measures
    /// 5,681 bytes here (debug build, allocator chunks: the subscription graph 5,358, the
    /// bridge's iterator the rest; the `AsyncStream` twin's follower 479; 6,573 before), so
    /// this bound is a regression guard at that figure plus some 3%, to be lowered towards the
    /// target as the kernel's objects are cut.
    static let ceiling = 5_850

    /// What issue 47 asks of a follower, in bytes (the `AsyncStream` twin's follower holds
    /// some 0.4 KB).
    static let target = 1_024

    @Test func aServersFollowerOfARoomHoldsAtMostTheCeilingAndGivesItBackWhenItLeaves() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            await FollowerMemoryTests.measureAndPrint()
        }
        let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        let figures = Figures(output)
        print(output, terminator: "")
        // Then: the measurement sees the followers (the feed holds more than its buffer's few
        // words and the subjects' list entries)…
        let follower = try #require(figures["signals values"])
        // (every follower counted while it follows, and none once they have left)
        #expect(follower.liveWhileFollowing == Self.followers && follower.liveAfterLeaving == 0)
        #expect(follower.perFollower > 200)
        // …each holds at most the ceiling…
        #expect(follower.perFollower <= Self.ceiling, "a follower holds \(follower.perFollower) bytes; target \(Self.target)")
        // …and once they have left, what stays is well under 16 bytes a follower, for the plain
        // subscription too (9–9.5 KB through the bridge, under 1 KB without it; heaptrack finds
        // no allocation of theirs left, so most likely freed chunks that glibc keeps in its
        // per-thread caches, which `malloc_info` counts as in use).
        #expect(follower.leftOver < 16 * Self.followers)
        let plain = try #require(figures["signals subscribe"])
        #expect(plain.liveWhileFollowing == Self.followers && plain.liveAfterLeaving == 0)
        #expect(plain.perFollower > 200)
        #expect(plain.leftOver < 16 * Self.followers)
    }

    /// What `bytesPerFollower` measures: bytes per follower, bytes left over after they have
    /// all left, and the live count while they follow and after they have left (the last
    /// round's).
    struct Measured {
        var perFollower: Int
        var leftOver: Int
        var liveWhileFollowing: Int
        var liveAfterLeaving: Int

        var line: String {
            "per=\(perFollower) left=\(leftOver) live=\(liveWhileFollowing) liveAfter=\(liveAfterLeaving)"
        }
    }

    /// The figures printed by `measureAndPrint()`, by name: `name: per=N left=M live=L liveAfter=A`.
    struct Figures {
        var byName: [String: Measured] = [:]
        init(_ output: String) {
            for line in output.split(separator: "\n") {
                let parts = line.split(separator: ":", maxSplits: 1)
                guard parts.count == 2 else { continue }
                var numbers: [String: Int] = [:]
                for field in parts[1].split(separator: " ") {
                    let pair = field.split(separator: "=")
                    if pair.count == 2, let number = Int(pair[1]) { numbers[String(pair[0])] = number }
                }
                if let per = numbers["per"], let left = numbers["left"], let live = numbers["live"], let after = numbers["liveAfter"] {
                    byName[String(parts[0])] = Measured(perFollower: per, leftOver: left, liveWhileFollowing: live, liveAfterLeaving: after)
                }
            }
        }
        subscript(name: String) -> Measured? { byName[name] }
    }

    /// Measures the three kinds of follower in this process and prints one line each.
    static func measureAndPrint() async {
        let rooms = Rooms(scheduler: TestScheduler())   // the server's defaults, heartbeat included
        let values = await bytesPerFollower(
            prepare: { room in rooms.post(to: room, author: "ann", text: "the first") },
            live: { rooms.liveSubscriptions },
            follow: { room in
                // What `Rooms.follow(_:bufferSize:)` returns to a route, iterated as a route does.
                var iterator = rooms.events(in: room).values(bufferSize: 256, whenFull: .dropOldest, dropped: rooms.drops)
                    .makeAsyncIterator()
                _ = await iterator.next(isolation: nil)
                return iterator
            }
        )
        let plain = await bytesPerFollower(
            prepare: { room in rooms.post(to: room, author: "ann", text: "the first") },
            live: { rooms.liveSubscriptions },
            follow: { room in rooms.events(in: room).subscribe(next: { _ in }) },
            leave: { ($0 as? any Disposable)?.dispose() }
        )
        let twin = StreamRooms()
        let streams = await bytesPerFollower(
            prepare: { room in twin.post(to: room, author: "ann", text: "the first") },
            live: { twin.liveSubscriptions },
            follow: { room in
                var iterator = twin.events(in: room, bufferSize: 256).makeAsyncIterator()
                _ = await iterator.next(isolation: nil)
                return iterator
            }
        )
        twin.endAllFeeds()
        print("signals values: \(values.line)")
        print("signals subscribe: \(plain.line)")
        print("asyncstream twin: \(streams.line)")
    }

    /// The allocated bytes per follower with `followers` followers of one room (each made by
    /// `follow`, released after `leave`), and those left once they have all left, each the smallest of `rounds` rounds on rooms of their own, after
    /// a round of 100 that pays the process's one-time costs.
    static func bytesPerFollower(
        rounds: Int = 3,
        prepare: (String) -> Void,
        live: () -> Int,
        follow: (String) async -> Any,
        leave: (Any) -> Void = { _ in }
    ) async -> Measured {
        var best = Measured(perFollower: .max, leftOver: .max, liveWhileFollowing: 0, liveAfterLeaving: 0)
        var held: [Any] = []
        held.reserveCapacity(followers)
        for round in 0...rounds {
            let room = "room \(round)"
            let count = round == 0 ? 100 : followers
            prepare(room)
            let before = allocatedBytes()
            for _ in 0..<count { held.append(await follow(room)) }
            let during = allocatedBytes()
            best.liveWhileFollowing = live()
            for follower in held { leave(follower) }
            held.removeAll(keepingCapacity: true)
            let after = allocatedBytes()
            best.liveAfterLeaving = live()
            if round > 0 {
                best.perFollower = min(best.perFollower, (during - before) / count)
                best.leftOver = min(best.leftOver, after - before)
            }
        }
        return best
    }
}
#endif
