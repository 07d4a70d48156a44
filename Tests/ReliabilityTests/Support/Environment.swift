#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An integer from the environment, e.g. `SIGNALS_FUZZ_CASES=1000000 swift test --filter Fuzz`.
func environmentInteger(_ name: String) -> Int? {
    environmentString(name).flatMap { Int($0) }
}

func environmentString(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}
