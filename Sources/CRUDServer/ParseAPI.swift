import CRUDSpec
import Foundation

/// The REST API at `/parse`, in the shape of Parse Server's, over any ``CRUDSpec`` store.
///
/// | request | store operation | answer |
/// |---|---|---|
/// | `POST /parse/classes/Task` `{"title", "notes"}` | createTask | 201, `Location`, `{"objectId", "createdAt"}` |
/// | `GET /parse/classes/Task/ID` | task(id:) | the object |
/// | `PUT /parse/classes/Task/ID` `{"title"}`, `{"notes"}`, `{"isCompleted"}` | rename, edit notes, set completed | `{"updatedAt", …}` |
/// | `PUT … {"isCompleted": {"__op": "Toggle"}}` | toggleTask (atomic) | `{"updatedAt", …}` |
/// | `DELETE /parse/classes/Task/ID` | deleteTask | `{}` |
/// | `GET /parse/classes/Task?where=&order=&limit=&skip=&count=1` | tasks, countTasks | `{"results", "count"}` |
/// | `POST /parse/batch` of Task creates | importTasks (all or nothing) | `[{"success": …}]` |
///
/// `Contact` works the same with `name`, `email` and `phone`.
///
/// Extensions to Parse, all documented in the Course: a PUT answers with the whole updated
/// object (Parse sends only `updatedAt`), so a client needs no second request; the
/// `Toggle` operation; a batch of task creates is all or nothing; validation errors carry
/// `field`, `reason`, `max` and `position`; `$options: "id"` names the diacritic folding
/// that every search here does; without `limit`, a list has no limit (Parse's is 100).
final class ParseAPI: @unchecked Sendable {
    private let store: any CRUDSpec
    private let applicationID: String
    /// Each configured client key with the header that must carry it.
    private let keys: [(header: String, value: String)]
    private let replies = IdempotencyCache(capacity: 10_000)

    init(store: any CRUDSpec, configuration: MockServer.Configuration) {
        self.store = store
        self.applicationID = configuration.applicationID
        let configured: [(String, String?)] = [
            ("X-Parse-REST-API-Key", configuration.restKey), ("X-Parse-Client-Key", configuration.clientKey),
            ("X-Parse-Javascript-Key", configuration.javascriptKey),
        ]
        keys = configured.compactMap { header, value in value.map { (header, $0) } }
    }

    /// Parse Server's check: the application id, and, when client keys are configured, at
    /// least one of them in its own header.
    private func isAuthorized(_ request: HTTPRequest) -> Bool {
        guard request.header("X-Parse-Application-Id") == applicationID else { return false }
        return keys.isEmpty || keys.contains { request.header($0.header) == $0.value }
    }

    /// Whether a path belongs to this API (and so to auth, faults and logging).
    static func handles(_ path: String) -> Bool {
        path == "/parse" || path.hasPrefix("/parse/")
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        guard isAuthorized(request) else { return .json(403, ["error": "unauthorized"]) }
        // A retried write with the same request id gets the first answer again instead of
        // running twice.
        if request.method != "GET", let key = request.header("X-Parse-Request-Id"), !key.isEmpty {
            return replies.reply(for: "\(request.method) \(request.path) \(key)") { route(request) }
        }
        return route(request)
    }

    /// Where a path points, below `/parse`.
    private enum Target: Equatable {
        case batch
        case collection(String)
        case object(String, String)
        case unknown
    }

