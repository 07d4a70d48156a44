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

/// Operations per thread in stress tests; `SIGNALS_STRESS_SCALE=10` runs ten times as many.
public func stressOperations(_ base: Int) -> Int {
    base * max(1, environmentInteger("SIGNALS_STRESS_SCALE") ?? 1)
}
