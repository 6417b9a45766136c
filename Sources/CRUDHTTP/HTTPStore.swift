import CRUDSpec
import Foundation
import ParseWire

/// A store that keeps nothing itself: every operation is a request to a Parse-style REST
/// API, such as the kit's mock server (`crudkit serve`).
///
/// Create is POST, read is GET, update is PUT, delete is DELETE. Every error body is
/// mapped back to the kit's `CRUDError`. Requests time out; GETs are retried with
/// exponential backoff, and so are writes, because each write carries an
/// `X-Parse-Request-Id` that the server uses to answer a retry without running it twice.
/// Success is reported only after the server confirmed it.
///
/// ```swift
/// let store = HTTPStore(configuration: .init(baseURL: URL(string: "http://127.0.0.1:8080/parse")!,
///                                              applicationID: "crudkit"))
/// let task = try await store.createTask(title: "Call the plumber", notes: nil)
/// ```
public final class HTTPStore: CRUDSpec, @unchecked Sendable {
    /// Where the API is and how patient to be with it.
    public struct Configuration: Sendable {
        /// The API's base URL, ending in `/parse`.
        public var baseURL: URL
        /// The `X-Parse-Application-Id` sent with every request.
        public var applicationID: String
        /// Sent as `X-Parse-REST-API-Key` when set, for a server that wants a key.
        public var restKey: String?
        /// Sent as `X-Parse-Client-Key` when set, for a server that wants that key instead.
        public var clientKey: String?
        /// How long one attempt may take.
        public var timeout: Duration
        /// Attempts per operation, the first included.
        public var maxAttempts: Int
        /// The wait before the first retry; it doubles with each further retry.
        public var initialBackoff: Duration
        /// What carries the requests.
        public var transport: Transport

        /// What carries the requests: the same requests and answers either way.
        public enum Transport: Sendable {
            /// libcurl's easy interface where it can be loaded (Linux), a connection kept
            /// alive per concurrent request; URLSession elsewhere.
            case automatic
            /// URLSession everywhere: on Linux many times the CPU per request (see
            /// `crudkit bench`, "bare URLSession loop").
            case urlSession
        }

        /// A configuration for the API at `baseURL`; `maxAttempts` below 1 counts as 1.
        public init(
            baseURL: URL, applicationID: String, restKey: String? = nil, clientKey: String? = nil, timeout: Duration = .seconds(10),
            maxAttempts: Int = 6, initialBackoff: Duration = .milliseconds(20), transport: Transport = .automatic
        ) {
            self.baseURL = baseURL
            self.applicationID = applicationID
            self.restKey = restKey
            self.clientKey = clientKey
            self.timeout = timeout
            self.maxAttempts = max(1, maxAttempts)
            self.initialBackoff = initialBackoff
            self.transport = transport
        }

        /// The keys from `CRUDKIT_APP_ID`, `CRUDKIT_REST_KEY` and `CRUDKIT_CLIENT_KEY`; the
        /// application id is the mock server's default (`crudkit`) when unset.
        public static func fromEnvironment(baseURL: URL, environment: [String: String] = ProcessInfo.processInfo.environment) -> Self {
            Self(
                baseURL: baseURL, applicationID: environment["CRUDKIT_APP_ID"] ?? "crudkit", restKey: environment["CRUDKIT_REST_KEY"],
                clientKey: environment["CRUDKIT_CLIENT_KEY"])
        }
    }

    /// The configuration the store was made with.
    public let configuration: Configuration
    private let decoding: any ReplyDecoding
    private let onClose: (@Sendable () async -> Void)?
    /// What carries the requests, reads and writes alike, on kept-alive connections.
    private let transport: any HTTPTransport

    /// The most connections the client keeps open to the server at once.
    static let maxConnections = 8

    /// A store that talks to the API at `configuration.baseURL`, reading its answers
    /// with `decoding`. `onClose` runs after ``close()``, for example to stop an
    /// in-process server the store owns.
    public init(
        configuration: Configuration, decoding: any ReplyDecoding = StandardReplyDecoding(),
        onClose: (@Sendable () async -> Void)? = nil
    ) {
        self.configuration = configuration
        self.decoding = decoding
        self.onClose = onClose
        transport = Self.transport(for: configuration)
    }

    // MARK: Tasks

    public func createTask(title: String, notes: String?) async throws -> TaskItem {
        var fields: [String: JSONValue] = ["title": .string(title)]
        if let notes { fields["notes"] = .string(notes) }
        // The answer stays JSONValue until the decoding: a create is the client's hot path.
        guard case .object(let answered) = try await request("POST", "classes/Task", body: .object(fields)) else {
            throw ParseObjects.unreadable
        }
        let sent = fields.merging(["isCompleted": .bool(false)]) { sent, _ in sent }
        return try decodeTask(try ParseObjects.created(sent: sent, answered: answered).mapValues(\.foundationValue))
    }

