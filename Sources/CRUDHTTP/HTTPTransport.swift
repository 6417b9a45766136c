import Foundation

/// One request as the client sends it, whatever carries it.
struct HTTPExchange: Sendable {
    var method: String
    var url: URL
    /// Header lines in order, `Content-Type` among them when there is a body.
    var headers: [(name: String, value: String)]
    var body: Data?
    /// How long the attempt may take, the connection's setup included.
    var timeout: Duration
}

/// Why an attempt got no answer.
enum TransportFailure: Error, Equatable, Sendable {
    case timedOut
    case cannotConnect
    case connectionLost
    /// The answer was longer than the client reads (``HTTPExchange`` answers are whole).
    case answerTooLarge
    /// The client was closed before the request was sent, or while it ran.
    case closed
    case other(String)

    /// What the store's `CRUDError.network` says about it.
    var reason: String {
        switch self {
        case .timedOut: "the request timed out"
        case .cannotConnect: "nothing answers at that address"
        case .connectionLost: "the connection was lost"
        case .answerTooLarge: "the answer was larger than \(HTTPExchange.maxAnswerLength / (1 << 20)) MiB"
        case .closed: "the client was closed"
        case .other: "the connection failed"
        }
    }
}

extension HTTPExchange {
    /// The longest answer read: a page of 1,000 records is a few hundred KiB.
    static let maxAnswerLength = 64 << 20
}

/// How the client's requests go out and their answers come back.
protocol HTTPTransport: Sendable {
    /// Sends `request` once and waits for its answer: the status and the body.
    func exchange(_ request: HTTPExchange) async throws(TransportFailure) -> (status: Int, body: Data)
    /// Ends the connections. A request in flight, and every request after, throws
    /// ``TransportFailure/closed`` or gets its answer; none can end the process.
    func close() async
}
