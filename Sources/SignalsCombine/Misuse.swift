// The bridge's programmer-error checks, as the library's own (Signals' Misuse.swift): they stop
// the process with a message that starts "Signals:", names the call and says the fix, in every
// build configuration (`precondition`'s message is dropped by `-O`). The library's helpers have
// package access, which this module does not have when CombineBridge/ compiles it; these
// shadow them when the root package compiles it.

#if (canImport(Combine) && !SIGNALS_OPENCOMBINE) || canImport(OpenCombine)
/// Stops the process with `message` when `condition` is false, in every build configuration.
@inlinable @inline(__always)
func _precondition(
    _ condition: @autoclosure () -> Bool,
    _ message: @autoclosure () -> String,
    file: StaticString = #fileID,
    line: UInt = #line
) {
    if _slowPath(!condition()) { _preconditionFailure(message(), file: file, line: line) }
}

/// Stops the process with `message`, in every build configuration.
@usableFromInline @inline(never)
func _preconditionFailure(
    _ message: String,
    file: StaticString = #fileID,
    line: UInt = #line
) -> Never {
    fatalError(message, file: file, line: line)
}
#endif