    public func task(id: UUID) async throws -> TaskItem {
        try decodeTask(try await send("GET", "classes/Task/\(ParseObjects.objectID(id))", missing: id))
    }

    public func tasks(_ query: TaskQuery) async throws -> [TaskItem] {
        try query.validate()
        let find = ParseFind(constraints: Self.constraints(query), order: query.sort == .title ? ["title"] : ["-createdAt"])
        return try await findAll("Task", find, limit: query.limit, offset: query.offset).map(decodeTask)
    }

    public func countTasks(_ query: TaskQuery) async throws -> Int {
        try query.validate()
        let find = ParseFind(constraints: Self.constraints(query), limit: 0, count: true)
        guard let count = (try await send("GET", "classes/Task", query: find.queryItems) as? [String: Any])?["count"] as? Int else {
            throw ParseObjects.unreadable
        }
        return count
    }

    public func renameTask(id: UUID, to title: String) async throws -> TaskItem {
        try await updateTask(id, ["title": .string(title)])
    }

    public func editTaskNotes(id: UUID, notes: String?) async throws -> TaskItem {
        try await updateTask(id, ["notes": notes.map(JSONValue.string) ?? .object(["__op": .string("Delete")])])
    }

    public func setTaskCompleted(id: UUID, _ isCompleted: Bool) async throws -> TaskItem {
        try await updateTask(id, ["isCompleted": .bool(isCompleted)])
    }

    /// One atomic request (the kit's `Toggle` operation), so two clients toggling at once
    /// cannot lose a toggle.
    public func toggleTask(id: UUID) async throws -> TaskItem {
        try await updateTask(id, ["isCompleted": .object(["__op": .string("Toggle")])])
    }

    /// A PUT answers only `updatedAt` (and what the server stored differently), as Parse
    /// Server does: the whole task is read back after it.
    private func updateTask(_ id: UUID, _ fields: [String: JSONValue]) async throws -> TaskItem {
        _ = try await send("PUT", "classes/Task/\(ParseObjects.objectID(id))", body: .object(fields), missing: id)
        return try await task(id: id)
    }

    public func deleteTask(id: UUID) async throws {
        _ = try await send("DELETE", "classes/Task/\(ParseObjects.objectID(id))", missing: id)
    }

    /// One batch in a transaction: the server applies it all or nothing.
    public func importTasks(titles: [String]) async throws -> [TaskItem] {
        guard !titles.isEmpty else { return [] }
        let path = mountPath + "/classes/Task"
        let batch = ParseBatch(
            requests: titles.map { ParseBatch.Item(method: "POST", path: path, body: ["title": .string($0)]) }, transaction: true)
        let items = try await send(batch)
        return try zip(items, titles).map { item, title in
            let sent: [String: JSONValue] = ["title": .string(title), "isCompleted": .bool(false)]
            return try decodeTask(try created(sent: sent, reply: item["success"] as Any))
        }
    }

    // MARK: Contacts

