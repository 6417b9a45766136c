import CRUDMemory
import CRUDServer
import CRUDSpec
import CRUDTestSupport
import Foundation
import ParseWire
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// A small Parse REST client written from Parse Server's REST guide, for the dialect tests: it
// knows only HTTP, JSON and the guide's conventions, nothing of the server's internals.

/// JSON values are the kit's own (`JSONValue`); these additions let the tests write them as
/// literals and read answers back briefly.
typealias JSON = JSONValue

extension JSONValue {
    /// Parses JSON text; nil when it is not JSON.
    static func parse(_ data: Data) -> JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: data)
    }

    static func parse(_ text: String) -> JSONValue? {
        parse(Data(text.utf8))
    }

    /// Compact JSON text, keys sorted.
    var text: String { ParseFind.text(self) }

    subscript(key: String) -> JSONValue? { object?[key] }

    var bool: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    var int: Int? {
        switch self {
        case .integer(let number): number
        case .number(let number) where number == number.rounded() && abs(number) < 1e15: Int(number)
        default: nil
        }
    }

    var array: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// The member names of an object, sorted; empty for anything else.
    var keys: [String] { object?.keys.sorted() ?? [] }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements) { _, last in last })
    }
}

extension JSONValue: CustomStringConvertible {
    public var description: String { text }
}

/// One HTTP answer.
struct ParseResponse: Sendable, CustomStringConvertible {
    var status: Int
    /// Header names lowercased.
    var headers: [String: String]
    var body: Data

    var text: String { String(decoding: body, as: UTF8.self) }
    var json: JSON? { JSON.parse(body) }

    func header(_ name: String) -> String? { headers[name.lowercased()] }

    var description: String { "HTTP \(status) \(text.prefix(600))" }
}

/// How a query travels: Parse Server takes the same parameters as URL parameters of a GET, or
/// as a JSON body of a POST with `"_method": "GET"` (what ParseSwift's `usingPostForQuery` sends).
enum QueryTransport: String, Sendable, CaseIterable, CustomTestStringConvertible {
    case urlParameters = "GET with URL parameters"
    case postMethodGET = "POST with _method GET"

    var testDescription: String { rawValue }
}

/// A client of one server, over a URLSession that never caches (corelibs' URLCache would
/// otherwise answer a later GET of the same path from memory).
struct ParseClient: Sendable {
    let port: UInt16
    /// Sent with every request.
    let headers: [String: String]

    /// One session for every client: each URLSession holds threads and descriptors until it
    /// is invalidated, and a test run makes hundreds of clients.
    private static let shared: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = 60
        return URLSession(configuration: configuration)
    }()

    private var session: URLSession { Self.shared }

    init(port: UInt16, headers: [String: String]) {
        self.port = port
        self.headers = headers
    }

    /// A client of the same server with other standard headers.
    func with(headers: [String: String]) -> ParseClient {
        ParseClient(port: port, headers: headers)
    }

    var origin: String { "http://127.0.0.1:\(port)" }

    /// Percent-encodes everything but the unreserved characters, so `+`, `&`, `=` and JSON
    /// punctuation arrive as sent.
    static func encoded(_ text: String) -> String {
        let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        return text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    /// Sends one request. `extraHeaders` adds to (or, with nil, removes from) ``headers``.
    func send(
        _ method: String, _ path: String, query: [(String, String)] = [], body: String? = nil, headers extraHeaders: [String: String?] = [:]
    ) async throws -> ParseResponse {
        var target = origin + path
        if !query.isEmpty { target += "?" + query.map { Self.encoded($0.0) + "=" + Self.encoded($0.1) }.joined(separator: "&") }
        let url = try #require(URL(string: target), "not a URL: \(target)")
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 60)
        request.httpMethod = method
        // A connection per request: kept-alive connections to the servers of finished tests
        // would pile up in the shared session (hundreds of sockets in a full run).
        var all = headers.merging(["Connection": "close"]) { given, _ in given }
        for (name, value) in extraHeaders { all[name] = value }
        for (name, value) in all { request.setValue(value, forHTTPHeaderField: name) }
        if let body { request.httpBody = Data(body.utf8) }
        // A completion handler, not `data(for:)`: cancelling an async URLSession request can
        // trap inside corelibs' URLSession (`behaviour(for:)`), taking the whole test run down.
        let session = self.session
        let (data, response) = try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<(Data, URLResponse), any Error>) in
            session.dataTask(with: request) { data, response, error in
                if let data, let response {
                    continuation.resume(returning: (data, response))
                } else {
                    continuation.resume(throwing: error ?? URLError(.badServerResponse))
                }
            }.resume()
        }
        let http = try #require(response as? HTTPURLResponse)
        var names: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String { names[name.lowercased()] = "\(value)" }
        }
        return ParseResponse(status: http.statusCode, headers: names, body: data)
    }

    func send(_ method: String, _ path: String, json: JSON, headers extraHeaders: [String: String?] = [:]) async throws -> ParseResponse {
        try await send(method, path, body: json.text, headers: extraHeaders)
    }

    /// A find on a class with `parameters` as URL parameters (strings as they are, anything
    /// else as JSON text, as the REST guide writes them) or as a `_method: GET` body.
    func find(_ className: String, _ parameters: [(String, JSON)] = [], via transport: QueryTransport = .urlParameters) async throws
        -> ParseResponse
    {
        let path = "/parse/classes/\(className)"
        switch transport {
        case .urlParameters:
            return try await send("GET", path, query: parameters.map { ($0.0, $0.1.string ?? $0.1.text) })
        case .postMethodGET:
            var body: [String: JSON] = ["_method": "GET"]
            for (name, value) in parameters { body[name] = value }
            return try await send("POST", path, json: .object(body))
        }
    }

    /// Creates an object and returns its id and creation date; the create must answer 201.
    @discardableResult
    func create(_ className: String, _ fields: JSON) async throws -> (id: String, createdAt: String) {
        let answer = try await send("POST", "/parse/classes/\(className)", json: fields)
        try #require(answer.status == 201, "create \(className) \(fields): \(answer)")
        let id = try #require(answer.json?["objectId"]?.string, "\(answer)")
        let createdAt = try #require(answer.json?["createdAt"]?.string, "\(answer)")
        return (id, createdAt)
    }

    /// GET of one object.
    func get(_ className: String, _ id: String) async throws -> ParseResponse {
        try await send("GET", "/parse/classes/\(className)/\(id)")
    }

    /// The results of a find, which must answer 200 with a `results` array.
    func results(_ className: String, _ parameters: [(String, JSON)] = [], via transport: QueryTransport = .urlParameters) async throws
        -> [JSON]
    {
        let answer = try await find(className, parameters, via: transport)
        try #require(answer.status == 200, "find \(className) \(parameters): \(answer)")
        return try #require(answer.json?["results"]?.array, "\(answer)")
    }
}

