import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The bodies of the writes in flight, handed to URLSession again whenever it must send one
/// a second time.
///
/// When a kept-alive connection turns out dead after a request went out on it (the server's
/// idle timeout closed it meanwhile, or the server dropped it), libcurl re-sends the request
/// on a fresh connection and first rewinds its body. On Linux a `httpBody` cannot be
/// rewound: libcurl sends the headers and no body, and both ends wait until a timeout. A
/// `httpBodyStream` can: URLSession asks its delegate for a new stream, and this delegate
/// gives one over the same bytes. The re-sent write carries the same `X-Parse-Request-Id`,
/// so a server that had run it answers from its cache instead of running it twice.
final class RewindableBodies: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    /// The header that tells the writes apart.
    static let key = "X-Parse-Request-Id"

    private let lock = NSLock()
    // Guarded by `lock`: each write's body by its request id.
    private var bodies: [String: Data] = [:]

    /// Calls `send` with `request` carrying `body` as a stream URLSession can ask for again,
    /// and keeps the body until `send` returns. Never as `httpBody`: URLSession traps when
    /// it asks this delegate for a new stream of a request that has none.
    func sending<T>(_ body: Data, in request: URLRequest, _ send: (URLRequest) async throws -> T) async throws -> T {
        var streamed = request
        // The body is found again by this header; a write without one gets one.
        let id = request.value(forHTTPHeaderField: Self.key) ?? UUID().uuidString
        streamed.setValue(id, forHTTPHeaderField: Self.key)
        streamed.httpBody = nil
        streamed.httpBodyStream = InputStream(data: body)
        lock.withLock { bodies[id] = body }
        defer { lock.withLock { bodies[id] = nil } }
        return try await send(streamed)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void
    ) {
        let id = task.originalRequest?.value(forHTTPHeaderField: Self.key)
        let body = lock.withLock { id.flatMap { bodies[$0] } }
        completionHandler(body.map { InputStream(data: $0) })
    }
}
