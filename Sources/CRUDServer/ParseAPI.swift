import CRUDMemory
import CRUDSpec
import Foundation
import ParseWire

/// The REST API at `/parse`, in Parse Server's dialect, over any ``CRUDSpec`` store.
///
/// | request | answer |
/// |---|---|
/// | `POST /parse/classes/Task` `{"title", …}` | 201, absolute `Location`, `{"objectId", "createdAt"}` and any field stored differently |
/// | `GET /parse/classes/Task/ID` | the object |
/// | `PUT /parse/classes/Task/ID` `{…}` | `{"updatedAt"}` and any field stored differently |
/// | `DELETE /parse/classes/Task/ID` | `{}` |
/// | `GET /parse/classes/Task?where=…&order=…&limit=…&skip=…&count=1&keys=…` (or `POST` with `_method: GET`) | `{"results", "count"}` |
/// | `POST /parse/batch` `{"requests", "transaction"}` | `[{"success"} or {"error"}]` |
/// | `GET` or `POST /parse/health` | `{"status": "ok"}` |
///
/// `Contact` works the same with `name`, `email` and `phone`. The kit's extensions to Parse
/// (the `Toggle` operation, the kit's search as `$text`, title order, validation details,
/// transactions that say which request failed, replayed request ids) are in the remote-API
/// lesson, with what Parse Server does instead.
final class ParseAPI: @unchecked Sendable {
    private let store: any CRUDSpec
    private let applicationID: String
    /// Each configured client key with the header that must carry it.
    private let keys: [(header: String, value: String)]
    private let replies = IdempotencyCache(capacity: 10_000)
    private let acls = ACLTable()
    /// Writes run one at a time, so a transaction's check and its writes see the same store.
    private let writes = NSRecursiveLock()
    /// `http://HOST:PORT`, for absolute `Location` headers.
    private let origin: @Sendable () -> String
    /// The cap on a find's results (Parse Server's `maxLimit`).
    private let maxLimit: Int?

    init(store: any CRUDSpec, configuration: MockServer.Configuration, origin: @escaping @Sendable () -> String) {
        self.store = store
        self.applicationID = configuration.applicationID
        self.origin = origin
        self.maxLimit = configuration.maxLimit
        let configured: [(String, String?)] = [
            ("X-Parse-REST-API-Key", configuration.restKey), ("X-Parse-Client-Key", configuration.clientKey),
            ("X-Parse-Javascript-Key", configuration.javascriptKey),
        ]
        keys = configured.compactMap { header, value in value.map { (header, $0) } }
    }

    /// Whether a path belongs to this API (and so to auth, faults and logging).
    static func handles(_ path: String) -> Bool {
        path == "/parse" || path.hasPrefix("/parse/")
    }

    /// The headers on every answer: CORS, so a page in a browser can call the API.
    static let corsHeaders: [(String, String)] = [
        ("Access-Control-Allow-Origin", "*"), ("Access-Control-Allow-Methods", "GET,PUT,POST,DELETE,OPTIONS"),
        (
            "Access-Control-Allow-Headers",
            "X-Parse-Master-Key, X-Parse-REST-API-Key, X-Parse-Javascript-Key, X-Parse-Application-Id, X-Parse-Client-Version, "
                + "X-Parse-Session-Token, X-Requested-With, X-Parse-Revocable-Session, X-Parse-Request-Id, Content-Type, Pragma, "
                + "Cache-Control, X-Parse-Client-Key, X-Parse-Installation-Id"
        ),
    ]

    func respond(to request: HTTPRequest) -> HTTPResponse {
        var response = answer(request)
        response.headers += Self.corsHeaders
        // Clients must not answer later requests from a cache (ParseSwift on Linux would).
        response.headers.append(("Cache-Control", "no-store"))
        return response
    }

