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
    @Test(
        "A write sent on a kept-alive connection the server then closes unanswered is sent again whole, once, and succeeds",
        arguments: [HTTPStore.Configuration.Transport.automatic, .urlSession])
    func writeOnDyingConnection(transport: HTTPStore.Configuration.Transport) async throws {
        let server = try ScriptedServer()
        defer { server.stop() }
        // One attempt and a short timeout: only a whole re-send on a fresh connection can
        // succeed in time. A body that cannot be rewound is re-sent empty, and both ends
        // wait until the timeout.
        let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/parse"))
        let client = HTTPStore(
            configuration: .init(
                baseURL: url, applicationID: "crudkit", timeout: .seconds(3), maxAttempts: 1, initialBackoff: .zero, transport: transport))
        // A read, then a write on its kept-alive connection; a busy machine may open a new
        // connection for the write instead, so the pair is tried until one was dropped.
        for round in 1...10 where server.dropped == nil {
            #expect(try await client.countTasks(TaskQuery()) == 0)
            let task = try await client.createTask(title: "Sent twice, made once \(round)", notes: nil)
            #expect(task.title == "Sent twice, made once \(round)" && task.id == ScriptedServer.createdID)
        }
        try await client.close()
        let dropped = try #require(server.dropped, "no write ever went out on a kept-alive connection: \(server.requests)")
        let again = server.requests.filter { $0.requestID == dropped.requestID && $0.connection != dropped.connection }
        #expect(again.count == 1, "expected the dropped write once more, on another connection: \(server.requests)")
        guard let resent = again.first else { return }
        #expect(dropped.line.hasPrefix("POST /parse/classes/Task ") && resent.line == dropped.line)
        #expect(dropped.requestID != nil, "a write carries an idempotency key")
        #expect(resent.body == dropped.body && dropped.body.contains("Sent twice, made once"), "re-sent body: \(resent.body)")
    }
}

/// A server with a script: it answers every read with an empty count and every write as a
/// created task, keeping connections alive, except the first write that comes on a
/// connection that already served a request: that one it reads whole and then closes the
/// connection without a word (a kept-alive connection that died under a request). It
/// records what it read.
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

    // Guarded by `lock`.
    private var droppedWrite: Request?

    var requests: [Request] { lock.withLock { seen } }
    /// The write read and left unanswered, once there was one.
    var dropped: Request? { lock.withLock { droppedWrite } }

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
            // Each connection on a thread of its own: a client may hold one open, idle,
            // while it sends on another.
            Thread.detachNewThread { [self, number] in serve(connection, number) }
        }
    }

    private func serve(_ connection: Int32, _ number: Int) {
        // Never wait forever on a client that sends nothing more.
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer: [UInt8] = []
        var served = 0
        while let request = Self.read(connection, number, &buffer) {
            let isWrite = !request.line.hasPrefix("GET ")
            let drop = lock.withLock {
                seen.append(request)
                guard isWrite, served > 0, droppedWrite == nil else { return false }
                droppedWrite = request
                return true
            }
            if drop { break }
            served += 1
            let body =
                isWrite
                ? #"{"objectId":"\#(Self.createdID.uuidString.lowercased())","createdAt":"2026-01-01T00:00:00.000Z"}"#
                : #"{"results":[],"count":0}"#
            let status = isWrite ? "201 Created" : "200 OK"
            let reply = "HTTP/1.1 \(status)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
            _ = reply.withCString { send(connection, $0, strlen($0), 0) }
        }
        close(connection)
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
