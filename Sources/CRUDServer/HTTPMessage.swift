import Foundation
import ParseWire

/// One parsed HTTP/1.1 request.
struct HTTPRequest: Sendable {
    var method: String
    /// The path without the query, percent-decoded per segment by the router.
    var path: String
    /// Query parameters, percent-decoded; `+` is a space as in forms.
    var query: [String: String]
    /// Header names are lowercased.
    var headers: [String: String]
    var body: [UInt8]
    /// Whether the client wants the connection kept open after the response.
    var keepAlive: Bool

    func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// One HTTP response, always with a Content-Length body.
struct HTTPResponse: Sendable {
    var status: Int
    var headers: [(String, String)] = []
    var body: [UInt8] = []
    /// Close the connection after sending, whatever the client asked.
    var closeConnection = false
    /// Whether a retry of the request (same `X-Parse-Request-Id`) must get this answer again
    /// instead of running again: a write that changed something, which is any answer below
    /// 500, and a 500 that says so (a transaction that failed part way).
    var keptForRetries: Bool?

    static func json(_ status: Int, _ object: Any, headers: [(String, String)] = []) -> HTTPResponse {
        let body = JSONWriter.bytes(object) ?? Array(#"{"code":1,"error":"internal error"}"#.utf8)
        return HTTPResponse(status: status, headers: [("Content-Type", "application/json; charset=utf-8")] + headers, body: body)
    }

    /// `{"code", "error"}`, the shape of every Parse error.
    static func error(_ status: Int, code: Int, _ message: String, extra: [String: Any] = [:], close: Bool = false) -> HTTPResponse {
        var body: [String: Any] = ["code": code, "error": message]
        body.merge(extra) { first, _ in first }
        var response = json(status, body)
        response.closeConnection = close
        return response
    }

    static let reasons: [Int: String] = [
        200: "OK", 201: "Created", 400: "Bad Request", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
        408: "Request Timeout", 411: "Length Required", 413: "Content Too Large", 431: "Request Header Fields Too Large",
        500: "Internal Server Error", 501: "Not Implemented", 503: "Service Unavailable",
    ]

    func serialized(keepAlive: Bool) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reasons[status] ?? "Status")\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body.count)\r\n"
        head += keepAlive && !closeConnection ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n"
        return Array(head.utf8) + body
    }
}

/// Why a request could not be read: each becomes a 4xx response and a closed connection.
enum RequestProblem: Error, Equatable {
    case malformed(String)
    case headersTooLarge
    case bodyTooLarge
    /// The client closed the connection or went quiet between requests: nothing to answer.
    case connectionClosed
    /// The client started a request and then stalled.
    case timedOut

    var response: HTTPResponse? {
        switch self {
        case .malformed(let why): .error(400, code: ParseCode.invalidJSON, "malformed request: \(why)", close: true)
        case .headersTooLarge: .error(431, code: ParseCode.invalidJSON, "request headers are larger than 16 KiB", close: true)
        case .bodyTooLarge: .error(413, code: ParseCode.invalidJSON, "request body is larger than 1 MiB", close: true)
        case .timedOut: .error(408, code: ParseCode.invalidJSON, "the request took too long to arrive", close: true)
        case .connectionClosed: nil
        }
    }
}

/// Reads requests from one connection, keeping bytes that arrive early for the next request.
struct RequestReader {
    static let maxHeaderBytes = 16 * 1_024
    static let maxBodyBytes = 1_024 * 1_024

