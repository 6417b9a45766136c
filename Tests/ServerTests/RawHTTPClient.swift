import CRUDTestSupport
import Foundation
import ThreadExecutors

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A deliberately dumb HTTP client on a raw socket, so tests can send what no real client
/// would: broken request lines, huge headers, lying lengths.
final class RawHTTPClient: @unchecked Sendable {
    private let fd: Int32
    private var pending: [UInt8] = []

    struct Response: @unchecked Sendable {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]
        var json: [String: Any]? { try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] }
    }

    /// What a read brought: bytes, the end of the stream (the server closed the connection),
    /// or nothing before the timeout. Kept apart so a test that expects a close cannot pass
    /// on a server that merely went quiet.
    enum Read: Equatable, CustomStringConvertible {
        case data([UInt8])
        case endOfStream
        case timedOut

        var description: String {
            switch self {
            case .data(let bytes): "\(bytes.count) bytes: \(String(decoding: bytes.prefix(80), as: UTF8.self).debugDescription)"
            case .endOfStream: "end of stream"
            case .timedOut: "nothing before the timeout"
            }
        }
    }

    /// The next thing the server said: a whole response, the end of the stream, or silence.
    enum Reply: CustomStringConvertible {
        case response(Response)
        case endOfStream
        case timedOut

        var description: String {
            switch self {
            case .response(let response): "a \(response.status) response"
            case .endOfStream: Read.endOfStream.description
            case .timedOut: Read.timedOut.description
            }
        }
    }

    /// How long a read waits when a test expects an answer or a close. Generous: under a full
    /// parallel test run on two cores, the test's own steps wait for a thread of the
    /// cooperative pool, which the run's first half minute keeps busy (a round trip test of six
    /// requests took 27 to 33 s there, and over 45 s with another process using a core). It is
    /// only waited out when a test is about to fail.
    static let patience: Duration = .seconds(120)

    /// How long a read waits when a test expects silence: the server has had its chance to
    /// answer or close by then, and the test stays quick.
    static let quiet: Duration = .milliseconds(300)

    /// The next whole response, the end of the stream, or silence for `timeout`.
    func reply(within timeout: Duration = patience) async -> Reply {
        let deadline = ContinuousClock.now + timeout
        return await offThePool { self.blockingReply(deadline: deadline) }
    }

    /// The next response; nil when the server closed the connection or stayed silent. For
    /// tests that require an answer; a test that expects none asserts on ``reply(within:)``.
    func response() async -> Response? {
        if case .response(let response) = await reply() { return response }
        return nil
    }

    /// What comes next on the connection: unread bytes, the end of the stream, or silence for
    /// `timeout`. A test that expects a close asserts `.endOfStream`.
    func next(within timeout: Duration = patience) async -> Read {
        let deadline = ContinuousClock.now + timeout
        return await offThePool { self.blockingNext(deadline: deadline) }
    }

    init(port: UInt16) throws {
        #if os(Linux)
            fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw CocoaError(.fileReadUnknown) }
    }

    deinit { close(fd) }

    func send(_ text: String) { send(Array(text.utf8)) }

    /// Tells the server that nothing more will be sent (the request ends here).
    func shutdownWriting() {
        shutdown(fd, Int32(SHUT_WR))
    }

    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            #if os(Linux)
                let flags = Int32(MSG_NOSIGNAL)
            #else
                let flags: Int32 = 0
            #endif
            let sent = bytes.withUnsafeBytes { Foundation.send(fd, $0.baseAddress.map { $0 + offset }, bytes.count - offset, flags) }
            guard sent > 0 else { return }
            offset += sent
        }
    }

    /// A request with the API keys unless `authorized` is false.
    func request(_ method: String, _ path: String, body: String? = nil, headers: [String: String] = [:], authorized: Bool = true) {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        if authorized {
            head += "X-Parse-Application-Id: \(TestServer.applicationID)\r\nX-Parse-REST-API-Key: \(TestServer.restKey)\r\n"
        }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if let body { head += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n" }
        send(head + "\r\n" + (body ?? ""))
    }

    /// Reads what the socket has into `pending`, waiting until `deadline` at most.
    private func fill(deadline: ContinuousClock.Instant) -> Read {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return .timedOut }
            // Rounded up, so the wait never ends just short of the deadline.
            let milliseconds = left.components.seconds * 1_000 + left.components.attoseconds / 1_000_000_000_000_000 + 1
            let ready = poll(&descriptor, 1, Int32(clamping: milliseconds))
            guard ready > 0 else { continue }  // interrupted or out of time: the deadline decides
            var buffer = [UInt8](repeating: 0, count: 65_536)
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, 65_536, 0) }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            // Zero is an orderly close; an error is a reset, which is how TCP closes a
            // connection whose unread input the server dropped. Both end the stream.
            guard count > 0 else { return .endOfStream }
            let bytes = Array(buffer.prefix(count))
            pending += bytes
            return .data(bytes)
        }
    }

    private func blockingNext(deadline: ContinuousClock.Instant) -> Read {
        if !pending.isEmpty {
            defer { pending.removeAll() }
            return .data(pending)
        }
        let read = fill(deadline: deadline)
        pending.removeAll()
        return read
    }

    /// The next response, or why there is none: the stream ended or the server went silent.
    private func blockingReply(deadline: ContinuousClock.Instant) -> Reply {
        var headerEnd: Int?
        while headerEnd == nil {
            headerEnd = pending.indices.dropLast(3).first {
                pending[$0] == 13 && pending[$0 + 1] == 10 && pending[$0 + 2] == 13 && pending[$0 + 3] == 10
            }
            if headerEnd == nil, let failure = Self.reply(for: fill(deadline: deadline)) { return failure }
        }
        guard let end = headerEnd else { return .endOfStream }
        let head = String(decoding: pending[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        pending.removeFirst(end + 4)
        let status = head[0].split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 { headers[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces) }
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        while pending.count < length {
            if let failure = Self.reply(for: fill(deadline: deadline)) { return failure }
        }
        let body = Array(pending.prefix(length))
        pending.removeFirst(length)
        return .response(Response(status: status, headers: headers, body: body))
    }

    /// The reply a read that brought no bytes stands for; nil when it brought some.
    private static func reply(for read: Read) -> Reply? {
        switch read {
        case .data: nil
        case .endOfStream: .endOfStream
        case .timedOut: .timedOut
        }
    }
}