    private func answer(_ request: HTTPRequest) -> HTTPResponse {
        let path = String(request.path.dropFirst("/parse".count))
        if request.method == "OPTIONS" {
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array("OK".utf8))
        }
        if path == "/health" { return .json(200, ["status": "ok"]) }
        guard isAuthorized(request) else { return .json(403, ["error": "unauthorized"]) }
        // A retried write with the same request id gets the first answer again instead of
        // running twice.
        if request.method != "GET", !Self.isFind(request), let key = request.header("X-Parse-Request-Id"), !key.isEmpty {
            return replies.reply(for: "\(request.method) \(request.path) \(key)") { route(request, path: path) }
        }
        return route(request, path: path)
    }

    /// Whether a POST is a find (`"_method": "GET"` in its body): a read, which a repeated
    /// request id must not answer from the cache of writes.
    private static func isFind(_ request: HTTPRequest) -> Bool {
        guard request.method == "POST", request.body.count < 64 << 10, request.body.contains(UInt8(ascii: "_")) else { return false }
        return (try? body(of: request))?["_method"] == .string("GET")
    }

    /// Parse Server's check: the application id, and, when client keys are configured, at
    /// least one of them in its own header.
    private func isAuthorized(_ request: HTTPRequest) -> Bool {
        guard request.header("X-Parse-Application-Id") == applicationID else { return false }
        return keys.isEmpty || keys.contains { request.header($0.header) == $0.value }
    }

    private func route(_ request: HTTPRequest, path: String) -> HTTPResponse {
        do {
            let body = try Self.body(of: request)
            // Each value is JSON when it parses as JSON, else text, as Parse Server reads them.
            var parameters: [String: JSONValue] = [:]
            for (name, text) in request.query {
                parameters[name] = (try? JSONValue.read(Data(text.utf8))) ?? .string(text)
            }
            let answer = try run(Call(method: request.method, path: path, parameters: parameters, body: body))
            var response = HTTPResponse.json(answer.status, answer.body.foundationValue, headers: answer.headers)
            response.keptForRetries = answer.keptForRetries
            return response
        } catch {
            return .json(error.status, error.json.foundationValue)
        }
    }

    /// A JSON object body; none is `{}`, as Parse Server reads it.
    private static func body(of request: HTTPRequest) throws(ParseErrorReply) -> [String: JSONValue] {
        guard !request.body.isEmpty else { return [:] }
        guard case .object(let members)? = try? JSONValue.read(Data(request.body)) else {
            throw ParseErrorReply(code: ParseCode.invalidJSON, "the body is not a JSON object")
        }
        return members
    }

    /// One request, from HTTP or from a batch.
    struct Call {
        var method: String
        /// The path below the mount: `/classes/Task/ID`.
        var path: String
        var parameters: [String: JSONValue] = [:]
        var body: [String: JSONValue] = [:]
    }

    /// What a call answers when it succeeds.
    struct Answer {
        var status = 200
        var body: JSONValue
        var headers: [(String, String)] = []
        /// See ``HTTPResponse/keptForRetries``.
        var keptForRetries: Bool?
    }

    func run(_ call: Call) throws(ParseErrorReply) -> Answer {
        let segments = call.path.split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
        if segments == ["batch"], call.method == "POST" { return try batch(call.body) }
        guard segments.count == 2 || segments.count == 3, segments[0] == "classes" else { throw Self.noRoute(call) }
        guard let parseClass = ParseClass(rawValue: segments[1]) else {
            if call.method == "DELETE" { throw ParseErrorReply(code: ParseCode.objectNotFound, "Object not found.") }
            throw ParseErrorReply(
                code: ParseCode.operationForbidden, "This user is not allowed to access non-existent class: \(segments[1])")
        }
        let id = segments.count == 3 ? segments[2] : nil
        switch (call.method, id) {
        case ("GET", nil): return try find(parseClass, call.parameters)
        case ("POST", nil) where call.body["_method"] == .string("GET"):
            var parameters = call.body
            parameters["_method"] = nil
            return try find(parseClass, parameters)
        case ("POST", nil): return try locked { () throws(ParseErrorReply) in try create(parseClass, call.body) }
        case ("GET", let id?): return try get(parseClass, try Self.recordID(id))
        case ("PUT", let id?): return try locked { () throws(ParseErrorReply) in try update(parseClass, try Self.recordID(id), call.body) }
        case ("DELETE", let id?): return try locked { () throws(ParseErrorReply) in try delete(parseClass, try Self.recordID(id)) }
        default: throw Self.noRoute(call)
        }
    }

    /// A path or method the API does not have: 404, as Parse Server's router leaves it.
    private static func noRoute(_ call: Call) -> ParseErrorReply {
        ParseErrorReply(code: ParseCode.objectNotFound, "no such route: \(call.method) /parse\(call.path)")
    }

    private func locked<T>(_ body: () throws(ParseErrorReply) -> T) throws(ParseErrorReply) -> T {
        writes.lock()
        defer { writes.unlock() }
        return try body()
    }

    private static func recordID(_ text: String) throws(ParseErrorReply) -> UUID {
        guard let id = ParseObjects.id(text) else { throw ParseErrorReply(code: ParseCode.objectNotFound, "Object not found.") }
        return id
    }

    // MARK: Objects

    private func get(_ parseClass: ParseClass, _ id: UUID) throws(ParseErrorReply) -> Answer {
        let object: [String: JSONValue] =
            switch parseClass {
            case .task: ParseObjects.object(try call { try await self.store.task(id: id) })
            case .contact: ParseObjects.object(try call { try await self.store.contact(id: id) })
            }
        return Answer(body: .object(withACL(object, parseClass)))
    }

    private func withACL(_ object: [String: JSONValue], _ parseClass: ParseClass) -> [String: JSONValue] {
        guard case .string(let objectID)? = object["objectId"], let acl = acls.acl(parseClass, objectID) else { return object }
        var object = object
        object["ACL"] = acl
        return object
    }

    private func create(_ parseClass: ParseClass, _ body: [String: JSONValue]) throws(ParseErrorReply) -> Answer {
        let writes = try ParseWrites(body, for: parseClass)
        let stored: [String: JSONValue]
        switch parseClass {
        case .task:
            let notes: String? = if case .set(.string(let text))? = writes.changes["notes"] { text } else { nil }
            var task = try call { try await self.store.createTask(title: writes.text("title") ?? "", notes: notes) }
            switch writes.changes["isCompleted"] {
            case .set(.bool(true))?, .toggle?:
                let id = task.id
                task = try call { try await self.store.setTaskCompleted(id: id, true) }
            default: break
            }
            stored = ParseObjects.object(task)
        case .contact:
            let phone: String? = if case .set(.string(let text))? = writes.changes["phone"] { text } else { nil }
            let contact = try call {
                try await self.store.createContact(name: writes.text("name") ?? "", email: writes.text("email") ?? "", phone: phone)
            }
            stored = ParseObjects.object(contact)
        }
        guard case .string(let objectID)? = stored["objectId"], let createdAt = stored["createdAt"] else {
            throw ParseErrorReply(code: ParseCode.internalError, "Internal server error.")
        }
        if let acl = writes.acl { acls.set(acl, parseClass, objectID) }
        var answer = writes.differences(from: stored)
        answer["objectId"] = .string(objectID)
        answer["createdAt"] = createdAt
        return Answer(
            status: 201, body: .object(answer), headers: [("Location", "\(origin())/parse/classes/\(parseClass.rawValue)/\(objectID)")])
    }

    private func update(_ parseClass: ParseClass, _ id: UUID, _ body: [String: JSONValue]) throws(ParseErrorReply) -> Answer {
        let writes = try ParseWrites(body, for: parseClass)
        var stored: [String: JSONValue]?
        switch parseClass {
        case .task:
            // Every field is checked before any is applied, so a bad one changes nothing.
            let title = writes.text("title")
            if let title { try check { () throws(CRUDError) in _ = try Validation.title(title) } }
            let notes: String? = if case .set(.string(let text))? = writes.changes["notes"] { text } else { nil }
            if writes.touches("notes") { try check { () throws(CRUDError) in _ = try Validation.notes(notes) } }
            var latest: TaskItem?
            if let title { latest = try call { try await self.store.renameTask(id: id, to: title) } }
            if writes.touches("notes") { latest = try call { try await self.store.editTaskNotes(id: id, notes: notes) } }
            switch writes.changes["isCompleted"] {
            case .set(.bool(let flag))?: latest = try call { try await self.store.setTaskCompleted(id: id, flag) }
            case .delete?: latest = try call { try await self.store.setTaskCompleted(id: id, false) }
            case .toggle?: latest = try call { try await self.store.toggleTask(id: id) }
            default: break
            }
            if latest == nil { latest = try call { try await self.store.task(id: id) } }
            stored = latest.map(ParseObjects.object)
        case .contact:
            let phone: String? =
                switch writes.changes["phone"] {
                case .set(.string(let text))?: text
                case .delete?: ""
                default: nil
                }
            let changes = ContactChanges(name: writes.text("name"), email: writes.text("email"), phone: phone)
            // Even with nothing to change, the store's update bumps updatedAt, as Parse's empty PUT does.
            let contact = try call { try await self.store.updateContact(id: id, changes) }
            stored = ParseObjects.object(contact)
        }
        guard let stored, case .string(let objectID)? = stored["objectId"], let updatedAt = stored["updatedAt"] else {
            throw ParseErrorReply(code: ParseCode.internalError, "Internal server error.")
        }
        if let acl = writes.acl { acls.set(acl, parseClass, objectID) }
        var answer = writes.differences(from: stored)
        answer["updatedAt"] = updatedAt
        return Answer(body: .object(answer))
    }

    private func delete(_ parseClass: ParseClass, _ id: UUID) throws(ParseErrorReply) -> Answer {
        switch parseClass {
        case .task: try call { try await self.store.deleteTask(id: id) }
        case .contact: try call { try await self.store.deleteContact(id: id) }
        }
        acls.set(.null, parseClass, ParseObjects.objectID(id))
        return Answer(body: .object([:]))
    }

    // MARK: Finds

    private func find(_ parseClass: ParseClass, _ parameters: [String: JSONValue]) throws(ParseErrorReply) -> Answer {
        var find = try ParseFind(parameters: parameters)
        // As Parse Server does with maxLimit: a larger limit, or none, is cut down silently.
        if let maxLimit { find.limit = min(find.limit ?? maxLimit, maxLimit) }
        let predicate = try ParsePredicate.compile(find.constraints)
        var body: [String: JSONValue] = [:]
        if let (objects, count) = try pushedDown(parseClass, find) {
            body["results"] = .array(objects.map { .object(withACL($0, parseClass)) })
            if find.count { body["count"] = .integer(count()) }
            return Answer(body: .object(body))
        }
        let matched = try records(of: parseClass).filter(predicate.matches)
        let ordered = ParseResults.sorted(matched, by: find.order, in: parseClass)
        let page = ordered.dropFirst(find.skip).prefix(find.limit ?? Int.max)
        body["results"] = .array(page.map { .object(ParseResults.projected($0.object, keys: find.keys, excludeKeys: find.excludeKeys)) })
        if find.count { body["count"] = .integer(matched.count) }
        return Answer(body: .object(body))
    }

    /// Every object of `parseClass`, with its ACL and its place in creation order.
    private func records(of parseClass: ParseClass) throws(ParseErrorReply) -> [ParseRecord] {
        let objects: [[String: JSONValue]]
        switch parseClass {
        case .task:
            // Newest first, and at the same instant the later-created first: reversed, creation order.
            objects = try call { try await self.store.tasks(TaskQuery()) }.reversed().map(ParseObjects.object)
        case .contact:
            // Contacts created in the same millisecond keep the store's order among themselves.
            let contacts = try call { try await self.store.contacts(ContactQuery()) }
            objects = contacts.enumerated().sorted { ($0.element.createdAt, $0.offset) < ($1.element.createdAt, $1.offset) }
                .map { ParseObjects.object($0.element) }
        }
        return objects.enumerated().map { ParseRecord(object: withACL($0.element, parseClass), sequence: $0.offset) }
    }

    /// The find as a store query, when it is one the store answers itself (the kit's own
    /// client's finds): the same results as the general path, without reading every record.
    private func pushedDown(
        _ parseClass: ParseClass, _ find: ParseFind
    ) throws(ParseErrorReply) -> (objects: [[String: JSONValue]], count: () -> Int)? {
        guard find.keys == nil, find.excludeKeys == nil else { return nil }
        let searchField = parseClass.searchField
        var term: String?
        var completion: Bool?
        for (field, value) in find.constraints {
            if field == searchField, let searched = Self.plainSearch(value) {
                term = searched
            } else if parseClass == .task, field == "isCompleted", case .bool(let flag) = value {
                completion = flag
            } else {
                return nil
            }
        }
        switch parseClass {
        case .task:
            let sort: TaskSort
            switch find.order {
            case ["-createdAt"]: sort = .newestFirst
            case ["title"]: sort = .title
            // A count alone (`limit=0`) has no order to keep.
            case [] where find.limit == 0: sort = .newestFirst
            default: return nil
            }
            let filter: TaskFilter = completion.map { $0 ? .completed : .incomplete } ?? .all
            let query = TaskQuery(filter: filter, search: term, sort: sort, limit: find.limit, offset: find.skip)
            let tasks = try call { try await self.store.tasks(query) }
            var counted = 0
            if find.count { counted = try call { try await self.store.countTasks(query) } }
            return (tasks.map(ParseObjects.object), { counted })
        case .contact:
            guard find.order == ParseClass.contact.specificationOrder || (find.order.isEmpty && find.limit == 0) else { return nil }
            let searched = term
            let query = ContactQuery(search: searched, limit: find.limit, offset: find.skip)
            let contacts = try call { try await self.store.contacts(query) }
            var counted = 0
            if find.count { counted = try call { try await self.store.contacts(ContactQuery(search: searched)) }.count }
            return (contacts.map(ParseObjects.object), { counted })
        }
    }

    /// The term of `{"$text": {"$search": {"$term": T}}}` with no other option.
    private static func plainSearch(_ value: JSONValue) -> String? {
        guard case .object(let members) = value, members.count == 1, case .object(let text)? = members["$text"], text.count == 1,
            case .object(let search)? = text["$search"], search.count == 1, case .string(let term)? = search["$term"]
        else { return nil }
        return term
    }

    // MARK: Batches

    private func batch(_ body: [String: JSONValue]) throws(ParseErrorReply) -> Answer {
        guard case .array(let items)? = body["requests"] else {
            throw ParseErrorReply(code: ParseCode.invalidJSON, "requests must be an array")
        }
        var calls: [Call] = []
        for item in items {
            guard case .object(let members) = item, case .string(let method)? = members["method"],
                case .string(let path)? = members["path"]
            else { throw ParseErrorReply(code: ParseCode.invalidJSON, "each request needs a method and a path") }
            guard path.hasPrefix("/parse/") else { throw ParseErrorReply(code: ParseCode.invalidJSON, "cannot route batch path \(path)") }
            let below = String(path.dropFirst("/parse".count))
            guard ["POST", "PUT", "DELETE"].contains(method), below.hasPrefix("/classes/") else {
                throw ParseErrorReply(code: ParseCode.invalidJSON, "cannot route \(method) \(path)")
            }
            var call = Call(method: method, path: below)
            if case .object(let fields)? = members["body"] { call.body = fields }
            calls.append(call)
        }
        let transaction = body["transaction"] == .bool(true)
        return try locked { () throws(ParseErrorReply) in
            guard transaction else {
                return Answer(body: .array(calls.map { call in Self.result { () throws(ParseErrorReply) in try run(call) } }))
            }
            return try runTransaction(calls)
        }
    }

    private static func result(_ work: () throws(ParseErrorReply) -> Answer) -> JSONValue {
        do {
            return .object(["success": try work().body])
        } catch {
            return .object(["error": error.json])
        }
    }

    /// All or nothing. Task creates alone are one import, which the store applies all or
    /// nothing. Anything else first runs on a copy of the store: if a request fails there,
    /// nothing is changed and the answer is that request's error; otherwise the same
    /// requests run here, with writes held off meanwhile.
    private func runTransaction(_ calls: [Call]) throws(ParseErrorReply) -> Answer {
        let titles = calls.compactMap { call -> String? in
            guard call.method == "POST", call.path == "/classes/Task", call.body.count == 1, case .string(let title)? = call.body["title"]
            else { return nil }
            return title
        }
        if titles.count == calls.count {
            let tasks = try call { try await self.store.importTasks(titles: titles) }
            return Answer(
                body: .array(
                    zip(tasks, titles).map { task, title in
                        var created: [String: JSONValue] = [
                            "objectId": .string(ParseObjects.objectID(task.id)), "createdAt": .string(Timestamp.iso8601(task.createdAt)),
                        ]
                        if task.title != title { created["title"] = .string(task.title) }
                        return .object(["success": .object(created)])
                    }))
        }
        let tasks = try call { try await self.store.tasks(TaskQuery()) }
        let contacts = try call { try await self.store.contacts(ContactQuery()) }
        let copy: ParseAPI
        do {
            let state = try StoreState(tasks: tasks.reversed(), contacts: contacts.sorted { $0.createdAt < $1.createdAt })
            copy = ParseAPI(store: MemoryStore(state: state), configuration: .init(), origin: origin)
        } catch {
            throw ParseErrorReply(error)
        }
        for call in calls {
            do {
                _ = try copy.run(call)
            } catch {
                var failure = error
                failure.statusOverride = 400
                throw failure
            }
        }
        var results: [JSONValue] = []
        for (index, call) in calls.enumerated() {
            do {
                results.append(.object(["success": try run(call).body]))
            } catch {
                // The copy took every request, the store did not: a storage failure part way
                // (a full disk, a busy file). The stores have no transaction across calls,
                // so what ran stays. One request can be several store writes (a create
                // that also completes, a PUT of three fields), so what changed is read back,
                // not counted. The answer says what stayed, and when anything did, a retry
                // with the same request id gets this answer again instead of applying it twice.
                let changed = storeDiffers(fromTasks: tasks, contacts: contacts)
                let applied =
                    switch (changed, index) {
                    case (false, _): "nothing stayed applied"
                    case (true, 0): "part of it stayed applied"
                    case (true, _): "requests 1 to \(index), and maybe part of request \(index + 1), stayed applied"
                    }
                let failure = ParseErrorReply(
                    code: ParseCode.internalError,
                    "the transaction failed at request \(index + 1) of \(calls.count) (\(call.method) /parse\(call.path)): "
                        + "\(error.error ?? "an error"); \(applied)")
                return Answer(status: 500, body: failure.json, keptForRetries: changed)
            }
        }
        return Answer(body: .array(results))
    }

    /// Whether the store holds anything but these records; true when it cannot be read,
    /// since a retry must not risk running twice.
    private func storeDiffers(fromTasks tasks: [TaskItem], contacts: [Contact]) -> Bool {
        guard let nowTasks = try? call({ try await self.store.tasks(TaskQuery()) }),
            let nowContacts = try? call({ try await self.store.contacts(ContactQuery()) })
        else { return true }
        return nowTasks != tasks || nowContacts != contacts
    }

    // MARK: The store

    /// Runs a store operation from this (non-async) connection thread and waits for it; a
    /// store error becomes its Parse answer.
    private func call<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) throws(ParseErrorReply) -> T {
        switch BlockingCall.run(operation) {
        case .success(let value): return value
        case .failure(let error as CRUDError): throw ParseErrorReply(error)
        case .failure: throw ParseErrorReply(code: ParseCode.internalError, "Internal server error.")
        }
    }

    private func check(_ validation: () throws(CRUDError) -> Void) throws(ParseErrorReply) {
        do {
            try validation()
        } catch {
            throw ParseErrorReply(error)
        }
    }
}