    let descriptor: Int32
    private var buffer: [UInt8] = []

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Reads the next request, or throws a ``RequestProblem``.
    mutating func next() throws(RequestProblem) -> HTTPRequest {
        let headerEnd = try readUntilHeaderEnd()
        let headText = String(decoding: buffer[..<headerEnd], as: UTF8.self)
        buffer.removeFirst(headerEnd + 4)
        var lines = headText.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: false)
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1."), !requestLine[0].isEmpty,
            requestLine[0].allSatisfy({ $0.isLetter && $0.isUppercase }), requestLine[1].hasPrefix("/")
        else { throw .malformed("bad request line") }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                !line[..<colon].contains(where: { $0 == " " || $0 == "\t" })
            else { throw .malformed("bad header line") }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if name == "content-length", let existing = headers[name], existing != value {
                throw .malformed("conflicting Content-Length headers")
            }
            headers[name] = value
        }
        let body: [UInt8]
        if let coding = headers["transfer-encoding"] {
            // Both framings at once is how requests are smuggled past a proxy: refused, as Node's parser does.
            guard headers["content-length"] == nil else { throw .malformed("both Content-Length and Transfer-Encoding") }
            guard coding.lowercased() == "chunked" else { throw .malformed("unsupported Transfer-Encoding '\(coding)'") }
            body = try readChunkedBody()
        } else {
            var length = 0
            if let text = headers["content-length"] {
                guard let value = Int(text), value >= 0, text.allSatisfy(\.isASCII) else { throw .malformed("bad Content-Length") }
                guard value <= Self.maxBodyBytes else { throw .bodyTooLarge }
                length = value
            }
            try fill(atLeast: length)
            body = Array(buffer.prefix(length))
            buffer.removeFirst(length)
        }
        let version = requestLine[2]
        let connection = headers["connection"]?.lowercased() ?? ""
        let keepAlive = version == "HTTP/1.1" ? connection != "close" : connection == "keep-alive"
        let target = String(requestLine[1])
        let (path, query) = Self.splitTarget(target)
        return HTTPRequest(
            method: String(requestLine[0]), path: path, query: query, headers: headers, body: body, keepAlive: keepAlive)
    }

    /// Reads until the buffer holds at least `count` bytes.
    private mutating func fill(atLeast count: Int) throws(RequestProblem) {
        while buffer.count < count {
            guard let received = Socket.receive(descriptor, appendingTo: &buffer) else { throw .timedOut }
            guard received > 0 else { throw .malformed("the body ended early") }
        }
    }

    /// The next CRLF-terminated line of the buffer (at most 1 KiB), without the CRLF.
    private mutating func readLine() throws(RequestProblem) -> [UInt8] {
        while true {
            if let end = Self.find([13, 10], in: buffer, from: 0) {
                let line = Array(buffer[..<end])
                buffer.removeFirst(end + 2)
                return line
            }
            guard buffer.count <= 1_024 else { throw .malformed("a chunk-size line is too long") }
            try fill(atLeast: buffer.count + 1)
        }
    }

    /// A `Transfer-Encoding: chunked` body: chunks of hex-sized data until a zero-size
    /// chunk, then trailer lines until an empty one. The same 1 MiB limit as any body.
    private mutating func readChunkedBody() throws(RequestProblem) -> [UInt8] {
        var body: [UInt8] = []
        // Size lines and trailers count against the header limit, so framing cannot run on forever.
        var framing = 0
        func framingLine() throws(RequestProblem) -> [UInt8] {
            let line = try readLine()
            framing += line.count + 2
            guard framing <= Self.maxHeaderBytes else { throw .headersTooLarge }
            return line
        }
        while true {
            let line = String(decoding: try framingLine(), as: UTF8.self)
            let sizeText = line.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            // Hex digits only: Int(_:radix:) would also take a sign, and a negative size
            // would index before the buffer.
            guard !sizeText.isEmpty, sizeText.count <= 8, sizeText.allSatisfy(\.isHexDigit), let size = Int(sizeText, radix: 16) else {
                throw .malformed("bad chunk size '\(sizeText)'")
            }
            if size == 0 { break }
            guard body.count + size <= Self.maxBodyBytes else { throw .bodyTooLarge }
            try fill(atLeast: size + 2)
            guard buffer[size] == 13, buffer[size + 1] == 10 else { throw .malformed("a chunk does not end with CRLF") }
            body += buffer[..<size]
            buffer.removeFirst(size + 2)
        }
        while try !framingLine().isEmpty {}  // trailers, ignored
        return body
    }

    private mutating func readUntilHeaderEnd() throws(RequestProblem) -> Int {
        var searchedUpTo = 0
        while true {
            if let end = Self.find([13, 10, 13, 10], in: buffer, from: max(0, searchedUpTo - 3)) {
                guard end <= Self.maxHeaderBytes else { throw .headersTooLarge }
                return end
            }
            searchedUpTo = buffer.count
            guard buffer.count <= Self.maxHeaderBytes else { throw .headersTooLarge }
            let wasEmpty = buffer.isEmpty
            guard let count = Socket.receive(descriptor, appendingTo: &buffer) else {
                throw wasEmpty ? .connectionClosed : .timedOut
            }
            guard count > 0 else {
                if wasEmpty { throw .connectionClosed }
                throw .malformed("the request ended early")
            }
        }
    }

    private static func find(_ pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= pattern.count, start <= bytes.count - pattern.count else { return nil }
        for index in start...(bytes.count - pattern.count) where bytes[index] == pattern[0] {
            if bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
        }
        return nil
    }

    static func splitTarget(_ target: String) -> (String, [String: String]) {
        guard let mark = target.firstIndex(of: "?") else { return (target, [:]) }
        var query: [String: String] = [:]
        for pair in target[target.index(after: mark)...].split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in
                text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
            }
            query[decode(parts[0])] = parts.count > 1 ? decode(parts[1]) : ""
        }
        return (String(target[..<mark]), query)
    }
}
