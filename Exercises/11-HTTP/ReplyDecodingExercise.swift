// Exercise 11: Read the server's answers. Lesson: Course/Lessons/11-RemoteAPI.md
// Check it: swift run crudkit exercises check 11
// Types: Sources/CRUDModels/ReplyDecoding.swift (ReplyDecoding), with Clock.swift (Timestamp) and CRUDError.swift beside it
//
// The kit's HTTP client sends the requests; you turn the answers of the mock server
// (swift run crudkit serve) back into the kit's values and errors.
import ExerciseAPI
import Foundation

public struct ReplyDecodingExercise: ReplyDecoding {
    public init() {}

    /// TODO: the CRUDError for an error answer. Look at `body["code"]` (Parse's code):
    /// 101 with status 404 → notFound(id: requestedID); 137 → duplicate(field: .email);
    /// 142 → validation, rebuilt from body["field"], body["reason"], body["max"] and
    /// body["position"]; 102 → invalidQuery; 403 → unauthorized; anything else → server(status:).
    public func error(status: Int, body: [String: Any], requestedID: UUID?) throws -> CRUDError {
        throw CRUDError.notImplemented(operation: "Exercise 11: error(status:body:)")
    }

    /// TODO: a TaskItem from a Parse object: "objectId", "title", optional "notes",
    /// "isCompleted", and "createdAt"/"updatedAt" as ISO 8601 text (Timestamp.parseISO8601).
    /// Throw CRUDError.network(reason:) when a field is missing or has the wrong type.
    public func task(from object: [String: Any]) throws -> TaskItem {
        throw CRUDError.notImplemented(operation: "Exercise 11: task(from:)")
    }
}
