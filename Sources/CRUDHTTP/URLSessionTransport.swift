import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Requests over URLSession: the client's transport on Apple platforms, and on Linux when
/// libcurl cannot be loaded or ``HTTPStore/Configuration/Transport/urlSession`` is asked for.
///
/// Every body goes out as a stream that ``RewindableBodies`` can hand URLSession again, so a
/// write re-sent on a fresh connection is whole; requests spread over ``HTTPLanes``.
final class URLSessionTransport: HTTPTransport, @unchecked Sendable {
    private let lanes: HTTPLanes
    private let bodies = RewindableBodies()

    /// How many sessions concurrent requests spread over (see ``HTTPLanes``). Four gained
    /// nothing measurable on two cores, and the exercise and conformance runs open a client
    /// per check, many at once.
    static let laneCount = 2

    init(timeout: Duration, maxConnections: Int) {
        let settings = URLSessionConfiguration.ephemeral
        settings.timeoutIntervalForRequest = timeout.seconds
        settings.httpMaximumConnectionsPerHost = maxConnections
        lanes = HTTPLanes(count: Self.laneCount, configuration: settings, delegate: bodies)
    }

    func exchange(_ exchange: HTTPExchange) async throws(TransportFailure) -> (status: Int, body: Data) {
        var request = URLRequest(url: exchange.url, timeoutInterval: exchange.timeout.seconds)
        request.httpMethod = exchange.method
        for header in exchange.headers { request.setValue(header.value, forHTTPHeaderField: header.name) }
        let data: Data
        let response: URLResponse
        do {
            if let body = exchange.body {
                (data, response) = try await bodies.sending(body, in: request) { try await lanes.exchange($0) }
            } else {
                (data, response) = try await lanes.exchange(request)
            }
        } catch is HTTPLanes.LaneClosed {
            throw .closed
        } catch {
            // A request that failed while the client closed failed because of it.
            if lanes.isClosed { throw .closed }
            throw Self.failure(error as? URLError)
        }
        guard let status = (response as? HTTPURLResponse)?.statusCode else { throw .other("not an HTTP answer") }
        return (status, data)
    }

    func close() async { await lanes.invalidate() }

    static func failure(_ error: URLError?) -> TransportFailure {
        switch error?.code {
        case .timedOut?: .timedOut
        case .cannotConnectToHost?, .cannotFindHost?: .cannotConnect
        case .networkConnectionLost?: .connectionLost
        default: .other(error.map { "\($0.code)" } ?? "unknown")
        }
    }
}
