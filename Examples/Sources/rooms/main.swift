// The rooms server: `swift run --package-path Examples rooms`, then open http://127.0.0.1:8080/.
// PORT sets the port (0 picks a free one); Ctrl-C shuts down gracefully.
// Rooms in memory, this process alone; with `--database URL` (or ROOMS_DATABASE_URL), rooms
// shared by every process on that PostgreSQL database (`postgres://user@host:port/database`).

import Foundation
import RoomsApp
import RoomsCore
import RoomsPostgres
import ServiceLifecycle
import Signals

/// Writes a line to standard output at once (print is buffered when the output is a pipe).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let port = ProcessInfo.processInfo.environment["PORT"].flatMap(Int.init) ?? 8080
let rooms = Rooms(scheduler: TaskScheduler())
let arguments = CommandLine.arguments
let databaseURL = arguments.firstIndex(of: "--database").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
    ?? ProcessInfo.processInfo.environment["ROOMS_DATABASE_URL"]
let announce: @Sendable (Int) async -> Void = { port in say("rooms: listening on http://127.0.0.1:\(port)/") }
let server: ServiceGroup
if let databaseURL {
    let database = try RoomsDatabase(url: databaseURL)
    say("rooms: messages in PostgreSQL at \(database.address)")
    server = makeServer(rooms: PostgresRooms(database: database, rooms: rooms), configuration: RoomsConfiguration(port: port), onRunning: announce)
} else {
    server = makeServer(rooms: rooms, configuration: RoomsConfiguration(port: port), onRunning: announce)
}
try await server.run()
say("rooms: stopped")
