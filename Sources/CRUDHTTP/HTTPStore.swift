import CRUDSpec
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A store that keeps nothing itself: every operation is a request to a Parse-style REST
/// API, such as the kit's mock server (`crudkit serve`).
///
/// Create is POST, read is GET, update is PUT, delete is DELETE. Every error body is
/// mapped back to the kit's ``CRUDError``. Requests time out; GETs are retried with
/// exponential backoff, and so are writes, because each write carries an
/// `X-Parse-Request-Id` that the server uses to answer a retry without running it twice.
/// Success is reported only after the server confirmed it.
///
/// ```swift
/// let store = HTTPStore(configuration: .init(baseURL: URL(string: "http://127.0.0.1:8080/parse")!,
///                                              applicationID: "crudkit", restKey: "crudkit-rest-key"))
/// let task = try await store.createTask(title: "Call the plumber", notes: nil)
/// ```
public final class HTTPStore: CRUDSpec, @unchecked Sendable {
    /// Where the API is and how patient to be with it.
    public struct Configuration: Sendable {
        /// The API's base URL, ending in `/parse`.
        public var baseURL: URL
        public var applicationID: String
        public var restKey: String
        /// How long one attempt may take.
        public var timeout: Double
        /// Attempts per operation, the first included.
        public var maxAttempts: Int
        /// The wait before the first retry; it doubles with each further retry.
        public var initialBackoff: Duration

        public init(
            baseURL: URL, applicationID: String, restKey: String, timeout: Double = 10, maxAttempts: Int = 6,
            initialBackoff: Duration = .milliseconds(20)
        ) {
            self.baseURL = baseURL
            self.applicationID = applicationID
            self.restKey = restKey
            self.timeout = timeout
            self.maxAttempts = max(1, maxAttempts)
            self.initialBackoff = initialBackoff
        }

        /// The keys from `CRUDKIT_APP_ID` and `CRUDKIT_REST_KEY`, or the mock server's defaults.
        public static func fromEnvironment(baseURL: URL, environment: [String: String] = ProcessInfo.processInfo.environment) -> Self {
            Self(
                baseURL: baseURL, applicationID: environment["CRUDKIT_APP_ID"] ?? "crudkit",
                restKey: environment["CRUDKIT_REST_KEY"] ?? "crudkit-rest-key")
        }
    }

