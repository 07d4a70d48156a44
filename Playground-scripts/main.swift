// The tour of Signals.
//
//     swift run playground            every chapter, in order
//     swift run playground concat     one chapter, by name ...
//     swift run playground 5          ... or by number (several may be given)
//     swift run playground list       the chapters
//     swift run playground time --pictures DIR   also writes the chapter's diagrams as SVG into DIR
//
// Each chapter is a file of this folder, numbered in reading order, and begins with the
// story it tells. Read the file, run the chapter, compare. The tour opens with the everyday
// track (chapters 1-5: use the library), then explains how it works (the seed stories,
// bind, writing operators), then builds an app's state (properties and actions);
// Support.swift lists the chapters.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

var arguments = Array(CommandLine.arguments.dropFirst())
var selected: [Chapter] = []

// `--pictures DIR`: chapters that draw (the time chapter) also write their diagrams as SVG
// files into DIR; the printed output stays the same.
if let index = arguments.firstIndex(of: "--pictures") {
    guard index + 1 < arguments.count else {
        _ = "--pictures needs a directory, e.g. `swift run playground time --pictures /tmp/pictures`\n"
            .utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
        exit(1)
    }
    picturesDirectory = arguments[index + 1]
    arguments.removeSubrange(index...(index + 1))
}

if arguments == ["list"] {
    print("Part 1 · Using Signals")
    for chapter in chapters {
        if chapter.number == everydayTrack.count + 1 { print("Part 2 · How it works") }
        if chapter.number == everydayTrack.count + howItWorksTrack.count + 1 { print("Part 3 · Building an app") }
        print("  \(chapter.number)  \(chapter.name)  (\(chapter.fileName).swift): \(chapter.title)")
    }
    print("Run one with `swift run playground <name-or-number>`, or all with `swift run playground`.")
    exit(0)
}

for argument in arguments {
    guard let chapter = chapter(named: argument) else {
        var message = "Unknown chapter '\(argument)'. The chapters are:\n"
        for chapter in chapters {
            message += "  \(chapter.number)  \(chapter.name)  (\(chapter.fileName).swift)\n"
        }
        message += "Run one with `swift run playground <name-or-number>`, or all with `swift run playground`.\n"
        _ = message.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
        exit(1)
    }
    selected.append(chapter)
}

if selected.isEmpty {
    // The whole tour, in three parts.
    let parts = [
        ("Part 1 · Using Signals", Array(chapters.prefix(everydayTrack.count))),
        ("Part 2 · How it works", Array(chapters.dropFirst(everydayTrack.count).prefix(howItWorksTrack.count))),
        ("Part 3 · Building an app", Array(chapters.suffix(appTrack.count))),
    ]
    for (index, (title, partChapters)) in parts.enumerated() {
        if index > 0 { print() }
        print(String(repeating: "#", count: title.count + 4))
        print("# \(title) #")
        print(String(repeating: "#", count: title.count + 4))
        for chapter in partChapters {
            print()
            chapter.run()
        }
    }
} else {
    for (index, chapter) in selected.enumerated() {
        if index > 0 { print() }
        chapter.run()
    }
}
