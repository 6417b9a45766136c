import CRUDHTTP
import CRUDSpec
import CRUDTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("HTTP client on a kept-alive connection that dies")
struct HalfDeadConnectionTests {
    @Test("A write sent on a kept-alive connection the server then closes unanswered is sent again whole, once, and succeeds")
    func writeOnDyingConnection() async throws {
        let server = try ScriptedServer()
        defer { server.stop() }
        // One attempt and a short timeout: only a whole re-send on a fresh connection can
        // succeed in time. A body that cannot be rewound is re-sent empty, and both ends
        // wait until the timeout.
        let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/parse"))
        let client = HTTPStore(
            configuration: .init(baseURL: url, applicationID: "crudkit", timeout: .seconds(3), maxAttempts: 1, initialBackoff: .zero))
        #expect(try await client.countTasks(TaskQuery()) == 0)
        let task = try await client.createTask(title: "Sent twice, made once", notes: nil)
        try await client.close()
        #expect(task.title == "Sent twice, made once" && task.id == ScriptedServer.createdID)
        let seen = server.requests
        #expect(seen.map(\.connection) == [1, 1, 2], "expected the count and the write on connection 1, the re-sent write on 2: \(seen)")
        guard seen.count == 3 else { return }
        #expect(seen[1].line.hasPrefix("POST /parse/classes/Task ") && seen[2].line == seen[1].line)
        #expect(seen[1].requestID != nil && seen[2].requestID == seen[1].requestID, "the re-sent write carries the same idempotency key")
        #expect(seen[2].body == seen[1].body && seen[1].body.contains("Sent twice, made once"), "re-sent body: \(seen[2].body)")
    }
}

/// A server with a script: on its first connection it answers the first request and keeps
/// the connection alive, then reads the second request whole and closes without a word (a
/// kept-alive connection that died under a request); every request on a later connection
/// is answered as a created task. It records what it read.
private final class ScriptedServer: @unchecked Sendable {
    struct Request: CustomStringConvertible {
        let connection: Int
        let line: String
        let requestID: String?
        let body: String
        var description: String { "#\(connection) \(line)" }
    }

    static let createdID = UUID()
    let port: UInt16
    private let listener: Int32
    private let lock = NSLock()
    // Guarded by `lock`.
    private var seen: [Request] = []

    var requests: [Request] { lock.withLock { seen } }

    init() throws {
        (listener, port) = try LoopbackSocket.make(listening: 8)
        Thread.detachNewThread { [self] in run() }
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func run() {
        var number = 0
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            number += 1
            // Never wait forever on a client that sends nothing more.
            var timeout = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var buffer: [UInt8] = []
            var served = 0
            while let request = Self.read(connection, number, &buffer) {
                lock.withLock { seen.append(request) }
                served += 1
                if number == 1 && served == 2 { break }  // the write: dropped unanswered
                let body =
                    number == 1
                    ? #"{"results":[],"count":0}"#
                    : #"{"objectId":"\#(Self.createdID.uuidString.lowercased())","createdAt":"2026-01-01T00:00:00.000Z"}"#
                let status = number == 1 ? "200 OK" : "201 Created"
                let reply = "HTTP/1.1 \(status)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
                _ = reply.withCString { send(connection, $0, strlen($0), 0) }
            }
            close(connection)
        }
    }

    /// The next request on `connection`, its body read by Content-Length or chunk by chunk;
    /// nil when the connection ends or stalls first.
    private static func read(_ connection: Int32, _ number: Int, _ buffer: inout [UInt8]) -> Request? {
        func fill() -> Bool {
            var chunk = [UInt8](repeating: 0, count: 4_096)
            let count = recv(connection, &chunk, chunk.count, 0)
            guard count > 0 else { return false }
            buffer += chunk[0..<count]
            return true
        }
        let separator = Array("\r\n\r\n".utf8)
        var headEnd: Int? { buffer.indices.first { buffer[$0...].starts(with: separator) } }
        while headEnd == nil { guard fill() else { return nil } }
        guard let end = headEnd else { return nil }
        let lines = String(decoding: buffer[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        buffer.removeFirst(end + separator.count)
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body: [UInt8] = []
        if headers["transfer-encoding"]?.lowercased() == "chunked" {
            while true {
                let crlf = Array("\r\n".utf8)
                var lineEnd: Int? { buffer.indices.first { buffer[$0...].starts(with: crlf) } }
                while lineEnd == nil { guard fill() else { return nil } }
                guard let sizeEnd = lineEnd, let size = Int(String(decoding: buffer[..<sizeEnd], as: UTF8.self), radix: 16) else {
                    return nil
                }
                while buffer.count < sizeEnd + 2 + size + 2 { guard fill() else { return nil } }
                body += buffer[(sizeEnd + 2)..<(sizeEnd + 2 + size)]
                buffer.removeFirst(sizeEnd + 2 + size + 2)
                if size == 0 { break }
            }
        } else if let length = headers["content-length"].flatMap({ Int($0) }) {
            while buffer.count < length { guard fill() else { return nil } }
            body = Array(buffer[..<length])
            buffer.removeFirst(length)
        }
        return Request(
            connection: number, line: lines.first ?? "", requestID: headers["x-parse-request-id"],
            body: String(decoding: body, as: UTF8.self))
    }
}