    public let configuration: Configuration
    private let decoding: any ReplyDecoding
    private let onClose: (@Sendable () async -> Void)?
    /// Reads reuse kept-alive connections.
    private let readSession: URLSession
    /// Writes never do (see ``send(_:_:query:body:missing:)``).
    private let writeSession: URLSession

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
        let settings = URLSessionConfiguration.ephemeral
        settings.timeoutIntervalForRequest = configuration.timeout
        settings.httpMaximumConnectionsPerHost = 8
        readSession = URLSession(configuration: settings)
        writeSession = URLSession(configuration: settings)
    }

    // MARK: Tasks

    public func createTask(title: String, notes: String?) async throws -> TaskItem {
        var body: [String: Any] = ["title": title]
        if let notes { body["notes"] = notes }
        let reply = try await send("POST", "classes/Task", body: body)
        let created = try Wire.created(reply)
        // The server stored what the shared validation makes of the input.
        return TaskItem(
            id: created.id, title: try Validation.title(title), notes: try Validation.notes(notes), isCompleted: false,
            createdAt: created.date, updatedAt: created.date)
    }

    public func task(id: UUID) async throws -> TaskItem {
        try decodeTask(try await send("GET", "classes/Task/\(Wire.text(id))", missing: id))
    }

    public func tasks(_ query: TaskQuery) async throws -> [TaskItem] {
        try query.validate()
        var parameters = Self.conditions(query)
        parameters.append(("order", query.sort == .title ? "title" : "-createdAt"))
        if let limit = query.limit { parameters.append(("limit", String(limit))) }
        if query.offset > 0 { parameters.append(("skip", String(query.offset))) }
        return try Wire.results(try await send("GET", "classes/Task", query: parameters)).map(decodeTask)
    }

    public func countTasks(_ query: TaskQuery) async throws -> Int {
        try query.validate()
        let reply = try await send("GET", "classes/Task", query: Self.conditions(query) + [("count", "1"), ("limit", "0")])
        guard let count = (reply as? [String: Any])?["count"] as? Int else { throw Wire.unreadable }
        return count
    }

    public func renameTask(id: UUID, to title: String) async throws -> TaskItem {
        try await updateTask(id, ["title": title])
    }

    public func editTaskNotes(id: UUID, notes: String?) async throws -> TaskItem {
        try await updateTask(id, ["notes": notes.map { $0 as Any } ?? NSNull()])
    }

    public func setTaskCompleted(id: UUID, _ isCompleted: Bool) async throws -> TaskItem {
        try await updateTask(id, ["isCompleted": isCompleted])
    }

    /// One atomic request, so two clients toggling at once cannot lose a toggle.
    public func toggleTask(id: UUID) async throws -> TaskItem {
        try await updateTask(id, ["isCompleted": ["__op": "Toggle"]])
    }

    private func updateTask(_ id: UUID, _ body: [String: Any]) async throws -> TaskItem {
        try decodeTask(try await send("PUT", "classes/Task/\(Wire.text(id))", body: body, missing: id))
    }

    public func deleteTask(id: UUID) async throws {
        _ = try await send("DELETE", "classes/Task/\(Wire.text(id))", missing: id)
    }

    /// One batch request that the server applies all or nothing.
    public func importTasks(titles: [String]) async throws -> [TaskItem] {
        guard !titles.isEmpty else { return [] }
        let requests = titles.map { ["method": "POST", "path": "/parse/classes/Task", "body": ["title": $0]] as [String: Any] }
        let reply = try await send("POST", "batch", body: ["requests": requests])
        guard let items = reply as? [[String: Any]], items.count == titles.count else { throw Wire.unreadable }
        let stored = try Validation.titles(titles)
        return try zip(items, stored).map { item, title in
            let created = try Wire.created(item["success"] as Any)
            return TaskItem(id: created.id, title: title, notes: nil, isCompleted: false, createdAt: created.date, updatedAt: created.date)
        }
    }

    // MARK: Contacts

    public func createContact(name: String, email: String, phone: String?) async throws -> Contact {
        var body: [String: Any] = ["name": name, "email": email]
        if let phone { body["phone"] = phone }
        let created = try Wire.created(try await send("POST", "classes/Contact", body: body))
        return Contact(
            id: created.id, name: try Validation.name(name), email: try Validation.email(email), phone: try Validation.phone(phone),
            createdAt: created.date, updatedAt: created.date)
    }

    public func contact(id: UUID) async throws -> Contact {
        try Wire.contact(try await send("GET", "classes/Contact/\(Wire.text(id))", missing: id))
    }

    public func contacts(_ query: ContactQuery) async throws -> [Contact] {
        try query.validate()
        var parameters: [(String, String)] = [("order", "name")]
        if let term = query.effectiveSearch { parameters.append(("where", Wire.json(["name": Self.search(term)]))) }
        if let limit = query.limit { parameters.append(("limit", String(limit))) }
        if query.offset > 0 { parameters.append(("skip", String(query.offset))) }
        return try Wire.results(try await send("GET", "classes/Contact", query: parameters)).map(Wire.contact)
    }

    public func updateContact(id: UUID, _ changes: ContactChanges) async throws -> Contact {
        var body: [String: Any] = [:]
        if let name = changes.name { body["name"] = name }
        if let email = changes.email { body["email"] = email }
        if let phone = changes.phone { body["phone"] = phone }
        return try Wire.contact(try await send("PUT", "classes/Contact/\(Wire.text(id))", body: body, missing: id))
    }

    public func deleteContact(id: UUID) async throws {
        _ = try await send("DELETE", "classes/Contact/\(Wire.text(id))", missing: id)
    }

    /// Cancels requests in flight, releases the connection pool, and runs `onClose`.
    public func close() async throws {
        readSession.invalidateAndCancel()
        writeSession.invalidateAndCancel()
        await onClose?()
    }

    // MARK: Requests

    private func decodeTask(_ reply: Any) throws -> TaskItem {
        guard let object = reply as? [String: Any] else { throw Wire.unreadable }
        return try decoding.task(from: object)
    }

    private static func conditions(_ query: TaskQuery) -> [(String, String)] {
        var conditions: [String: Any] = [:]
        switch query.filter {
        case .all: break
        case .completed: conditions["isCompleted"] = true
        case .incomplete: conditions["isCompleted"] = false
        }
        if let term = query.effectiveSearch { conditions["title"] = search(term) }
        return conditions.isEmpty ? [] : [("where", Wire.json(conditions))]
    }

    /// A literal, case- and diacritic-insensitive "contains", in Parse's regex form.
    private static func search(_ term: String) -> [String: Any] {
        ["$regex": "\\Q" + term.replacingOccurrences(of: "\\E", with: "\\E\\\\E\\Q") + "\\E", "$options": "id"]
    }

    /// Sends one logical request, retrying with backoff on network failures and 502–504,
    /// and returns the decoded JSON of a 2xx answer or throws the mapped error.
    private func send(
        _ method: String, _ path: String, query: [(String, String)] = [], body: [String: Any]? = nil, missing id: UUID? = nil
    ) async throws(CRUDError) -> Any {
        var components = configuration.baseURL.absoluteString
        if !components.hasSuffix("/") { components += "/" }
        components += path
        if !query.isEmpty {
            components += "?" + query.map { "\(Wire.percentEncoded($0))=\(Wire.percentEncoded($1))" }.joined(separator: "&")
        }
        guard let url = URL(string: components) else { throw .network(reason: "the server address is not a valid URL") }
        var request = URLRequest(url: url, timeoutInterval: configuration.timeout)
        request.httpMethod = method
        request.setValue(configuration.applicationID, forHTTPHeaderField: "X-Parse-Application-Id")
        request.setValue(configuration.restKey, forHTTPHeaderField: "X-Parse-REST-API-Key")
        let isWrite = method != "GET"
        if isWrite {
            request.setValue(UUID().uuidString, forHTTPHeaderField: "X-Parse-Request-Id")
            // Every write on a fresh connection, in a session of its own: when a reused
            // connection dies mid-request, libcurl (URLSession on Linux) re-sends the request
            // on a new one but cannot rewind its body, and hangs until the timeout. Our own
            // retry, with its idempotency key, is the one that should run.
            request.setValue("close", forHTTPHeaderField: "Connection")
        }
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try? JSONSerialization.data(withJSONObject: body)
        }
        var lastProblem = "no answer"
        for attempt in 0..<configuration.maxAttempts {
            if attempt > 0 {
                let wait = configuration.initialBackoff * (1 << min(attempt - 1, 10))
                try? await Task.sleep(for: wait + .milliseconds(Int.random(in: 0...10)))
            }
            let data: Data
            let response: URLResponse
            do {
                (data, response) = try await (isWrite ? writeSession : readSession).data(for: request)
            } catch {
                if Task.isCancelled { throw .network(reason: "the request was cancelled") }
                lastProblem = (error as? URLError).map(Wire.describe) ?? "the connection failed"
                continue
            }
            guard let status = (response as? HTTPURLResponse)?.statusCode else { throw Wire.unreadable }
            if [502, 503, 504].contains(status) {
                lastProblem = "the server was unavailable (HTTP \(status))"
                continue
            }
            let json = data.isEmpty ? nil : try? JSONValue.parse(data)
            guard (200..<300).contains(status) else {
                do {
                    throw try decoding.error(status: status, body: json as? [String: Any] ?? [:], requestedID: id)
                } catch let error as CRUDError {
                    throw error
                } catch {
                    throw .notImplemented(operation: "decoding an error answer (\(error))")
                }
            }
            guard let json else { throw Wire.unreadable }
            return json
        }
        throw .network(reason: "\(lastProblem), after \(configuration.maxAttempts) attempts")
    }
}
