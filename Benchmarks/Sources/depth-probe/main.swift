// depth-probe: the stack one operator level takes, and how deep a chain of it goes on a thread
// with a 512 KiB stack (Contracts.md, "Supported depths"), for the build it is compiled in.
//
//   depth-probe [SHAPE…]        one line per shape: bytes per level on the subscription path, the
//                               value path and the completion path, and the maximum depth on
//                               512 KiB (bisected in child processes; --estimate-only: estimated)
//   depth-probe trace SHAPE     prints the stack at a value and at the completion of two levels
//   depth-probe run SHAPE K     subscribes a chain of K levels of SHAPE on a 512 KiB thread
//                               (exit 0; an overflow kills the process with a signal)
//   depth-probe max SHAPE       the largest K that `run` survives, by bisection in child processes
//
// compare.sh runs it in release and in debug (`swift build --product depth-probe`), so that a
// change that makes a level take more stack shows as a new row, not as a user's crash.
//
// The chain is K levels over a subject: subscribing nests through every level (the source's
// subscribe function is the deepest frame), then the subject sends a value and completes, each
// crossing every level (the subscriber's closures are the deepest frames). Each of those notes
// the lowest stack address it runs at; the difference between chains of 200 and 400 levels,
// divided by 200, is one level, without the fixed cost of the thread and the subject.

import Foundation
import Signals

typealias IntSignal = Signal<Int, Never>

/// The shapes, each a function from the chain so far to one more level.
let shapes: [(name: String, level: @Sendable (IntSignal) -> IntSignal)] = [
    ("map", { $0.map { $0 &+ 1 } }),
    ("filter", { $0.filter { $0 >= 0 } }),
    // Two `map`s a level, each changing the type (`Int` → `Double` → `Int`): K levels are 2K maps.
    ("map-changing-type-x2", { $0.map { Double($0) }.map { Int($0) &+ 1 } }),
    ("flatMap-just", { $0.flatMap { .just($0 &+ 1) } }),
    ("combineLatest-just+map", { $0.combineLatest(with: .just(1)).map { $0 &+ $1 } }),
    ("merge-just+map", { $0.merge(.just(1)).map { $0 } }),
]

final class Lowest: @unchecked Sendable {  // written and read on the one thread that runs the chain
    var address = UInt.max
    var values = 0
    var completed = false
    @inline(never) func note() {
        var marker = 0
        let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        if here < address { address = here }
        withExtendedLifetime(marker) {}
    }
}

/// A chain of `k` levels over a subject, whose subscription notes its stack depth in `onSubscribe`
/// (the deepest frame of the subscription path). A subject, so that the three paths are apart, as
/// in an app: subscribing (nested through every level), then a value, then the completion, each
/// sent from the top.
func chain(_ level: @Sendable (IntSignal) -> IntSignal, _ k: Int, onSubscribe: Lowest? = nil) -> (IntSignal, Subject<Int, Never>) {
    let subject = Subject<Int, Never>()
    var signal = IntSignal { observer in
        onSubscribe?.note()
        return subject.signal.subscribe(observer)
    }
    for _ in 0..<k { signal = level(signal) }
    return (signal, subject)
}

/// Runs `body` on a new thread with `stack` bytes of stack and waits for it.
func onThread(stack: Int, _ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        done.signal()
    }
    thread.stackSize = stack
    thread.start()
    done.wait()
}

/// How far below the thread's first frame each path reaches: subscribing, a value, the completion.
func depths(_ level: @escaping @Sendable (IntSignal) -> IntSignal, _ k: Int) -> (subscribe: Int, value: Int, completion: Int) {
    final class Box: @unchecked Sendable { var result = (0, 0, 0) }   // written before the semaphore signals
    let box = Box()
    onThread(stack: 64 << 20) {
        let onSubscribe = Lowest(), onValue = Lowest(), onCompletion = Lowest()
        let (signal, subject) = chain(level, k, onSubscribe: onSubscribe)
        let top = Lowest()
        top.note()
        signal.subscribe(next: { _ in onValue.note(); onValue.values += 1 }, completed: { onCompletion.note(); onCompletion.completed = true })
        subject.send(value: 0)
        subject.sendCompleted()
        precondition(onValue.values >= 1 && onCompletion.completed, "depth-probe: the chain did not deliver")
        let below = { (lowest: Lowest) in Int(top.address) - Int(lowest.address) }
        box.result = (below(onSubscribe), below(onValue), below(onCompletion))
    }
    return box.result
}

let small = 512 * 1024
let args = Array(CommandLine.arguments.dropFirst())

func run(_ name: String, _ k: Int) -> Never {
    guard let shape = shapes.first(where: { $0.name == name }) else { print("no shape \(name)"); exit(2) }
    onThread(stack: small) {
        let (signal, subject) = chain(shape.level, k)
        let done = Lowest()
        signal.subscribe(next: { _ in done.values += 1 }, completed: { done.completed = true })
        subject.send(value: 0)
        subject.sendCompleted()
        precondition(done.completed, "depth-probe: the chain did not complete")
    }
    exit(0)
}

/// Whether a chain of `k` survives, in a child process.
func survives(_ name: String, _ k: Int) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["run", name, String(k)]
    process.standardError = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    do { try process.run() } catch { return false }
    process.waitUntilExit()
    return process.terminationReason == .exit && process.terminationStatus == 0
}

func maxDepth(_ name: String, estimate: Int) -> Int {
    // Bisection between a surviving and a crashing depth, around the estimate.
    var low = max(1, estimate / 2), high = estimate * 2
    while !survives(name, low) && low > 1 { low /= 2 }
    while survives(name, high) { low = high; high *= 2; if high > 1 << 22 { return high } }
    while high - low > max(1, low / 100) {   // to 1%
        let middle = (low + high) / 2
        if survives(name, middle) { low = middle } else { high = middle }
    }
    return low
}

#if DEBUG
let build = "debug"
#else
let build = "release"
#endif

if args.count == 3, args[0] == "run", let k = Int(args[2]) { run(args[1], k) }
if args.count == 2, args[0] == "trace", let shape = shapes.first(where: { $0.name == args[1] }) {
    // The frames of two levels, at the value and at the completion (to see what a level is made of).
    let (signal, subject) = chain(shape.level, 2)
    signal.subscribe(next: { _ in print("value:"); Thread.callStackSymbols.prefix(40).forEach { print($0) } },
                     completed: { print("completed:"); Thread.callStackSymbols.prefix(40).forEach { print($0) } })
    subject.send(value: 0)
    subject.sendCompleted()
    exit(0)
}
let bisect = !args.contains("--estimate-only")
let only = args.filter { !$0.hasPrefix("--") }
print("shape\tbuild\tsubscribe bytes/level\tvalue bytes/level\tcompletion bytes/level\tmax K on 512 KiB\(bisect ? " (bisected)" : " (estimated)")")
for shape in shapes where only.isEmpty || only.contains(shape.name) {
    let a = depths(shape.level, 200), b = depths(shape.level, 400)
    let subscribe = (b.subscribe - a.subscribe) / 200
    let value = (b.value - a.value) / 200, completion = (b.completion - a.completion) / 200
    let perLevel = max(subscribe, value, completion, 1)
    let fixed = max(a.subscribe, a.value, a.completion) - 200 * perLevel
    let estimate = max(1, (small - max(fixed, 0) - 16 * 1024) / perLevel)
    let k = bisect ? maxDepth(shape.name, estimate: estimate) : estimate
    print("\(shape.name)\t\(build)\t\(subscribe)\t\(value)\t\(completion)\t\(k)")
}