/// A running server over a fresh memory store, with a client that sends the application id
/// (and every configured key, each in its own header).
struct ParseHarness: Sendable {
    let server: MockServer
    let clock: ManualClock
    let client: ParseClient

    var port: UInt16 { server.port }

    /// A raw-socket client, for what URLSession will not send.
    func raw() throws -> RawHTTPClient { try RawHTTPClient(port: port) }

    /// A client that sends exactly `headers` (and whatever URLSession adds).
    func withHeaders(_ headers: [String: String]) -> ParseClient { client.with(headers: headers) }
}

/// A clock that moves 1.25 s on every read, so every write gets its own instant and dates
/// show non-zero milliseconds.
func steppingClock() -> ManualClock {
    let clock = ManualClock()
    clock.startStepping(by: 1.25)
    return clock
}

/// Runs `body` against a fresh server on a free port and stops the server afterwards.
func withParseServer(
    applicationID: String = "crudkit", restKey: String? = nil, clientKey: String? = nil, javascriptKey: String? = nil,
    clock: ManualClock = steppingClock(), _ body: (ParseHarness) async throws -> Void
) async throws {
    let configuration = MockServer.Configuration(
        port: 0, applicationID: applicationID, restKey: restKey, clientKey: clientKey, javascriptKey: javascriptKey)
    var headers = ["X-Parse-Application-Id": applicationID, "Content-Type": "application/json"]
    if let restKey { headers["X-Parse-REST-API-Key"] = restKey }
    if let clientKey { headers["X-Parse-Client-Key"] = clientKey }
    if let javascriptKey { headers["X-Parse-Javascript-Key"] = javascriptKey }
    try await TestServer.run(over: MemoryStore(clock: clock), configuration) { served in
        try await body(ParseHarness(server: served.server, clock: clock, client: ParseClient(port: served.port, headers: headers)))
    }
}

/// Whether `text` is a date as Parse writes it: `yyyy-MM-dd'T'HH:mm:ss.SSS'Z'`.
func isParseDate(_ text: String?) -> Bool {
    guard let text else { return false }
    let shape = Array("0000-00-00T00:00:00.000Z")
    let characters = Array(text)
    guard characters.count == shape.count else { return false }
    return zip(characters, shape).allSatisfy { character, expected in
        expected == "0" ? ("0"..."9").contains(character) : character == expected
    }
}

/// Whether `text` is an objectId as the kit makes them: a lowercase UUID.
func isKitObjectID(_ text: String?) -> Bool {
    guard let text else { return false }
    return UUID(uuidString: text) != nil && text == text.lowercased()
}

/// One server holding the six tasks, shared by the cases that only read them (the suite runs
/// one case at a time): a server and six creates per case made hundreds of each.
private actor SeededServer {
    static let shared = SeededServer()
    private var ready: (harness: ParseHarness, six: SixTasks)?

    func get() async throws -> (harness: ParseHarness, six: SixTasks) {
        if let ready { return ready }
        let clock = steppingClock()
        let server = MockServer(store: MemoryStore(clock: clock), configuration: .init(port: 0))
        try server.start()
        let headers = ["X-Parse-Application-Id": "crudkit", "Content-Type": "application/json"]
        let harness = ParseHarness(server: server, clock: clock, client: ParseClient(port: server.port, headers: headers))
        let seeded = (harness, try await SixTasks.seed(harness.client))
        ready = seeded
        return seeded
    }
}

/// Runs `body` against the shared server that holds the six tasks; `body` must not write.
func withSeededServer(_ body: (ParseHarness, SixTasks) async throws -> Void) async throws {
    let (harness, six) = try await SeededServer.shared.get()
    try await body(harness, six)
}