    private static func target(_ path: String) -> Target {
        let segments = path.split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }.dropFirst()
        let parts = Array(segments)
        let classes: Set<String> = ["Task", "Contact"]
        if parts == ["batch"] { return .batch }
        guard parts.count >= 2, parts[0] == "classes", classes.contains(parts[1]) else { return .unknown }
        if parts.count == 2 { return .collection(parts[1]) }
        if parts.count == 3 { return .object(parts[1], parts[2]) }
        return .unknown
    }

    private func route(_ request: HTTPRequest) -> HTTPResponse {
        switch (request.method, Self.target(request.path)) {
        case ("POST", .batch): return batch(request)
        case ("POST", .collection("Task")): return createTask(request)
        case ("POST", .collection(_)): return createContact(request)
        case ("GET", .collection("Task")): return listTasks(request)
        case ("GET", .collection(_)): return listContacts(request)
        case ("GET", .object("Task", let id)):
            return withID(id) { id in .json(200, ParseObjects.task(try self.call { try await self.store.task(id: id) })) }
        case ("GET", .object(_, let id)):
            return withID(id) { id in .json(200, ParseObjects.contact(try self.call { try await self.store.contact(id: id) })) }
        case ("PUT", .object("Task", let id)): return withID(id) { id in try self.updateTask(id, request) }
        case ("PUT", .object(_, let id)): return withID(id) { id in try self.updateContact(id, request) }
        case ("DELETE", .object("Task", let id)):
            return withID(id) { id in
                try self.call { try await self.store.deleteTask(id: id) }
                return .json(200, [String: Any]())
            }
        case ("DELETE", .object(_, let id)):
            return withID(id) { id in
                try self.call { try await self.store.deleteContact(id: id) }
                return .json(200, [String: Any]())
            }
        case (_, .unknown):
            return .error(404, code: ParseCode.objectNotFound, "no such route: \(request.path)")
        default:
            return .error(405, code: ParseCode.invalidJSON, "method \(request.method) is not allowed here")
        }
    }

    // MARK: Tasks

    private func createTask(_ request: HTTPRequest) -> HTTPResponse {
        handling {
            let body = try Body(request, allowed: ["title", "notes"])
            let title = try body.string("title", required: true) ?? ""
            let notes = try body.string("notes")
            let task = try call { try await self.store.createTask(title: title, notes: notes) }
            return created("Task", task.id, task.createdAt)
        }
    }

    private func updateTask(_ id: UUID, _ request: HTTPRequest) throws -> HTTPResponse {
        let body = try Body(request, allowed: ["title", "notes", "isCompleted"])
        guard !body.fields.isEmpty else { throw BadRequest(code: ParseCode.invalidField, "nothing to update") }
        // Validate every field before applying any, so a bad one changes nothing.
        let title = try body.string("title")
        if let title { _ = try Validation.title(title) }
        let notesGiven = body.fields.keys.contains("notes")
        let notes = try body.string("notes")
        if notesGiven { _ = try Validation.notes(notes) }
        var completion: (set: Bool?, toggle: Bool) = (nil, false)
        if let value = body.fields["isCompleted"] {
            if let flag = value as? Bool {
                completion.set = flag
            } else if let operation = value as? [String: Any], operation["__op"] as? String == "Toggle", operation.count == 1 {
                completion.toggle = true
            } else {
                throw BadRequest(code: ParseCode.incorrectType, "isCompleted must be true, false or {\"__op\": \"Toggle\"}")
            }
        }
        var latest: TaskItem?
        if let title { latest = try call { try await self.store.renameTask(id: id, to: title) } }
        if notesGiven { latest = try call { try await self.store.editTaskNotes(id: id, notes: notes) } }
        if let flag = completion.set { latest = try call { try await self.store.setTaskCompleted(id: id, flag) } }
        if completion.toggle { latest = try call { try await self.store.toggleTask(id: id) } }
        guard let latest else { throw BadRequest(code: ParseCode.invalidField, "nothing to update") }
        return .json(200, ParseObjects.task(latest))
    }

    private func listTasks(_ request: HTTPRequest) -> HTTPResponse {
        handling {
            let conditions = try Self.whereClause(request, allowed: ["isCompleted", "title"])
            var query = TaskQuery()
            if let flag = conditions["isCompleted"] {
                guard let flag = flag as? Bool else {
                    throw BadRequest(code: ParseCode.invalidQuery, "isCompleted must be compared with true or false")
                }
                query.filter = flag ? .completed : .incomplete
            }
            query.search = try Self.search(conditions["title"])
            switch request.query["order"] {
            case nil, "", "-createdAt": query.sort = .newestFirst
            case "title": query.sort = .title
            case let other?: throw BadRequest(code: ParseCode.invalidField, "cannot order tasks by '\(other)'; use -createdAt or title")
            }
            (query.limit, query.offset) = try Self.page(request)
            let chosen = query
            let results = try call { try await self.store.tasks(chosen) }.map(ParseObjects.task)
            var body: [String: Any] = ["results": results]
            if request.query["count"] == "1" { body["count"] = try call { try await self.store.countTasks(chosen) } }
            return .json(200, body)
        }
    }

    private func batch(_ request: HTTPRequest) -> HTTPResponse {
        handling {
            let body = try Body(request, allowed: ["requests"])
            guard let requests = body.fields["requests"] as? [[String: Any]] else {
                throw BadRequest(code: ParseCode.incorrectType, "requests must be a list of objects")
            }
            var titles: [String] = []
            for item in requests {
                guard item["method"] as? String == "POST", let path = item["path"] as? String,
                    path == "/parse/classes/Task" || path == "/classes/Task",
                    let fields = item["body"] as? [String: Any], fields.count == 1, let title = fields["title"] as? String
                else {
                    throw BadRequest(code: ParseCode.invalidField, "a batch may only create tasks, each with a title alone")
                }
                titles.append(title)
            }
            let batch = titles
            let tasks = try call { try await self.store.importTasks(titles: batch) }
            return .json(
                200,
                tasks.map { ["success": ["objectId": $0.id.uuidString.lowercased(), "createdAt": Timestamp.iso8601($0.createdAt)]] })
        }
    }

    // MARK: Contacts

    private func createContact(_ request: HTTPRequest) -> HTTPResponse {
        handling {
            let body = try Body(request, allowed: ["name", "email", "phone"])
            let name = try body.string("name", required: true) ?? ""
            let email = try body.string("email", required: true) ?? ""
            let phone = try body.string("phone")
            let contact = try call { try await self.store.createContact(name: name, email: email, phone: phone) }
            return created("Contact", contact.id, contact.createdAt)
        }
    }

    private func updateContact(_ id: UUID, _ request: HTTPRequest) throws -> HTTPResponse {
        let body = try Body(request, allowed: ["name", "email", "phone"])
        let phone = body.fields.keys.contains("phone") ? (try body.string("phone") ?? "") : nil
        let changes = ContactChanges(name: try body.string("name"), email: try body.string("email"), phone: phone)
        let contact = try call { try await self.store.updateContact(id: id, changes) }
        return .json(200, ParseObjects.contact(contact))
    }

    private func listContacts(_ request: HTTPRequest) -> HTTPResponse {
        handling {
            let conditions = try Self.whereClause(request, allowed: ["name"])
            var query = ContactQuery(search: try Self.search(conditions["name"]))
            switch request.query["order"] {
            case nil, "", "name": break
            case let other?: throw BadRequest(code: ParseCode.invalidField, "cannot order contacts by '\(other)'; use name")
            }
            (query.limit, query.offset) = try Self.page(request)
            let chosen = query
            let results = try call { try await self.store.contacts(chosen) }.map(ParseObjects.contact)
            var body: [String: Any] = ["results": results]
            if request.query["count"] == "1" {
                let all = ContactQuery(search: chosen.search)
                body["count"] = try call { try await self.store.contacts(all) }.count
            }
            return .json(200, body)
        }
    }

    // MARK: Helpers

    private func created(_ className: String, _ id: UUID, _ date: Date) -> HTTPResponse {
        let objectID = id.uuidString.lowercased()
        return .json(
            201, ["objectId": objectID, "createdAt": Timestamp.iso8601(date)],
            headers: [("Location", "/parse/classes/\(className)/\(objectID)")])
    }

    private func withID(_ text: String, _ body: (UUID) throws -> HTTPResponse) -> HTTPResponse {
        guard let id = UUID(uuidString: text) else { return .error(404, code: ParseCode.objectNotFound, "Object not found.") }
        return handling { try body(id) }
    }

    private func handling(_ body: () throws -> HTTPResponse) -> HTTPResponse {
        do {
            return try body()
        } catch let problem as BadRequest {
            return .error(400, code: problem.code, problem.message)
        } catch {
            return .from(error)
        }
    }

    /// Runs a store operation from this (non-async) connection thread and waits for it.
    private func call<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) throws -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                box.result = .success(try await operation())
            } catch {
                box.result = .failure(error)
            }
            done.signal()
        }
        done.wait()
        guard let result = box.result else { throw CRUDError.server(status: 500) }
        return try result.get()
    }

    private static func whereClause(_ request: HTTPRequest, allowed: Set<String>) throws -> [String: Any] {
        guard let text = request.query["where"], !text.isEmpty else { return [:] }
        guard let object = try? JSONValue.parse(Data(text.utf8)) as? [String: Any] else {
            throw BadRequest(code: ParseCode.invalidJSON, "where is not a JSON object")
        }
        if let unknown = object.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw BadRequest(code: ParseCode.invalidField, "cannot query by '\(unknown)'")
        }
        return object
    }

    /// The literal term of `{"$regex": "\\Q…\\E", "$options": "i"}`. This server's search is
    /// always case- and diacritic-insensitive, as the kit's specification requires: `i`
    /// and the extension `id` (d: diacritics) both ask for it.
    private static func search(_ condition: Any?) throws -> String? {
        guard let condition else { return nil }
        guard let regex = condition as? [String: Any], let pattern = regex["$regex"] as? String,
            Set(regex.keys).isSubset(of: ["$regex", "$options"]), ["i", "id", "di"].contains(regex["$options"] as? String ?? "i")
        else {
            throw BadRequest(code: ParseCode.invalidQuery, "search with {\"$regex\": \"\\\\Q…\\\\E\", \"$options\": \"i\"}")
        }
        guard let literal = ParseObjects.literal(fromRegex: pattern) else {
            throw BadRequest(code: ParseCode.invalidQuery, "only literal searches (\\Q…\\E) are supported")
        }
        return literal
    }

    private static func page(_ request: HTTPRequest) throws -> (Int?, Int) {
        var limit: Int?
        if let text = request.query["limit"] {
            guard let value = Int(text), value >= 0 else {
                throw BadRequest(code: ParseCode.invalidLimit, "limit must be a whole number ≥ 0")
            }
            limit = value
        }
        var skip = 0
        if let text = request.query["skip"] {
            guard let value = Int(text), value >= 0 else {
                throw BadRequest(code: ParseCode.invalidSkip, "skip must be a whole number ≥ 0")
            }
            skip = value
        }
        return (limit, skip)
    }
}

/// A client mistake found before the store was asked.
struct BadRequest: Error {
    let code: Int
    let message: String
    init(code: Int, _ message: String) {
        self.code = code
        self.message = message
    }
}

/// A request body: one JSON object with only the allowed fields.
struct Body {
    let fields: [String: Any]

    init(_ request: HTTPRequest, allowed: Set<String>) throws {
        guard let object = try? JSONValue.parse(Data(request.body)) as? [String: Any] else {
            throw BadRequest(code: ParseCode.invalidJSON, "the body is not a JSON object")
        }
        if let unknown = object.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw BadRequest(code: ParseCode.invalidField, "unknown field '\(unknown)'")
        }
        fields = object
    }

    /// A string field; `nil` when absent or JSON null.
    func string(_ name: String, required: Bool = false) throws -> String? {
        switch fields[name] {
        case nil, is NSNull:
            if required { throw BadRequest(code: ParseCode.invalidField, "'\(name)' is required") }
            return nil
        case let text as String: return text
        default: throw BadRequest(code: ParseCode.incorrectType, "'\(name)' must be a string")
        }
    }
}

private final class ResultBox<T>: @unchecked Sendable {
    var result: Result<T, any Error>?
}
