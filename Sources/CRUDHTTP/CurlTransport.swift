import CCurl
import CRUDSpec
import Foundation
import ThreadExecutors

/// Requests over libcurl's easy interface, each connection kept alive with a thread of its
/// own: the client's transport on Linux.
///
/// URLSession on Linux is itself built on libcurl, but it wraps every transfer in dispatch
/// sources, timers and queue hops: on the 2-core development machine a bare URLSession loop
/// spent about 0.9 ms of CPU per request on loopback, and eight concurrent loops reached only
/// twice the rate of one. A handle of libcurl's own, reused request after request, spends
/// tens of microseconds. The body is libcurl's own copy, so a request re-sent on a fresh
/// connection after a kept-alive one died goes out whole (on Linux, URLSession cannot
/// rewind an `httpBody`; see ``RewindableBodies``).
final class CurlTransport: HTTPTransport, @unchecked Sendable {
    /// A kept-alive connection and the thread its requests block on.
    private final class Connection: @unchecked Sendable {
        let handle: UnsafeMutableRawPointer
        let executor: ThreadExecutor

        init(handle: UnsafeMutableRawPointer, index: Int) {
            self.handle = handle
            executor = ThreadExecutor(name: "crudkit-curl-\(index)")
        }

        deinit {
            crudkit_curl_close(handle)
            executor.shutdown()
        }
    }

    /// The most connections at once; a request beyond them waits for one to come free.
    let maxConnections: Int
    private let lock = NSLock()
    // Guarded by `lock`.
    private var idle: [Connection] = []
    private var opened = 0
    private var waiting: [CheckedContinuation<Connection?, Never>] = []
    private var closed = false

    /// A transport, or nil when libcurl cannot be loaded here.
    static func make(maxConnections: Int) -> CurlTransport? {
        var error = [CChar](repeating: 0, count: 256)
        guard crudkit_curl_load(&error, Int32(error.count)) == 1 else { return nil }
        return CurlTransport(maxConnections: maxConnections)
    }

    private init(maxConnections: Int) {
        self.maxConnections = max(1, maxConnections)
    }

    func exchange(_ request: HTTPExchange) async throws(TransportFailure) -> (status: Int, body: Data) {
        guard let connection = await checkOut() else { throw .other("the client is closed") }
        defer { checkIn(connection) }
        // On the connection's thread: curl_easy_perform blocks until the answer.
        let answer = await Task(executorPreference: connection.executor) { Self.perform(request, on: connection.handle) }.value
        return try answer.get()
    }

    func close() async {
        let (connections, waiters) = lock.withLock {
            closed = true
            defer {
                idle = []
                waiting = []
            }
            return (idle, waiting)
        }
        for waiter in waiters { waiter.resume(returning: nil) }
        _ = connections  // released here: each closes its handle and ends its thread
    }

    /// An idle connection, a new one while fewer than ``maxConnections`` are open, or the next
    /// to come free; nil once closed.
    private func checkOut() async -> Connection? {
        enum Next {
            case ready(Connection?)
            case open(Int)
            case wait
        }
        let next: Next = lock.withLock {
            if closed { return .ready(nil) }
            if let connection = idle.popLast() { return .ready(connection) }
            if opened < maxConnections {
                opened += 1
                return .open(opened)
            }
            return .wait
        }
        switch next {
        case .ready(let connection): return connection
        case .open(let index):
            guard let handle = crudkit_curl_open() else {
                lock.withLock { opened -= 1 }
                return nil
            }
            return Connection(handle: handle, index: index)
        case .wait:
            return await withCheckedContinuation { continuation in
                let resumeNow: Bool = lock.withLock {
                    if closed { return true }
                    if let connection = idle.popLast() {
                        continuation.resume(returning: connection)
                        return false
                    }
                    waiting.append(continuation)
                    return false
                }
                if resumeNow { continuation.resume(returning: nil) }
            }
        }
    }

    private func checkIn(_ connection: Connection) {
        let waiter: CheckedContinuation<Connection?, Never>? = lock.withLock {
            if closed { return nil }
            if !waiting.isEmpty { return waiting.removeFirst() }
            idle.append(connection)
            return nil
        }
        waiter?.resume(returning: connection)
    }

    private static func perform(_ request: HTTPExchange, on handle: UnsafeMutableRawPointer) -> Result<
        (status: Int, body: Data), TransportFailure
    > {
        let lines = request.headers.map { "\($0.name): \($0.value)" }
        var answer = crudkit_curl_answer()
        withCStrings(lines) { headers in
            let timeout = request.timeout.milliseconds
            if let body = request.body {
                body.withUnsafeBytes { bytes in
                    // A pointer even for an empty body: NULL would mean "no body".
                    let start = bytes.bindMemory(to: UInt8.self).baseAddress ?? UnsafePointer(bitPattern: 1)
                    crudkit_curl_perform(
                        handle, request.url.absoluteString, request.method, headers, Int32(lines.count), start, body.count, timeout,
                        HTTPExchange.maxAnswerLength, &answer)
                }
            } else {
                crudkit_curl_perform(
                    handle, request.url.absoluteString, request.method, headers, Int32(lines.count), nil, 0, timeout,
                    HTTPExchange.maxAnswerLength, &answer)
            }
        }
        defer { crudkit_curl_free(&answer) }
        guard answer.code == 0 else {
            if answer.too_large == 1 { return .failure(.answerTooLarge) }
            return .failure(failure(code: answer.code, message: message(of: &answer)))
        }
        let body = answer.body.map { Data(bytes: $0, count: answer.length) } ?? Data()
        return .success((Int(answer.status), body))
    }

    /// libcurl's result codes, by what they mean to the client.
    static func failure(code: Int32, message: String) -> TransportFailure {
        switch code {
        case 28: .timedOut  // CURLE_OPERATION_TIMEDOUT
        case 6, 7: .cannotConnect  // CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_CONNECT
        case 18, 52, 55, 56: .connectionLost  // PARTIAL_FILE, GOT_NOTHING, SEND_ERROR, RECV_ERROR
        default: .other(message)
        }
    }

    private static func message(of answer: inout crudkit_curl_answer) -> String {
        withUnsafeBytes(of: &answer.error) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}

/// Calls `body` with `strings` as an array of C strings that live until it returns.
private func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    let pointers = copies.map { UnsafePointer($0) }
    return pointers.withUnsafeBufferPointer { buffer in
        // An empty array still needs a valid pointer.
        guard let base = buffer.baseAddress else {
            var none: UnsafePointer<CChar>? = nil
            return withUnsafePointer(to: &none) { body($0) }
        }
        return body(base)
    }
}
