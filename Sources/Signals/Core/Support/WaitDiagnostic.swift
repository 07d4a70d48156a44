// Debug builds only: the once-per-process messages that name a deadlock the library cannot
// prevent but can recognise — a wait that has lasted longer than any legitimate one
// (Contracts.md, "Blocking in a callback", "Connectable signals", "State: properties and
// actions"). Each kind of wait is an enum conforming to `_WaitDiagnostic` with its own
// settings and message; the waiting code asks for the `threshold()` and calls `reportOnce()`
// when the wait outlasts it. Release builds have none of it. Tests shorten the threshold and
// catch the message through `report`.

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

#if DEBUG
/// What a wait diagnostic does: after how long, where its message goes, and whether it has
/// been printed (it is printed once per process).
package struct _WaitDiagnosticSettings: Sendable {
    package var threshold: Duration = .seconds(5)
    package var report: @Sendable (String) -> Void = { message in
        let line = message + "\n"
        _ = line.withCString { write(2, $0, strlen($0)) } // standard error
    }
    package var hasReported = false
}

/// A kind of wait that, past its threshold, is almost always a deadlock, and the message that
/// says which rule was broken.
package protocol _WaitDiagnostic {
    static var settings: _Locked<_WaitDiagnosticSettings> { get }
    static var message: String { get }
}

extension _WaitDiagnostic {
    /// How long a wait may last before the message, or `nil` once it has been printed.
    static func threshold() -> Duration? {
        settings.withLock { $0.hasReported ? nil : $0.threshold }
    }

    /// Prints the message, unless it has been printed already.
    static func reportOnce() {
        let report = settings.withLock { settings -> (@Sendable (String) -> Void)? in
            if settings.hasReported { return nil }
            settings.hasReported = true
            return settings.report
        }
        report?(message)
    }
}
#endif
