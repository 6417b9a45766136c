import CRUDSpec
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Decoding the API's JSON into the kit's values and errors.
enum Wire {
    static let unreadable = CRUDError.network(reason: "the server sent a reply this client cannot read")

    static func text(_ id: UUID) -> String { id.uuidString.lowercased() }

    static func json(_ object: Any) -> String {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// Percent-encodes everything but unreserved characters, so `+`, `&` and `=` in a
    /// search term arrive as themselves.
    static func percentEncoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    static func created(_ reply: Any) throws(CRUDError) -> (id: UUID, date: Date) {
        guard let object = reply as? [String: Any], let id = (object["objectId"] as? String).flatMap(UUID.init(uuidString:)),
            let date = (object["createdAt"] as? String).flatMap(Timestamp.parseISO8601)
        else { throw unreadable }
        return (id, date)
    }

    static func results(_ reply: Any) throws(CRUDError) -> [[String: Any]] {
        guard let results = (reply as? [String: Any])?["results"] as? [[String: Any]] else { throw unreadable }
        return results
    }

    static func task(_ reply: Any) throws(CRUDError) -> TaskItem {
        guard let object = reply as? [String: Any], let id = (object["objectId"] as? String).flatMap(UUID.init(uuidString:)),
            let title = object["title"] as? String, let isCompleted = object["isCompleted"] as? Bool,
            let createdAt = (object["createdAt"] as? String).flatMap(Timestamp.parseISO8601),
            let updatedAt = (object["updatedAt"] as? String).flatMap(Timestamp.parseISO8601)
        else { throw unreadable }
        return TaskItem(
            id: id, title: title, notes: object["notes"] as? String, isCompleted: isCompleted, createdAt: createdAt, updatedAt: updatedAt)
    }

    static func contact(_ reply: Any) throws(CRUDError) -> Contact {
        guard let object = reply as? [String: Any], let id = (object["objectId"] as? String).flatMap(UUID.init(uuidString:)),
            let name = object["name"] as? String, let email = object["email"] as? String,
            let createdAt = (object["createdAt"] as? String).flatMap(Timestamp.parseISO8601),
            let updatedAt = (object["updatedAt"] as? String).flatMap(Timestamp.parseISO8601)
        else { throw unreadable }
        return Contact(id: id, name: name, email: email, phone: object["phone"] as? String, createdAt: createdAt, updatedAt: updatedAt)
    }

    /// The kit's error for an error answer: Parse's code, plus the mock server's details.
    static func error(status: Int, body: [String: Any], missing id: UUID?) -> CRUDError {
        let object = body
        let code = object["code"] as? Int
        switch (status, code) {
        case (403, _), (401, _): return .unauthorized
        case (404, 101?): return id.map { .notFound(id: $0) } ?? .server(status: status)
        case (400, 137?): return .duplicate(field: (object["field"] as? String).flatMap(Field.init(rawValue:)) ?? .email)
        case (400, 102?): return .invalidQuery(reason: object["error"] as? String ?? "the server refused the query")
        case (400, 142?):
            guard let field = (object["field"] as? String).flatMap(Field.init(rawValue:)),
                let reason = validationReason(object["reason"] as? String, max: object["max"] as? Int)
            else { return .server(status: status) }
            return .validation(ValidationFailure(field: field, reason: reason, position: object["position"] as? Int))
        default: return .server(status: status)
        }
    }

    private static func validationReason(_ code: String?, max: Int?) -> ValidationReason? {
        switch code {
        case "empty": .empty
        case "tooLong": max.map { .tooLong(max: $0) }
        case "invalidCharacters": .invalidCharacters
        case "invalidEmail": .invalidEmail
        case "invalidPhone": .invalidPhone
        default: nil
        }
    }

    static func describe(_ error: URLError) -> String {
        switch error.code {
        case .timedOut: "the request timed out"
        case .cannotConnectToHost, .cannotFindHost: "nothing answers at that address"
        case .networkConnectionLost: "the connection was lost"
        default: "the connection failed"
        }
    }
}
