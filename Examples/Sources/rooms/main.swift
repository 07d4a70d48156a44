// The rooms server: `swift run --package-path Examples rooms`, then open http://127.0.0.1:8080/.
// PORT sets the port (0 picks a free one); Ctrl-C shuts down gracefully.

import Foundation
import RoomsApp
import RoomsCore
import Signals

/// Writes a line to standard output at once (print is buffered when the output is a pipe).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let port = ProcessInfo.processInfo.environment["PORT"].flatMap(Int.init) ?? 8080
let rooms = Rooms(scheduler: TaskScheduler())
let server = makeServer(rooms: rooms, configuration: RoomsConfiguration(port: port)) { port in
    say("rooms: listening on http://127.0.0.1:\(port)/")
}
try await server.run()
say("rooms: stopped")
