// workload-run IMPLEMENTATION [CASE-ID…]
// workload-run list            prints every case id, one a line
// workload-run --no-check IMPLEMENTATION CASE-ID…   runs the cases only (for a profiler)
// workload-run async [CASE-ID…]   runs the async-bridge cases (W13, W13b, W13c) of every
//                                 implementation once, checked (see AsyncBridgeRun.swift)
// workload-run broadcast [FOLLOWERS [ROUNDS]]   W24: one send to many suspended `values` loops,
//                                 beside AsyncStream (BroadcastRun.swift)
// workload-run first-value [CONNECTIONS [RUNS]]   W25: a new loop's first value from a subject,
//                                 a share, an interval and their merge, beside AsyncStream
//                                 (FirstValueRun.swift)
// workload-run fanout [IMPLEMENTATION…]   runs W20, the server fan-out (signals, opencombine,
//                                 asyncstream, asyncchannel) once each, checked (FanOutRun.swift)
//
// Runs each named case (all cases if none is named) of one implementation — `signals`,
// `opencombine` or `floor` — once, on a thread with the benchmarks' 8 MiB stack, and prints
// one line per case:  <case id> TAB ok|WRONG TAB <checksum> TAB <count or ->
// checked against the floor, or <case id> TAB n/a for a named case the implementation does not
// have (OpenCombine's W14). A crash (OpenCombine's concat chains overflow the stack) kills
// the process with a signal: compare.sh runs the risky cases one per process and reports
// "crash" for them.

import FloorWorkloads
import Foundation
import OpenCombineWorkloads
import SignalsWorkloads
import WorkloadSpec

var args = Array(CommandLine.arguments.dropFirst())
let check = args.first != "--no-check"
if !check { args.removeFirst() }
if args.first == "async" {
    exit(runAsyncBridgeCases(Set(args.dropFirst())))
}
if args.first == "broadcast" {
    exit(runBroadcast(Array(args.dropFirst())))
}
if args.first == "first-value" {
    exit(runFirstValue(Array(args.dropFirst())))
}
if args.first == "fanout" {
    exit(runFanOutCases(Set(args.dropFirst())))
}
if args == ["list"] {
    for c in Floor.implementation.cases { print(c.id) }
    exit(0)
}
let implementations = ["signals": Sig.implementation, "opencombine": OC.implementation, "floor": Floor.implementation]
guard let name = args.first, let implementation = implementations[name] else {
    FileHandle.standardError.write(Data("usage: workload-run signals|opencombine|floor [CASE-ID…]\n".utf8))
    exit(2)
}
let wanted = Set(args.dropFirst())
let floorCases = Dictionary(uniqueKeysWithValues: Floor.implementation.cases.map { ($0.id, $0) })
var failures = 0
let own = Set(implementation.cases.map(\.id))
for id in floorCases.keys.sorted() where wanted.contains(id) && !own.contains(id) { print("\(id)\tn/a") }
/// W22 (drivers) runs on the main thread, the main queue's, where a driver delivers inline;
/// every other case on a thread with the benchmarks' stack.
func runCase(_ c: Implementation.Case, _ run: @escaping @Sendable () -> (sum: Int, count: Int?)) -> (sum: Int, count: Int?) {
    c.id.hasPrefix("W22") ? run() : runOnBigStack(run)
}
for c in implementation.cases where wanted.isEmpty || wanted.contains(c.id) {
    let run = c.run
    let got = runCase(c) { measuredRegion(run) }
    guard check else { print("\(c.id)\t\(c.units)\t\(got.sum)"); continue }
    let floorRun = floorCases[c.id]!.run
    let expected = runCase(c) { floorRun() }
    var ok = got.sum == expected.sum
    if let count = got.count { ok = ok && count == c.units }
    if !ok { failures += 1 }
    print("\(c.id)\t\(ok ? "ok" : "WRONG")\t\(got.sum)\t\(got.count.map(String.init) ?? "-")")
}
exit(failures == 0 ? 0 : 1)
