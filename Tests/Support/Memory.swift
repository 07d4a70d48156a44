// What a process holds, for the tests that check memory stays flat or is given back. Read in a
// child process (an exit test), where nothing else runs. Linux only: /proc and glibc's
// allocator statistics.

#if os(Linux)
import Foundation
import Glibc

/// The resident size in bytes, after the allocator has returned every free page it can
/// (`malloc_trim`).
public func residentBytes() -> Int {
    typealias Trim = @convention(c) (Int) -> Int32
    if let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") {
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
    }
    let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
    let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// The bytes the allocator has handed out and not had back: glibc's `malloc_info` totals
/// (the arenas' memory less what is free in them, plus blocks mapped on their own).
public func allocatedBytes() -> Int {
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
}
#endif
