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
/// rewind an `httpBody`; see ``RewindableBodies``). No redirect is followed.
final class CurlTransport: HTTPTransport, @unchecked Sendable {
    /// A kept-alive connection, the thread its requests block on, and the flag that stops
    /// its transfer.
    private final class Connection: @unchecked Sendable {
        let handle: UnsafeMutableRawPointer
        let executor: ThreadExecutor
        let abort: UnsafeMutablePointer<Int32>

        init(handle: UnsafeMutableRawPointer, index: Int) {
            self.handle = handle
            executor = ThreadExecutor(name: "crudkit-curl-\(index)")
            abort = .allocate(capacity: 1)
            abort.initialize(to: 0)
        }

        deinit {
            crudkit_curl_close(handle)
            executor.shutdown()
            abort.deallocate()
        }
    }

    /// The most connections at once; a request beyond them waits for one to come free, as
    /// long as its timeout allows.
    let maxConnections: Int
    private let lock = NSLock()
    // Guarded by `lock`.
    private var idle: [Connection] = []
    private var busy: [ObjectIdentifier: Connection] = [:]
    private var opened = 0
    private var waiting: [(id: UInt64, continuation: CheckedContinuation<Connection?, Never>)] = []
    /// Waits begun and not yet over, and those of them given up before they started waiting.
    private var pending: Set<UInt64> = []
    private var abandoned: Set<UInt64> = []
    private var nextWaiter: UInt64 = 0
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

    /// The longest limit handed to libcurl: a day (a `Duration` of years would overflow
    /// milliseconds).
    static let longestTimeout = Duration.seconds(86_400)

    func exchange(_ request: HTTPExchange) async throws(TransportFailure) -> (status: Int, body: Data) {
        let connection = try await checkOut(within: request.timeout)
        defer { checkIn(connection) }
        // On the connection's thread: curl_easy_perform blocks until the answer.
        let answer = await Task(executorPreference: connection.executor) { Self.perform(request, on: connection) }.value
        // A transfer close() stopped reads as "aborted by callback": say why.
        if case .failure = answer, lock.withLock({ closed }) { throw .closed }
        return try answer.get()
    }

    /// Stops the transfers in flight (within about a second: libcurl looks at the flag
    /// between reads and at least once a second while it waits) and ends the connections.
    func close() async {
        let (connections, running, waiters) = lock.withLock {
            closed = true
            defer {
                idle = []
                waiting = []
            }
            return (idle, Array(busy.values), waiting)
        }
        for connection in running { crudkit_curl_abort(connection.abort) }
        for waiter in waiters { waiter.continuation.resume(returning: nil) }
        _ = connections  // released here: each closes its handle and ends its thread
    }

    /// An idle connection, a new one while fewer than ``maxConnections`` are open, or the next
    /// to come free within `limit`.
    private func checkOut(within limit: Duration) async throws(TransportFailure) -> Connection {
        enum Next {
            case ready(Connection)
            case open(Int)
            case wait(UInt64)
            case refused
        }
        let next: Next = lock.withLock {
            if closed { return .refused }
            if let connection = idle.popLast() {
                busy[ObjectIdentifier(connection)] = connection
                return .ready(connection)
            }
            if opened < maxConnections {
                opened += 1
                return .open(opened)
            }
            nextWaiter += 1
            pending.insert(nextWaiter)
            return .wait(nextWaiter)
        }
        switch next {
        case .ready(let connection): return connection
        case .refused: throw .closed
        case .open(let index):
            guard let handle = crudkit_curl_open() else {
                lock.withLock { opened -= 1 }
                throw .other("libcurl could not open a connection")
            }
            let connection = Connection(handle: handle, index: index)
            // close() may have run while the connection opened: it must not send then.
            let admitted = lock.withLock {
                if closed { return false }
                busy[ObjectIdentifier(connection)] = connection
                return true
            }
            guard admitted else { throw .closed }
            return connection
        case .wait(let id):
            // The wait counts against the request's time, and a cancelled caller stops waiting.
            let timer = Task {
                try? await Task.sleep(for: min(limit, Self.longestTimeout))
                abandon(id)
            }
            defer { timer.cancel() }
            let connection = await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Connection?, Never>) in
                    let now: Connection?? = lock.withLock {
                        if closed || abandoned.remove(id) != nil { return .some(nil) }
                        if let connection = idle.popLast() {
                            busy[ObjectIdentifier(connection)] = connection
                            return .some(connection)
                        }
                        waiting.append((id, continuation))
                        return .none
                    }
                    if let now { continuation.resume(returning: now) }
                }
            } onCancel: {
                abandon(id)
            }
            lock.withLock {
                pending.remove(id)
                abandoned.remove(id)
            }
            guard let connection else {
                if lock.withLock({ closed }) { throw .closed }
                throw Task.isCancelled ? .other("the request was cancelled") : .timedOut
            }
            return connection
        }
    }

    /// Gives up the wait `id`: its caller gets no connection.
    private func abandon(_ id: UInt64) {
        let waiter: CheckedContinuation<Connection?, Never>? = lock.withLock {
            if let position = waiting.firstIndex(where: { $0.id == id }) { return waiting.remove(at: position).continuation }
            // Begun but not waiting yet: the wait ends as soon as it starts.
            if pending.contains(id) { abandoned.insert(id) }
            return nil
        }
        waiter?.resume(returning: nil)
    }

    private func checkIn(_ connection: Connection) {
        let waiter: CheckedContinuation<Connection?, Never>? = lock.withLock {
            busy[ObjectIdentifier(connection)] = nil
            if closed { return nil }
            if !waiting.isEmpty {
                busy[ObjectIdentifier(connection)] = connection
                return waiting.removeFirst().continuation
            }
            idle.append(connection)
            return nil
        }
        waiter?.resume(returning: connection)
    }

    private static func perform(_ request: HTTPExchange, on connection: Connection) -> Result<(status: Int, body: Data), TransportFailure> {
        let lines = request.headers.map { "\($0.name): \($0.value)" }
        let timeout = min(max(request.timeout, .milliseconds(1)), longestTimeout).milliseconds
        var answer = crudkit_curl_answer()
        withCStrings(lines) { headers in
            if let body = request.body {
                body.withUnsafeBytes { bytes in
                    // A pointer even for an empty body: NULL would mean "no body".
                    let start = bytes.bindMemory(to: UInt8.self).baseAddress ?? UnsafePointer(bitPattern: 1)
                    crudkit_curl_perform(
                        connection.handle, request.url.absoluteString, request.method, headers, Int32(lines.count), start, body.count,
                        timeout, HTTPExchange.maxAnswerLength, connection.abort, &answer)
                }
            } else {
                crudkit_curl_perform(
                    connection.handle, request.url.absoluteString, request.method, headers, Int32(lines.count), nil, 0, timeout,
                    HTTPExchange.maxAnswerLength, connection.abort, &answer)
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
