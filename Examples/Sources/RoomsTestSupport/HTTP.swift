import AsyncHTTPClient
import Foundation
import NIOCore
import RoomsApp
import RoomsCore

/// What `postMessage(_:room:author:text:)` throws when the server does not answer
/// `201 Created`.
public struct UnexpectedStatus: Error, CustomStringConvertible {
    public let status: UInt
    public var description: String { "the server answered \(status), not 201 Created" }
}

/// Posts a message to `room` on the server at `base` (`POST /rooms/:room/messages`), as a
/// client does, and returns it as the server numbered it; throws `UnexpectedStatus` unless
/// the server answers `201 Created`.
///
/// ```swift
/// let message = try await postMessage("http://127.0.0.1:8080", room: "lobby", author: "ann", text: "hi")
/// print(message.id)
/// ```
@discardableResult
public func postMessage(
    _ base: String, room: String, author: String, text: String, client: HTTPClient = .shared
) async throws -> Message {
    var request = HTTPClientRequest(url: "\(base)/rooms/\(room)/messages")
    request.method = .POST
    request.headers.add(name: "content-type", value: "application/json")
    request.body = .bytes(ByteBuffer(bytes: try JSONEncoder().encode(PostBody(author: author, text: text))))
    let response = try await client.execute(request, timeout: .seconds(10))
    guard response.status == .created else { throw UnexpectedStatus(status: response.status.code) }
    let body = try await response.body.collect(upTo: 1 << 16)
    return try JSONDecoder().decode(Message.self, from: Data(buffer: body))
}