    public func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        var fields: [String: JSONValue] = ["name": .string(name), "email": .string(email)]
        if let phone { fields["phone"] = .string(phone) }
        let reply = try await send("POST", "classes/Contact", body: .object(fields))
        return try ParseObjects.contact(from: try ParseObjects.created(sent: fields, answered: try object(reply)))
    }

    public func contact(id: UUID) async throws -> Contact {
        try ParseObjects.contact(from: try object(try await send("GET", "classes/Contact/\(ParseObjects.objectID(id))", missing: id)))
    }

    public func contacts(_ query: ContactQuery) async throws -> [Contact] {
        try query.validate()
        var find = ParseFind(order: ParseClass.contact.specificationOrder)
        if let term = query.effectiveSearch { find.constraints["name"] = ParseFind.search(term) }
        return try await findAll("Contact", find, limit: query.limit, offset: query.offset).map {
            try ParseObjects.contact(from: try object($0))
        }
    }

    /// Read back after the PUT, as for tasks.
    public func updateContact(id: UUID, _ changes: ContactChanges) async throws -> Contact {
        var fields: [String: JSONValue] = [:]
        if let name = changes.name { fields["name"] = .string(name) }
        if let email = changes.email { fields["email"] = .string(email) }
        if let phone = changes.phone { fields["phone"] = .string(phone) }
        _ = try await send("PUT", "classes/Contact/\(ParseObjects.objectID(id))", body: .object(fields), missing: id)
        return try await contact(id: id)
    }

    public func deleteContact(id: UUID) async throws {
        _ = try await send("DELETE", "classes/Contact/\(ParseObjects.objectID(id))", missing: id)
    }

    /// Cancels requests in flight, releases the connection pool, and runs `onClose`.
    public func close() async throws {
        await transport.close()
        await onClose?()
    }

    /// Which transport carries the requests: libcurl's unless URLSession is asked for or
    /// libcurl cannot be loaded (see ``Configuration/Transport``).
    static func transport(for configuration: Configuration) -> any HTTPTransport {
        #if os(Linux)
            if configuration.transport == .automatic, let curl = CurlTransport.make(maxConnections: maxConnections) { return curl }
        #endif
        return URLSessionTransport(timeout: configuration.timeout, maxConnections: maxConnections)
    }

    /// What carries this store's requests: "libcurl" or "URLSession" (see ``Configuration/Transport``).
    public var transportName: String { transport is CurlTransport ? "libcurl" : "URLSession" }

    // MARK: Requests

    private func decodeTask(_ reply: Any) throws -> TaskItem {
        guard let object = reply as? [String: Any] else { throw ParseObjects.unreadable }
        return try decoding.task(from: object)
    }

    /// The object a create made, as Foundation values for ``ReplyDecoding``: what was sent,
    /// with what the server answered over it (see ``ParseObjects/created(sent:answered:)``).
    private func created(sent: [String: JSONValue], reply: Any) throws -> Any {
        try ParseObjects.created(sent: sent, answered: try object(reply)).mapValues(\.foundationValue)
    }

    private func object(_ reply: Any) throws(CRUDError) -> [String: JSONValue] {
        guard case .object(let members)? = JSONValue(foundation: reply) else { throw ParseObjects.unreadable }
        return members
    }

    /// Sends `batch` and returns its answer: one item per request, in order.
    func send(_ batch: ParseBatch) async throws -> [[String: Any]] {
        guard let body = try? JSONValue.read(JSONEncoder().encode(batch)) else { throw ParseObjects.unreadable }
        guard let items = try await send("POST", "batch", body: body) as? [[String: Any]], items.count == batch.requests.count else {
            throw ParseObjects.unreadable
        }
        return items
    }

    /// The most results one find asks for. A find with no limit gets Parse Server's default
    /// of 100, and a server may cut any limit down to its `maxLimit` without saying so.
    static let pageSize = 1_000

    /// Every result of `find` from `offset` on, at most `limit`, in pages: each asks for an
    /// explicit limit, and the first also for the count of all matches, so a page cut short
    /// by the server is followed by the next one instead of ending the list.
    ///
    /// When one page is not all, the pages are read again with `objectId` as the last sort
    /// key: a database does not promise to keep records that tie on the order (equal titles,
    /// one `createdAt`) in the same order from one page to the next, so `skip` could repeat
    /// or leave out one of them.
    private func findAll(_ className: String, _ find: ParseFind, limit: Int?, offset: Int) async throws -> [Any] {
        if limit == 0 {
            // Still asked, so what a server does with limit=0 is what the caller sees.
            var page = find
            (page.limit, page.skip) = (0, offset)
            return try results(try await send("GET", "classes/\(className)", query: page.queryItems))
        }
        var find = find
        var collected: [Any] = []
        var matches: Int?
        var previousFirst: String?
        while true {
            let wanted = limit.map { $0 - collected.count } ?? Self.pageSize
            let (skip, overflow) = offset.addingReportingOverflow(collected.count)
            guard wanted > 0, !overflow else { break }
            var page = find
            page.skip = skip
            page.limit = min(wanted, Self.pageSize)
            page.count = collected.isEmpty
            let reply = try await send("GET", "classes/\(className)", query: page.queryItems)
            let results = try results(reply)
            if page.count { matches = (reply as? [String: Any])?["count"] as? Int }
            if collected.isEmpty, let matches, results.count < min(matches - min(matches, offset), page.limit ?? 0),
                find.order.last != "objectId"
            {
                // Cut short by the server: start again in an order without ties.
                find.order.append("objectId")
                continue
            }
            // A server that ignores skip would answer the same page forever.
            let first = results.first.flatMap(Self.objectID)
            if first != nil, first == previousFirst { throw ParseObjects.unreadable }
            previousFirst = first
            collected += results.prefix(wanted)
            // Without a count, read on until a page comes back empty.
            guard !results.isEmpty, offset.addingReportingOverflow(collected.count).partialValue < (matches ?? Int.max) else { break }
        }
        return collected
    }

    private static func objectID(_ result: Any) -> String? {
        (result as? [String: Any])?["objectId"] as? String
    }

    func results(_ reply: Any) throws(CRUDError) -> [Any] {
        guard let results = (reply as? [String: Any])?["results"] as? [Any] else { throw ParseObjects.unreadable }
        return results
    }

    /// The path of the API's mount, such as `/parse`: batch requests name it.
    var mountPath: String {
        let path = configuration.baseURL.path
        return path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    private static func constraints(_ query: TaskQuery) -> [String: JSONValue] {
        var constraints: [String: JSONValue] = [:]
        switch query.filter {
        case .all: break
        case .completed: constraints["isCompleted"] = .bool(true)
        case .incomplete: constraints["isCompleted"] = .bool(false)
        }
        if let term = query.effectiveSearch { constraints["title"] = ParseFind.search(term) }
        return constraints
    }

    /// Sends one logical request, retrying with backoff on network failures and 502–504,
    /// and returns the decoded JSON of a 2xx answer as Foundation values or throws the mapped
    /// error.
    func send(
        _ method: String, _ path: String, query: [(String, String)] = [], body: JSONValue? = nil, missing id: UUID? = nil
    ) async throws(CRUDError) -> Any {
        try await request(method, path, query: query, body: body, missing: id).foundationValue
    }

    /// ``send(_:_:query:body:missing:)``, its answer as read.
    func request(
        _ method: String, _ path: String, query: [(String, String)] = [], body: JSONValue? = nil, missing id: UUID? = nil
    ) async throws(CRUDError) -> JSONValue {
        var components = configuration.baseURL.absoluteString
        if !components.hasSuffix("/") { components += "/" }
        components += path
        if !query.isEmpty {
            components += "?" + query.map { "\(Self.percentEncoded($0))=\(Self.percentEncoded($1))" }.joined(separator: "&")
        }
        guard let url = URL(string: components) else { throw .network(reason: "the server address is not a valid URL") }
        var outgoing = HTTPExchange(method: method, url: url, headers: [], body: nil, timeout: configuration.timeout)
        outgoing.headers.append(("X-Parse-Application-Id", configuration.applicationID))
        if let key = configuration.restKey { outgoing.headers.append(("X-Parse-REST-API-Key", key)) }
        if let key = configuration.clientKey { outgoing.headers.append(("X-Parse-Client-Key", key)) }
        if method != "GET" {
            // The server runs a write that comes again with the same key only once.
            outgoing.headers.append((RewindableBodies.key, UUID().uuidString))
        }
        if let body {
            outgoing.headers.append(("Content-Type", "application/json"))
            guard let encoded = JSONWriter.bytes(body.foundationValue).map({ Data($0) }) ?? (try? JSONEncoder().encode(body)) else {
                throw .network(reason: "the request could not be written as JSON")
            }
            outgoing.body = encoded
        }
        var lastProblem = "no answer"
        for attempt in 0..<configuration.maxAttempts {
            // A cancelled caller (a check out of time) sends nothing more; the request in
            // flight is not cancelled itself (see HTTPLanes.exchange(_:)).
            if Task.isCancelled { throw .network(reason: "the request was cancelled") }
            if attempt > 0 {
                let wait = configuration.initialBackoff * (1 << min(attempt - 1, 10))
                try? await Task.sleep(for: wait + .milliseconds(Int.random(in: 0...10)))
            }
            let status: Int
            let data: Data
            do {
                (status, data) = try await transport.exchange(outgoing)
            } catch {
                if Task.isCancelled { throw .network(reason: "the request was cancelled") }
                // The same answer again would be as large; a closed client sends nothing more.
                if error == .answerTooLarge || error == .closed { throw .network(reason: error.reason) }
                lastProblem = error.reason
                continue
            }
            if [502, 503, 504].contains(status) {
                lastProblem = "the server was unavailable (HTTP \(status))"
                continue
            }
            let json = data.isEmpty ? nil : try? JSONValue.read(data)
            guard (200..<300).contains(status) else {
                do {
                    throw try decoding.error(status: status, body: json?.foundationValue as? [String: Any] ?? [:], requestedID: id)
                } catch let error as CRUDError {
                    throw error
                } catch {
                    throw .notImplemented(operation: "decoding an error answer (\(error))")
                }
            }
            guard let json else { throw ParseObjects.unreadable }
            return json
        }
        throw .network(reason: "\(lastProblem), after \(configuration.maxAttempts) attempts")
    }

    /// Percent-encodes everything but unreserved characters, so `+`, `&` and `=` in a
    /// search term arrive as themselves.
    static func percentEncoded(_ text: String) -> String {
        // ASCII only: CharacterSet.alphanumerics would leave é unencoded.
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
