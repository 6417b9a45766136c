import Foundation

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

    /// Blocking reads run on a thread of their own: a test that blocked a thread of Swift's
    /// small cooperative pool could starve the in-process server it is waiting for.
    private func offPool<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }

    /// The next response, or nil if the server closed the connection (or went silent).
    func response() async -> Response? {
        await offPool { self.blockingResponse() }
    }

    /// Whether the server has closed the connection.
    func isClosed() async -> Bool {
        await offPool { self.blockingIsClosed() }
    }

    /// `timeout` is generous: under a full parallel test run on two cores, the in-process
    /// server can wait seconds for a thread of the cooperative pool.
    init(port: UInt16, timeout: Double = 30) throws {
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
        var time = timeval()
        time.tv_sec = .init(timeout)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
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
        if authorized { head += "X-Parse-Application-Id: crudkit\r\nX-Parse-REST-API-Key: crudkit-rest-key\r\n" }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if let body { head += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n" }
        send(head + "\r\n" + (body ?? ""))
    }

    private func fill() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, 65_536, 0) }
        guard count > 0 else { return false }
        pending += buffer.prefix(count)
        return true
    }

    /// The next response, or nil if the server closed the connection (or went silent).
    private func blockingResponse() -> Response? {
        var headerEnd: Int?
        while headerEnd == nil {
            headerEnd = pending.indices.dropLast(3).first {
                pending[$0] == 13 && pending[$0 + 1] == 10 && pending[$0 + 2] == 13 && pending[$0 + 3] == 10
            }
            if headerEnd == nil, !fill() { return nil }
        }
        guard let end = headerEnd else { return nil }
        let head = String(decoding: pending[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        pending.removeFirst(end + 4)
        let status = Int(head[0].split(separator: " ")[1]) ?? 0
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 { headers[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces) }
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        while pending.count < length { if !fill() { return nil } }
        let body = Array(pending.prefix(length))
        pending.removeFirst(length)
        return Response(status: status, headers: headers, body: body)
    }

    /// Whether the server has closed the connection (reading gives end of stream).
    private func blockingIsClosed() -> Bool {
        pending.isEmpty && !fill()
    }
}
