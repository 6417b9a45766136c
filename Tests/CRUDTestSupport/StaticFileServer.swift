import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A static web server for the tests on 127.0.0.1 and a free port: `GET` answers with a file
/// under `root` (a folder's `index.html`), or 404. A DocC site needs one: its pages fetch
/// their JSON, which a browser refuses to do from file:// URLs.
public final class StaticFileServer: @unchecked Sendable {
    /// The port it listens on.
    public let port: UInt16
    private let root: URL
    private let listener: Int32
    // Guarded by `lock`: the paths answered with 404, in the order asked.
    private let lock = NSLock()
    private var missing: [String] = []

    /// The paths asked for that were not there.
    public var notFound: [String] { lock.withLock { missing } }

    /// Serves `root` until ``stop()``.
    public init(root: URL) throws {
        self.root = root.standardizedFileURL
        (listener, port) = try LoopbackSocket.make(listening: 64)
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Stops listening; connections being answered finish on their own.
    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                if errno == EINTR { continue }
                return
            }
            Thread.detachNewThread { [self] in answer(connection) }
        }
    }

    /// Reads one request from `connection`, answers it, and closes it.
    private func answer(_ connection: Int32) {
        defer { close(connection) }
        // A browser may open a connection it never uses: give up on it after a while.
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var request: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !request.contains(13) || String(decoding: request, as: UTF8.self).range(of: "\r\n\r\n") == nil {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0, request.count < 65_536 else { return }
            request += buffer[0..<count]
        }
        let words = String(decoding: request, as: UTF8.self).split(separator: " ", maxSplits: 2)
        guard words.count >= 2 else { return }
        let rawPath = String(words[1].split(separator: "?").first ?? "/")
        let path = rawPath.removingPercentEncoding ?? rawPath
        var file = root.appendingPathComponent(path).standardizedFileURL
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder), isFolder.boolValue {
            file.appendPathComponent("index.html")
        }
        let head: String
        let body: Data
        if file.path.hasPrefix(root.path), let data = FileManager.default.contents(atPath: file.path) {
            head = "HTTP/1.1 200 OK\r\nContent-Type: \(Self.contentType(of: file.pathExtension))\r\n"
            body = data
        } else {
            lock.withLock { missing.append(path) }
            head = "HTTP/1.1 404 Not Found\r\nContent-Type: text/plain\r\n"
            body = Data("not found\n".utf8)
        }
        let reply = Data((head + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n").utf8) + body
        reply.withUnsafeBytes { bytes in
            var sent = 0
            while sent < bytes.count {
                let count = send(connection, bytes.baseAddress.map { $0 + sent }, bytes.count - sent, Int32(MSG_NOSIGNAL))
                guard count > 0 else { return }
                sent += count
            }
        }
    }

    private static func contentType(of fileExtension: String) -> String {
        switch fileExtension {
        case "html": "text/html; charset=utf-8"
        case "js": "text/javascript"
        case "css": "text/css"
        case "json": "application/json"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "ico": "image/x-icon"
        default: "application/octet-stream"
        }
    }
}
