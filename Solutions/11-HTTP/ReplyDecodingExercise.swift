import ExerciseAPI
import Foundation

public struct ReplyDecodingExercise: ReplyDecoding {
    public init() {}

    public func error(status: Int, body: [String: Any], requestedID: UUID?) throws -> CRUDError {
        switch (status, body["code"] as? Int) {
        case (403, _): return .unauthorized
        case (404, 101?): return requestedID.map { .notFound(id: $0) } ?? .server(status: status)
        case (_, 137?): return .duplicate(field: .email)
        case (_, 102?): return .invalidQuery(reason: body["error"] as? String ?? "invalid query")
        case (_, 142?):
            guard let field = (body["field"] as? String).flatMap(Field.init(rawValue:)) else { return .server(status: status) }
            let reason: ValidationReason? =
                switch body["reason"] as? String {
                case "empty": .empty
                case "tooLong": (body["max"] as? Int).map { .tooLong(max: $0) }
                case "invalidCharacters": .invalidCharacters
                case "invalidEmail": .invalidEmail
                case "invalidPhone": .invalidPhone
                default: nil
                }
            guard let reason else { return .server(status: status) }
            return .validation(ValidationFailure(field: field, reason: reason, position: body["position"] as? Int))
        default: return .server(status: status)
        }
    }

    public func task(from object: [String: Any]) throws -> TaskItem {
        guard let id = (object["objectId"] as? String).flatMap(UUID.init(uuidString:)), let title = object["title"] as? String,
            let isCompleted = object["isCompleted"] as? Bool,
            let createdAt = (object["createdAt"] as? String).flatMap(Timestamp.parseISO8601),
            let updatedAt = (object["updatedAt"] as? String).flatMap(Timestamp.parseISO8601)
        else { throw CRUDError.network(reason: "the server sent a task this client cannot read") }
        return TaskItem(
            id: id, title: title, notes: object["notes"] as? String, isCompleted: isCompleted, createdAt: createdAt, updatedAt: updatedAt)
    }
}
