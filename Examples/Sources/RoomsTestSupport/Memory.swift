// What the Examples' tests and the load tool share: the allocator's bytes in use, a POST of a
// message, and a child process with a deadline. One copy of each, here.

import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The heap bytes allocated right now: glibc's `malloc_info` totals (the arenas' memory less
/// what is free in them, plus the blocks mapped on their own; chunk headers and rounding
/// included). Unlike resident memory it drops when memory is freed, so a peak is the peak of
/// what was held, and a difference is what a piece of work holds. 0 where glibc is not the
/// allocator.
///
/// Read through `dlsym`: Glibc's Swift module exposes neither `malloc_info` nor `mallinfo2`.
///
/// ```swift
/// let before = allocatedBytes()
/// let held = (0..<1_000).map { _ in rooms.events(in: "lobby").subscribe(next: { _ in }) }
/// print((allocatedBytes() - before) / held.count, "bytes per follower")
/// ```
public func allocatedBytes() -> Int {
    #if canImport(Glibc)
    typealias Info = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_info") else { return 0 }
    var buffer: UnsafeMutablePointer<CChar>?
    var length = 0
    guard let stream = open_memstream(&buffer, &length) else { return 0 }
    _ = unsafeBitCast(symbol, to: Info.self)(0, stream)
    fclose(stream)
    guard let buffer else { return 0 }
    defer { free(buffer) }
    // The process's totals follow the last arena's `</heap>`.
    let totals = String(cString: buffer).components(separatedBy: "</heap>").last ?? ""
    func size(of tag: String) -> Int {
        guard let start = totals.range(of: tag),
              let size = totals[start.upperBound...].range(of: "size=\"") else { return 0 }
        return Int(totals[size.upperBound...].prefix { $0.isNumber }) ?? 0
    }
    return size(of: "<system type=\"current\"") - size(of: "<total type=\"fast\"")
        - size(of: "<total type=\"rest\"") + size(of: "<total type=\"mmap\"")
    #else
    return 0
    #endif
}
