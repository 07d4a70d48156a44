#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An integer from the environment, e.g. `SIGNALS_FUZZ_CASES=1000000 swift test --filter Fuzz`.
public func environmentInteger(_ name: String) -> Int? {
    environmentString(name).flatMap { Int($0) }
}

public func environmentString(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}

/// Operations per thread in stress tests: `base` at full size (``runsFullSizes``), a quarter
/// of it in a quick debug run; `SIGNALS_STRESS_SCALE=10` runs ten times as many.
public func stressOperations(_ base: Int) -> Int {
    testSize(base, quick: max(1, base / 4)) * max(1, environmentInteger("SIGNALS_STRESS_SCALE") ?? 1)
}

/// Whether the tests print their figures (timings, sizes, memory): `SIGNALS_FIGURES=1 swift test`.
/// A passing run prints test results only; .ci/run sets it in its optimised and sanitizer steps.
public var printsFigures: Bool { environmentString("SIGNALS_FIGURES").map { !$0.isEmpty && $0 != "0" } ?? false }

/// Prints `line` (a `[figures] …` line) when ``printsFigures``; otherwise nothing.
public func printFigure(_ line: @autoclosure () -> String) {
    if printsFigures { print(line()) }
}

/// Whether the tests run at their full sizes (a million steps, long stress runs, many fuzz
/// cases): always in optimised builds, and in debug builds when `SIGNALS_FULL=1` is set.
/// `.ci/run` runs the reliability and stack-safety suites optimised and sets `SIGNALS_FULL=1`
/// in its sanitizer steps; the plain `swift test` runs every case at a size that proves the
/// same rule in a fraction of the time.
public var runsFullSizes: Bool {
    #if DEBUG
    environmentString("SIGNALS_FULL").map { !$0.isEmpty && $0 != "0" } ?? false
    #else
    true
    #endif
}

/// `full` when ``runsFullSizes``, else `quick`.
public func testSize(_ full: Int, quick: Int) -> Int {
    runsFullSizes ? full : quick
}
